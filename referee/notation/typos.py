"""What a mistyped word in a record most likely meant, for the messages of syntax errors.

The reader knows no game. The caller that knows the record's game gives its words (a
``Vocabulary``: the seats, and the actions that may follow a seat before the first play and
during the play); with them a syntax error names the wrong word, puts the caret on it, lists
only what may stand there for this game at this point, and suggests the nearest keyword, card
spelling or seat. Without them, the hint lists every word of the notation.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from referee.model.lexicon import CALL_WORDS, RANK_LETTERS, SEAT_WORDS, SUIT_LETTERS, card_spellings
from referee.model.record import Tag
from referee.model.spelling import suggest


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The words of one record's game: its seats, and the action kinds (``play``, ``bid``,
    ``pass``, ``trump``, ...) that may follow a seat before the first play and during it."""

    seats: tuple[str, ...] = ()
    before_play: tuple[str, ...] = ()
    in_play: tuple[str, ...] = ()

    def actions(self) -> frozenset[str]:
        """Every action kind of the game."""
        return frozenset(self.before_play) | frozenset(self.in_play)


VocabularyOf = Callable[[list[Tag]], "Vocabulary | None"]
"""The vocabulary of the record whose tags are given (None when its game is not known)."""

ALL_ACTIONS = Vocabulary(
    before_play=("play", "bid", *CALL_WORDS, "trump", "single", "show", "hold", "c-call",
                 "exchange", "rob", "knock", "down"),
    in_play=("play", "call", "pair", "knock", "down", "stop", "claim"),
)
"""Every action the notation has, for a record whose game is not known."""

_WORD_OF_KIND = {"play": "a card", "bid": "a bid (a number)"}
_WRITTEN = frozenset(("trump", "rob", "down", "exchange", *CALL_WORDS, *SEAT_WORDS))
"""Kinds written as their own word after a seat (a play is a card, a bid a number)."""
_AFTER_CARD_WORDS = frozenset({"trump", "rob", "down", "turnup", "exchange", ">"})
_COMMENTS = re.compile(r"\{[^}]*\}?|;.*")
_CARDS = card_spellings()
_CARD_NAMES = tuple(sorted({*_CARDS.values(), *(f"10{suit}" for suit in SUIT_LETTERS)}))
_SUIT_FIRST = re.compile(rf"([{SUIT_LETTERS}])(10|[{RANK_LETTERS}])", re.IGNORECASE)
_RANK = re.compile(rf"10|[{RANK_LETTERS}]", re.IGNORECASE)
_CARDISH = re.compile(r"(?:[0-9]{1,2}|[AKQJTakqjt1])\S{0,2}")
_NOT_A_CARD = ("is not a card (ranks A K Q J T 10 9 8 7 6 5 4 3 2, suits S H D C or "
               "♠ ♥ ♦ ♣)")


@dataclass(frozen=True, slots=True)
class Typo:
    """A syntax error explained: its id, message, place (in the chunk) and what may stand
    there."""

    code: str
    message: str
    line: int
    column: int
    expected: str


def spoken(words: list[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b or c"``."""
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)


def _words(line: str) -> list[tuple[int, str]]:
    """The words of ``line`` outside comments, with their 0-based columns."""
    blanked = _COMMENTS.sub(lambda found: " " * len(found.group()), line)
    return [(found.start(), found.group()) for found in re.finditer(r"[^\s,]+", blanked)]


def _is_card(word: str) -> bool:
    return word in _CARDS


def play_begun(lines: list[str], line: int, column: int) -> bool:
    """True if a card was played in the deal before ``line``:``column`` (1-based, in
    ``lines``): a seat (or ``down``) followed by a card, outside hand lines."""
    start = line
    while start > 1 and not lines[start - 1].lstrip().startswith("deal"):
        start -= 1
    before = ""
    for number in range(start, line + 1):
        text = lines[number - 1] if number <= len(lines) else ""
        if number == line:
            text = text[:column - 1]
        words = [word for _, word in _words(text)]
        if words and (words[0] == "deal" or words[0].endswith(":") or ":" in text):
            continue  # the deal line, a hand line
        for word in words:
            if _is_card(word) and before not in _AFTER_CARD_WORDS - {"down"} and (
                    before == "down" or (before and not _is_card(before)
                                         and not before.endswith(".")
                                         and before[0].isalpha())):
                return True
            before = word
    return False


def _expected(vocabulary: Vocabulary, in_play: bool) -> tuple[list[str], list[str]]:
    """What may follow a seat at this point, in words, and the keywords among them."""
    kinds = vocabulary.in_play if in_play else vocabulary.before_play
    words = [_WORD_OF_KIND.get(kind, kind) for kind in kinds
             if kind in _WORD_OF_KIND or kind in _WRITTEN]
    keywords = [kind for kind in kinds if kind in _WRITTEN]
    return words, keywords


def card_message(word: str) -> str:
    """Why ``word`` is no card, and the card it most likely means."""
    reversed_ = _SUIT_FIRST.fullmatch(word)
    if reversed_ and _is_card(reversed_[2] + reversed_[1]):
        card = (reversed_[2] + reversed_[1]).upper()
        return f"'{word}' is not a card: a card is written rank first ('{card}')"
    return f"'{word}' {_NOT_A_CARD}{suggest(word.upper(), _CARD_NAMES)}"


def card_typo(word: str, line: int, column: int, expected: str) -> Typo:
    """A word where a card must stand (after ``trump``, ``rob``, in a hand line)."""
    return Typo("ttn.card", card_message(word), line, column, expected)


def expected_after_seat(lines: list[str], line: int, column: int,
                        vocabulary: Vocabulary | None) -> tuple[str, list[str]]:
    """What may follow a seat at ``line``:``column`` for the record's game (before the first
    play or during the play), in words, and the keywords among them."""
    words, keywords = _expected(vocabulary or ALL_ACTIONS, play_begun(lines, line, column))
    return (spoken(words) if words else "an action"), keywords


_EVENT_STARTS = ("result", "deal", "turnup")
"""Keywords that start a line or an event where a seat may stand."""


def after_seat(lines: list[str], line: int, column: int, word: str,
               vocabulary: Vocabulary | None) -> Typo | None:
    """The error of ``word`` at ``line``:``column``, which stands where an action must
    follow the seat before it; None if the seat is not on the same line."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    before = [(at, found) for at, found in _words(text) if at < column - 1]
    if not before:
        return None
    seat_at, seat = before[-1]
    expected, keywords = expected_after_seat(lines, line, column, vocabulary)
    seats = vocabulary.seats if vocabulary is not None else ()
    if (len(before) > 1 and seat.upper() in SUIT_LETTERS and seat not in seats
            and _RANK.fullmatch(before[-2][1])):
        rank_at, rank = before[-2]
        card = (rank + seat).upper()
        return Typo("ttn.card", f"'{rank} {seat}' is not a card: a card is written without a "
                    f"space ('{card}')", line, rank_at + 1, expected)
    if _SUIT_FIRST.fullmatch(word) or (_CARDISH.fullmatch(word) and not word.isdigit()):
        return card_typo(word, line, column, expected)
    message = f"unexpected word '{word}' after seat {seat}"
    hint = suggest(word.lower(), keywords) if keywords else ""
    if not hint and seats and seat not in seats:
        # Neither word reads: the first is the likelier slip ('reslt NS 10 EW 18').
        return Typo("ttn.keyword", f"unexpected word '{seat}'"
                    f"{suggest(seat, [*seats, *_EVENT_STARTS])}", line, seat_at + 1,
                    "a seat, a trick mark, a result line or a deal line")
    if not hint and seats and word in seats:
        message += f": {seat} has no action (an action follows the seat: '{seat} pass')"
    return Typo("ttn.keyword", message + hint, line, column, expected)


def in_hand_line(lines: list[str], line: int) -> Typo | None:
    """The first word of the hand line at ``line`` that is not a card or '|'; None if
    every word is one."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    colon = text.find(":")
    if colon < 0:
        return None
    for at, word in _words(text[colon + 1:]):
        for part in filter(None, word.split("|")):
            if not _is_card(part):
                if not part[:1].isalnum():
                    return None  # not a card mistyped: punctuation, '??'
                where = colon + 1 + at + word.find(part) + 1
                return card_typo(part, line, where, "a card or '|'")
    return None


_HAND_LINE = re.compile(r"\s*[A-Za-z][\w-]*[ \t]*:")


def hand_line_before(lines: list[str], line: int, column: int) -> int | None:
    """The line of the last word before ``line``:``column`` if it is a hand line (the
    reader took the hand line's first wrong card for a seat), else None."""
    for number in range(min(line, len(lines)), 0, -1):
        text = lines[number - 1]
        if number == line:
            text = text[:column - 1]
        if _words(text):
            return number if _HAND_LINE.match(lines[number - 1]) else None
    return None


def hand_after_events(lines: list[str], line: int) -> Typo | None:
    """The error of a well-formed hand line at ``line`` that follows events of its deal."""
    for number in range(line - 1, 0, -1):
        text = lines[number - 1]
        words = _words(text)
        if not words:
            continue
        if words[0][1] == "deal":
            return None
        if not _HAND_LINE.match(text):
            seat = _words(lines[line - 1])[0]
            return Typo("ttn.hand", "a hand line stands before the events of its deal, right "
                        "after the deal line", line, seat[0] + 1,
                        "an event")
    return None
