"""The Avinas records (samples/avinas/*.ttn): every Expect tag holds, every edge case of digest
2.8 (#1-#45) is covered by a record or a named test, every rule id is exercised illegal (and
the valid records are the legal side), card points add up to 120 (#45), and random legal play
over 300 deals shows every kind of deal and action the issue names."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from sample_records import expectations_in

from referee.games import ruleset_for
from referee.games.avinas.ruleset import Avinas, trump_order
from referee.notation.parser import parse_records
from referee.notation.writer import dumps
from referee.pipeline.checking import check_file
from referee.replay.replay import replay_stream
from referee.replay.simulate import simulate_records

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples" / "avinas").glob("*.ttn"))
EDGE = [path for path in SAMPLES if path.name.startswith("edge-")]
TEST_FILES = sorted(Path(__file__).resolve().parent.glob("test_avinas*.py"))


@cache
def _checked(path: Path, expect: bool):
    return check_file(path, expect=expect)


def test_there_are_samples() -> None:
    assert len(EDGE) >= 20
    assert any(path.name.startswith("match-") for path in SAMPLES)


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_sample_expectations_hold(path: Path) -> None:
    report = _checked(path, True)
    assert report.error is None, f"{report.error_code}: {report.error} (line {report.error_line})"
    assert report.expectations == []
    expectations = [exp for p, exp in expectations_in(SAMPLES) if p == path]
    if path in EDGE:
        assert any(exp.kind == "case" for exp in expectations), "label the edge case"
    assert any(exp.kind != "case" for exp in expectations), "state a verdict"


def test_every_edge_case_is_covered() -> None:
    covered = {exp.text for _, exp in expectations_in(SAMPLES) if exp.kind == "case"}
    names = " ".join(path.read_text(encoding="utf-8") for path in TEST_FILES)
    for group in re.findall(r"def test_av_((?:\d\d_)+)", names):
        covered |= {f"AV #{int(n)}" for n in group.strip("_").split("_")}
    missing = [n for n in range(1, 46) if f"AV #{n}" not in covered]
    assert not missing


def test_every_rule_is_tested_illegal() -> None:
    named = {exp.rule for _, exp in expectations_in(SAMPLES) if exp.rule}
    sources = " ".join(path.read_text(encoding="utf-8") for path in TEST_FILES)
    untested = [rule for rule in Avinas.rules if rule not in named and f'"{rule}"' not in sources]
    assert not untested
    assert sum(exp.kind == "valid" for _, exp in expectations_in(SAMPLES)) >= 10


def test_matches_are_complete() -> None:
    for path in SAMPLES:
        if not path.name.startswith("match-"):
            continue
        report = _checked(path, False)
        assert report.findings() == []
        match = report.matches[0]
        assert match.finished and max(match.score.values()) >= 12


def test_av_45_card_points_add_up_in_every_sample() -> None:
    checked = 0
    for path in SAMPLES:
        report = _checked(path, False)
        records = parse_records(path.read_text(encoding="utf-8"), str(path))
        for match, record in zip(report.matches, records, strict=True):
            for deal_report, deal in zip(match.deals, record.deals, strict=True):
                result = deal_report.result
                plays = sum(1 for e in deal.events if e.action.kind in ("play", "down"))
                if (result is None or not result.scored or deal_report.unchecked or plays != 32
                        or result.point_sets):  # cards not seen: the points are sets
                    continue
                assert sum(result.points.values()) == 120, (path.name, deal.number)
                checked += 1
    assert checked > 30


# -- random legal play: every kind of deal and action occurs -------------------------------------


@cache
def _simulated(preset: str):
    records = simulate_records("avinas", 300, 2024, preset)
    return records, list(replay_stream(_items(records)))


def _items(records):
    for record in records:
        yield record.header
        yield from record.deals


@pytest.mark.parametrize("preset", list(Avinas.presets))
def test_random_play_shows_every_kind(preset: str) -> None:
    records, reports = _simulated(preset)
    kinds = Counter(e.action.kind for r in records for d in r.deals for e in d.events)
    games = Counter(d.result.outcome.split(" (")[0].split(":")[0]
                    for report in reports for d in report.deals)
    assert games["sevens game"] > 100 and games["no-sevens game"] > 30, games
    assert games["abandoned"] > 0, games
    for kind in ("knock", "down", "stop", "bid", "pass", "trump"):
        assert kinds[kind] > 0, kinds
    counters = sum(1 for r in records for d in r.deals
                   if sum(e.action.kind == "knock" for e in d.events) == 2)
    assert counters > 0  # a knock and a counter-knock in one deal
    assert not [f for report in reports for f in report.all_findings()]
    assert sum(r.finished for r in reports) >= 3


def test_random_play_round_trips() -> None:
    records, _ = _simulated("standard")
    text = dumps(records)
    assert dumps(parse_records(text)) == text


def test_av_16_face_down_lead_nobody_trumps_in_play() -> None:
    """Under trump-lead-every-trick a late face-down lead can go untrumped (README erratum on
    #16): the leader wins it; a trumped face-down lead goes to the highest trump (AV-E3)."""
    records, _ = _simulated("trump-lead-every-trick")
    untrumped = trumped = 0
    for record in records:
        ruleset = ruleset_for(record.header)
        match = ruleset.new_match()
        for deal in record.deals:
            state = ruleset.start_deal(match, deal)
            for event in deal.events:
                ruleset.apply(state, event.action)
            for trick in state.tricks:
                if not trick.face_down:
                    continue
                order = trump_order(state.trump)
                trumps = [(order.index(card), seat) for seat, card in trick.plays
                          if card in order]
                if trumps:
                    trumped += 1
                    assert trick.winner == min(trumps)[1]
                else:
                    untrumped += 1
                    assert trick.winner == trick.plays[0][0]
            ruleset.settle(match, state, [])
    assert untrumped > 0 and trumped > 0
