"""Every rule id is written out in full in the code, so that searching for it finds the rule
(no id is assembled from a game's prefix at run time)."""

from __future__ import annotations

from pathlib import Path

import pytest

import referee
from referee.rules.registry import games

SOURCE = "\n".join(path.read_text(encoding="utf-8")
                   for path in Path(referee.__file__).resolve().parent.rglob("*.py"))

ASSEMBLED = {"twenty-nine", "forty", "fifty-six"}
"""Games whose own rule ids are made from Twenty-Eight's at run time: the 28 family's one
engine serves four prefixes, and its rules are written (and found) under Twenty-Eight's ids;
their generic ids are written out."""


@pytest.mark.parametrize("game", [g for g in games()], ids=lambda g: g.name)
def test_rule_ids_are_written_out(game):
    ids = set(game.generic) if game.name in ASSEMBLED else set(game.rules)
    assert set(game.generic) <= set(game.rules)
    missing = sorted(rule for rule in ids if f'"{rule}"' not in SOURCE)
    assert missing == [], f"{game.name}: ids not written out in full: {missing}"
