"""The pack: rank order, card points and suits looked up once per game; a double pack's multiset
hand."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from functools import cache
from typing import NamedTuple

from referee.games.twenty_eight.scoring import (
    rank_key,
)
from referee.model.cards import make_pack

SUIT_ORDER = "SHDC"


class PackData(NamedTuple):
    """A game's pack and what the replay looks up in it, made once per rank order and point
    table (``pack_data``)."""

    cards: frozenset[str]
    strength: dict[str, int]
    """Rank -> strength, higher is stronger (``rank_key``)."""
    power: dict[str, int]
    """Card -> the strength of its rank."""
    card_points: dict[str, int]
    """Card -> its points."""
    point_cards: frozenset[str]
    """The cards worth a point or more: a hand is pointless when disjoint from them."""
    suit_cards: defaultdict[str, frozenset[str]]
    """Suit -> the pack's cards of that suit: ``hand & suit_cards[led]`` follows suit."""
    total_points: int


@cache
def pack_data(rank_order: str, point_table: tuple[tuple[str, int], ...],
               equal_ranks: tuple[str, ...] = ()) -> PackData:
    points = dict(point_table)
    cards = frozenset(make_pack(rank_order))
    strength = rank_key(rank_order)
    for group in equal_ranks:  # equal ranks (40's J and 3): the first played wins
        for rank in group[1:]:
            strength[rank] = strength[group[0]]
    card_points = {card: points.get(card[0], 0) for card in cards}
    suits = {card[1] for card in cards}
    return PackData(
        cards=cards,
        strength=strength,
        power={card: strength[card[0]] for card in cards},
        card_points=card_points,
        # a card worth -1 (kings_queens_minus_one) is no point card: the redeal and
        # cancellation rules ask for a card that carries a point
        point_cards=frozenset(card for card in cards if card_points[card] > 0),
        suit_cards=defaultdict(frozenset, {
            suit: frozenset(card for card in cards if card[1] == suit) for suit in suits}),
        total_points=sum(card_points.values()),
    )


class MultiHand:
    """A hand that may hold two copies of a card (Fifty-Six's double pack), with the few set
    operations the replay uses on hands: membership, distinct cards, add and remove one copy,
    ``hand & cards`` and ``isdisjoint``."""

    __slots__ = ("_count",)

    def __init__(self, cards: Iterable[str] = ()) -> None:
        self._count: Counter[str] = Counter(cards)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, str) and self._count[card] > 0

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._count))  # each distinct card once

    def __len__(self) -> int:
        return sum(self._count.values())

    def copies(self) -> list[str]:
        """Every card held, each copy once (``iter`` gives each distinct card once)."""
        return list(self._count.elements())

    def add(self, card: str) -> None:
        self._count[card] += 1

    def discard(self, card: str) -> None:
        if self._count.get(card, 0) > 1:
            self._count[card] -= 1
        else:
            self._count.pop(card, None)

    def __and__(self, other: Iterable[str]) -> set[str]:
        wanted = other if isinstance(other, (set, frozenset)) else set(other)
        return {card for card in self._count if card in wanted}

    def isdisjoint(self, other: Iterable[str]) -> bool:
        wanted = other if isinstance(other, (set, frozenset)) else set(other)
        return not any(card in wanted for card in self._count)
