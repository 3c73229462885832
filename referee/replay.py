"""Drive a Ruleset over a stream of records and collect findings, deal by deal.

After a violation the replay goes on, treating the action as having happened, unless the
exclusion is fatal (the state would no longer be well defined): then the rest of that deal is
reported as not checked (decision 4 of the rules README). Recorded ``result`` lines are
compared with the computed results (decision 6).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from referee.errors import RecordError
from referee.hints import add_seat_order_hints
from referee.record import Deal, Event, RecordHeader, ResultLine, StreamItem
from referee.report import (
    NOT_CHECKED,
    RESULT_NOT_COMPARED,
    SCORE_FROM_RECORD,
    DealReport,
    Finding,
    MatchReport,
)
from referee.rules.base import DealResult, DealState, Exclusion, Ruleset, located
from referee.rules.registry import ruleset_for
from referee.seats import team_key

DealWatch = Callable[[Event, DealState], None]
"""Called after each event of a deal is replayed, with the state then."""


def format_alternatives(ruleset: Ruleset, state: DealState, seat: str | None) -> list[str]:
    """The legal actions of ``seat`` now, as the record would write them."""
    from referee.notation.writer import format_action

    return [
        format_action(action)
        for action in ruleset.legal_actions(state).allowed
        if action.seat == seat
    ]


class MatchReplay:
    """The replay of one record: feed it deals, then ``finish`` it."""

    def __init__(self, header: RecordHeader) -> None:
        self.header = header
        self.ruleset = ruleset_for(header)
        self._seats = frozenset((*self.ruleset.table.seats, None))  # None: the table's events
        self.match: Any = self.ruleset.new_match()
        self.report = MatchReport(
            game=self.ruleset.name,
            preset=self.ruleset.options.preset,
            options=dict(self.ruleset.options),
            line=header.span.line,
        )

    def replay_deal(self, deal: Deal, watch: DealWatch | None = None) -> DealReport:
        """Check one deal and score it into the match.

        ``watch`` (for ``referee annotate``) sees the state after every event is replayed.
        """
        ruleset = self.ruleset
        prefix = ruleset.rule_prefix
        report = DealReport(deal.number, deal.dealer)
        self.report.deals.append(report)
        if ruleset.is_match_over(self.match):
            report.findings.append(Finding(
                f"{prefix}.match-over",
                f"the match was over before deal {deal.number} "
                f"({ruleset.match_result(self.match)})",
                deal=deal.number, span=deal.span,
            ))
            report.unchecked = "recorded after the end of the match"
            return report
        self._check_seats(deal)
        state = ruleset.start_deal(self.match, deal)
        report.dealer = getattr(state, "dealer", deal.dealer)
        for rule, message in state.notes:
            report.findings.append(Finding(rule, message, deal=deal.number, span=deal.span,
                                           severity="note"))
        offenders: list[str] = []
        for rule, message, seat in state.deal_findings:
            report.findings.append(Finding(rule, message, deal=deal.number, seat=seat,
                                           span=deal.span))
            if seat is not None:
                offenders.append(seat)
        results: list[ResultLine] = []
        stopped = False
        check, apply = ruleset.check, ruleset.apply
        for item in deal.items:
            if item.__class__ is ResultLine:
                results.append(item)
                continue
            if stopped:
                continue
            # The common case inline (legal, no trick mark to judge): this loop runs for
            # every action of every deal. ``check`` judges the state before the action, which
            # a trick mark does not change, so its verdict serves both paths.
            exclusion = check(state, item.action)
            if exclusion is None and item.trick is None:
                apply(state, item.action)
            else:
                stopped = self._replay_event(state, item, exclusion, report, offenders)
            if watch is not None:
                watch(item, state)
        if not stopped and not ruleset.is_deal_over(state):
            report.findings.append(Finding(
                f"{prefix}.incomplete",
                ruleset.incomplete_message(state),
                deal=deal.number, span=_last_span(deal),
            ))
            report.unchecked = report.unchecked or "the record ends before the deal is over"
        result = ruleset.settle(self.match, state, offenders)
        report.unchecked = report.unchecked or ruleset.unchecked_reason(state)
        result.disputed = result.disputed or bool(offenders) or stopped
        report.result = result
        if stopped:
            self._after_stop(results, result, report)
        else:
            for line in results:
                self._compare_result(line, result, report, deal)
        if report.findings:
            add_seat_order_hints(deal, report, ruleset.table.seats,
                                 getattr(ruleset, "next_seat", None))
        return report

    def _after_stop(self, results: list[ResultLine], result: DealResult, report: DealReport
                    ) -> None:
        """A deal whose replay stopped: its ``result`` lines are not compared (the computed
        figures are partial). If the game could not score it, the match goes on from the
        score its ``result score`` line records, so that later deals are still checked."""
        if not results:
            return
        report.findings.append(Finding(
            RESULT_NOT_COMPARED,
            f"the recorded result of deal {report.number} is not compared: the deal was not "
            f"checked to its end, so the computed figures are partial",
            deal=report.number, span=results[0].span, severity="note",
        ))
        recorded = [line for line in results if line.kind == "score"]
        score = getattr(self.match, "score", None)
        if result.scored or not recorded or not isinstance(score, dict):
            return
        score.update(recorded[-1].values)
        result.score = dict(score)
        shown = " ".join(f"{team} {value}" for team, value in recorded[-1].values)
        report.findings.append(Finding(
            SCORE_FROM_RECORD,
            f"deal {report.number} was not scored: the match goes on from the score its "
            f"result line records ({shown})",
            deal=report.number, span=recorded[-1].span, severity="note",
        ))

    def check_number(self, deal: Deal) -> None:
        """After ``replay_deal`` of a record's deals in order: a deal whose number is not its
        place in the match is a finding (``record.deal-number``). Kept out of ``replay_deal``,
        which a caller may run on the same deal twice (the random-play tests do)."""
        ordinal = len(self.report.deals)
        if deal.number != ordinal:
            self.report.deals[-1].findings.append(Finding(
                "record.deal-number",
                f"this is deal {ordinal} of the match, numbered {deal.number}: deals are "
                f"numbered from 1, in order (notation: deals)",
                deal=deal.number, span=deal.span,
            ))

    def state_before(self, deal: Deal, stop: Callable[[Event, DealState], bool]
                     ) -> tuple[DealState, Event | None]:
        """Deal ``deal`` and replay its events up to the first one ``stop`` accepts.

        Returns the state then and that event (None if the deal ran out first). Illegal
        events are applied like the replay applies them; a fatal one cannot be, so the walk
        ends there with a ``record.position`` error. The deal is not scored: this is for
        looking at a position (``referee moves``).
        """
        if self.ruleset.is_match_over(self.match):
            raise located(RecordError(
                "record.position",
                f"the match was over before deal {deal.number} "
                f"({self.ruleset.match_result(self.match)})"), deal)
        self._check_seats(deal)
        state = self.ruleset.start_deal(self.match, deal)
        for item in deal.items:
            if item.__class__ is ResultLine:
                continue
            if stop(item, state):
                return state, item
            exclusion = self.ruleset.check(state, item.action)
            if exclusion is not None and exclusion.fatal:
                raise located(RecordError(
                    "record.position",
                    f"deal {deal.number} cannot be replayed past this event "
                    f"({exclusion.rule}: {exclusion.message})"), item)
            self.ruleset.apply(state, item.action)
        return state, None

    def _check_seats(self, deal: Deal) -> None:
        check_seats(self.ruleset, deal, self._seats)

    def _replay_event(
        self, state: DealState, event: Event, exclusion: Exclusion | None, report: DealReport,
        offenders: list[str],
    ) -> bool:
        """Report one event's trick mark and ``exclusion`` (``check``'s verdict on it), then
        apply it; True if the deal cannot be replayed further."""
        ruleset = self.ruleset
        action = event.action
        if event.trick is not None:
            expected = state.trick_no + 1 if state.trick_len == 0 else None
            if expected != event.trick:
                where = (f"this play opens trick {expected}" if expected is not None
                         else f"trick {state.trick_no} is still in progress")
                report.findings.append(Finding(
                    f"{ruleset.rule_prefix}.trick-number",
                    f"trick mark {event.trick}. is wrong: {where}",
                    deal=report.number, trick=state.position_trick, seat=action.seat,
                    span=event.span,
                ))
        if exclusion is not None:
            report.findings.append(Finding(
                exclusion.rule, exclusion.message, deal=report.number,
                trick=state.position_trick if action.kind in ("play", "down", "call", "pair")
                or state.play_started else None,
                seat=action.seat, span=event.span,
                alternatives=format_alternatives(ruleset, state, action.seat),
            ))
            if action.seat is not None:
                offenders.append(action.seat)
            if exclusion.fatal:
                report.unchecked = (
                    f"not checked after line {event.span.line}: {exclusion.message}"
                )
                # said once, at the stopping action, by every reporter (decision 4)
                report.findings.append(Finding(
                    NOT_CHECKED, f"deal {report.number} not checked after this action",
                    deal=report.number, seat=action.seat, span=event.span, severity="note",
                ))
                return True
        ruleset.apply(state, action)
        return False

    def _compare_result(
        self, line: ResultLine, result: DealResult, report: DealReport, deal: Deal
    ) -> None:
        computed = result.points if line.kind == "points" else result.score
        teams = self.ruleset.table.team_names
        for written, value in line.values:
            team = team_key(written, (*teams, *computed))
            if team not in computed and team not in teams:
                raise located(RecordError(
                    "record.team",
                    f"'{team}' in the result line is not a team "
                    f"(teams: {', '.join(teams)})",
                ), line)
            # A side the deal did not score (Twenty-Two's dead players) counts as 0.
            if computed.get(team, 0) != value:
                labels = getattr(self.ruleset, "sheet_labels", {})
                what = (labels.get("points") or "card points" if line.kind == "points"
                        else labels.get("score") or "match score")
                shown = " ".join(f"{t} {v}" for t, v in computed.items())
                report.findings.append(Finding(
                    "record.result-mismatch",
                    f"recorded {what} {team} {value}, computed {team} {computed.get(team, 0)} "
                    f"({shown})",
                    deal=deal.number, span=line.span,
                ))

    def finish(self) -> MatchReport:
        self.report.result = self.ruleset.match_result(self.match)
        self.report.finished = self.ruleset.is_match_over(self.match)
        self.report.score = dict(getattr(self.match, "score", {}) or {})
        return self.report


def check_seats(ruleset: Ruleset, deal: Deal, seats: frozenset | None = None) -> None:
    """``RecordError`` unless the deal's dealer, hands and events use the table's seats and
    the game's actions (checked before the game sees the deal)."""
    table = ruleset.table
    if seats is None:
        seats = frozenset((*table.seats, None))
    if deal.dealer is not None and deal.dealer not in table:
        raise located(RecordError("record.seat", _undeclared(deal.dealer, table.seats)), deal)
    for hand in deal.hands:
        if hand.seat not in table:
            raise located(RecordError("record.seat", _undeclared(hand.seat, table.seats)), hand)
    events = [item.action for item in deal.items if item.__class__ is Event]
    if ({a.seat for a in events} <= seats
            and {a.kind for a in events} <= ruleset.accepted_actions):
        return  # the common case, in two set operations; else find the culprit
    for event in deal.items:
        if isinstance(event, Event):
            seat = event.action.seat
            if seat is not None and seat not in table:
                raise located(RecordError("record.seat", _undeclared(seat, table.seats)), event)
            if event.action.kind not in ruleset.accepted_actions:
                raise located(RecordError(
                    "record.action",
                    f"{ruleset.name} has no '{event.action.kind}' action "
                    f"(it accepts: {', '.join(sorted(ruleset.accepted_actions))})",
                ), event)


def replay_stream(items: Iterable[StreamItem]) -> Iterator[MatchReport]:
    """Replay every record of a parsed stream, yielding each match's report when it ends."""
    current: MatchReplay | None = None
    for item in items:
        if isinstance(item, RecordHeader):
            if current is not None:
                yield current.finish()
            current = MatchReplay(item)
        else:
            if current is None:  # the parser never yields a deal before a header
                raise located(RecordError("record.game", "a deal before any tags"), item)
            current.replay_deal(item)
            current.check_number(item)
    if current is not None:
        yield current.finish()


def _undeclared(seat: str, seats: tuple[str, ...]) -> str:
    return f"seat '{seat}' is not declared (seats: {' '.join(seats)})"


def _last_span(deal: Deal):
    return deal.items[-1].span if deal.items else deal.span
