"""Expect tags: reading them, and comparing them with a match report."""

from __future__ import annotations

import pytest

from referee.games.twenty_eight.contract import Contract
from referee.model.errors import RecordError
from referee.model.record import RecordHeader, Span, Tag
from referee.replay.expect import Expectation, compare, expectations_of, parse_expectation
from referee.report.model import DealReport, Finding, MatchReport
from referee.rules.base import DealResult


def tag(*values: str, line: int = 3) -> Tag:
    return Tag("Expect", list(values), Span(line, 1, line, 40))


def finding(rule="28.follow-suit", deal=1, trick=3, seat="W", line=12, severity="error"):
    return Finding(rule, "W holds AH and must follow hearts", deal=deal, trick=trick, seat=seat,
                   span=Span(line, 5, line, 7), severity=severity)


def match(*findings: Finding, score=None, result="N-S win +6 to 0") -> MatchReport:
    deal1 = DealReport(1, "S", list(findings), DealResult(
        points={"NS": 17, "EW": 11}, game_points={"NS": 1, "EW": 0},
        score={"NS": 1, "EW": 0}, contract=Contract(bidder="N", bid=16, target=16,
                                                     made=True),
        outcome="N-S made 17 of 16"))
    deal2 = DealReport(2, "E", [], None, unchecked="the record ends before the deal is over")
    return MatchReport("twenty-eight", "standard", {}, line=1, deals=[deal1, deal2],
                       result=result, finished=True, score=score or {"NS": 1, "EW": 0})


# -- reading -----------------------------------------------------------------------------------


def test_illegal_reads_every_field():
    exp = parse_expectation(tag("illegal", "deal 1", "trick 3", "W", "28.follow-suit"))
    assert (exp.kind, exp.deal, exp.trick, exp.seat, exp.rule) == (
        "illegal", 1, 3, "W", "28.follow-suit")
    assert exp.line == 3
    assert exp.source == '[Expect "illegal" "deal 1" "trick 3" "W" "28.follow-suit"]'


def test_words_may_share_a_value():
    assert parse_expectation(tag("illegal deal 1 trick 3 W 28.follow-suit")) == Expectation(
        "illegal", deal=1, trick=3, seat="W", rule="28.follow-suit", line=3,
        source='[Expect "illegal deal 1 trick 3 W 28.follow-suit"]')


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        (("valid",), Expectation("valid")),
        (("score", "NS 2", "EW -1"), Expectation("score", values=(("NS", 2), ("EW", -1)))),
        (("points", "deal 2", "NS 17", "EW 11"),
         Expectation("points", deal=2, values=(("NS", 17), ("EW", 11)))),
        (("game-points", "deal 1", "NS +1"), Expectation("game-points", deal=1,
                                                         values=(("NS", 1),))),
        (("outcome", "deal 4", "void"), Expectation("outcome", deal=4, text="void")),
        (("result", "N-S win"), Expectation("result", text="N-S win")),
        (("case", "28-13"), Expectation("case", text="28-13")),
        (("note", "deal 1", "28.deal-order"), Expectation("note", deal=1, rule="28.deal-order")),
    ],
)
def test_kinds(values, expected):
    exp = parse_expectation(tag(*values))
    assert (exp.kind, exp.deal, exp.trick, exp.seat, exp.rule, exp.values, exp.text) == (
        expected.kind, expected.deal, expected.trick, expected.seat, expected.rule,
        expected.values, expected.text)


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ((), "names a kind"),
        (("bogus",), "unknown Expect kind 'bogus'"),
        (("valid", "deal 1"), "takes nothing more"),
        (("illegal", "deal"), "followed by a number"),
        (("illegal", "deal x"), "followed by a number"),
        (("illegal", "W", "E"), "seat is given twice"),
        (("illegal", "10S"), "is not"),
        (("score", "NS"), "teams with numbers"),
        (("score", "NS two"), "is not a team and a number"),
        (("score", "deal 1", "NS 2"), "takes no deal"),
        (("points", "NS 17", "EW 11"), 'needs "deal N"'),
        (("outcome", "deal 1"), "needs a deal and the text"),
        (("result",), "needs the text"),
    ],
)
def test_malformed_tags_are_record_errors_at_the_tag(values, words):
    with pytest.raises(RecordError) as info:
        parse_expectation(tag(*values, line=7))
    error = info.value
    assert error.code == "record.expect"
    assert words in error.message
    assert (error.line, error.column) == (7, 1)
    assert "[Expect" in error.message


def test_expectations_of_reads_only_expect_tags():
    header = RecordHeader([Tag("Game", ["28"]), tag("valid"), Tag("Event", ["x"]),
                           tag("case", "28-01")])
    assert [e.kind for e in expectations_of(header)] == ["valid", "case"]


def test_expectations_of_parsed_text():
    from referee.notation.parser import parse_records

    record = parse_records('[Game "28"]\n[Expect "illegal" "deal 1" "W"]\n[Expect "x"]\n')[0]
    with pytest.raises(RecordError) as info:
        expectations_of(record.header)
    assert (info.value.code, info.value.line) == ("record.expect", 3)


# -- comparing --------------------------------------------------------------------------------


def unmet(*values_list, report=None):
    exps = [parse_expectation(tag(*values, line=i + 2)) for i, values in enumerate(values_list)]
    return compare(exps, report if report is not None else match())


def test_valid_met_and_unmet():
    assert unmet(("valid",)) == []
    [sentence] = unmet(("valid",), report=match(finding()))
    assert sentence.startswith('line 2: [Expect "valid"] not met: the referee found 1 error: ')
    assert "28.follow-suit (deal 1, trick 3, seat W, line 12)" in sentence


def test_notes_do_not_break_valid():
    assert unmet(("valid",), report=match(finding(severity="note"))) == []


def test_illegal_matches_on_every_given_field():
    report = match(finding())
    assert unmet(("illegal", "deal 1", "trick 3", "W", "28.follow-suit"), report=report) == []
    assert unmet(("illegal", "28.follow-suit"), report=report) == []
    assert unmet(("illegal", "W"), report=report) == []
    [wrong, unexpected] = unmet(("illegal", "deal 1", "trick 4"), report=report)
    assert "not met: the referee found 1 error in deal 1: 28.follow-suit" in wrong
    assert unexpected.startswith("line 12: unexpected finding 28.follow-suit")


def test_illegal_with_nothing_found():
    [sentence] = unmet(("illegal", "deal 1", "E"))
    assert sentence == ('line 2: [Expect "illegal" "deal 1" "E"] not met: '
                        "the referee found no error in deal 1")


def test_unexpected_findings_are_unmet():
    report = match(finding(), finding(rule="28.turn", seat="N", line=14))
    [sentence] = unmet(("illegal", "28.follow-suit"), report=report)
    assert sentence.startswith("line 14: unexpected finding 28.turn (deal 1, trick 3, seat N")
    assert "record at line 1" in sentence


def test_no_expectations_means_no_errors():
    assert compare([], match()) == []
    assert len(compare([], match(finding()))) == 1


def test_case_labels_are_named():
    [sentence] = unmet(("case", "28-13"), ("valid",), report=match(finding()))
    assert "(case 28-13) not met" in sentence


def test_notes_are_matched_like_illegal():
    report = match(finding(rule="28.deal-order", severity="note", trick=None, seat=None))
    assert unmet(("note", "deal 1", "28.deal-order"), report=report) == []
    [sentence] = unmet(("note", "28.dealer"), report=report)
    assert "found 1 note: 28.deal-order" in sentence


def test_score():
    assert unmet(("score", "NS 1", "EW 0")) == []
    [sentence] = unmet(("score", "NS 2", "EW -1"))
    assert sentence.endswith("not met: the referee computed the match score NS 1 EW 0")
    [sentence] = unmet(("score", "AB 2"))
    assert "(no team AB)" in sentence


def test_points_and_game_points():
    assert unmet(("points", "deal 1", "NS 17", "EW 11"), ("game-points", "deal 1", "NS 1")) == []
    [points, game] = unmet(("points", "deal 1", "NS 18"), ("game-points", "deal 1", "EW -1"))
    assert "the referee computed deal 1 card points NS 17 EW 11" in points
    assert "the referee computed deal 1 game points NS 1 EW 0" in game


def test_deal_without_result_or_missing():
    [unsettled, missing] = unmet(("points", "deal 2", "NS 1"), ("outcome", "deal 9", "void"))
    assert "deal 2 has no result: the record ends before the deal is over" in unsettled
    assert "the record has no deal 9 (deals: 1 2)" in missing


def test_outcome_and_result_are_substrings():
    assert unmet(("outcome", "deal 1", "made"), ("result", "n-s WIN")) == []
    [outcome, result] = unmet(("outcome", "deal 1", "void"), ("result", "E-W win"))
    assert "the outcome of deal 1 is 'N-S made 17 of 16'" in outcome
    assert "the match result is 'N-S win +6 to 0'" in result
