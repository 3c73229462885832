"""Errors that stop a record from being read: syntax (``ttn.*``) and record (``record.*``).

Rule violations are not errors but findings (referee.report.model.Finding). Both error kinds
render the same way::

    game.ttn:12:7: error [ttn.card]: '1OS' is not a card (ranks A K Q J T 10 9 ... 2, ...)
      3. E 1OS N call
           ^
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, Self, TypedDict, TypeVar, Unpack

from referee.model.lexicon import LINE_BREAK

if TYPE_CHECKING:  # errors sit below every other module: no import of the record at run time
    from referee.model.record import Span


INCONSISTENT = "record.inconsistent"
"""The error of a deal whose unseen cards cannot be placed in any way: a record error (exit 2)
that leaves the other deals of the file checked."""

class _Place(TypedDict, total=False):
    """What a copy of an error may change: where it is, and what a later layer knows."""

    file: str
    line: int
    column: int
    source_line: str | None
    expected: str | None
    record_line: int


class RefereeError(Exception):
    """Base of the errors that make input unreadable (exit code 2).

    An error is an immutable value: its position is given where it is raised (or at one
    boundary, ``in_file``), and a copy is made to add what a later layer knows (the file
    name, the source line) instead of patching the error a caller holds.
    """

    kind = "error"
    _frozen = False

    def __init__(
        self,
        code: str,
        message: str,
        *,
        file: str = "<string>",
        line: int = 0,
        column: int = 0,
        source_line: str | None = None,
        expected: str | None = None,
        record_line: int = 0,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.source_line = source_line
        self.expected = expected
        self.record_line = record_line
        """The line of the record (its first tag) whose deal this error made unreadable; 0
        when it concerns no record that was otherwise read."""
        self._frozen = True

    def __setattr__(self, name: str, value: object) -> None:
        # Python's own exception bookkeeping (__cause__, __traceback__, ...) stays writable.
        if self._frozen and not name.startswith("__"):
            raise AttributeError(f"{type(self).__name__} is immutable: use located/in_file")
        super().__setattr__(name, value)

    def _copy(self, **changes: Unpack[_Place]) -> Self:
        fields: _Place = {"file": self.file, "line": self.line, "column": self.column,
                  "source_line": self.source_line, "expected": self.expected,
                  "record_line": self.record_line}
        fields.update(changes)
        return type(self)(self.code, self.message, **fields)

    def at(self, line: int, column: int, *, source_line: str | None = None) -> Self:
        """This error at ``line``:``column`` (of the file, or of the chunk being read)."""
        return self._copy(line=line, column=column, source_line=source_line)

    def in_record(self, record_line: int) -> Self:
        """This error in the record whose first tag is at ``record_line``."""
        return self._copy(record_line=record_line)

    def in_file(self, file: str, text: str | None = None,
                source_line: str | None = None) -> Self:
        """This error in ``file``, with its source line (given, or read from ``text``)."""
        if source_line is None and self.source_line is None and text is not None and self.line:
            lines = LINE_BREAK.split(text)
            if 0 < self.line <= len(lines):
                source_line = lines[self.line - 1]
        return self._copy(file=file, source_line=source_line or self.source_line)

    def __reduce__(self) -> tuple[Callable[..., RefereeError], tuple[object, ...]]:
        """Pickling (multiprocessing) rebuilds the error through ``__init__``."""
        return (_rebuild, (type(self), self.code, self.message, self.file, self.line,
                           self.column, self.source_line, self.expected, self.record_line))

    def render(self) -> str:
        """``FILE:LINE:COL: error [id]: message``, the source line, a caret, the expected."""
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        out = [f"{where}: error [{self.code}]: {self.message}"]
        if self.source_line is not None:
            line = self.source_line.replace("\t", " ")
            shown, caret = caret_window(line, max(self.column - 1, 0))
            out.append("  " + shown)
            out.append("  " + " " * caret + "^")
        if self.expected:
            out.append(f"  expected {self.expected}")
        return "\n".join(out)

    def __str__(self) -> str:
        return self.render()


def _rebuild(cls: type[RefereeError], code: str, message: str, file: str, line: int,
             column: int, source_line: str | None, expected: str | None,
             record_line: int) -> RefereeError:
    return cls(code, message, file=file, line=line, column=column, source_line=source_line,
               expected=expected, record_line=record_line)


_SHOWN = 100
"""Characters of a long source line shown around the caret."""


def caret_window(line: str, caret: int) -> tuple[str, int]:
    """A long line cut to some ``_SHOWN`` characters around ``caret`` (marked with ...)."""
    if len(line) <= _SHOWN:
        return line, caret
    start = max(0, min(caret - _SHOWN // 2, len(line) - _SHOWN))
    shown = line[start:start + _SHOWN]
    if start + _SHOWN < len(line):
        shown += "..."
    if start:
        return "..." + shown, caret - start + 3
    return shown, caret


class NotationSyntaxError(RefereeError):
    """The text does not follow the TTN grammar (ids ``ttn.*``)."""


class RecordError(RefereeError):
    """Well-formed text that describes an impossible record (ids ``record.*``)."""


E = TypeVar("E", bound=RefereeError)


class Spanned(Protocol):
    """Anything of the record with a position: a tag, hand, deal, event or result line."""

    @property
    def span(self) -> Span: ...


def located(error: E, item: Spanned) -> E:
    """``error`` at the position of ``item``, unless ``item`` has none (a built record)."""
    span = item.span
    if not span.line:
        return error
    return error.at(span.line, span.column)
