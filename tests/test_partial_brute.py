"""The partial replay of the Twenty-Eight family against brute force over the worlds.

A simulated deal (perhaps with one revoke swapped in) is cut short and a few cards of two or
three hidden hands are written ``??``; every placement of those cards (each world) is then a
complete record the exact referee checks. The partial replay's whole verdict must be the
brute force's: an error exactly when every world has one (illegal whatever the unseen cards
are, or a certain violation whose culprit is unknown), none when some world is legal.
Hands are written in one round, so that positions (the first batch) play no part; deals
with a pair, a single hand, a show or a redeal demand are left out (the referee only notes
those checks for unseen hands, without facts).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from referee.model.record import Event, Record
from referee.notation.writer import dumps
from referee.pipeline.checking import check_text
from referee.replay.simulate import simulate_records

FAMILY = ("twenty-eight", "twenty-nine", "forty", "fifty-six")
SEEDS = range(80)
HIDDEN = 5


def has_error(text: str) -> bool:
    report = check_text(text)
    assert report.failure is None, report.failure.render()
    return any(f.severity == "error" and not f.rule.endswith(".incomplete")
               for match in report.matches for f in match.all_findings())


def swap_in_a_revoke(deal_plays: list[Event], seats: int, viewer: str,
                     rng: random.Random) -> None:
    """A seat other than the viewer discards a card he plays later instead of following."""
    for _ in range(20):
        i = rng.randrange(seats, len(deal_plays) - seats)
        event = deal_plays[i]
        led = deal_plays[i - i % seats].action.cards[0][1]
        if i % seats == 0 or event.action.seat == viewer or event.action.cards[0][1] != led:
            continue
        later = [p for p in deal_plays[i + 1:] if p.action.seat == event.action.seat
                 and p.action.cards[0][1] != led]
        if later:
            other = rng.choice(later)
            event.action, other.action = (event.action._replace(cards=other.action.cards),
                                          other.action._replace(cards=event.action.cards))
            return


def case(game: str, seed: int) -> tuple[str, list[str]] | None:
    """(the partly seen record, each world as a complete record), or None for a deal this
    comparison leaves out."""
    rng = random.Random(seed)
    (record, *_) = simulate_records(game, 1, seed)
    deal = record.deals[0]
    events = [item for item in deal.items if isinstance(item, Event)]
    if any(e.action.kind in ("pair", "single", "show", "redeal") for e in events):
        return None
    plays = [e for e in events if e.action.kind == "play"]
    seats = [hand.seat for hand in deal.hands]
    if len(plays) <= 2 * len(seats):
        return None
    viewer = rng.choice(seats)
    if rng.random() < 0.6:
        swap_in_a_revoke(plays, len(seats), viewer, rng)
    cut = rng.randrange(len(seats), len(plays) + 1)
    kept = {id(p) for p in plays[:cut]}
    deal.items = [item for item in deal.items[:deal.items.index(plays[cut - 1]) + 1]
                  if not isinstance(item, Event) or item.action.kind != "play"
                  or id(item) in kept]
    played = Counter(c for p in plays[:cut] for c in p.action.cards)
    trump = next((e.action.cards[0] for e in events
                  if e.action.kind == "trump" and e.action.cards), None)
    hidden_seats = rng.sample([s for s in seats if s != viewer], rng.randint(2, 3))
    pool = [(hand.seat, i, card) for hand in deal.hands if hand.seat in hidden_seats
            for i, card in enumerate(hand.cards) if played[card] == 0 and card != trump]
    if len(pool) < 2:
        return None
    hide = rng.sample(pool, min(HIDDEN, len(pool)))
    at = {(seat, i) for seat, i, _ in hide}
    flat = {hand.seat: list(hand.cards) for hand in deal.hands}
    partial = {seat: ["??" if (seat, i) in at else c for i, c in enumerate(cards)]
               for seat, cards in flat.items()}
    slots = [(seat, i) for seat, cards in partial.items()
             for i, c in enumerate(cards) if c == "??"]
    worlds = []
    for order in set(itertools.permutations(card for _, _, card in hide)):
        world = {seat: list(cards) for seat, cards in partial.items()}
        for (seat, i), card in zip(slots, order, strict=True):
            world[seat][i] = card
        worlds.append(with_hands(record, world))
    return with_hands(record, partial), worlds


def with_hands(record: Record, hands: dict[str, list[str]]) -> str:
    for hand in record.deals[0].hands:
        hand.rounds = [hands[hand.seat]]
    return dumps([record])


@pytest.mark.parametrize("game", FAMILY)
def test_the_verdict_on_a_partly_seen_deal_is_the_brute_forces(game: str) -> None:
    kinds = Counter()
    for seed in SEEDS:
        made = case(game, seed)
        if made is None:
            continue
        partial, worlds = made
        illegal_whatever = all(has_error(world) for world in worlds)
        assert has_error(partial) == illegal_whatever, (partial, len(worlds))
        kinds[illegal_whatever] += 1
    assert kinds[True] >= 3 and kinds[False] >= 3, kinds  # both verdicts are tried
