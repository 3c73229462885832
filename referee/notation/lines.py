"""Lines of TTN text: one definition of a line break, and one bounded reader, for every command.

A line ends at ``\\n``, ``\\r\\n`` or a lone ``\\r``, nowhere else: never at the other breaks
``str.splitlines`` knows (U+2028, U+0085, form feed, ...), which are control characters and
refused outside comments (referee.notation.chunks). Files and standard input are read through
``raw_lines``, which decodes UTF-8 line by line, so an error names its line and column, and
never holds more than one line of ``MAX_LINE_CHARS`` (a device such as /dev/zero ends in an
error, not in exhausted memory).
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from referee.model.errors import NotationSyntaxError
from referee.model.lexicon import LINE_BREAK
from referee.model.limits import MAX_LINE_CHARS

_SUSPECT = re.compile("[\x00\ud800-\udfff]")
"""A NUL, or a byte that is not UTF-8 (decoded with ``surrogateescape``)."""


def split_lines(text: str) -> list[str]:
    """``text`` cut at its line breaks, without them (a final break gives no empty line)."""
    lines = LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def text_lines(text: str) -> Iterator[str]:
    """The lines of ``text``, each ending with ``\\n`` (the reader's form); drops a BOM."""
    if text.startswith("\ufeff"):
        text = text[1:]
    for line in split_lines(text):
        yield line + "\n"


def too_long(file: str, number: int, limit: int = MAX_LINE_CHARS) -> NotationSyntaxError:
    """The error for line ``number`` passing ``limit`` characters."""
    return NotationSyntaxError(
        "ttn.limit", f"the line is longer than {limit:,} characters (limit)",
        file=file, line=number, column=limit + 1,
    )


def raw_lines(stream: BinaryIO, file: str, limit: int = MAX_LINE_CHARS) -> Iterator[str]:
    """The lines of a byte stream as text, each with its line break as written.

    Raises ``ttn.encoding`` at a NUL byte or a byte that is not UTF-8, ``ttn.limit`` at a
    line longer than ``limit`` characters; each error names the line and the column.
    """
    text = io.TextIOWrapper(stream, encoding="utf-8", errors="surrogateescape", newline="")
    number = 0
    try:
        while line := text.readline(limit + 2):
            number += 1
            if number == 1 and line.startswith("\ufeff"):
                line = line[1:]
            if not line.isascii() or "\x00" in line:
                _check_bytes(line, file, number)
            if len(line) > limit and len(line.rstrip("\r\n")) > limit:
                raise too_long(file, number, limit)
            yield line
    finally:
        # The caller's stream stays open (standard input, for one); it may be closed already.
        with contextlib.suppress(ValueError):
            text.detach()


def _check_bytes(line: str, file: str, number: int) -> None:
    found = _SUSPECT.search(line)
    if found is None:
        return
    column = found.start() + 1
    if found.group() == "\x00":
        message = "this is not a text file (it holds NUL bytes)"
    else:
        byte = ord(found.group()) - 0xDC00
        message = f"invalid UTF-8 (byte 0x{byte:02x}); TTN files are UTF-8 text"
    raise NotationSyntaxError("ttn.encoding", message, file=file, line=number, column=column)


def reader_lines(raw: Iterable[str]) -> Iterator[str]:
    """Raw lines with every line break written ``\\n`` (what the chunker reads)."""
    for line in raw:
        if line.endswith("\n"):
            if line.endswith("\r\n"):
                line = line[:-2] + "\n"
        elif line.endswith("\r"):
            line = line[:-1] + "\n"
        yield line


def read_text(stream: BinaryIO, file: str, limit: int = MAX_LINE_CHARS) -> str:
    """A whole stream as text, line breaks as written (``fmt`` compares them), read through
    ``raw_lines``: the same errors, found before more than one bad line is held."""
    return "".join(raw_lines(stream, file, limit))
