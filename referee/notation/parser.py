"""Parse TTN text into the record AST, one chunk (tag section or deal) at a time.

The Lark LALR parser is built once, with an inline transformer, and parses each chunk that
referee.notation.chunks cuts from the stream, so memory stays flat however long the file.
Syntax errors become ``NotationSyntaxError`` with file, line, column and what was expected
(referee.notation.diagnostics); comments are attached to the item they follow.
"""

from __future__ import annotations

import hashlib
import os
import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from functools import cache, partial
from pathlib import Path
from typing import Any, BinaryIO, Literal, Protocol, TypeVar

from lark import Lark, Token, Transformer
from lark import __version__ as lark_version
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken, VisitError

from referee.model.cards import UNSEEN, CardError, parse_card, parse_suit
from referee.model.errors import NotationSyntaxError
from referee.model.lexicon import SEAT_NAME, card_spellings
from referee.model.limits import MAX_DEAL_CHARS, digits_message, too_many_digits
from referee.model.record import (
    Action,
    Comment,
    Deal,
    Event,
    Hand,
    Locator,
    Record,
    RecordHeader,
    ResultLine,
    Span,
    StreamItem,
    Tag,
)
from referee.notation.chunks import Chunk, iter_block_chunks, iter_chunks
from referee.notation.diagnostics import syntax_error
from referee.notation.fast import read_deals, read_tags, word_starts
from referee.notation.lines import raw_blocks, split_lines, text_lines
from referee.notation.resources import grammar_text
from referee.notation.typos import Vocabulary, VocabularyOf

READER_VARIABLE = "REFEREE_READER"
"""Set to ``lark`` to read every chunk with Lark (the fast reader's tests compare both)."""

_CARD_FORMS: dict[str, str] = {**card_spellings(), UNSEEN: UNSEEN}
"""Every spelling of every card, ``??`` (a card not seen) included, so the transformer looks
cards up instead of parsing them."""


def _card(text: str, token: Token, offset: int = 0) -> str:
    """Canonical card for ``text`` (``??`` stays ``??``), or a located error."""
    card = _CARD_FORMS.get(text)
    if card is None:
        try:
            card = parse_card(text)
        except CardError as exc:  # the grammar only lets well-formed cards through
            raise _error_at(token, offset, "ttn.card", str(exc)) from None
        _CARD_FORMS[text] = card
    return card


class _ChunkError(Exception):
    """Carries a NotationSyntaxError out of the transformer (Lark wraps exceptions)."""

    def __init__(self, error: NotationSyntaxError) -> None:
        super().__init__(error.message)
        self.error = error


def _start(token: Token) -> int:
    """Where ``token`` starts in the chunk. Lark types a token's place as optional because a
    token built by hand has none; every token its lexer hands the parser has one."""
    start = token.start_pos
    assert start is not None, "a token from the lexer has its place"
    return start


def _end(token: Token) -> int:
    """Where ``token`` ends in the chunk (as ``_start``)."""
    end = token.end_pos
    assert end is not None, "a token from the lexer has its place"
    return end


def _error_at(token: Token, offset: int, code: str, message: str) -> _ChunkError:
    line, column = _position(token, offset)
    return _ChunkError(NotationSyntaxError(code, message, line=line, column=column))


def _position(token: Token, offset: int) -> tuple[int, int]:
    """Line and column (in the chunk) of ``offset`` characters into ``token``."""
    value = token.value
    line, column = token.line, token.column
    assert line is not None and column is not None, "a token from the lexer has its place"
    newlines = value.count("\n", 0, offset)
    if not newlines:
        return line, column + offset
    return line + newlines, offset - value.rfind("\n", 0, offset)


_HAND_LINE = re.compile(rf"({SEAT_NAME})[ \t]*:([^\n]*)")
_RESULT_PAIR = re.compile(rf"({SEAT_NAME})[ \t]+([+-]?[0-9]+)")
_GLUED_MARK = re.compile(r"[0-9]+\.|[^\s,.]+")
"""Words of a run when a trick mark touches its seat ("3.E"): the mark is a word of its own."""


def _number(text: str, token: Token, offset: int = 0) -> int:
    """``int(text)``, or ``ttn.limit`` at a number of more than MAX_NUMBER_DIGITS digits."""
    if too_many_digits(text):
        raise _error_at(token, offset, "ttn.limit", digits_message(text))
    return int(text)


class _Run:
    """The place of a run of events: one token, split once by the transformer.

    The transformer keeps the run's words and the index of each event's first word (its trick
    mark, if it has one); an event's offset is found from them only when a report or a comment
    asks, by locating the words in the token, so no second pattern of an event is needed.
    """

    __slots__ = ("locator", "start", "value", "words", "firsts", "_offsets")

    def __init__(self, locator: Locator, start: int, value: str, words: list[str],
                 firsts: list[int]) -> None:
        self.locator = locator
        self.start = start
        self.value = value
        self.words = words
        self.firsts = firsts
        self._offsets: list[tuple[int, int]] | None = None

    def _events(self) -> list[tuple[int, int]]:
        if self._offsets is None:
            starts = word_starts(self.value, self.words)
            ends = [start + len(word) for start, word in zip(starts, self.words, strict=True)]
            lasts = [first - 1 for first in self.firsts[1:]] + [len(self.words) - 1]
            self._offsets = [(self.start + starts[first], ends[last] - starts[first])
                             for first, last in zip(self.firsts, lasts, strict=True)]
        return self._offsets

    def offset(self, index: int) -> int:
        return self._events()[index][0]

    def span(self, index: int) -> Span:
        return self.locator.span(*self._events()[index])


class _Single:
    """The place of one event read by a grammar rule of its own."""

    __slots__ = ("locator", "start", "length")

    def __init__(self, locator: Locator, start: int, length: int) -> None:
        self.locator = locator
        self.start = start
        self.length = length

    def offset(self, index: int) -> int:
        return self.start

    def span(self, index: int) -> Span:
        return self.locator.span(self.start, self.length)


class _Commented(Protocol):
    """An item that comments attach to: a tag, deal, hand, event or result line."""

    comments: list[Comment]


_Chunked = TypeVar("_Chunked", Tag, Deal)
"""What a chunk is read into: a tag section's tags, or deals."""


class _Builder(Transformer[Token, list[Tag] | list[Deal]]):
    """Inline transformer: Lark calls these as it reduces; values stay plain ``str``/``int``.

    Events get their offset in the chunk, not a Span: ``Locator`` computes positions only for
    the few events a report points at. ``items`` collects (offset, item) for the comments.
    """

    def __init__(self) -> None:
        super().__init__()
        self.items: list[tuple[int, _Commented]] = []
        self.locator = Locator("", 1)

    def _span(self, offset: int, length: int) -> Span:
        return self.locator.span(offset, length)

    # -- tags ------------------------------------------------------------------------------
    def tag(self, children: list[Token]) -> Tag:
        name, *strings = children
        values = [_unquote(s.value) for s in strings]
        start = _start(name) - 1  # the '['
        end = _end(strings[-1] if strings else name) + 1
        tag = Tag(name.value, values, self._span(start, end - start))
        self.items.append((start, tag))
        return tag

    def header(self, tags: list[Tag]) -> list[Tag]:
        return tags

    def deals(self, deals: list[Deal]) -> list[Deal]:
        return deals

    # -- deals -----------------------------------------------------------------------------
    def deal(self, children: list[Any]) -> Deal:
        line = children[0]
        words = line.value.split()
        number = _number(words[1], line, line.value.index(words[1]))
        deal = Deal(number, words[3] if len(words) > 3 else None,
                    span=self._span(line.start_pos, len(line.value)))
        self.items.append((line.start_pos, deal))
        for child in children[1:]:
            if isinstance(child, Token):  # hand lines
                deal.hands.extend(self._hands(child))
            else:
                deal.items.extend(child)
        return deal

    def _hands(self, token: Token) -> list[Hand]:
        hands = []
        value = token.value
        base = _start(token)
        forms = _CARD_FORMS
        for line in _HAND_LINE.finditer(value):
            cards_text = line.group(2)
            try:
                rounds = [[forms[text] for text in part.split()]
                          for part in cards_text.replace(",", " ").split("|")]
            except KeyError:  # a spelling the table lacks: look each card up, located
                rounds = [[_card(text, token, line.start(2) + cards_text.find(text))
                           for text in part.split()]
                          for part in cards_text.replace(",", " ").split("|")]
            start = line.start()
            hand = Hand(line.group(1), rounds,
                        self._span(base + start, len(line.group().rstrip())))
            self.items.append((base + start, hand))
            hands.append(hand)
        return hands

    # -- events ----------------------------------------------------------------------------
    @staticmethod
    def _split_mark(children: list[Token]) -> tuple[int | None, list[Token]]:
        if children[0].type == "MARK":
            return _number(children[0].value[:-1], children[0]), children[1:]
        return None, children

    @staticmethod
    def _run_number(text: str, token: Token, value: str) -> int:
        """A mark or a bid of a run, located if over the digit limit."""
        if too_many_digits(text):
            found = re.search(rf"(?<![0-9]){text}(?![0-9])", value)
            raise _error_at(token, found.start() if found else 0, "ttn.limit",
                            digits_message(text))
        return int(text)

    def events(self, children: list[Token]) -> list[Event]:
        """Split a run of common events; the grammar has checked its shape already.

        Splitting on whitespace is several times cheaper than a regular expression per event;
        the run computes each event's offset with one only when a report or a comment needs it.
        """
        mark, (token,) = self._split_mark(children)
        value = token.value
        words = (_GLUED_MARK.findall(value) if "." in value
                 else value.replace(",", " ").split())
        firsts: list[int] = []  # each event's first word, its trick mark included
        run = _Run(self.locator, _start(token), value, words, firsts)
        forms = _CARD_FORMS
        new_action = tuple.__new__  # Action(...) without the named tuple's Python frame
        at = Event.at
        events: list[Event] = []
        count = len(words)
        i = 0
        first = 0
        while i < count:
            word = words[i]
            if word[-1] == ".":
                mark = self._run_number(word[:-1], token, value)
                i += 1
                continue
            firsts.append(first)
            seat, arg = word, words[i + 1]
            i += 2
            card = forms.get(arg)
            if card is not None:
                cards = [card]
                while i < count and words[i] in forms:  # several cards of one play (22)
                    cards.append(forms[words[i]])
                    i += 1
                action = new_action(Action, (seat, "play", tuple(cards), None, ()))
            elif arg == "trump":
                what = words[i]
                i += 1
                if what == "seventh":
                    action = Action(seat, "trump", value="seventh")
                elif what in forms:
                    action = Action(seat, "trump", (forms[what],))
                else:
                    action = Action(seat, "trump", value=parse_suit(what))
            elif arg[0] in "0123456789":
                number = self._run_number(arg, token, value) if len(arg) > 2 else int(arg)
                action = new_action(Action, (seat, "bid", (), number, ()))
            elif i < count and words[i] in forms:  # the card shown at a call: 'S call 8H'
                action = new_action(Action, (seat, arg, (forms[words[i]],), None, ()))
                i += 1
            else:
                action = new_action(Action, (seat, arg, (), None, ()))
            events.append(at(action, mark, run, len(events)))
            mark = None
            first = i
        return events

    def _simple(self, children: list[Token], kind: str, **fields: Any) -> list[Event]:
        mark, rest = self._split_mark(children)
        first, last = rest[0], rest[-1]
        start = _start(first)
        place = _Single(self.locator, start, _end(last) - start)
        return [Event.at(Action(first.value, kind, **fields), mark, place, 0)]

    def trump(self, children: list[Token]) -> list[Event]:
        arg = children[-1]
        if arg.type == "CARD":
            return self._simple(children, "trump", cards=(_card(arg.value, arg),))
        if arg.type == "SUIT":
            return self._simple(children, "trump", value=parse_suit(arg.value))
        return self._simple(children, "trump", value="seventh")

    def seat_word(self, children: list[Token]) -> list[Event]:
        last = children[-1]
        if last.type == "CARD":  # the card shown at a call: 'S call 8H'
            word = children[-2]
            if word.value != "call":
                raise _error_at(word, 0, "ttn.unexpected",
                                f"'{word.value}' takes no card: only a call names one (the "
                                f"trump card it shows)")
            return self._simple(children, "call", cards=(_card(last.value, last),))
        return self._simple(children, last.value)

    def rob(self, children: list[Token]) -> list[Event]:
        return self._simple(children, "rob", cards=(_card(children[-1].value, children[-1]),))

    def down(self, children: list[Token]) -> list[Event]:
        return self._simple(children, "down", cards=(_card(children[-1].value, children[-1]),))

    def exchange(self, children: list[Token]) -> list[Event]:
        mark, rest = self._split_mark(children)
        arrow = next(i for i, t in enumerate(rest) if t.type == "ARROW")
        given = tuple(_card(t.value, t) for t in rest[1:arrow])
        drawn = tuple(_card(t.value, t) for t in rest[arrow + 1:])
        return self._simple(children, "exchange", cards=given, drawn=drawn)

    def exchange_none(self, children: list[Token]) -> list[Event]:
        return self._simple(children, "exchange")

    def turnup(self, children: list[Token]) -> list[Event]:
        mark, (word, card) = self._split_mark(children)
        start = _start(word)
        place = _Single(self.locator, start, _end(card) - start)
        return [Event.at(Action(None, "turnup", (_card(card.value, card),)), mark, place, 0)]

    def result(self, children: list[Token]) -> list[ResultLine]:
        (token,) = children
        value = token.value
        start = value.index("result")
        words = value.split()
        kind: Literal["points", "score"] = "score" if words[1] == "score" else "points"
        body = value[start + len("result"):]
        base = start + len("result")
        values = tuple((m.group(1), _number(m.group(2), token, base + m.start(2)))
                       for m in _RESULT_PAIR.finditer(body) if m.group(1) != "score")
        line = ResultLine(kind, values,
                          self._span(_start(token) + start, len(value) - start))
        self.items.append((_start(token) + start, line))
        return [line]


def _unquote(text: str) -> str:
    body = text[1:-1]
    return re.sub(r"\\(.)", r"\1", body) if "\\" in body else body


def _cache_file() -> str | bool:
    """Where Lark keeps the analysed grammar between runs (building it costs some 35 ms at
    every start): the user's cache folder, one file per grammar. Lark checks the grammar's and
    its options' hash when it loads the file, and rebuilds (and rewrites) it if they differ."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "referee")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
    except OSError:
        return False
    grammar = hashlib.sha256(grammar_text().encode("utf-8")).hexdigest()[:16]
    return os.path.join(folder, f"grammar-{grammar}-lark-{lark_version}.cache")


class TTNParser:
    """The LALR parser, built once; ``parse_chunk`` turns one chunk into AST items."""

    def __init__(self) -> None:
        self.builder = _Builder()
        self.comments: list[tuple[int, Comment]] = []
        self.keep_comments = True
        self.vocabulary: Callable[[], Vocabulary | None] = _no_vocabulary
        """The words of the current record's game, for syntax hints (None: unknown); asked
        for only when a chunk has a syntax error, since finding them binds the record's
        options."""
        self.fast = os.environ.get(READER_VARIABLE, "") != "lark"
        """Whether the common spelling is read without Lark (referee.notation.fast)."""
        self.lark = Lark(
            grammar_text(),
            parser="lalr",
            lexer="contextual",
            start=["header", "deals"],
            transformer=self.builder,
            lexer_callbacks={
                "BRACE_COMMENT": self._brace_comment,
                "LINE_COMMENT": self._line_comment,
            },
            maybe_placeholders=False,
            cache=_cache_file(),
        )

    def _brace_comment(self, token: Token) -> Token:
        if self.keep_comments:
            self.comments.append((_start(token), Comment(token.value[1:-1], "brace")))
        return token

    def _line_comment(self, token: Token) -> Token:
        if self.keep_comments:
            self.comments.append((_start(token), Comment(token.value[1:], "line")))
        return token

    def parse_header(self, chunk: Chunk, file: str,
                     comments: bool = True) -> tuple[list[Tag], list[Comment]]:
        """Parse a tag section; returns its tags and the comments before every tag.

        ``comments`` False drops the comments (``check`` has no use for them, and a deal of a
        million comment lines would otherwise be held as a million objects). The common
        spelling is read by referee.notation.fast; whatever it does not know, Lark reads."""
        return self._parse(chunk, file, comments, read_tags)

    def parse_deals(self, chunk: Chunk, file: str,
                    comments: bool = True) -> tuple[list[Deal], list[Comment]]:
        """Parse a chunk of deals; returns them and the comments before the first (as
        ``parse_header``)."""
        return self._parse(chunk, file, comments, read_deals)

    def _parse(self, chunk: Chunk, file: str, comments: bool,
               read: Callable[[str, int, bool, bool], tuple[list[_Chunked],
                                                      list[tuple[int, _Commented]],
                                                      list[tuple[int, Comment]]] | None],
               ) -> tuple[list[_Chunked], list[Comment]]:
        if self.fast:
            quick = read(chunk.text, chunk.first_line, comments, chunk.plain)
            if quick is not None:
                result, items, found = quick
                if not found:  # no comment to place (the common chunk)
                    return result, []
                return result, _attach_comments(result, items, found, chunk)
        self.keep_comments = comments
        self.builder.items = []
        self.builder.locator = Locator(chunk.text, chunk.first_line)
        self.comments = []
        try:
            # Lark types parse() as returning a tree; with an inline transformer it returns
            # what the start rule's method returns (_Builder.header or _Builder.deals).
            parsed: list[_Chunked] = self.lark.parse(  # type: ignore[assignment]
                chunk.text, start=chunk.kind)
        except _ChunkError as exc:
            raise _shift(exc.error, chunk, file) from None
        except VisitError as exc:
            if isinstance(exc.orig_exc, _ChunkError):
                raise _shift(exc.orig_exc.error, chunk, file) from None
            raise
        except (UnexpectedCharacters, UnexpectedToken, UnexpectedEOF) as exc:
            # the three kinds of UnexpectedInput that Lark raises
            raise syntax_error(exc, chunk, file, self.lark, self.vocabulary()) from None
        return parsed, _attach_comments(parsed, self.builder.items, self.comments, chunk)


def _attach_comments(result: list[Tag] | list[Deal], items: list[tuple[int, _Commented]],
                     comments: list[tuple[int, Comment]], chunk: Chunk) -> list[Comment]:
    """Give each comment (placed in the file) to the last item that starts before it, the
    events of the deals in ``result`` included; return the comments before every item.

    A comment between the start of a deal's own text (``chunk.starts``: after a blank line,
    referee.notation.chunks) and its deal line is in front of that deal instead."""
    leading: list[Comment] = []
    if not comments:
        return leading
    items = list(items)
    for deal in result:
        if isinstance(deal, Deal):
            items.extend((item.offset, item) for item in deal.items if isinstance(item, Event))
    items.sort(key=lambda pair: pair[0])
    starts = chunk.starts
    index = -1
    for position, comment in comments:
        comment = placed(comment, chunk, position)
        while index + 1 < len(items) and items[index + 1][0] < position:
            index += 1
        if starts and index + 1 < len(items) and isinstance(items[index + 1][1], Deal):
            ahead = items[index + 1]
            if _deal_start(starts, ahead[0]) <= position:
                ahead[1].comments.append(replace(comment, before=True))
                continue
        if index < 0:
            leading.append(comment)
        else:
            items[index][1].comments.append(comment)
    return leading


def _deal_start(starts: tuple[int, ...], deal_line: int) -> int:
    """Where the text of the deal whose line is at ``deal_line`` starts."""
    return starts[bisect_right(starts, deal_line) - 1]


def _no_vocabulary() -> Vocabulary | None:
    return None


def placed(comment: Comment, chunk: Chunk, position: int) -> Comment:
    """``comment`` with where it stands in the file: its line, its column, and whether it is
    the first thing on its line (a comment on a line of its own)."""
    text = chunk.text
    line_start = text.rfind("\n", 0, position) + 1
    return replace(comment, line=chunk.first_line + text.count("\n", 0, position),
                   column=position - line_start + 1,
                   own_line=not text[line_start:position].strip())


def _shift(error: NotationSyntaxError, chunk: Chunk, file: str) -> NotationSyntaxError:
    """``error``, found at a line of ``chunk``, at its line in ``file`` (the one boundary
    where a syntax error learns its file position)."""
    lines = split_lines(chunk.text)
    source = lines[error.line - 1] if 0 < error.line <= len(lines) else None
    moved = error.at(error.line + chunk.first_line - 1, error.column, source_line=source)
    return moved.in_file(file)


@cache
def lark_parser() -> TTNParser:
    return TTNParser()


@contextmanager
def lark_only() -> Iterator[None]:
    """Read every chunk with Lark while the block runs (the fast reader's tests compare)."""
    parser = lark_parser()
    before, parser.fast = parser.fast, False
    try:
        yield
    finally:
        parser.fast = before


BATCH = 4
"""Deals parsed per call of the parser (as long as they hold no more than MAX_DEAL_CHARS
characters together). A call of the Lark parser costs some 40 µs of set-up, so consecutive
deals are parsed together; but every deal read ahead stays alive, with its hundred-odd
objects, until the replay has walked it, and beyond a few deals the garbage collector (at its
default thresholds, as a library leaves them) finds them alive again and again and moves them
to its older generations, whose passes cost more than the set-up saved: four deals a call
checks a simulated archive about 9 % faster than sixty-four (bench/README.md)."""


def iter_lines(lines: Iterable[str], file: str = "<string>",
               errors: list[NotationSyntaxError] | None = None,
               comments: bool = True, first_line: int = 1,
               vocabulary: VocabularyOf | None = None) -> Iterator[StreamItem]:
    """Records from lines of text, as a stream of headers and deals (``comments`` False:
    without their comments); the first line is ``first_line`` of the file (``referee check
    --jobs`` reads a file in parts).

    ``vocabulary`` gives the words of each record's game, from its tags, for the hints of
    syntax errors (referee.notation.typos): the reader knows no game, its caller does.

    Without ``errors`` the first syntax error is raised. With it, every syntax error is
    appended there and reading resynchronises, as pgn-extract does with games: the rest of
    the record that holds the error is still read for syntax errors but not passed on (its
    deals would be judged without the one that could not be read), and the next tag section
    starts afresh. An error of the line reader (``ttn.encoding``, ``ttn.control``,
    ``ttn.limit``) ends the reading: nothing after it can be read.
    """
    return _read_chunks(_located(iter_chunks(lines, first_line), file, errors), file, errors,
                        comments, vocabulary)


def _read_chunks(chunks: Iterable[Chunk], file: str,
                 errors: list[NotationSyntaxError] | None, comments: bool,
                 vocabulary: VocabularyOf | None) -> Iterator[StreamItem]:
    """``iter_lines`` from the chunks of the text (as ``_located`` gives them)."""
    parser = lark_parser()
    parser.vocabulary = _no_vocabulary
    seen_header = False
    skipping = False
    record_line = 0  # the line of the current record's first tag
    pending_comments: list[Comment] = []
    batch: list[Chunk] = []
    last: Chunk | None = None  # the last chunk read, for the line of ``ttn.empty``
    held = 0  # characters in ``batch``

    def parse_deals(chunks: list[Chunk]) -> list[Deal]:
        first = chunks[0]
        starts: list[int] = []
        plain = first.plain
        if len(chunks) == 1:
            text = first.text
        else:
            at = 0
            for chunk in chunks:
                starts.append(at)
                at += len(chunk.text)
                plain = plain and chunk.plain
            text = "".join([c.text for c in chunks])
        deals, leading = parser.parse_deals(
            Chunk("deals", first.first_line, text, tuple(starts), plain), file, comments)
        if leading:
            deals[0].comments[:0] = [replace(comment, before=True) for comment in leading]
        return deals

    def parse_batch() -> list[Deal]:
        nonlocal skipping, held
        chunks = batch[:]
        batch.clear()
        held = 0
        try:
            deals = parse_deals(chunks)
            return [] if skipping else deals
        except NotationSyntaxError:
            if errors is None:
                raise
        kept: list[Deal] = []
        for chunk in chunks:  # one at a time, to find every deal that cannot be read
            try:
                deals = parse_deals([chunk])
            except NotationSyntaxError as exc:
                errors.append(exc.in_record(0 if skipping else record_line))
                skipping = True
                continue
            if not skipping:
                kept.extend(deals)
        return kept

    for chunk in chunks:
        last = chunk
        if chunk.kind == "deal":
            if not seen_header and not skipping:
                raise _no_tags(chunk, file)
            batch.append(chunk)
            held += len(chunk.text)
            if len(batch) == BATCH or held > MAX_DEAL_CHARS:
                yield from parse_batch()
            continue
        if batch:
            yield from parse_batch()
        try:
            result, leading = parser.parse_header(chunk, file, comments)
        except NotationSyntaxError as exc:
            if errors is None:
                raise
            errors.append(exc)
            skipping, pending_comments = True, []
            continue
        if not result:  # comments only: they open the record that follows
            pending_comments.extend(leading)
            continue
        seen_header, skipping = True, False
        record_line = result[0].span.line
        parser.vocabulary = _no_vocabulary if vocabulary is None else partial(vocabulary, result)
        yield RecordHeader(result, pending_comments + leading, result[0].span)
        pending_comments = []
    if batch:
        yield from parse_batch()
    if not seen_header and not errors:
        raise _empty(last, file)


def _no_tags(chunk: Chunk, file: str) -> NotationSyntaxError:
    """The error for a deal before any tag section."""
    return NotationSyntaxError(
        "ttn.tag", 'a record starts with its tags, at least [Game "..."]',
        file=file, line=chunk.first_line, column=1,
        source_line=split_lines(chunk.text)[0],
        expected='a tag such as [Game "twenty-eight"] before the first deal',
    )


def _empty(last: Chunk | None, file: str) -> NotationSyntaxError:
    """The error for a file without a record (``last``: its last chunk, of comments)."""
    return NotationSyntaxError(
        "ttn.empty", "no record: the file holds no tags and no deals",
        file=file, column=1,
        line=1 if last is None else max(last.first_line + last.text.count("\n"), 1),
        expected='a record: tags such as [Game "twenty-eight"], then deals',
    )


def _located(chunks: Iterator[Chunk], file: str,
             errors: list[NotationSyntaxError] | None) -> Iterator[Chunk]:
    """``chunks`` (of ``iter_chunks`` or ``iter_block_chunks``), their errors given the
    file's name; with ``errors``, the error that ends the reading is appended there instead
    of raised."""
    try:
        yield from chunks
    except NotationSyntaxError as exc:
        named = exc.in_file(file)
        if errors is None:
            raise named from None
        errors.append(named)


def iter_items(text: str, file: str = "<string>",
               errors: list[NotationSyntaxError] | None = None,
               vocabulary: VocabularyOf | None = None) -> Iterator[StreamItem]:
    """Records in ``text``, as a stream of headers and deals (``errors``, ``vocabulary``:
    see ``iter_lines``)."""
    return iter_lines(text_lines(text), file, errors, vocabulary=vocabulary)


def iter_file(path: str | Path, errors: list[NotationSyntaxError] | None = None,
              comments: bool = True, vocabulary: VocabularyOf | None = None
              ) -> Iterator[StreamItem]:
    """Records in the file at ``path``, read line by line (the whole file is never held)."""
    name = str(path)
    with open(name, "rb") as stream:
        yield from iter_stream(stream, name, errors, comments, vocabulary)


def iter_stream(stream: BinaryIO, file: str, errors: list[NotationSyntaxError] | None = None,
                comments: bool = True, vocabulary: VocabularyOf | None = None
                ) -> Iterator[StreamItem]:
    """Records from a byte stream (a file, standard input), read in blocks (as
    ``iter_lines`` reads its lines: the same records, the same errors at the same point)."""
    return _read_chunks(_located(iter_block_chunks(raw_blocks(stream, file)), file, errors),
                        file, errors, comments, vocabulary)


def gather(items: Iterable[StreamItem]) -> Iterator[Record]:
    """Group a stream of headers and deals into whole records."""
    record: Record | None = None
    for item in items:
        if isinstance(item, RecordHeader):
            if record is not None:
                yield record
            record = Record(item)
        elif record is not None:
            record.deals.append(item)
    if record is not None:
        yield record


def read_records(path: str | Path, vocabulary: VocabularyOf | None = None) -> list[Record]:
    """Every record of the file at ``path``, read line by line (``vocabulary``: see
    ``iter_lines``)."""
    return list(gather(iter_file(path, vocabulary=vocabulary)))


def parse_records(text: str, file: str = "<string>",
                  vocabulary: VocabularyOf | None = None) -> list[Record]:
    """Every record in ``text`` (``vocabulary``: see ``iter_lines``)."""
    return list(gather(iter_items(text, file, vocabulary=vocabulary)))
