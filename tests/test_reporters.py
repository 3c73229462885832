"""The text and JSON reporters, the report schema, and the score sheet."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from referee.games.twenty_eight.contract import Contract
from referee.model.errors import NotationSyntaxError, RefereeError
from referee.model.record import Span
from referee.report.json import render_json
from referee.report.model import DealReport, FileReport, Finding, MatchReport, Totals
from referee.report.scoresheet import render_scoresheet
from referee.report.text import render_error, render_summary, render_text, use_color
from referee.rules.base import DealResult

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schemas" / "report.schema.json"


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def result(ns: int, gp: int, score: int, **contract) -> DealResult:
    return DealResult(points={"NS": ns, "EW": 28 - ns}, game_points={"NS": gp, "EW": 0},
                      score={"NS": score, "EW": 0}, contract=Contract(**contract),
                      outcome="N-S made" if gp > 0 else "N-S lost")


def sample_reports() -> list[FileReport]:
    follow = Finding("28.follow-suit", "W holds AH and must follow hearts", deal=2, trick=3,
                     seat="W", span=Span(20, 7, 20, 9), alternatives=["W AH", "W 9H"])
    turn = Finding("28.turn", "it is N's turn", deal=1, trick=None, seat="E",
                   span=Span(8, 1, 8, 5))
    note = Finding("28.deal-order", "hands without rounds: the trump card was not checked",
                   deal=1, severity="note", span=Span(5, 1, 5, 16))
    match = MatchReport(
        "twenty-eight", "standard", {"min_bid": 14, "no_undertrump": True,
                                     "direction": "ccw"}, line=1,
        deals=[
            DealReport(1, "S", [note, turn], result(17, 1, 1, bidder="N", bid=16, target=16,
                                                      made=True)),
            DealReport(2, "W", [follow], result(9, -1, 0, bidder="E", bid=18, target=18,
                                                made=False)),
            DealReport(3, None, [], None, unchecked="not checked after line 30: x"),
        ],
        result="N-S lead 0 to 0", finished=False, score={"NS": 0, "EW": 0})
    good = FileReport("a.ttn", [match], expectations=["line 3: [Expect \"valid\"] not met: x"])
    bad = FileReport("b.ttn")
    bad.set_error(NotationSyntaxError("ttn.card", "'1OS' is not a card", file="b.ttn", line=4,
                                      column=6, source_line="3. E 1OS N call"))
    missing = FileReport("c.ttn", failure=RefereeError("file.not-found",
                                                       "no such file or directory"))
    return [good, bad, missing]


def test_schema_is_a_valid_draft_2020_12_schema():
    Draft202012Validator.check_schema(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def test_json_report_validates(validator):
    data = render_json(sample_reports())
    errors = sorted(validator.iter_errors(data), key=lambda e: e.json_path)
    assert not errors, [f"{e.json_path}: {e.message}" for e in errors]
    assert data["version"] == 1
    assert data["summary"] == {"files": 3, "deals": 3, "findings": 2, "notes": 1, "errors": 2,
                               "expectations": 1}
    assert data["files"][1]["error"] == {"code": "ttn.card", "message": "'1OS' is not a card",
                                         "line": 4, "column": 6}
    # The extra fields that show the caret do not leak into the JSON.
    assert "error_source" not in json.dumps(data)


def test_schema_rejects_drift(validator):
    data = render_json(sample_reports())
    data["files"][0]["matches"][0]["deals"][0]["findings"][0]["severity"] = "warning"
    assert not validator.is_valid(data)
    data = render_json(sample_reports())
    data["summary"]["surprise"] = 1
    assert not validator.is_valid(data)


def test_empty_report_validates(validator):
    data = render_json([])
    assert validator.is_valid(data)
    assert data["summary"]["files"] == 0


def test_text_lines():
    text = render_text(sample_reports(), color=False)
    lines = text.splitlines()
    assert lines[0] == ("a.ttn:5:1: note [28.deal-order]: hands without rounds: the trump card "
                        "was not checked (deal 1)")
    assert lines[1] == "a.ttn:8:1: error [28.turn]: it is N's turn (deal 1, seat E)"
    assert lines[2] == ("a.ttn:20:7: error [28.follow-suit]: W holds AH and must follow hearts "
                        "(deal 2, trick 3, seat W)")
    assert lines[3] == "  legal here: W AH, W 9H"
    assert lines[4] == "a.ttn:1: twenty-eight (standard), 3 deals: N-S lead 0 to 0"
    assert lines[5:8] == ["b.ttn:4:6: error [ttn.card]: '1OS' is not a card",
                          "  3. E 1OS N call", "       ^"]
    assert lines[8] == "c.ttn: error [file.not-found]: no such file or directory"
    assert lines[-1] == "3 files, 3 deals, 2 findings, 1 note, 2 unreadable files"
    assert "\x1b[" not in text


def test_text_under_expect_lists_unmet_expectations_only():
    text = render_text(sample_reports()[:1], color=False, expect=True)
    assert text.splitlines() == [
        'a.ttn:3: unmet [Expect "valid"] not met: x',
        "1 file, 3 deals, 2 findings, 1 note, 1 unmet expectation",
    ]
    met = FileReport("a.ttn")
    assert render_text([met], expect=True).splitlines()[-1].endswith("all expectations met")


def test_colour():
    text = render_text(sample_reports(), color=True)
    assert "\x1b[31m" in text or "\x1b[1m\x1b[31m" in text or "\x1b[" in text
    assert "error" in render_error(sample_reports()[1], color=True)
    assert render_summary(Totals(files=1), color=True).startswith("\x1b[")


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_use_color(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_color(FakeTTY()) is True
    assert use_color(io.StringIO()) is False
    assert use_color(None) is False
    monkeypatch.setenv("NO_COLOR", "1")
    assert use_color(FakeTTY()) is False


def test_exit_codes_from_totals():
    assert Totals().exit_code() == 0
    assert Totals(findings=1).exit_code() == 1
    assert Totals(findings=1).exit_code(expect=True) == 0
    assert Totals(unmet=1).exit_code(expect=True) == 1
    assert Totals(findings=1, errors=1).exit_code() == 2


def test_scoresheet():
    [good, *_] = sample_reports()
    sheet = render_scoresheet(good.matches, good.path)
    lines = sheet.splitlines()
    assert lines[0] == "twenty-eight (standard), a.ttn:1"
    assert lines[1].split() == ["points", "game", "points", "score"]
    assert lines[2].split() == ["deal", "dealer", "bidder", "bid", "target", "NS", "EW", "made",
                                "NS", "EW", "NS", "EW", "outcome"]
    assert lines[3].split()[:12] == ["1", "S", "N", "16", "16", "17", "11", "yes", "+1", "0",
                                     "1", "0"]
    assert lines[3].endswith("N-S made; 1 finding")
    assert lines[4].split()[:12] == ["2", "W", "E", "18", "18", "9", "19", "no", "-1", "0",
                                     "0", "0"]
    assert lines[5].split()[:12] == ["3", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-"]
    assert "not settled: not checked after line 30" in lines[5]
    assert lines[6] == "result: N-S lead 0 to 0"
    # Columns line up: every "points" column starts where its header does.
    assert lines[2].index("NS") == lines[1].index("points")


def test_scoresheet_without_contract_data():
    match = MatchReport("twenty-eight", "standard", {}, deals=[
        DealReport(1, "S", [], DealResult(points={"NS": 28, "EW": 0}))], result="x",
        finished=True)
    row = render_scoresheet([match]).splitlines()[3].split()
    assert row[:5] == ["1", "S", "-", "-", "-"]
    assert row[7] == "-"
