"""The seventh-card trump choice in the notation's own spelling (28, 29, 56).

``SEAT trump CARD`` where CARD is the bidder's seventh card (the third of his second batch)
is the seventh-card choice; ``SEAT trump seventh`` stays accepted. The canonical writer, the
JSON form and ``simulate`` write ``trump CARD``. Simulated matches are checked written both
ways: both check clean, ``fmt`` turns one into the other, and the JSON round trip keeps the
meaning (the contract's ``seventh`` mark).
"""

from __future__ import annotations

import pytest

import referee
from referee.cli.app import canonical_text
from referee.games.twenty_eight.seventh import seventh_card, spelled
from referee.model.record import Event
from referee.notation.jsonform import record_from_json, record_to_json
from referee.notation.parser import parse_records
from referee.notation.writer import dumps
from referee.pipeline.checking import check_text
from referee.replay.simulate import simulate
from referee.report.model import FileReport

DEALS = 60
SEED = 7


def _seventh_choices(text: str) -> list[Event]:
    """Every ``trump CARD`` event of ``text`` that names the seat's seventh card."""
    found = []
    for record in parse_records(text):
        for deal in record.deals:
            for event in deal.events:
                action = event.action
                if action.kind == "trump" and action.cards and spelled(
                        deal, action._replace(cards=(), value="seventh")) == action:
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
    data = [referee.to_json(record) for record in records]
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
    assert spelled(record.deals[0], event.action) == event.action
    assert "E trump seventh" in dumps([record])


def test_the_seventh_card_of_a_hand_line() -> None:
    deal = parse_records('[Game "28"]\n\ndeal 1 dealer S\nE: KH QS 8C 7S | JD 7D TD TH\n')[0]
    assert seventh_card(deal.deals[0], "E") == "TD"
    assert seventh_card(deal.deals[0], "N") is None


def test_a_double_packs_seventh_card_also_in_the_first_four_keeps_its_word() -> None:
    """Fifty-Six: with a copy of the seventh card among the first four, ``trump CARD`` lays
    that copy (a first-four choice), so the writer keeps ``trump seventh``."""
    text = ('[Game "56"]\n\ndeal 1 dealer P6\nP1: AD QS 8C 7S | JD 7D AD TH\nP1 28\n'
            "P1 trump seventh\n")
    deal = parse_records(text)[0].deals[0]
    seventh = next(e.action for e in deal.events if e.action.kind == "trump")
    assert seventh_card(deal, "P1") == "AD"
    assert spelled(deal, seventh) == seventh


SPELLED = ('[Game "GAME"]\n\ndeal 1 dealer S\nE: KH QS 8C 7S | JD 7D TD TH\nE 15\n'
           "E trump seventh\n")


@pytest.mark.parametrize("game", ["28", "29", "56", "40"])
def test_the_family_hands_the_writer_its_spelling(game: str) -> None:
    """The 28 family's ruleset supplies the spelling (``Ruleset.spelled_action``): the
    package's ``dumps`` and ``to_json`` write the card."""
    (record,) = referee.loads(SPELLED.replace("GAME", game))
    assert "E trump TD" in referee.dumps(record)
    events = referee.to_json(record)["deals"][0]["events"]
    assert events[-1] == {"action": "trump", "seat": "E", "cards": ["TD"]}


@pytest.mark.parametrize("game", ["no-such-game", "avinas", None])
def test_without_the_family_the_record_is_written_as_it_holds_it(game: str | None) -> None:
    """The record model knows no seventh card: without a game of the family (or with the
    writer alone) ``trump seventh`` is written as the record holds it."""
    text = SPELLED.replace("GAME", game) if game else SPELLED.replace("Game", "Event")
    (record,) = referee.loads(text)
    assert "E trump seventh" in referee.dumps(record)
    assert referee.to_json(record)["deals"][0]["events"][-1]["value"] == "seventh"
    (family,) = referee.loads(SPELLED.replace("GAME", "28"))
    assert "E trump seventh" in dumps([family])  # the writer without its caller's hook
    assert record_to_json(family)["deals"][0]["events"][-1]["value"] == "seventh"


def test_a_given_game_spells_the_annotated_and_converted_text(tmp_path) -> None:
    """``--game 28`` for a record without a Game tag: the family's spelling is used although
    the given tag is not written back."""
    from typer.testing import CliRunner

    from referee.cli.app import app

    path = tmp_path / "untagged.ttn"
    path.write_text(SPELLED.replace("Game", "Event"), encoding="utf-8")
    for command in (["fmt", "--game", "28", "--diff"], ["annotate", "--game", "28"]):
        result = CliRunner().invoke(app, [*command, str(path)])
        assert "E trump TD" in result.output, (command, result.output)


def test_the_replay_page_writes_a_json_record_in_the_familys_spelling(tmp_path) -> None:
    """A page made from a file of the JSON form offers the record as ``referee.dumps``
    writes it: the seventh-card choice as the card."""
    import json

    from referee.pipeline.checking import check_file
    from referee.view.data import page_data

    (record,) = referee.loads(SPELLED.replace("GAME", "28"))
    path = tmp_path / "seventh.json"
    path.write_text(json.dumps(record_to_json(record)) + "\n", encoding="utf-8")
    report = check_file(str(path), json=True)
    assert report.error is None
    ttn = page_data(report, read=lambda _: [record])["ttn"]
    assert "E trump TD" in ttn and ttn == referee.dumps(record)
