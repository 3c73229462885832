"""Formatting: the document as ``referee fmt`` writes it, as the fewest whole-line edits."""

from __future__ import annotations

from difflib import SequenceMatcher

from lsprotocol import types

from referee.lsp.document import split_lines
from referee.lsp.positions import to_client
from referee.model.errors import RefereeError


def format_edits(text: str, path: str, encoding: str) -> list[types.TextEdit] | None:
    """The edits that make ``text`` canonical ([] if it is); None if it cannot be read
    (``fmt`` refuses it too: the diagnostics say why)."""
    from referee.replay.canonical import canonical_text

    try:
        canonical = canonical_text(text, path)
    except RefereeError:
        return None
    if canonical == text:
        return []
    old = text.splitlines(keepends=True)
    new = canonical.splitlines(keepends=True)
    edits: list[types.TextEdit] = []
    # Whole lines replaced: line-start positions are the same in every position encoding.
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        edits.append(types.TextEdit(
            range=types.Range(types.Position(i1, 0), types.Position(i2, 0)),
            new_text="".join(new[j1:j2])))
    if old and not old[-1].endswith(("\n", "\r")) and edits:
        # The last line has no line break: a range to the line after it does not exist,
        # so the whole text is replaced instead.
        lines = split_lines(text)
        end = types.Position(*to_client(lines, len(lines), len(lines[-1]) + 1, encoding))
        return [types.TextEdit(range=types.Range(types.Position(0, 0), end),
                               new_text=canonical)]
    return edits
