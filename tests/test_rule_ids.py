"""Every rule id is written out in full in the code, so that searching for it finds the rule
(no id is assembled from a game's prefix at run time)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import referee
from referee.games import games
from referee.games.twenty_eight import TwentyEight
from referee.games.twenty_eight.rulebook import FAMILY_RULES, GENERIC_28, family_ids

PACKAGE = Path(referee.__file__).resolve().parent
SOURCES = {path: path.read_text(encoding="utf-8") for path in PACKAGE.rglob("*.py")}
SOURCE = "\n".join(SOURCES.values())

ASSEMBLY = re.compile(
    r"""rule_prefix\s*\+|\+\s*rule_prefix|PREFIX\s*\+|\+\s*PREFIX|prefix\s*\+\s*["']\."""
    r"""|f["'][^"'\n]*\{[^}]*prefix[^}]*\}\.|\bself\.p\s*\+|\bp\s*\+\s*["']"""
)
"""An id made by joining a prefix and a name: ``rule_prefix + ".x"``, ``f"{prefix}.x"``,
``p + "x"``."""


@pytest.mark.parametrize("game", [g for g in games()], ids=lambda g: g.name)
def test_rule_ids_are_written_out(game):
    assert set(game.generic) <= set(game.rules)
    missing = sorted(rule for rule in game.rules if f'"{rule}"' not in SOURCE)
    assert missing == [], f"{game.name}: ids not written out in full: {missing}"


@pytest.mark.parametrize("game", [g for g in games()], ids=lambda g: g.name)
def test_every_id_of_a_game_begins_with_its_prefix(game):
    assert all(rule.startswith(game.rule_prefix + ".") for rule in game.rules)


@pytest.mark.parametrize("game", [g for g in games()], ids=lambda g: g.name)
def test_every_rule_an_option_names_is_in_the_catalogue(game):
    named = {rule for spec in game.option_specs for rule in spec.rules}
    assert named <= set(game.rules), sorted(named - set(game.rules))


def test_the_28_family_checks_each_game_under_its_own_ids():
    family = [game for game in games() if issubclass(game, TwentyEight)]
    assert {game.name for game in family} == {"twenty-eight", "twenty-nine", "forty", "fifty-six"}
    for game in family:
        assert set(game.rule_ids) == set(GENERIC_28) | {rule for rule, _ in FAMILY_RULES}
        assert set(game.rule_ids.values()) == set(game.rules)
        prefix = game.rule_prefix + "."
        assert all(rule.startswith(prefix) for rule in game.rule_ids.values())
        for name, rule in game.rule_ids.items():  # the same rule, the game's own id
            assert name.split(".", 1)[1] == rule.split(".", 1)[1]


def test_a_table_that_misses_a_rule_is_refused():
    own = {rule: rule for rule, _ in FAMILY_RULES[1:]}
    with pytest.raises(ValueError, match="missing"):
        family_ids(GENERIC_28, own)


def test_no_rule_id_is_assembled_from_a_prefix():
    found = [f"{path.relative_to(PACKAGE)}: {match.group(0)}"
             for path, text in SOURCES.items() for match in ASSEMBLY.finditer(text)]
    assert found == []


def test_the_assembly_finder_finds_one():
    for line in ('rule = self.rule_prefix + ".turn"', 'f"{prefix}.{name}"', 'p + "turn"',
                 'self.p + name'):
        assert ASSEMBLY.search(line), line
    assert not ASSEMBLY.search('ids["28.turn"]')
