"""The shipped samples are canonical: ``referee fmt --check`` rewrites none of them, except
those kept as written because they exist to show another spelling (listed here, each with the
spelling it shows, which is all that fmt would change in it)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from referee.cli.app import app

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
KEPT_AS_WRITTEN = {
    "twenty-eight/edge-28-42-seventh-card.ttn": "trump seventh",
    "twenty-eight/rule-28-seventh-card.ttn": "trump seventh",
}
"""Samples that show a spelling fmt does not write (``trump seventh`` for the seventh card,
which fmt writes as the card laid: ``trump TD``)."""
runner = CliRunner()


def test_fmt_check_passes_every_sample_but_the_kept_ones() -> None:
    paths = [str(path) for path in sorted(SAMPLES.rglob("*.ttn"))
             if path.relative_to(SAMPLES).as_posix() not in KEPT_AS_WRITTEN]
    assert len(paths) > 200
    result = runner.invoke(app, ["fmt", "--check", *paths])
    assert result.exit_code == 0, result.output + (result.stderr or "")


def test_the_kept_samples_differ_from_fmt_only_in_the_spelling_they_show() -> None:
    for name, spelling in KEPT_AS_WRITTEN.items():
        path = SAMPLES / name
        result = runner.invoke(app, ["fmt", str(path)])
        assert result.exit_code == 0, result.output
        written = path.read_text(encoding="utf-8").splitlines()
        canonical = result.stdout.splitlines()
        assert len(written) == len(canonical), name
        differing = [(mine, theirs) for mine, theirs in zip(written, canonical, strict=True)
                     if mine != theirs]
        assert differing, f"{name} is canonical now: take it off the list"
        for mine, theirs in differing:
            assert spelling in mine and spelling not in theirs, (name, mine, theirs)
