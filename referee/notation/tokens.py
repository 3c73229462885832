"""The words of TTN text as a highlighter shows them: seats, cards (by suit), bids,
keywords, trick marks, tags, comments; one span per word, in any text, read or not.

The Pygments lexer (``referee.notation.pygments_lexer``) and the language server's semantic tokens
both take their words from here. The words are classified with the notation's own tables
(``referee.model.lexicon``), so that a keyword, a card spelling or a seat is what the reader
takes it for; nothing here parses, so text with syntax errors is still highlighted.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, NamedTuple

from referee.model.lexicon import CARD_SPELLINGS, KEYWORDS, LINE_BREAK, SUIT_SYMBOLS, UNSEEN_CARD

KINDS = ("comment", "tag-name", "string", "keyword", "seat", "card-S", "card-H", "card-D",
         "card-C", "card-unseen", "bid", "number", "trick-mark", "punctuation", "operator",
         "suit", "word", "error")
"""Every kind of word, in a fixed order (the language server's legend follows it)."""

_KEYWORDS = frozenset(KEYWORDS)
_SUITS = {**{s: s for s in "SHDC"}, **{s.lower(): s for s in "SHDC"}, **SUIT_SYMBOLS}
_SYMBOLS = "".join(SUIT_SYMBOLS)
_TOKEN = re.compile(r"""
    (?P<brace>\{)
  | (?P<line_comment>;.*)
  | (?P<string>"(?:[^"\\\n]|\\.)*"?)
  | (?P<mark>\d+\.(?![\w.]))
  | (?P<number>[+-]?\d+(?![\w.SYMBOLS]))
  | (?P<unseen>\?\?)
  | (?P<word>[^\s{};"\[\]|>:]+)
  | (?P<open>\[)
  | (?P<close>\])
  | (?P<bar>[|>])
  | (?P<colon>:)
  | (?P<other>\S)
""".replace("SYMBOLS", _SYMBOLS), re.VERBOSE)


class Word(NamedTuple):
    """One word: where it starts in the text (a character offset), its length, its kind."""

    offset: int
    length: int
    kind: str


def words(text: str) -> Iterator[Word]:
    """The words of ``text`` in order (whitespace between them is not a word); a brace
    comment over several lines is one word per line."""
    offset = 0
    in_brace = False
    in_tag = False
    for line in lines_with_breaks(text):
        body = line.rstrip("\r\n")
        yield from _line_words(body, offset, in_brace, in_tag)
        in_brace, in_tag = _state_after(body, in_brace, in_tag)
        offset += len(line)


def lines_with_breaks(text: str) -> list[str]:
    """The lines of ``text``, each with its line break (TTN's breaks only: LF, CR LF, CR)."""
    parts = LINE_BREAK.split(text)
    breaks = LINE_BREAK.findall(text)
    lines = [part + brk for part, brk in zip(parts, [*breaks, ""], strict=True)]
    return lines if lines[-1] else lines[:-1]


def _state_after(body: str, in_brace: bool, in_tag: bool) -> tuple[bool, bool]:
    """Whether a brace comment (and a tag) is still open at the end of the line."""
    for word in _line_words(body, 0, in_brace, in_tag, track=True):
        # with track, _line_words yields only (in_brace, in_tag) pairs, never a Word
        in_brace, in_tag = word
    return in_brace, in_tag


def _line_words(body: str, start: int, in_brace: bool, in_tag: bool,
                track: bool = False) -> Iterator[Any]:
    """The words of one line (``track``: only the open states after the line)."""
    index = 0
    previous = ""  # the kind of the last word, to tell a bid from a number
    previous_text = ""  # the last word: a suit follows 'trump'
    first_word = True
    if in_brace:
        close = body.find("}")
        end = len(body) if close < 0 else close + 1
        if not track and end:
            yield Word(start, end, "comment")
        if close < 0:
            if track:
                yield True, in_tag
            return
        index = end
        in_brace = False
    while index < len(body):
        match = _TOKEN.match(body, index)
        if match is None:  # whitespace
            index += 1
            continue
        group = match.lastgroup
        end = match.end()
        kind: str
        if group == "brace":
            close = body.find("}", index)
            if close < 0:
                if not track:
                    yield Word(start + index, len(body) - index, "comment")
                if track:
                    yield True, in_tag
                return
            end = close + 1
            kind = "comment"
        elif group == "line_comment":
            kind = "comment"
        elif group == "string":
            kind = "string" if match.group(0).endswith('"') and len(match.group(0)) > 1 \
                else "error"
        elif group == "open":
            in_tag = True
            kind = "punctuation"
        elif group == "close":
            in_tag = False
            kind = "punctuation"
        elif in_tag and group == "word":
            kind = "tag-name"
        elif group == "mark":
            kind = "trick-mark" if first_word else "number"
        elif group == "number":
            kind = "bid" if previous == "seat" else "number"
        elif group == "unseen":
            kind = "card-unseen"
        elif group == "word":
            kind = _word_kind(match.group(0), previous_text)
        elif group in ("bar", "colon"):
            kind = "operator"
        else:
            kind = "error"
        if not track:
            yield Word(start + index, end - index, kind)
        if kind != "comment":
            first_word = False
            previous, previous_text = kind, match.group(0)
        index = end
    if track:
        yield in_brace, in_tag


def _word_kind(word: str, previous: str) -> str:
    """A bare word: a keyword, a card (by suit), a suit (``trump H``), else a seat or a
    team (the notation's names)."""
    if word in _KEYWORDS:
        return "keyword"
    card = CARD_SPELLINGS.get(word)
    if card is not None:
        return "card-" + card[1]
    if word == UNSEEN_CARD:
        return "card-unseen"
    if word in _SUITS and previous == "trump":
        return "suit"
    if re.fullmatch(r"[A-Za-z][\w-]*", word):
        return "seat"
    return "word"
