"""A deal the fast reader reads holds its events in compact form (``Deal.body``) until its
``items`` are asked for; the referee loop walks that form without making an event per action.

The events made from the body must be those the reader made before (and Lark makes: the same
actions, trick marks, spans and offsets), and the loop's verdicts, stopping events, offenders
and result lines on a compact deal must be those on the same deal as an ordinary list of
items: for legal deals of every game and preset, for deals with an illegal action (some stop
the walk), wrong trick marks and result lines between events. Once asked for, ``items`` is the
deal's own list: a change to it is what the loop sees.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest

from referee.games import games
from referee.model.errors import RecordError
from referee.model.record import Action, Deal, Event, RecordHeader, ResultLine, StreamItem
from referee.notation.parser import iter_items, lark_only
from referee.notation.writer import dumps
from referee.replay.replay import MatchReplay
from referee.replay.simulate import break_one_action, simulate_records
from referee.rules.base import Effect
from referee.rules.loop import DealRun, check_seats

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "samples").rglob("*.ttn"))

DEALT = """[Game "twenty-eight"]

deal 1 dealer N
N: KC JC 9C QS | KS 9D 8C 7C
E: TH TC JS KH | AH 8H AD AC
S: 9S 9H 7S KD | QH QD 8D AS
W: 7H 7D JH 8S | QC TS TD JD
"""
AUCTION = "W 16  S pass  E pass  N pass\nW trump JH\n"
PLAY = """1. W 8S  S 7S  E JS  N QS
2. E AC  N KC  W QC  S QD
3. E TC  N 9C  W JD  S call  S QH
4. S 9S  E 8H  N KS  W TS
5. E AD  N 9D  W 7D  S 8D
6. N JC  W JH  S KD  E TH
7. W TD  S 9H  E KH  N 7C
8. S AS  E AH  N 8C  W 7H
"""
RESULT = "result NS 12 EW 16\n"
LEGAL = DEALT + AUCTION + PLAY + RESULT

CASES = {
    "legal": LEGAL,
    # a result line before the play, and one after it
    "result between events": DEALT + AUCTION + "result score NS 0 EW 0\n" + PLAY + RESULT,
    "wrong mark after a result": (DEALT + AUCTION + "result score NS 0 EW 0\n"
                                  + PLAY.replace("1. W 8S", "2. W 8S") + RESULT),
    "wrong trick mark": LEGAL.replace("5. E AD", "6. E AD").replace("7. W TD", "W TD"),
    "mark inside a trick": LEGAL.replace("E 9D  N 9D", "E 9D  2. N 9D"),
    "illegal bid stands": LEGAL.replace("W 16", "W 13"),
    "card not held stops": LEGAL.replace("N KC  W QC", "N 8H  W QC"),
    "stop then results": (DEALT + AUCTION + "result score NS 0 EW 0\n"
                          + PLAY.replace("N KC  W QC", "N 8H  W QC") + RESULT + RESULT),
    "no events": DEALT + RESULT,
    # a trump choice after the bids (a stretch not all pairs), a trick over two lines
    "stretches of other kinds": (DEALT + AUCTION.replace("\nW trump JH", "  W trump JH")
                                 + PLAY.replace("E JS  N QS", "E JS\nN QS") + RESULT),
}


def read(text: str) -> list[StreamItem]:
    return list(iter_items(text))


def deals(items: list[StreamItem]) -> list[Deal]:
    return [item for item in items if isinstance(item, Deal)]


def event_dump(item: Event | ResultLine) -> tuple:
    if isinstance(item, Event):
        return ("event", item.action, item.trick, item.span, item.offset, item.comments)
    return ("result", item.kind, item.values, item.span, item.comments)


def walks(items: list[StreamItem], materialize: bool) -> list[tuple]:
    """What the loop says of every deal of ``items`` (read afresh), walked as ``check``
    walks (``every`` false), each deal scored into its match."""
    said: list[tuple] = []
    replay: MatchReplay | None = None
    for item in items:
        if isinstance(item, RecordHeader):
            replay = MatchReplay(item)
            continue
        assert replay is not None
        if materialize:
            assert item.items is not None
            assert item.body is None
        ruleset = replay.ruleset
        if ruleset.is_match_over(replay.match):
            break
        try:
            run = DealRun(ruleset, replay.match, item)
        except RecordError as error:
            said.append(("error", error.code, error.message, error.line, error.column))
            ruleset.pass_over(replay.match)
            continue
        verdicts = []
        for event, exclusion in run.events(every=False):
            verdicts.append((event_dump(event), event in item.items,
                             len(run.results),  # gathered so far: those before the event
                             None if exclusion is None
                             else (exclusion.rule, exclusion.message, exclusion.effect)))
        result = run.settle()
        said.append((verdicts, [event_dump(line) for line in run.results], run.offenders,
                     None if run.stopped is None else event_dump(run.stopped),
                     run.stopped is None or run.stopped in item.items,
                     result.points, result.score, result.disputed))
    return said


def assert_same_walks(text: str) -> None:
    compact = read(text)
    assert all(deal.body is not None for deal in deals(compact)), "not read in compact form"
    assert walks(compact, materialize=False) == walks(read(text), materialize=True)


@cache
def simulated() -> tuple[tuple[str, str], ...]:
    """(name, text) of legal deals and of deals with one action broken, every game and
    preset."""
    cases = []
    for cls in games():
        for number, preset in enumerate(cls.presets):
            seed = 11 + number
            cases.append((f"{cls.name}-{preset}",
                          dumps(simulate_records(cls.name, 3, seed, preset))))
            records = simulate_records(cls.name, 3, seed, preset)
            break_one_action(records, random.Random(seed))
            cases.append((f"{cls.name}-{preset}-broken", dumps(records)))
    return tuple(cases)


def test_the_fast_reader_leaves_a_body_and_the_same_events_as_lark() -> None:
    for text in (*CASES.values(), *(text for _, text in simulated())):
        fast = read(text)
        assert all(deal.body is not None for deal in deals(fast))
        with lark_only():
            slow = read(text)
        assert all(deal.body is None for deal in deals(slow))
        for one, other in zip(deals(fast), deals(slow), strict=True):
            assert [event_dump(item) for item in one.items] == [
                event_dump(item) for item in other.items]
            assert one == other
            assert one.body is None  # items made: the body is gone


def test_actions_and_check_seats_need_no_events() -> None:
    items = read(LEGAL)
    deal = deals(items)[0]
    ruleset = MatchReplay(items[0]).ruleset  # type: ignore[arg-type]
    assert not check_seats(ruleset, deal)
    assert len(deal.actions) == 4 + 1 + 33
    assert deal.body is not None
    assert list(deal.actions) == [event.action for event in deal.events]


def test_result_lines_need_no_events() -> None:
    for name in ("legal", "result between events"):
        deal = deals(read(CASES[name]))[0]
        lines = deal.result_lines
        assert deal.body is not None  # read without making the events
        assert lines == [item for item in deal.items if type(item) is ResultLine]
        assert len(lines) == (1 if name == "legal" else 2)
        assert deal.result_lines == lines  # and the same from the items


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_loop_says_the_same_of_a_compact_deal(name: str) -> None:
    assert_same_walks(CASES[name])


def test_the_loop_says_the_same_of_simulated_deals() -> None:
    for _, text in simulated():
        assert_same_walks(text)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda path: path.name)
def test_the_loop_says_the_same_of_the_samples(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    compact, flat = read(text), read(text)
    assert walks(compact, materialize=False) == walks(flat, materialize=True)


def test_reports_at_the_events_of_the_deal() -> None:
    deal = deals(read(CASES["card not held stops"]))[0]
    items = read(CASES["card not held stops"])
    replay = MatchReplay(items[0])  # type: ignore[arg-type]
    deal = deals(items)[0]
    run = DealRun(replay.ruleset, replay.match, deal)
    assert deal.body is not None
    said = list(run.events(every=False))
    assert deal.body is None  # made at the first event reported
    assert [event for event, _ in said] == [run.stopped]
    (event, exclusion), = said
    assert exclusion is not None and exclusion.effect is Effect.STOPS
    assert any(item is event for item in deal.items)
    assert event.span.line == 11 and event.action == Action("N", "play", ("8H",))
    assert run.results == [item for item in deal.items if isinstance(item, ResultLine)]


def test_seat_errors_are_placed_at_their_event() -> None:
    text = LEGAL.replace("N 8C  W 7H", "X 8C  W 7H")

    def error(materialize: bool) -> tuple:
        items = read(text)
        deal = deals(items)[0]
        if materialize:
            deal.items  # noqa: B018  # made before the check
        with pytest.raises(RecordError) as caught:
            check_seats(MatchReplay(items[0]).ruleset, deal)  # type: ignore[arg-type]
        return caught.value.code, caught.value.message, caught.value.line, caught.value.column

    assert error(False) == error(True)
    assert error(False)[2:] == (17, 16)  # at "X 8C" in trick 8


def test_a_change_to_items_is_what_the_loop_sees() -> None:
    items = read(LEGAL)
    replay = MatchReplay(items[0])  # type: ignore[arg-type]
    deal = deals(items)[0]
    events = deal.events
    position = deal.items.index(events[-1])
    deal.items[position] = Event(Action("W", "play", ("8H",)), events[-1].span)
    assert deal.body is None
    run = DealRun(replay.ruleset, replay.match, deal)
    said = list(run.events(every=False))
    assert said and said[0][0] is deal.items[position]
    assert said[0][1] is not None and said[0][1].rule == "28.not-held"


def test_items_set_anew_replace_the_body() -> None:
    deal = deals(read(LEGAL))[0]
    line = ResultLine("points", (("NS", 1), ("EW", 27)))
    deal.items = [line]
    assert deal.body is None and deal.items == [line] and deal.actions == []
    assert deal == Deal(deal.number, deal.dealer, deal.hands, [line], deal.span)
    assert repr(deal).startswith("Deal(number=1, dealer='N', hands=[Hand(")
    assert "items=[ResultLine(" in repr(deal)
