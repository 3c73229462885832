"""The typed verdict of a 28-family deal (referee/games/twenty_eight/contract.py): ``verdict``
computes how the deal ended, its contract and its game points from the state, and writes
nothing; ``settle`` writes the match and the report from it."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest
from test_twenty_eight import (
    NO_CALL_PLAY,
    POINTLESS_E,
    SINGLE_HANDS,
    SINGLE_PLAY,
    base,
    record,
)

from referee.games.twenty_eight.contract import Contract, Outcome
from referee.notation.parser import parse_records
from referee.replay.replay import MatchReplay


def _end_state(text: str):
    """The ruleset and the state at the end of the record's first deal."""
    parsed = parse_records(text)[0]
    replay = MatchReplay(parsed.header)
    state, _ = replay.state_before(parsed.deals[0], lambda event, state: False)
    return replay.ruleset, replay.match, state


@pytest.mark.parametrize(("text", "offenders", "outcome", "team", "delta"), [
    (record(base()), [], Outcome.FAILED, "NS", -1),
    (record(base(**{"E 14  N 16": "E 14  N 15"})), [], Outcome.FAILED, "NS", -1),
    (record(base()), ["E"], Outcome.PENALTY, "NS", 1),
    (record(base()), ["S"], Outcome.PENALTY, "NS", -1),
    (record(NO_CALL_PLAY[:NO_CALL_PLAY.index("8.")]), [], Outcome.VOID, None, 0),
    (record(NO_CALL_PLAY[:NO_CALL_PLAY.index("8.")]), ["W"], Outcome.PENALTY, "NS", 1),
    (record("E redeal", hands=POINTLESS_E), [], Outcome.ANNULLED, None, 0),
    (record("E redeal", hands=POINTLESS_E), ["N"], Outcome.PENALTY, "NS", -1),
    (record(SINGLE_PLAY, hands=SINGLE_HANDS), [], Outcome.SINGLE_WON, "EW", 3),
    (record("E 14  N 16"), [], Outcome.UNSCORED, None, 0),
])
def test_verdict_kinds(text, offenders, outcome, team, delta):
    ruleset, _, state = _end_state(text)
    verdict = ruleset.verdict(state, offenders)
    assert (verdict.outcome, verdict.team, verdict.delta) == (outcome, team, delta)
    assert verdict.outcome.scored is (outcome not in (Outcome.VOID, Outcome.ANNULLED,
                                                       Outcome.UNSCORED))


def test_the_contract_is_typed():
    ruleset, _, state = _end_state(record(base()))
    contract = ruleset.verdict(state, []).contract
    assert contract == Contract(bidder="N", bid=16, target=16, trump="S", multiplier=1,
                                made=False)
    assert contract.as_dict() == {"bidder": "N", "bid": 16, "target": 16, "trump": "S",
                                  "multiplier": 1, "made": False}
    single = Contract(bidder="W", single="W", made=True)
    assert single.as_dict() == {"single": "W", "bidder": "W", "made": True}


def test_a_settled_contract_keeps_every_other_fact():
    """``settled`` copies the contract's fields itself (not through dataclasses.replace):
    every field but ``made`` and ``penalty`` comes through unchanged."""
    contract = Contract(bidder="N", bid=20, target=16, trump="H", multiplier=2, seventh=True,
                        pair="S", single="N", c="E", show="W")
    assert contract.settled(True, penalty=True) == replace(contract, made=True, penalty=True)
    assert contract.settled(False) == replace(contract, made=False, penalty=False)
    assert Contract(bidder="N").settled(True).made is True


def test_verdict_writes_nothing_and_settle_writes_the_match():
    ruleset, match, state = _end_state(record(base()))
    before = copy.deepcopy(vars(state))
    score = dict(match.score)
    ruleset.verdict(state, ["E"])
    assert vars(state) == before and match.score == score
    result = ruleset.settle(match, state, ["E"])
    assert vars(state) == before
    assert match.score == {"NS": 1, "EW": 0} == result.score
    assert match.deals == 1 and match.next_dealer == "E"
