"""The Twenty-Five records (samples/twenty-five/*.ttn): every Expect tag holds, every edge case
of digest 1.7 (T25 #1 ... #32) is covered by a record or a named test, every rule id is
exercised illegal (in a sample or a test) and the complete games are legal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sample_records import expectations_in

from referee.games.twenty_five.ruleset import TwentyFive
from referee.pipeline.checking import check_file, check_text

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples" / "twenty-five").glob("*.ttn"))
TEST_FILES = sorted(Path(__file__).resolve().parent.glob("test_twenty_five*.py"))


def test_there_are_samples():
    assert len([p for p in SAMPLES if p.name.startswith("edge-")]) >= 31
    assert {"match-3-players.ttn", "match-4-pairs.ttn", "match-9-threes.ttn"} <= {
        p.name for p in SAMPLES}


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_sample_expectations_hold(path: Path):
    report = check_file(path, expect=True)
    assert report.error is None, f"{report.error_code}: {report.error} (line {report.error_line})"
    assert report.expectations == []
    expectations = [exp for p, exp in expectations_in(SAMPLES) if p == path]
    assert any(exp.kind not in ("case",) for exp in expectations), "state a verdict"
    if path.name.startswith("edge-"):
        assert any(exp.kind == "case" for exp in expectations), "label the edge case"


def test_every_edge_case_is_covered():
    covered = {exp.text for _, exp in expectations_in(SAMPLES) if exp.kind == "case"}
    names = " ".join(path.read_text(encoding="utf-8") for path in TEST_FILES)
    covered |= {f"T25 #{int(m)}" for m in re.findall(r"def test_t25_(\d\d)_", names)}
    missing = [f"T25 #{n}" for n in range(1, 33) if f"T25 #{n}" not in covered]
    assert not missing


def test_every_rule_is_tested_illegal():
    """Each rule id is named by an illegal (or note) expectation of a sample or in a test;
    the valid samples and the complete games are the legal side."""
    named = {exp.rule for _, exp in expectations_in(SAMPLES) if exp.rule}
    sources = " ".join(path.read_text(encoding="utf-8") for path in TEST_FILES)
    untested = [rule for rule in TwentyFive.rules
                if rule not in named and f'"{rule}"' not in sources]
    assert not untested
    assert sum(exp.kind == "valid" for _, exp in expectations_in(SAMPLES)) >= 15


def test_complete_games_end_at_25():
    for name, winner in (("match-3-players.ttn", "P3"), ("match-4-pairs.ttn", "P1P3"),
                         ("match-9-threes.ttn", "P1P4P7")):
        report = check_file(ROOT / "samples" / "twenty-five" / name)
        (match,) = report.matches
        assert match.finished
        assert match.score[winner] == 25
        assert all(value < 25 for team, value in match.score.items() if team != winner)
        assert len(match.deals) >= 2


def test_the_documentation_example_is_legal():
    """docs/games/twenty-five.md opens with a record (T25 #28): it must stay legal."""
    text = (ROOT / "docs" / "games" / "twenty-five.md").read_text(encoding="utf-8")
    example = text.split("```ttn\n", 1)[1].split("```", 1)[0]
    report = check_text(example)
    assert report.error is None
    (match,) = report.matches
    assert not [f for f in match.all_findings() if f.severity == "error"]
    assert match.finished and match.score == {"NS": 25, "EW": 0}
