"""Turn Lark's parse errors into ``NotationSyntaxError``: an id, a sentence, what was expected.

Ids: ``ttn.card`` (a malformed card), ``ttn.tag`` (a malformed tag), ``ttn.string`` (an
unclosed quoted value), ``ttn.comment`` (an unclosed brace comment), ``ttn.keyword`` (an
unknown word where an action was expected), ``ttn.deal`` (a malformed deal line),
``ttn.hand`` (a malformed hand line), ``ttn.result`` (a malformed result line), ``ttn.eof``
(the text ends too early), ``ttn.unexpected`` (anything else). ``ttn.encoding``, ``ttn.empty``,
``ttn.control`` and ``ttn.limit`` are raised elsewhere in referee.notation.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

from referee.model.errors import NotationSyntaxError
from referee.notation.lines import split_lines
from referee.notation.typos import (
    Typo,
    Vocabulary,
    after_seat,
    card_message,
    expected_after_seat,
    hand_after_events,
    hand_line_before,
    in_hand_line,
)

if TYPE_CHECKING:
    from referee.notation.chunks import Chunk

_WORDS = {
    "SEAT": "a seat",
    "CARD": "a card",
    "SUIT": "a suit",
    "SEVENTH": "'seventh'",
    "_TRUMP": "'trump'",
    "_ROB": "'rob'",
    "_DOWN": "'down'",
    "_EXCHANGE": "'exchange'",
    "_NONE": "'none'",
    "TURNUP": "'turnup'",
    "SEAT_WORD": "call, pair, single, knock, stop, claim, hold, show or c-call",
    "MARK": "a trick mark such as '5.'",
    "TAG_NAME": "a tag name",
    "STRING": 'a quoted value ("...")',
    "PLAYS": "a play (SEAT CARD)",
    "CALLS": "a bid or a pass (SEAT 16, SEAT pass)",
    "HAND": "a hand line (SEAT: cards)",
    "DEAL_LINE": "a deal line (deal N dealer SEAT)",
    "RESULT": "a result line (result TEAM N TEAM N)",
    "$END": "the end of the record",
}
_CARDISH = re.compile(r"^(?:[0-9]{1,2}|[AKQJTakqjt1])[^\s,;{}\[\]]{0,2}$")
_WORD = re.compile(r"[^\s,;{}\[\]]+")


SEAT_WORDS = ("call", "pair", "single", "knock", "stop", "claim")
"""The words of the SEAT_WORD terminal, in the order the hint lists them."""
ACTION_WORDS = frozenset({"trump", "rob", "down", "exchange", *SEAT_WORDS})
"""Action words that only some games use: a hint names those of the record's game only."""
_KEYWORD_TERMINALS = {"_TRUMP": "trump", "_ROB": "rob", "_DOWN": "down",
                      "_EXCHANGE": "exchange", "TURNUP": "turnup"}
_AFTER_SEAT = frozenset({"SEAT_WORD", *_KEYWORD_TERMINALS} - {"TURNUP"})
"""Terminals that only follow a seat: an error where they are expected is an action's."""


def expected_words(names: set[str] | frozenset[str], lark: Lark,
                   keywords: frozenset[str] | None = None) -> str:
    """Terminal names in words: "a card, a seat or 'trump'"; with ``keywords`` (the action
    words of the record's game), the action words of other games are left out."""
    words = set()
    for name in names:
        if name in _KEYWORD_TERMINALS and keywords is not None and (
                _KEYWORD_TERMINALS[name] not in keywords):
            continue
        if name == "SEAT_WORD" and keywords is not None:
            own = [word for word in SEAT_WORDS if word in keywords]
            if own:
                words.add(", ".join(own[:-1]) + " or " + own[-1] if len(own) > 1 else own[0])
            continue
        if name in _WORDS:
            words.add(_WORDS[name])
            continue
        try:
            pattern = lark.get_terminal(name).pattern
        except KeyError:
            words.add(name.lower())
            continue
        if (pattern.type == "str" and keywords is not None and pattern.value in ACTION_WORDS
                and pattern.value not in keywords):
            continue
        words.add(f"'{pattern.value}'" if pattern.type == "str" else name.lower())
    ordered = sorted(words, key=lambda word: (word != "a card", word))  # a card first
    if len(ordered) > 1:
        return ", ".join(ordered[:-1]) + " or " + ordered[-1]
    return ordered[0] if ordered else "something else"


def syntax_error(exc: UnexpectedCharacters | UnexpectedToken | UnexpectedEOF, chunk: Chunk,
                 file: str, lark: Lark, vocabulary: Vocabulary | None = None
                 ) -> NotationSyntaxError:
    """The NotationSyntaxError for a Lark error raised while parsing ``chunk`` (``vocabulary``:
    the words of the record's game, when it is known)."""
    lines = split_lines(chunk.text)
    keywords = vocabulary.actions() if vocabulary is not None else None
    if chunk.kind == "header":
        at_end = isinstance(exc, UnexpectedEOF) or (
            isinstance(exc, UnexpectedToken) and exc.token.type == "$END")
        unclosed = _unclosed_tag(lines, len(lines) + 1 if at_end or exc.line < 1 else exc.line)
        if unclosed is not None:
            return _located("ttn.tag", "the tag is not closed with ']'", chunk, file,
                            *unclosed, "']' at the end of the tag")
    if isinstance(exc, UnexpectedEOF) or (
        isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
    ):
        line = len(lines)
        column = len(lines[-1]) + 1 if lines else 1
        hand = hand_line_before(lines, line, column) if chunk.kind != "header" else None
        typo = in_hand_line(lines, hand) if hand is not None else None
        if typo is not None:
            return _located(typo.code, typo.message, chunk, file, typo.line, typo.column,
                            typo.expected)
        code, message = "ttn.eof", "the record ends too early"
        if chunk.kind == "header":
            code, message = "ttn.tag", "the tag is not closed with ']'"
        expected = expected_words(set(exc.expected), lark, keywords)
        if chunk.kind != "header" and set(exc.expected) & _AFTER_SEAT:
            expected = expected_after_seat(lines, line, column, vocabulary)[0]
        return _located(code, message, chunk, file, line, column, expected)
    line, column = exc.line, exc.column
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    rest = source[column - 1:]
    word_match = _WORD.match(rest)
    word = word_match.group() if word_match else rest[:1]
    allowed = set(exc.allowed) if isinstance(exc, UnexpectedCharacters) else set(exc.expected)
    if isinstance(exc, UnexpectedToken):
        word = exc.token.value.split()[0] if exc.token.value.split() else exc.token.value
    if chunk.kind != "header":
        typo = _typo(lines, line, column, rest, word, allowed, vocabulary)
        if typo is not None:
            return _located(typo.code, typo.message, chunk, file, typo.line, typo.column,
                            typo.expected)
    code, message = _classify(rest, word, allowed, chunk.kind)
    if code == "ttn.card":
        message = card_message(word)  # with the card most likely meant
        allowed.add("CARD")  # a card was meant: say so first, whatever else could stand there
    hint = expected_words(allowed, lark, keywords) if allowed else None
    return _located(code, message, chunk, file, line, column, hint)


def _typo(lines: list[str], line: int, column: int, rest: str, word: str, allowed: set[str],
          vocabulary: Vocabulary | None) -> Typo | None:
    """The error explained by the word the writer most likely meant, where the place tells
    what should stand there: a hand line's cards, an action after a seat, a card."""
    if rest.startswith(":"):  # a seat, then what the hand line reader could not read
        return in_hand_line(lines, line) or hand_after_events(lines, line)
    hand = hand_line_before(lines, line, column)
    if hand is not None:  # a wrong card of a hand line, read as a seat
        return in_hand_line(lines, hand)
    if rest.startswith(("{", '"', "[")) or word.startswith(("deal", "result")):
        return None
    if allowed & _AFTER_SEAT:
        return after_seat(lines, line, column, word, vocabulary)
    return None


def _unclosed_tag(lines: list[str], line: int) -> tuple[int, int] | None:
    """(line, column) just after a tag that is not closed, when the error at ``line``
    (1-based) comes from the tag on the last non-blank line before it: the mistake is at the
    end of that tag's line, not at the start of the next one."""
    for number in range(min(line, len(lines) + 1) - 1, 0, -1):
        text = lines[number - 1].rstrip()
        if not text:
            continue
        if text.lstrip().startswith("[") and not text.endswith("]") and number < line:
            return number, len(text) + 1
        return None
    return None


def _classify(rest: str, word: str, allowed: set[str], kind: str) -> tuple[str, str]:
    if rest.startswith("{") and "}" not in rest:
        return "ttn.comment", "this brace comment is not closed with '}'"
    if rest.startswith('"'):
        return "ttn.string", "this quoted value is not closed"
    if kind == "header":
        if rest.startswith("[") or "TAG_NAME" in allowed or "STRING" in allowed:
            return "ttn.tag", f"malformed tag at '{word}': tags are written [Name \"value\" ...]"
        return "ttn.tag", f"'{word}' cannot stand in the tag section; a deal starts with 'deal N'"
    if rest.startswith("["):
        return "ttn.tag", "a tag must start its own line, before the deals of its record"
    if word.startswith("deal"):
        return "ttn.deal", "malformed deal line: write 'deal N dealer SEAT'"
    if word.startswith("result"):
        return "ttn.result", (
            "malformed result line: write 'result TEAM N TEAM N' or 'result score TEAM N ...'"
        )
    if "CARD" in allowed or _CARDISH.match(word) or ":" in rest.split(None, 1)[0]:
        if _CARDISH.match(word) or "CARD" in allowed:
            return "ttn.card", (
                f"'{word}' is not a card (ranks A K Q J T 10 9 8 7 6 5 4 3 2, "
                "suits S H D C or ♠ ♥ ♦ ♣)"
            )
        return "ttn.hand", (
            f"malformed hand line at '{word}': write 'SEAT: card card ... | card ...'"
        )
    if word[:1].isalpha():
        return "ttn.keyword", f"unexpected word '{word}'"
    return "ttn.unexpected", f"unexpected '{word}'"


def _located(code: str, message: str, chunk: Chunk, file: str, line: int, column: int,
             expected: str | None) -> NotationSyntaxError:
    lines = split_lines(chunk.text)
    source = lines[line - 1] if 0 < line <= len(lines) else None
    return NotationSyntaxError(
        code, message, file=file, line=line + chunk.first_line - 1, column=column,
        source_line=source, expected=expected,
    )
