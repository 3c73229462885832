"""The model of Twenty-Two: its data and pure rules (card strength, damage, the
bar a follower must beat), the rule catalogue, options and presets, and the
match and deal states.

The ``TwentyTwo`` ruleset (referee.games.twenty_two.ruleset) judges and applies the
actions; what is here is pure functions of cards and numbers, and data.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from referee.model.cards import Card
from referee.model.record import ResultLine
from referee.model.seats import CLOCKWISE, COUNTER_CLOCKWISE
from referee.rules.base import (
    DealState,
    GenericRules,
    Rule,
    generic_rules,
)
from referee.rules.options import OptionSpec, Preset
from referee.rules.tricks import IncompleteWords, Trick

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

EXCHANGE, PLAY, OVER = "exchange", "play", "over"
"""Stages of a deal: the exchange round, the tricks, over."""

_DIRECTIONS = {"clockwise": CLOCKWISE, "counter-clockwise": COUNTER_CLOCKWISE}


GENERIC = GenericRules(
    turn="22.turn",
    not_held="22.not-held",
    incomplete="22.incomplete",
    deal_over="22.deal-over",
    match_over="22.match-over",
    trick_number="22.trick-number",
    dealer="22.dealer",
)
"""The full ids of the generic rules of Twenty-Two."""


def _rules() -> dict[str, Rule]:
    rules = generic_rules(GENERIC)
    own = [
        ("22.dead-player", "a dead player is dealt no cards and takes no turns"),
        ("22.deal-size", "each living player is dealt 7 cards in the first deal, then the previous "
         "loser's damage, capped at floor(available cards / living players)"),
        ("22.exchange-first", "the exchange round, each living player once from the leader while "
         "the stock lasts, comes before the first lead"),
        ("22.exchange-once", "a player exchanges (or declines) only once in a deal"),
        ("22.exchange-stock", "no more cards are exchanged than the stock holds, and none once it "
         "is empty"),
        ("22.exchange-draw", "an exchange draws as many cards as it discards, from the stock (not "
         "a card held, played or kept as a damage marker)"),
        ("22.exchange-discards", "discarded cards never return to the stock"),
        ("22.lead-equal", "cards led together are of equal rank"),
        ("22.lead-keep", "the leader keeps at least one card (except in the last trick)"),
        ("22.follow-count", "every other player plays as many cards as were led"),
        ("22.follow", "a follower's cards dominate the bar (sorted element-wise) or are the "
         "follower's lowest cards"),
        ("22.ace-lead", "after a lead of aces the followers play their lowest cards "
         "(ace_lead_forces_lowest)"),
    ]
    rules.update({rule_id: Rule(rule_id, summary) for rule_id, summary in own})
    return rules


def _options() -> tuple[OptionSpec, ...]:
    return (
        OptionSpec("packs", "int", 1, "52-card packs shuffled together: 2-6 players with one, "
                   "three more seats per extra pack; equal cards then repeat",
                   ("22.deal-size",), minimum=1, maximum=4),
        OptionSpec("direction", "choice", "clockwise", "direction of dealing and play",
                   ("22.turn", "22.dealer"), choices=tuple(_DIRECTIONS)),
        OptionSpec("first_dealer", "choice", "record", "the first dealer is the one the record "
                   "names (the draw for deal is not recorded)", ("22.dealer",),
                   choices=("record",)),
        OptionSpec("next_dealer", "choice", "loser", "later deals: the previous loser deals (the "
                   "record names one of tied losers) and the next living player leads",
                   ("22.dealer",), choices=("loser",)),
        OptionSpec("markers_removed", "bool", True, "damage markers stay out of the pack for "
                   "the rest of the game", ("22.deal-size",)),
        OptionSpec("deal_cap", "choice", "equal-share", "a short pack deals the largest equal "
                   "number: floor(available / living)", ("22.deal-size",),
                   choices=("equal-share",)),
        OptionSpec("exchange_once", "choice", "yes", "one exchange each, from the leader in "
                   "turn, within the stock, discard all then draw",
                   ("22.exchange-once", "22.exchange-stock"), choices=("yes",)),
        OptionSpec("set_compare", "choice", "sorted", "sets compare sorted element-wise",
                   ("22.follow",), choices=("sorted",)),
        OptionSpec("follower_sets_mixed", "choice", "yes", "followers may play cards of mixed "
                   "ranks", ("22.follow",), choices=("yes",)),
        OptionSpec("trick_tie", "choice", "last", "equal strongest plays: the last (or the "
                   "first) of them wins the trick", (), choices=("last", "first")),
        OptionSpec("last_trick_tie", "choice", "all", "every player tied for the highest card "
                   "of the last trick loses", (), choices=("all",)),
        OptionSpec("game_end", "choice", "last-survivor", "the game ends with one survivor, or "
                   "after the first death (least damage wins, ties shared)",
                   ("22.match-over",), choices=("last-survivor", "first-death")),
        OptionSpec("simultaneous_wipeout", "choice", "draw", "everyone left dies in one deal: "
                   "a draw shared by them, or the least total damage wins",
                   (), choices=("draw", "lowest-damage")),
        OptionSpec("ace_lead_forces_lowest", "bool", False, "Cucumber's rule: after a lead of "
                   "aces the followers must play their lowest cards", ("22.ace-lead",)),
    )


STANDARD = Preset("standard", "the rules of pagat.com and gamerules.com, with the referee's "
                  "defaults: the last survivor wins", {})
FIRST_DEATH_ENDS = Preset("first-death-ends", "the game ends when the first player dies; the "
                          "least damage wins, ties shared (a common house rule; option game_end)",
                          {"game_end": "first-death"})


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


@dataclass(slots=True)
class Match22:
    """Damage, markers and the living players across deals."""

    damage: dict[str, int]
    alive: list[str]
    """Living seats, in seating order."""
    markers: list[Card] = field(default_factory=list)
    deals: int = 0
    nominal: int = FIRST_DEAL_SIZE
    losers: tuple[str, ...] | None = ()
    """The previous deal's losers; None when it was not settled (the record then decides)."""
    next_dealer: str | None = None
    """Who deals next: the previous deal's loser (the first of tied losers); None before the
    first deal or when the record must say."""
    winners: tuple[str, ...] = ()
    over: bool = False
    ending: str = ""
    unknown_markers: int = 0
    """Damage markers whose card is unknown (taken from the record of an unfinished deal):
    out of the pack, but a card dealt again cannot be recognised as one of them."""
    size_unknown: bool = False
    """The last deal was not finished and its record gives no damage: the nominal size of
    the next deal is unknown (its hands give it)."""
    from_record: str = ""
    """What the last deal's record supplied because its replay did not finish (for a note
    in the next deal)."""
    stopped: int = 0
    """The number of the last deal when its replay did not finish, else 0: who is still in
    the game is then what the next deal's record shows."""
    marker_slack: int = 0
    """Damage markers that may be out of the pack beyond those counted: a deal whose damage
    is unknown had at least one loser (counted in ``unknown_markers``) and at most one per
    living player. The pack, the cap on the hand size and the stock are then ranges."""
    damage_slack: dict[str, int] = field(default_factory=dict)
    """Damage a seat may have taken beyond ``damage`` in a deal whose damage is unknown:
    its total is ``damage`` to ``damage + slack``, and a death within that range is decided
    by the record (the seat's presence in the next deal)."""

    @property
    def score(self) -> dict[str, int]:
        """The match score: each seat's total damage."""
        return dict(self.damage)


class TwentyTwoState(DealState):
    """One deal: living players, hands, the stock, the exchange round and the tricks."""

    def __init__(self, number: int, dealer: str, leader: str, living: list[str]) -> None:
        super().__init__()
        self.number = number
        self.dealer = dealer
        self.leader = leader
        self.living = living
        self.hands: dict[str, list[Card]] = {}
        self.size = 0
        self.stock = 0
        self.first_stock = 0
        self.unseen: Counter[Card] = Counter()
        """The cards that can be in the stock: the pack less markers, hands and draws."""
        self.stock_order: list[Card] | None = None
        """The stock from the top, when known (the simulator's deals)."""
        self.discards: Counter[Card] = Counter()
        self.exchange_queue: list[str] = []
        self.exchanged: set[str] = set()
        self.unasked: list[str] = []
        """Players the round never reached because the stock was empty: they may still record
        ``exchange none`` before the first lead (declining, k = 0, is within the stock)."""
        self.stage = EXCHANGE
        self.turn: str | None = leader
        self.trick: list[tuple[str, tuple[Card, ...]]] = []
        self.bar: list[int] = []
        self.bar_seat: str | None = None
        self.last_trick = False
        self.tricks: list[Trick[tuple[Card, ...]]] = []
        """The tricks played: each seat's cards, the winner (no card points)."""
        self.last_cards: list[tuple[str, Card]] = []
        self.recorded: list[ResultLine] = []
        """The deal's ``result`` lines: what an unfinished deal takes from the record."""
        self.stock_low = 0
        """The fewest cards the stock can hold (``stock`` is the most): less than ``stock``
        when the damage markers of an earlier deal are not known. A lead ends the exchange
        round without a finding while the stock may be empty."""

    @property
    def position_trick(self) -> int | None:
        """The trick an action belongs to: none during the exchange round, then the trick in
        progress or the one about to be led."""
        return None if self.stage == EXCHANGE else self.trick_at_hand


INCOMPLETE = IncompleteWords(tricks="the deal is not over: {turn} must lead to trick {trick}")
"""Twenty-Two's words for an unfinished play (the number of tricks varies)."""
