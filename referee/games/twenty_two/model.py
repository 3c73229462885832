"""The model of Twenty-Two: its data and pure rules (card strength, damage, the
bar a follower must beat).

The ``TwentyTwo`` ruleset (referee.games.twenty_two.ruleset) judges and applies the
actions; what is here is pure functions of cards and numbers, and data.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.model.cards import Card

RANK_ORDER = "23456789TJQKA"
"""Ranks from lowest to highest: suits are irrelevant."""
STRENGTH = {rank: index for index, rank in enumerate(RANK_ORDER)}
DAMAGE = {"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10,
          **{str(value): value for value in range(2, 10)}}
"""Damage value of each rank."""
DEATH = 22
"""Total damage at which a player dies."""
FIRST_DEAL_SIZE = 7
"""Cards each in the first deal."""
MAX_PLAYERS_ONE_PACK = 6
PLAYERS_PER_EXTRA_PACK = 3
"""2-6 players with one pack; each further pack seats three more (two packs up to 9)."""

FOLLOW_SAMPLES = 3
"""Follows that neither dominate nor are the lowest, offered to ``legal_actions`` per turn."""


CARD_STRENGTH = {rank + suit: STRENGTH[rank] for rank in RANK_ORDER for suit in "SHDC"}
"""Each card's strength (its rank's), made once: the table every play is judged by."""
_CARD_ORDER = {rank + suit: (STRENGTH[rank], "SHDC".index(suit))
               for rank in RANK_ORDER for suit in "SHDC"}
"""Card -> strength and card -> sort key, looked up once per card (the replay's hot path)."""


def strengths(cards: Iterable[Card]) -> list[int]:
    """The ranks' strengths, lowest first (the sorted form of ``22.follow``)."""
    return sorted(map(CARD_STRENGTH.__getitem__, cards))


def dominates(cards: Iterable[Card], bar: list[int]) -> bool:
    """True if ``cards`` are at least as strong as ``bar`` element-wise, sorted."""
    return covers(strengths(cards), bar)


def covers(mine: list[int], bar: list[int]) -> bool:
    """True if the sorted strengths ``mine`` are at least ``bar``'s element-wise."""
    if len(mine) == 1:  # the commonest play, one card
        return len(bar) == 1 and mine[0] >= bar[0]
    return len(mine) == len(bar) and all(y >= x for y, x in zip(mine, bar, strict=True))


def lowest(hand: Iterable[Card], count: int) -> list[int]:
    """The strengths of the ``count`` lowest cards of ``hand``."""
    return strengths(hand)[:count]


def ranked(cards: Iterable[Card]) -> list[Card]:
    """Cards from the lowest rank to the highest (suits in S H D C order), for messages."""
    return sorted(cards, key=_CARD_ORDER.__getitem__)


def show(cards: Iterable[Card]) -> str:
    return " ".join(ranked(cards))
