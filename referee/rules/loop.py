"""The one referee loop: start a deal, judge and carry out each action, stop where the state
is undefined, settle.

Every command that walks a deal goes through here (``referee check`` and ``annotate`` through
``replay.py``, ``moves``, ``fmt``'s trick marks, the simulator), so the preconditions and what
follows an illegal action are decided once:

- before the game sees a deal, its dealer, hands and events must use the table's seats and the
  game's actions (``check_seats``): a game's ``start_deal`` may rely on that;
- an illegal action's seat is an offender, and its exclusion's ``Effect`` says what follows:
  ``STANDS``, the action stands as made (it is applied); ``NO_EFFECT``, it is reported and
  not applied (the game may note it: ``Ruleset.note_no_effect``); ``STOPS``, the state would
  no longer be well defined, the action is not applied and the walk of that deal stops
  there;
- the deal is settled with the offenders in the order they offended.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Generic, NoReturn, TypeAlias

from referee.model.cards import UNSEEN
from referee.model.errors import RecordError, located
from referee.model.record import Action, Deal, DealBody, Event, ResultLine
from referee.model.spelling import suggest
from referee.rules.base import (
    DealResult,
    DealState,
    Effect,
    Exclusion,
    MatchT,
    Ruleset,
    StateT,
)

Watch: TypeAlias = Callable[[Event, StateT], None]
"""Called after each recorded event is carried out (or stopped the walk), with the state."""


def trick_mark_fits(state: DealState, mark: int | None) -> bool:
    """True if the trick mark ``mark`` (None: the event has none) is right before the event:
    a mark belongs on the first play of a trick and gives that trick's number."""
    return mark is None or (state.trick_len == 0 and mark == state.trick_no + 1)


def check_seats(ruleset: Ruleset[Any, Any], deal: Deal) -> bool:
    """``RecordError`` unless the deal's dealer, hands and events use the table's seats and
    the game's actions (checked before the game sees the deal); True if the deal writes what
    only a partly seen record writes: a card ``??``, or a call that names the card it shows."""
    table = ruleset.table
    seats = ruleset.seat_set
    if deal.dealer is not None and deal.dealer not in seats:
        error = RecordError("record.seat", _undeclared(deal.dealer, table.seats))
        span = deal.span  # the deal line ends with the dealer: the caret goes under it
        raise error.at(span.line, span.end_column - len(deal.dealer)) if span.line else error
    for hand in deal.hands:
        if hand.seat not in seats:
            raise located(RecordError("record.seat", _undeclared(hand.seat, table.seats)), hand)
    unseen_refused = not ruleset.reads_unseen_cards
    marked = False
    for hand in deal.hands:
        for batch in hand.rounds:  # (hand.cards would join them in a new list)
            if UNSEEN in batch:
                if unseen_refused:
                    raise located(_unseen_refused(ruleset), hand)
                marked = True
    accepted, actors = ruleset.accepted_actions, ruleset.actors
    # one pass over the actions (a deal read in compact form makes no event for this: it
    # runs for every deal checked); the first one that is off is found again by
    # ``_action_error``, which places its error at its event
    for seat, kind, cards, _, drawn in deal.actions:
        if seat not in actors or kind not in accepted:
            _action_error(ruleset, deal)
        # a card not seen, a call naming a card, or an exchange drawing cards not seen
        if (cards and (UNSEEN in cards or kind == "call")) or (
                kind == "exchange" and UNSEEN in drawn):
            if unseen_refused and (UNSEEN in cards or UNSEEN in drawn):
                _action_error(ruleset, deal)
            marked = True
    return marked


def _action_error(ruleset: Ruleset[Any, Any], deal: Deal) -> NoReturn:
    """Raise at the deal's first action with a seat not at the table, a kind of action the
    game does not have or a card ``??`` the game refuses (``check_seats`` found one)."""
    table = ruleset.table
    accepted = ruleset.accepted_actions
    for index, action in enumerate(deal.actions):
        seat = action.seat
        if seat is not None and seat not in ruleset.seat_set:  # None: the table's (turn-up)
            raise located(RecordError("record.seat", _undeclared(seat, table.seats)),
                          deal.events[index])
        kind = action.kind
        if kind not in accepted:
            raise located(RecordError(
                "record.action",
                f"{ruleset.name} has no '{kind}' action "
                f"(it accepts: {', '.join(sorted(accepted))})",
            ), deal.events[index])
        cards, drawn = action.cards, action.drawn
        # (``check_seats``'s test, in its words)
        if ((cards and (UNSEEN in cards or kind == "call")) or (
                kind == "exchange" and UNSEEN in drawn)) and (
                not ruleset.reads_unseen_cards and (UNSEEN in cards or UNSEEN in drawn)):
            raise located(_unseen_refused(ruleset), deal.events[index])
    raise AssertionError("check_seats found an action that is off")


def _unseen_refused(ruleset: Ruleset[Any, Any]) -> RecordError:
    return RecordError(
        "record.unseen", f"'??' (a card not seen) is not supported in {ruleset.title} yet; a "
        f"hand nobody saw can be recorded by leaving its hand line out")


def match_over(ruleset: Ruleset[MatchT, StateT], match: MatchT, deal: Deal) -> Exclusion | None:
    """The finding for a deal recorded after the match ended, or None if the match goes on."""
    if not ruleset.is_match_over(match):
        return None
    return Exclusion(ruleset.generic.match_over,
                     f"the match was over before deal {deal.number} "
                     f"({ruleset.match_result(match)})", Effect.STOPS)


class DealRun(Generic[MatchT, StateT]):
    """One deal under the loop: its state, its offenders, where (if anywhere) it stopped.

    Making one checks the preconditions and deals. A recorded deal is walked with
    ``events``; a deal being made (the simulator) is driven with ``step``. ``settle`` scores
    it.
    """

    def __init__(self, ruleset: Ruleset[MatchT, StateT], match: MatchT, deal: Deal) -> None:
        marked = check_seats(ruleset, deal)
        self.ruleset = ruleset
        self.match = match
        self.deal = deal
        self.state: StateT = ruleset.start_deal(match, deal, marked)
        found = self.state.deal_findings  # (most deals have none)
        self.offenders: list[str] = ([seat for _, _, seat in found if seat is not None]
                                     if found else [])
        """The seats that broke a rule, in order (the first offender is first)."""
        self.stopped: Event | None = None
        """The event whose exclusion stopped the walk (``Effect.STOPS``), if one did."""
        self.results: list[ResultLine] = []
        """The deal's recorded ``result`` lines, in order (gathered by ``events``)."""

    def step(self, action: Action) -> Exclusion | None:
        """Judge ``action`` now and carry it out unless that leaves the state undefined:
        None if it was legal, else its exclusion (the seat is then an offender)."""
        exclusion = self.ruleset.check(self.state, action)
        if exclusion is None:
            self.ruleset.apply(self.state, action)
        else:
            self._excluded(action, exclusion)
        return exclusion

    def events(self, watch: Watch[StateT] | None = None, every: bool = True
               ) -> Iterator[tuple[Event, Exclusion | None]]:
        """Each recorded event with the verdict on it, before it is carried out.

        The consumer sees the state before the event (for trick marks, positions and the
        legal alternatives); when it asks for the next event, the one it saw is applied (a
        fatal one is not, and the walk ends), and ``watch`` sees the state after it.
        Breaking off leaves the event unapplied. With ``every`` false only the events worth
        reporting are yielded (an exclusion, or a wrong trick mark); the others are carried
        out at once, each judged and carried out in one call when the game has its own
        ``Ruleset.apply_if_legal`` (this loop runs for every action of every deal checked).
        """
        state = self.state
        ruleset = self.ruleset
        check, apply = ruleset.check, ruleset.apply
        # the default apply_if_legal (check, then apply) would only add a call
        at_once = ruleset.apply_if_legal
        quick = not every and type(ruleset).apply_if_legal is not Ruleset.apply_if_legal
        body = self.deal.body
        if body is not None and not every and watch is None:
            yield from self._walk_body(body, quick)
            return
        items = self.deal.items
        for index, item in enumerate(items):
            if type(item) is ResultLine:  # ResultLine is final: item is an Event after this
                self.results.append(item)
                continue
            action = item.action
            mark = item.trick
            # trick_mark_fits, written out: this runs for every action of every deal
            fits = mark is None or (state.trick_len == 0 and mark == state.trick_no + 1)
            if quick and fits:  # judged and, if legal, carried out in one call
                exclusion = at_once(state, action)
                if exclusion is None:
                    if watch is not None:
                        watch(item, state)
                    continue
            else:
                exclusion = check(state, action)
            if every or exclusion is not None or not fits:
                yield item, exclusion
            if exclusion is None:
                apply(state, action)
            elif self._excluded(action, exclusion):
                self.stopped = item
                self.results.extend(later for later in items[index + 1:]
                                    if type(later) is ResultLine)
                if watch is not None:
                    watch(item, state)
                return
            if watch is not None:
                watch(item, state)

    def _walk_body(self, body: DealBody, quick: bool
                   ) -> Iterator[tuple[Event, Exclusion | None]]:
        """``events(every=False)`` over a deal in compact form: its actions and trick marks
        are read from ``body``, and the deal's events are made only when one is yielded (the
        same verdicts, the same events, the same ``results``)."""
        state = self.state
        ruleset = self.ruleset
        check, apply, at_once = ruleset.check, ruleset.apply, ruleset.apply_if_legal
        marks = body.marks
        results = body.results
        taken = 0  # result lines gathered into self.results so far
        events: list[Event] | None = None  # the deal's events, made at the first yield
        for index, action in enumerate(body.actions):
            # trick_mark_fits, written out: this runs for every action of every deal
            fits = index not in marks or (state.trick_len == 0
                                          and marks[index] == state.trick_no + 1)
            if quick and fits:  # judged and, if legal, carried out in one call
                exclusion = at_once(state, action)
                if exclusion is None:
                    continue
            else:
                exclusion = check(state, action)
                if exclusion is None and fits:
                    apply(state, action)
                    continue
            if events is None:
                events = self.deal.events
            event = events[index]
            while taken < len(results) and results[taken][0] <= index:  # the lines before it
                self.results.append(results[taken][1])
                taken += 1
            yield event, exclusion
            if exclusion is None:
                apply(state, action)
            elif self._excluded(action, exclusion):
                self.stopped = event
                break
        self.results.extend(line for _, line in results[taken:])

    def settle(self) -> DealResult:
        """Score the deal into the match; disputed when anyone offended or the walk stopped."""
        result = self.ruleset.settle(self.match, self.state, self.offenders)
        result.disputed = result.disputed or bool(self.offenders) or self.stopped is not None
        return result

    def _excluded(self, action: Action, exclusion: Exclusion) -> bool:
        """An excluded action: its seat offended, and it is carried out as its effect says
        (the module's docstring). True if the walk stops there."""
        if action.seat is not None:
            self.offenders.append(action.seat)
        effect = exclusion.effect
        if effect is Effect.STOPS:
            return True
        if effect is Effect.STANDS:
            self.ruleset.apply(self.state, action)
        else:
            self.ruleset.note_no_effect(self.state, action)
        return False


def _undeclared(seat: str, seats: tuple[str, ...]) -> str:
    return f"seat '{seat}' is not declared (seats: {' '.join(seats)}){suggest(seat, seats)}"
