"""The Twenty-Eight edge-case records (samples/twenty-eight/edge-*.ttn): every Expect tag holds,
every edge case of digest 9A (28-01 ... 28-43) is covered by a record or a named test, every
rule id is exercised both legal and illegal, and the card points add up (28-43)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from sample_records import expectations_in

from referee.games.twenty_eight import TwentyEight
from referee.games.twenty_eight.scoring import cards_points
from referee.notation.parser import parse_records
from referee.pipeline.checking import check_file

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples" / "twenty-eight").glob("edge-*.ttn"))
TEST_FILES = sorted(Path(__file__).resolve().parent.glob("test_twenty_eight*.py"))


@cache
def _checked(path: Path, expect: bool):
    return check_file(path, expect=expect)


def test_there_are_samples():
    assert len(SAMPLES) >= 43


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_sample_expectations_hold(path: Path):
    report = _checked(path, True)
    assert report.error is None, f"{report.error_code}: {report.error} (line {report.error_line})"
    assert report.expectations == []
    expectations = [exp for _, exp in expectations_in(SAMPLES) if _ == path]
    assert any(exp.kind == "case" for exp in expectations), "label the edge case"
    assert any(exp.kind not in ("case",) for exp in expectations), "state a verdict"


def test_every_edge_case_is_covered():
    covered = {exp.text for _, exp in expectations_in(SAMPLES) if exp.kind == "case"}
    names = " ".join(path.read_text(encoding="utf-8") for path in TEST_FILES)
    covered |= {f"28-{m}" for m in re.findall(r"def test_28_(\d\d)_", names)}
    missing = [f"28-{n:02d}" for n in range(1, 44) if f"28-{n:02d}" not in covered]
    assert not missing


def test_every_rule_is_tested_legal_and_illegal():
    """Each rule id appears in an illegal (or note) expectation of a sample or in a test; the
    valid samples and the legal fixed deal of test_twenty_eight.py are the legal side."""
    named = {exp.rule for _, exp in expectations_in(SAMPLES) if exp.rule}
    sources = " ".join(path.read_text(encoding="utf-8") for path in TEST_FILES)
    untested = [rule for rule in TwentyEight.rules
                if rule not in named and f'"{rule}"' not in sources]
    assert not untested
    assert any(exp.kind == "valid" for _, exp in expectations_in(SAMPLES))


def test_28_43_card_points_add_up_in_every_sample():
    """28-43: a normal deal's two totals sum to 28; in a single hand the out-of-play partner's
    points are captured by nobody."""
    checked = 0
    for path in SAMPLES:
        report = _checked(path, False)
        records = parse_records(path.read_text(encoding="utf-8"), str(path))
        for match, record in zip(report.matches, records, strict=True):
            for deal_report, deal in zip(match.deals, record.deals, strict=True):
                result = deal_report.result
                if (result is None or not result.scored or deal_report.unchecked
                        or not deal.hands or "misplay" in result.outcome):
                    continue
                single = result.contract.as_dict().get("single")
                plays = sum(1 for event in deal.events if event.action.kind == "play")
                if plays != (24 if single else 32):
                    continue                        # a single hand may stop when lost
                total = sum(result.points.values())
                if single:
                    partner = {"N": "S", "S": "N", "E": "W", "W": "E"}[single]
                    hand = next(h for h in deal.hands if h.seat == partner)
                    assert total == 28 - cards_points(hand.cards), path.name
                else:
                    assert total == 28, (path.name, deal.number, result.points)
                checked += 1
    assert checked > 30
