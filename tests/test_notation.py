"""The notation layer: parsing, positions, comments, the canonical writer, the JSON form."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

import referee
from referee.model.record import Deal, RecordHeader
from referee.notation.jsonform import json_lines, json_lines_to_records, record_to_json
from referee.notation.parser import iter_file, iter_items, parse_records
from referee.notation.resources import load_schema
from referee.notation.writer import dumps

SAMPLE = """\
; a match recorded at the club
[Game "twenty-eight"] {the game}
[Event "Club night"]
[Option "partner_raise" "min20"]
deal 1 dealer N                       ; 28 goes counter-clockwise
N: JS 9S AH 7C | 8D QD KS TC
W 14  S 15  E pass  N pass  W 16  S pass  E pass  N pass   ; W is the bidder at 16
W trump 9S                            ; W lays 9S face down
1. W JH  S 9H  E AH  N 7H             ; W wins
2. W 9C, S 7C, E JC, N 8C
3. E KD  N call  N 8S  W QD  S 7D     ; N cannot follow, calls, must trump
S pair
result NS 17 EW 11
deal 2
E 14  N pass {thinking}
W A♠  S 10s  E J♥
"""


def test_parses_tags_deals_and_events() -> None:
    (record,) = parse_records(SAMPLE.replace("J♥", "jh"))
    assert [t.name for t in record.tags] == ["Game", "Event", "Option"]
    assert record.tags[2].values == ["partner_raise", "min20"]
    first, second = record.deals
    assert (first.number, first.dealer, second.dealer) == (1, "N", None)
    assert first.hands[0].rounds == [["JS", "9S", "AH", "7C"], ["8D", "QD", "KS", "TC"]]
    kinds = [e.action.kind for e in first.events]
    assert kinds[:8] == ["bid", "bid", "pass", "pass", "bid", "pass", "pass", "pass"]
    assert first.events[8].action.cards == ("9S",)
    call = first.events[18]
    assert (call.action.seat, call.action.kind) == ("N", "call")
    assert [e.action.cards[0] for e in second.events[2:]] == ["AS", "TS", "JH"]


def test_trick_marks_and_positions() -> None:
    (record,) = parse_records(SAMPLE)
    events = record.deals[0].events
    marked = [(e.trick, e.action.seat) for e in events if e.trick is not None]
    assert marked == [(1, "W"), (2, "W"), (3, "E")]
    s9h = events[10]
    assert s9h.action.cards == ("9H",)
    assert (s9h.span.line, s9h.span.column) == (9, 10)
    comma = events[14]  # "S 7C" after a comma
    assert (comma.span.line, comma.span.column) == (10, 10)


def test_comments_are_attached_to_the_item_they_follow() -> None:
    (record,) = parse_records(SAMPLE)
    assert [c.text for c in record.header.comments] == [" a match recorded at the club"]
    assert record.tags[0].comments[0].text == "the game"
    deal = record.deals[0]
    assert deal.comments[0].text == " 28 goes counter-clockwise"
    assert deal.events[7].comments[0].text == " W is the bidder at 16"
    assert record.deals[1].events[1].comments[0].kind == "brace"


def test_canonical_text_is_stable_and_keeps_comments() -> None:
    records = parse_records(SAMPLE)
    canonical = dumps(records)
    assert dumps(parse_records(canonical)) == canonical
    for comment in ("; a match recorded at the club", "{the game}", "{thinking}",
                    "; N cannot follow, calls, must trump"):
        assert comment in canonical
    assert "2. W 9C  S 7C  E JC  N 8C" in canonical
    assert "W AS  S TS  E JH" in canonical


def test_json_round_trip_gives_the_canonical_text() -> None:
    records = parse_records(SAMPLE)
    canonical = dumps(records)
    lines = json_lines(records)
    validator = Draft202012Validator(load_schema("record.schema.json"))
    for line in lines.splitlines():
        validator.validate(json.loads(line))
    assert dumps(json_lines_to_records(lines)) == canonical
    # canonical text -> JSON -> text is the identity
    assert dumps(json_lines_to_records(json_lines(parse_records(canonical)))) == canonical


def test_record_schema_is_a_valid_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(load_schema("record.schema.json"))


def test_every_event_kind_of_the_notation_parses_and_round_trips() -> None:
    text = """[Game "avinas"]
deal 1 dealer N
turnup 7C
N rob 9H
E exchange 7H 8S > 9C KD
S exchange none
W trump H
N trump seventh
E double  S redouble  W redeal
N knock
1. E down 7H  S 8H
N stop
W claim
S single
result score NS 2 EW -1
"""
    (record,) = parse_records(text)
    kinds = [e.action.kind for e in record.deals[0].events]
    assert kinds == ["turnup", "rob", "exchange", "exchange", "trump", "trump", "double",
                     "redouble", "redeal", "knock", "down", "play", "stop", "claim", "single"]
    exchange = record.deals[0].events[2].action
    assert (exchange.cards, exchange.drawn) == (("7H", "8S"), ("9C", "KD"))
    assert record.deals[0].events[4].action.value == "H"
    canonical = dumps([record])
    assert dumps(parse_records(canonical)) == canonical
    assert dumps(json_lines_to_records(json_lines([record]))) == canonical


def test_several_records_in_one_file() -> None:
    text = SAMPLE + '\n[Game "28"]\n[Round "2"]\ndeal 1 dealer S\nE 14\n'
    records = parse_records(text)
    assert len(records) == 2
    assert records[1].tags[1].value == "2"
    assert records[1].deals[0].events[0].span.line == text.count("\n")


def test_stream_is_lazy_and_memory_stays_flat(tmp_path: Path) -> None:
    deal = (
        "deal {n} dealer S\nE 14  N pass  W pass  S pass\nE trump 9S\n"
        "1. E JH  N 9H  W AH  S 7H\n2. E 9C  N 7C  W JC  S 8C\n"
    )

    def peak(deals: int) -> int:
        path = tmp_path / f"f{deals}.ttn"
        path.write_text('[Game "28"]\n' + "".join(deal.format(n=n) for n in range(1, deals + 1)))
        tracemalloc.start()
        count = sum(1 for item in iter_file(path) if isinstance(item, Deal))
        _, high = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert count == deals
        return high

    # both files are several of the reader's blocks long, so that the smaller one holds a
    # whole block too; the first read fills the reader's tables of words seen before
    peak(1000)
    small, large = peak(1000), peak(10000)
    assert large < 2 * small  # ten times the deals, not twice the memory


def test_stream_yields_headers_then_deals() -> None:
    items = list(iter_items(SAMPLE))
    assert isinstance(items[0], RecordHeader)
    assert [type(i) for i in items[1:]] == [Deal, Deal]


def test_public_api_load_dump_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "m.ttn"
    path.write_text(SAMPLE, encoding="utf-8")
    records = referee.load(path)
    out = tmp_path / "out.ttn"
    referee.dump(records, out)
    assert referee.loads(out.read_text()) == records or referee.dumps(
        referee.loads(out.read_text())) == referee.dumps(records)
    data = referee.to_json(records[0])
    assert referee.dumps(referee.from_json(data)) == referee.dumps(records[0])
    assert record_to_json(records[0])["format"] == "ttn/1"


def test_crlf_and_bom_are_read() -> None:
    text = "\ufeff" + SAMPLE.replace("\n", "\r\n")
    assert dumps(parse_records(text)) == dumps(parse_records(SAMPLE))


@pytest.mark.parametrize("spelling,card", [("10h", "TH"), ("th", "TH"), ("A♠", "AS"),
                                           ("q♡", "QH"), ("7♢", "7D"), ("K♣", "KC")])
def test_card_spellings(spelling: str, card: str) -> None:
    (record,) = parse_records(f'[Game "28"]\ndeal 1 dealer N\nW {spelling}\n')
    assert record.deals[0].events[0].action.cards == (card,)


def test_comments_stay_with_their_deal_across_parser_batches() -> None:
    deals = "".join(
        f"deal {n} dealer S {{deal {n}}}\nE 14  N pass ; after deal {n}'s pass\nW 7H\n"
        for n in range(1, 41)
    )
    (record,) = parse_records('[Game "28"]\n' + deals)
    assert len(record.deals) == 40
    for n, deal in enumerate(record.deals, 1):
        assert [c.text for c in deal.comments] == [f"deal {n}"]
        assert [c.text for c in deal.events[1].comments] == [f" after deal {n}'s pass"]
        assert deal.events[2].span.line == 3 * n + 1
    canonical = dumps([record])
    assert dumps(parse_records(canonical)) == canonical
