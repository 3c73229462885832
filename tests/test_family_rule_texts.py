"""Each game of the 28 family describes its rules in its own values: no text of Twenty-Nine,
Forty or Fifty-Six (``referee games GAME``, ``referee rule ID``) names another game of the
family or carries an aside about one ("28: 14-28", "(28 and 29)", "= void (28)")."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from referee.cli.app import app
from referee.games import find_game

runner = CliRunner()
FAMILY = {"twenty-eight": "28", "twenty-nine": "29", "forty": "40", "fifty-six": "56"}
_NUMBER = r"(?:28|29|40|56)"
ASIDE = re.compile(rf"\b{_NUMBER}: |\b{_NUMBER} and {_NUMBER}\b|= [\w-]+ \({_NUMBER}\)"
                   rf"|\b(?:in|of|for) {_NUMBER}\b(?! (?:or|to|cards|points))")


def _other_titles(game: str) -> re.Pattern[str]:
    titles = [find_game(other).title for other in FAMILY if other != game]
    return re.compile(r"\b(?:" + "|".join(map(re.escape, titles)) + r")\b")


def _shown_lines(text: str) -> list[str]:
    """What a player reads about the rules: not the title, the aliases or the sources (the
    public pages are named as they are titled)."""
    lines = text.splitlines()
    if "sources" in lines:
        lines = lines[:lines.index("sources")]
    return [line for line in lines[1:] if not line.startswith(("aliases:", "source:", "more:",
                                                               "game:"))]


@pytest.mark.parametrize("game", ["twenty-nine", "forty", "fifty-six"])
def test_games_page_speaks_of_its_own_game(game):
    result = runner.invoke(app, ["games", game])
    assert result.exit_code == 0, result.output
    other = _other_titles(game)
    bad = [line for line in _shown_lines(result.stdout) if other.search(line) or ASIDE.search(line)]
    assert bad == []


@pytest.mark.parametrize("game", ["twenty-nine", "forty", "fifty-six"])
def test_every_rule_text_speaks_of_its_own_game(game):
    other = _other_titles(game)
    ruleset = find_game(game)
    bad = []
    for rule_id in ruleset.rules:
        result = runner.invoke(app, ["rule", rule_id])
        assert result.exit_code == 0, result.output
        bad += [line for line in _shown_lines(result.stdout)
                if other.search(line) or ASIDE.search(line)]
    assert bad == []


@pytest.mark.parametrize("game, rule, words", [
    ("twenty-nine", "29.bid-range", "(15 to 28)"),
    ("forty", "40.bid-range", "(20 to 40)"),
    ("fifty-six", "56.bid-range", "(28 to 56)"),
    ("twenty-nine", "29.redeal", "with redeal_fh_pointless (off by default)"),
    ("forty", "40.auction-over", "the five other players"),
    ("forty", "40.seventh-card", "no seventh card"),
    ("twenty-nine", "29.void-deal", "with void_if_trump_never_called = void, a deal"),
])
def test_rule_texts_carry_the_games_own_values(game, rule, words):
    assert words in find_game(game).rules[rule].summary


@pytest.mark.parametrize("text", ["a bid lies between (28: 14-28; 29: 15-28)",
                                  "with void_if_trump_never_called = void (28), a deal",
                                  "staking 6 game points (28 and 29)",
                                  "game points a single hand wins (28: 3; Forty's Thani: 4)"])
def test_the_aside_pattern_catches_what_it_should(text):
    assert ASIDE.search(text)


@pytest.mark.parametrize("text", ["a bid lies between min_bid and max_bid (15 to 28)",
                                  "the maximum, 56)", "fifty-six (2 from 40)",
                                  "(a whole number from 0 to 28)"])
def test_the_aside_pattern_lets_values_pass(text):
    assert not ASIDE.search(text)
