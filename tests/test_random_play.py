"""Random self-play as a test oracle (docs/architecture.md, after OpenSpiel's random_sim_test).

For every registered game and every preset: simulate a few hundred deals of random legal play
(seeded), then
- the referee finds nothing in them;
- card points add up to the game's total in every scored deal that is not a single hand;
- text -> parse -> write and text -> JSON -> text are exact, and the JSON is schema-valid;
- after one action per deal is replaced by one that ``legal_actions`` excludes (or that the
  same ``check`` excludes, for the probes of ``break_one_action``), the referee's first error
  in that deal is at exactly that event, under exactly the rule id that ``check`` gave.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from functools import cache

import jsonschema
import pytest
from breaking import replay_breaks

from referee.games import find_game, games, ruleset_for
from referee.model.record import Record
from referee.notation.jsonform import record_from_json, record_to_json
from referee.notation.parser import iter_items, parse_records
from referee.notation.resources import load_schema
from referee.notation.writer import dumps
from referee.replay.replay import replay_stream
from referee.replay.simulate import simulate, simulate_records
from referee.report.model import MatchReport

DEALS = 300
SEED = 2024

CASES = [
    pytest.param(cls.name, preset, id=f"{cls.name}-{preset}")
    for cls in games()
    for preset in cls.presets
]


@cache
def simulated(game: str, preset: str) -> tuple[list[Record], str]:
    """The simulated records of one case and their canonical text (made once per run)."""
    records = simulate_records(game, DEALS, SEED, preset)
    return records, dumps(records)


@cache
def parsed(game: str, preset: str) -> list[Record]:
    """The simulated text parsed once (read-only: for tests that do not change it)."""
    return parse_records(simulated(game, preset)[1])


@cache
def checked(game: str, preset: str) -> list[MatchReport]:
    """The referee's reports on the simulated text (the library path of ``referee check``)."""
    return list(replay_stream(iter_items(simulated(game, preset)[1], file=f"{game}.ttn")))


def _errors(findings):
    return [f for f in findings if f.severity == "error"]


def _describe(finding) -> str:
    return f"line {finding.span.line}: [{finding.rule}] {finding.message}"


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_referee_finds_nothing(game: str, preset: str) -> None:
    records, text = simulated(game, preset)
    assert sum(len(record.deals) for record in records) == DEALS
    reports = checked(game, preset)
    assert len(reports) == len(records)
    assert sum(len(report.deals) for report in reports) == DEALS
    errors = [f for report in reports for f in _errors(report.all_findings())]
    assert not errors, "\n".join(_describe(f) for f in errors[:10])
    for record, report in zip(records[:-1], reports[:-1], strict=True):
        # Every record but the last is a whole match (the last may stop at DEALS).
        assert report.finished, f"record at line {report.line} ends before the match does"
        assert len(report.deals) == len(record.deals)


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_card_points_add_up(game: str, preset: str) -> None:
    records, _ = simulated(game, preset)
    ruleset = ruleset_for(records[0].header)
    total = getattr(ruleset, "total_points", None)
    if callable(total):
        total = total()
    if total is None:
        pytest.skip(f"{game} declares no total_points")
    reports = checked(game, preset)
    counted = 0
    for record, report in zip(records, reports, strict=True):
        for deal, deal_report in zip(record.deals, report.deals, strict=True):
            result = deal_report.result
            if result is None or not result.scored:
                continue
            if any(event.action.kind in ("single", "stop") for event in deal.events):
                continue  # a single hand's partner, or a stop, leaves cards unplayed
            assert sum(result.points.values()) == total, (
                f"deal {deal.number} of the record at line {report.line}: {result.points}"
            )
            counted += 1
    assert counted > DEALS // 2


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_text_round_trip(game: str, preset: str) -> None:
    _, text = simulated(game, preset)
    assert dumps(parsed(game, preset)) == text


def _shapes(deal_form: dict) -> set[tuple]:
    """What a deal's events look like to the schema: action and keys of each event."""
    return {(event["action"], tuple(sorted(event))) for event in deal_form["events"]}


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_json_round_trip(game: str, preset: str) -> None:
    _, text = simulated(game, preset)
    schema = load_schema("record.schema.json")
    validator = jsonschema.validators.validator_for(schema)(schema)
    forms = [record_to_json(record) for record in parsed(game, preset)]
    assert dumps([record_from_json(form, check_schema=False) for form in forms]) == text
    # Validating every deal costs about 20 ms each; validate each record with its first deal
    # and every deal that shows an event shape not validated yet.
    seen: set[tuple] = set()
    for form in forms:
        sample = []
        for index, deal_form in enumerate(form["deals"]):
            shapes = _shapes(deal_form)
            if index == 0 or not shapes <= seen:
                sample.append(deal_form)
                seen |= shapes
        validator.validate({**form, "deals": sample})
    # Every game shows its plays and results; each shows those of these kinds it accepts.
    common = ({"bid", "pass", "trump", "turnup", "rob", "exchange"}
              & find_game(game).accepted_actions)
    assert {action for action, _ in seen} >= {"play", "result"} | common


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_broken_action_is_named(game: str, preset: str) -> None:
    _, text = simulated(game, preset)
    broken, _ = replay_breaks(text, SEED)
    assert len(broken) > DEALS * 0.9
    mismatches = [m for b in broken if (m := b.mismatch()) is not None]
    assert not mismatches, f"{len(mismatches)} of {len(broken)}:\n" + "\n".join(mismatches[:10])
    # Fatal: the replay stopped at the substitute itself (in 22 a non-fatal substitute
    # usually stops the replay later, at a card no longer held).
    fatal = sum(b.report.unchecked is not None and b.report.unchecked.startswith(
        f"not checked after line {b.event.span.line}:") for b in broken)
    # Both kinds of exclusion are exercised: fatal (the replay stops) and non-fatal.
    assert 0 < fatal < len(broken)


def _kinds(game: str, preset: str) -> Counter[str]:
    records, _ = simulated(game, preset)
    return Counter(
        event.action.kind for record in records for deal in record.deals for event in deal.events
    )


TWENTY_EIGHT_CASES = [
    pytest.param(preset, id=f"twenty-eight-{preset}")
    for preset in find_game("twenty-eight").presets
]


@pytest.mark.parametrize("preset", TWENTY_EIGHT_CASES)
def test_rare_actions_occur(preset: str) -> None:
    kinds = _kinds("twenty-eight", preset)
    wanted = ("pass", "double", "redouble", "call", "pair", "single", "redeal")
    missing = [kind for kind in wanted if not kinds[kind]]
    assert not missing, f"no {', '.join(missing)} in {DEALS} deals: {dict(kinds)}"


def test_same_seed_same_text() -> None:
    game = games()[0].name
    first = dumps(simulate_records(game, 12, 7))
    assert dumps(simulate_records(game, 12, 7)) == first
    assert dumps(simulate_records(game, 12, 8)) != first


def test_same_text_in_every_process() -> None:
    # Sets of str iterate in an order that changes with PYTHONHASHSEED; the text may not.
    script = "from referee.replay.simulate import simulate; print(simulate('twenty-eight', 20, 3))"
    texts = {
        subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        ).stdout
        for hash_seed in ("1", "2")
    }
    assert len(texts) == 1
    assert texts.pop() == simulate("twenty-eight", 20, 3) + "\n"
