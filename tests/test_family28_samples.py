"""The sample records of Twenty-Nine, Forty and Fifty-Six (samples/twenty-nine, samples/forty,
samples/fifty-six): every Expect tag holds, each edge-case record names its case and states a
verdict, there are at least two complete legal matches per game and preset, and the points of
every complete deal add up to the game's total (29-17)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from sample_records import expectations_in

from referee.games import find_game, ruleset_for
from referee.notation.parser import parse_records
from referee.pipeline.checking import check_file

ROOT = Path(__file__).resolve().parent.parent / "samples"
FOLDERS = ("twenty-nine", "forty", "fifty-six")
SAMPLES = sorted(path for folder in FOLDERS for path in (ROOT / folder).glob("*.ttn"))


@cache
def _checked(path: Path):
    return check_file(path, expect=True)


@pytest.mark.parametrize("path", SAMPLES, ids=[f"{p.parent.name}/{p.name}" for p in SAMPLES])
def test_sample_expectations_hold(path: Path):
    report = _checked(path)
    assert report.error is None, f"{report.error_code}: {report.error}"
    assert report.expectations == []
    kinds = [exp.kind for _, exp in expectations_in([path])]
    if path.name.startswith("edge-"):
        assert "case" in kinds and any(kind != "case" for kind in kinds)


@pytest.mark.parametrize("game", ["twenty-nine", "forty", "fifty-six", "twenty-eight"])
def test_two_complete_legal_matches_per_preset(game):
    cls = find_game(game)
    folder = ROOT / game
    for preset in cls.presets:
        if game == "twenty-eight" and preset in ("standard", "pagat"):
            continue  # the first issue's commented matches (match-01, match-02)
        found = 0
        for path in sorted(folder.glob(f"match-{preset}-*.ttn")):
            report = _checked(path)
            for match in report.matches:
                errors = [f for f in match.all_findings() if f.severity == "error"]
                if not errors and match.result and "win" in match.result:
                    found += 1
        assert found >= 2, (game, preset)


def test_points_add_up_in_complete_deals():
    checked = 0
    for path in SAMPLES:
        report = _checked(path)
        records = parse_records(path.read_text(encoding="utf-8"), str(path))
        for match, record in zip(report.matches, records, strict=True):
            total = ruleset_for(record.header).total_points  # 29, 28 without the bonus, 40, 56
            for deal_report in match.deals:
                result = deal_report.result
                if (result is None or not result.scored or deal_report.unchecked
                        or result.contract.as_dict().get("single") or "misplay" in result.outcome):
                    continue
                assert sum(result.points.values()) == total, (path.name, result.points)
                checked += 1
    assert checked > 40
