"""Random self-play of Twenty-Five at every table size the issue names (the approach of
tests/test_random_play.py, which runs only the default table of four players alone).

For 3, 4, 5, 6 (pairs and threes), 8 and 9 players, 200 deals of random legal play each:
the referee finds nothing, every match ends exactly when a side reaches 25, text and JSON
round trips are exact, and one action per deal replaced by an excluded one is the referee's
first finding in that deal, under the rule id ``check`` gave.
"""

from __future__ import annotations

from functools import cache

import pytest
from breaking import replay_breaks

from referee.games import ruleset_for
from referee.model.record import Record
from referee.notation.jsonform import record_from_json, record_to_json
from referee.notation.parser import iter_items, parse_records
from referee.notation.writer import dumps
from referee.replay.replay import replay_stream
from referee.replay.simulate import seat_names, simulate_records, table_spec
from referee.report.model import MatchReport

DEALS = 200
SEED = 25

TABLES = [
    pytest.param(3, None, id="3-alone"),
    pytest.param(4, "2", id="4-pairs"),
    pytest.param(5, None, id="5-alone"),
    pytest.param(6, "2", id="6-pairs"),
    pytest.param(6, "3", id="6-threes"),
    pytest.param(8, "2", id="8-pairs"),
    pytest.param(9, "3", id="9-threes"),
]


@cache
def simulated(players: int, teams: str | None) -> tuple[list[Record], str]:
    spec = table_spec("twenty-five", players, teams)
    records = simulate_records("twenty-five", DEALS, SEED, **spec)
    return records, dumps(records)


@cache
def checked(players: int, teams: str | None) -> list[MatchReport]:
    return list(replay_stream(iter_items(simulated(players, teams)[1], file="25.ttn")))


def _errors(findings):
    return [f for f in findings if f.severity == "error"]


@pytest.mark.parametrize(("players", "teams"), TABLES)
def test_table_is_seated_by_t25_p3(players: int, teams: str | None) -> None:
    records, _ = simulated(players, teams)
    table = ruleset_for(records[0].header).table
    assert table.seats == seat_names(players)
    size = int(teams) if teams else 1
    count = players // size
    assert len(table.teams) == count
    for team in table.teams:
        assert len(team) == size
        # T25-P3: seat s is in team s mod K (partners opposite, threes interleaved)
        assert len({table.index(seat) % count for seat in team}) == 1


@pytest.mark.parametrize(("players", "teams"), TABLES)
def test_referee_finds_nothing_and_matches_end_at_25(players: int, teams: str | None) -> None:
    records, _ = simulated(players, teams)
    reports = checked(players, teams)
    assert sum(len(report.deals) for report in reports) == DEALS
    errors = [f for report in reports for f in _errors(report.all_findings())]
    assert not errors, "\n".join(f"line {f.span.line}: [{f.rule}] {f.message}"
                                 for f in errors[:10])
    for report in reports[:-1]:  # every record but the last is a whole match
        assert report.finished
        assert max(report.score.values()) == 25  # scores move by 5 and stop at 25 (T25-S4)
        assert sorted(report.score.values()).count(25) == 1
    robs = sum(1 for r in records for d in r.deals for e in d.events if e.action.kind == "rob")
    assert robs > DEALS // 10, "robbing happens"


@pytest.mark.parametrize(("players", "teams"), TABLES)
def test_round_trips(players: int, teams: str | None) -> None:
    _, text = simulated(players, teams)
    parsed = parse_records(text)
    assert dumps(parsed) == text
    forms = [record_to_json(record) for record in parsed]
    assert dumps([record_from_json(form) for form in forms[:3]]) == dumps(parsed[:3])
    assert dumps([record_from_json(form, check_schema=False) for form in forms]) == text


@pytest.mark.parametrize(("players", "teams"), TABLES)
def test_broken_action_is_found_first(players: int, teams: str | None) -> None:
    _, text = simulated(players, teams)
    broken, _ = replay_breaks(text, SEED)
    assert len(broken) > DEALS * 0.9
    mismatches = [m for b in broken if (m := b.mismatch()) is not None]
    rules = {b.expected.rule for b in broken}
    assert not mismatches, "\n".join(mismatches[:10])
    # the breaks reach the game's own rules, not only the generic ones
    assert {"25.rob-eligible", "25.not-held", "25.turn", "25.turnup"} <= rules
    assert rules & {"25.renege", "25.follow-suit"}
