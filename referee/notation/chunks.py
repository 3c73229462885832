"""Cut TTN text into chunks, one tag section or one deal each, without holding the file.

A deal starts at a line whose first word is ``deal``; a tag section starts at a line that
opens with ``[`` after a deal (the next record). Brace comments may span lines, so the
scanner tracks whether a line starts inside one; quoted tag values may hold ``{`` or ``;``.
The same scan refuses control characters outside comments.

Comments on lines of their own after a blank line, at the end of a chunk, are in front of
what follows (the next deal, or the next record's tags): they start the next chunk, so that
they stay with it, on the same side of the blank line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from referee.model.errors import NotationSyntaxError
from referee.model.limits import MAX_DEAL_CHARS, MAX_LINE_CHARS, MAX_TAGS
from referee.notation.lines import Block, too_long

_SPECIAL = re.compile(r'[{};"]')
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
"""Control characters (and the Unicode line and paragraph separators) other than tab and
line feed: refused outside comments."""
_LINES_HELD = 4096
_DEAL_START = re.compile(r"[ \t]*deal(?![\w-])")
_MAY_START = frozenset("d[ \t")
_MAY_BE_QUIET = frozenset(" \t;{\n")
"""First characters of a line that may hold nothing but blanks and comments."""


@dataclass(slots=True)
class Chunk:
    """Lines of one tag section (``kind`` "header") or one deal, from line ``first_line``."""

    kind: str
    first_line: int
    text: str
    starts: tuple[int, ...] = ()
    """Where each deal's own text starts, for deals parsed together (referee.notation.parser):
    comments between one of these and its deal line are written in front of that deal."""
    plain: bool = field(default=False, compare=False)
    """Cut from a plain block (referee.notation.lines.Block): printable ASCII and tabs, with
    no comment, so the fast reader needs to look only for commas (False: it does not know)."""


def brace_state(line: str, in_brace: bool) -> bool:
    """Whether a brace comment is still open at the end of ``line``."""
    if not _SPECIAL.search(line):
        return in_brace
    return _scan(line, in_brace)[0]


def _scan(line: str, in_brace: bool) -> tuple[bool, int]:
    """Whether a brace comment is open at the end of ``line``, and the index of the first
    control character outside a comment (-1 if none)."""
    in_string = escaped = False
    for index, char in enumerate(line):
        if in_brace:
            if char == "}":
                in_brace = False
        elif _CONTROL.match(char):
            return in_brace, index
        elif in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == "{":
            in_brace = True
        elif char == '"':
            in_string = True
        elif char == ";":
            break
    return in_brace, -1


def _quiet(line: str, in_brace: bool) -> bool:
    """True if ``line`` (starting inside a brace comment if ``in_brace``) holds nothing but
    blanks and comments."""
    index, size = 0, len(line)
    while index < size:
        if in_brace:
            close = line.find("}", index)
            if close < 0:
                return True
            in_brace, index = False, close + 1
            continue
        char = line[index]
        if char == ";":
            return True
        if char == "{":
            in_brace = True
        elif char not in " \t\r\n":
            return False
        index += 1
    return True


def _control_error(line: str, index: int, number: int) -> NotationSyntaxError:
    char = line[index]
    return NotationSyntaxError(
        "ttn.control",
        f"control character U+{ord(char):04X} outside a comment; a line ends at a line "
        "feed or a carriage return, and other control characters may stand only in comments",
        line=number, column=index + 1, source_line=line.rstrip("\n"),
    )


def iter_chunks(lines: Iterable[str], first_line: int = 1) -> Iterator[Chunk]:
    """Chunks from lines (each with or without its ``\\n``); the first is line ``first_line``.

    The lines must already be cut at the line breaks of referee.notation.lines. Raises
    ``ttn.control`` (a control character outside a comment) and ``ttn.limit`` (a line over
    MAX_LINE_CHARS, a deal or tag section over MAX_DEAL_CHARS, a tag section of more than
    MAX_TAGS tags), located, file unset.
    """
    chunker = _Chunker()
    yield from chunker.lines(lines, first_line)
    yield from chunker.end()


def iter_block_chunks(blocks: Iterable[Block]) -> Iterator[Chunk]:
    """The chunks of ``iter_chunks``, and its errors, from the blocks of
    ``referee.notation.lines.raw_blocks``: a plain block is cut at its deal and tag lines
    with a few searches, any other (or one a search finds something odd in: a long line, a
    deal over the limit...) line by line, as ``iter_chunks`` cuts it."""
    chunker = _Chunker()
    for block in blocks:
        found = chunker.block(block) if block.plain else None
        if found is None:
            yield from chunker.lines(block.lines(), block.first)
            continue
        text = block.text
        for chunk in found:  # each cut only when it is asked for: one held at a time
            yield chunk if isinstance(chunk, Chunk) else Chunk(
                chunk[0], chunk[1], text[chunk[2]:chunk[3]], (), True)
    yield from chunker.end()


_STARTS = re.compile(r"\n[ \t]*(?:deal(?![\w-])|\[)")
"""A line that may start a chunk (after the line feed before it): a deal line, or a tag
section after a deal."""
_FIRST_START = re.compile(r"[ \t]*(?:deal(?![\w-])|\[)")


def _close(kind: str, first: int, buffer: list[str], blocks: list[str], cut: int | None,
           size: int, number: int
           ) -> tuple[Chunk | None, list[str], list[str], int, int, int]:
    """At line ``number``, which starts a chunk: the chunk the lines before it end (None if
    they hold nothing), then the new chunk's buffer, blocks, first line, size and lines held.
    Comments after the last blank line go with what follows, not with what they end."""
    ahead: list[str] = []
    if cut is not None and any(part.strip() for part in buffer[cut:]):
        buffer, ahead = buffer[:cut], buffer[cut:]
    chunk = None
    if buffer:
        chunk = Chunk(kind, first, "".join(blocks + buffer))
        buffer, blocks = [], []
    if ahead:
        return chunk, ahead, blocks, number - len(ahead), sum(map(len, ahead)), len(ahead)
    return chunk, buffer, blocks, first, size, 0


class _Chunker:
    """The state of the cutting, kept between the parts of a stream it is fed."""

    __slots__ = ("kind", "first", "buffer", "blocks", "in_brace", "tags", "size", "seen",
                 "cut", "held")

    def __init__(self) -> None:
        self.kind = "header"
        self.first = 1
        self.buffer: list[str] = []
        self.blocks: list[str] = []
        self.in_brace = False
        self.tags = self.size = 0
        self.seen = False  # whether the chunk holds more than blanks and comments so far
        self.cut: int | None = None  # the first blank line (in ``buffer``) after its content
        self.held = 0  # lines in ``buffer`` (since it was last turned into a block)

    def end(self) -> Iterator[Chunk]:
        """The last chunk."""
        if self.buffer:
            yield Chunk(self.kind, self.first, "".join(self.blocks + self.buffer))
            self.buffer, self.blocks = [], []

    def lines(self, lines: Iterable[str], first_line: int) -> Iterator[Chunk]:
        """The chunks that the lines end (the first is line ``first_line``), one by one."""
        kind, first, buffer, blocks = self.kind, self.first, self.buffer, self.blocks
        in_brace, tags, size, seen, cut = (self.in_brace, self.tags, self.size, self.seen,
                                           self.cut)
        held = self.held
        for number, line in enumerate(lines, first_line):
            if not line:  # nothing after a byte-order mark: no line at all, as "" has none
                continue
            if not line.endswith("\n"):
                line += "\n"
            if len(line) > MAX_LINE_CHARS + 1:
                raise too_long("<string>", number)
            # Most lines start with a seat or a trick number; only 'd', '[' or blanks need a
            # look.
            if not in_brace and line[0] in _MAY_START:
                starts_deal = _DEAL_START.match(line) is not None
                starts_tags = kind == "deal" and line.lstrip().startswith("[")
                if starts_deal or starts_tags:
                    chunk, buffer, blocks, first, size, held = _close(
                        kind, first, buffer, blocks, cut, size, number)
                    if chunk is not None:
                        yield chunk
                    kind = "deal" if starts_deal else "header"
                    tags = 0
                    seen, cut = False, None
            if not buffer:
                first = number
                size = 0
            if not in_brace and line[0] not in _MAY_BE_QUIET:
                seen, cut = True, None  # the common line: a seat, a trick mark, a tag
            elif not _quiet(line, in_brace):
                seen, cut = True, None
            elif cut is None and seen and not in_brace and not line.strip():
                cut = len(buffer)
            size += len(line)
            if size > MAX_DEAL_CHARS:
                raise _too_big(kind, number)
            buffer.append(line)
            held += 1
            if held >= _LINES_HELD:
                # A chunk of very many lines is held as blocks of text, not as line objects
                # (each costs some fifty bytes more than its characters).
                blocks.append("".join(buffer))
                buffer, cut = [""], None
                held = 1
            if kind == "header" and "[" in line:
                # An upper bound ('[' in a value or a comment counts too) that costs nothing.
                tags += line.count("[")
                if tags > MAX_TAGS:
                    raise _too_many_tags(number)
            if _CONTROL.search(line):
                in_brace, index = _scan(line, in_brace)
                if index >= 0:
                    raise _control_error(line, index, number)
            elif in_brace or "{" in line:
                in_brace = brace_state(line, in_brace)
        # Kept when every line is read (the caller reads them all before it feeds more).
        self.kind, self.first, self.buffer, self.blocks = kind, first, buffer, blocks
        self.in_brace, self.tags, self.size, self.seen, self.cut = (in_brace, tags, size,
                                                                    seen, cut)
        self.held = held

    def block(self, block: Block) -> list[Chunk | tuple[str, int, int, int]] | None:
        """The chunks that a plain block ends (a chunk wholly inside the block as its kind,
        first line, start and end in the block's text), or None (nothing changed) if it
        holds what only ``lines`` reads as ``iter_chunks`` does: a line over the limit, a
        chunk over MAX_DEAL_CHARS characters or _LINES_HELD lines, too many tags."""
        if self.in_brace:
            return None
        text, number = block.text, block.first
        limit = min(block.limit, MAX_LINE_CHARS)
        kind, first, buffer, blocks = self.kind, self.first, self.buffer, self.blocks
        tags, size, seen, cut, held = self.tags, self.size, self.seen, self.cut, self.held
        chunks: list[Chunk | tuple[str, int, int, int]] = []
        starts = [(found.start() + 1, found.group()[-1] != "[")
                  for found in _STARTS.finditer(text)]
        found = _FIRST_START.match(text)
        if found is not None:
            starts.insert(0, (0, found.group()[-1] != "["))
        starts.append((len(text), False))  # the end: not a start
        position = 0
        opened = False  # whether a chunk started in this block (the state is fresh)
        end = len(text)
        for start, is_deal in starts:
            at_end = start == end
            if not at_end and not is_deal and kind != "deal":
                continue  # a tag line inside a tag section
            length = start - position
            lines = text.count("\n", position, start)
            if length > limit and max(map(len, text[position:start].split("\n"))) > limit:
                return None
            if opened and not buffer and not at_end:
                # a whole chunk of this block: no comment, no state to carry (counted in
                # the block's text: the chunk is cut only when it is asked for)
                if length > MAX_DEAL_CHARS or lines >= _LINES_HELD:
                    return None
                if kind == "header" and text.count("[", position, start) > MAX_TAGS:
                    return None
                if length:
                    chunks.append((kind, number, position, start))
            elif length:
                part = text[position:start]
                if not buffer:
                    first = number
                    size = 0
                body = part.rstrip(" \t\n")
                if body:
                    body_end = part.index("\n", len(body)) + 1
                    buffer = [*buffer, part[:body_end]]
                    seen, cut = True, None
                    blank = part[body_end:]
                else:
                    blank = part
                if blank:
                    buffer = list(buffer)
                    for line in blank.split("\n")[:-1]:
                        if cut is None and seen:
                            cut = len(buffer)
                        buffer.append(line + "\n")
                held += lines
                size += len(part)
                if size > MAX_DEAL_CHARS or held >= _LINES_HELD:
                    return None
                if kind == "header":
                    tags += part.count("[")
                    if tags > MAX_TAGS:
                        return None
            number += lines
            position = start
            if at_end:
                break
            # a chunk starts at line ``number``: as ``lines`` does at its start line (with
            # nothing held, the chunk before it is in ``chunks`` already)
            if buffer:
                chunk, buffer, blocks, first, size, held = _close(
                    kind, first, buffer, blocks, cut, size, number)
                if chunk is not None:
                    chunks.append(chunk)
            else:
                held = 0
            kind = "deal" if is_deal else "header"
            tags = 0
            seen, cut = False, None
            opened = True
        self.kind, self.first, self.buffer, self.blocks = kind, first, buffer, blocks
        self.tags, self.size, self.seen, self.cut, self.held = tags, size, seen, cut, held
        return chunks


def _too_big(kind: str, number: int) -> NotationSyntaxError:
    return NotationSyntaxError(
        "ttn.limit", f"this {'deal' if kind == 'deal' else 'tag section'} is longer than "
        f"{MAX_DEAL_CHARS:,} characters (limit)", line=number, column=1,
    )


def _too_many_tags(number: int) -> NotationSyntaxError:
    return NotationSyntaxError(
        "ttn.limit", f"more than {MAX_TAGS:,} tags in one record (limit)",
        line=number, column=1,
    )
