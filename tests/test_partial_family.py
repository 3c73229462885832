"""Partial records of the Twenty-Eight family (Twenty-Eight, Twenty-Nine, Forty, Fifty-Six).

Simulated legal deals, seen in part (from one seat with ``view_of``, cut short, with cards
written ``??`` in hands or plays, with hand lines left out), are never reported illegal or
inconsistent, and their open points contain the true points; a revoke that the seen cards
prove is reported, and one they cannot prove is a note; the notation keeps ``??`` through
``fmt`` and ``convert``; a deal whose unseen cards cannot be placed is an error of that deal
alone; ``moves`` at an unseen seat lists what he may hold.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator

import pytest

from referee.games import find_game
from referee.model.record import Deal, Event, Record
from referee.notation.parser import parse_records
from referee.notation.writer import dumps
from referee.pipeline.checking import check_text
from referee.replay.canonical import canonical_text
from referee.replay.moves import moves_at, parse_position
from referee.replay.simulate import simulate_records
from referee.replay.viewpoint import view_of
from referee.report.model import FileReport

FAMILY = ("twenty-eight", "twenty-nine", "forty", "fifty-six")
CASES = [pytest.param(game, preset, id=f"{game}-{preset}")
         for game in FAMILY for preset in find_game(game).presets]
SEEDS = range(40)


def plays(deal: Deal) -> list[Event]:
    return [e for e in deal.events if e.action.kind == "play"]


def errors(report: FileReport) -> list[str]:
    """The error findings of a report, the deal being in progress aside (``--partial``)."""
    assert report.failure is None, report.failure.render()
    return [f"{f.rule} {f.seat}: {f.message}" for m in report.matches
            for f in m.all_findings()
            if f.severity == "error" and not f.rule.endswith(".incomplete")]


def cut(deal: Deal, keep: int) -> None:
    """Keep the deal's first ``keep`` plays and the events before the last of them."""
    kept: list[object] = []
    count = 0
    for item in deal.items:
        if isinstance(item, Event) and item.action.kind == "play":
            if count == keep:
                break
            count += 1
        kept.append(item)
    deal.items = kept  # type: ignore[assignment]


def partly_seen(record: Record, rng: random.Random) -> Iterator[tuple[str, Record, bool]]:
    """Ways to see the record in part: (what, the record, whether every trick stays whole
    and seen, so that the points are exact)."""
    deal = record.deals[0]
    seats = [hand.seat for hand in deal.hands]
    seat = rng.choice(seats)
    yield "view", view_of(record, seat), True
    short = view_of(record, seat)
    if len(plays(short.deals[0])) > 1:
        cut(short.deals[0], rng.randrange(1, len(plays(short.deals[0]))))
        yield "view cut short", short, False
    unseen = view_of(record, seat)
    for event in plays(unseen.deals[0]):
        if event.action.seat != seat and rng.random() < 0.25:
            event.action = event.action._replace(cards=("??",))
    yield "view with cards played unseen", unseen, False
    hidden = copy.deepcopy(record)
    for hand in hidden.deals[0].hands:
        if hand.seat != seat:
            hand.rounds = [["??" if rng.random() < 0.5 else card for card in part]
                           for part in hand.rounds]
    yield "hand lines with cards unseen", hidden, True
    left_out = copy.deepcopy(record)
    kept = rng.sample(seats, rng.randrange(len(seats)))
    left_out.deals[0].hands = [h for h in left_out.deals[0].hands if h.seat in kept]
    if len(plays(left_out.deals[0])) > 1:
        cut(left_out.deals[0], rng.randrange(1, len(plays(left_out.deals[0]))))
    yield "hand lines left out, cut short", left_out, False


def open_values(report: FileReport) -> dict[str, set[int]]:
    result = report.matches[0].deals[0].result
    assert result is not None
    values = {team: {points} for team, points in result.points.items()}
    values.update((team, set(sets)) for team, sets in result.point_sets.items())
    return values


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_a_legal_deal_seen_in_part_is_never_illegal(game: str, preset: str) -> None:
    for seed in SEEDS:
        rng = random.Random(seed)
        (record, *_) = simulate_records(game, 1, seed, preset)
        truth = check_text(dumps([record]))
        assert not errors(truth)
        true_points = truth.matches[0].deals[0].result.points
        for what, partial, whole in partly_seen(record, rng):
            text = dumps([partial])
            report = check_text(text, f"{game}-{preset}-{seed} ({what})")
            assert not errors(report), (what, text, errors(report))
            values = open_values(report)
            for team, points in true_points.items():
                if whole:
                    assert values[team] == {points}, (what, text)
                elif plays(partial.deals[0]) == plays(record.deals[0]):
                    assert points in values[team], (what, text, values)


def revoke(record: Record, rng: random.Random, viewer: str) -> tuple[int, str] | None:
    """Make a seat other than ``viewer`` discard a card he plays later instead of following
    suit: (the trick of the revoke, the seat), or None if no such swap fits."""
    deal = record.deals[0]
    played = plays(deal)
    n = len(deal.hands)
    if len(played) < 3 * n:
        return None  # a deal thrown in early
    for _ in range(50):
        i = rng.randrange(n, len(played) - n)
        event = played[i]
        seat = event.action.seat
        led = played[i - i % n].action.cards[0][1]
        if i % n == 0 or seat == viewer or event.action.cards[0][1] != led:
            continue
        later = [p for p in played[i + 1:] if p.action.seat == seat
                 and p.action.cards[0][1] != led]
        if later:
            other = rng.choice(later)
            event.action, other.action = (event.action._replace(cards=other.action.cards),
                                          other.action._replace(cards=event.action.cards))
            return i // n + 1, seat
    return None


@pytest.mark.parametrize("game", FAMILY)
def test_a_revoke_the_seen_cards_prove_is_reported_and_one_they_cannot_is_a_note(
        game: str) -> None:
    follow = find_game(game).rule_prefix + ".follow-suit"
    proven = noted = 0
    for seed in range(12):
        rng = random.Random(seed)
        (record, *_) = simulate_records(game, 1, seed)
        viewer = rng.choice([hand.seat for hand in record.deals[0].hands])
        made = revoke(record, rng, viewer)
        if made is None:
            continue
        trick, seat = made
        full = [f for m in check_text(dumps([record])).matches for f in m.all_findings()
                if f.severity == "error"]
        if not full or (full[0].rule, full[0].trick, full[0].seat) != (follow, trick, seat):
            continue  # the swap broke another rule first (the face-down card, a call)
        # seen from the viewer, every card is played face up: the revoke is proven
        view = view_of(record, viewer)
        report = check_text(dumps([view]))
        found = [f for m in report.matches for f in m.all_findings()
                 if f.rule == follow and f.trick == trick]
        assert found and found[0].seat == seat, (dumps([view]), errors(report))
        proven += 1
        # cut right after the revoke: the card he kept back is not seen yet
        n = len(record.deals[0].hands)
        cut(view.deals[0], trick * n)
        report = check_text(dumps([view]))
        # (Twenty-Nine's first void must call: not following without a call is then
        # illegal whatever he held, under must-call)
        either = {follow, find_game(game).rule_prefix + ".must-call"}
        at_trick = [f for m in report.matches for f in m.all_findings()
                    if f.trick == trick and f.severity == "error" and f.rule in either]
        notes = [f for m in report.matches for f in m.all_findings()
                 if f.rule == "record.unchecked" and f.seat == seat and follow in f.message]
        assert at_trick or notes, dumps([view])
        noted += bool(notes)
    assert proven >= 6 and noted >= 1


TWENTY_EIGHT = '[Game "twenty-eight"]\n[View "N"]\n\n'


def test_unseen_cards_survive_fmt_and_convert() -> None:
    text = (TWENTY_EIGHT + "deal 1 dealer E\nN: JH 9H AH TH | KH QH 8H 8D\n"
            "W: ?? JS ?? ?? | ?? ?? ?? 7D\n"
            "N 14  W 16  S pass  E pass  N pass\nW trump ??\n"
            "1. N JH  W ??  S 7H  E 8H\n2. W 7D  S call 9S  S ??  E 9D  N 8D\n")
    assert canonical_text(text, "x.ttn") == text
    (record,) = parse_records(text)
    from referee.notation.jsonform import record_from_json, record_to_json
    assert dumps([record_from_json(record_to_json(record))]) == text


def test_a_deal_whose_unseen_cards_cannot_be_placed_is_an_error_of_that_deal_alone() -> None:
    text = (TWENTY_EIGHT + "deal 1 dealer E\nN: JH 9H AH TH | KH QH 8H 8D\n"
            "N 14  W 16  S pass  E pass  N pass\nW trump 7C\n"
            "1. N JH  W 8C  S 7D  E 9C\n2. N 9H  W call  W 8D\n\n"
            "deal 2 dealer N\nN: JS 9S AS TS | KS QS 8S 8D\n"
            "W 14  S 16  E pass  N pass  W pass\nS trump 7C\n1. W 8C  S 9C  E TC  N 8D\n")
    report = check_text(text)
    deals = report.matches[0].deals
    assert [f.rule for f in deals[0].findings if f.severity == "error"] == [
        "record.inconsistent"]
    assert "8D" in deals[0].findings[-1].message
    assert deals[1].result is not None  # the next deal is checked
    from referee.report.model import Totals
    assert Totals.of([report]).exit_code() == 2


def test_a_call_must_name_the_card_it_shows_when_the_trump_card_is_not_seen() -> None:
    base = (TWENTY_EIGHT + "deal 1 dealer E\nN: 9D AD TD KD | QD 8D 7D 7C\n"
            "N 14  W 16  S pass  E pass  N pass\nW trump {}\n1. N 9D  W call{}  W 8C\n")
    plain = check_text(base.format("??", ""))
    assert plain.error_code == "record.unseen" and "call CARD" in plain.error
    named = check_text(base.format("??", " JS"))
    assert [f.rule for f in named.matches[0].all_findings() if f.severity == "error"] == [
        "28.call-must-trump", "28.incomplete"]
    other = check_text(base.format("9S", " JS"))
    assert [f.rule for f in other.matches[0].all_findings()] == ["record.inconsistent"]


def test_the_next_lead_pins_the_card_of_the_trick_winner() -> None:
    text = (TWENTY_EIGHT + "deal 1 dealer E\nN: KH 9D AC TC | KS QS 8D 7D\n"
            "N 14  W 16  S pass  E pass  N pass\nW trump 9S\n"
            "1. N KH  W ??  S 7H  E 8H\n2. W 7C  S 8C  E JC  N AC\n")
    result = check_text(text).matches[0].deals[0].result
    assert result is not None
    # W won trick 1, so his card beat the king: the jack, nine, ace or ten of hearts
    assert result.point_sets == {"EW": (5, 6, 7)} and result.points["NS"] == 0


def test_moves_at_an_unseen_seat_lists_what_he_may_hold() -> None:
    for seed in range(6):
        (record, *_) = simulate_records("twenty-eight", 1, seed)
        deal = record.deals[0]
        last = plays(deal)[-1]
        viewer = next(h.seat for h in deal.hands if h.seat != last.action.seat)
        view = view_of(record, viewer)
        cut(view.deals[0], len(plays(view.deals[0])) - 1)
        moves = moves_at(parse_records_items(dumps([view])), parse_position("end"))
        legal = [a for a in moves.allowed if a.seat == last.action.seat]
        # every other card has been played: the seat to play holds exactly his last card
        assert [a.cards for a in legal if a.kind == "play"] == [last.action.cards]


def parse_records_items(text: str) -> Iterator[object]:
    from referee.catalogue.lookups import record_vocabulary
    from referee.notation.parser import iter_items
    return iter_items(text, vocabulary=record_vocabulary)
