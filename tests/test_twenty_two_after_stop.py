"""Twenty-Two after a deal whose replay stopped: no later finding rests on a quantity the
record does not establish. Each quantity (the living players, the hand size, the stock, the
damage markers, the dealer, the damage totals) is tested with and without a ``result`` line
in the stopped deal: with one, the check is made (and reports what is wrong); without one, a
note names the check that could not be made.

The records are the samples samples/twenty-two/after-stop-*.ttn (simulated games, one play of
the stopped deal changed to a card the player does not hold), varied here line by line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.pipeline.checking import check_text
from referee.report.model import MatchReport

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "twenty-two"

def _sample(name: str) -> str:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    return "".join(line + "\n" for line in text.splitlines()
                   if not line.startswith(("[Expect", ";")))


def _report(text: str) -> MatchReport:
    report = check_text(text)
    assert report.error is None, report.error
    [match] = report.matches
    return match


def _found(match: MatchReport, deal: int, severity: str) -> list[tuple[str, str]]:
    return [(f.rule, f.message) for f in match.all_findings()
            if f.deal == deal and f.severity == severity]


def _errors(match: MatchReport) -> list[tuple[str, int | None]]:
    return [(f.rule, f.deal) for f in match.all_findings() if f.severity == "error"]


def _notes(match: MatchReport, deal: int, rule: str) -> list[str]:
    return [message for found, message in _found(match, deal, "note") if found == rule]


def _in_deal(text: str, deal: int, old: str, new: str) -> str:
    """``text`` with ``old`` replaced by ``new`` once, inside deal ``deal``."""
    marker = f"\ndeal {deal} "
    start = text.index(marker)
    end = text.find("\ndeal ", start + 1)
    end = len(text) if end < 0 else end
    part = text[start:end]
    assert old in part, (old, deal)
    return text[:start] + part.replace(old, new, 1) + text[end:]


WHO_DIED = _sample("after-stop-who-died.ttn")  # deal 3 stopped, no result line
DEAL3_RESULT = "P1 QS  P2 KD  P3 KC  P4 QH\n"
"""The last trick of the stopped deal 3 (P2 and P3 both lose with a king)."""
STOCK = _sample("after-stop-stock-unknown.ttn")  # deal 1 stopped, no result line
DEAL1_LAST = "P1 TD  P2 QD\n"
"""The last trick of the stopped deal 1 (P2 loses with a queen: 10)."""


def _with_result(text: str, deal: int, last: str, line: str) -> str:
    return _in_deal(text, deal, last, last + line + "\n")


# -- the living players ----------------------------------------------------------------------


def test_living_players_without_a_result_line_follow_the_record():
    match = _report(WHO_DIED)
    [note] = _notes(match, 4, "22.dead-player")
    assert note.startswith("P3 has no hand line and no action in deal 4: taken to have died")
    assert _errors(match) == [("22.not-held", 3)]
    assert len(match.deals) == 6 and "alive P1 P2 P4" in match.result


def test_living_players_with_the_result_line_are_computed():
    text = _with_result(WHO_DIED, 3, DEAL3_RESULT, "result P1 0 P2 10 P3 10 P4 0")
    match = _report(text)
    assert not _notes(match, 4, "22.dead-player")  # P3 died by the result line: 21 + 10
    assert _errors(match) == [("22.not-held", 3)]
    # a result line that leaves P3 alive while the record deals him nothing: he is out of
    # the game with a note, and the file is read and checked as usual (it was unreadable)
    alive = _with_result(WHO_DIED, 3, DEAL3_RESULT, "result P1 0 P2 10 P3 0 P4 0")
    match = _report(alive)
    [note] = _notes(match, 4, "22.dead-player")
    assert "P3" in note and len(match.deals) == 6
    assert _errors(match) == [("22.not-held", 3)]


def test_a_seat_whose_total_is_unknown_and_may_be_dead():
    """P4 has 19 to 30 damage after deal 5 (deal 3's damage is unknown): that he plays on in
    deal 6 is what the record shows, with a note; with deal 3's result line he has 19."""
    match = _report(WHO_DIED)
    [note] = _notes(match, 6, "22.dead-player")
    assert "could not check whether P4 died in deal 5" in note and "19 to 30" in note
    known = _report(_with_result(WHO_DIED, 3, DEAL3_RESULT, "result P1 0 P2 10 P3 10 P4 0"))
    assert not _notes(known, 6, "22.dead-player")


# -- the hand size ---------------------------------------------------------------------------


HAND_SIZE = _sample("after-stop-hand-size.ttn")  # deal 1 stopped, result P2 7


def test_hand_size_with_the_result_line_is_checked():
    match = _report(HAND_SIZE)
    assert ("22.deal-size", 2) in _errors(match)  # P2's 7 damage gives 7 each, not 8
    right = HAND_SIZE.replace("result P1 0 P2 7 ", "result P1 0 P2 10 ", 1)
    assert _errors(_report(right)) == [("22.not-held", 1)]


def test_hand_size_without_the_result_line_is_a_note():
    text = "".join(line + "\n" for line in HAND_SIZE.splitlines()
                   if not line.startswith("result P1 0 P2 7 "))
    match = _report(text)
    assert _errors(match) == [("22.not-held", 1)]
    [note] = _notes(match, 2, "22.deal-size")
    assert "could not check the hand size of this deal" in note


def test_the_cap_on_the_hand_size_rests_only_on_known_markers():
    """Deal 3 of the stock sample: 6 players, nominal 10, capped at floor(pack / 6). Deal 1's
    markers (1 to 6) are unknown without its result line, so 7 or 8 each are possible."""
    match = _report(STOCK)
    [note] = _notes(match, 3, "22.deal-size")
    assert "7 to 8 each are possible" in note
    assert ("22.deal-size", 3) not in _errors(match)
    known = _report(_with_result(STOCK, 1, DEAL1_LAST, "result P1 0 P2 10 P3 0 P4 0 P5 0 P6 0"))
    assert not _notes(known, 3, "22.deal-size")  # 52 - 2 markers: 8 each, checked


# -- the stock ---------------------------------------------------------------------------------


def test_stock_without_the_result_line_is_a_note():
    match = _report(STOCK)
    [note] = _notes(match, 2, "22.exchange-first")
    assert "could not check P3's lead to trick 1" in note and "0 to 1 cards" in note
    assert _errors(match) == [("22.not-held", 1)]


def test_stock_with_the_result_line_is_checked():
    match = _report(_sample("after-stop-stock-known.ttn"))
    assert ("22.exchange-first", 2) in _errors(match)
    assert not _notes(match, 2, "22.exchange-first")


def test_stock_in_a_later_deal_rests_only_on_known_markers():
    """Deal 6 of the who-died sample: the stock ran out before P2's turn. Deal 3's markers
    are unknown, so the stock could hold a card: no finding, a note; with deal 3's result
    line the stock is known to be empty and the lead is legal without a note."""
    match = _report(WHO_DIED)
    assert _notes(match, 6, "22.exchange-first")
    assert ("22.exchange-first", 6) not in _errors(match)
    known = _report(_with_result(WHO_DIED, 3, DEAL3_RESULT, "result P1 0 P2 10 P3 10 P4 0"))
    assert not _notes(known, 6, "22.exchange-first")
    assert _errors(known) == [("22.not-held", 3)]


# -- the damage markers ------------------------------------------------------------------------


def _marker_dealt_again(text: str) -> str:
    """Deal 2 deals P5 the QD that P2 kept from deal 1, in place of the QS (same rank)."""
    start = text.index("\ndeal 2 ")
    end = text.index("\ndeal 3 ")
    return text[:start] + text[start:end].replace("QS", "QD") + text[end:]


@pytest.mark.parametrize("result", [None, "result P1 0 P2 10 P3 0 P4 0 P5 0 P6 0"])
def test_markers_of_the_stopped_deal_are_not_known_cards(result: str | None):
    text = STOCK if result is None else _with_result(STOCK, 1, DEAL1_LAST, result)
    again = _report(_marker_dealt_again(text))
    notes = _notes(again, 2, "22.deal-size")
    assert any("no damage marker is dealt or drawn again" in note for note in notes)
    assert [rule for rule, deal in _errors(again) if deal == 2] == _deal2_errors(result)
    # deal 1 played to its end: P2's marker is a known card, and dealing it is a broken record
    played = _marker_dealt_again(STOCK.replace("1. P3 JD ", "1. P3 5H ", 1))
    assert check_text(played).error_code == "record.card-twice"


def _deal2_errors(result: str | None) -> list[str]:
    """Deal 2's findings apart from the marker: the lead before P4's turn to exchange is
    an error only where deal 1's result line makes the stock known."""
    return [] if result is None else ["22.exchange-first"]


# -- the dealer ----------------------------------------------------------------------------


def test_dealer_without_the_result_line_is_a_note():
    match = _report(STOCK)
    assert any("who deals it" in note for note in _notes(match, 2, "22.deal-size"))
    assert ("22.dealer", 2) not in _errors(match)


def test_dealer_with_the_result_line_is_checked():
    right = _report(_with_result(STOCK, 1, DEAL1_LAST, "result P1 0 P2 10 P3 0 P4 0 P5 0 P6 0"))
    assert ("22.dealer", 2) not in _errors(right)
    assert not any("who deals it" in note for note in _notes(right, 2, "22.deal-size"))
    # the result line names P5 as the loser: P5 should deal deal 2, not P2
    wrong = _report(_with_result(STOCK, 1, DEAL1_LAST, "result P1 0 P2 0 P3 0 P4 0 P5 10 P6 0"))
    assert ("22.dealer", 2) in _errors(wrong)


# -- the damage totals -----------------------------------------------------------------------


TOTALS = "result score P1 0 P2 10 P3 0 P4 10 P5 0 P6 0"
"""The match score after deal 2 of the stock sample (deal 1: P2 10; deal 2: P4 10)."""


def _with_totals(text: str, line: str) -> str:
    return _in_deal(text, 2, "result P1 0 P2 0 P3 0 P4 10 P5 0 P6 0\n",
                    "result P1 0 P2 0 P3 0 P4 10 P5 0 P6 0\n" + line + "\n")


def test_damage_totals_without_the_result_line_come_from_the_record():
    """Without deal 1's result line P2's total is 0 to 11: a 'result score' line of deal 2
    giving 10 is no mismatch, and the match takes it; a total no damage can give is one."""
    match = _report(_with_totals(STOCK, TOTALS))
    assert _errors(match) == [("22.not-held", 1)]
    assert match.score["P2"] >= 10 and "P2 10 to" not in match.result
    wrong = _report(_with_totals(STOCK, TOTALS.replace("P2 10", "P2 15")))
    assert ("record.result-mismatch", 2) in _errors(wrong)


def test_damage_totals_with_the_result_line_are_compared():
    known = _with_result(STOCK, 1, DEAL1_LAST, "result P1 0 P2 10 P3 0 P4 0 P5 0 P6 0")
    # (the lead before P4's turn to exchange is an error once the stock is known)
    assert _errors(_report(_with_totals(known, TOTALS))) == [("22.not-held", 1),
                                                             ("22.exchange-first", 2)]
    wrong = _report(_with_totals(known, TOTALS.replace("P2 10", "P2 11")))
    assert ("record.result-mismatch", 2) in _errors(wrong)
