"""Random self-play of Twenty-Two at every table size, 2 to 6 players (the random-play oracle of
tests/test_random_play.py, which covers only the default table of four).

For each table size: whole matches of random legal play (at least 200 matches in all), then
- the referee finds nothing in them and every match ends with a result;
- text -> parse -> write is exact;
- multi-card leads and exchanges occur often, and so do deaths and ties in the last trick;
- after one action per deal is replaced by one that ``legal_actions`` excludes (in the first
  BROKEN_MATCHES matches of each size), the referee's first error in that deal is at that
  event, under the rule id that ``check`` gave.
"""

from __future__ import annotations

import math
from collections import Counter
from functools import cache

import pytest
from breaking import replay_breaks

from referee.model.record import Record
from referee.notation.parser import iter_items, parse_records
from referee.notation.writer import dumps
from referee.replay.replay import replay_stream
from referee.replay.simulate import seat_names, simulate_records
from referee.report.model import MatchReport

SEED = 22
MATCHES = {2: 60, 3: 50, 4: 35, 5: 30, 6: 25}
"""Matches per table size, 200 in all: more at the small tables, whose matches are short."""
BROKEN_MATCHES = 12
"""Matches per table size broken one action per deal (the break test replays each deal twice
more; 60 matches of some 500 deals are plenty to meet every rule)."""
DEALS_PER_MATCH = {2: 4.1, 3: 6.5, 4: 9.1, 5: 11.1, 6: 13.3}
"""About how many deals a match lasts at each table size (so that little is simulated for
nothing: the last record of each batch may stop before its match ends and is dropped)."""
SIZES = [pytest.param(n, id=f"{n}-players") for n in range(2, 7)]


@cache
def simulated(players: int) -> tuple[list[Record], str]:
    """MATCHES[players] whole matches at a table of ``players`` (and their canonical text)."""
    seats = seat_names(players)
    records: list[Record] = []
    seed = SEED
    while len(records) < MATCHES[players]:
        deals = math.ceil((MATCHES[players] - len(records) + 1) * DEALS_PER_MATCH[players])
        batch = simulate_records("twenty-two", deals, seed, seats=seats)
        records.extend(batch[:-1])
        seed += 1
    records = records[:MATCHES[players]]
    return records, dumps(records)


@cache
def checked(players: int) -> list[MatchReport]:
    return list(replay_stream(iter_items(simulated(players)[1], file=f"{players}.ttn")))


def _errors(findings):
    return [f for f in findings if f.severity == "error"]


@pytest.mark.parametrize("players", SIZES)
def test_random_matches_are_clean_and_finished(players: int) -> None:
    records, _ = simulated(players)
    reports = checked(players)
    assert len(reports) == len(records) == MATCHES[players]
    for record, report in zip(records, reports, strict=True):
        errors = _errors(report.all_findings())
        assert not errors, [f"{f.rule} {f.message} (line {f.span.line})" for f in errors[:5]]
        assert report.finished and len(report.deals) == len(record.deals)
        assert "wins" in report.result or "draw" in report.result
        # the match score is the damage: the winner is alive (under 22) unless all died
        alive = [seat for seat, damage in report.score.items() if damage < 22]
        assert len(alive) <= 1


@pytest.mark.parametrize("players", SIZES)
def test_random_matches_round_trip(players: int) -> None:
    _, text = simulated(players)
    assert dumps(parse_records(text)) == text


@pytest.mark.parametrize("players", SIZES)
def test_multi_card_leads_exchanges_and_endings_occur(players: int) -> None:
    records, _ = simulated(players)
    reports = checked(players)
    counts: Counter[str] = Counter()
    for record in records:
        for deal in record.deals:
            for event in deal.events:
                action = event.action
                if action.kind == "exchange":
                    counts["exchange" if action.cards else "exchange none"] += 1
                elif event.trick is not None and len(action.cards) > 1:
                    counts["multi-card lead"] += 1
    for report in reports:
        for deal in report.deals:
            losers = deal.result.contract.as_dict().get("losers", [])
            counts["tie"] += len(losers) > 1
            counts["death"] += len(deal.result.contract.as_dict().get("died", []))
    deals = sum(len(record.deals) for record in records)
    assert counts["exchange"] >= deals            # about one exchange per player and deal
    assert counts["multi-card lead"] >= deals / 2  # about one a deal
    assert counts["exchange none"] > 0
    assert counts["tie"] > 0
    assert counts["death"] >= MATCHES[players] * (players - 1) * 0.9


@pytest.mark.parametrize("players", SIZES)
def test_broken_action_is_named(players: int) -> None:
    records, _ = simulated(players)
    broken, deals = replay_breaks(dumps(records[:BROKEN_MATCHES]), SEED)
    assert len(broken) > deals * 0.9
    mismatches = [m for b in broken if (m := b.mismatch()) is not None]
    rules = Counter(b.expected.rule for b in broken)
    assert not mismatches, "\n".join(mismatches[:10])
    # the game's own rules are exercised, not only the generic ones
    assert {"22.follow", "22.lead-equal", "22.turn", "22.not-held"} <= set(rules)
