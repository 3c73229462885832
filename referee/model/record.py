"""The record AST: what a TTN file says, with source spans and comments, judging nothing.

A file is a stream of records (matches). Each record opens with a ``RecordHeader`` (its tags)
and goes on with ``Deal`` items. The parser yields headers and deals one at a time so that an
archive of many thousands of deals is never held in memory; ``Record`` gathers one match when
a caller wants it whole.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, Protocol, final

from referee.model.cards import Card
from referee.model.lexicon import ACTION_KINDS

__all__ = ["ACTION_KINDS"]  # re-exported: the record's action kinds are the lexicon's

AUCTION_KINDS = frozenset({"bid", "pass", "double", "redouble", "redeal", "hold", "c-call"})
"""Actions the canonical writer keeps together on one auction line."""


class Span(NamedTuple):
    """Where an item stands in its file: 1-based line and column, end exclusive.

    A named tuple, not a dataclass: the parser makes one per action and it must be cheap.
    """

    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


NO_SPAN = Span(0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class Comment:
    """A comment as written: ``kind`` "brace" for ``{...}``, "line" for ``; ...``.

    ``text`` is everything between the delimiters, verbatim, so the writer can put it back.
    """

    text: str
    kind: Literal["brace", "line"] = "brace"
    # Where it was written, so that the writer keeps it there: on a line of its own, or
    # after the text of a line at its column (aligned comments stay aligned). Not part of
    # what a comment *is*: two comments with the same text are equal wherever they stand.
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)
    own_line: bool = field(default=False, compare=False)
    before: bool = field(default=False, compare=False)
    """Written before its item (comments in front of a deal line), not after it."""

    def render(self) -> str:
        return "{" + self.text + "}" if self.kind == "brace" else ";" + self.text


class Action(NamedTuple):
    """One thing a seat (or the table, for ``turnup``) did.

    ``cards`` holds played, laid or discarded cards; ``drawn`` the cards drawn in an
    exchange; ``value`` a bid (int), a named suit (``trump H``, as the letter) or
    ``"seventh"``. Immutable and hashable, so legal-action sets can hold it. The writer
    spells it (``referee.notation.writer.format_action``); the model does not print itself.
    """

    seat: str | None
    kind: str
    cards: tuple[Card, ...] = ()
    value: int | str | None = None
    drawn: tuple[Card, ...] = ()


class Locator:
    """Turns character offsets in a parsed chunk into file positions."""

    __slots__ = ("_text", "_first_line", "_last_offset", "_last_line")

    def __init__(self, text: str, first_line: int) -> None:
        self._text = text
        self._first_line = first_line
        self._last_offset = 0
        self._last_line = first_line

    def position(self, offset: int) -> tuple[int, int]:
        """1-based line and column of ``offset``."""
        text = self._text
        # Positions are mostly asked for in order: count newlines from the last one asked.
        if offset >= self._last_offset:
            line = self._last_line + text.count("\n", self._last_offset, offset)
        else:
            line = self._first_line + text.count("\n", 0, offset)
        self._last_offset, self._last_line = offset, line
        return line, offset - text.rfind("\n", 0, offset)

    def span(self, offset: int, length: int) -> Span:
        line, column = self.position(offset)
        end_line, end_column = self.position(offset + length)
        return Span(line, column, end_line, end_column)


class Place(Protocol):
    """Where the parser found a group of events; computes their offsets only when asked.

    Positions are needed only for findings and for placing comments, so the parser records
    an event's place (a run of events and the event's index in it) instead of a Span: a deal
    has some forty actions and most positions are never looked at.
    """

    def offset(self, index: int) -> int: ...

    def span(self, index: int) -> Span: ...


@final  # the referee loop tells events from result lines by type(item) is ..., not isinstance
class Event:
    """An action where it was written, with its trick mark (``5.``) if the record had one."""

    __slots__ = ("action", "trick", "_comments", "_span", "_place", "_index")
    _comments: list[Comment] | None

    def __init__(
        self,
        action: Action,
        span: Span = NO_SPAN,
        trick: int | None = None,
        comments: list[Comment] | None = None,
    ) -> None:
        self.action = action
        self.trick = trick
        self.comments = [] if comments is None else comments
        self._span = span
        self._place: Place | None = None
        self._index = 0

    @classmethod
    def at(cls, action: Action, trick: int | None, place: Place, index: int) -> Event:
        """An event the parser found as the ``index``-th event of ``place``."""
        event = object.__new__(cls)  # no __init__: the parser makes one per action
        event.action = action
        event.trick = trick
        event._comments = None
        event._place = place  # _span stays unset until asked for
        event._index = index
        return event

    @property
    def comments(self) -> list[Comment]:
        """The comments written after the event (made when first asked for: most events
        have none, and the parser makes one event per action)."""
        comments = self._comments  # None until a comment is attached or asked for
        if comments is None:
            comments = []
            self._comments = comments
        return comments

    @comments.setter
    def comments(self, value: list[Comment]) -> None:
        self._comments = value

    @property
    def offset(self) -> int:
        """Character offset in the parsed chunk (-1 when not parsed from text)."""
        return -1 if self._place is None else self._place.offset(self._index)

    @property
    def span(self) -> Span:
        try:
            span = self._span
        except AttributeError:  # an event of the parser's whose span was not asked for yet
            span = NO_SPAN
        if span is NO_SPAN and self._place is not None:
            span = self._place.span(self._index)
            self._span = span
        return span

    @span.setter
    def span(self, value: Span) -> None:
        self._span = value
        self._place = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.action, self.trick, self.comments, self.span) == (
            other.action, other.trick, other.comments, other.span)

    __hash__ = None  # type: ignore[assignment]  # mutable, like the dataclasses around it

    def __repr__(self) -> str:
        return (f"Event(action={self.action!r}, span={self.span!r}, trick={self.trick!r}, "
                f"comments={self.comments!r})")


@final  # as Event
@dataclass(slots=True)
class ResultLine:
    """``result NS 17 EW 11`` (kind "points") or ``result score NS 2 EW -1`` (kind "score")."""

    kind: Literal["points", "score"]
    values: tuple[tuple[str, int], ...]
    span: Span = NO_SPAN
    comments: list[Comment] = field(default_factory=list)


DealItem = Event | ResultLine


@dataclass(slots=True)
class Hand:
    """The cards one seat was dealt, in dealing rounds (one round where order is not given)."""

    seat: str
    rounds: list[list[Card]]
    span: Span = NO_SPAN
    comments: list[Comment] = field(default_factory=list)

    @property
    def cards(self) -> list[Card]:
        return sum(self.rounds, [])  # a new list, in one call (a hand has few rounds)


class DealBody:
    """A deal's events as the fast reader leaves them: its actions, trick marks, result lines
    and the places of its lines, without an ``Event`` per action.

    Most deals checked are walked once and never reported on: the loop reads ``actions`` and
    ``marks`` directly, and ``Deal.items`` makes the events (the same the reader would have
    made) only when asked for.
    """

    __slots__ = ("actions", "marks", "places", "results", "place")

    def __init__(self, place: Callable[..., Place]) -> None:
        self.actions: list[Action] = []
        """Every action of the deal, in order."""
        self.marks: dict[int, int] = {}
        """Index in ``actions`` -> the trick mark written before that action (most have
        none)."""
        self.places: list[tuple[Any, ...]] = []
        """For each stretch of events: the index in ``actions`` of its first event, then
        what ``place`` makes the stretch's ``Place`` of (kept as a tuple: a place is made
        only when the events are)."""
        self.results: list[tuple[int, ResultLine]] = []
        """(how many actions come before it, line) of each result line, in order."""
        self.place = place

    def add(self, place: tuple[Any, ...], actions: list[Action]) -> int:
        """Add the events ``actions`` of a stretch (``place``: what ``self.place`` makes its
        place of); the index of the first."""
        first = len(self.actions)
        self.places.append((first, *place))
        self.actions += actions
        return first

    def items(self) -> list[DealItem]:
        """The events and result lines, in order, as the reader would have made them."""
        actions = self.actions
        items: list[DealItem] = []
        at = Event.at
        make = self.place
        places = self.places
        for following, (first, *where) in enumerate(places, 1):
            end = places[following][0] if following < len(places) else len(actions)
            place = make(*where)
            items.extend(at(action, None, place, index)
                         for index, action in enumerate(actions[first:end]))
        for index, mark in self.marks.items():
            items[index].trick = mark  # type: ignore[union-attr]  # (an event: no line yet)
        for position, line in reversed(self.results):  # the later first: no shift
            items.insert(position, line)
        return items


_new_deal = object.__new__


@dataclass(slots=True)
class Deal:
    """One deal: its number, dealer (None when left to rotation), hands and events.

    ``items`` is an ordinary list; a deal the fast reader read holds a ``DealBody`` instead
    until ``items`` is first asked for (see ``body``).
    """

    number: int
    dealer: str | None
    hands: list[Hand] = field(default_factory=list)
    items: list[DealItem] = field(default_factory=list)  # a property: see below the class
    span: Span = NO_SPAN
    comments: list[Comment] = field(default_factory=list)
    _items: list[DealItem] = field(init=False, repr=False, compare=False)  # set by ``items``
    _body: DealBody | None = field(default=None, init=False, repr=False, compare=False)
    """The events still in compact form (``items`` then holds nothing of its own)."""

    @classmethod
    def compact(cls, number: int, dealer: str | None, span: Span, body: DealBody) -> Deal:
        """A deal whose events are ``body`` (the fast reader's; ``_items`` is set when the
        events are made)."""
        deal = _new_deal(cls)  # the fields set here, not by the constructor: one a deal read
        deal.number = number
        deal.dealer = dealer
        deal.hands = []
        deal.span = span
        deal.comments = []
        deal._body = body
        return deal

    @property
    def body(self) -> DealBody | None:
        """The deal's events in compact form, or None once ``items`` was asked for (or if it
        was never read that way): for walks that need no ``Event`` per action."""
        return self._body

    @property
    def actions(self) -> Sequence[Action]:
        """Every action, in order, without making the events (not to be changed)."""
        body = self._body
        if body is not None:
            return body.actions
        return [item.action for item in self._items if type(item) is Event]

    @property
    def result_lines(self) -> list[ResultLine]:
        """The deal's ``result`` lines, in order, without making the events."""
        body = self._body
        if body is not None:
            return [line for _, line in body.results]
        return [item for item in self._items if type(item) is ResultLine]

    @property
    def events(self) -> list[Event]:
        return [item for item in self.items if isinstance(item, Event)]


def _deal_items(deal: Deal) -> list[DealItem]:
    """The events and result lines, in order (made from the body when first asked for; from
    then on this list is the deal's, and changes to it are what others see)."""
    body = deal._body
    if body is not None:
        deal._items = body.items()
        deal._body = None
    return deal._items


def _set_deal_items(deal: Deal, value: list[DealItem]) -> None:
    deal._items = value
    deal._body = None


# ``items`` stays a field (the constructor, equality, repr and dataclasses.replace see it)
# but is read through the body: set here, after the dataclass is made, so that its default
# is the field's and its slot is ``_items``
Deal.items = property(_deal_items, _set_deal_items,  # type: ignore[assignment,misc]
                      doc=_deal_items.__doc__)


@dataclass(slots=True)
class Tag:
    """``[Name "value" ...]``."""

    name: str
    values: list[str]
    span: Span = NO_SPAN
    comments: list[Comment] = field(default_factory=list)

    @property
    def value(self) -> str:
        return self.values[0] if self.values else ""


@dataclass(slots=True)
class GivenTag(Tag):
    """A tag the record does not have, added from ``given_by`` (``--option``, a settings
    file...), so that an error about it can say where the user wrote it."""

    given_by: str = ""


@dataclass(slots=True)
class RecordHeader:
    """The tag section that opens a record; ``comments`` are those written before any tag."""

    tags: list[Tag] = field(default_factory=list)
    comments: list[Comment] = field(default_factory=list)
    span: Span = NO_SPAN

    def get(self, name: str) -> Tag | None:
        for tag in self.tags:
            if tag.name == name:
                return tag
        return None

    def get_all(self, name: str) -> list[Tag]:
        return [tag for tag in self.tags if tag.name == name]


@dataclass(slots=True)
class Record:
    """One match, whole: its header and its deals."""

    header: RecordHeader
    deals: list[Deal] = field(default_factory=list)

    @property
    def tags(self) -> list[Tag]:
        return self.header.tags


StreamItem = RecordHeader | Deal
