"""Twenty-Five's cards: the order of the trump suit and of the plain suits, and the
tables the replay looks every card up in, made once per trump suit (``trump_data``)."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from referee.model.cards import RANKS, make_pack

ACE_OF_HEARTS = "AH"

TRUMP_ORDER: dict[str, tuple[str, ...]] = {
    # the trump suit, highest first: the 5 and the J of trumps, the A of hearts, then the trump ace,
    # K, Q and the spot cards high to low in red, low to high in black.
    "H": ("5H", "JH", "AH", "KH", "QH", "TH", "9H", "8H", "7H", "6H", "4H", "3H", "2H"),
    "D": ("5D", "JD", "AH", "AD", "KD", "QD", "TD", "9D", "8D", "7D", "6D", "4D", "3D", "2D"),
    "C": ("5C", "JC", "AH", "AC", "KC", "QC", "2C", "3C", "4C", "6C", "7C", "8C", "9C", "TC"),
    "S": ("5S", "JS", "AH", "AS", "KS", "QS", "2S", "3S", "4S", "6S", "7S", "8S", "9S", "TS"),
}
"""The trump suit's cards, highest first, for each trump suit."""

PLAIN_ORDER: dict[str, tuple[str, ...]] = {
    # a plain suit, highest first: "highest in red, lowest in black"; the A of hearts is always a
    # trump, the A of diamonds is the lowest diamond, the black aces sit under the jack.
    "H": ("KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"),
    "D": ("KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "2D", "AD"),
    "C": ("KC", "QC", "JC", "AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC"),
    "S": ("KS", "QS", "JS", "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"),
}
"""A suit's cards, highest first, when it is not trumps."""

PRIVILEGED_RANKS: dict[str, tuple[str, ...]] = {
    # 25.renege and option renege_cards: which top trumps may renege ("AH" is the ace of hearts)
    "five_jack_ace": ("5", "J", ACE_OF_HEARTS),
    "five_only": ("5",),
}

TRUMP_BASE = 100
"""Trump strengths start above every plain strength; a demoted ace (interpretation 7) gets
exactly this, below every other trump."""

PACK = frozenset(make_pack(RANKS))


class TrumpData(NamedTuple):
    """What the replay looks up once the trump suit is known (``trump_data``)."""

    trump: str
    trumps: frozenset[str]
    """Every trump: the trump suit and the A of hearts."""
    suit_of: dict[str, str]
    """Card -> its effective suit letter (a trump -> the trump suit)."""
    suit_cards: dict[str, frozenset[str]]
    """Effective suit -> its cards: ``hand & suit_cards[s]`` are the cards that follow s."""
    strength: dict[str, int]
    """Card -> strength within its effective suit; every trump beats every plain card."""
    privileged: frozenset[str]
    """The trumps that may renege (option renege_cards)."""
    ace: str
    """The ace of the trump suit: the card that gives the right to rob."""
    win_values: dict[str, dict[str, int]]
    """Effective suit led -> card -> its strength if it can win the trick (a trump, or a card
    of the suit led), else 0: what ``highest_wins`` compares."""


@cache
def trump_data(trump: str, renege_cards: str) -> TrumpData:
    order = TRUMP_ORDER[trump]
    strength = {card: TRUMP_BASE + len(order) - i for i, card in enumerate(order)}
    suit_of = {card: trump for card in order}
    for suit, cards in PLAIN_ORDER.items():
        if suit == trump:
            continue
        for i, card in enumerate(cards):
            strength[card] = len(cards) - i
            suit_of[card] = suit
    suit_cards = {suit: frozenset(c for c in suit_of if suit_of[c] == suit) for suit in "SHDC"}
    privileged = frozenset(
        rank if rank == ACE_OF_HEARTS else rank + trump
        for rank in PRIVILEGED_RANKS[renege_cards])
    trumps = frozenset(order)
    win_values = {
        led: {card: value if card in trumps or suit_of[card] == led else 0
              for card, value in strength.items()}
        for led in "SHDC"}
    return TrumpData(trump, trumps, suit_of, suit_cards, strength, privileged, "A" + trump,
                     win_values)
