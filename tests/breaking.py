"""The broken-action oracle shared by the random-play tests of every game.

``break_one_action`` replaces one action per deal by one that ``check`` excludes; the referee
must then name exactly that event, first, under exactly that rule. Each broken deal is
replayed after the original deals before it: the referee scores a broken deal with its
penalty, which would change the dealer or the end of the match for the deals after it and so
hide the next deal's first finding behind another one.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from referee.model.record import Action, Deal, Event, Record
from referee.notation.parser import parse_records
from referee.notation.writer import dumps
from referee.replay.replay import MatchReplay
from referee.replay.simulate import Break, break_one_action
from referee.report.model import NOT_CHECKED, DealReport, Finding


class BrokenDeal(NamedTuple):
    """One broken deal: the break, the substitute as parsed back, the referee's report."""

    expected: Break
    event: Event
    report: DealReport

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.report.findings if f.severity == "error"]

    def mismatch(self) -> str | None:
        """Why the first error is not the break (at its event, under its rule), or None."""
        errors = self.errors
        if errors and (errors[0].rule, errors[0].span) == (self.expected.rule, self.event.span):
            return None
        first = f"[{errors[0].rule}] at {errors[0].span}: {errors[0].message}" if errors \
            else "nothing"
        return (f"deal {self.expected.deal_no}: expected [{self.expected.rule}] for "
                f"{self.event.action} at {self.event.span}, found {first}")


def replay_breaks(text: str, seed: int | str, rules: Collection[str] | None = None
                  ) -> tuple[list[BrokenDeal], int]:
    """Break one action in every deal of ``text`` (seeded; with ``rules``, one excluded under
    those rule ids, where a deal has one) and replay each broken deal after the original deals
    before it; also the number of deals. Asserts that the substitutes round-trip through the
    text and that every original deal is legal."""
    original = parse_records(text)
    broken_records = parse_records(text)
    breaks = {b.deal_no: b
              for b in break_one_action(broken_records, random.Random(seed), rules)}
    broken = parse_records(dumps(broken_records))
    ordinal = 0
    found: list[BrokenDeal] = []
    for record, broken_record in zip(original, broken, strict=True):
        replay = MatchReplay(record.header)
        for deal, broken_deal in zip(record.deals, broken_record.deals, strict=True):
            ordinal += 1
            expected = breaks.get(ordinal)
            if expected is not None:
                event = broken_deal.events[expected.event_index]
                assert event.action == expected.action, "the substitute did not round-trip"
                assert event.span.line > 0
                saved = copy.deepcopy(replay.match)
                found.append(BrokenDeal(expected, event, replay.replay_deal(broken_deal)))
                replay.match = saved
            report = replay.replay_deal(deal)
            assert not [f for f in report.findings if f.severity == "error"], \
                f"original deal {ordinal} is not legal"
    return found, ordinal


def replace_one_event(records: list[Record], rng: random.Random,
                      make_action: Callable[[Deal, random.Random], Action],
                      card_kinds: Collection[str] = ()) -> dict[int, Break]:
    """Replace one event of every deal by ``make_action``'s action, drawn without asking the
    referee what is legal; the breaks by deal ordinal. A trick mark stays on a card: an event
    that opens a trick gets a random play unless the action is of ``card_kinds``."""
    breaks: dict[int, Break] = {}
    ordinal = 0
    for record in records:
        for deal in record.deals:
            ordinal += 1
            events = deal.events
            if not events:
                continue
            index = rng.randrange(len(events))
            action = make_action(deal, rng)
            if events[index].trick is not None and action.kind not in card_kinds:
                action = Action(action.seat, "play", cards=(rng.choice(
                    [c for hand in deal.hands for c in hand.cards]),))
            position = next(i for i, item in enumerate(deal.items) if item is events[index])
            deal.items[position] = Event(action, trick=events[index].trick)
            breaks[ordinal] = Break(ordinal, index, action, "")
    return breaks


def error_and_stop(deal: Deal, report: DealReport
                   ) -> tuple[tuple[int, str] | None, int | None]:
    """The referee's first error (event index, rule id; a finding elsewhere counts as after
    the last event) and the index of the action that stopped the replay, if any. Trick marks
    are notation, not rules: their findings are left out."""
    index = {event.span: i for i, event in enumerate(deal.events)}
    errors = [f for f in report.findings
              if f.severity == "error" and not f.rule.endswith(".trick-number")]
    first = (index.get(errors[0].span, len(deal.events)), errors[0].rule) if errors else None
    stop = next((f for f in report.findings if f.rule == NOT_CHECKED), None)
    return first, (index.get(stop.span) if stop is not None else None)


class Oracle(NamedTuple):
    """A second implementation of a game, as the comparison below needs it."""

    new_match: Callable[[Record], Any]
    judge: Callable[[Deal, Any], Any]
    """The oracle's verdict on a deal, from the match state (which it updates)."""
    view: Callable[[Deal, DealReport, MatchReplay], Any]
    """The referee's report (and match state) in the oracle's terms."""
    differences: Callable[[Any, Any], list[str]]
    wild_action: Callable[[Deal, random.Random], Action]
    card_kinds: Collection[str] = ("play",)


def oracle_disagreements(oracle: Oracle, text: str, seed: int, wild: bool) -> list[str]:
    """Every disagreement between ``oracle`` and the referee on the simulated ``text`` and on
    it with one action per deal broken (from the referee's exclusions, or with ``wild`` at
    random), one line each. A broken deal is judged from the state the original deals before
    it lead to."""
    original = parse_records(text)
    broken = parse_records(text)
    rng = random.Random(seed)
    breaks = (replace_one_event(broken, rng, oracle.wild_action, oracle.card_kinds) if wild
              else {b.deal_no: b for b in break_one_action(broken, rng)})
    broken = parse_records(dumps(broken))
    problems: list[str] = []
    ordinal = 0
    for record, broken_record in zip(original, broken, strict=True):
        replay = MatchReplay(record.header)
        match = oracle.new_match(record)
        for deal, broken_deal in zip(record.deals, broken_record.deals, strict=True):
            ordinal += 1
            if ordinal in breaks:
                saved = copy.deepcopy(replay.match)
                theirs = oracle.view(broken_deal, replay.replay_deal(broken_deal), replay)
                replay.match = saved
                ours = oracle.judge(broken_deal, copy.deepcopy(match))
                problems += [f"seed {seed} deal {ordinal} (broken {breaks[ordinal].action}):"
                             f" {d}" for d in oracle.differences(ours, theirs)]
            theirs = oracle.view(deal, replay.replay_deal(deal), replay)
            ours = oracle.judge(deal, match)
            problems += [f"seed {seed} deal {ordinal}: {d}"
                         for d in oracle.differences(ours, theirs)]
    return problems


class Unsupported(Exception):
    """A record an oracle does not model."""


@dataclass
class Verdict:
    """An oracle's verdict on a deal (or the referee's, in the oracle's terms)."""

    first_error: tuple[int, str] | None = None
    stop: int | None = None
    points: dict[str, int] = field(default_factory=dict)
    score: dict[str, int] = field(default_factory=dict)


def verdict_differences(ours: Any, theirs: Any, names: Collection[str]) -> list[str]:
    """The fields ``names`` in which two verdicts differ (zero entries of a mapping left out)."""
    out = []
    for name in names:
        a, b = getattr(ours, name), getattr(theirs, name)
        if isinstance(a, dict):
            a = {k: x for k, x in a.items() if x}
            b = {k: x for k, x in b.items() if x}
        if a != b:
            out.append(f"{name}: oracle {a} referee {b}")
    return out


def points_view(deal: Deal, report: DealReport, replay: MatchReplay) -> Verdict:
    """The referee's report of ``deal`` as a plain verdict: first error, stop, the deal's
    points and the score after it."""
    verdict = Verdict()
    verdict.first_error, verdict.stop = error_and_stop(deal, report)
    if report.result is not None:
        verdict.points = dict(report.result.points)
        verdict.score = dict(report.result.score)
    return verdict


def points_differences(ours: Verdict, theirs: Verdict) -> list[str]:
    return verdict_differences(ours, theirs, ("first_error", "stop", "points", "score"))
