"""The notation's lexical facts, written once: keywords, action words, card spellings, seats.

Everything that reads or writes TTN words takes them from here: the parser (card spellings,
the run-of-events pattern), ``cards.py`` (suit symbols), ``record.py`` (action kinds) and the
seat check of ``rules/base.py``. The grammar (grammar/ttn.lark) is text for Lark, so it cannot
import this module; ``grammar_terminals()`` builds the terminals it must contain from these
tables, and a test (tests/test_lexicon.py) fails when the grammar and this table disagree.
"""

from __future__ import annotations

import re

KEYWORDS: tuple[str, ...] = (
    "deal", "dealer", "pass", "double", "redouble", "trump", "call", "pair", "single",
    "turnup", "rob", "exchange", "none", "knock", "down", "stop", "claim", "result", "score",
    "seventh", "redeal", "hold", "show", "c-call",
)
"""Words that are never a seat's name (docs/notation.md, "Lexical rules")."""

ACTION_KINDS: tuple[str, ...] = (
    "play", "bid", "pass", "double", "redouble", "trump", "call", "pair", "single",
    "turnup", "rob", "exchange", "knock", "down", "stop", "claim", "redeal",
    "hold", "c-call", "show",
)
"""Every action a record can hold. ``redeal`` is first hand's demand for a new deal (``28.redeal``);
``hold`` a holder's answer in the duel auction, ``c-call`` the bidder's "C" and ``show`` the
single-hand show (28 family variants)."""

SEAT_WORDS: tuple[str, ...] = (
    "call", "pair", "single", "knock", "stop", "claim", "hold", "show", "c-call",
)
"""Actions written as a seat and one word: ``W call``, ``N pair``."""

CALL_WORDS: tuple[str, ...] = ("pass", "double", "redouble", "redeal")
"""Auction words written after a seat (a bid is a number)."""

RANK_LETTERS = "AKQJT98765432"
"""Rank letters, high to low; ``10`` is also read for the ten (written ``T``)."""

SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS: dict[str, str] = {
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}
"""Suit symbols the notation reads (black and white forms), as suit letters."""

UNSEEN_CARD = "??"

LINE_BREAK = re.compile(r"\r\n?|\n")
"""The only line breaks of TTN (and of the JSON Lines form)."""

# -- the patterns built from the tables (each written here only) -----------------------------

_END = r"(?![\w-])"
"""A word ends where no letter, digit, '_' or '-' follows."""

SEAT_NAME = r"[A-Za-z][\w-]*"
"""A seat: a letter, then letters, digits, '_' and '-' (and not a keyword or a card)."""

_FACES = "".join(rank for rank in RANK_LETTERS if rank.isalpha())  # AKQJT, read in either case
RANK_PATTERN = rf"(?:10|[{_FACES}{_FACES.lower()}2-9])"
SUIT_PATTERN = "[" + SUIT_LETTERS + SUIT_LETTERS.lower() + "".join(SUIT_SYMBOLS) + "]"
CARD_PATTERN = rf"(?:{RANK_PATTERN}{SUIT_PATTERN}{_END}|\?\?)"
"""A card as written: rank then suit (either case, ``10`` for the ten, suit symbols), or
``??`` (a card not seen)."""

TAG_NAME_PATTERN = r"[A-Za-z][A-Za-z0-9_]*"
"""A tag's name: a letter, then letters, digits and '_'."""
STRING_PATTERN = r'"(?:[^"\\\n]|\\.)*"'
"""A quoted tag value: no line break; a backslash escapes the next character."""

_CARD_LIKE = re.compile(RANK_PATTERN + "[" + SUIT_LETTERS + SUIT_LETTERS.lower() + "]")
NAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
"""A seat's or a team's name as the referee accepts it (ASCII letters, digits, '_', '-')."""


def _alternatives(words: tuple[str, ...]) -> str:
    return "(?:" + "|".join(words) + ")"


def grammar_terminals() -> dict[str, str]:
    """The grammar's word terminals as they must read in grammar/ttn.lark (name -> regex)."""
    ascii_card = RANK_PATTERN + "[" + SUIT_LETTERS + SUIT_LETTERS.lower() + "]"
    return {
        "SEAT": (f"(?!{_alternatives(KEYWORDS)}{_END})(?!{ascii_card}{_END}){SEAT_NAME}"),
        "CARD": CARD_PATTERN,
        "SUIT": SUIT_PATTERN + _END,
        "SEVENTH": "seventh" + _END,
        "SEAT_WORD": _alternatives(SEAT_WORDS) + _END,
        "CALL_WORD": r"(?:[0-9]+|" + "|".join(CALL_WORDS) + r")(?![\w.-])",
        "TAG_NAME": TAG_NAME_PATTERN,
        "STRING": STRING_PATTERN,
    }


def card_spellings() -> dict[str, str]:
    """Every spelling of every card (``10s``, ``Ts``, ``T♠``...) -> its canonical form."""
    suits = {**{s: s for s in SUIT_LETTERS}, **{s.lower(): s for s in SUIT_LETTERS},
             **SUIT_SYMBOLS}
    ranks = {**{r: r for r in RANK_LETTERS}, **{r.lower(): r for r in RANK_LETTERS if
                                                  r.isalpha()}, "10": "T"}
    return {rank + suit: canonical_rank + canonical_suit
            for rank, canonical_rank in ranks.items()
            for suit, canonical_suit in suits.items()}


CARD_SPELLINGS: dict[str, str] = card_spellings()
"""Every spelling of every card -> its canonical form (built once)."""


def suit_spellings() -> dict[str, str]:
    """Every spelling of a suit (upper case letters and symbols) -> its letter."""
    return {**{s: s for s in SUIT_LETTERS}, **SUIT_SYMBOLS}


def seat_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a seat (docs/notation.md, "Lexical rules"), or None if it can."""
    if not NAME_RE.fullmatch(name):
        return (f"seat name '{name}' must start with a letter and hold only letters, digits, "
                "'_' and '-'")
    if name.lower() in KEYWORDS:
        return f"seat name '{name}' is a keyword"
    if _CARD_LIKE.fullmatch(name):
        return f"seat name '{name}' is spelled like a card"
    return None
