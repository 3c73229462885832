"""Cut TTN text into chunks, one tag section or one deal each, without holding the file.

A deal starts at a line whose first word is ``deal``; a tag section starts at a line that
opens with ``[`` after a deal (the next record). Brace comments may span lines, so the
scanner tracks whether a line starts inside one; quoted tag values may hold ``{`` or ``;``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from referee.errors import NotationSyntaxError

_SPECIAL = re.compile(r'[{};"]')
_DEAL_START = re.compile(r"[ \t]*deal(?![\w-])")
_MAY_START = frozenset("d[ \t")


@dataclass(slots=True)
class Chunk:
    """Lines of one tag section (``kind`` "header") or one deal, from line ``first_line``."""

    kind: str
    first_line: int
    text: str


def _brace_state(line: str, in_brace: bool) -> bool:
    """Whether a brace comment is still open at the end of ``line``."""
    if not _SPECIAL.search(line):
        return in_brace
    in_string = False
    for char in line:
        if in_brace:
            if char == "}":
                in_brace = False
        elif in_string:
            if char == '"':
                in_string = False
        elif char == "{":
            in_brace = True
        elif char == '"':
            in_string = True
        elif char == ";":
            break
    return in_brace


def iter_chunks(lines: Iterable[str], first_line: int = 1) -> Iterator[Chunk]:
    """Chunks from lines (each with or without its newline); the first is ``first_line``."""
    kind = "header"
    first = 1
    buffer: list[str] = []
    in_brace = False
    for number, line in enumerate(lines, first_line):
        if not line.endswith("\n"):
            line += "\n"
        # Most lines start with a seat or a trick number; only 'd', '[' or blanks need a look.
        if not in_brace and line[0] in _MAY_START:
            starts_deal = _DEAL_START.match(line) is not None
            starts_tags = kind == "deal" and line.lstrip().startswith("[")
            if starts_deal or starts_tags:
                if buffer:
                    yield Chunk(kind, first, "".join(buffer))
                    buffer = []
                kind = "deal" if starts_deal else "header"
        if not buffer:
            first = number
        buffer.append(line)
        if in_brace or "{" in line:
            in_brace = _brace_state(line, in_brace)
    if buffer:
        yield Chunk(kind, first, "".join(buffer))


def read_lines(path: str, file: str) -> Iterator[str]:
    """Lines of the UTF-8 file at ``path``, decoded in large blocks (fast); a file that is not
    clean UTF-8 text is read again line by line to say where (``decode_lines``)."""
    try:
        with open(path, encoding="utf-8", newline=None) as handle:
            for number, line in enumerate(handle, 1):
                if "\x00" in line:
                    raise _NotText(number)
                if number == 1 and line.startswith("\ufeff"):
                    line = line[1:]
                yield line
    except (UnicodeDecodeError, _NotText):
        with open(path, "rb") as handle:
            for _ in decode_lines(handle, file):
                pass
        raise  # unreachable: decode_lines raises the located error


class _NotText(Exception):
    """A NUL byte: the located error comes from decode_lines."""


def decode_lines(raw_lines: Iterable[bytes], file: str) -> Iterator[str]:
    """UTF-8 lines from bytes, with the line of any decoding error; drops a leading BOM."""
    for number, raw in enumerate(raw_lines, 1):
        if b"\x00" in raw:
            raise NotationSyntaxError(
                "ttn.encoding",
                "this is not a text file (it holds NUL bytes)",
                file=file, line=number, column=raw.index(b"\x00") + 1,
            )
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise NotationSyntaxError(
                "ttn.encoding",
                f"invalid UTF-8 (byte 0x{raw[exc.start]:02x}); TTN files are UTF-8 text",
                file=file, line=number, column=len(raw[: exc.start].decode("utf-8", "replace")) + 1,
            ) from None
        if number == 1 and line.startswith("\ufeff"):
            line = line[1:]
        if line.endswith("\r\n"):
            line = line[:-2] + "\n"
        yield line
