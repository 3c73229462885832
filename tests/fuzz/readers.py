"""The two readers of TTN text compared: the fast reader of the common spelling (with Lark
for what it gives up) and Lark alone must give the same records and the same errors.

A reading is everything the streamed reader (``iter_stream``, as ``check``, ``fmt`` and the
rest read) gives: each item's values, spans, offsets and placed comments, the errors it
collects and the error it raises. Used by tests/test_fast_reader.py and by the fuzz promises.
"""

from __future__ import annotations

import io
from typing import Any

from referee.model.errors import NotationSyntaxError
from referee.model.record import Comment, Deal, Event, RecordHeader
from referee.notation.parser import iter_stream, lark_only

MODES = ((True, True), (False, True), (True, False))
"""(comments kept, errors collected): with and without comments (``check`` drops them),
every error collected or the first one raised."""


def _comment(comment: Comment) -> tuple:
    return (comment.text, comment.kind, comment.line, comment.column, comment.own_line,
            comment.before)


def _comments(item: Any) -> list[tuple]:
    return [_comment(comment) for comment in item.comments]


def _deal_item(item: Any) -> tuple:
    if isinstance(item, Event):
        return ("event", item.action, item.trick, item.span, item.offset, _comments(item))
    return ("result", item.kind, item.values, item.span, _comments(item))


def dump(item: RecordHeader | Deal) -> tuple:
    """Everything a streamed item holds: values, spans, offsets and placed comments."""
    if isinstance(item, RecordHeader):
        return ("header", item.span, _comments(item),
                [(tag.name, tag.values, tag.span, _comments(tag)) for tag in item.tags])
    return ("deal", item.number, item.dealer, item.span, _comments(item),
            [(hand.seat, hand.rounds, hand.span, _comments(hand)) for hand in item.hands],
            [_deal_item(part) for part in item.items])


def _error(error: NotationSyntaxError) -> tuple:
    return (error.code, error.message, error.file, error.line, error.column,
            error.source_line, error.expected, error.record_line, str(error))


def reading(data: bytes, comments: bool, collect: bool) -> tuple:
    """The items, the collected errors and the raised error of one reading of ``data``."""
    errors: list[NotationSyntaxError] = []
    items: list[tuple] = []
    try:
        for item in iter_stream(io.BytesIO(data), "t.ttn", errors if collect else None,
                                comments):
            items.append(dump(item))
    except NotationSyntaxError as exc:
        return items, [_error(e) for e in errors], _error(exc)
    return items, [_error(e) for e in errors], None


def differences(data: bytes, modes: tuple[tuple[bool, bool], ...] = MODES) -> str | None:
    """Where the two readers disagree on ``data`` (None: nowhere)."""
    fast = [reading(data, *mode) for mode in modes]
    with lark_only():
        slow = [reading(data, *mode) for mode in modes]
    for mode, one, other in zip(modes, fast, slow, strict=True):
        if one != other:
            return f"the fast reader and Lark disagree (comments, collect = {mode})"
    return None
