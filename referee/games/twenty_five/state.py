"""The state of a game of Twenty-Five: the match (the score per team, the next dealer, the
winner) and one deal as the replay walks through it (``TwentyFiveState``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee.games.twenty_five.cards import TrumpData
from referee.games.twenty_five.unseen import UnseenCards
from referee.model.record import ResultLine
from referee.rules.base import DealState
from referee.rules.tricks import Trick

TURNUP, PLAY, OVER = "turnup", "play", "over"
"""Stages of a deal: waiting for the turned-up card; play (robbing allowed); over."""


@dataclass(slots=True)
class Match25:
    """The match: the score per team, the dealer of the next deal and the winner."""

    score: dict[str, int]
    next_dealer: str | None = None
    winner: str | None = None
    deals: int = 0
    from_record: str = ""
    """What the last deal's record supplied because its replay did not finish (for a note
    in the next deal)."""
    open_points: bool = False
    """The last deal's last trick may have been won by a card not seen, and its points were
    counted to nobody in the score (for a note in the next deal)."""



class TwentyFiveState(DealState):
    """One deal of 25 as the replay walks through it."""

    tricks_from_the_deal = True  # a rob before the opening lead is placed at trick 1

    # Slots: the replay sets and reads these at every action, and a slot is cheaper than
    # an entry of an instance dict (the loop's own attributes, trick_no and the like,
    # stay in the dict).
    __slots__ = (
        "number", "dealer", "leader", "stage", "turn", "hands", "dealt", "turned", "data",
        "eligible", "robbed_by", "discard", "has_played", "rob_lapsed", "demoted", "trick",
        "tricks", "points", "start_score", "ended", "first_to_target", "recorded", "unseen",
    )

    def __init__(self, number: int, dealer: str, leader: str, teams: Iterable[str],
                 start_score: dict[str, int]) -> None:
        super().__init__()
        self.number = number
        self.dealer = dealer
        self.leader = leader
        self.stage = TURNUP
        self.turn: str | None = leader
        self.hands: dict[str, set[str]] = {}
        self.dealt: dict[str, list[str]] = {}
        self.turned: str | None = None
        self.data: TrumpData | None = None
        self.eligible: str | None = None
        self.robbed_by: str | None = None
        self.discard: str | None = None
        self.has_played: set[str] = set()
        self.rob_lapsed = False
        """True once the eligible seat's deadline passed without a rob."""
        self.demoted: str | None = None
        self.trick: list[tuple[str, str]] = []
        self.tricks: list[Trick[str]] = []
        self.points: dict[str, int] = {team: 0 for team in teams}
        self.start_score = dict(start_score)
        self.ended: str | None = None
        """The team that won the game in this deal, once it has."""
        self.first_to_target: str | None = None
        self.recorded: list[ResultLine] = []
        """The deal's ``result`` lines: what an unfinished deal takes from the record."""
        self.unseen: UnseenCards | None = None
        """The model of the cards not seen, when the record leaves some unseen (else None:
        the fully seen replay is as it always was)."""

    def running(self, team: str) -> int:
        return self.start_score[team] + self.points[team]

