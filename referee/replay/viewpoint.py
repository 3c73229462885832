"""A record as one seat saw it (``--as SEAT`` of ``convert``, ``simulate`` and ``check``).

The view keeps what the seat saw and writes ``??`` (a card not seen) or leaves out what it did
not, so that a complete record, or a simulated one, becomes the record that seat could have
written at the table. For the 28 family (Twenty-Eight, Twenty-Nine, Forty, Fifty-Six):

- the seat's own hand line stays as written; every other hand line is left out (its comments
  move to the deal line, so that nothing written is lost);
- every play stays: cards are played face up;
- the bidder's face-down trump card (laid from his hand, his seventh card, or Twenty-Nine's
  spare indicator) is ``trump ??`` at the choice, unless the seat is the bidder himself, and is
  named at the call that shows it (``S call 8H``); a card played without a call (exposed at
  the bidder's turn in the last trick) is shown by the play itself; a suit named openly
  stays;
- a single-hand show lays the shower's hand face up: his hand line is written, as one round
  (the order in which its cards were dealt was not shown);
- tags, comments and result lines stay, and the ``View`` tag names the seat.

A spare indicator named by its suit (``W trump C``) is shown at the call as that suit's spare
card of the highest indicator rank (``call 5C``): the notation names a card at a call, and
only the suit matters.

In the other games the seat's own hand line stays and the others are left out, as above, and
every play stays:

- Twenty-Five (``OwnHandView`` with ``rob_discard``): the turn-up stays; a rob stays, but the
  card another seat discards to it is ``??`` (it goes face down);
- Avinas (``AvinasView``): of every other hand only the 4th and 8th cards the table saw
  exposed (always the dealer's opponents', the dealer side's when they are sevens) stay, at
  their positions, the rest ``??``; a face-down lead is ``down ??`` until its trick is
  complete;
- Twenty-Two (``OwnHandView`` with ``exchange_counts``): the seat's own exchange stays,
  another player's is written as its counts (``?? > ??``).

The events keep their spans: a finding in a view is placed at the line of the record it was
made from. A seat that is not at the table is a ``record.view`` error.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace

from referee.games import find_game, ruleset_for
from referee.games.avinas.ruleset import Avinas
from referee.games.twenty_eight.ruleset import TwentyEight
from referee.games.twenty_eight.seventh import seventh_card
from referee.games.twenty_five.ruleset import TwentyFive
from referee.model.cards import UNSEEN, Card
from referee.model.errors import RecordError, located
from referee.model.record import (
    Action,
    Comment,
    Deal,
    DealItem,
    Event,
    Hand,
    Record,
    RecordHeader,
    ResultLine,
    StreamItem,
    Tag,
)
from referee.rules.base import Ruleset

VIEW_TAG = "View"

VIEW_GAMES = ("twenty-eight", "twenty-nine", "forty", "fifty-six", "twenty-five", "avinas",
              "twenty-two")
"""The games whose records can be written from one seat."""

DealView = Callable[[Deal], Deal]
"""Writes one deal of a record as the viewing seat saw it (a new deal)."""


def view_of(record: Record, seat: str) -> Record:
    """A new record: ``record`` as ``seat`` saw it (the input is left as it is).

    ``RecordError`` (``record.view``) for a seat that is not at the table or a game whose
    views are not written yet; any other ``RecordError`` of the record's tags (no game, an
    unknown option) as the replay raises it.
    """
    view = deal_view(record.header, seat)
    return Record(view_header(record.header, seat), [view(deal) for deal in record.deals])


def view_items(items: Iterable[StreamItem], seat: str) -> Iterator[StreamItem]:
    """A stream of headers and deals as ``seat`` saw them, one item at a time (an archive is
    never held whole); errors as ``view_of``, raised at the header of the record."""
    view: DealView | None = None
    for item in items:
        if isinstance(item, RecordHeader):
            view = deal_view(item, seat)
            yield view_header(item, seat)
        elif view is None:  # a deal before any tags: the replay says what is wrong
            yield item
        else:
            yield view(item)


def view_header(header: RecordHeader, seat: str) -> RecordHeader:
    """A copy of ``header`` whose ``View`` tag names ``seat`` (replacing one present)."""
    tags: list[Tag] = []
    placed = False
    for tag in header.tags:
        if tag.name == VIEW_TAG:
            if placed:
                continue  # one View tag: a record is written from one seat
            tag = replace(tag, values=[seat], comments=list(tag.comments))
            placed = True
        else:
            tag = _copied_tag(tag)
        tags.append(tag)
    if not placed:
        tags.append(Tag(VIEW_TAG, [seat]))
    return RecordHeader(tags, list(header.comments), header.span)


def _copied_tag(tag: Tag) -> Tag:
    """A copy of ``tag`` of the same class (a tag given on the command line stays one)."""
    twin = copy.copy(tag)
    twin.values = list(tag.values)
    twin.comments = list(tag.comments)
    return twin


def deal_view(header: RecordHeader, seat: str) -> DealView:
    """How the record opened by ``header`` writes its deals as ``seat`` saw them;
    ``RecordError`` (``record.view``) where it cannot."""
    ruleset = ruleset_for(header)
    if isinstance(ruleset, Avinas):
        return avinas_view(ruleset, header, seat)
    if not isinstance(ruleset, (TwentyEight, TwentyFive)) and ruleset.name != "twenty-two":
        error = RecordError("record.view", f"{ruleset.title} records cannot be written from "
                            f"one seat yet (only {_titles()} records can)")
        raise located(error, header.get("Game") or header)
    _check_seat(ruleset, seat, header)
    if ruleset.name == "twenty-two":
        return OwnHandView(seat, exchange_counts).deal
    if isinstance(ruleset, TwentyFive):
        return OwnHandView(seat, rob_discard).deal
    return FamilyView(seat, _spare_rank(ruleset)).deal


def _check_seat(ruleset: Ruleset, seat: str, header: RecordHeader) -> None:
    seats = ruleset.table.seats
    if seat not in seats:
        error = RecordError("record.view", f"'{seat}' is not at the table (seats: "
                            f"{' '.join(seats)}): a record is written from one of its seats")
        raise located(error, header.get("Seats") or header.get("Game") or header)


def _titles() -> str:
    titles = [find_game(name).title for name in VIEW_GAMES]
    return ", ".join(titles[:-1]) + " and " + titles[-1]


def _spare_rank(ruleset: Ruleset) -> str | None:
    """The rank of the spare card that shows a suit named for the spare indicator (None:
    the bidder lays a card of his own)."""
    if not isinstance(ruleset, TwentyEight) or not ruleset.spare:
        return None
    return ruleset.indicator_ranks[-1]


@dataclass(frozen=True, slots=True)
class FamilyView:
    """The 28 family's deals as ``seat`` saw them; ``spare_rank``: the rank a suit named for
    the spare indicator is shown as at the call (None without a spare indicator)."""

    seat: str
    spare_rank: str | None = None

    def deal(self, deal: Deal) -> Deal:
        """``deal`` as the seat saw it (a new deal)."""
        shown = {item.action.seat for item in deal.items
                 if isinstance(item, Event) and item.action.kind == "show"}

        def rounds(hand: Hand) -> list[list[Card]] | None:
            if hand.seat == self.seat:
                return [list(r) for r in hand.rounds]
            if hand.seat in shown:  # laid face up: every card seen, not their order
                return [hand.cards]
            return None

        return _seen_deal(deal, rounds, self._items(deal))

    def _items(self, deal: Deal) -> Iterator[DealItem]:
        hidden: Card | None = None  # the face-down card, until a call shows it
        for item in deal.items:
            if isinstance(item, ResultLine):
                yield replace(item, comments=list(item.comments))
                continue
            action = item.action
            if action.kind == "trump":
                hidden = self._laid(deal, action)
                if self._conceals(action) and action.seat != self.seat:
                    action = Action(action.seat, "trump", (UNSEEN,))
            elif action.kind == "call":
                if hidden is not None and not action.cards:
                    action = action._replace(cards=(hidden,))
                hidden = None
            yield _event_as(item, action)

    def _conceals(self, action: Action) -> bool:
        """True if a trump choice lays a card face down (a suit named openly lays none)."""
        return bool(action.cards) or action.value == "seventh" or self.spare_rank is not None

    def _laid(self, deal: Deal, action: Action) -> Card | None:
        """The card a trump choice lays face down (None: none, or not known)."""
        if action.cards:
            return None if action.cards[0] == UNSEEN else action.cards[0]
        if action.value == "seventh":
            return seventh_card(deal, action.seat)
        if self.spare_rank is not None and isinstance(action.value, str):
            return self.spare_rank + action.value  # the suit's spare card
        return None  # a suit named openly


@dataclass(frozen=True, slots=True)
class OwnHandView:
    """Deals as ``seat`` saw them in a game where he sees his own hand line only, and every
    event as written but what ``conceal`` hides of another seat's action: Twenty-Five (a rob's
    discard, laid face down: ``rob_discard``) and Twenty-Two (an exchange's cards, face down:
    ``exchange_counts``)."""

    seat: str
    conceal: Callable[[Action], Action]

    def deal(self, deal: Deal) -> Deal:
        """``deal`` as the seat saw it (a new deal)."""
        def rounds(hand: Hand) -> list[list[Card]] | None:
            return [list(r) for r in hand.rounds] if hand.seat == self.seat else None

        return _seen_deal(deal, rounds, self._items(deal))

    def _items(self, deal: Deal) -> Iterator[DealItem]:
        for item in deal.items:
            if isinstance(item, ResultLine):
                yield replace(item, comments=list(item.comments))
            elif item.action.seat == self.seat:
                yield _event_as(item, item.action)
            else:
                yield _event_as(item, self.conceal(item.action))


def rob_discard(action: Action) -> Action:
    """Twenty-Five: another seat's rob, its discard face down (``rob ??``)."""
    return action._replace(cards=(UNSEEN,)) if action.kind == "rob" else action


def exchange_counts(action: Action) -> Action:
    """Twenty-Two: another seat's exchange as its counts (``?? > ??``): discards and draws
    are face down."""
    if action.kind != "exchange":
        return action
    return action._replace(cards=(UNSEEN,) * len(action.cards),
                           drawn=(UNSEEN,) * len(action.drawn))


def _seen_deal(deal: Deal, rounds: Callable[[Hand], list[list[Card]] | None],
               items: Iterable[DealItem]) -> Deal:
    """A new deal of ``items``, with the hand lines ``rounds`` writes (None: the line is left
    out, and its comments move to the deal line, so nothing written is lost)."""
    hands: list[Hand] = []
    moved: list[Comment] = []
    for hand in deal.hands:
        seen = rounds(hand)
        if seen:
            hands.append(Hand(hand.seat, seen, hand.span, list(hand.comments)))
        else:
            moved.extend(hand.comments)
    return Deal(deal.number, deal.dealer, hands, list(items), deal.span,
                [*deal.comments, *moved])


def _event_as(event: Event, action: Action) -> Event:
    """A copy of ``event`` (its place and comments) that records ``action``."""
    return Event(action, event.span, event.trick, list(event.comments))


def avinas_view(ruleset: Avinas, header: RecordHeader, seat: str) -> DealView:
    """How an Avinas record writes its deals as ``seat`` saw them (``AvinasView``)."""
    _check_seat(ruleset, seat, header)
    return AvinasView(seat, ruleset.next_seat,
                      ruleset.opts.dealer_side_exposure == "sevens").deal


class AvinasView:
    """Avinas deals as ``seat`` saw them: what the exposure showed of the other hands, and a
    face-down lead once its trick is complete. ``next_seat``: the seat to each one's left (the
    deal passes to the left); ``dealer_sevens``: the dealer side shows its sevens."""

    def __init__(self, seat: str, next_seat: dict[str, str], dealer_sevens: bool) -> None:
        self.seat = seat
        self.next_seat = next_seat
        self.dealer_sevens = dealer_sevens
        self.dealer: str | None = None

    def deal(self, deal: Deal) -> Deal:
        """``deal`` as the seat saw it (a new deal)."""
        dealer = deal.dealer or self.dealer
        self.dealer = self.next_seat[dealer] if dealer is not None else None
        def rounds(hand: Hand) -> list[list[Card]] | None:
            if hand.seat == self.seat:
                return [list(r) for r in hand.rounds]
            return self._exposed(hand, dealer) or None

        return _seen_deal(deal, rounds, self._items(deal))

    def _exposed(self, hand: Hand, dealer: str | None) -> list[list[Card]]:
        """The rounds of another seat's hand line as the exposure showed them (empty: none of
        its cards was seen)."""
        if len(hand.rounds) != 2 or dealer is None:
            return []  # without its dealing order no position is known
        left = self.next_seat[dealer]
        right = self.next_seat[self.next_seat[left]]
        opponent = hand.seat in (left, right)
        rounds = []
        shown = False
        for cards in hand.rounds:
            line = [UNSEEN] * len(cards)
            last = cards[-1]
            if last != UNSEEN and (opponent or (self.dealer_sevens and last[0] == "7")):
                line[-1] = last
                shown = True
            rounds.append(line)
        return rounds if shown else []

    def _items(self, deal: Deal) -> Iterator[DealItem]:
        """Every event as it stands, but a face-down lead whose trick the record does not
        complete (it is still face down): ``down ??``, unless the seat led it."""
        items = list(deal.items)
        laid = 0
        pending: int | None = None
        for index, item in enumerate(items):
            if isinstance(item, Event) and item.action.kind in ("play", "down"):
                if laid % 4 == 0:
                    pending = index if item.action.kind == "down" else None
                laid += 1
                if laid % 4 == 0:
                    pending = None
        for index, item in enumerate(items):
            if isinstance(item, ResultLine):
                yield replace(item, comments=list(item.comments))
                continue
            action = item.action
            if index == pending and action.seat != self.seat:
                action = Action(action.seat, "down", (UNSEEN,))
            yield _event_as(item, action)
