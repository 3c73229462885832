"""The 28 family's seed variants: "C" (``c_call``), the single-hand show
(``single_hand_show``), the second bidding round (``second_round``) and the duel auction
(``auction_style = duel``): their events in the notation, and their rules."""

from __future__ import annotations

from referee.jsonform import json_lines, json_lines_to_records, record_to_json, validate
from referee.notation.parser import parse_records
from referee.notation.writer import dumps

# -- notation ---------------------------------------------------------------------------------

VARIANT_EVENTS = """[Game "twenty-nine"]

deal 1 dealer S
N 16  W hold  N 17  W pass  E pass  S pass
N trump 9S
E double  N c-call
N show
"""


def test_variant_events_parse_write_and_travel_as_json() -> None:
    (record,) = parse_records(VARIANT_EVENTS)
    kinds = [e.action.kind for e in record.deals[0].events]
    assert kinds == ["bid", "hold", "bid", "pass", "pass", "pass", "trump", "double", "c-call",
                     "show"]
    canonical = dumps([record])
    assert "W hold" in canonical and "N c-call" in canonical and "N show" in canonical
    assert dumps(parse_records(canonical)) == canonical
    data = record_to_json(record)
    validate(data)
    actions = [e["action"] for e in data["deals"][0]["events"]]
    assert actions[1] == "hold" and actions[-2:] == ["c-call", "show"]
    assert dumps(json_lines_to_records(json_lines([record]))) == canonical


def test_variant_words_are_keywords_not_seats() -> None:
    from referee.errors import NotationSyntaxError

    for word in ("hold", "show", "c-call"):
        try:
            parse_records(f'[Game "29"]\n\ndeal 1 dealer S\n{word} 16\n')
        except NotationSyntaxError:
            continue
        raise AssertionError(f"{word!r} was read as a seat")
