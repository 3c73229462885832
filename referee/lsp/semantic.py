"""Semantic tokens: the words of ``referee.notation.tokens``, in the client's units, relative to
each other as LSP sends them (five numbers a word)."""

from __future__ import annotations

from lsprotocol import types

from referee.lsp.document import split_lines
from referee.lsp.positions import to_client
from referee.notation.tokens import lines_with_breaks, words

TOKEN_TYPES = ["comment", "property", "string", "keyword", "variable", "enumMember",
               "number", "label", "operator", "type"]
"""LSP's standard token types (themes colour them); cards are enum members with the suit
as a modifier, trick marks are labels."""
TOKEN_MODIFIERS = ["spades", "hearts", "diamonds", "clubs", "unseen", "bid"]

_OF_KIND = {
    "comment": ("comment", ()), "tag-name": ("property", ()), "string": ("string", ()),
    "keyword": ("keyword", ()), "seat": ("variable", ()),
    "card-S": ("enumMember", ("spades",)), "card-H": ("enumMember", ("hearts",)),
    "card-D": ("enumMember", ("diamonds",)), "card-C": ("enumMember", ("clubs",)),
    "card-unseen": ("enumMember", ("unseen",)), "bid": ("number", ("bid",)),
    "number": ("number", ()), "trick-mark": ("label", ()), "operator": ("operator", ()),
    "punctuation": ("operator", ()), "suit": ("type", ()),
}
"""Each kind of word as a token type and modifiers (words of no kind are not sent)."""

LEGEND = types.SemanticTokensLegend(token_types=TOKEN_TYPES, token_modifiers=TOKEN_MODIFIERS)


def semantic_tokens(text: str, encoding: str) -> types.SemanticTokens:
    """Every word of ``text``, one token each (a brace comment: one a line)."""
    lines = split_lines(text)
    starts = [0]
    for piece in lines_with_breaks(text):
        starts.append(starts[-1] + len(piece))
    data: list[int] = []
    last_line = last_start = 0
    row = 0
    for word in words(text):
        kind = _OF_KIND.get(word.kind)
        if kind is None:
            continue
        while row + 1 < len(starts) and starts[row + 1] <= word.offset:
            row += 1
        column = word.offset - starts[row] + 1
        line, start = to_client(lines, row + 1, column, encoding)
        _, end = to_client(lines, row + 1, column + word.length, encoding)
        token_type, modifiers = kind
        bits = sum(1 << TOKEN_MODIFIERS.index(m) for m in modifiers)
        data.extend([line - last_line, start - last_start if line == last_line else start,
                     end - start, TOKEN_TYPES.index(token_type), bits])
        last_line, last_start = line, start
    return types.SemanticTokens(data=data)
