"""``referee check --jobs``: the same report, byte for byte and in the same order, as one
process, for simulated records of every game, files cut into parts, the samples, and files
whose later records are unreadable."""

from __future__ import annotations

from pathlib import Path

import pytest
from simulated_files import write_simulated

from referee.cli.app import OutputFormat, run_check
from referee.pipeline import parallel
from referee.replay.simulate import simulate

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _output(capsys: pytest.CaptureFixture[str], files: list[str], fmt: OutputFormat,
            expect: bool, jobs: int) -> tuple[int, str, str]:
    capsys.readouterr()
    code = run_check(files, fmt, expect, clock=lambda: 0.0, jobs=jobs)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture()
def small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cut files of a few hundred lines too, so that every file here is checked in parts."""
    monkeypatch.setattr(parallel, "PART_LINES", 40)


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """A file of simulated records for every game, and one of all of them in a row."""
    return write_simulated(tmp_path_factory.mktemp("simulated"), 12, 5)


def test_simulated_files_are_cut_into_parts(simulated: list[str], small_parts: None) -> None:
    parts = parallel.plan(simulated, 2)
    assert len(parts) > 2 * len(simulated)  # the test below really joins parts
    assert [p.path for p in parts] == sorted(p.path for p in parts)


@pytest.mark.parametrize("fmt", list(OutputFormat))
def test_jobs_two_gives_the_same_bytes(
    capsys: pytest.CaptureFixture[str], simulated: list[str], small_parts: None,
    fmt: OutputFormat,
) -> None:
    one = _output(capsys, simulated, fmt, False, 1)
    two = _output(capsys, simulated, fmt, False, 2)
    assert one[1]  # a report was written
    assert two == one


def test_samples_with_expect(capsys: pytest.CaptureFixture[str], small_parts: None) -> None:
    one = _output(capsys, [str(SAMPLES)], OutputFormat.text, True, 1)
    two = _output(capsys, [str(SAMPLES)], OutputFormat.text, True, 2)
    assert one[0] == 0
    assert two == one


@pytest.mark.parametrize("fmt", [OutputFormat.text, OutputFormat.json, OutputFormat.junit])
def test_a_broken_later_record_is_reported_as_without_jobs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, small_parts: None, fmt: OutputFormat,
) -> None:
    good = simulate("twenty-eight", 30, 3)
    broken = tmp_path / "broken.ttn"
    broken.write_text(good + '\n\n[Game "twenty-eight"]\ndeal 1 dealer N\nN: XX\n' + good + "\n",
                      encoding="utf-8")
    assert len(parallel.plan([str(broken)], 2)) > 2
    one = _output(capsys, [str(broken)], fmt, False, 1)
    two = _output(capsys, [str(broken)], fmt, False, 2)
    assert one[0] == 2
    assert two == one


@pytest.mark.parametrize("block", [7, 300, 1 << 24])
def test_fast_record_scan_is_the_line_by_line_one(simulated: list[str], block: int,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    """Blocks of any size, tags and deal lines indented with blanks, a deal word that is
    not a deal line; files with braces or carriage returns take the line-by-line scan."""
    monkeypatch.setattr(parallel, "_BLOCK", block)
    odd = tmp_path / "odd.ttn"
    odd.write_text('[Game "28"]\n  deal 1 dealer N\n\t[Game "28"]\ndeal-ish\n'
                   '\x0b[Game "28"]\ndeal 2\n \x0c[Game "28"]\n', encoding="utf-8")
    paths = [*simulated, str(odd), *map(str, sorted(SAMPLES.rglob("*.ttn")))]
    found = [parallel.record_starts(path) for path in paths]
    assert found == [parallel._record_starts_by_line(path) for path in paths]
    assert found[paths.index(str(odd))] == [(3, 30), (7, 72)]
    assert sum(map(len, found)) > 40


def test_record_starts_skip_brace_comments(tmp_path: Path) -> None:
    path = tmp_path / "comment.ttn"
    path.write_text('[Game "28"]\ndeal 1 dealer N\n{ a comment\n[Not "a tag"]\n}\n'
                    '[Game "28"]\n', encoding="utf-8")
    assert parallel.record_starts(str(path)) == [(6, len('[Game "28"]\ndeal 1 dealer N\n'
                                                         '{ a comment\n[Not "a tag"]\n}\n'))]


@pytest.mark.parametrize("text", ["0", "-1", "x", "١"])
def test_bad_jobs_value(text: str) -> None:
    import typer

    from referee.cli.app import parse_jobs

    with pytest.raises(typer.BadParameter):
        parse_jobs(text)
    assert parse_jobs("auto") >= 1
    assert parse_jobs("3") == 3


def test_command_line_options_reach_the_workers(simulated: list[str], small_parts: None,
                                                tmp_path: Path) -> None:
    """--ignore and --select apply in the workers as in one process (sarif: no timings)."""
    from typer.testing import CliRunner

    from referee.cli.app import app

    illegal = tmp_path / "illegal.ttn"
    illegal.write_text((SAMPLES / "twenty-eight" / "after-illegal-actions.ttn")
                       .read_text(encoding="utf-8"), encoding="utf-8")
    outputs = []
    for jobs in ("1", "2"):
        result = CliRunner().invoke(app, ["check", "--format", "sarif", "--ignore", "28.not-held",
                                          "--jobs", jobs, *simulated, str(illegal)])
        outputs.append((result.exit_code, result.stdout))
    assert outputs[0][0] == 1 and "28.bid-range" in outputs[0][1]
    assert "28.not-held" not in outputs[0][1]
    assert outputs[1] == outputs[0]


@pytest.mark.parametrize("fmt", [OutputFormat.text, OutputFormat.json, OutputFormat.github])
def test_unreadable_files_checked_whole_by_workers(
    capsys: pytest.CaptureFixture[str], simulated: list[str], tmp_path: Path,
    small_parts: None, fmt: OutputFormat,
) -> None:
    """A missing file and a small unreadable one, between files cut into parts."""
    small = tmp_path / "small.ttn"
    small.write_text('[Game "28"]\ndeal 1 dealer N\nN: 7S 7S\n', encoding="utf-8")
    files = [simulated[0], str(tmp_path / "missing.ttn"), str(small), *simulated[1:]]
    assert [p.whole for p in parallel.plan(files, 2)].count(True) >= 2
    one = _output(capsys, files, fmt, False, 1)
    two = _output(capsys, files, fmt, False, 2)
    assert one[0] == 2 and "missing.ttn" in one[1] + one[2]
    assert two == one
