"""Canonical records: the writer's layout plus trick marks found by replaying each deal.

The writer alone cannot tell where a trick starts (a single hand has three cards a trick, a
Twenty-Two trick has multi-card plays), so ``referee fmt`` asks the game: it replays each deal
and marks every play that opens a trick. Marks the user wrote are kept as written (a wrong one
stays for the referee to report); a record whose game or options cannot be resolved is passed
through unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from referee.errors import RefereeError
from referee.record import Deal, Event, RecordHeader, StreamItem
from referee.replay import check_seats
from referee.rules.base import Ruleset
from referee.rules.registry import ruleset_for

_OPENS_TRICK = frozenset({"play", "down"})


def with_trick_marks(items: Iterable[StreamItem]) -> Iterator[StreamItem]:
    """The same stream, each play that opens a trick given its mark."""
    ruleset: Ruleset | None = None
    match = None
    for item in items:
        if isinstance(item, RecordHeader):
            try:
                ruleset = ruleset_for(item)
                match = ruleset.new_match()
            except RefereeError:
                ruleset = None
        elif ruleset is not None:
            _mark_deal(ruleset, match, item)
        yield item


def _mark_deal(ruleset: Ruleset, match: object, deal: Deal) -> None:
    try:
        check_seats(ruleset, deal)  # the game's start_deal may assume declared seats
        state = ruleset.start_deal(match, deal)
        for item in deal.items:
            if not isinstance(item, Event):
                continue
            action = item.action
            if action.kind in _OPENS_TRICK and state.trick_len == 0 and item.trick is None:
                item.trick = state.trick_no + 1
            exclusion = ruleset.check(state, action)
            if exclusion is not None and exclusion.fatal:
                return
            ruleset.apply(state, action)
        ruleset.settle(match, state, [])
    except RefereeError:
        # A deal the referee cannot replay is written as it stands; `referee check` is
        # where its problems are reported.
        return
