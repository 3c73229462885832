"""What every report says about a partly seen record: whose view it is (the View tag), the
open values of a deal (sets of points, game points and scores, the possible outcomes, the
presumption), the notes of partial records, and the Expect tags that match them.

The deals' sets are built by hand here: the games fill them when they check unseen cards.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from referee.archive.table import DEAL_COLUMNS, csv_chunks, table_rows
from referee.cli.app import app
from referee.games.twenty_eight.contract import Contract
from referee.model.errors import RecordError
from referee.model.record import RecordHeader, Span, Tag
from referee.notation.resources import load_schema
from referee.pipeline.checking import check_text
from referee.pipeline.selection import Selection
from referee.replay.expect import compare, parse_expectation
from referee.replay.replay import MatchReplay
from referee.report.github import render_github
from referee.report.json import match_json, render_json
from referee.report.junit import render_junit
from referee.report.model import DealReport, FileReport, Finding, MatchReport, slim_match
from referee.report.sarif import render_sarif
from referee.report.scoresheet import render_match_sheet
from referee.report.text import render_match, render_text
from referee.report.values import PRESUMED, either, outcome_text, runs, value_text
from referee.rules.base import DealResult

ROOT = Path(__file__).resolve().parent.parent
LEGAL = (ROOT / "tests" / "golden" / "records" / "legal.ttn").read_text(encoding="utf-8")


def viewed(seat: str) -> str:
    """The golden legal record, written from ``seat``'s view (the hands are all still seen)."""
    return LEGAL.replace('[Game "twenty-eight"]\n', f'[Game "twenty-eight"]\n[View "{seat}"]\n')


def open_result() -> DealResult:
    """A deal whose points are open for both sides and whose outcome is not decided."""
    return DealResult(
        points={"NS": 14, "EW": 10}, game_points={"NS": 1, "EW": 0},
        score={"NS": 1, "EW": 0}, contract=Contract(bidder="N", bid=16, target=16),
        outcome="N-S made", point_sets={"NS": (14, 15, 16, 17, 18), "EW": (10, 11, 12, 13, 14)},
        game_point_sets={"NS": (-1, 1)}, score_sets={"NS": (-1, 1)},
        outcomes=("N-S made", "N-S failed"), presumed=True)


def open_match(view: str | None = "N", findings: list[Finding] | None = None) -> MatchReport:
    return MatchReport("twenty-eight", "standard", {}, line=1, deals=[
        DealReport(1, "S", findings or [], open_result())],
        result="match not over", score={"NS": 1, "EW": 0}, score_sets={"NS": (-1, 1)},
        view=view)


# -- runs --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("values", "text"), [
    ([14, 15, 16, 17, 18], "14-18"),
    ([29, 31, 32, 33, 39, 40], "29, 31-33, 39-40"),
    ([40, 29, 33, 31, 32, 39, 31], "29, 31-33, 39-40"),  # any order, repeats ignored
    ([7], "7"),
    ([3, 5], "3, 5"),
    ([-3, -2, -1], "-3 to -1"),
    ([-2, -1, 0, 1], "-2 to 1"),
    ([], ""),
])
def test_runs(values: list[int], text: str) -> None:
    assert runs(values) == text


def test_signed_runs_and_values() -> None:
    assert runs([-2, -1, 0, 1], signed=True) == "-2 to +1"
    assert runs([0, 2], signed=True) == "0, +2"
    assert runs([0, 1], signed=True) == "0 to +1"
    assert value_text("NS", {"NS": 3}, {}, signed=True) == "+3"
    assert value_text("NS", {"NS": 3}, {"NS": (1, 2, 3)}) == "1-3"  # the set wins
    assert value_text("EW", {"NS": 3}, {}) is None


def test_outcomes_in_words() -> None:
    assert either(["made", "failed"]) == "made or failed"
    assert either(["made", "failed", "annulled"]) == "made, failed or annulled"
    assert outcome_text(open_result()) == f"N-S made or N-S failed ({PRESUMED})"
    assert outcome_text(DealResult(outcome="N-S made 17 of 16")) == "N-S made 17 of 16"


# -- JSON --------------------------------------------------------------------------------------


def test_a_fully_seen_deal_has_no_new_keys() -> None:
    data = DealResult(points={"NS": 17, "EW": 11}).to_json()
    assert list(data) == ["points", "game_points", "score", "contract", "outcome", "disputed",
                          "scored"]
    assert data["points"] == {"NS": 17, "EW": 11}
    match = match_json(MatchReport("twenty-eight", "standard", {}))
    assert "view" not in match


def test_open_values_are_sorted_lists_in_the_json() -> None:
    data = open_result().to_json()
    assert data["points"] == {"NS": [14, 15, 16, 17, 18], "EW": [10, 11, 12, 13, 14]}
    assert data["game_points"] == {"NS": [-1, 1], "EW": 0}  # EW's is exact: a number
    assert data["outcomes"] == ["N-S made", "N-S failed"] and data["presumed"] is True
    match = match_json(open_match())
    assert match["view"] == "N" and match["score"] == {"NS": [-1, 1], "EW": 0}


@pytest.mark.parametrize("schema", ["report.schema.json", "score.schema.json"])
def test_the_schemas_take_open_values(schema: str) -> None:
    from referee.report.score_json import score_document

    validator = Draft202012Validator(load_schema(schema))
    report = FileReport("a.ttn", [open_match()])
    data = (render_json([report]) if schema == "report.schema.json"
            else score_document(report))
    data = json.loads(json.dumps(data, default=str))
    assert not list(validator.iter_errors(data))
    deal = (data["files"][0] if "files" in data else data)["matches"][0]["deals"][0]
    deal["result"]["points"]["NS"] = "14-18"  # a set is a list, never text
    assert list(validator.iter_errors(data))


# -- the score sheet -----------------------------------------------------------------------------


def test_the_score_sheet_shows_runs_and_the_possible_outcomes() -> None:
    sheet = render_match_sheet(open_match(), "a.ttn")
    row = sheet.splitlines()[3]
    assert "14-18" in row and "10-14" in row
    assert "-1, +1" in row  # game points, signed
    assert f"N-S made or N-S failed ({PRESUMED})" in row


# -- the view ----------------------------------------------------------------------------------


def test_the_view_tag_fills_the_report_and_every_format_says_it() -> None:
    report = check_text(viewed("N"), "a.ttn")
    [match] = report.matches
    assert match.view == "N"
    line = render_match("a.ttn", match)
    assert line.startswith("a.ttn:2: twenty-eight (standard), 1 deal: ")
    assert line.endswith(", as seen from N") and line in render_text([report])
    assert json.loads(json.dumps(render_json([report])))["files"][0]["matches"][0]["view"] == "N"
    root = ET.fromstring(render_junit([report]))
    properties = [(p.get("name"), p.get("value")) for p in root.iter("property")]
    assert properties and set(properties) == {("view", "N")}


def test_sarif_results_carry_the_view() -> None:
    note = Finding("record.unchecked", "W: 28.follow-suit could not be checked", deal=1,
                   seat="W", span=Span(9, 1, 9, 4), severity="note")
    log = render_sarif([FileReport("a.ttn", [open_match("E", [note])])])
    [result] = log["runs"][0]["results"]
    assert result["properties"] == {"view": "E"}
    unseen = render_sarif([FileReport("a.ttn", [open_match(None, [note])])])
    assert "properties" not in unseen["runs"][0]["results"][0]


def test_a_record_without_a_view_tag_reports_as_before() -> None:
    report = check_text(LEGAL, "a.ttn")
    assert report.matches[0].view is None
    assert "as seen from" not in render_text([report])
    assert "<properties" not in render_junit([report])
    assert '"view"' not in json.dumps(render_json([report]))


@pytest.mark.parametrize(("tag", "words"), [
    ('[View "X"]', "seat 'X', who is not at the table (seats: N E S W)"),
    ('[View "n"]', "did you mean 'N'?"),
    ('[View ""]', "names the one seat"),
    ('[View "N E"]', "names the one seat"),
])
def test_a_view_naming_no_seat_at_the_table_is_an_error_at_the_tag(tag: str, words: str) -> None:
    text = LEGAL.replace('[Game "twenty-eight"]\n', f'[Game "twenty-eight"]\n{tag}\n')
    report = check_text(text, "a.ttn")
    assert report.failure is not None and report.error_code == "record.seat"
    assert words in (report.error or "")
    assert (report.error_line, report.error_column) == (3, 1)


def test_the_command_line_says_the_view(tmp_path: Path) -> None:
    path = tmp_path / "n.ttn"
    path.write_text(viewed("S"), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output
    assert ", as seen from S" in result.stdout


# -- the match score's set ----------------------------------------------------------------------


def test_the_match_score_is_open_when_the_last_deal_leaves_it_open() -> None:
    header = RecordHeader([Tag("Game", ["twenty-eight"], Span(1, 1, 1, 20)),
                           Tag("View", ["W"], Span(2, 1, 2, 10))])
    replay = MatchReplay(header)
    replay.report.deals.append(DealReport(1, "S", [], open_result()))
    match = replay.finish()
    assert match.view == "W" and match.score_sets == {"NS": (-1, 1)} and match.presumed
    assert compare([parse_expectation(expect("score", "NS -1, 1", "EW 0"))], match) == []


def test_the_match_line_says_an_open_score() -> None:
    match = open_match("N")
    match.presumed = True
    line = render_match("a.ttn", match)
    assert line == (f"a.ttn:1: twenty-eight (standard), 1 deal: match not over; score "
                    f"NS -1, 1 EW 0 ({PRESUMED}), as seen from N")
    assert render_match("a.ttn", slim_match(match, True)) == line  # as a --jobs worker sends it
    data = match_json(match)
    assert data["presumed"] is True and data["score"] == {"NS": [-1, 1], "EW": 0}
    match.score_sets = {}
    match.presumed = False
    assert render_match("a.ttn", match).endswith("1 deal: match not over, as seen from N")


# -- notes of partial records -----------------------------------------------------------------


NOTES = [
    Finding("record.unchecked", "W: 28.follow-suit, 28.not-held could not be checked (cards "
            "not seen)", deal=1, seat="W", span=Span(9, 1, 9, 4), severity="note"),
    Finding("record.not-decided", "the unseen cards leave too many possibilities", deal=1,
            span=Span(6, 1, 6, 15), severity="note"),
]


@pytest.mark.parametrize("rule", ["record.unchecked", "record.not-decided",
                                  "record.inconsistent"])
def test_the_ids_of_partial_records_are_known(rule: str) -> None:
    from referee.catalogue.lookups import all_rules, known_rule

    assert known_rule(rule) and all_rules()[rule].summary
    page = (ROOT / "docs" / "rule-ids.md").read_text(encoding="utf-8")
    assert f"| `{rule}` |" in page


def test_notes_of_partial_records_have_a_level_in_every_format() -> None:
    report = FileReport("a.ttn", [open_match("N", list(NOTES))])
    text = render_text([report])
    assert "a.ttn:9:1: note [record.unchecked]: W: 28.follow-suit" in text
    assert "0 findings, 2 notes" in text
    sarif = render_sarif([report])["runs"][0]
    assert {r["ruleId"]: r["level"] for r in sarif["results"]} == {
        "record.unchecked": "note", "record.not-decided": "note"}
    assert {r["id"] for r in sarif["tool"]["driver"]["rules"]} == {
        "record.unchecked", "record.not-decided"}
    github = render_github(report)
    assert "::notice file=a.ttn,line=9,col=1,title=record.unchecked::" in github
    root = ET.fromstring(render_junit([report]))
    [case] = root.iter("testcase")
    assert case.find("failure") is None  # notes never fail a deal
    out = case.findtext("system-out") or ""
    assert "note [record.unchecked]" in out and "note [record.not-decided]" in out


def test_an_inconsistent_deal_is_an_error_in_every_format() -> None:
    wrong = Finding("record.inconsistent", "the 2 unseen hearts can only be with W, who has "
                    "1 card left", deal=1, span=Span(5, 1, 5, 15))
    report = FileReport("a.ttn", [open_match("N", [wrong])])
    assert "a.ttn:5:1: error [record.inconsistent]" in render_text([report])
    assert render_sarif([report])["runs"][0]["results"][0]["level"] == "error"
    assert render_github(report).startswith("::error file=a.ttn,line=5")
    [case] = ET.fromstring(render_junit([report])).iter("testcase")
    assert case.find("failure").get("type") == "record.inconsistent"  # type: ignore[union-attr]


@pytest.mark.parametrize(("select", "ignore", "kept"), [
    ((), ("record.unchecked",), ["record.not-decided"]),
    (("record.unchecked",), (), ["record.unchecked"]),
    ((), ("record",), []),
])
def test_select_and_ignore_apply_to_the_notes(select, ignore, kept) -> None:
    match = open_match("N", list(NOTES))
    Selection(select, ignore).adjust(match)
    assert [f.rule for f in match.all_findings()] == sorted(
        kept, key=lambda rule: rule != "record.not-decided")


def test_the_command_line_takes_the_ids(tmp_path: Path) -> None:
    path = tmp_path / "n.ttn"
    path.write_text(LEGAL, encoding="utf-8")
    for option in ("--ignore", "--select"):
        result = CliRunner().invoke(app, ["check", option, "record.unchecked,record.inconsistent",
                                          str(path)])
        assert result.exit_code == 0, result.output
    result = CliRunner().invoke(app, ["check", "--ignore", "record.uncheked", str(path)])
    assert result.exit_code == 2 and "record.unchecked" in result.output


# -- Expect ------------------------------------------------------------------------------------


def expect(*values: str) -> Tag:
    return Tag("Expect", list(values), Span(3, 1, 3, 40))


@pytest.mark.parametrize("values", [
    ("points", "deal 1", "NS 14-18"),
    ("points", "deal 1", "NS 14-18", "EW 10-14"),
    ("points", "deal 1", "NS 14, 15-16, 17-18"),
    ("game-points", "deal 1", "NS -1, 1", "EW 0"),
    ("game-points", "deal 1", "NS -1,1"),
    ("score", "NS -1, +1"),
    ("outcome", "deal 1", "made or N-S failed"),
])
def test_a_run_form_matches_the_set(values: tuple[str, ...]) -> None:
    assert compare([parse_expectation(expect(*values))], open_match()) == []


@pytest.mark.parametrize(("values", "said"), [
    (("points", "deal 1", "NS 14-17"), "card points NS 14-18 EW 10-14"),  # not the whole set
    (("points", "deal 1", "NS 14-19"), "card points NS 14-18"),
    (("points", "deal 1", "NS 14"), "card points NS 14-18"),  # one value never matches a set
    (("game-points", "deal 1", "NS 1"), "game points NS -1, 1 EW 0"),
    (("game-points", "deal 1", "EW 0-1"), "game points NS -1, 1 EW 0"),  # EW's is exact 0
])
def test_the_set_must_be_the_values_written(values: tuple[str, ...], said: str) -> None:
    [problem] = compare([parse_expectation(expect(*values))], open_match())
    assert said in problem


def test_a_run_of_one_exact_value_matches_it() -> None:
    assert compare([parse_expectation(expect("game-points", "deal 1", "EW 0-0"))],
                   open_match()) == []


def test_run_forms_are_read() -> None:
    exp = parse_expectation(expect("points", "deal 1", "NS 29, 31-33, 39-40", "EW 7"))
    assert exp.values == (("EW", 7),)
    assert exp.sets == (("NS", (29, 31, 32, 33, 39, 40)),)
    exp = parse_expectation(expect("game-points", "deal 2", "NS -3 to -1"))
    assert exp.sets == (("NS", (-3, -2, -1)),)


@pytest.mark.parametrize(("values", "words"), [
    (("points", "deal 1", "NS 18-14"), "runs backwards"),
    (("points", "deal 1", "14-18"), "comes before any team"),
    (("points", "deal 1", "NS to 3"), "joins two numbers"),
    (("points", "deal 1", "NS 1-99999"), "longer than"),
    (("points", "deal 1", "NS EW 3"), "is not a team and a number"),
])
def test_malformed_runs_are_record_errors(values: tuple[str, ...], words: str) -> None:
    with pytest.raises(RecordError) as info:
        parse_expectation(expect(*values))
    assert info.value.code == "record.expect" and words in info.value.message


def test_a_seatless_illegal_expectation_matches_a_culprit_unknown() -> None:
    joint = Finding("28.follow-suit", "one of W, S or E held a heart and did not follow",
                    deal=1, trick=3, seat="W, S or E", span=Span(12, 1, 12, 20))
    match = open_match("N", [joint])
    seatless = parse_expectation(expect("illegal", "deal 1", "trick 3", "28.follow-suit"))
    assert compare([seatless], match) == []
    one_seat = parse_expectation(expect("illegal", "deal 1", "trick 3", "W", "28.follow-suit"))
    problems = compare([one_seat], match)
    assert problems and "seat W, S or E" in problems[0]


# -- the table ---------------------------------------------------------------------------------


def test_the_table_writes_open_values_as_runs(tmp_path: Path, monkeypatch) -> None:
    import referee.replay.replay as replay

    path = tmp_path / "open.ttn"
    path.write_text(viewed("N"), encoding="utf-8")
    settle = replay.DealRun.settle

    def opened(self):  # the engine's part: a deal left open
        result = settle(self)
        result.point_sets = {"NS": (15, 16, 17)}
        result.game_point_sets = {"NS": (0, 1)}
        result.outcomes = ("N-S made", "N-S failed")
        result.presumed = True
        return result

    monkeypatch.setattr(replay.DealRun, "settle", opened)
    [row] = list(table_rows([str(path)]))
    assert row["points"] == {"EW": 11}  # NS is open: in point_sets, not points
    assert row["point_sets"] == {"NS": "15-17"}
    assert row["game_point_sets"] == {"NS": "0 to +1"}
    assert row["outcomes"] == "N-S made or N-S failed" and row["presumed"] is True
    header, line = "".join(csv_chunks([row])).splitlines()
    names = header.split(",")
    assert names == [column.name for column in DEAL_COLUMNS]
    assert '"{""NS"":""15-17""}"' in line
    monkeypatch.undo()
    [row] = list(table_rows([str(path)]))
    assert row["points"] == {"NS": 17, "EW": 11} and "point_sets" not in row


@pytest.mark.parametrize(("possible", "mismatch"), [
    ((15, 16, 17), None),
    ((15, 16), "recorded card points NS 17, computed NS 15-16 (NS 15-16 EW 11)"),
])
def test_a_result_line_agrees_with_any_value_of_an_open_set(monkeypatch, possible, mismatch
                                                            ) -> None:
    import referee.replay.replay as replay

    settle = replay.DealRun.settle

    def opened(self):
        result = settle(self)
        result.point_sets = {"NS": possible}
        return result

    monkeypatch.setattr(replay.DealRun, "settle", opened)
    report = check_text(viewed("N"), "a.ttn")
    found = [f.message for f in report.findings() if f.rule == "record.result-mismatch"]
    assert found == ([mismatch] if mismatch else [])


def test_annotate_writes_open_values_as_runs() -> None:
    from referee.pipeline.annotate import deal_line

    line = deal_line(1, DealReport(1, "S", [], open_result()))
    assert line == (f"deal 1: N-S made or N-S failed ({PRESUMED}); points NS 14-18 EW 10-14; "
                    f"game points NS -1, +1 EW +0; score NS -1, 1 EW 0")
    seen = deal_line(1, DealReport(1, "S", [], DealResult(
        points={"NS": 17, "EW": 11}, game_points={"NS": 1, "EW": 0}, score={"NS": 1, "EW": 0},
        outcome="N-S made 17 of 16")))
    assert seen == "deal 1: N-S made 17 of 16; points NS 17 EW 11; game points NS +1 EW +0; " \
                   "score NS 1 EW 0"


def test_no_result_line_is_proposed_for_an_open_value(monkeypatch) -> None:
    import referee.replay.replay as replay
    from referee.lsp.actions import code_actions
    from referee.lsp.checker import DocumentChecker

    def fixes(comment: str) -> list[str]:  # a text of its own: the server keeps its walks
        text = LEGAL.replace("result NS 17 EW 11", f"result NS 18 EW 10  ; {comment}")
        lines = text.split("\n")
        problems = DocumentChecker().problems(text)
        assert any(p.code == "record.result-mismatch" for p in problems)
        return [edit.new_text for action in code_actions("file:///x.ttn", text, lines,
                                                         problems, "utf-16")
                for edit in action.edit.changes["file:///x.ttn"]]

    assert "result NS 17 EW 11" in fixes("seen")
    settle = replay.DealRun.settle

    def opened(self):
        result = settle(self)
        result.point_sets = {"NS": (15, 16, 17)}
        return result

    monkeypatch.setattr(replay.DealRun, "settle", opened)
    assert "result NS 17 EW 11" not in fixes("open")


def test_the_replay_page_words_open_values_as_runs() -> None:
    from referee.view.words import deal_summary, result_outcome, value_words

    data = open_result().to_json()
    assert deal_summary("Twenty-Eight", 1, 1, "S", data, {}) == (
        f"Replay of Twenty-Eight, deal 1 of 1, dealt by South: N-S made or N-S failed "
        f"({PRESUMED}); points NS 14-18, EW 10-14")
    assert value_words([-1, 1], signed=True) == "-1, +1" and value_words(3, True) == "+3"
    assert result_outcome(DealResult(outcome="void").to_json(), "scored") == "void"
    script = (ROOT / "referee" / "view" / "assets" / "view.js").read_text(encoding="utf-8")
    assert "function valueText" in script and "valueText(v, signed)" in script


def test_parquet_types_the_open_values(tmp_path: Path, monkeypatch) -> None:
    pq = pytest.importorskip("pyarrow.parquet", reason="the parquet extra is not installed")
    import referee.replay.replay as replay
    from referee.archive.table import write_parquet

    path = tmp_path / "open.ttn"
    path.write_text(viewed("N"), encoding="utf-8")
    settle = replay.DealRun.settle

    def opened(self):
        result = settle(self)
        result.point_sets = {"NS": (15, 16, 17)}
        result.presumed = True
        return result

    monkeypatch.setattr(replay.DealRun, "settle", opened)
    target = tmp_path / "deals.parquet"
    write_parquet(str(target), table_rows([str(path)]))
    [row] = pq.read_table(target).to_pylist()
    assert row["points"] == [("EW", 11)] and row["point_sets"] == [("NS", "15-17")]
    assert row["presumed"] is True and row["outcomes"] is None
