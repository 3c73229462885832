"""The Twenty-Two sample records (samples/twenty-two/*.ttn): every Expect tag holds, the complete
games for 2, 4 and 6 players are legal and finished, every edge case of digest 3.8 (#1-#35) is
covered by a record or a named test, and every rule id is exercised both legal and illegal."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from sample_records import expectations_in

from referee.games.twenty_two.ruleset import TwentyTwo
from referee.pipeline.checking import check_file

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "samples" / "twenty-two"
SAMPLES = sorted(FOLDER.glob("*.ttn"))
EDGES = sorted(FOLDER.glob("edge-*.ttn"))
TEST_FILES = sorted(Path(__file__).resolve().parent.glob("test_twenty_two*.py"))
GENERIC = ("22.incomplete", "22.deal-over", "22.match-over", "22.trick-number", "22.dealer")
"""Rules of every game whose illegal side is tested in test_twenty_two.py by name."""


@cache
def _checked(path: Path):
    return check_file(path, expect=True)


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_sample_expectations_hold(path: Path):
    report = _checked(path)
    assert report.error is None, f"{report.error_code}: {report.error} (line {report.error_line})"
    assert report.expectations == []
    kinds = {exp.kind for p, exp in expectations_in(SAMPLES) if p == path}
    assert kinds - {"case"}, "state a verdict"
    if path in EDGES:
        assert "case" in kinds, "label the edge case"


@pytest.mark.parametrize("players", [2, 4, 6])
def test_complete_games(players: int):
    path = FOLDER / f"game-{players}-players.ttn"
    report = _checked(path)
    [match] = report.matches
    assert match.finished and "wins" in match.result
    assert len(match.deals) >= 3
    assert not [f for f in match.all_findings() if f.severity == "error"]
    dead = [seat for seat, damage in match.score.items() if damage >= 22]
    assert len(dead) == players - 1


def test_every_edge_case_is_covered():
    covered = {exp.text for _, exp in expectations_in(SAMPLES) if exp.kind == "case"}
    tests = " ".join(path.read_text(encoding="utf-8") for path in TEST_FILES)
    names = " ".join(re.findall(r"def (test_22_\w+)", tests))
    covered |= {f"T22 #{int(n)}" for n in re.findall(r"22_(\d\d)", names)}
    missing = [n for n in range(1, 36) if f"T22 #{n}" not in covered]
    assert not missing


def test_every_rule_is_tested_legal_and_illegal():
    """Each rule id appears in an illegal expectation of a sample or in a test; the complete
    games (valid) and the legal deals of test_twenty_two.py are the legal side."""
    named = {exp.rule for _, exp in expectations_in(SAMPLES) if exp.rule}
    sources = " ".join(path.read_text(encoding="utf-8") for path in TEST_FILES)
    untested = [rule for rule in TwentyTwo.rules
                if rule not in named and f'"{rule}"' not in sources]
    assert not untested
    assert any(exp.kind == "valid" for _, exp in expectations_in(SAMPLES))
    assert set(GENERIC) <= set(TwentyTwo.rules)
