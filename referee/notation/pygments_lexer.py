"""A Pygments lexer for TTN (``ttn``; ``ttn-fragment`` for parts of a record, as the
documentation shows them), registered through the ``pygments.lexers`` entry point.

Its words are ``referee.notation.tokens``'s, so that the documentation site, a terminal and the
language server colour a record alike.
"""

from __future__ import annotations

from collections.abc import Iterator

from pygments.lexer import Lexer
from pygments.token import (
    Comment,
    Error,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Whitespace,
    _TokenType,
)

from referee.notation.tokens import words

Card = Name.Constant
"""Cards, by suit (``Name.Constant.Spades`` ...): a style may colour each suit."""

TOKENS: dict[str, _TokenType] = {
    "comment": Comment, "tag-name": Name.Tag, "string": String, "keyword": Keyword,
    "seat": Name.Variable, "card-S": Card.Spades, "card-H": Card.Hearts,
    "card-D": Card.Diamonds, "card-C": Card.Clubs, "card-unseen": Card.Unseen,
    "bid": Number.Integer, "number": Number, "trick-mark": Name.Label,
    "punctuation": Punctuation, "operator": Operator, "suit": Name.Constant, "word": Text,
    "error": Error,
}


class TTNLexer(Lexer):  # type: ignore[misc]  # Pygments ships no type information
    """TTN, the notation of trick-taking card game records (referee)."""

    name = "TTN"
    aliases = ["ttn", "ttn-fragment"]
    filenames = ["*.ttn"]
    mimetypes = ["text/x-ttn"]

    def get_tokens_unprocessed(self, text: str) -> Iterator[tuple[int, _TokenType, str]]:
        at = 0
        for word in words(text):
            if word.offset > at:
                yield at, Whitespace, text[at:word.offset]
            yield word.offset, TOKENS[word.kind], text[word.offset:word.offset + word.length]
            at = word.offset + word.length
        if at < len(text):
            yield at, Whitespace, text[at:]
