"""A document cut into records (matches), each checked on its own and its verdict kept.

A record's findings depend on nothing outside it, so after an edit only the record whose
text changed is checked again: the others' problems are kept, keyed by their text and
shifted to where the record now starts (an edit above a record moves it, it does not change
it). One long match is one record, so an edit in it re-checks that match.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, replace

from referee.model.errors import RefereeError
from referee.model.lexicon import LINE_BREAK
from referee.notation.chunks import iter_chunks
from referee.report.model import Finding, MatchReport

_WORD = re.compile(r"[^\s\[\]{};\"]+|\"(?:[^\"\\\n]|\\.)*\"?|\S")
_UNMET_LINE = re.compile(r"line (\d+): ")


@dataclass(frozen=True, slots=True)
class Related:
    """A place a problem points to, and why (LSP's related information)."""

    line: int
    column: int
    end_line: int
    end_column: int
    message: str

    def shifted(self, lines: int) -> Related:
        return replace(self, line=self.line + lines, end_line=self.end_line + lines)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing to show in the editor, in the referee's positions (1-based lines, code-point
    columns, end exclusive). ``severity`` is "error", "warning" (an unmet Expect tag) or
    "note"; ``code`` the rule or error id."""

    line: int
    column: int
    end_line: int
    end_column: int
    severity: str
    code: str
    message: str
    alternatives: tuple[str, ...] = ()
    related: tuple[Related, ...] = ()
    """Other places the finding points to (where a card it names was dealt or played)."""

    def shifted(self, lines: int) -> Problem:
        return replace(self, line=self.line + lines, end_line=self.end_line + lines,
                       related=tuple(r.shifted(lines) for r in self.related))


@dataclass(frozen=True, slots=True)
class Unit:
    """The text of one record (its tags and deals) and the line it starts at."""

    first_line: int
    text: str


def split_lines(text: str) -> list[str]:
    """The document's lines as the referee numbers them (a final line break ends the last)."""
    return LINE_BREAK.split(text)


def split_units(text: str) -> list[Unit]:
    """The records of ``text``, each with the comments and blank lines before its next
    record; the whole text as one unit when it cannot be cut (a control character, a line
    too long: the check then reports it)."""
    lines = [line + "\n" for line in split_lines(text)]
    if text.endswith(("\n", "\r")):
        lines.pop()  # the break ends the last line; no empty line follows it
    units: list[Unit] = []
    try:
        for chunk in iter_chunks(lines):
            if chunk.kind == "header" or not units:
                units.append(Unit(chunk.first_line, chunk.text))
            else:
                last = units[-1]
                units[-1] = Unit(last.first_line, last.text + chunk.text)
    except RefereeError:
        return [Unit(1, text)]
    return units or [Unit(1, text)]


def word_end(line_text: str, column: int) -> int:
    """The column just after the word at ``column`` (1-based) of ``line_text``: the range of
    an error the reader located only by its start."""
    index = max(column - 1, 0)
    if line_text[index:index + 1] == "[":  # a tag: all of it, up to its bracket
        close = line_text.find("]", index)
        return (close if close >= 0 else len(line_text)) + 1 + (close >= 0)
    match = _WORD.match(line_text, index) if index < len(line_text) else None
    if match is None:
        return column + 1 if index < len(line_text) else column
    return index + len(match.group(0)) + 1


def error_problem(error: RefereeError, lines: list[str]) -> Problem:
    """A syntax or record error as a problem over the word it points at."""
    line = error.line or 1
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    column = error.column or 1
    message = error.message + (f" (expected {error.expected})" if error.expected else "")
    return Problem(line, column, line, word_end(text, column), "error", error.code, message)


def finding_problem(finding: Finding, match: MatchReport, lines: list[str]) -> Problem:
    """A finding (an error or a note) over its event's span; at the record's first tag when
    it has no place of its own (a match that is not over)."""
    span = finding.span
    severity = "error" if finding.severity == "error" else "note"
    if span.line:
        end_line, end_column = span.end_line, span.end_column
        if (end_line, end_column) <= (span.line, span.column):
            end_line = span.line
            end_column = word_end(_line(lines, span.line), span.column)
        return Problem(span.line, span.column, end_line, end_column, severity, finding.rule,
                       finding.message, tuple(finding.alternatives))
    line = match.line or 1
    return Problem(line, 1, line, len(_line(lines, line)) + 1, severity, finding.rule,
                   finding.message, tuple(finding.alternatives))


def unmet_problem(sentence: str, match: MatchReport, lines: list[str]) -> Problem:
    """An unmet Expect tag (or a finding no tag expects), at the line the sentence names."""
    found = _UNMET_LINE.match(sentence)
    line = int(found.group(1)) if found else (match.line or 1)
    text = _line(lines, line)
    start = len(text) - len(text.lstrip()) + 1
    return Problem(line, start, line, len(text) + 1, "warning", "expect", sentence)


def _line(lines: list[str], number: int) -> str:
    return lines[number - 1] if 0 < number <= len(lines) else ""


class ProblemCache:
    """The problems of records already checked, by their text (least recently used go)."""

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[object, str], tuple[Problem, ...]] = OrderedDict()
        self.checked = 0
        """How many records were checked (not taken from the cache): for the benchmark."""

    def get(self, key: tuple[object, str]) -> tuple[Problem, ...] | None:
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
        return found

    def put(self, key: tuple[object, str], problems: tuple[Problem, ...]) -> None:
        self._kept[key] = problems
        self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
