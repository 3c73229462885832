"""Inlay hints: after each trick, its winner and points, as ``referee annotate`` writes
them (``trick 3: N wins 3; NS 8 EW 3``)."""

from __future__ import annotations

from lsprotocol import types

from referee.lsp.document import split_lines, split_units
from referee.lsp.positions import to_client
from referee.lsp.walk import walk_record


def trick_hints(text: str, first: int, last: int, encoding: str,
                hook=None) -> list[types.InlayHint]:
    """The hints of the tricks that end between lines ``first`` and ``last`` (1-based)."""
    from referee.pipeline.annotate import trick_line

    lines = split_lines(text)
    hints: list[types.InlayHint] = []
    for unit in split_units(text):
        end = unit.first_line + unit.text.count("\n")
        if end < first or unit.first_line > last:
            continue
        walk = walk_record(unit.text, hook)
        if walk is None:
            continue
        shift = unit.first_line - 1
        for deal in walk.deals:
            for moment in deal.moments:
                span = moment.event.span
                if not moment.completed or not first <= span.end_line + shift <= last:
                    continue
                words = "; ".join(trick_line(walk.ruleset, t) for t in moment.completed)
                line, character = to_client(lines, span.end_line + shift, span.end_column,
                                            encoding)
                hints.append(types.InlayHint(
                    position=types.Position(line, character), label=words,
                    kind=types.InlayHintKind.Type, padding_left=True))
    return hints
