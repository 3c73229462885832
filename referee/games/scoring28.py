"""Pure scoring and card helpers of the Twenty-Eight family (digest Part A, sections A5-A7).

Nothing here knows about records, states or seats: each function takes plain values and
returns plain values, so the scoring rules are tested by tables (tests/test_scoring28.py).
Game data (rank order, point table) is passed in, so Twenty-Nine, Forty and Fifty-Six can
reuse the same functions with their own data.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

RANK_ORDER_28 = "J9ATKQ87"
"""Rank order of every suit, trumps included, high to low (section 1, notation 0.3)."""

CARD_POINTS_28: Mapping[str, int] = {"J": 3, "9": 2, "A": 1, "T": 1}
"""Card points by rank (section 1.2); ranks not listed are worth 0."""


def card_points(card: str, table: Mapping[str, int] = CARD_POINTS_28) -> int:
    """Points of one card (``"JS"`` -> 3)."""
    return table.get(card[0], 0)


def cards_points(cards: Iterable[str], table: Mapping[str, int] = CARD_POINTS_28) -> int:
    """Points of several cards."""
    return sum(table.get(card[0], 0) for card in cards)


def rank_key(rank_order: str) -> dict[str, int]:
    """Rank -> strength (higher is stronger) for ``rank_order`` written high to low."""
    return {rank: len(rank_order) - i for i, rank in enumerate(rank_order)}


def is_pointless(cards: Iterable[str], table: Mapping[str, int] = CARD_POINTS_28) -> bool:
    """True if none of ``cards`` carries a point (redeal rules R1 and R3, A6.6)."""
    return all(table.get(card[0], 0) == 0 for card in cards)


def is_sure_winner_hand(cards: Iterable[str], rank_order: str = RANK_ORDER_28,
                        equal_ranks: Sequence[str] = (), copies: int = 1,
                        last_wins: bool = False) -> bool:
    """True if every card is certain to win when played out without trumps (A7.3, 28-40).

    A card led is certain to win when every card of its suit that could beat it is the
    declarer's own, so that he has played it before: in 28 that is the digest's test (in
    every suit held, the cards are the top cards in unbroken sequence from the J down). With
    ``equal_ranks`` (Forty's J and 3) or ``copies`` (Fifty-Six's double pack) an equal card
    played later loses to the one led (the first played wins), so only strictly stronger
    cards, every copy of them, must be held: a lone 3 of Forty is a sure winner, a J and 9 of
    one suit in Fifty-Six are not (the other J beats the 9). With ``last_wins`` (option
    ``equal_cards``) an equal card played later wins, so every copy of every equal card must
    be held too.
    """
    held = Counter(cards)
    if not held:
        return False
    strength = rank_key(rank_order)
    for group in equal_ranks:
        for rank in group[1:]:
            strength[rank] = strength[group[0]]
    for card in held:
        stronger = (rank for rank in rank_order if strength[rank] > strength[card[0]]
                    or (last_wins and strength[rank] == strength[card[0]]))
        if any(held[rank + card[1]] < copies for rank in stronger):
            return False
    return True


def adjusted_target(
    bid: int,
    pair_by_bidding_side: bool | None,
    pair_value: int = 4,
    clamp: tuple[int, int] | None = (14, 28),
) -> int:
    """The target after a pair (A5.3, A5.4): -value for the bidding side, +value otherwise.

    ``pair_by_bidding_side`` is None when no pair was declared: the target is the bid, even
    an illegal one outside the range (it stands as made). ``clamp`` bounds what a pair does
    (option ``pair_clamp``), never beyond the bid itself; None leaves it unbounded (28-29).
    """
    if pair_by_bidding_side is None:
        return bid
    target = bid - pair_value if pair_by_bidding_side else bid + pair_value
    if clamp is not None:
        low, high = min(clamp[0], bid), max(clamp[1], bid)
        target = max(low, min(high, target))
    return target


def multiplier(doubled: bool, redoubled: bool) -> int:
    """1, 2 when doubled, 4 when redoubled (A7.1)."""
    return 4 if redoubled else 2 if doubled else 1


class ContractScore(NamedTuple):
    """What a contract came to: made or not, and the signed change of the bidding side."""

    made: bool
    delta: int


class ScoreTable(NamedTuple):
    """Game points per deal by bid (option ``score_table``, A6.4, A7.4).

    ``rows`` are (lowest bid, points won when made, points lost when failed), ascending; the
    last row whose lowest bid is reached applies. With ``loss_to_opponents`` a failed contract
    is paid to the opponents (Forty: "opponents gain 2") instead of taken off the bidders.
    """

    rows: tuple[tuple[int, int, int], ...]
    loss_to_opponents: bool = False

    def values(self, bid: int) -> tuple[int, int]:
        """(won, lost) game points for ``bid``."""
        won = lost = 1
        for low, win, loss in self.rows:
            if bid >= low:
                won, lost = win, loss
        return won, lost


SCORE_TABLES: Mapping[str, ScoreTable] = {
    # flat +/-1 (S0, S2)
    "flat": ScoreTable(((0, 1, 1),)),
    # gamesonlinecorner (GOC): 14-19: 1, 20-23: 2, 24-27: 3, 28: 4
    "goc": ScoreTable(((0, 1, 1), (20, 2, 2), (24, 3, 3), (28, 4, 4))),
    # Kerala house rules (KH): up to 20 +/-1, above 20 ("honours") +/-2
    "kh": ScoreTable(((0, 1, 1), (21, 2, 2))),
    # Forty (A7.4): 20-29 win 1 / opponents gain 2; 30-33: 2 / 3; 34-40: 3 / 4
    "forty": ScoreTable(((0, 1, 2), (30, 2, 3), (34, 3, 4)), loss_to_opponents=True),
    # Fifty-Six (A7.5 has no table; the 56 sites' "honours" from 40): below 40 +/-1, 40+ +/-2
    "fifty-six": ScoreTable(((0, 1, 1), (40, 2, 2))),
}
"""The named tables of option ``score_table`` (data, not branches)."""


def stake(bid: int, mult: int, high_bid_two: bool = False, high_bid_from: int = 21,
          table: ScoreTable | None = None, made: bool = True) -> int:
    """Game points at stake in a deal, before the under-half rule (A6.3, A6.4, A7.1).

    Base 1 (or the ``table``'s value for a made or failed ``bid``); with ``high_bid_two`` a
    bid of ``high_bid_from`` or more is worth 2 and the value is capped at 4 (the opponents'
    double of such a bid is the last word).
    """
    if table is not None:
        won, lost = table.values(bid)
        base = won if made else lost
    else:
        base = 1
    if high_bid_two and bid >= high_bid_from:
        base = 2
    value = base * mult
    if high_bid_two:
        value = min(value, 4)
    return value


def contract_score(
    points: int,
    bid: int,
    target: int,
    mult: int = 1,
    *,
    high_bid_two: bool = False,
    high_bid_from: int = 21,
    under_half_double_loss: bool = False,
    table: ScoreTable | None = None,
    cot: str = "off",
    all_tricks: str | None = None,
) -> ContractScore:
    """Score a contract from the bidding side's card points (A6.2-A6.4, appendix ``settle``).

    Made if ``points >= target``; the bidding side gains or loses the stake. With
    ``under_half_double_loss`` a loss with fewer than half the target's points
    (2 * points < target) is doubled again. ``cot`` (10.18) doubles the gain when
    ``all_tricks`` is "bidders" (the bidding side won every trick), and with "made_and_lost"
    also the loss when it is "defenders".
    """
    made = points >= target
    value = stake(bid, mult, high_bid_two, high_bid_from, table, made)
    if not made and under_half_double_loss and 2 * points < target:
        value *= 2
    if cot != "off" and (
            (made and all_tricks == "bidders")
            or (not made and cot == "made_and_lost" and all_tricks == "defenders")):
        value *= 2
    return ContractScore(made, value if made else -value)


def forced_score(
    made: bool, bid: int, mult: int = 1, *, high_bid_two: bool = False, high_bid_from: int = 21,
    table: ScoreTable | None = None, factor: int = 1,
) -> ContractScore:
    """The misplay penalty (A6.6 R6): the contract counts as made or lost outright;
    ``factor`` 2 is Forty's "the opponents receive double"."""
    value = stake(bid, mult, high_bid_two, high_bid_from, table, made) * factor
    return ContractScore(made, value if made else -value)


def single_hand_score(tricks_won: int, tricks: int = 8, value: int = 3,
                      loss: int | None = None) -> ContractScore:
    """Single hand (A7.3): +value if the declarer won every trick, else -value (or -``loss``:
    Forty's Thani wins 4 and loses 5)."""
    made = tricks_won == tricks
    return ContractScore(made, value if made else -(value if loss is None else loss))


def match_winner(
    score: Mapping[str, int], target: int = 6, teams: Sequence[str] | None = None
) -> str | None:
    """The team that has won the match (A6.5): reached +target, or the other reached -target."""
    names = list(teams) if teams is not None else list(score)
    for team in names:
        if score.get(team, 0) >= target:
            return team
    for team in names:
        if score.get(team, 0) <= -target:
            others = [t for t in names if t != team]
            return others[0] if len(others) == 1 else None
    return None
