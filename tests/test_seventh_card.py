"""The seventh-card trump choice in the notation's own spelling (28, 29, 56).

``SEAT trump CARD`` where CARD is the bidder's seventh card (the third of his second batch)
is the seventh-card choice; ``SEAT trump seventh`` stays accepted. The canonical writer, the
JSON form and ``simulate`` write ``trump CARD``. Simulated matches are checked written both
ways: both check clean, ``fmt`` turns one into the other, and the JSON round trip keeps the
meaning (the contract's ``seventh`` mark).
"""

from __future__ import annotations

import pytest

from referee.checking import check_text
from referee.cli import canonical_text
from referee.jsonform import record_from_json, record_to_json
from referee.notation.parser import parse_records
from referee.notation.writer import dumps
from referee.record import Event
from referee.report.model import FileReport
from referee.simulate import simulate

DEALS = 60
SEED = 7


def _seventh_choices(text: str) -> list[Event]:
    """Every ``trump CARD`` event of ``text`` that names the seat's seventh card."""
    found = []
    for record in parse_records(text):
        for deal in record.deals:
            for event in deal.events:
                action = event.action
                if action.kind == "trump" and action.cards and deal.spelled(
                        action._replace(cards=(), value="seventh")) == action:
                    found.append(event)
    return found


def _spelled_seventh(text: str, choices: list[Event]) -> str:
    """``text`` with each of ``choices`` written the older way, ``trump seventh``."""
    lines = text.splitlines(keepends=True)
    for event in choices:
        i = event.span.line - 1
        card = event.action.cards[0]
        assert f"trump {card}" in lines[i]
        lines[i] = lines[i].replace(f"trump {card}", "trump seventh")
    return "".join(lines)


def _clean(report: FileReport) -> bool:
    return report.error_code is None and not report.findings()


def _seventh_marks(report: FileReport) -> list[bool]:
    return [bool(deal.result and deal.result.contract.as_dict().get("seventh"))
            for match in report.matches for deal in match.deals]


@pytest.mark.parametrize("game", ["28", "29", "56"])
def test_simulated_matches_check_clean_in_both_spellings(game: str) -> None:
    text = simulate(game, DEALS, SEED)
    assert "trump seventh" not in text  # simulate writes the card
    choices = _seventh_choices(text)
    assert choices, "the seed should give at least one seventh-card choice"
    older = _spelled_seventh(text, choices)
    assert older.count("trump seventh") == len(choices)
    as_card, as_word = check_text(text), check_text(older)
    assert _clean(as_card) and _clean(as_word)
    # the same contracts, the seventh-card mark included, and the same scores
    assert _seventh_marks(as_card) == _seventh_marks(as_word)
    assert sum(_seventh_marks(as_card)) == len(choices)
    assert [m.score for m in as_card.matches] == [m.score for m in as_word.matches]


@pytest.mark.parametrize("game", ["28", "56"])
def test_fmt_and_json_write_the_card(game: str) -> None:
    text = simulate(game, DEALS, SEED)
    older = _spelled_seventh(text, _seventh_choices(text))
    assert canonical_text(older, "older.ttn") == text
    records = parse_records(older)
    data = [record_to_json(record) for record in records]
    trumps = [event for record in data for deal in record["deals"] for event in deal["events"]
              if event["action"] == "trump"]
    assert all(event.get("value") != "seventh" for event in trumps)
    assert dumps(record_from_json(item) for item in data) == text


def test_trump_seventh_without_deal_order_is_kept() -> None:
    """A hand line without its dealing rounds does not show the seventh card: the writer
    keeps ``trump seventh``, which the referee then judges from the order listed."""
    text = ('[Game "28"]\n\ndeal 1 dealer S\nE: KH QS 8C 7S JD 7D TD TH\nE 15\n'
            "E trump seventh\n")
    record = parse_records(text)[0]
    event = next(item for item in record.deals[0].items if isinstance(item, Event)
                 and item.action.kind == "trump")
    assert record.deals[0].spelled(event.action) == event.action
    assert "E trump seventh" in dumps([record])


def test_the_seventh_card_of_a_hand_line() -> None:
    deal = parse_records('[Game "28"]\n\ndeal 1 dealer S\nE: KH QS 8C 7S | JD 7D TD TH\n')[0]
    assert deal.deals[0].seventh_card("E") == "TD"
    assert deal.deals[0].seventh_card("N") is None


def test_a_double_packs_seventh_card_also_in_the_first_four_keeps_its_word() -> None:
    """Fifty-Six: with a copy of the seventh card among the first four, ``trump CARD`` lays
    that copy (a first-four choice), so the writer keeps ``trump seventh``."""
    text = ('[Game "56"]\n\ndeal 1 dealer P6\nP1: AD QS 8C 7S | JD 7D AD TH\nP1 28\n'
            "P1 trump seventh\n")
    deal = parse_records(text)[0].deals[0]
    seventh = next(e.action for e in deal.events if e.action.kind == "trump")
    assert deal.seventh_card("P1") == "AD"
    assert deal.spelled(seventh) == seventh
