"""One record replayed with every moment kept: after each event, the trick on the table,
the tricks completed, each seat's hand; for hover, inlay hints and the outline.

The replay is ``referee check``'s (``MatchReplay.replay_deal`` with a watch); a record that
cannot be read or replayed has no walk (the diagnostics say why).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from referee.lsp.completion import own_header, parsed
from referee.model.errors import RefereeError
from referee.model.record import Deal, Event, RecordHeader, Span
from referee.report.model import DealReport, MatchReport
from referee.rules.base import TrickSummary


@dataclass(frozen=True, slots=True)
class Moment:
    """An event and the table around it."""

    event: Event
    deal: int
    trick: int | None
    """The trick the event belongs to (None in the auction)."""
    before: Mapping[str, Sequence[str]]
    """Every seat's cards before the event (where the game knows them)."""
    on_table: tuple[tuple[str, tuple[str, ...]], ...]
    """The trick as it stands after the event (the completed trick, if the event ends one)."""
    completed: tuple[TrickSummary, ...] = ()
    """The tricks this event completed (one, or none)."""


@dataclass(slots=True)
class DealWalk:
    """One deal: its moments and its report (findings, result)."""

    deal: Deal
    moments: list[Moment] = field(default_factory=list)
    report: DealReport | None = None


@dataclass(slots=True)
class RecordWalk:
    """One record: its header, each deal's walk and the match report."""

    header: RecordHeader
    deals: list[DealWalk]
    match: MatchReport
    rank_order: str = ""
    team_labels: Mapping[str, str] = field(default_factory=dict)
    ruleset: Any = None

    def moment_at(self, line: int, column: int) -> Moment | None:
        """The moment of the event written at ``line``:``column`` (in the record's lines)."""
        for deal in self.deals:
            for moment in deal.moments:
                if _inside(moment.event.span, line, column):
                    return moment
        return None


def _inside(span: Span, line: int, column: int) -> bool:
    return (span.line, span.column) <= (line, column) < (span.end_line, span.end_column)


@lru_cache(maxsize=16)
def walk_record(text: str, hook: Callable[[RecordHeader], None] | None = None
                ) -> RecordWalk | None:
    """The walk of the record ``text`` (its lines counted from 1), None if it does not read
    or cannot be replayed."""
    from referee.replay.replay import MatchReplay

    items = parsed(text)
    if not items or not isinstance(items[0], RecordHeader):
        return None
    header = own_header(items[0], hook)
    try:
        replay = MatchReplay(header)
        walks: list[DealWalk] = []
        for deal in items[1:]:
            if not isinstance(deal, Deal):
                break
            walks.append(_walk_deal(replay, deal))
            replay.check_number(deal)
        match = replay.finish()
    except RefereeError:
        return None
    ruleset = replay.ruleset
    return RecordWalk(header, walks, match, ruleset.rank_order,
                      ruleset.table.team_labels(), ruleset)


def _walk_deal(replay, deal: Deal) -> DealWalk:
    walk = DealWalk(deal)
    ruleset = replay.ruleset
    seen = [0]
    previous: list[Mapping[str, Sequence[str]]] = [{}]

    def dealt(state) -> None:
        previous[0] = dict(ruleset.table_view(state).hands)

    def watch(event: Event, state) -> None:
        view = ruleset.table_view(state)
        tricks = ruleset.completed_tricks(state)
        new = tuple(tricks[seen[0]:])
        seen[0] = len(tricks)
        on_table = view.last_trick if new else view.trick
        trick = state.position_trick if state.play_started else None
        if new:
            trick = new[-1].number
        walk.moments.append(Moment(event, deal.number, trick, previous[0],
                                   tuple(on_table), new))
        previous[0] = dict(view.hands)

    walk.report = replay.replay_deal(deal, watch, dealt)
    return walk
