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
from collections.abc import Collection
from typing import NamedTuple

from referee.notation.parser import parse_records
from referee.notation.writer import dumps
from referee.record import Event
from referee.replay import MatchReplay
from referee.report import DealReport, Finding
from referee.simulate import Break, break_one_action


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
