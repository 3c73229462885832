"""The referee against a second, independent implementation of Avinas (tests/oracle_av.py)
on simulated matches, each deal also with one action broken (from the referee's exclusions,
and at random).

Both must agree on every deal: the first illegal action (where, under which rule), where the
replay stops, the card points, the pips, the net rams, the false bid and the pip score.
ORACLE_AV_DEALS=N runs N deals per case (40 in the suite); ``python tests/test_oracle_av.py
N`` (with SEED=S) prints every disagreement.
"""

from __future__ import annotations

import os
import random

import pytest
from breaking import (
    Oracle,
    error_and_stop,
    oracle_disagreements,
    replace_one_event,
    verdict_differences,
)
from oracle_av import Match, Verdict, judge_deal, rules_for

from referee.model.record import Action, Deal, Record
from referee.replay.replay import MatchReplay
from referee.replay.simulate import Break, simulate
from referee.report.model import DealReport

DEALS = int(os.environ.get("ORACLE_AV_DEALS", "40"))
KINDS = ("bid", "pass", "knock", "stop", "trump", "play", "play", "play", "down")


def referee_view(deal: Deal, report: DealReport, replay: MatchReplay) -> Verdict:
    """The referee's report of ``deal`` in the oracle's terms."""
    verdict = Verdict()
    verdict.first_error, verdict.stop = error_and_stop(deal, report)
    verdict.rams = net_rams(replay)
    result = report.result
    if result is not None:
        verdict.points = dict(result.points) if result.scored else {}
        verdict.pips = dict(result.game_points)
        verdict.score = dict(result.score)
        verdict.false_bid = bool(result.contract.as_dict().get("false_bid"))
    return verdict


def differences(ours: Verdict, theirs: Verdict) -> list[str]:
    return verdict_differences(ours, theirs, ("first_error", "stop", "points", "pips", "score",
                                              "false_bid", "rams"))


def net_rams(replay: MatchReplay) -> int:
    """The referee's net rams against N-S after the deals replayed so far."""
    state = replay.match
    for name in ("rams", "net_rams"):
        value = getattr(state, name, None)
        if isinstance(value, int):
            return value
        if isinstance(value, dict):
            return value.get("NS", 0) - value.get("EW", 0)
    raise AssertionError(f"no rams in {type(state).__name__}: {vars(state)}")


def wild_action(deal: Deal, rng: random.Random) -> Action:
    """Any action at all, drawn without asking the referee what is legal."""
    seat = rng.choice([hand.seat for hand in deal.hands])
    kind = rng.choice(KINDS)
    cards = [c for hand in deal.hands for c in hand.cards]
    own = [c for hand in deal.hands if hand.seat == seat for c in hand.cards]
    if kind == "bid":
        return Action(seat, "bid", value=rng.randint(0, 9))
    if kind == "trump":
        return Action(seat, "trump", value=rng.choice("SHDC"))
    if kind in ("play", "down"):
        return Action(seat, kind, cards=(rng.choice(own if rng.random() < 0.8 else cards),))
    return Action(seat, kind)


def wild_breaks(records: list[Record], rng: random.Random) -> dict[int, Break]:
    """Replace one event of every deal by a random action."""
    return replace_one_event(records, rng, wild_action, ("play", "down"))


def new_match(record: Record) -> Match:
    rules_for(record)
    return Match()


ORACLE = Oracle(new_match, judge_deal, referee_view, differences, wild_action, ("play", "down"))


def compare(deals: int, seed: int, wild: bool = False) -> list[str]:
    """Every disagreement between the oracle and the referee, one line each."""
    return oracle_disagreements(ORACLE, simulate("avinas", deals, seed), seed, wild)


@pytest.mark.parametrize("wild", [False, True])
def test_oracle_agrees(wild: bool) -> None:
    problems = compare(DEALS, 2026 + wild, wild)
    assert not problems, "\n".join(problems[:20])


if __name__ == "__main__":
    import sys

    count = int(sys.argv[1]) if len(sys.argv) > 1 else DEALS
    for wild in (False, True):
        for line in compare(count, int(os.environ.get("SEED", "2026")) + wild, wild):
            print(("wild " if wild else "") + line)
