"""The model of Avinas: its data and pure rules (card order and points, trumps,
the winner of a trick, knocks, rams and pips).

The ``Avinas`` ruleset (referee.games.avinas.ruleset) judges and applies the actions;
what is here is pure functions of cards and numbers, tested by tables, and data.
"""

from __future__ import annotations

from typing import Any

from referee.model.cards import RANKS as EVERY_RANK
from referee.model.cards import SUITS, make_pack
from referee.rules.tricks import highest_wins

PREFIX = "avinas"

# -- card data ---------------------------------------------------------------------

RANKS = "AKQJT987"
"""The 32-card pack."""
PLAIN_ORDER = "ATK987"
"""A plain suit, highest first (its Q and J are trumps)."""
CARD_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
"""Card points; 9, 8 and 7 (the 7 of trumps too) are worth 0. 120 in the pack."""
PERMANENT = "QJ"
"""Every queen and jack is a trump."""
TOTAL_POINTS = 120
HAND_SIZE = 8
TRICKS = 8
MAX_BID = 8
TRUMP = "T"
"""The effective suit of a trump, kept apart from the suit letters."""


def trump_order(trump: str) -> tuple[str, ...]:
    """The 14 trumps of suit ``trump``, highest first."""
    return ("QC", "7" + trump, "QS", "QH", "QD", "JC", "JS", "JH", "JD",
            "A" + trump, "T" + trump, "K" + trump, "9" + trump, "8" + trump)


PACK = tuple(make_pack(RANKS))
TRUMP_POWER = {
    suit: {card: len(trump_order(suit)) - i for i, card in enumerate(trump_order(suit))}
    for suit in SUITS
}
"""Trump suit -> card -> power (higher wins) of its 14 trumps."""
PLAIN_POWER = {rank: len(PLAIN_ORDER) - i for i, rank in enumerate(PLAIN_ORDER)}


def is_trump(card: str, trump: str | None) -> bool:
    """Queens and jacks always; the cards of the trump suit once it is known."""
    return card[0] in PERMANENT or card[1] == trump


def effective_suit(card: str, trump: str | None) -> str:
    """``TRUMP`` for a trump, else the printed suit."""
    return TRUMP if is_trump(card, trump) else card[1]


EVERY_CARD = tuple(make_pack(EVERY_RANK))
"""Every card the notation writes (but ``??``): the keys of the tables below."""
EFFECTIVE_SUIT = {trump: {card: effective_suit(card, trump) for card in EVERY_CARD}
                  for trump in (*SUITS, None)}
"""Trumps (or None) -> card -> ``effective_suit``, looked up once per card played."""
POINTS_OF = {card: CARD_POINTS.get(card[0], 0) for card in EVERY_CARD}
"""Card -> its card points."""


def card_points(cards: Any) -> int:
    return sum(CARD_POINTS.get(card[0], 0) for card in cards)


def trick_points(plays: list[tuple[str, str]]) -> int:
    """The card points of a trick's plays (a card not seen is worth nothing)."""
    points = 0
    for _, card in plays:
        points += POINTS_OF.get(card, 0)
    return points


def bid_count(cards: Any, suit: str, how: str = "trump_count") -> int:
    """What a bid for ``suit`` counts in ``cards``: its trumps, or its printed suit."""
    if how == "natural_count":
        return sum(1 for card in cards if card[1] == suit)
    return sum(1 for card in cards if is_trump(card, suit))


def _win_values(trump: str | None, led: str | None) -> dict[str, int]:
    """Card -> what it is worth to win a trick (``highest_wins``) when ``trump`` is trumps
    (None: not named yet, only queens and jacks are known trumps) and a plain card of the
    printed suit ``led`` was led (None: a face-down lead that only a trump can win): a trump
    more than any plain card, a plain card of that suit its power, any other card 0."""
    if trump is not None:
        power = TRUMP_POWER[trump]
    else:  # queens and jacks rank alike under every trump suit
        power = {card: value for card, value in TRUMP_POWER["S"].items()
                 if card[0] in PERMANENT}
    return {card: len(PLAIN_ORDER) + power[card] if card in power
            else PLAIN_POWER[card[0]] if card[1] == led and card[0] not in PERMANENT
            else 0
            for card in PACK}


WIN_VALUES = {trump: {led: _win_values(trump, led) for led in (*SUITS, None)}
              for trump in (*SUITS, None)}
"""Trumps (or None) -> suit led (or None) -> card -> its worth: ``_win_values``."""


def trick_winner(plays: list[tuple[str, str]], trump: str | None, face_down: bool = False,
                 no_trump_winner: str = "leader") -> str:
    """The highest trump wins; else the highest card of the suit led.

    A face-down lead that nobody trumps is won by the leader, or under
    ``no_trump_winner = revealed_suit`` by the highest card of the revealed card's suit.
    """
    led = None if face_down and no_trump_winner == "leader" else plays[0][1][1]
    return highest_wins(plays, WIN_VALUES[trump][led].__getitem__) or plays[0][0]


# -- scoring -----------------------------------------------------------------------


def knock_multiplier(knock: bool, counter: bool) -> int:
    """1, 2 with a knock, 4 with a knock and a counter-knock."""
    return 4 if knock and counter else 2 if knock else 1


def rams_for(made: bool, sevens: int, multiplier: int) -> int:
    """The opponents receive k*m on success; the declarers 2*k*m on failure."""
    return sevens * multiplier if made else 2 * sevens * multiplier


def net_rams(rams: dict[str, int], receiver: str, count: int) -> dict[str, int]:
    """``receiver`` gets ``count`` rams after crossing off the other side's first."""
    result = dict(rams)
    others = [team for team in result if team != receiver]
    for other in others:
        crossed = min(count, result[other])
        result[other] -= crossed
        count -= crossed
    result[receiver] += count
    return result


def pips_for(made: bool, points: int, zero: bool, *, declarers_more_than_31: bool = False
             ) -> int:
    """The pips of one hand.

    ``made``: the declarers succeeded, and ``points`` are then the opponents' card points;
    otherwise the declarers' own. ``zero``: that side took "none". Success row:
    1 (31 or more), 2 (1-30), 3 (none); failure row: 2, 4, 6 (31 or more in both
    rows; ``declarers_more_than_31`` puts exactly 31 in the 4-pip row of a failure).
    """
    if zero:
        return 3 if made else 6
    high = points > 31 if (declarers_more_than_31 and not made) else points >= 31
    if made:
        return 1 if high else 2
    return 2 if high else 4
