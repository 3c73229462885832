"""What ``referee check`` refuses beyond the syntax, for the commands that rewrite records.

``referee fmt`` writes a record back without judging it, but a record ``check`` cannot read
(an unknown game, a seat not at the table, a card dealt twice...) must not come out of
``fmt`` as if it were fine, nor be rewritten in place: this replays it as ``check`` does and
raises the first such error, located in the file, with its source line.
"""

from __future__ import annotations

from referee.errors import RefereeError


def refuse_unreadable(text: str, path: str) -> None:
    """Raise the ``RefereeError`` (``record.*``, ``ttn.*``) that makes ``text`` unreadable
    to ``referee check``, if there is one; rule findings are no reason to refuse."""
    from referee.notation.parser import iter_items
    from referee.replay import replay_stream

    try:
        for _ in replay_stream(iter_items(text, file=path)):
            pass
    except RefereeError as exc:
        if exc.code == "ttn.encoding":
            raise
        raise exc.in_file(path, text) from None
