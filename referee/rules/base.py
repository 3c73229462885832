"""The Ruleset interface every game implements, and the data it trades with the replay.

Legality has one source of truth per game: ``Ruleset.check(state, action)`` is the rulebook's
ordered cascade and returns ``None`` for a legal action or an ``Exclusion`` naming the rule
that forbids it. ``legal_actions(state)`` runs the same cascade over every candidate action,
so the referee, the simulator and ``referee moves`` can never disagree.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from referee.model.cards import RANKS, Card
from referee.model.errors import RecordError
from referee.model.errors import located as located  # re-exported: games import it from here
from referee.model.lexicon import seat_name_problem
from referee.model.record import Action, Deal, Hand, RecordHeader
from referee.model.seats import Table
from referee.rules.options import Options, OptionSpec, Preset


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule the referee enforces: its stable id and a one-line summary; the game's docs page
    (docs/games/GAME.md, its "Rules" table) lists it with the rules explained in words."""

    id: str
    summary: str


class Effect(Enum):
    """What follows an illegal action, carried out by the loop (``rules.loop``); the seat is an
    offender in every case, and the game's ``settle`` decides the penalty."""

    STANDS = "stands"
    """The action stands as made: it is carried out and the deal goes on from it (a revoke,
    a bid out of turn)."""
    NO_EFFECT = "no effect"
    """The action is reported and has no effect: it is not carried out, the deal goes on as if
    it had not been made (an illegal declaration of the pair, a faulty naming of trumps)."""
    STOPS = "stops"
    """The state would no longer be well defined (a card the seat does not hold, a play to a
    full trick): the action is not carried out and the walk of the deal stops there."""

    @staticmethod
    def stops_when(condition: bool) -> Effect:
        """``STOPS`` if ``condition`` holds, else ``STANDS``."""
        return Effect.STOPS if condition else Effect.STANDS


@dataclass(frozen=True, slots=True)
class Exclusion:
    """Why an action is not allowed (``rule``, ``message``), and what follows (``effect``)."""

    rule: str
    message: str
    effect: Effect = Effect.STANDS
    culprits: tuple[str, ...] = ()
    """The seats one of which broke the rule, when the record cannot say which (cards not
    seen): empty means the seat of the action."""

    @property
    def fatal(self) -> bool:
        """True if the deal's walk stops at the action (``Effect.STOPS``)."""
        return self.effect is Effect.STOPS

    def without_effect(self) -> Exclusion:
        """This exclusion, the action reported with no effect (unless it stops the walk)."""
        if self.effect is not Effect.STANDS:
            return self
        return Exclusion(self.rule, self.message, Effect.NO_EFFECT, self.culprits)


@dataclass(slots=True)
class Legality:
    """Every candidate action at one moment: the allowed ones and the excluded ones with why."""

    allowed: list[Action] = field(default_factory=list)
    excluded: list[tuple[Action, Exclusion]] = field(default_factory=list)


class MatchState(Protocol):
    """What the loop, the simulator, the score sheet and the reporters read of a game's match
    state.

    A game keeps whatever else it needs (rams, damage, living players); whether the match is
    over and its result in words come from the game's ``Ruleset.is_match_over`` and
    ``Ruleset.match_result``.
    """

    @property
    def score(self) -> dict[str, int]:
        """The match score per team (or per seat, in games without teams)."""
        ...

    @property
    def deals(self) -> int:
        """How many deals have been settled into the match."""
        ...

    @property
    def next_dealer(self) -> str | None:
        """Who deals the next deal by the game's rule (the rotation, the same dealer after an
        annulled deal, the loser); None before the first deal, or where the record must say
        (a deal the game could not settle). A deal that names no dealer is dealt by him."""
        ...


class DealState:
    """What every game's deal state offers the loop and the reporters.

    ``number`` and ``dealer`` are the deal's (the dealer as stated or as the rotation gave
    it), ``turn`` the seat expected to act next (None when nobody is). ``trick_no`` is the
    number of the trick in progress (or about to start; 0 before play) and ``trick_len``
    how many plays it already has; ``notes`` collects what the referee could not check
    (hands inferred, a missing deal order), ``deal_findings`` what is wrong from the start.

    A deal can end before its record does (a 28 deal thrown in: a redeal, everybody passing,
    a cancellation). From then on ``ignoring`` is true: the recorded actions are not judged,
    not even their trick marks; ``ignored`` counts them (they are the deal's last actions),
    and a note the game adds to ``notes`` while it ignores them is reported at the first.
    """

    number: int
    dealer: str
    turn: str | None = None
    trick_no: int = 0
    trick_len: int = 0
    play_started: bool = False
    ignored: int = 0
    tricks_from_the_deal: ClassVar[bool] = False
    """True in games whose actions before the first lead (bids, the trump, a rob) are placed
    at trick 1; otherwise they belong to no trick."""

    def __init__(self) -> None:
        self.notes: list[tuple[str, str]] = []
        """(rule id, message): checks the referee could not make, once per deal."""
        self.note_seats: dict[int, str] = {}
        """The seat a note is about, by the note's index in ``notes`` (most are about none)."""
        self.deal_findings: list[tuple[str, str, str | None]] = []
        """(rule id, message, seat): violations found when the deal starts (dealer, deal)."""

    @property
    def ignoring(self) -> bool:
        """True once the deal has ended before its record (a game says when)."""
        return False

    @property
    def trick_at_hand(self) -> int:
        """The trick in progress; between tricks (and before the first lead) the next one."""
        return self.trick_no if self.trick_len else self.trick_no + 1

    @property
    def position_trick(self) -> int | None:
        """The trick an action now belongs to: ``trick_at_hand`` once play has started (from
        the deal where ``tricks_from_the_deal``), else None."""
        if not self.play_started and not self.tricks_from_the_deal:
            return None
        return self.trick_at_hand


Plays = Sequence[tuple[str, Sequence[Card]]]
"""A trick's plays in order: (seat, the cards it played); one card in most games."""


@dataclass(frozen=True, slots=True)
class TableView:
    """What the replay page shows of a deal at one moment, declared by each game
    (``Ruleset.table_view``) so that the viewer reads no game's own state.

    The table: every seat's cards (copies included), whose turn it is, the trick on the
    table and the last completed one (a lead may lie face down), the seats that take no
    part, cards set aside face down (by count). The contract: who holds it (``role``: what
    the game calls him) and the bid, or the highest bid while the auction runs. ``facts``:
    the game's own state in words (trumps, doubles, a robbed card, knocks, the stock), in
    the order the page lists them. ``trumps``: the cards that are trumps, where a player may
    keep them back from a trump lead (the page marks such a renege).
    """

    hands: Mapping[str, Sequence[Card]] = field(default_factory=dict)
    turn: str | None = None
    trick: Plays = ()
    lead_face_down: bool = False
    last_trick: Plays = ()
    last_lead_face_down: bool = False
    out: tuple[str, ...] = ()
    concealed: Mapping[str, int] = field(default_factory=dict)
    role: str = "bidder"
    holder: str | None = None
    bid: int | None = None
    high_bid: tuple[str, int | None] | None = None
    facts: tuple[str, ...] = ()
    trumps: frozenset[Card] = frozenset()


def trick_plays(plays: Iterable[tuple[str, Card | Iterable[Card]]]) -> Plays:
    """``(seat, card)`` or ``(seat, cards)`` pairs as ``Plays`` (one card becomes a tuple)."""
    return tuple((seat, (cards,) if isinstance(cards, str) else tuple(cards))
                 for seat, cards in plays)


class TrickSummary(NamedTuple):
    """A completed trick, for annotations: its number, winner, its points and the running
    points per side (team label -> points) after it. Games without trick points give 0."""

    number: int
    winner: str
    points: int
    running: Mapping[str, int]


class DealContract(Protocol):
    """What a deal was played for, as the score sheet and a report show it: each game has its
    own typed contract. ``bidder``, ``bid``, ``target`` and ``made`` fill the score sheet's
    contract columns (None where the game has no such thing); ``as_dict`` gives every fact
    of the contract for a JSON report, in the game's order, leaving out what does not apply.
    """

    @property
    def bidder(self) -> str | None: ...

    @property
    def bid(self) -> int | None: ...

    @property
    def target(self) -> int | None: ...

    @property
    def made(self) -> bool | None: ...

    def as_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class NoContract:
    """The contract of a deal played for its points alone (and of a deal not played)."""

    bidder: str | None = None
    bid: int | None = None
    target: int | None = None
    made: bool | None = None

    def as_dict(self) -> dict[str, Any]:
        return {}


NO_CONTRACT = NoContract()
"""The contract of a deal played for no contract: one for all (it is frozen, and making one
sets each field by a call)."""


@dataclass(slots=True)
class DealResult:
    """What a deal came to.

    ``points``: card points (or the game's measure) per team; ``game_points``: the change of
    the match score per team; ``score``: the match score after the deal. ``contract``: what
    the deal was played for (the game's ``DealContract``); ``outcome`` is a one-line summary
    ("N-S made 18 of 16", "void: no call in seven tricks").

    When some cards were not seen, a value may be open: ``point_sets``, ``game_point_sets``
    and ``score_sets`` hold, for the teams whose value is open only, every value it may
    have (sorted); ``outcomes`` the possible outcomes in words when there is more than one;
    ``presumed`` says that these are over the unseen cards that make every play that could
    not be checked legal. All empty for a deal whose cards were all seen.
    """

    points: dict[str, int] = field(default_factory=dict)
    game_points: dict[str, int] = field(default_factory=dict)
    score: dict[str, int] = field(default_factory=dict)
    contract: DealContract = NO_CONTRACT
    outcome: str = ""
    disputed: bool = False
    scored: bool = True
    point_sets: dict[str, tuple[int, ...]] = field(default_factory=dict)
    game_point_sets: dict[str, tuple[int, ...]] = field(default_factory=dict)
    score_sets: dict[str, tuple[int, ...]] = field(default_factory=dict)
    outcomes: tuple[str, ...] = ()
    presumed: bool = False

    def to_json(self) -> dict[str, Any]:
        """The result in a JSON report (``schemas/report.schema.json``): a team's value is a
        number, or the sorted list of its possible values when it is open."""
        data: dict[str, Any] = {
            "points": with_sets(self.points, self.point_sets),
            "game_points": with_sets(self.game_points, self.game_point_sets),
            "score": with_sets(self.score, self.score_sets),
            "contract": self.contract.as_dict(), "outcome": self.outcome,
            "disputed": self.disputed, "scored": self.scored}
        if self.outcomes:
            data["outcomes"] = list(self.outcomes)
        if self.presumed:
            data["presumed"] = True
        return data


def with_sets(values: Mapping[str, int], sets: Mapping[str, tuple[int, ...]]
              ) -> dict[str, int | list[int]]:
    """``values`` with each open team's value replaced by its sorted possible values (a team
    only in ``sets`` comes after the others)."""
    merged: dict[str, int | list[int]] = dict(values)
    merged.update((team, sorted(possible)) for team, possible in sets.items())
    return merged


MatchT = TypeVar("MatchT", bound=MatchState)
StateT = TypeVar("StateT", bound=DealState)


class Ruleset(ABC, Generic[MatchT, StateT]):
    """One game under one set of resolved options: the contract between a game and the loop.

    Class data declares the game (name, aliases, rules, options, presets, seats, pack and
    dealing rounds, score-sheet labels); an instance is bound to the options and the table
    of one record. ``MatchT`` is the game's match state, ``StateT`` its deal state. Nothing
    outside this class is asked of a game: the loop (``referee.rules.loop``), the simulator,
    the score sheet and the reporters use only what is declared here.
    """

    name: ClassVar[str]
    reads_unseen_cards: ClassVar[bool] = False
    """True if the game checks records with cards not seen (``??``, hands left out with
    ``--partial``); the loop refuses ``??`` for the others (``record.unseen``)."""
    shared_between_matches: ClassVar[bool] = False
    """True if the game's ruleset keeps nothing of a match or a deal (their states do): one
    ruleset then serves every record of the same options and table (``ruleset_for``)."""
    rule_prefix: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    sources: ClassVar[tuple[tuple[str, str], ...]] = ()
    """The public pages the rules were taken from, as (title, address): ``referee games
    GAME``, ``referee rule ID`` and the game's docs page list them."""
    cards_text: ClassVar[str] = ""
    """The game's cards, their order and their points, in a player's words (the docs page's
    "Cards"); "" leaves them out."""
    rules: ClassVar[Mapping[str, Rule]] = {}
    generic: ClassVar[GenericRules]
    """The full ids of the game's generic rules (turn, incomplete deal, match over, ...)."""
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    presets: ClassVar[Mapping[str, Preset]] = {}
    default_seats: ClassVar[tuple[str, ...] | None] = ("N", "E", "S", "W")
    """The seats when a record has no Seats tag; None: the game needs one."""
    default_player_count: ClassVar[int] = 4
    """How many seats ``referee simulate`` sets when the game has no default seats."""
    accepted_actions: ClassVar[frozenset[str]] = frozenset()
    """The action kinds a record of this game may hold (others are ``record.action``): the
    game's keywords, which the reader's hints offer (``lookups.record_vocabulary``)."""
    action_options: ClassVar[Mapping[str, tuple[str, object]]] = {}
    """Action kind -> (option, value) for the kinds that only that option's value allows
    (the single-hand show, the duel's hold...): a syntax hint offers them only then."""
    sheet_labels: ClassVar[Mapping[str, str]] = {}
    """Score-sheet column (or column group) -> its label in this game; "" leaves it out."""
    sheet_meanings: ClassVar[Mapping[str, str]] = {}
    """Score-sheet column -> what it means in this game, where that differs from the contract
    games' (the docs page's "The score sheet")."""
    outcome_words: ClassVar[tuple[str, ...]] = ()
    """The outcome column's own words of a game without an auction, as docs list items
    (a game with a bidder uses the contract's words)."""
    deal_rounds: tuple[int, ...] = ()
    """Cards per seat in each dealing round; () deals the pack out evenly in one round."""
    pack: Collection[Card] = ()
    """Every card of the pack, copies included (what ``deal_hands`` shuffles and deals)."""
    rank_order: str = "".join(RANKS)
    """The ranks from high to low (how the replay page sorts a hand)."""
    next_seat: Mapping[str, str] | None = None
    """Each seat's successor in the order of play, where that order is fixed for the match
    (set from the table and options); None where it changes (Twenty-Two's dead players)."""

    def __init__(self, options: Options, table: Table) -> None:
        self.options = options
        self.table = table
        self.seat_set = frozenset(table.seats)
        """The table's seats, for the loop's test of every deal's (``check_seats``)."""
        self.actors = self.seat_set | {None}
        """Who may act in a record: a seat, or None for the table's own event (a turn-up)."""

    # -- the record's text ---------------------------------------------------------------
    @classmethod
    def spelled_action(cls, deal: Deal, action: Action) -> Action:
        """``action`` of ``deal`` as the game's canonical text and JSON form write it, where
        the notation reads it two ways (the 28 family writes its seventh-card choice as the
        card); as the record holds it by default. The writer knows no game: its callers hand
        it this hook (``canonical.game_spelling``)."""
        return action

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

    @classmethod
    def teams_of_size(cls, seats: tuple[str, ...], size: int) -> tuple[tuple[str, ...], ...]:
        """Teams of ``size`` for ``referee simulate --teams SIZE``: partners every k-th seat."""
        count = len(seats) // size
        return tuple(tuple(seats[i::count]) for i in range(count))

    def deal_hands(self, rng: random.Random, dealer: str | None) -> list[Hand]:
        """A shuffled ``pack`` dealt by ``deal_rounds``, one Hand per seat in seating order
        (for ``referee simulate``); a game with another way of dealing overrides this."""
        cards = sorted(self.pack)  # a fixed order before the shuffle: the same seed, same deal
        if not cards:
            raise NotImplementedError(f"{self.name} declares no pack to deal from")
        rng.shuffle(cards)
        seats = self.table.seats
        rounds = self.deal_rounds or (len(cards) // len(seats),)
        hands: dict[str, list[list[Card]]] = {seat: [] for seat in seats}
        position = 0
        for size in rounds:
            for seat in seats:
                hands[seat].append(cards[position:position + size])
                position += size
        return [Hand(seat, hands[seat]) for seat in seats]

    # -- match and deal --------------------------------------------------------------------
    @abstractmethod
    def new_match(self) -> MatchT:
        """The match state before the first deal."""

    @abstractmethod
    def start_deal(self, match: MatchT, deal: Deal, unseen: bool = False) -> StateT:
        """The state after the deal is dealt; raises ``RecordError`` for impossible hands.

        The loop has checked the deal's seats and actions against the table first;
        ``unseen`` says it found what only a partly seen record writes (a card ``??``, a
        call that names the card it shows)."""

    @abstractmethod
    def candidates(self, state: StateT) -> Iterable[Action]:
        """Every action worth judging now, legal or not (for ``legal_actions``)."""

    @abstractmethod
    def check(self, state: StateT, action: Action) -> Exclusion | None:
        """The rulebook cascade: None if ``action`` is legal now, else the rule it breaks."""

    @abstractmethod
    def apply(self, state: StateT, action: Action) -> None:
        """Carry out ``action`` (legal, or illegal with ``Effect.STANDS``)."""

    def note_no_effect(self, state: StateT, action: Action) -> None:
        """``action`` was illegal with ``Effect.NO_EFFECT``: the loop does not carry it out
        and calls this instead. By default nothing changes; a game whose rules look at the
        sequence of actions made (the 28 family: a redouble right after the double) notes
        here that one was made."""

    def apply_if_legal(self, state: StateT, action: Action) -> Exclusion | None:
        """Judge ``action`` and carry it out if it is legal: None (carried out), or its
        exclusion (nothing done; the loop then carries out what the effect says). One call
        for the replay's commonest step; by default ``check``, then ``apply``. A game may
        go straight to the phase that judges the action, never with other rules."""
        exclusion = self.check(state, action)
        if exclusion is None:
            self.apply(state, action)
        return exclusion

    @abstractmethod
    def is_deal_over(self, state: StateT) -> bool:
        """True once nothing more may happen in this deal."""

    @abstractmethod
    def settle(self, match: MatchT, state: StateT, offenders: list[str]) -> DealResult:
        """Score the deal into ``match``; ``offenders``: the violators' seats, in order."""

    @abstractmethod
    def is_match_over(self, match: MatchT) -> bool:
        """True once the match has a result."""

    @abstractmethod
    def match_result(self, match: MatchT) -> str:
        """The match result in words ("N-S win +6 to 0"), or how it stands ("match not over:
        NS 3 EW 1"; the replay says which deal is in progress, if one is)."""

    def adopt_score(self, match: MatchT, score: Mapping[str, int]) -> bool:
        """Go on from a recorded match score after a deal whose replay stopped and which the
        game could not score; True if the match took it. A game
        whose match is not a score per team says False and reads its record itself."""
        match.score.update(score)
        return True

    def pass_over(self, match: MatchT) -> None:
        """Go on after a deal that could not be replayed at all (its unseen cards cannot be
        placed, ``record.inconsistent``): the next deal's dealer is then the one its record
        names. A game that raises that error says how its match goes on."""

    def legal_actions(self, state: StateT) -> Legality:
        """Every candidate judged by ``check``: the single source of truth for legality."""
        legality = Legality()
        for action in self.candidates(state):
            exclusion = self.check(state, action)
            if exclusion is None:
                legality.allowed.append(action)
            else:
                legality.excluded.append((action, exclusion))
        return legality

    def completed_tricks(self, state: StateT) -> list[TrickSummary]:
        """Every trick completed so far in this deal, in order (for ``referee annotate``)."""
        return []

    def table_view(self, state: StateT) -> TableView:
        """The deal as the replay page shows it now (a game without one shows the turn)."""
        return TableView(turn=state.turn)

    def unchecked_reason(self, state: StateT) -> str | None:
        """Why the recorded play was not judged (a cancelled deal), if so (for reports)."""
        return None

    def incomplete_message(self, state: StateT) -> str:
        """What is missing when the record ends before the deal is over."""
        return "the record ends before the deal is over"

    @classmethod
    def rule(cls, rule_id: str) -> Rule:
        return cls.rules[rule_id]


class GenericRules(NamedTuple):
    """The full ids of the rules every game has, spelled out by each game (``28.turn``) so that
    ``grep`` finds them where they are declared; the loop reports ``incomplete``,
    ``trick_number`` and ``match_over``, the games the others."""

    turn: str
    not_held: str
    incomplete: str
    deal_over: str
    match_over: str
    trick_number: str
    dealer: str


_GENERIC_SUMMARIES = GenericRules(
    turn="only the seat whose turn it is may act, and only as the current stage of the deal "
         "allows",
    not_held="a seat can only play a card it holds",
    incomplete="a deal is recorded to its end",
    deal_over="nothing is recorded after a deal has ended",
    match_over="no deal is recorded after the match has a result",
    trick_number="a trick mark numbers the trick it opens",
    dealer="the deal passes by the game's rule",
)


def generic_rules(ids: GenericRules) -> dict[str, Rule]:
    """The catalogue entries of the rules every game has: turn order, a complete deal,
    nothing after the match ends."""
    return {rule_id: Rule(rule_id, summary)
            for rule_id, summary in zip(ids, _GENERIC_SUMMARIES, strict=True)}


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
