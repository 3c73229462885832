"""The state of a game of Twenty-Two: the match (damage, markers and the living players
across deals) and one deal as the replay walks through it (``TwentyTwoState``)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from referee.games.twenty_two.model import FIRST_DEAL_SIZE
from referee.games.twenty_two.unseen import Unseen22
from referee.model.cards import Card
from referee.model.record import ResultLine
from referee.rules.base import DealState
from referee.rules.tricks import Trick

EXCHANGE, PLAY, OVER = "exchange", "play", "over"
"""Stages of a deal: the exchange round, the tricks, over."""


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
    unseen_last: bool = False
    """The last deal's last trick had cards not seen: its loser and damage are taken from
    the record (the notes say so)."""
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

    # Slots: the replay sets and reads these at every action, and a slot is cheaper than
    # an entry of an instance dict (the loop's own attributes, trick_no and the like,
    # stay in the dict).
    __slots__ = (
        "number", "dealer", "leader", "living", "hands", "size", "stock", "first_stock",
        "unseen", "stock_order", "discards", "exchange_queue", "exchanged", "unasked",
        "stage", "turn", "trick", "bar", "bar_seat", "last_trick", "tricks", "last_cards",
        "recorded", "model", "bar_open", "maybe_winners", "unseen_at", "stock_low",
    )

    def __init__(self, number: int, dealer: str, leader: str, living: list[str]) -> None:
        super().__init__()
        self.number = number
        self.dealer = dealer
        self.leader = leader
        self.living = living
        self.next_living: dict[str, str] = {}
        """Each seat's next living seat in the turn direction (the ruleset sets it)."""
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
        self.model: Unseen22 | None = None
        """The model of the cards not seen (None: the record shows every card of the deal)."""
        self.bar_open = False
        """A card not seen was played to this trick: ``bar`` is then only a lower bound of
        what a follower must match or beat, and ``maybe_winners`` who may hold it."""
        self.maybe_winners: list[str] = []
        self.unseen_at: dict[str, int] = {}
        """Seat -> the moment of his play with cards not seen in the trick in progress."""
        self.stock_low = 0
        """The fewest cards the stock can hold (``stock`` is the most): less than ``stock``
        when the damage markers of an earlier deal are not known. A lead ends the exchange
        round without a finding while the stock may be empty."""

    @property
    def position_trick(self) -> int | None:
        """The trick an action belongs to: none during the exchange round, then the trick in
        progress or the one about to be led."""
        return None if self.stage == EXCHANGE else self.trick_at_hand
