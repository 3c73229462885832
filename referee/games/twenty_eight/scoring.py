"""Pure scoring and card helpers of the Twenty-Eight family (docs/games/twenty-eight.md and
the pages of its relatives).

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
"""Rank order of every suit, trumps included, high to low."""

SUITS_28 = "SHDC"
"""The four suits."""

CARD_POINTS_28: Mapping[str, int] = {"J": 3, "9": 2, "A": 1, "T": 1}
"""Card points by rank; ranks not listed are worth 0."""


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
    """True if none of ``cards`` carries a point (the redeal and cancellation rules); a card
    worth less than nothing (``kings_queens_minus_one``) is no point card."""
    return all(table.get(card[0], 0) <= 0 for card in cards)


def is_sure_winner_hand(cards: Iterable[str], rank_order: str = RANK_ORDER_28,
                        equal_ranks: Sequence[str] = (), copies: int = 1,
                        last_wins: bool = False, trump: str | None = None,
                        place: int = 0, players: int = 4, suits: str = SUITS_28) -> bool:
    """True if ``cards`` are certain to win every trick (28.single-hand, 28.show).

    "Certain" is meant exactly: the holder wins every trick himself, choosing each card from
    what he has seen, whatever the other players hold and play (his partner is one of them).
    docs/games/twenty-eight.md says it in words. The test is a direct decision (it runs
    whenever the legal actions are listed); tests/test_sure_winner.py checks it against an
    exhaustive search on reduced packs. Defaults: no trumps and the holder leads trick 1 (the
    single hand); ``trump``, ``place`` (his place in trick 1, 0 when he leads it) and ``players``
    (how many play to a trick) give the single-hand show's contract.

    He wins every trick, so he leads every trick after the first. A card he leads is
    *unbeaten* when no card he does not hold would beat it played after it: a stronger card
    of its suit, or with ``last_wins`` an equal one (Forty's J and 3, Fifty-Six's second
    copy). Leading a suit from the top, his card after ``r`` earlier rounds of the suit is
    sure when it is unbeaten, or when at most ``r`` cards of the suit are out of his hand
    (a player keeping a stronger card had to follow each earlier round with another card of
    the suit, so he would need more of them than there are). With trumps, every trump out
    of his hand must be drawn before he leads another suit (a player void in it could ruff):
    a player may hold them all, so he needs at least as many trump rounds as trumps out.
    When another player leads trick 1, that player may lead any suit he could hold, and the
    players before the holder may play any card out (a player void in the suit led, a
    trump); the holder must beat the strongest of them with a card that nothing still out
    beats if others play after him (playing last, he only has to beat what he sees), and
    a suit he must follow can be ruffed while any trump is out. He wins it with the lowest
    such card, and that trick counts as a first round of the suit led.
    """
    held = Counter(cards)
    if not held:
        return False
    pack = _SurePack(rank_order, equal_ranks, copies, last_wins, held, suits)
    if place == 0:
        return pack.leads_out(held, dict.fromkeys(suits, 0), trump, Counter())
    last = place == players - 1
    return all(pack.wins_first_trick(held, led, trump, played, last)
               for led in suits for played in pack.first_cards(led, trump, place > 1))


class _SurePack:
    """The sure-winner test's view of a pack: the cards out of the holder's hand."""

    def __init__(self, rank_order: str, equal_ranks: Sequence[str], copies: int,
                 last_wins: bool, held: Counter[str], suits: str) -> None:
        strength = rank_key(rank_order)
        for group in equal_ranks:
            for rank in group[1:]:
                strength[rank] = strength[group[0]]
        self.strength = strength
        self.rank_order = rank_order
        self.copies = copies
        self.last_wins = last_wins
        self.held = held
        self.suits = suits

    def out(self, suit: str) -> int:
        """How many cards of ``suit`` were out of the holder's hand at the start."""
        return sum(self.copies - self.held[rank + suit] for rank in self.rank_order)

    def _beaten(self, card: str, gone: Counter[str], equal: bool) -> bool:
        """Whether a card still out (not held, not ``gone``) is stronger than ``card`` (or
        as strong, with ``equal``)."""
        power = self.strength[card[0]]
        return any(self.held[rank + card[1]] + gone[rank + card[1]] < self.copies
                   for rank in self.rank_order
                   if self.strength[rank] > power or (equal and self.strength[rank] == power))

    def unbeaten(self, card: str, gone: Counter[str]) -> bool:
        """Nothing still out beats ``card`` played after it."""
        return not self._beaten(card, gone, self.last_wins)

    def descending(self, hand: Counter[str], suit: str) -> list[str]:
        """``hand``'s cards of ``suit``, strongest first."""
        cards = [card for card in hand.elements() if card[1] == suit]
        return sorted(cards, key=lambda card: -self.strength[card[0]])

    def leads_out(self, hand: Counter[str], rounds: dict[str, int], trump: str | None,
                  gone: Counter[str]) -> bool:
        """Whether leading every remaining trick from ``hand`` is sure, after ``rounds``
        rounds of each suit (in which every holder of the suit had to play one) and with
        the cards ``gone`` played."""
        if trump is not None and any(card[1] != trump for card in hand.elements()):
            trumps = sum(1 for card in hand.elements() if card[1] == trump)
            if self.out(trump) > rounds[trump] + trumps:
                return False  # a trump can outlast his trump leads and ruff a side suit
        for suit in self.suits:
            for index, card in enumerate(self.descending(hand, suit)):
                if not (self.unbeaten(card, gone) or self.out(suit) <= rounds[suit] + index):
                    return False
        return True

    def first_cards(self, led: str, trump: str | None, ruff: bool) -> list[str]:
        """What the strongest card played to trick 1 before the holder's turn may be, when
        another player leads ``led``: any card of that suit out of his hand, or (``ruff``:
        someone plays between the leader and him) a trump out of it played by a player void
        in the suit."""
        suits = (led, trump) if ruff and trump is not None and trump != led else (led,)
        return [rank + suit for suit in suits for rank in self.rank_order
                if self.held[rank + suit] < self.copies and self.out(led)]

    def _wins_after(self, card: str, best: str) -> bool:
        """Whether ``card`` played after ``best`` takes the trick from it (no trump between
        them, or both trumps: the caller sees to the suits)."""
        if card[1] != best[1]:
            return False
        mine, theirs = self.strength[card[0]], self.strength[best[0]]
        return mine > theirs or (self.last_wins and mine == theirs)

    def wins_first_trick(self, hand: Counter[str], led: str, trump: str | None,
                         best: str, last: bool) -> bool:
        """Whether the holder surely wins trick 1 when another player leads ``led`` and
        ``best`` is the strongest card played before him (``last``: he plays last to it),
        and then every trick he leads."""
        gone = Counter({best: 1})
        follows = self.descending(hand, led)
        if follows:
            if trump is not None and led != trump and self.out(trump):
                return False  # a player void in the suit led may ruff, before or after him
            if best[1] != led:
                return False  # ruffed before his turn: he must follow and loses
            choices = follows
        elif trump is not None:
            choices = self.descending(hand, trump)
        else:
            return False  # he can neither follow nor ruff
        safe = [card for card in choices
                if (card[1] != best[1] or self._wins_after(card, best))
                and (last or self.unbeaten(card, gone))]
        if not safe:
            return False
        card = safe[-1]  # the lowest card that wins it: the stronger ones lead later
        rest = hand.copy()
        rest[card] -= 1
        rounds = dict.fromkeys(self.suits, 0)
        rounds[led] += 1
        if trump is not None and best[1] == trump and led != trump:
            rounds[trump] += 1  # the ruffer may have held every trump out
        return self.leads_out(+rest, rounds, trump, gone)


def adjusted_target(
    bid: int,
    pair_by_bidding_side: bool | None,
    pair_value: int = 4,
    clamp: tuple[int, int] | None = (14, 28),
) -> int:
    """The target after a pair: -value for the bidding side, +value otherwise.

    ``pair_by_bidding_side`` is None when no pair was declared: the target is the bid, even
    an illegal one outside the range (it stands as made). ``clamp`` bounds what a pair does
    (option ``pair_clamp``), never beyond the bid itself; None leaves it unbounded.
    """
    if pair_by_bidding_side is None:
        return bid
    target = bid - pair_value if pair_by_bidding_side else bid + pair_value
    if clamp is not None:
        low, high = min(clamp[0], bid), max(clamp[1], bid)
        target = max(low, min(high, target))
    return target


def multiplier(doubled: bool, redoubled: bool) -> int:
    """1, 2 when doubled, 4 when redoubled."""
    return 4 if redoubled else 2 if doubled else 1


class ContractScore(NamedTuple):
    """What a contract came to: made or not, and the signed change of the bidding side."""

    made: bool
    delta: int


class ScoreTable(NamedTuple):
    """Game points per deal by bid (option ``score_table``).

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
    # flat +/-1 (Wikipedia, gamerules.com's Twenty-Nine)
    "flat": ScoreTable(((0, 1, 1),)),
    # gamesonlinecorner (GOC): 14-19: 1, 20-23: 2, 24-27: 3, 28: 4
    "goc": ScoreTable(((0, 1, 1), (20, 2, 2), (24, 3, 3), (28, 4, 4))),
    # Kerala house rules: up to 20 +/-1, above 20 ("honours") +/-2
    "kh": ScoreTable(((0, 1, 1), (21, 2, 2))),
    # Forty: 20-29 win 1 / opponents gain 2; 30-33: 2 / 3; 34-40: 3 / 4
    "forty": ScoreTable(((0, 1, 2), (30, 2, 3), (34, 3, 4)), loss_to_opponents=True),
    # Fifty-Six (its sources give no table; the 56 sites' "honours" from 40): below 40 +/-1,
    # 40+ +/-2
    "fifty-six": ScoreTable(((0, 1, 1), (40, 2, 2))),
}
"""The named tables of option ``score_table`` (data, not branches)."""


def stake(bid: int, mult: int, high_bid_two: bool = False, high_bid_from: int = 21,
          table: ScoreTable | None = None, made: bool = True) -> int:
    """Game points at stake in a deal, before the under-half rule.

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
    """Score a contract from the bidding side's card points.

    Made if ``points >= target``; the bidding side gains or loses the stake. With
    ``under_half_double_loss`` a loss with fewer than half the target's points
    (2 * points < target) is doubled again. ``cot`` doubles the gain when
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
    """The misplay penalty: the contract counts as made or lost outright;
    ``factor`` 2 is Forty's "the opponents receive double"."""
    value = stake(bid, mult, high_bid_two, high_bid_from, table, made) * factor
    return ContractScore(made, value if made else -value)


def single_hand_score(tricks_won: int, tricks: int = 8, value: int = 3,
                      loss: int | None = None) -> ContractScore:
    """Single hand: +value if the declarer won every trick, else -value (or -``loss``:
    Forty's Thani wins 4 and loses 5)."""
    made = tricks_won == tricks
    return ContractScore(made, value if made else -(value if loss is None else loss))


def match_winner(
    score: Mapping[str, int], target: int = 6, teams: Sequence[str] | None = None
) -> str | None:
    """The team that has won the match: reached +target, or the other reached -target."""
    names = list(teams) if teams is not None else list(score)
    for team in names:
        if score.get(team, 0) >= target:
            return team
    for team in names:
        if score.get(team, 0) <= -target:
            others = [t for t in names if t != team]
            return others[0] if len(others) == 1 else None
    return None
