"""The words of TTN as highlighters see them: the Pygments lexer and the semantic tokens."""

from __future__ import annotations

import re
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Error

from referee.notation.pygments_lexer import TTNLexer
from referee.notation.tokens import words
from tests.lsp_support import REVOKE

SAMPLES = sorted(Path(__file__).parent.parent.joinpath("samples").rglob("*.ttn"))


def kinds(text: str) -> list[tuple[str, str]]:
    return [(text[w.offset:w.offset + w.length], w.kind) for w in words(text)]


def test_the_lexer_is_registered_under_both_names():
    names = {entry.name: entry.value for entry in entry_points(group="pygments.lexers")}
    assert names["ttn"] == "referee.notation.pygments_lexer:TTNLexer"
    for alias in ("ttn", "ttn-fragment"):
        assert isinstance(get_lexer_by_name(alias), TTNLexer)
    assert isinstance(get_lexer_for_filename("match.ttn"), TTNLexer)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_sample_tokenizes_without_an_error_token(path):
    text = path.read_text(encoding="utf-8")
    tokens = list(TTNLexer().get_tokens(text))
    bad = [value for token, value in tokens if token in Error]
    assert not bad
    assert "".join(value for _, value in tokens) == text.replace("\r\n", "\n") \
        or "".join(value for _, value in tokens).rstrip("\n") == text.rstrip("\n")


def test_each_word_has_its_kind():
    text = '[Game "28"] {a\nnote} 3. N 16 W pass  S trump H E TC ; why\nN: 9♠ ?? | AH'
    assert kinds(text) == [
        ("[", "punctuation"), ("Game", "tag-name"), ('"28"', "string"), ("]", "punctuation"),
        ("{a", "comment"), ("note}", "comment"), ("3.", "trick-mark"), ("N", "seat"),
        ("16", "bid"), ("W", "seat"), ("pass", "keyword"), ("S", "seat"),
        ("trump", "keyword"), ("H", "suit"), ("E", "seat"), ("TC", "card-C"),
        ("; why", "comment"), ("N", "seat"), (":", "operator"), ("9♠", "card-S"),
        ("??", "card-unseen"), ("|", "operator"), ("AH", "card-H")]


def test_text_with_syntax_errors_is_still_read_word_by_word():
    text = 'deal 1 dealer S\n3. N XQ } "open'
    assert [k for _, k in kinds(text)] == ["keyword", "number", "keyword", "seat",
                                           "trick-mark", "seat", "seat", "error", "error"]


def test_semantic_tokens_count_utf16_units():
    pytest.importorskip("lsprotocol")
    from referee.lsp.semantic import TOKEN_MODIFIERS, TOKEN_TYPES, semantic_tokens

    data = semantic_tokens("{🂡} N AH", "utf-16").data
    rows = [data[i:i + 5] for i in range(0, len(data), 5)]
    # The comment is 4 units long (the card symbol is two); N starts at unit 5.
    assert rows[0] == [0, 0, 4, TOKEN_TYPES.index("comment"), 0]
    assert rows[1] == [0, 5, 1, TOKEN_TYPES.index("variable"), 0]
    assert rows[2] == [0, 2, 2, TOKEN_TYPES.index("enumMember"),
                       1 << TOKEN_MODIFIERS.index("hearts")]
    assert len(semantic_tokens(REVOKE, "utf-16").data) == 5 * len(
        [w for w in words(REVOKE)])


def test_the_docs_site_colours_ttn_blocks():
    site = (Path(__file__).parent.parent / "mkdocs.yml").read_text(encoding="utf-8")
    named = set(re.findall(r"^  - ([\w.]+)", site, flags=re.M))
    assert {"pymdownx.highlight", "pymdownx.superfences"} <= named
    markdown = pytest.importorskip("markdown")
    pytest.importorskip("pymdownx")
    page = "```ttn\ndeal 1 dealer S\n```\n\n```ttn-fragment\n3. N TC W KH\n```\n"
    html = markdown.markdown(page, extensions=["pymdownx.highlight", "pymdownx.superfences"])
    assert '<span class="k">deal</span>' in html
    assert '<span class="nv">N</span>' in html and '<span class="nl">3.</span>' in html
