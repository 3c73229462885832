"""Lines of TTN text: one definition of a line break, and one bounded reader, for every command.

A line ends at ``\\n``, ``\\r\\n`` or a lone ``\\r``, nowhere else: never at the other breaks
``str.splitlines`` knows (U+2028, U+0085, form feed, ...), which are control characters and
refused outside comments (referee.notation.chunks). Files and standard input are read through
``raw_lines``, which decodes UTF-8 line by line, so an error names its line and column, and
never holds more than one line of ``MAX_LINE_CHARS`` (a device such as /dev/zero ends in an
error, not in exhausted memory).
"""

from __future__ import annotations

import codecs
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
            yield _checked(line, file, number, limit)
    finally:
        # The caller's stream stays open (standard input, for one); it may be closed already.
        with contextlib.suppress(ValueError):
            text.detach()


def _checked(line: str, file: str, number: int, limit: int) -> str:
    """Line ``number`` as read, without the byte-order mark that may open the first;
    ``ttn.encoding`` at a NUL byte or a byte that is not UTF-8, ``ttn.limit`` if it is longer
    than ``limit`` characters."""
    if number == 1 and line.startswith("\ufeff"):
        line = line[1:]
    if not line.isascii() or "\x00" in line:
        _check_bytes(line, file, number)
    if len(line) > limit and len(line.rstrip("\r\n")) > limit:
        raise too_long(file, number, limit)
    return line


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
    return map(_line_feed, raw)


def _line_feed(line: str) -> str:
    """``line`` with its break, if any, written ``\\n``."""
    if line.endswith("\n"):
        if line.endswith("\r\n"):
            return line[:-2] + "\n"
    elif line.endswith("\r"):
        return line[:-1] + "\n"
    return line


def read_text(stream: BinaryIO, file: str, limit: int = MAX_LINE_CHARS) -> str:
    """A whole stream as text, line breaks as written (``fmt`` compares them), read through
    ``raw_lines``: the same errors, found before more than one bad line is held."""
    return "".join(raw_lines(stream, file, limit))


BLOCK_BYTES = 1 << 15
"""Bytes read from a stream at a time by ``raw_blocks`` (the tests read in tiny blocks)."""
_NOT_PLAIN = re.compile(r"[^\t\n -:<-z|~]")
"""Anything but tab, line feed and printable ASCII other than ``{``, ``}`` and ``;``: a
block without them has no encoding error, no line break but the line feed, no control
character and no comment, so it may be cut into chunks without a look at each line."""
_LINE_END = re.compile(r"\r\n?|\n")


class Block:
    """Whole lines of a stream, read at once; ``first`` is the number of the first.

    ``plain`` blocks (see ``_NOT_PLAIN``) end with a line feed and hold no other line break;
    their lines are not yet checked against the length limit (the chunker checks the few
    parts long enough to hold a long line). ``lines()`` gives the lines one at a time,
    each checked as ``raw_lines`` checks it and with its break written ``\\n`` (as
    ``reader_lines``): the same lines and errors, at the same point of the reading."""

    __slots__ = ("text", "first", "plain", "limit", "file", "_reader", "_whole")

    def __init__(self, text: str, first: int, plain: bool, reader: _BlockReader,
                 whole: bool = True) -> None:
        self.text = text
        self.first = first
        self.plain = plain
        self.limit = reader.limit
        self.file = reader.file
        self._reader = reader
        self._whole = whole

    def lines(self) -> Iterator[str]:
        """The block's lines, checked and with ``\\n`` breaks."""
        if self.plain:  # its lines only need the length check
            limit = self.limit
            for number, line in enumerate(self.text.split("\n")[:-1], self.first):
                if len(line) > limit:
                    raise too_long(self.file, number, limit)
                yield line + "\n"
            return
        yield from self._reader.checked(self.text, self._whole)


class _BlockReader:
    """The state of ``raw_blocks``: the lines read so far and the part of a line held."""

    def __init__(self, file: str, limit: int) -> None:
        self.file = file
        self.limit = limit
        self.number = 0
        self.rest = ""

    def checked(self, text: str, whole: bool) -> Iterator[str]:
        """The lines of ``text`` as ``reader_lines(raw_lines(...))`` gives them: read
        as ``readline(limit + 2)`` reads (a longer line comes in parts, of which the first
        is refused), each checked; unless ``text`` is ``whole`` (ends at a line's end or the
        stream's), its last line without its break is held in ``rest``."""
        limit = self.limit
        most = limit + 2
        file = self.file
        position, size = 0, len(text)
        while position < size:
            found = _LINE_END.search(text, position)
            if found is not None and found.end() == size and not whole and text[-1] == "\r":
                found = None  # a carriage return at the end: a line feed may follow
            end = size if found is None else found.end()
            if end - position > most:
                end = position + most
            elif found is None and not whole:
                self.rest = text[position:]
                return
            line = text[position:end]
            position = end
            self.number += 1
            yield _line_feed(_checked(line, file, self.number, limit))


def raw_blocks(stream: BinaryIO, file: str, limit: int = MAX_LINE_CHARS,
               size: int | None = None) -> Iterator[Block]:
    """The lines of a byte stream in blocks of about ``size`` bytes (``BLOCK_BYTES``):
    the lines ``reader_lines(raw_lines(stream, file, limit))`` gives, and its errors at
    the same line, never holding more than a block and one line. Each block must be read
    (its ``lines()``, or its text if ``plain``) before the next is asked for."""
    size = BLOCK_BYTES if size is None else size
    read = getattr(stream, "read1", stream.read)
    decoder = codecs.getincrementaldecoder("utf-8")("surrogateescape")
    reader = _BlockReader(file, limit)
    while True:
        data = read(size)
        final = not data
        text = reader.rest + decoder.decode(data, final)
        del data  # not held while the block is read
        reader.rest = ""
        if not text:
            if final:
                return
            continue
        # after the last line break (a carriage return at the end may have its line feed
        # still to come)
        last = len(text) - 1
        cut = len(text) if final else max(text.rfind("\n"), text.rfind("\r", 0, last)) + 1
        whole = True  # whether ``text`` ends where a line ends (or the stream)
        if cut < len(text):
            if len(text) - cut <= limit + 2:
                text, reader.rest = text[:cut], text[cut:]
            else:  # a part of a line too long to hold: read it, to its error
                whole = False
        if not text:
            continue
        # A byte-order mark is not ASCII: the first line then is read by ``checked``.
        if text.isascii() and _NOT_PLAIN.search(text) is None:
            if not text.endswith("\n"):  # the last line, without its break (or a part of
                text += "\n"             # a line too long, which the chunker refuses)
            first = reader.number + 1
            reader.number += text.count("\n")
            yield Block(text, first, True, reader)
        else:
            yield Block(text, reader.number + 1, False, reader, whole)
        if final:
            return
