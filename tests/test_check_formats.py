"""``referee check --format text|json|github|junit``: golden outputs, every registered game
through every reporter, path order, the summary line, colour and the progress bar.

The golden files in tests/golden/ are the exact output of ``referee check`` on
tests/golden/records/ (run from tests/golden, the clock stopped at 0). After a deliberate
change of a reporter, rewrite them with ``REFEREE_UPDATE_GOLDEN=1 pytest
tests/test_check_formats.py`` and review the diff.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

import referee.pipeline.progress
from referee.cli.app import OutputFormat, run_check
from referee.games import games
from referee.notation.resources import load_schema
from referee.notation.writer import dumps
from referee.pipeline.checking import check_text
from referee.pipeline.progress import Progress
from referee.replay.simulate import break_one_action, simulate_records

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = bool(os.environ.get("REFEREE_UPDATE_GOLDEN"))
SUFFIX = {OutputFormat.text: "txt", OutputFormat.json: "json", OutputFormat.github: "github.txt",
          OutputFormat.junit: "junit.xml", OutputFormat.sarif: "sarif"}
# ::error file=F,line=L,col=C,title=T::MESSAGE (line and col only where the finding has a place)
COMMAND = re.compile(r"::(error|notice) file=([^,:]+)(?:,line=(\d+)(?:,col=(\d+))?)?,"
                     r"title=([^,:]+)::(.+)\Z")


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    return Draft202012Validator(load_schema("report.schema.json"))


def stopped_clock() -> float:
    return 0.0


def run(capsys, paths: list[str], fmt: OutputFormat, expect: bool = False):
    code = run_check(paths, fmt, expect, clock=stopped_clock)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("expect", [False, True], ids=["check", "expect"])
@pytest.mark.parametrize("fmt", list(OutputFormat), ids=[f.value for f in OutputFormat])
def test_golden_output(capsys, monkeypatch, fmt: OutputFormat, expect: bool):
    monkeypatch.chdir(GOLDEN)
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    code, out, err = run(capsys, ["records"], fmt, expect)
    assert code == 2  # records/broken.ttn is unreadable
    golden = GOLDEN / f"{'expect' if expect else 'check'}.{SUFFIX[fmt]}"
    if UPDATE:
        golden.write_text(out, encoding="utf-8")
    assert out == golden.read_text(encoding="utf-8")
    # Every diagnostic is in the report, the unreadable file's located error too (once, in
    # its file's place); standard error has at most the summary that follows a document.
    shown = "records/broken.ttn:6:7: error [ttn.card]: '1OS' is not a card"
    assert "broken.ttn" not in err
    if fmt is OutputFormat.text:
        assert out.startswith(shown + " (ranks") and out.count(shown) == 1
        assert out.splitlines()[1:3] == ["  N: JS 1OS", "        ^"]
    elif fmt is OutputFormat.github:
        assert out.count("file=records/broken.ttn") == 1
    else:
        assert "'1OS' is not a card" in out
    summary = ("4 files, 3 deals, 2 findings, 2 notes, 1 unreadable file"
               + (", 1 unmet expectation" if expect else "") + " (0.00 s)")
    where = out if fmt in (OutputFormat.text, OutputFormat.github) else err
    assert where.splitlines()[-1] == summary


def test_golden_json_validates(validator):
    for name in ("check.json", "expect.json"):
        data = json.loads((GOLDEN / name).read_text(encoding="utf-8"))
        assert not list(validator.iter_errors(data)), name
        assert [f["path"] for f in data["files"]] == [
            "records/broken.ttn", "records/legal.ttn", "records/revoke.ttn", "records/turn.ttn"]
    assert data["files"][3]["expectations"] == [
        'line 5: [Expect "score" "NS -2" "EW 0"] not met: the referee computed the match '
        'score NS -1 EW 0']


def test_golden_github_commands():
    lines = (GOLDEN / "check.github.txt").read_text(encoding="utf-8").splitlines()
    commands = [COMMAND.match(line) for line in lines[:-1]]
    assert all(commands), lines
    assert [(m[1], m[2], m[3], m[4], m[5]) for m in commands] == [
        ("error", "records/broken.ttn", "6", "7", "ttn.card"),
        ("notice", "records/revoke.ttn", "12", "1", "28.deal-order"),
        ("error", "records/revoke.ttn", "16", "14", "28.follow-suit"),
        ("error", "records/turn.ttn", "14", "10", "28.turn"),
        # the fatal play stops the deal's replay: said once, at that play
        ("notice", "records/turn.ttn", "14", "10", "record.not-checked"),
    ]
    # The legal alternatives stay in one command: the newline is escaped.
    assert commands[2][6].endswith("(deal 1, trick 2, seat E)%0Alegal here: E KH, E QH")
    expect = (GOLDEN / "expect.github.txt").read_text(encoding="utf-8").splitlines()
    assert COMMAND.match(expect[1]).groups()[:5] == ("error", "records/turn.ttn", "5", None,
                                             "unmet expectation")


def test_golden_junit_counts():
    root = ET.fromstring((GOLDEN / "check.junit.xml").read_text(encoding="utf-8"))
    assert (root.tag, root.get("tests"), root.get("failures"), root.get("errors")) == (
        "testsuites", "4", "2", "1")
    suites = {suite.get("name"): suite for suite in root.findall("testsuite")}
    assert list(suites) == ["records/broken.ttn", "records/legal.ttn", "records/revoke.ttn",
                            "records/turn.ttn"]
    [revoke] = suites["records/revoke.ttn"].findall("testcase")
    assert (revoke.get("name"), revoke.get("line"), revoke.find("failure").get("type")) == (
        "deal 1", "16", "28.follow-suit")  # at its error, not at its earlier note
    assert "note [28.deal-order]" in revoke.find("system-out").text
    assert suites["records/legal.ttn"].find("testcase/failure") is None
    expect = ET.fromstring((GOLDEN / "expect.junit.xml").read_text(encoding="utf-8"))
    failing = [case for case in expect.iter("testcase") if case.find("failure") is not None]
    assert [(case.get("classname"), case.get("name")) for case in failing] == [
        ("records/turn.ttn", "expectations")]


def test_escaping_in_github_and_junit(capsys, tmp_path, monkeypatch):
    """Commas, colons, percent signs and newlines in paths and messages are escaped; a
    control character that XML cannot hold is replaced."""
    monkeypatch.chdir(tmp_path)
    name = "a,b:100%.ttn"
    (tmp_path / name).write_text('[Game "28"]\n\ndeal 1 dealer S\nN: JS \x01S\n',
                                 encoding="utf-8")
    _, out, _ = run(capsys, [name], OutputFormat.github)
    assert out.startswith("::error file=a%2Cb%3A100%25.ttn,line=4,")
    _, out, _ = run(capsys, [name], OutputFormat.junit)
    root = ET.fromstring(out)
    assert root.find("testsuite").get("name") == name
    assert "\x01" not in out


# -- every game, every reporter ---------------------------------------------------------------


GAMES = [pytest.param(cls.name, id=cls.name) for cls in games()]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_through_every_reporter(game, capsys, tmp_path, monkeypatch, validator):
    """A simulated record of each registered game, one action per deal replaced by an illegal
    one: every reporter shows every finding, at its line, under its rule id."""
    records = simulate_records(game, 3, 7)
    breaks = break_one_action(records, random.Random(7))
    assert breaks, f"{game}: nothing could be broken"
    text = dumps(records)
    monkeypatch.chdir(tmp_path)
    Path("broken.ttn").write_text(text, encoding="utf-8")
    report = check_text(text, "broken.ttn")
    findings = [f for m in report.matches for f in m.all_findings()]
    errors = [f for f in findings if f.severity == "error"]
    # The first deal's break is found under its rule; a broken deal may change what later
    # deals may be (the dealer, penalties), so later breaks are judged by the random-play
    # tests, which replay each after the original deals before it.
    assert errors and breaks[0].rule in {f.rule for f in errors if f.deal == 1}

    code, out, _ = run(capsys, ["broken.ttn"], OutputFormat.text)
    assert code == 1
    for f in errors:
        assert f"broken.ttn:{f.span.line}:{f.span.column}: error [{f.rule}]: " in out

    code, out, _ = run(capsys, ["broken.ttn"], OutputFormat.json)
    data = json.loads(out)
    assert code == 1 and not list(validator.iter_errors(data))
    assert data["summary"]["findings"] == len(errors)

    code, out, _ = run(capsys, ["broken.ttn"], OutputFormat.github)
    commands = [COMMAND.match(line) for line in out.splitlines()[:-1]]
    assert all(commands)
    assert sorted((m[5], int(m[3])) for m in commands if m[1] == "error") == sorted(
        (f.rule, f.span.line) for f in errors)

    code, out, _ = run(capsys, ["broken.ttn"], OutputFormat.junit)
    root = ET.fromstring(out)
    deals = sum(len(m.deals) for m in report.matches)
    cases = root.findall("testsuite/testcase")
    assert len([c for c in cases if c.get("name").split(", ")[-1].startswith("deal ")]) == deals
    failed = {f.deal for f in errors if f.deal is not None}
    assert int(root.get("failures")) >= len(failed) > 0
    shown = "".join(c.find("failure").text for c in cases if c.find("failure") is not None)
    for f in errors:
        assert f"error [{f.rule}]" in shown


# -- order, summary, colour, progress -------------------------------------------------------


def test_files_come_in_path_order_whatever_the_order_given(capsys, monkeypatch):
    monkeypatch.chdir(GOLDEN)
    given = ["records/turn.ttn", "records/legal.ttn", "records/revoke.ttn", "records/turn.ttn"]
    _, out, _ = run(capsys, given, OutputFormat.text)
    files = [line.split(":")[0] for line in out.splitlines() if line.startswith("records/")]
    assert files == sorted(files) and len(set(files)) == 3


def test_summary_line_times_the_run(capsys, monkeypatch):
    monkeypatch.chdir(GOLDEN)
    ticks = iter(range(100))
    run_check(["records/legal.ttn"], OutputFormat.text, False,
              clock=lambda: 1.25 * next(ticks))
    out = capsys.readouterr().out
    # started at tick 0; the file took ticks 1-2; the total is read at tick 3.
    assert out.splitlines()[-1] == "1 file, 1 deal, 0 findings, 0 notes (3.75 s)"


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_only_on_a_terminal_and_never_with_no_color(monkeypatch):
    monkeypatch.chdir(GOLDEN)
    monkeypatch.delenv("NO_COLOR", raising=False)
    for tty, no_color, coloured in ((True, None, True), (True, "1", False), (False, None, False)):
        stdout = FakeTTY() if tty else io.StringIO()
        monkeypatch.setattr("sys.stdout", stdout)
        if no_color:
            monkeypatch.setenv("NO_COLOR", no_color)
        run_check(["records/turn.ttn"], OutputFormat.text, False, clock=stopped_clock)
        assert ("\x1b[" in stdout.getvalue()) is coloured
        monkeypatch.delenv("NO_COLOR", raising=False)
    stdout = FakeTTY()
    monkeypatch.setattr("sys.stdout", stdout)
    for fmt in (OutputFormat.json, OutputFormat.github, OutputFormat.junit):
        run_check(["records/turn.ttn"], fmt, False, clock=stopped_clock)
    assert "\x1b[" not in stdout.getvalue()


def test_progress_bar_waits_then_draws_and_clears():
    now = [0.0]
    stream = io.StringIO()
    bar = Progress(stream, total=4, clock=lambda: now[0])
    bar.file_done()
    assert stream.getvalue() == ""  # a short run stays quiet
    now[0] = 1.0
    for _ in range(64):
        bar.deal()
    assert stream.getvalue() == "\r[######------------------]  1/4 files  64 deals  0:01"
    now[0] = 1.05
    bar.file_done()  # too soon to redraw
    assert stream.getvalue().count("\r[") == 1
    now[0] = 75.0
    bar.file_done()
    assert stream.getvalue().endswith("\r[##################------]  3/4 files  64 deals  1:15")
    width = len("[##################------]  3/4 files  64 deals  1:15")
    bar.clear()
    assert stream.getvalue().endswith("\r" + " " * width + "\r")


def test_progress_bar_on_a_terminal_only(capsys, monkeypatch):
    monkeypatch.chdir(GOLDEN)
    monkeypatch.setattr(referee.pipeline.progress, "DELAY", 0.0)
    monkeypatch.setattr(referee.pipeline.progress, "INTERVAL", 0.0)
    run_check(["records"], OutputFormat.text, False)
    assert "\r[" not in capsys.readouterr().err
    stderr = FakeTTY()
    monkeypatch.setattr("sys.stderr", stderr)
    run_check(["records"], OutputFormat.json, False)
    drawn = stderr.getvalue()
    assert "\r[######------------------]  1/4 files  0 deals" in drawn
    assert "4/4 files  3 deals" in drawn
    # Erased before anything else is written, and at the end (before the summary line).
    tail = drawn[drawn.rindex("\r["):]
    assert re.search(r"\r {40,}\r(\x1b\[[0-9;]*m)*4 files, 3 deals", tail), tail
    assert json.loads(capsys.readouterr().out)["summary"]["files"] == 4


def test_github_paths_are_relative_to_the_workspace(capsys, tmp_path, monkeypatch):
    """GitHub matches an annotation to a file by its path from the repository root."""
    (tmp_path / "records").mkdir()
    record = (GOLDEN / "records" / "turn.ttn").read_text(encoding="utf-8")
    (tmp_path / "records" / "turn.ttn").write_text(record, encoding="utf-8")
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path))
    monkeypatch.chdir(tmp_path / "records")
    _, out, _ = run(capsys, [str(tmp_path / "records")], OutputFormat.github)
    assert out.startswith("::error file=records/turn.ttn,line=14,col=10,title=28.turn::")
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path / "elsewhere"))
    _, out, _ = run(capsys, [str(tmp_path / "records")], OutputFormat.github)
    shown = f"{tmp_path}/records/turn.ttn".replace(":", "%3A")  # outside: kept as given
    assert out.startswith(f"::error file={shown},line=14,")
