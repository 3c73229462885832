"""What follows an illegal action in the 28 family (28, 29, 40, 56), case by case.

Each case of ``illegal28`` changes one action of legal simulated deals; the referee must
report it at that action under its rule, stop the replay where the action leaves the state
undefined (saying so once, at that action, and not comparing the deal's result lines), and
score the deal with the misplay penalty against the contract standing then.
"""

from __future__ import annotations

from functools import cache

import pytest
from illegal28 import CASES, GAMES, Changed, Walk, ordinary_deals, walk, with_deal

from referee.games.twenty_eight.scoring import SCORE_TABLES, forced_score
from referee.model.record import Deal, Event, Record, ResultLine
from referee.notation.parser import parse_records
from referee.notation.writer import dumps
from referee.pipeline.checking import check_text
from referee.replay.simulate import simulate_records
from referee.report.model import NOT_CHECKED, RESULT_NOT_COMPARED, SCORE_FROM_RECORD, DealReport
from referee.rules.base import Ruleset

PER_CASE = 3
"""Deals changed per case and game."""


@cache
def _deals(game: str) -> list:
    return list(ordinary_deals(game))


def _changed(game: str, case: str) -> list[tuple[Walk, Changed, str]]:
    """Up to PER_CASE (walk, change, record text) of ``case`` in ``game``."""
    found = []
    for record, w in _deals(game):
        change = CASES[case](w)
        if change is None:
            continue
        found.append((w, change, dumps([with_deal(record, change.deal, change.options)])))
        if len(found) == PER_CASE:
            break
    return found


def _report(text: str) -> DealReport:
    report = check_text(text)
    assert report.error is None, report.error
    return report.matches[0].deals[0]


def _event_span(text: str, index: int):
    item = parse_records(text)[0].deals[0].items[index]
    assert isinstance(item, Event)
    return item.span


def _stake(ruleset: Ruleset, made: bool, bid: int, mult: int) -> int:
    opts = ruleset.opts
    factor = 2 if opts.misplay_penalty == "double_to_opponents" else 1
    return forced_score(made, bid, mult, high_bid_two=opts.high_bid_two,
                        high_bid_from=ruleset.high_bid_from,
                        table=SCORE_TABLES[opts.score_table], factor=factor).delta


def _paid(ruleset: Ruleset, team: str, delta: int) -> dict[str, int]:
    """Game points when ``team`` gains ``delta`` (a loss paid to the opponents in Forty)."""
    points = {t: 0 for t in ruleset.team_names}
    if delta < 0 and SCORE_TABLES[ruleset.opts.score_table].loss_to_opponents:
        for other in points:
            if other != team:
                points[other] = -delta
    else:
        points[team] = delta
    return points


def _check_case(game: str, case: str) -> list[tuple[Walk, Changed, DealReport]]:
    checked = []
    cases = _changed(game, case)
    assert cases, f"no simulated {game} deal for {case}"
    for w, change, text in cases:
        report = _report(text)
        span = _event_span(text, change.index)
        errors = [f for f in report.findings if f.severity == "error"]
        assert (errors[0].rule, errors[0].seat, errors[0].span) == (
            change.rule, change.seat, span), (case, text)
        stops = [f for f in report.findings if f.rule == NOT_CHECKED]
        if change.stops:
            # said once, at the stopping action; nothing after it is judged
            assert [(f.span, f.severity) for f in stops] == [(span, "note")]
            assert errors[-1].span == span
            assert report.unchecked.startswith(f"not checked after line {span.line}")
        else:
            assert stops == []
        assert report.result.outcome.startswith(f"misplay by {change.seat} "), report.result
        checked.append((w, change, report))
    return checked


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_bid_stands_as_made(game: str) -> None:
    for w, change, report in _check_case(game, "bid-stands"):
        bid = next(e.action for e in change.deal.events if e.action.kind == "bid"
                   and e.action.seat == change.seat and e is change.deal.items[change.index])
        contract = report.result.contract
        assert (contract.bidder, contract.bid) == (w.bidder, bid.value)
        team = w.ruleset.team_of[w.bidder]
        assert report.result.game_points == _paid(w.ruleset, team,
                                                  _stake(w.ruleset, False, bid.value, 1))
        # the play is unchanged, so its result line still agrees
        assert not [f for f in report.findings if f.rule == "record.result-mismatch"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("case", ["not-held", "facedown-played", "suit-named", "after-the-end"])
def test_actions_that_stop_the_replay_after_the_auction(game: str, case: str) -> None:
    if case in ("facedown-played", "suit-named") and game == "twenty-nine":
        pytest.skip("Twenty-Nine shows trumps with a spare card: nothing lies face down")
    for w, change, report in _check_case(game, case):
        contract = report.result.contract
        assert contract.bidder == w.bidder
        team = w.ruleset.team_of[w.bidder]
        made = w.ruleset.team_of[change.seat] != team
        assert report.result.game_points == _paid(
            w.ruleset, team, _stake(w.ruleset, made, contract.bid, 1))
        # the deal's recorded result is not compared: a note says why, at the result line
        results = [i for i in change.deal.items if isinstance(i, ResultLine)]
        notes = [f for f in report.findings if f.rule == RESULT_NOT_COMPARED]
        assert len(notes) == (1 if results else 0)
        assert not [f for f in report.findings if f.rule == "record.result-mismatch"]


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_redeal_claim_stops_against_the_standing_bid(game: str) -> None:
    for w, change, report in _check_case(game, "redeal-claimed"):
        first = change.deal.events[0].action
        ruleset = w.ruleset
        if first.kind == "bid":  # the standing bid, though the auction never ended
            assert report.result.contract.bid == first.value
            team = ruleset.team_of[first.seat]
            made = ruleset.team_of[change.seat] != team
            expected = _paid(ruleset, team, _stake(ruleset, made, first.value, 1))
        else:  # nobody has bid: the offender's side loses the lowest stake
            assert report.result.contract.as_dict() == {}
            expected = _paid(ruleset, ruleset.team_of[change.seat],
                             _stake(ruleset, False, ruleset.opts.min_bid, 1))
        assert report.result.game_points == expected


@pytest.mark.parametrize("game", GAMES)
def test_with_no_bid_yet_the_offenders_lose_the_lowest_stake(game: str) -> None:
    for w, change, report in _check_case(game, "before-any-bid"):
        ruleset = w.ruleset
        assert "before any bid" in report.result.outcome
        assert report.result.game_points == _paid(
            ruleset, ruleset.team_of[change.seat],
            _stake(ruleset, False, ruleset.opts.min_bid, 1))


@pytest.mark.parametrize("game", GAMES)
def test_doubles_before_the_stop_count(game: str) -> None:
    for w, _change, report in _check_case(game, "doubled-then-stopped"):
        contract = report.result.contract
        assert contract.multiplier == 2
        team = w.ruleset.team_of[w.bidder]
        assert report.result.game_points == _paid(
            w.ruleset, team, _stake(w.ruleset, False, contract.bid, 2))


@pytest.mark.parametrize("game", GAMES)
def test_the_penalty_comes_before_an_annulled_deal(game: str) -> None:
    for w, change, report in _check_case(game, "annulled-with-offence"):
        ruleset = w.ruleset
        assert report.result.scored
        assert report.result.game_points == _paid(
            ruleset, ruleset.team_of[change.seat],
            _stake(ruleset, False, ruleset.opts.min_bid, 1))


def _consecutive(game: str) -> tuple[Record, Walk, Deal]:
    """An ordinary simulated deal and the deal that followed it in its match."""
    for record in simulate_records(game, 40, 28):
        for deal, following in zip(record.deals, record.deals[1:], strict=False):
            w = walk(Record(record.header, [deal]), deal)
            if w is not None:
                return record, w, following
    raise AssertionError(f"no two {game} deals in a row")


@pytest.mark.parametrize("game", GAMES)
def test_report_only_takes_the_match_score_from_the_record(game: str) -> None:
    """Without a penalty the stopped deal has no score: the match goes on from the score its
    ``result score`` line records, and the next deal is read and checked after it."""
    record, w, following = _consecutive(game)
    deal = CASES["not-held"](w).deal
    deal.items = [i for i in deal.items if not isinstance(i, ResultLine)]
    team = w.ruleset.team_of[w.bidder]
    recorded = {t: 2 if t == team else 0 for t in w.ruleset.team_names}
    deal.items.append(ResultLine("score", tuple(recorded.items())))
    second = Deal(2, following.dealer, following.hands,
                  [i for i in following.items if not isinstance(i, ResultLine)])
    changed = with_deal(record, deal, (("misplay_penalty", "report_only"),))
    changed.deals.append(second)
    match = check_text(dumps([changed])).matches[0]
    first, after = match.deals
    assert not first.result.scored
    assert [f.rule for f in first.findings if f.severity == "note"][-2:] == [
        RESULT_NOT_COMPARED, SCORE_FROM_RECORD]
    assert first.result.score == recorded
    # the next deal is read and checked, and scored on top of the recorded score
    assert [f for f in after.findings if f.severity == "error"] == []
    assert after.result.score == match.score
    gained = after.result.game_points
    assert match.score == {t: recorded[t] + gained.get(t, 0) for t in recorded}
