"""The referee against a second, independent implementation of the 28 family (Twenty-Eight,
Twenty-Nine, Forty, Fifty-Six: tests/oracle28.py) on simulated matches, each deal also with
one action broken (from the referee's exclusions, and at random).

Both must agree on every deal: the first illegal action (where, under which rule), where the
replay stops, the card points, the game points and the match score. 30 deals per
configuration run in the suite (some 500 in all); ORACLE28_DEALS=N runs N per configuration,
and ``python tests/test_oracle28.py N`` (with SEED=S) prints every disagreement.

The chained comparison replays the broken records as whole matches, so that what a broken
deal does to the next one (who deals it, the match score) is compared too; the deals thrown
in (a redeal, everybody passing, the cancellations) are compared on records made to contain
them.
"""

from __future__ import annotations

import copy
import os
import random
from pathlib import Path

import pytest
from breaking import error_and_stop, replace_one_event
from oracle28 import Unsupported, Verdict, judge_deal, judge_record, rules_for

from referee.model.record import Action, Deal, Record
from referee.notation.parser import parse_records
from referee.notation.writer import dumps
from referee.replay.replay import MatchReplay
from referee.replay.simulate import Break, break_one_action, simulate
from referee.report.model import DealReport

DEALS = int(os.environ.get("ORACLE28_DEALS", "30"))

CONFIGS = [
    ("twenty-eight", {}),
    ("twenty-nine", {}),
    ("twenty-eight", {"c_call": True, "single_hand_show": True}),
    ("twenty-nine", {"c_call": True, "single_hand_show": True}),
    ("twenty-eight", {"second_round": "min24"}),
    ("twenty-nine", {"second_round": "min24", "c_call": True}),
    ("twenty-nine", {"auction_style": "duel"}),
    ("forty", {}),
    ("forty", {"second_round": "min30"}),
    ("fifty-six", {}),
    ("fifty-six", {"second_round": "min40"}),
    ("twenty-eight", {"annul_fh_and_next_pointless": True}),
    ("twenty-nine", {"redeal_first_two_pointless": True}),
    ("twenty-nine", {"annul_fh_and_next_pointless": True, "redeal_fh_pointless": True,
                     "annul_eight_zero": True}),
    ("twenty-eight", {"kings_queens_minus_one": True, "single_hand_show": True}),
    ("forty", {"second_bid_min": 30}),
]


def referee_view(deal: Deal, report: DealReport) -> Verdict:
    """The referee's report of ``deal`` in the oracle's terms."""
    verdict = Verdict()
    verdict.first_error, verdict.stop = error_and_stop(deal, report)
    result = report.result
    if result is not None:
        verdict.points = {k: v for k, v in result.points.items()} if result.scored else {}
        verdict.game_points = {k: v for k, v in result.game_points.items()}
        verdict.score = dict(result.score)
    return verdict


def differences(ours: Verdict, theirs: Verdict) -> list[str]:
    out = []
    for name in ("first_error", "stop", "points", "game_points", "score"):
        a, b = getattr(ours, name), getattr(theirs, name)
        if name in ("points", "game_points"):
            a = {k: v for k, v in a.items() if v}
            b = {k: v for k, v in b.items() if v}
        if name == "points" and (ours.stop is not None or not a):
            continue
        if a != b:
            out.append(f"{name}: oracle {a} referee {b}")
    return out


KINDS = ("bid", "pass", "double", "redouble", "c-call", "show", "single", "call", "pair",
         "trump", "hold", "play", "redeal")


def wild_action(deal: Deal, rng: random.Random) -> Action:
    """Any action at all, drawn without asking the referee what is legal."""
    seat = rng.choice([hand.seat for hand in deal.hands])
    kind = rng.choice(KINDS)
    cards = [c for hand in deal.hands for c in hand.cards]
    own = [c for hand in deal.hands if hand.seat == seat for c in hand.cards]
    if kind == "bid":
        return Action(seat, "bid", value=rng.randint(13, 57))
    if kind == "trump":
        if rng.random() < 0.3:
            return Action(seat, "trump", value=rng.choice("SHDC"))
        return Action(seat, "trump", cards=(rng.choice(own),))
    if kind == "play":
        return Action(seat, "play", cards=(rng.choice(own if rng.random() < 0.8 else cards),))
    return Action(seat, kind)


def wild_breaks(records: list[Record], rng: random.Random) -> dict[int, Break]:
    """Replace one event of every deal by a random action."""
    return replace_one_event(records, rng, wild_action)


def compare(game: str, options: dict, deals: int, seed: int, wild: bool = False
            ) -> list[str]:
    """Every disagreement between the oracle and the referee, one line each; with ``wild``
    the broken actions are drawn at random, not from the referee's exclusions."""
    text = simulate(game, deals, seed, options=options)
    original = parse_records(text)
    broken = parse_records(text)
    rng = random.Random(seed)
    breaks = (wild_breaks(broken, rng) if wild else
              {b.deal_no: b for b in break_one_action(broken, rng)})
    broken = parse_records(dumps(broken))
    problems: list[str] = []
    ordinal = 0
    for record, broken_record in zip(original, broken, strict=True):
        rules = rules_for(record)
        replay = MatchReplay(record.header)
        score = dict.fromkeys(sorted(set(rules.team.values())), 0)
        for deal, broken_deal in zip(record.deals, broken_record.deals, strict=True):
            ordinal += 1
            if ordinal in breaks:
                saved = copy.deepcopy(replay.match)
                theirs = referee_view(broken_deal, replay.replay_deal(broken_deal))
                replay.match = saved
                ours = judge_deal(rules, broken_deal, dict(score))
                problems += [f"{game} {options} seed {seed} deal {ordinal} (broken "
                             f"{breaks[ordinal].action}): {d}"
                             for d in differences(ours, theirs)]
            theirs = referee_view(deal, replay.replay_deal(deal))
            ours = judge_deal(rules, deal, score)
            problems += [f"{game} {options} seed {seed} deal {ordinal}: {d}"
                         for d in differences(ours, theirs)]
    return problems


def compare_chained(game: str, options: dict, deals: int, seed: int, wild: bool = False
                    ) -> list[str]:
    """Every disagreement on the broken records replayed as whole matches (a broken deal's
    score and its dealer rotation carry over to the deals after it)."""
    text = simulate(game, deals, seed, options=options)
    broken = parse_records(text)
    rng = random.Random(seed)
    if wild:
        wild_breaks(broken, rng)
    else:
        break_one_action(broken, rng)
    return compare_records(parse_records(dumps(broken)), f"{game} {options} seed {seed}")


def compare_records(records: list[Record], label: str) -> list[str]:
    """Every disagreement between the oracle and the referee on ``records``, deal by deal."""
    problems: list[str] = []
    for record in records:
        replay = MatchReplay(record.header)
        for deal, ours in zip(record.deals, judge_record(record), strict=True):
            theirs = referee_view(deal, replay.replay_deal(deal))
            if ours.first_error is not None and ours.first_error[1].endswith(".match-over"):
                ours.score = {}  # a deal after the end of the match is not scored at all
            problems += [f"{label} deal {deal.number}: {d}" for d in differences(ours, theirs)]
    return problems


SAMPLES = Path(__file__).resolve().parent.parent / "samples"
THROWN_IN = sorted([*SAMPLES.glob("*/thrown-in-*.ttn"), *SAMPLES.glob("*/cancel-04-*.ttn"),
                    SAMPLES / "twenty-eight" / "edge-28-02-redeal-first-hand.ttn",
                    SAMPLES / "twenty-eight" / "edge-28-41-eight-pointless-cards.ttn",
                    SAMPLES / "twenty-nine" / "edge-29-33-first-two-pointless.ttn",
                    SAMPLES / "twenty-nine" / "edge-29-01-dealer-passes.ttn"])


@pytest.mark.parametrize("path", THROWN_IN, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_oracle_agrees_on_thrown_in_deals(path: Path) -> None:
    """Deals thrown in (a redeal, everybody passing, the cancellations), with play recorded
    after them, and the deals that follow them (their dealers): the same verdicts (the
    samples' Expect tags pin the referee's)."""
    records = parse_records(path.read_text(encoding="utf-8"))
    problems = compare_records(records, path.name)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("game", "options"), CONFIGS)
def test_oracle_agrees(game: str, options: dict) -> None:
    try:
        problems = compare(game, options, DEALS, 2026)
    except Unsupported as exc:  # pragma: no cover - the configurations are all supported
        pytest.fail(f"oracle does not model {exc}")
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize(("game", "options"), CONFIGS)
def test_oracle_agrees_on_random_breaks(game: str, options: dict) -> None:
    problems = compare(game, options, DEALS, 2027, wild=True)
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize(("game", "options"), CONFIGS)
@pytest.mark.parametrize("wild", [False, True])
def test_oracle_agrees_on_broken_matches(game: str, options: dict, wild: bool) -> None:
    problems = compare_chained(game, options, DEALS, 2028, wild)
    assert not problems, "\n".join(problems[:20])


if __name__ == "__main__":
    import sys

    count = int(sys.argv[1]) if len(sys.argv) > 1 else DEALS
    for game, options in CONFIGS:
        for wild in (False, True):
            seed = int(os.environ.get("SEED", "2026"))
            for line in compare(game, options, count, seed, wild):
                print(("wild " if wild else "") + line)
            for line in compare_chained(game, options, count, seed, wild):
                print(("chained wild " if wild else "chained ") + line)
