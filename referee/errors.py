"""Errors that stop a record from being read: syntax (``ttn.*``) and record (``record.*``).

Rule violations are not errors but findings (referee.report.Finding). Both error kinds
render the same way::

    game.ttn:12:7: error [ttn.card]: '1OS' is not a card (ranks A K Q J T 10 9 ... 2, ...)
      3. E 1OS N call
           ^
"""

from __future__ import annotations


class RefereeError(Exception):
    """Base of the errors that make input unreadable (exit code 2)."""

    kind = "error"

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
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.source_line = source_line
        self.expected = expected

    def with_file(self, file: str, text: str | None = None) -> RefereeError:
        """Set the file name and, from ``text``, the source line shown under the message."""
        self.file = file
        if text is not None and self.line and self.source_line is None:
            from referee.notation.lines import split_lines

            lines = split_lines(text)
            if 0 < self.line <= len(lines):
                self.source_line = lines[self.line - 1]
        return self

    def render(self) -> str:
        """``FILE:LINE:COL: error [id]: message``, the source line, a caret, the expected."""
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        out = [f"{where}: error [{self.code}]: {self.message}"]
        if self.source_line is not None:
            shown, caret = _window(self.source_line.replace("\t", " "), max(self.column - 1, 0))
            out.append("  " + shown)
            out.append("  " + " " * caret + "^")
        if self.expected:
            out.append(f"  expected {self.expected}")
        return "\n".join(out)

    def __str__(self) -> str:
        return self.render()


_SHOWN = 100
"""Characters of a long source line shown around the caret."""


def _window(line: str, caret: int) -> tuple[str, int]:
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
