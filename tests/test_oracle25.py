"""The referee against a second, independent implementation of Twenty-Five
(tests/oracle25.py) on simulated matches at 3 to 9 seats, alone and in teams, each deal also
with one action broken (from the referee's exclusions, and at random).

Both must agree on every deal: the first illegal action (where, under which rule), where the
replay stops, the points of the deal and the match score. ORACLE25_DEALS=N runs N deals per
table (30 in the suite); ``python tests/test_oracle25.py N`` (with SEED=S) prints every
disagreement.
"""

from __future__ import annotations

import os
import random

import pytest
from breaking import Oracle, oracle_disagreements, points_differences, points_view
from oracle25 import judge_deal, match_for

from referee.model.record import Action, Deal
from referee.replay.simulate import simulate

DEALS = int(os.environ.get("ORACLE25_DEALS", "30"))
TABLES: list[tuple[list[str], list[list[str]] | None]] = [
    (["A", "B", "C"], None),
    (["N", "E", "S", "W"], [["N", "S"], ["E", "W"]]),
    (["P1", "P2", "P3", "P4", "P5"], None),
    (["P1", "P2", "P3", "P4", "P5", "P6"], [["P1", "P3", "P5"], ["P2", "P4", "P6"]]),
    (["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9"], None),
]


def wild_action(deal: Deal, rng: random.Random) -> Action:
    """Any action at all, drawn without asking the referee what is legal."""
    seat = rng.choice([hand.seat for hand in deal.hands])
    cards = [c for hand in deal.hands for c in hand.cards]
    own = [c for hand in deal.hands if hand.seat == seat for c in hand.cards]
    kind = rng.choice(("play", "play", "play", "rob"))
    return Action(seat, kind, cards=(rng.choice(own if rng.random() < 0.8 else cards),))


ORACLE = Oracle(match_for, judge_deal, points_view, points_differences, wild_action)


def compare(seats: list[str], teams: list[list[str]] | None, deals: int, seed: int,
            wild: bool = False) -> list[str]:
    table = {"seats": seats} | ({"teams": teams} if teams else {})
    text = simulate("twenty-five", deals, seed, **table)
    return [f"{len(seats)} seats{' teams' if teams else ''} {line}"
            for line in oracle_disagreements(ORACLE, text, seed, wild)]


@pytest.mark.parametrize("wild", [False, True])
@pytest.mark.parametrize(("seats", "teams"), TABLES, ids=lambda x: str(len(x or [])))
def test_oracle_agrees(seats: list[str], teams: list[list[str]] | None, wild: bool) -> None:
    problems = compare(seats, teams, DEALS, 2026 + wild, wild)
    assert not problems, "\n".join(problems[:20])


if __name__ == "__main__":
    import sys

    count = int(sys.argv[1]) if len(sys.argv) > 1 else DEALS
    for seats, teams in TABLES:
        for wild in (False, True):
            for line in compare(seats, teams, count,
                                int(os.environ.get("SEED", "2026")) + wild, wild):
                print(("wild " if wild else "") + line)
