"""The code cites what a reader of the repository can follow: rule ids (``28.follow-suit``),
the docs pages and the public sources (pagat.com, Wikipedia), never the working notes the rules
were settled in (digest sections, numbered decisions, seed and edge-case numbers)."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

import referee.games.twenty_eight as twenty_eight
from referee.games import games
from tests.citations import code_references

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "referee"
SOURCES = sorted(path.relative_to(ROOT).as_posix() for path in PACKAGE.rglob("*.py"))
OTHER_TEXT = sorted(path.relative_to(ROOT).as_posix() for path in PACKAGE.rglob("*")
                    if path.is_file() and path.suffix in {".js", ".css", ".html", ".lark",
                                                          ".json", ".md", ".txt"})


def _texts(path: Path) -> list[tuple[int, str]]:
    """The comments, docstrings and string literals of a Python file, with their lines."""
    source = path.read_text(encoding="utf-8")
    return [(token.start[0], token.string)
            for token in tokenize.generate_tokens(io.StringIO(source).readline)
            if token.type in (tokenize.COMMENT, tokenize.STRING)]


@pytest.mark.parametrize("path", SOURCES)
def test_code_cites_no_working_notes(path):
    found = [f"{path}:{line}: {', '.join(refs)}" for line, text in _texts(ROOT / path)
             if (refs := code_references(text))]
    assert found == [], (
        "cite the rule id, the docs page or the public source, or say the rule in words:\n"
        + "\n".join(found))


@pytest.mark.parametrize("path", OTHER_TEXT)
def test_package_files_cite_no_working_notes(path):
    text = (ROOT / path).read_text(encoding="utf-8", errors="replace")
    assert code_references(text) == []


@pytest.mark.parametrize("text", [
    "# the caller must trump (A4.3(c)2)", "no_trump_two, B3.5", "(A6.6 R1)", "T22-D1",
    "T25-* rules", "AV-L3(a)", "as 3.9 C5 says", "(10.14)", "decision 8", "README decisions 5",
    "seed 002", "SEED-22", "as the seed says", "S0's 40 paragraph", "digest section 1",
    "the digest's defaults", '("the digest")', "digest Part A", "section 8", "edge case 12",
    "28-13", "29-33", "R3 cancels", "/work/shared/spec/rules/README.md", "column D29",
    "appendix settle", "README erratum",
])
def test_each_kind_of_reference_is_caught(text):
    assert code_references(text) != [], text


@pytest.mark.parametrize("text", [
    "28.follow-suit", "docs/games/twenty-eight.md", "https://www.pagat.com/jass/28.html",
    "AS KS TH 9C", "bids 28 to 56, 28-56", "--seed 3", "the same seed, the same deal",
    "a digest of the file's bytes", "the tag section", "version 1.0 compatible", "P1 ... P6",
    "L4 P4 R4 D4 L8 P8 R8 D8", "pagat.com's Twenty-Nine", "Wikipedia 'Twenty-eight (card game)'",
])
def test_what_a_reader_can_follow_passes(text):
    assert code_references(text) == [], text


def test_the_28_interpretation_choices_are_listed_once_on_the_docs_page():
    page = (ROOT / "docs/games/twenty-eight.md").read_text(encoding="utf-8")
    assert "\n## Interpretation choices\n" in page
    doc = twenty_eight.__doc__ or ""
    assert 'docs/games/twenty-eight.md ("Interpretation choices")' in doc
    assert not re.search(r"^\d+\. ", doc, flags=re.M), "the list lives on the docs page only"


@pytest.mark.parametrize("game", [game.name for game in games()])
def test_every_rule_is_listed_on_its_games_docs_page(game):
    ruleset = next(g for g in games() if g.name == game)
    page = (ROOT / f"docs/games/{game}.md").read_text(encoding="utf-8")
    rules = page[page.index("\n### Rules\n"):]
    assert [rule for rule in ruleset.rules if f"| `{rule}` |" not in rules] == []
