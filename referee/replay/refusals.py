"""What ``referee check`` refuses beyond the syntax, for the commands that rewrite records.

``referee fmt`` writes a record back without judging it, but a record ``check`` cannot read
(an unknown game, a seat not at the table, a card dealt twice...) must not come out of
``fmt`` as if it were fine, nor be rewritten in place: this replays it as ``check`` does and
raises the first such error, located in the file, with its source line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from referee.model.errors import RefereeError
from referee.model.record import RecordHeader, StreamItem


def refuse_unreadable(text: str, path: str,
                      header_hook: Callable[[RecordHeader], None] | None = None) -> None:
    """Raise the ``RefereeError`` (``record.*``, ``ttn.*``) that makes ``text`` unreadable
    to ``referee check``, if there is one; rule findings are no reason to refuse.
    ``header_hook`` gives each record the tags the command line or the settings give (a game
    for records without a Game tag), as ``check`` does."""
    from referee.notation.parser import iter_items
    from referee.replay.replay import replay_stream

    items: Iterable[StreamItem] = iter_items(text, file=path)
    if header_hook is not None:
        items = _hooked(items, header_hook)
    try:
        for _ in replay_stream(items):
            pass
    except RefereeError as exc:
        if exc.code == "ttn.encoding":
            raise
        raise exc.in_file(path, text) from None


def _hooked(items: Iterable[StreamItem],
            hook: Callable[[RecordHeader], None]) -> Iterator[StreamItem]:
    for item in items:
        if isinstance(item, RecordHeader):
            hook(item)
        yield item
