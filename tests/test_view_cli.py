"""``referee view``: where the pages go, exit codes, and bad input without a traceback."""

from __future__ import annotations

import os
import re
from pathlib import Path

from typer.testing import CliRunner

from referee.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "twenty-five" / "match-3-players.ttn"
REVOKE = ROOT / "samples" / "twenty-eight" / "edge-28-19-revoke.ttn"

runner = CliRunner()


def test_one_file_gives_one_page(tmp_path: Path) -> None:
    target = tmp_path / "out.html"
    result = runner.invoke(app, ["view", str(SAMPLE), "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert f"wrote 1 page: {target}" in result.output
    page = target.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "Twenty-Five" in page
    assert oct(target.stat().st_mode & 0o444) == oct(0o444 & ~_umask())


def test_default_name_is_the_record_name_here(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["view", str(REVOKE)])
    assert result.exit_code == 1  # the record has findings; the page is still written
    assert (tmp_path / "edge-28-19-revoke.html").is_file()


def test_folder_gives_pages_and_index(tmp_path: Path) -> None:
    records = tmp_path / "records"
    (records / "a").mkdir(parents=True)
    (records / "a" / "one.ttn").write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    (records / "two.ttn").write_text('[Game "28"]\ndeal 1 dealer E\nN: KS QQ\n',
                                     encoding="utf-8")
    result = runner.invoke(app, ["view", str(records), "-o", str(tmp_path / "site")])
    assert result.exit_code == 2  # two.ttn cannot be read: said on stderr, page says why
    assert re.search(r"two\.ttn:3:\d+: error", result.output)
    assert "Traceback" not in result.output
    site = tmp_path / "site"
    assert sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html")) == [
        "a/one.html", "index.html", "two.html"]
    assert 'href="../index.html"' in (site / "a" / "one.html").read_text(encoding="utf-8")
    assert "cannot be read" in (site / "two.html").read_text(encoding="utf-8")


def test_missing_file_and_empty_folder(tmp_path: Path) -> None:
    result = runner.invoke(app, ["view", str(tmp_path / "nope.ttn"), "-o",
                                 str(tmp_path / "x.html")])
    assert result.exit_code == 2 and "no such file" in result.output
    assert not (tmp_path / "x.html").exists()
    (tmp_path / "empty").mkdir()
    result = runner.invoke(app, ["view", str(tmp_path / "empty")])
    assert result.exit_code == 2 and "no .ttn files" in result.output
    result = runner.invoke(app, ["view", "-"])
    assert result.exit_code == 2 and "standard input" in result.output


def test_unwritable_output_is_a_located_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    result = runner.invoke(app, ["view", str(SAMPLE), "-o", str(blocker / "page.html")])
    assert result.exit_code == 2
    assert "Traceback" not in result.output and "not written" in result.output


def test_readme_shows_the_viewer() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (image,) = re.findall(r"!\[[^\]]*\]\((docs/[^)]+\.png)\)", readme)
    assert (ROOT / image).stat().st_size < 150_000
    assert "`referee view" in readme and readme.count("```bash") == 2


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_documented_keys_are_the_page_keys() -> None:
    from referee.view.page import asset

    docs = (ROOT / "docs" / "viewing.md").read_text(encoding="utf-8")
    script = asset("view.js")
    keys = {"Right arrow": "ArrowRight", "Left arrow": "ArrowLeft", "Home": "Home",
            "End": "End", "Page Down": "PageDown", "Page Up": "PageUp", "F": "f",
            "Space": '" "', "R": "r", "?": '"?"'}
    for word, key in keys.items():
        assert f"| {word} |" in docs
        assert re.search(rf"(\b|^|\s){re.escape(key)}: \"\w+\"", script, re.M), key
    # the page's own list of keys (?) names them all too
    from referee.view.page import KEYS
    assert {key for key, _ in KEYS} == {"→", "←", "Home", "End", "Page Down", "Page Up",
                                         "F", "Space", "R", "?"}


def test_pages_made_from_absolute_paths_name_only_the_files(tmp_path: Path) -> None:
    records = tmp_path / "club" / "records"
    records.mkdir(parents=True)
    (records / "night.ttn").write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    target = tmp_path / "one.html"
    result = runner.invoke(app, ["view", str(records / "night.ttn"), "-o", str(target)])
    assert result.exit_code == 0, result.output
    page = target.read_text(encoding="utf-8")
    assert str(tmp_path) not in page and "<title>night.ttn - referee</title>" in page
    result = runner.invoke(app, ["view", str(records), "-o", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    for written in (tmp_path / "site").rglob("*.html"):
        assert str(tmp_path) not in written.read_text(encoding="utf-8"), written
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "<title>Records in records</title>" in index


def test_pages_with_a_seat_at_the_bottom(tmp_path: Path) -> None:
    from referee.view.site import write_pages

    run = write_pages([str(SAMPLE)], str(tmp_path / "p.html"), bottom="P2")
    assert '"bottom":"P2"' in run.pages[0].read_text(encoding="utf-8")
    run = write_pages([str(SAMPLE)], str(tmp_path / "q.html"), bottom="N")  # no such seat
    assert '"bottom":null' in run.pages[0].read_text(encoding="utf-8")
