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
from referee.notation.parser import iter_items
from referee.notation.writer import write_items
from referee.record import Deal, RecordHeader, StreamItem
from referee.rules.base import MatchState, Ruleset
from referee.rules.loop import DealRun
from referee.rules.registry import ruleset_for

_OPENS_TRICK = frozenset({"play", "down"})


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
    try:
        run = DealRun(ruleset, match, deal)
        state = run.state
        for event, _ in run.events():
            if event.action.kind in _OPENS_TRICK and state.trick_len == 0 and event.trick is None:
                event.trick = state.trick_no + 1
        run.settle()
    except RefereeError:
        # A deal the referee cannot replay is written as it stands; `referee check` is
        # where its problems are reported.
        return


def canonical_text(text: str, path: str) -> str:
    """The canonical form of TTN ``text`` (comments kept, tricks numbered by replaying them);
    ``RefereeError`` if unreadable."""
    try:
        return "".join(write_items(with_trick_marks(iter_items(text, file=path))))
    except RefereeError as exc:
        if exc.code == "ttn.encoding":
            raise
        raise exc.in_file(exc.file, text) from None
