"""The referee against a second, independent implementation of Twenty-Two
(tests/oracle22.py) on simulated matches at 2 to 6 seats, each deal also with one action
broken (from the referee's exclusions, and at random).

Both must agree on every deal: the first illegal action (where, under which rule), where the
replay stops, each seat's damage in the deal and the damage totals. ORACLE22_DEALS=N runs N
deals per table (30 in the suite); ``python tests/test_oracle22.py N`` (with SEED=S) prints
every disagreement.
"""

from __future__ import annotations

import os
import random

import pytest
from breaking import Oracle, oracle_disagreements, points_differences, points_view
from oracle22 import Match, judge_deal

from referee.model.record import Action, Deal, Record
from referee.replay.simulate import simulate

DEALS = int(os.environ.get("ORACLE22_DEALS", "30"))
TABLES = [["A", "B"], ["A", "B", "C"], ["A", "B", "C", "D"], ["P1", "P2", "P3", "P4", "P5"],
          ["P1", "P2", "P3", "P4", "P5", "P6"]]


def wild_action(deal: Deal, rng: random.Random) -> Action:
    """Any action at all, drawn without asking the referee what is legal."""
    seat = rng.choice([hand.seat for hand in deal.hands])
    cards = [c for hand in deal.hands for c in hand.cards]
    own = [c for hand in deal.hands if hand.seat == seat for c in hand.cards]
    pool = own if rng.random() < 0.8 else cards
    count = rng.choice((1, 1, 1, 2, 3))
    chosen = tuple(rng.sample(pool, min(count, len(pool))))
    if rng.random() < 0.3:
        drawn = tuple(rng.sample(cards, rng.choice((0, len(chosen), len(chosen)))))
        return Action(seat, "exchange", cards=chosen, drawn=drawn)
    return Action(seat, "play", cards=chosen)


def new_match(record: Record) -> Match:
    tags = {tag.name: tag.values for tag in record.header.tags}
    return Match(seats=tags["Seats"][0].split() if "Seats" in tags else ["N", "E", "S", "W"])


ORACLE = Oracle(new_match, judge_deal, points_view, points_differences, wild_action)


def compare(seats: list[str], deals: int, seed: int, wild: bool = False) -> list[str]:
    text = simulate("twenty-two", deals, seed, seats=seats)
    return [f"{len(seats)} seats {line}"
            for line in oracle_disagreements(ORACLE, text, seed, wild)]


@pytest.mark.parametrize("wild", [False, True])
@pytest.mark.parametrize("seats", TABLES, ids=len)
def test_oracle_agrees(seats: list[str], wild: bool) -> None:
    problems = compare(seats, DEALS, 2026 + wild, wild)
    assert not problems, "\n".join(problems[:20])


if __name__ == "__main__":
    import sys

    count = int(sys.argv[1]) if len(sys.argv) > 1 else DEALS
    for seats in TABLES:
        for wild in (False, True):
            for line in compare(seats, count, int(os.environ.get("SEED", "2026")) + wild,
                                wild):
                print(("wild " if wild else "") + line)
