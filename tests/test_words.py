"""The words of the reports, through the command line: a match that is not over and a deal in
progress are told apart, a deal not scored is said so once, a contract the misplay penalty
counts as made says so, and annotate's tallies read as sentences."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests/golden/records"
LEGAL = (GOLDEN / "legal.ttn").read_text(encoding="utf-8")
"""One finished deal of a match that goes on (the score is NS 0 EW -1)."""
REVOKE = (GOLDEN / "revoke.ttn").read_text(encoding="utf-8")
"""E revokes: the misplay penalty counts N-S's contract (16) as made on 3 card points."""

runner = CliRunner()


def stopped(text: str, before: str) -> str:
    """``text`` up to the line that starts with ``before`` (a deal stopped midway)."""
    lines = text.splitlines(keepends=True)
    return "".join(lines[:next(i for i, line in enumerate(lines) if line.startswith(before))])


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_finished_deal_of_a_match_not_over_is_not_in_progress(folder):
    (folder / "legal.ttn").write_text(LEGAL, encoding="utf-8")
    result = runner.invoke(app, ["check", "legal.ttn"])
    assert "1 deal: match not over: NS 0 EW -1" in result.stdout
    assert "in progress" not in result.stdout


def test_a_deal_the_record_stops_in_is_in_progress(folder):
    (folder / "part.ttn").write_text(stopped(LEGAL, "3."), encoding="utf-8")
    result = runner.invoke(app, ["check", "--partial", "part.ttn"])
    assert result.exit_code == 0, result.output
    assert "1 deal: deal 1 in progress; match not over: NS 0 EW 0" in result.stdout


def test_score_says_not_scored_once(folder):
    (folder / "part.ttn").write_text(stopped(LEGAL, "3."), encoding="utf-8")
    result = runner.invoke(app, ["score", "part.ttn"])
    row = next(line for line in result.stdout.splitlines() if line.lstrip().startswith("1 "))
    assert row.count("not scored") == 1 and "disputed" not in row
    assert row.endswith("not scored: the deal is incomplete; 1 finding")


def test_the_made_column_says_when_the_penalty_made_the_contract(folder):
    (folder / "revoke.ttn").write_text(REVOKE, encoding="utf-8")
    result = runner.invoke(app, ["score", "revoke.ttn"])
    row = next(line for line in result.stdout.splitlines() if line.lstrip().startswith("1 "))
    assert row.split()[:9] == ["1", "S", "N", "16", "16", "3", "25", "yes", "(penalty)"]
    (folder / "legal.ttn").write_text(LEGAL, encoding="utf-8")
    result = runner.invoke(app, ["score", "legal.ttn"])
    assert "(penalty)" not in result.stdout  # failed on the cards: a plain "no"
    assert " no " in result.stdout


def test_annotate_tallies_read_as_sentences(folder):
    (folder / "revoke.ttn").write_text(REVOKE, encoding="utf-8")
    result = runner.invoke(app, ["annotate", "revoke.ttn"])
    assert result.exit_code == 1
    out = result.stdout
    assert "1. E TS  N KS  W 9S  S QS {= trick 1: W wins, 3 points; NS 0 EW 3}" in out
    lines = out.splitlines()
    summary = lines.index("{= deal 1: misplay by E (E-W): N-S's contract counts as made}")
    assert lines[summary + 1] == "{= points NS 3 EW 25; game points NS +1 EW +0; score NS 1 EW 0}"
    assert lines[summary + 2] == "{= match not over: NS 1 EW 0}"
    # no summary of 180 to 240 characters at the end of the last trick's line
    assert lines[summary - 2].endswith("N AH {= trick 8: W wins, 5 points; NS 3 EW 25}")
    assert lines[summary - 1] == "result NS 3 EW 25"
    assert max(len(line) for line in lines if line.startswith("{=")) <= 100
