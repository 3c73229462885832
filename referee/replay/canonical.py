"""Canonical records: the writer's layout plus trick marks found by replaying each deal.

The writer alone cannot tell where a trick starts (a single hand has three cards a trick, a
Twenty-Two trick has multi-card plays), so ``referee fmt`` asks the game: it replays each deal
and marks every play that opens a trick. Where the replay lays no tricks (after an illegal
action that stops it, or in a cancelled deal whose recorded play is disregarded) the tricks are
told apart by count: each seat plays once a trick. Marks the user wrote are kept as written (a
wrong one stays for the referee to report); a record whose game or options cannot be resolved
is passed through unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from referee.catalogue.lookups import record_vocabulary
from referee.games import find_game, ruleset_for
from referee.model.errors import RefereeError
from referee.model.record import (
    AUCTION_KINDS,
    Deal,
    DealItem,
    Event,
    Record,
    RecordHeader,
    StreamItem,
)
from referee.notation.parser import iter_items
from referee.notation.writer import Spelling, dumps, seat_order, write_items
from referee.rules.base import DealState, MatchState, Ruleset
from referee.rules.loop import DealRun

_OPENS_TRICK = frozenset({"play", "down"})
_BEFORE_PLAY = AUCTION_KINDS | {"trump"}


def with_trick_marks(items: Iterable[StreamItem]) -> Iterator[StreamItem]:
    """The same stream, each play that opens a trick given its mark."""
    ruleset: Ruleset | None = None
    match: MatchState | None = None
    for item in items:
        if isinstance(item, RecordHeader):
            try:
                ruleset = ruleset_for(item)
                match = ruleset.new_match()
            except RefereeError:
                ruleset = None
        elif ruleset is not None and match is not None:
            _mark_deal(ruleset, match, item)
        yield item


def _mark_deal(ruleset: Ruleset, match: MatchState, deal: Deal) -> None:
    items = deal.items
    index_of = {id(item): i for i, item in enumerate(items)}
    marked: list[Event] = []
    untracked: int | None = None  # the first play the replay did not lay in a trick
    try:
        run = DealRun(ruleset, match, deal)
        state = run.state
        opened: tuple[Event, int] | None = None  # the play just marked, and its trick
        for event, _ in run.events():
            if opened is not None and untracked is None and _not_laid(state, opened[1]):
                untracked = index_of[id(opened[0])]
            opened = None
            if event.action.kind in _OPENS_TRICK and state.trick_len == 0 and event.trick is None:
                event.trick = state.trick_no + 1
                marked.append(event)
                opened = (event, event.trick)
        if (opened is not None and untracked is None and opened[0] is not run.stopped
                and _not_laid(state, opened[1])):
            untracked = index_of[id(opened[0])]
        run.settle()
    except RefereeError:
        # A deal the referee cannot replay is written as it stands; `referee check` is
        # where its problems are reported.
        return
    if untracked is None and run.stopped is not None:
        untracked = index_of[id(run.stopped)] + 1
    if untracked is None:
        return
    # From here the replay laid no tricks: it stopped at an illegal action, or the deal was
    # cancelled and its recorded play is disregarded. The plays are still written one trick a
    # line, the tricks told apart by count.
    for event in marked:
        if index_of[id(event)] >= untracked:
            event.trick = None
    tricks = _TrickCount()
    for number, item in enumerate(items):
        if isinstance(item, Event):
            (tricks.see if number < untracked else tricks.mark)(item)
    stopped = run.stopped
    if (stopped is not None and any(event is stopped for event in marked)
            and _before_play(items[index_of[id(stopped)]:])):
        stopped.trick = None  # a card played out of turn in the auction opens no trick


def _before_play(items: list[DealItem]) -> bool:
    """True if the auction goes on after the first of ``items`` (a play), before any other
    play: that play came before the play of the cards."""
    for item in items[1:]:
        if isinstance(item, Event):
            if item.action.kind in _BEFORE_PLAY:
                return True
            if item.action.kind in _OPENS_TRICK:
                return False
    return False


def _not_laid(state: DealState, trick: int) -> bool:
    """True if the play that was to open ``trick`` left no trace in the state's tricks."""
    return state.trick_len == 0 and state.trick_no < trick


class _TrickCount:
    """Where tricks start in plays the referee did not replay: a trick holds each seat's play
    once and no more plays than the deal's completed tricks held."""

    def __init__(self) -> None:
        self.number = 0
        self.seats: list[str | None] = []  # None: a table's event, never a play
        self.size = 0

    def see(self, event: Event) -> None:
        """Follow a replayed event (its mark, if any, set by the replay)."""
        if event.action.kind not in _OPENS_TRICK:
            return
        if event.trick is not None:
            self._open(event.trick)
        self.seats.append(event.action.seat)

    def mark(self, event: Event) -> None:
        """Mark ``event`` if it opens a trick by count (marks already written are kept)."""
        if event.action.kind in _BEFORE_PLAY:
            self.number, self.seats, self.size = 0, [], 0  # the play has not begun
        if event.action.kind not in _OPENS_TRICK:
            return
        seat = event.action.seat
        if event.trick is None and (not self.number or seat in self.seats
                                    or (self.size and len(self.seats) >= self.size)):
            event.trick = self.number + 1
        if event.trick is not None:
            self._open(event.trick)
        self.seats.append(seat)

    def _open(self, number: int) -> None:
        # a trick ends when a later one opens (a mark repeated, as on a play out of turn in
        # the auction and the real lead after it, reopens the same trick)
        if 0 < self.number < number:
            self.size = max(self.size, len(self.seats))
        self.number, self.seats = number, []


def table_seats(header: RecordHeader) -> list[str] | None:
    """The record's seats in seating order: its Seats tag, or its game's default seats
    (None when neither is known)."""
    seats = seat_order(header)
    if seats is not None:
        return seats
    game = header.get("Game")
    try:
        default = find_game(game.value).default_seats if game is not None else None
    except KeyError:
        return None
    return list(default) if default else None


def game_spelling(header: RecordHeader) -> Spelling | None:
    """How the record's game writes an action (``Ruleset.spelled_action``: the 28 family's
    seventh-card choice as the card); None for a record of no known game, which is written
    as it holds its actions."""
    game = header.get("Game")
    try:
        return find_game(game.value).spelled_action if game is not None else None
    except KeyError:
        return None


def records_text(records: Iterable[Record]) -> str:
    """Whole records as canonical TTN, each in its table's seat order and its game's spelling
    (what ``referee.dumps`` writes)."""
    return dumps(records, table_seats, game_spelling)


def in_game_spelling(items: Iterable[StreamItem]) -> Iterator[StreamItem]:
    """``items`` with each deal's actions as its game writes them (``game_spelling``), for a
    writer whose headers lose the tags a command line gave them (``--game``) first."""
    spelling: Spelling | None = None
    for item in items:
        if isinstance(item, RecordHeader):
            spelling = game_spelling(item)
        elif spelling is not None:
            for event in item.events:
                event.action = spelling(item, event.action)
        yield item


def canonical_text(text: str, path: str) -> str:
    """The canonical form of TTN ``text`` (comments kept, tricks numbered by replaying them);
    ``RefereeError`` if unreadable."""
    try:
        items = iter_items(text, file=path, vocabulary=record_vocabulary)
        return "".join(write_items(with_trick_marks(items), table_seats, game_spelling))
    except RefereeError as exc:
        if exc.code == "ttn.encoding":
            raise
        raise exc.in_file(exc.file, text) from None
