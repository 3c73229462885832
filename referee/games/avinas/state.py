"""The state of a game of Avinas: the match (pips and net rams per team, the next dealer) and
one deal as the replay walks through it (``AvinasState``)."""

from __future__ import annotations

from dataclasses import dataclass

from referee.games.avinas.unseen import AvinasUnseen
from referee.model.record import ResultLine
from referee.rules.base import DealState
from referee.rules.tricks import Trick


@dataclass(slots=True)
class AvinasMatch:
    """The match: pips per team (``score``), net rams per team, the next dealer."""

    score: dict[str, int]
    rams: dict[str, int]
    next_dealer: str | None = None
    deals: int = 0
    from_record: str = ""
    """What the last deal's record supplied because its replay did not finish (for a note
    in the next deal)."""
    open_rams: str = ""
    """The rams the last deal may have given when its number of exposed sevens is not seen
    (for a note in the next deal)."""


AUCTION, PLAY, OVER = "auction", "play", "over"


class AvinasState(DealState):
    """One deal of Avinas as the replay walks through it."""

    tricks_from_the_deal = True  # a bid or the trump named is placed at trick 1

    # Slots: the replay sets and reads these at every action, and a slot is cheaper than
    # an entry of an instance dict (the loop's own attributes, trick_no and the like,
    # stay in the dict).
    __slots__ = (
        "number", "dealer", "dealt", "hands", "exposed", "sevens", "sevens_open",
        "trump_open", "next_leaders", "unseen", "unordered", "inferred", "stage", "turn",
        "declarer", "trump", "trump_named", "trump_pending", "calls", "high_bid",
        "high_bidder", "passes_in_row", "late_passers", "bid", "false_bid", "knocker",
        "counter_knocker", "trick", "trick_down", "tricks", "points", "won", "stopped",
        "abandoned", "recorded",
    )

    def __init__(self, number: int, dealer: str, teams: tuple[str, ...]) -> None:
        super().__init__()
        self.number = number
        self.dealer = dealer
        self.dealt: dict[str, list[str]] = {}
        self.hands: dict[str, set[str]] = {}
        self.exposed: list[tuple[str, str]] = []
        self.sevens = 0
        self.sevens_open: tuple[int, ...] = ()
        """The numbers of exposed sevens a sevens game may have when the record does not
        show them all (empty: ``sevens`` is exact)."""
        self.trump_open: tuple[str, ...] = ()
        """The trump suits a sevens game may have when the record does not show the
        declarer's seven (``trump`` is then None)."""
        self.next_leaders: dict[int, str] = {}
        """Trick number -> the seat the record shows leading the next trick (with
        ``trump_open``)."""
        self.unseen: AvinasUnseen | None = None
        """The model of the cards not seen (None: every card is seen)."""
        self.unordered: set[str] = set()
        """Seats whose hand is known without its dealing order."""
        self.inferred: set[str] = set()
        """Seats whose hand had no hand line and was inferred."""
        self.stage = AUCTION
        self.turn: str | None = None
        self.declarer: str | None = None
        self.trump: str | None = None
        self.trump_named = False
        """The declarer has said the trump suit (``trump SUIT``)."""
        self.trump_pending = False
        """The declarer led a queen or jack to trick 1 and has not named trumps yet."""
        # auction
        self.calls: list[tuple[str, int | None]] = []
        self.high_bid: int | None = None
        self.high_bidder: str | None = None
        self.passes_in_row = 0
        self.late_passers: list[str] = []
        """After a bid of 8 (nobody can bid higher) the seats still to speak, in turn: each
        may still say pass before the opening lead (every other player passes or bids
        higher)."""
        self.bid: int | None = None
        self.false_bid: str | None = None
        # knocks
        self.knocker: str | None = None
        self.counter_knocker: str | None = None
        # play
        self.trick: list[tuple[str, str]] = []
        self.trick_down = False
        self.tricks: list[Trick[str]] = []
        self.points = {team: 0 for team in teams}
        self.won = {team: 0 for team in teams}
        self.stopped: int | None = None
        self.abandoned = False
        self.recorded: list[ResultLine] = []
        """The deal's ``result`` lines: what an unfinished deal takes from the record."""

    @property
    def sevens_game(self) -> bool:
        return self.sevens > 0
