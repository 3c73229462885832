"""Parse TTN text into the record AST, one chunk (tag section or deal) at a time.

The Lark LALR parser is built once, with an inline transformer, and parses each chunk that
referee.notation.chunks cuts from the stream, so memory stays flat however long the file.
Syntax errors become ``NotationSyntaxError`` with file, line, column and what was expected
(referee.notation.diagnostics); comments are attached to the item they follow.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput, VisitError

from referee.cards import CardError, parse_card, parse_suit
from referee.errors import NotationSyntaxError
from referee.notation.chunks import Chunk, decode_lines, iter_chunks
from referee.notation.diagnostics import syntax_error
from referee.record import (
    Action,
    Comment,
    Deal,
    Event,
    Hand,
    Record,
    RecordHeader,
    ResultLine,
    Span,
    StreamItem,
    Tag,
)
from referee.resources import grammar_text

_CARD_FORMS: dict[str, str] = {}


def _card(text: str, token: Token, offset: int = 0) -> str:
    """Canonical card for ``text`` (cached: the same few dozen spellings recur)."""
    card = _CARD_FORMS.get(text)
    if card is None:
        if text == "??":
            raise _error_at(token, offset, "ttn.unseen",
                            "'??' (a card not seen) is not supported yet in version 1")
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


def _error_at(token: Token, offset: int, code: str, message: str) -> _ChunkError:
    line, column = _position(token, offset)
    return _ChunkError(NotationSyntaxError(code, message, line=line, column=column))


def _position(token: Token, offset: int) -> tuple[int, int]:
    """Line and column (in the chunk) of ``offset`` characters into ``token``."""
    value = token.value
    newlines = value.count("\n", 0, offset)
    if not newlines:
        return token.line, token.column + offset
    return token.line + newlines, offset - value.rfind("\n", 0, offset)


_CARD_RE = r"(?:10|[AKQJTakqjt2-9])[SHDCshdc♠♥♦♣♤♡♢♧](?![\w-])|\?\?"
_PLAY = re.compile(
    rf"(?:(\d+)\.\s*)?([A-Za-z][\w-]*)[ \t]+((?:{_CARD_RE})(?:[ \t]+(?:{_CARD_RE}))*)"
)
_CALL = re.compile(r"([A-Za-z][\w-]*)[ \t]+(\S+?)(?=[\s,]|$)")
_HAND_ITEM = re.compile(r"[^\s,|]+|\|")
_RESULT_PAIR = re.compile(r"([A-Za-z][\w-]*)[ \t]+([+-]?\d+)")


class _Builder(Transformer):
    """Inline transformer: Lark calls these as it reduces; values stay plain ``str``/``int``."""

    def __init__(self) -> None:
        super().__init__()
        self.items: list[tuple[int, Any]] = []
        self.line_offset = 0
        """Lines before the chunk, added to every position (tokens count from the chunk)."""

    def _span(self, token: Token, shift: int = 0) -> Span:
        offset = self.line_offset
        return Span(token.line + offset, token.column + shift,
                    (token.end_line or token.line) + offset, token.end_column or token.column)

    def _runs(self, token: Token, pattern: re.Pattern[str]):
        """Matches of ``pattern`` in a coarse token, each with its line and column in the file."""
        value = token.value
        line = token.line + self.line_offset
        line_start = 1 - token.column  # offset in value where the current line starts
        last = 0
        for match in pattern.finditer(value):
            start = match.start()
            newlines = value.count("\n", last, start)
            if newlines:
                line += newlines
                line_start = value.rfind("\n", last, start) + 1
            last = start
            column = start - line_start + 1
            yield match, Span(line, column, line, column + match.end() - start), start

    # -- tags ------------------------------------------------------------------------------
    def tag(self, children: list[Token]) -> Tag:
        name, *strings = children
        values = [_unquote(s.value) for s in strings]
        tag = Tag(name.value, values, self._span(name, -1))
        self.items.append((name.start_pos - 1, tag))
        return tag

    def header(self, tags: list[Tag]) -> list[Tag]:
        return tags

    # -- deals -----------------------------------------------------------------------------
    def deal(self, children: list[Any]) -> Deal:
        line = children[0]
        words = line.value.split()
        number = int(words[1])
        dealer = words[3] if len(words) > 3 else None
        deal = Deal(number, dealer, span=self._span(line))
        for child in children[1:]:
            if isinstance(child, Token):  # a hand line
                deal.hands.append(self._hand(child))
            else:
                deal.items.extend(child)
        self.items.insert(0, (line.start_pos, deal))
        return deal

    def _hand(self, token: Token) -> Hand:
        value = token.value
        seat, _, rest = value.partition(":")
        seat = seat.strip()
        base = len(value) - len(rest)
        rounds: list[list[str]] = [[]]
        for match in _HAND_ITEM.finditer(rest):
            text = match.group()
            if text == "|":
                rounds.append([])
            else:
                rounds[-1].append(_card(text, token, base + match.start()))
        hand = Hand(seat, rounds, self._span(token))
        self.items.append((token.start_pos, hand))
        return hand

    # -- events ----------------------------------------------------------------------------
    @staticmethod
    def _split_mark(children: list[Token]) -> tuple[int | None, list[Token]]:
        if children[0].type == "MARK":
            return int(children[0].value[:-1]), children[1:]
        return None, children

    def plays(self, children: list[Token]) -> list[Event]:
        mark, (token,) = self._split_mark(children)
        events = []
        append = self.items.append
        base = token.start_pos
        forms = _CARD_FORMS
        for match, span, start in self._runs(token, _PLAY):
            number, seat, cards_text = match.groups()
            card = forms.get(cards_text)
            if card is not None:
                cards: tuple[str, ...] = (card,)
            else:
                cards = tuple(_card(part, token, match.start(3)) for part in cards_text.split())
            if number is not None:
                mark = int(number)
            event = Event(Action(seat, "play", cards), span, mark)
            mark = None
            events.append(event)
            append((base + start, event))
        return events

    def calls(self, children: list[Token]) -> list[Event]:
        mark, (token,) = self._split_mark(children)
        events = []
        append = self.items.append
        base = token.start_pos
        for match, span, start in self._runs(token, _CALL):
            seat, word = match.groups()
            action = Action(seat, "bid", value=int(word)) if word.isdigit() else Action(seat, word)
            event = Event(action, span, mark)
            mark = None
            events.append(event)
            append((base + start, event))
        return events

    def _simple(self, children: list[Token], kind: str, **fields: Any) -> list[Event]:
        mark, rest = self._split_mark(children)
        seat = rest[0]
        last = rest[-1]
        offset = self.line_offset
        event = Event(
            Action(seat.value, kind, **fields),
            Span(seat.line + offset, seat.column, (last.end_line or seat.line) + offset,
                 last.end_column or seat.column),
            mark,
        )
        self.items.append((seat.start_pos, event))
        return [event]

    def trump(self, children: list[Token]) -> list[Event]:
        arg = children[-1]
        if arg.type == "CARD":
            return self._simple(children, "trump", cards=(_card(arg.value, arg),))
        if arg.type == "SUIT":
            return self._simple(children, "trump", value=parse_suit(arg.value))
        return self._simple(children, "trump", value="seventh")

    def seat_word(self, children: list[Token]) -> list[Event]:
        return self._simple(children, children[-1].value)

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
        mark, rest = self._split_mark(children)
        card = rest[-1]
        offset = self.line_offset
        event = Event(Action(None, "turnup", (_card(card.value, card),)),
                      Span(card.line + offset, max(card.column - 7, 1),
                           card.end_line + offset, card.end_column),
                      mark)
        self.items.append((card.start_pos - 7, event))
        return [event]

    def result(self, children: list[Token]) -> list[ResultLine]:
        (token,) = children
        kind = "score" if token.value.split()[1] == "score" else "points"
        body = token.value.split(None, 2 if kind == "score" else 1)[-1]
        values = tuple((m.group(1), int(m.group(2))) for m in _RESULT_PAIR.finditer(body))
        line = ResultLine(kind, values, self._span(token))  # type: ignore[arg-type]
        self.items.append((token.start_pos, line))
        return [line]


def _unquote(text: str) -> str:
    body = text[1:-1]
    return re.sub(r"\\(.)", r"\1", body) if "\\" in body else body


class TTNParser:
    """The LALR parser, built once; ``parse_chunk`` turns one chunk into AST items."""

    def __init__(self) -> None:
        self.builder = _Builder()
        self.comments: list[tuple[int, Comment]] = []
        self.lark = Lark(
            grammar_text(),
            parser="lalr",
            lexer="contextual",
            start=["header", "deal"],
            transformer=self.builder,
            lexer_callbacks={
                "BRACE_COMMENT": self._brace_comment,
                "LINE_COMMENT": self._line_comment,
            },
            maybe_placeholders=False,
        )

    def _brace_comment(self, token: Token) -> Token:
        self.comments.append((token.start_pos, Comment(token.value[1:-1], "brace")))
        return token

    def _line_comment(self, token: Token) -> Token:
        self.comments.append((token.start_pos, Comment(token.value[1:], "line")))
        return token

    def parse_chunk(self, chunk: Chunk, file: str) -> tuple[Any, list[Comment]]:
        """Parse one chunk; returns the tags (header) or the Deal, and leading comments."""
        self.builder.items = []
        self.builder.line_offset = chunk.first_line - 1
        self.comments = []
        try:
            result = self.lark.parse(chunk.text, start=chunk.kind)
        except _ChunkError as exc:
            raise _shift(exc.error, chunk, file) from None
        except VisitError as exc:
            if isinstance(exc.orig_exc, _ChunkError):
                raise _shift(exc.orig_exc.error, chunk, file) from None
            raise
        except UnexpectedInput as exc:
            raise syntax_error(exc, chunk, file, self.lark) from None
        return result, self._attach_comments()

    def _attach_comments(self) -> list[Comment]:
        """Give each comment to the last item that starts before it; return the rest."""
        leading: list[Comment] = []
        if not self.comments:
            return leading
        items = sorted(self.builder.items, key=lambda pair: pair[0])
        index = -1
        for position, comment in self.comments:
            while index + 1 < len(items) and items[index + 1][0] < position:
                index += 1
            if index < 0:
                leading.append(comment)
            else:
                items[index][1].comments.append(comment)
        return leading


def _shift(error: NotationSyntaxError, chunk: Chunk, file: str) -> NotationSyntaxError:
    lines = chunk.text.splitlines()
    if 0 < error.line <= len(lines):
        error.source_line = lines[error.line - 1]
    error.line += chunk.first_line - 1
    error.file = file
    return error


@cache
def _parser() -> TTNParser:
    return TTNParser()


def iter_lines(lines: Iterable[str], file: str = "<string>") -> Iterator[StreamItem]:
    """Records from lines of text, as a stream of headers and deals."""
    parser = _parser()
    seen_header = False
    pending_comments: list[Comment] = []
    last_line = 0
    for chunk in iter_chunks(lines):
        last_line = chunk.first_line + chunk.text.count("\n")
        result, leading = parser.parse_chunk(chunk, file)
        if chunk.kind == "header":
            if not result:  # comments only: they open the record that follows
                pending_comments.extend(leading)
                continue
            seen_header = True
            header = RecordHeader(result, pending_comments + leading,
                                  result[0].span if result else Span(chunk.first_line, 1, 0, 0))
            pending_comments = []
            yield header
        else:
            if not seen_header:
                raise NotationSyntaxError(
                    "ttn.tag", 'a record starts with its tags, at least [Game "..."]',
                    file=file, line=result.span.line, column=1,
                    source_line=chunk.text.splitlines()[result.span.line - chunk.first_line],
                    expected='a tag such as [Game "twenty-eight"] before the first deal',
                )
            result.comments[:0] = leading
            yield result
    if not seen_header:
        raise NotationSyntaxError(
            "ttn.empty", "no record: the file holds no tags and no deals",
            file=file, line=max(last_line, 1), column=1,
            expected='a record: tags such as [Game "twenty-eight"], then deals',
        )


def iter_items(text: str, file: str = "<string>") -> Iterator[StreamItem]:
    """Records in ``text``, as a stream of headers and deals."""
    if text.startswith("\ufeff"):
        text = text[1:]
    return iter_lines(text.replace("\r\n", "\n").splitlines(keepends=True), file)


def iter_file(path: str | Path) -> Iterator[StreamItem]:
    """Records in the file at ``path``, read line by line (the whole file is never held)."""
    name = str(path)
    with open(path, "rb") as handle:
        yield from iter_lines(decode_lines(handle, name), name)


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


def parse_records(text: str, file: str = "<string>") -> list[Record]:
    """Every record in ``text``."""
    return list(gather(iter_items(text, file)))
