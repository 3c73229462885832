"""Legal moves at a position of a record (``referee moves FILE --at 3.2.S``).

A position is ``DEAL[.TRICK[.SEAT]]``:

- ``3``: deal 3 before its first event (the first call of the auction, or the first lead);
- ``3.2``: deal 3 before the lead of trick 2 (after any call or declaration recorded
  before that lead);
- ``3.2.S``: deal 3 when seat S acts in trick 2, before S's card (and before a call or a
  declaration S makes first, so that the decision to call can be asked about);
- ``end``: where the record stops (after the last event of its last deal).

The record is replayed up to that point exactly as ``referee check`` replays it (illegal
events are applied, the penalties of earlier deals count), and the game's
``legal_actions`` is asked: the same cascade that judges the record, so what is listed as
legal here is what the referee would accept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from referee.model.errors import RecordError, located
from referee.model.lexicon import SEAT_NAME
from referee.model.record import Action, Deal, Event, RecordHeader, StreamItem
from referee.notation.writer import format_action
from referee.replay.replay import MatchReplay
from referee.rules.base import DealState, Exclusion

_POSITION = re.compile(rf"\s*(\d+)(?:\.(\d+)(?:\.({SEAT_NAME}))?)?\s*\Z")
_PLAYS = frozenset({"play", "down"})


@dataclass(frozen=True, slots=True)
class Position:
    """Deal number, trick number (None: before the deal's first event) and seat; ``deal``
    0 is the end of the record (``--at end``)."""

    deal: int
    trick: int | None = None
    seat: str | None = None

    @property
    def at_end(self) -> bool:
        return self.deal == 0

    def __str__(self) -> str:
        if self.at_end:
            return "where the record stops"
        text = f"deal {self.deal}"
        if self.trick is not None:
            text += f", trick {self.trick}"
        if self.seat is not None:
            text += f", {self.seat} to play"
        return text


def parse_position(text: str) -> Position:
    """``DEAL[.TRICK[.SEAT]]`` or ``end``; ``ValueError`` with the expected form otherwise."""
    if text.strip().lower() == "end":
        return END
    match = _POSITION.match(text)
    if match is None or int(match.group(1)) < 1 or (match.group(2) and int(match.group(2)) < 1):
        raise ValueError(f"'{text}' is not a position: write DEAL, DEAL.TRICK, "
                         "DEAL.TRICK.SEAT (numbers from 1), e.g. 3.2.S, or end")
    deal, trick, seat = match.groups()
    return Position(int(deal), int(trick) if trick else None, seat)


END = Position(0)
"""Where the record stops."""


@dataclass(slots=True)
class Moves:
    """What may be done at a position, and what may not, with the rule that forbids it."""

    game: str
    position: Position
    recorded: Event | None
    allowed: list[Action] = field(default_factory=list)
    excluded: list[tuple[Action, Exclusion]] = field(default_factory=list)
    deal: int = 0
    """The deal the position is in (the record's last deal for ``end``)."""
    stage: str = ""
    """Where the deal stands, in words ("trick 3 is not complete: W must play")."""

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "deal": self.deal or self.position.deal,
            "stage": self.stage,
            "trick": self.position.trick,
            "seat": self.position.seat,
            "recorded": None if self.recorded is None else {
                "action": format_action(self.recorded.action),
                "line": self.recorded.span.line or None,
                "column": self.recorded.span.column or None,
            },
            "legal": [format_action(action) for action in self.allowed],
            "excluded": [
                {"action": format_action(action), "rule": why.rule, "message": why.message}
                for action, why in self.excluded
            ],
        }


def moves_at(items: Iterable[StreamItem], position: Position, record: int = 1) -> Moves:
    """The legal and excluded actions at ``position`` in the ``record``-th record.

    ``RecordError`` (code ``record.position``) when the record has no such point.
    """
    replay: MatchReplay | None = None
    seen_records = 0
    header: RecordHeader | None = None
    last: Deal | None = None
    for item in items:
        if isinstance(item, RecordHeader):
            seen_records += 1
            if seen_records > record:
                break
            header = item
            replay = MatchReplay(item) if seen_records == record else None
            continue
        if replay is None:
            continue
        if position.at_end:  # replay every deal but the last, which is only known at the end
            if last is not None:
                replay.replay_deal(last)
            last = item
            continue
        if item.number != position.deal:
            replay.replay_deal(item)
            continue
        return _moves_in_deal(replay, item, position)
    if replay is not None and last is not None:
        return _moves_in_deal(replay, last, position)
    if seen_records < record:
        raise RecordError("record.position",
                          f"the file has {seen_records} record(s), not {record}")
    error = RecordError("record.position", f"record {record} has no deal {position.deal}"
                        if not position.at_end else f"record {record} has no deal")
    raise located(error, header) if header is not None else error


def _moves_in_deal(replay: MatchReplay, deal: Deal, position: Position) -> Moves:
    ruleset = replay.ruleset
    if position.seat is not None and position.seat not in ruleset.table:
        raise located(RecordError(
            "record.position",
            f"seat '{position.seat}' is not at the table "
            f"(seats: {' '.join(ruleset.table.seats)})"), deal)

    def reached(event: Event, state: DealState) -> bool:
        if position.at_end:
            return False
        if position.trick is None:
            return True
        action = event.action
        if not state.play_started and action.kind not in _PLAYS:
            return False  # still in the auction or the trump choice
        trick = state.trick_at_hand
        if trick != position.trick:
            return trick > position.trick
        if position.seat is None:
            return action.kind in _PLAYS  # before the lead, after what comes before it
        return action.seat == position.seat  # the seat's first action: a call, or its card

    state, event = replay.state_before(deal, reached)
    if position.trick is not None and event is None and not state.play_started:
        raise located(RecordError(
            "record.position", f"deal {deal.number}: the record stops before trick "
            f"{position.trick}, {_stage_of(ruleset, state)} (--at {deal.number} or "
            "--at end)"), deal)
    if position.trick is not None:
        trick = state.trick_at_hand if state.play_started or event is not None else None
        passed = trick is not None and trick > position.trick
        if passed or (event is None and (ruleset.is_deal_over(state)
                                         or (trick or 1) != position.trick)):
            where = (f"{position.seat} does not play to trick {position.trick}"
                     if passed and position.seat else f"there is no trick {position.trick}")
            raise located(RecordError(
                "record.position", f"deal {deal.number}: {where} in the record"), deal)
    legality = ruleset.legal_actions(state)
    allowed = legality.allowed
    excluded = legality.excluded
    if position.seat is not None:
        acting = sorted({a.seat for a in allowed if a.seat is not None})
        if allowed and position.seat not in acting:
            where = (f"trick {position.trick}" if position.trick is not None
                     else "the start of the deal")
            # The next action may belong to no seat (Twenty-Five's turn-up of the trump card).
            who = (f"{' or '.join(acting)} {'is' if len(acting) == 1 else 'are'} to act there "
                   f"(--at {deal.number}.{position.trick or 1}.{acting[0]})" if acting else
                   f"the next action is '{allowed[0].kind}' "
                   f"(--at {deal.number}.{position.trick or 1})")
            raise located(RecordError(
                "record.position",
                f"deal {deal.number}: {position.seat} does not act at {where} in the record; "
                f"{who}"), deal)
        allowed = [a for a in allowed if a.seat == position.seat]
        excluded = [(a, why) for a, why in excluded if a.seat == position.seat]
    else:
        seats = {a.seat for a in allowed}
        excluded = [(a, why) for a, why in excluded if a.seat in seats]
    if position.at_end:
        position = Position(0, None if not state.play_started else state.trick_at_hand)
    return Moves(ruleset.name, position, event, allowed, excluded, deal.number,
                 _stage_of(ruleset, state))


def _stage_of(ruleset: Any, state: DealState) -> str:
    """Where the deal stands, in words: the game's own "incomplete" sentence, else over."""
    if ruleset.is_deal_over(state):
        return "the deal is over"
    return ruleset.incomplete_message(state)


def render_moves(moves: Moves) -> str:
    """The text report: the position, the recorded event there, legal and excluded actions."""
    lines = [f"{moves.game}, {moves.position}"
             + (f" (deal {moves.deal})" if moves.position.at_end else "")]
    if moves.stage:
        lines.append(f"the deal stands: {moves.stage}")
    if moves.recorded is not None:
        line = moves.recorded.span.line
        lines.append(f"recorded here: {format_action(moves.recorded.action)}"
                     + (f" (line {line})" if line else ""))
    else:
        lines.append("recorded here: nothing (the record ends before this point)")
    lines.append(f"legal ({len(moves.allowed)}):")
    lines.extend(f"  {format_action(action)}" for action in moves.allowed)
    if not moves.allowed:
        lines.append("  none")
    if moves.excluded:
        lines.append(f"excluded ({len(moves.excluded)}):")
        width = max(len(format_action(action)) for action, _ in moves.excluded)
        for action, why in moves.excluded:
            lines.append(f"  {format_action(action):<{width}}  {why.rule}: {why.message}")
    return "\n".join(lines) + "\n"
