"""The referee's answers (``referee.lsp.completion`` and the others) as lsprotocol values:
the one place that turns the referee's positions into the client's for a request."""

from __future__ import annotations

from lsprotocol import types

from referee.lsp.checker import Setup
from referee.lsp.completion import Choice, action_choices, at_cursor, parsed, tag_choices
from referee.lsp.diagnostics import client_range
from referee.lsp.document import Unit, split_units
from referee.model.record import RecordHeader

KINDS = {
    "action": types.CompletionItemKind.Event,
    "card": types.CompletionItemKind.Value,
    "tag": types.CompletionItemKind.Property,
    "game": types.CompletionItemKind.Module,
    "preset": types.CompletionItemKind.Enum,
    "option": types.CompletionItemKind.Field,
    "value": types.CompletionItemKind.EnumMember,
}


def unit_at(text: str, line: int) -> Unit:
    """The record the document's ``line`` belongs to."""
    units = split_units(text)
    return next((u for u in reversed(units) if u.first_line <= line), units[0])


def header_of(unit: Unit) -> RecordHeader | None:
    items = parsed(unit.text)
    return next((i for i in items if isinstance(i, RecordHeader)), None) if items else None


def choices_at(text: str, line: int, column: int, setup: Setup) -> list[Choice]:
    """What may be typed at ``line``:``column``: tag names and values in a tag, else the
    legal actions there."""
    unit = unit_at(text, line)
    lines = unit.text.split("\n")
    index = line - unit.first_line
    before = lines[index][:column - 1] if 0 <= index < len(lines) else ""
    in_tag = tag_choices(before, header_of(unit))
    if in_tag is not None:
        return in_tag
    found = at_cursor(unit, line, column, setup.hook)
    return action_choices(found) if found is not None else []


def completion_items(text: str, line: int, column: int, setup: Setup, lines: list[str],
                     encoding: str) -> list[types.CompletionItem]:
    """The choices at the cursor as completion items, each replacing the word typed."""
    start = column
    current = lines[line - 1] if 0 < line <= len(lines) else ""
    while start > 1 and not current[start - 2].isspace() and current[start - 2] not in '["':
        start -= 1
    word = client_range(lines, line, start, line, column, encoding)
    return [types.CompletionItem(
        label=choice.label, kind=KINDS[choice.kind], detail=choice.detail or None,
        sort_text=f"{choice.order:04d}", filter_text=choice.label,
        text_edit=types.TextEdit(range=word, new_text=choice.label))
        for choice in choices_at(text, line, column, setup)]
