"""The table: seats in clockwise order, turn order in either direction, and teams."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

CLOCKWISE = "cw"
COUNTER_CLOCKWISE = "ccw"


@dataclass(frozen=True)
class Table:
    """Seats clockwise around the table and the teams (each a tuple of seats).

    A team is named by its seats run together in seating order (``NS``); in games without
    teams each seat is a team of one.
    """

    seats: tuple[str, ...]
    teams: tuple[tuple[str, ...], ...]
    _index: dict[str, int] = field(init=False, repr=False, compare=False)
    _team_of: dict[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {seat: i for i, seat in enumerate(self.seats)})
        team_of = {seat: "".join(team) for team in self.teams for seat in team}
        object.__setattr__(self, "_team_of", team_of)

    @property
    def team_names(self) -> tuple[str, ...]:
        return tuple("".join(team) for team in self.teams)

    def __contains__(self, seat: object) -> bool:
        return seat in self._index

    def index(self, seat: str) -> int:
        return self._index[seat]

    def next(self, seat: str, direction: str, steps: int = 1) -> str:
        """The seat ``steps`` turns after ``seat`` when play goes ``direction``."""
        step = steps if direction == CLOCKWISE else -steps
        return self.seats[(self._index[seat] + step) % len(self.seats)]

    def order_from(self, seat: str, direction: str) -> list[str]:
        """Every seat once, starting at ``seat``, in turn order."""
        return [self.next(seat, direction, i) for i in range(len(self.seats))]

    def team_of(self, seat: str) -> str:
        return self._team_of[seat]

    def successors(self, direction: str) -> dict[str, str]:
        """Seat -> the seat after it when play goes ``direction`` (a table for hot loops)."""
        return {seat: self.next(seat, direction) for seat in self.seats}

    def team_map(self) -> dict[str, str]:
        """Seat -> its team's name (a table for hot loops)."""
        return dict(self._team_of)

    def partners(self, seat: str) -> tuple[str, ...]:
        team = self._team_of[seat]
        return tuple(s for s in self.seats if s != seat and self._team_of[s] == team)

    def same_team(self, a: str, b: str) -> bool:
        return self._team_of[a] == self._team_of[b]

    def other_teams(self, team: str) -> tuple[str, ...]:
        return tuple(name for name in self.team_names if name != team)

    def team_labels(self) -> dict[str, str]:
        """Team name -> how users read it (``team_label``): ``P1-P3-P5`` as the messages spell
        it, ``NS`` and a seat alone as the notation writes them."""
        return {"".join(team): team_label(team) for team in self.teams}


def team_label(team: tuple[str, ...]) -> str:
    """A team's seats as users read them: ``P1-P3-P5`` for three or more seats or for seat
    names longer than a letter (``P1-P3``), ``NS`` for two single-letter seats (the notation's
    spelling, which reads unambiguously)."""
    if len(team) > 2 or any(len(seat) > 1 for seat in team):
        return "-".join(team)
    return "".join(team)


def team_key(name: str, known: Iterable[str]) -> str:
    """``name`` as the team it means: as written, or, when that is not a team, the spelling
    the referee's messages use (``N-S``, ``P1-P3-P5``) without its hyphens (``NS``)."""
    if "-" not in name:
        return name
    names = set(known)
    if name in names:
        return name
    joined = name.replace("-", "")
    return joined if joined in names else name
