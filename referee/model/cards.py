"""Cards as short canonical strings, suits, ranks and packs.

A card is the two-character string rank + suit, upper case, with ``T`` for ten:
``"JS"``, ``"TH"``, ``"7C"``. Plain strings keep the replay fast (set look-ups and
comparisons stay in C) and print as the record writes them. The unseen card ``??``
is reserved for partial records.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.model.lexicon import CARD_SPELLINGS, suit_spellings

Card = str

SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2")
RANK_NAMES = {
    "A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine",
    "8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three",
    "2": "two",
}
UNSEEN = "??"
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
"""Each suit letter's sign, for text a person reads (the replay page)."""

_SUIT_ALIASES = suit_spellings()


class CardError(ValueError):
    """A string that is not a card or a suit."""


def parse_suit(text: str) -> str:
    """Return the suit letter for ``S``/``H``/``D``/``C`` or a suit symbol."""
    suit = _SUIT_ALIASES.get(text.upper())
    if suit is None:
        raise CardError(f"'{text}' is not a suit (S H D C or a suit symbol)")
    return suit


def parse_card(text: str) -> Card:
    """Return the canonical form of a card written as rank + suit (``10s`` -> ``TS``)."""
    if text == UNSEEN:
        return UNSEEN
    card = CARD_SPELLINGS.get(text)
    if card is None:
        raise CardError(f"'{text}' is not a card (ranks A K Q J T 10 9 ... 2, suits S H D C)")
    return card


def suit_of(card: Card) -> str:
    return card[1]


def rank_of(card: Card) -> str:
    return card[0]


def card_name(card: Card) -> str:
    """``"JS"`` -> ``"jack of spades"``, for messages."""
    return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def make_pack(ranks: Iterable[str], copies: int = 1) -> list[Card]:
    """Every suit in SUITS order, ranks in the order given, ``copies`` times over."""
    ranks = tuple(ranks)
    return [rank + suit for _ in range(copies) for suit in SUITS for rank in ranks]


def sort_cards(cards: Iterable[Card], rank_order: str) -> list[Card]:
    """Sort by suit (S H D C) and then by ``rank_order`` (high to low)."""
    return sorted(cards, key=lambda c: (SUITS.index(c[1]), rank_order.index(c[0])))


def card_text(card: str | None) -> str:
    """``"JS"`` -> ``"J♠"`` (``"T"`` reads 10), for text a person reads."""
    if not card:
        return ""
    if len(card) != 2 or card[1] not in SUIT_SIGNS:
        return card
    return ("10" if card[0] == "T" else card[0]) + SUIT_SIGNS[card[1]]


def suit_text(suit: str | None) -> str:
    """``"S"`` -> ``"♠"``; anything else as it is."""
    return SUIT_SIGNS.get(str(suit), str(suit)) if suit else ""
