"""The Ruleset interface every game implements, and the data it trades with the replay.

Legality has one source of truth per game: ``Ruleset.check(state, action)`` is the rulebook's
ordered cascade and returns ``None`` for a legal action or an ``Exclusion`` naming the rule
that forbids it. ``legal_actions(state)`` runs the same cascade over every candidate action,
so the referee, the simulator and ``referee moves`` can never disagree.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from referee.errors import RecordError
from referee.record import Action, Deal, RecordHeader
from referee.rules.options import Options, OptionSpec, Preset
from referee.seats import Table


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule the referee enforces: stable id, one-line summary, the digest section it cites."""

    id: str
    summary: str
    section: str


@dataclass(frozen=True, slots=True)
class Exclusion:
    """Why an action is not allowed.

    ``fatal`` marks actions after which the deal's state is no longer well defined (a card the
    seat does not hold, a play to a full trick): the replay of that deal stops there
    (decision 4 of the rules README).
    """

    rule: str
    message: str
    fatal: bool = False


@dataclass(slots=True)
class Legality:
    """Every candidate action at one moment: the allowed ones and the excluded ones with why."""

    allowed: list[Action] = field(default_factory=list)
    excluded: list[tuple[Action, Exclusion]] = field(default_factory=list)


class DealState:
    """What every game's deal state offers the replay.

    ``trick_no`` is the number of the trick in progress (or about to start; 0 before play)
    and ``trick_len`` how many plays it already has; ``notes`` collects what the referee
    could not check (decision 5).
    """

    trick_no: int = 0
    trick_len: int = 0
    play_started: bool = False

    def __init__(self) -> None:
        self.notes: list[tuple[str, str]] = []
        """(rule id, message): checks the referee could not make, once per deal."""
        self.deal_findings: list[tuple[str, str, str | None]] = []
        """(rule id, message, seat): violations found when the deal starts (dealer, deal)."""

    @property
    def position_trick(self) -> int | None:
        """The trick an action now belongs to; between tricks, the one that follows."""
        if not self.play_started:
            return None
        return self.trick_no if self.trick_len else self.trick_no + 1


class TrickSummary(NamedTuple):
    """A completed trick, for annotations: its number, winner, its points and the running
    points per side (team label -> points) after it. Games without trick points give 0."""

    number: int
    winner: str
    points: int
    running: Mapping[str, int]


@dataclass(slots=True)
class DealResult:
    """What a deal came to.

    ``points``: card points (or the game's measure) per team; ``game_points``: the change of
    the match score per team; ``score``: the match score after the deal. ``contract`` holds
    game-specific facts for the score sheet (bidder, bid, target, made, ...); ``outcome`` is a
    one-line summary ("N-S made 18 of 16", "void: no call in seven tricks").
    """

    points: dict[str, int] = field(default_factory=dict)
    game_points: dict[str, int] = field(default_factory=dict)
    score: dict[str, int] = field(default_factory=dict)
    contract: dict[str, Any] = field(default_factory=dict)
    outcome: str = ""
    disputed: bool = False
    scored: bool = True


class Ruleset(ABC):
    """One game under one set of resolved options.

    Class data declares the game (name, aliases, rules, options, presets); an instance is
    bound to the options and the table of one record.
    """

    name: ClassVar[str]
    rule_prefix: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    source: ClassVar[str] = ""
    rules: ClassVar[Mapping[str, Rule]] = {}
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    presets: ClassVar[Mapping[str, Preset]] = {}
    default_seats: ClassVar[tuple[str, ...] | None] = ("N", "E", "S", "W")
    accepted_actions: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, options: Options, table: Table) -> None:
        self.options = options
        self.table = table

    # -- the table -----------------------------------------------------------------------
    @classmethod
    def make_table(cls, header: RecordHeader, options: Options) -> Table:
        """Seats and teams from the ``Seats`` and ``Teams`` tags, checked against the game."""
        seats_tag = header.get("Seats")
        if seats_tag is None:
            if cls.default_seats is None:
                raise RecordError("record.seats", f"{cls.name} needs a Seats tag")
            seats = cls.default_seats
        else:
            seats = tuple(word for value in seats_tag.values for word in value.split())
            for seat in seats:
                problem = seat_name_problem(seat)
                if problem:
                    raise located(RecordError("record.seats", problem), seats_tag)
            if len(set(seats)) != len(seats):
                raise located(RecordError("record.seats", "a seat is named twice"), seats_tag)
        teams_tag = header.get("Teams")
        if teams_tag is None:
            teams = cls.default_teams(seats, options)
        else:
            teams = tuple(tuple(value.split()) for value in teams_tag.values)
            named = [seat for team in teams for seat in team]
            for seat in named:
                if seat not in seats:
                    raise located(
                        RecordError("record.seat", f"seat '{seat}' in Teams is not in Seats"),
                        teams_tag,
                    )
            if sorted(named) != sorted(seats):
                raise located(
                    RecordError("record.teams", "Teams must name every seat exactly once"),
                    teams_tag,
                )
        table = Table(tuple(seats), teams)
        cls.check_table(table, options, header)
        return table

    @classmethod
    def default_teams(cls, seats: tuple[str, ...], options: Options) -> tuple[tuple[str, ...], ...]:
        """Partners face each other (every other seat) unless a game says otherwise."""
        if len(seats) % 2:
            return tuple((seat,) for seat in seats)
        half = len(seats) // 2
        if half == 1:
            return ((seats[0],), (seats[1],))
        return tuple(tuple(seats[i::half]) for i in range(half))

    @classmethod
    def check_table(cls, table: Table, options: Options, header: RecordHeader) -> None:
        """Raise ``RecordError`` if the game cannot be played at this table."""
        return None  # most games accept any table the tags describe

    # -- match and deal --------------------------------------------------------------------
    @abstractmethod
    def new_match(self) -> Any:
        """The match state before the first deal."""

    @abstractmethod
    def start_deal(self, match: Any, deal: Deal) -> DealState:
        """The state after the deal is dealt; raises ``RecordError`` for impossible hands."""

    @abstractmethod
    def candidates(self, state: DealState) -> Iterable[Action]:
        """Every action worth judging now, legal or not (for ``legal_actions``)."""

    @abstractmethod
    def check(self, state: DealState, action: Action) -> Exclusion | None:
        """The rulebook cascade: None if ``action`` is legal now, else the rule it breaks."""

    @abstractmethod
    def apply(self, state: DealState, action: Action) -> None:
        """Carry out ``action`` (legal or not, unless its exclusion was fatal)."""

    @abstractmethod
    def is_deal_over(self, state: DealState) -> bool:
        """True once nothing more may happen in this deal."""

    @abstractmethod
    def settle(self, match: Any, state: DealState, offenders: list[str]) -> DealResult:
        """Score the deal into ``match``; ``offenders``: the violators' seats, in order."""

    @abstractmethod
    def is_match_over(self, match: Any) -> bool:
        """True once the match has a result."""

    @abstractmethod
    def match_result(self, match: Any) -> str:
        """The match result in words ("N-S win +6 to 0"), or how it stands."""

    def legal_actions(self, state: DealState) -> Legality:
        """Every candidate judged by ``check``: the single source of truth for legality."""
        legality = Legality()
        for action in self.candidates(state):
            exclusion = self.check(state, action)
            if exclusion is None:
                legality.allowed.append(action)
            else:
                legality.excluded.append((action, exclusion))
        return legality

    def completed_tricks(self, state: DealState) -> list[TrickSummary]:
        """Every trick completed so far in this deal, in order (for ``referee annotate``)."""
        return []

    def unchecked_reason(self, state: DealState) -> str | None:
        """Why the recorded play was not judged (a cancelled deal), if so (for reports)."""
        return None

    def incomplete_message(self, state: DealState) -> str:
        """What is missing when the record ends before the deal is over."""
        return "the record ends before the deal is over"

    @classmethod
    def rule(cls, rule_id: str) -> Rule:
        return cls.rules[rule_id]


KEYWORDS = frozenset((
    "deal", "dealer", "pass", "double", "redouble", "trump", "call", "pair", "single", "turnup",
    "rob", "exchange", "none", "knock", "down", "stop", "claim", "result", "score", "seventh",
    "redeal",
))
_SEAT_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_CARD_LIKE = re.compile(r"(?:10|[AKQJTakqjt2-9])[SHDCshdc]")


def seat_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a seat (notation.md section 1), or None if it can."""
    if not _SEAT_NAME.fullmatch(name):
        return (f"seat name '{name}' must start with a letter and hold only letters, digits, "
                "'_' and '-'")
    if name.lower() in KEYWORDS:
        return f"seat name '{name}' is a keyword"
    if _CARD_LIKE.fullmatch(name):
        return f"seat name '{name}' is spelled like a card"
    return None


def generic_rules(prefix: str, section: str) -> dict[str, Rule]:
    """The rules every game has: turn order, a complete deal, nothing after the match ends."""
    rules = [
        Rule(f"{prefix}.turn", "only the seat whose turn it is may act, and only as the "
             "current stage of the deal allows", section),
        Rule(f"{prefix}.not-held", "a seat can only play a card it holds", section),
        Rule(f"{prefix}.incomplete", "a deal is recorded to its end", section),
        Rule(f"{prefix}.deal-over", "nothing is recorded after a deal has ended", section),
        Rule(f"{prefix}.match-over", "no deal is recorded after the match has a result", section),
        Rule(f"{prefix}.trick-number", "a trick mark numbers the trick it opens", section),
        Rule(f"{prefix}.dealer", "the deal passes by the game's rule", section),
    ]
    return {rule.id: rule for rule in rules}


def deal_dealer(deal: Deal, expected: str | None) -> str:
    """The dealer of ``deal``: as stated, else the one the game's rotation gives
    (``expected``); a deal with neither (the first of a record) is a ``record.dealer`` error."""
    if deal.dealer is not None:
        return deal.dealer
    if expected is None:
        raise located(RecordError(
            "record.dealer", f"deal {deal.number} must name its dealer "
            f"(write 'deal {deal.number} dealer SEAT')"), deal)
    return expected


def summarise_tricks(tricks: Iterable[tuple[int, str, int]], team_of: Mapping[str, str],
                     teams: Iterable[str]) -> list[TrickSummary]:
    """``TrickSummary`` of each (number, winner, points), with the running points per team."""
    running = {team: 0 for team in teams}
    summaries = []
    for number, winner, points in tricks:
        running[team_of[winner]] += points
        summaries.append(TrickSummary(number, winner, points, dict(running)))
    return summaries


def located(error: RecordError, item: Any) -> RecordError:
    """Give ``error`` the position of ``item`` (a tag, hand, deal or event)."""
    span = getattr(item, "span", None)
    if span is not None and span.line:
        error.line, error.column = span.line, span.column
    return error
