"""Referee a stream of records deal by deal and turn the loop's verdicts into findings.

The loop (``referee.rules.loop``) decides what follows an illegal action (it stands, unless
it leaves the state undefined: then the walk of that deal stops); the replay reports it: a
finding per exclusion with the legal alternatives, wrong trick marks, an unfinished deal, the
rest of a stopped deal as not checked. Recorded ``result`` lines are compared with the
computed results.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from referee.games import ruleset_for
from referee.model.errors import INCONSISTENT, RecordError, located
from referee.model.record import Deal, Event, RecordHeader, ResultLine, Span, StreamItem
from referee.model.seats import team_key
from referee.model.spelling import suggest
from referee.notation.writer import format_action
from referee.replay.hints import add_first_hand_hint, add_seat_order_hints
from referee.replay.tag_notes import tag_notes
from referee.report.model import (
    NOT_CHECKED,
    RESULT_NOT_COMPARED,
    SCORE_FROM_RECORD,
    DealReport,
    Finding,
    MatchReport,
)
from referee.report.values import value_text
from referee.rules.base import DealResult, DealState, Exclusion, MatchState, Ruleset
from referee.rules.loop import DealRun, match_over, trick_mark_fits

DealWatch = Callable[[Event, DealState], None]
"""Called after each event of a deal is replayed, with the state then."""

_TRICK_KINDS = frozenset({"play", "down", "call", "pair"})
"""Actions that belong to a trick even before the first lead (a finding names the trick)."""


def format_alternatives(ruleset: Ruleset, state: DealState, seat: str | None) -> list[str]:
    """The legal actions of ``seat`` now, as the record would write them."""
    return [
        format_action(action)
        for action in ruleset.legal_actions(state).allowed
        if action.seat == seat
    ]


class MatchReplay:
    """The replay of one record: feed it deals, then ``finish`` it."""

    def __init__(self, header: RecordHeader) -> None:
        self.header = header
        self.ruleset: Ruleset = ruleset_for(header)
        self.match: MatchState = self.ruleset.new_match()
        self.report = MatchReport(
            game=self.ruleset.name,
            preset=self.ruleset.options.preset,
            options=self.ruleset.options.as_dict(),
            line=header.span.line,
            team_labels=self.ruleset.table.team_labels(),
        )
        self.teams = self.ruleset.table.team_names
        """The table's teams, by name (a ``result`` line names them)."""
        self.in_progress: int | None = None
        """The number of the last deal replayed if the record stops before it is over."""
        self.report.view = view_seat(header, self.ruleset.table.seats)
        self.report.findings.extend(tag_notes(header))

    def replay_deal(self, deal: Deal, watch: DealWatch | None = None,
                    dealt: Callable[[DealState], None] | None = None) -> DealReport:
        """Check one deal and score it into the match.

        ``watch`` (for ``referee annotate``) sees the state after every event is replayed,
        ``dealt`` (for the replay page) the state as dealt, before any event.
        """
        ruleset = self.ruleset
        report = DealReport(deal.number, deal.dealer)
        self.report.deals.append(report)
        over = match_over(ruleset, self.match, deal)
        if over is not None:
            report.findings.append(Finding(over.rule, over.message, deal=deal.number,
                                           span=deal.span))
            report.unchecked = "recorded after the end of the match"
            return report
        try:
            run = DealRun(ruleset, self.match, deal)
        except RecordError as error:
            if error.code != INCONSISTENT:
                raise
            # the unseen cards cannot be placed: this deal is not checked, the others are
            span = (Span(error.line, error.column, error.line, error.column + 1)
                    if error.line else deal.span)
            report.findings.append(Finding(error.code, error.message, deal=deal.number,
                                           span=span))
            report.unchecked = "the cards the record leaves unseen cannot be placed"
            ruleset.pass_over(self.match)
            return report
        state = run.state
        if dealt is not None:
            dealt(state)
        report.dealer = state.dealer
        notes = state.notes
        noted = len(notes)
        if noted:  # (most deals have none)
            about = state.note_seats
            first_notes = [Finding(rule, message, deal=deal.number, span=deal.span,
                                   seat=about.get(index), severity="note")
                           for index, (rule, message) in enumerate(notes)]
            report.findings.extend(first_notes)
        for rule, message, seat in state.deal_findings:
            report.findings.append(Finding(rule, message, deal=deal.number, seat=seat,
                                           span=deal.span))
        for event, exclusion in run.events(watch, every=False):
            self._report_event(state, event, exclusion, report)
        if noted:
            for finding, (_, message) in zip(first_notes, notes, strict=False):
                finding.message = message  # a note of the deal's start the walk added to
        if len(state.notes) > noted:
            # a note added during the walk: the deal ended before its record, at the first
            # action it ignored
            span = deal.events[-state.ignored].span if state.ignored else deal.span
            for index, (rule, message) in enumerate(state.notes[noted:], noted):
                report.findings.append(Finding(rule, message, deal=deal.number, span=span,
                                               seat=state.note_seats.get(index),
                                               severity="note"))
        if run.stopped is None and not ruleset.is_deal_over(state):
            report.findings.append(Finding(
                ruleset.generic.incomplete,
                ruleset.incomplete_message(state),
                deal=deal.number, span=_last_span(deal),
            ))
            report.unchecked = report.unchecked or "the record ends before the deal is over"
            self.in_progress = deal.number
        else:
            self.in_progress = None
        result = run.settle()
        report.unchecked = report.unchecked or ruleset.unchecked_reason(state)
        report.result = result
        if run.stopped is not None:
            self._after_stop(run.results, result, report)
        else:
            for line in run.results:
                if state.ignored and line.kind == "points":
                    # the card points of play the deal's end left unjudged: nothing to compare
                    report.findings.append(Finding(
                        RESULT_NOT_COMPARED,
                        f"the recorded card points of deal {report.number} are not compared: "
                        f"the deal ended before the play recorded after it",
                        deal=report.number, span=line.span, severity="note"))
                    continue
                self._compare_result(line, result, report, deal)
        if report.findings:
            add_seat_order_hints(deal, report, ruleset.table.seats, ruleset.next_seat)
            add_first_hand_hint(deal, report, ruleset.table.seats, ruleset.next_seat)
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
        if result.scored or not recorded:
            return
        if not self.ruleset.adopt_score(self.match, dict(recorded[-1].values)):
            return
        result.score = dict(self.match.score)
        label = self.report.team_labels.get
        shown = " ".join(f"{label(team, team)} {value}" for team, value in recorded[-1].values)
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
        over = match_over(self.ruleset, self.match, deal)
        if over is not None:
            raise located(RecordError("record.position", over.message), deal)
        run = DealRun(self.ruleset, self.match, deal)
        for event, exclusion in run.events():
            if stop(event, run.state):
                return run.state, event
            if exclusion is not None and exclusion.fatal:
                raise located(RecordError(
                    "record.position",
                    f"deal {deal.number} cannot be replayed past this event "
                    f"({exclusion.rule}: {exclusion.message})"), event)
        return run.state, None

    def _report_event(self, state: DealState, event: Event, exclusion: Exclusion | None,
                      report: DealReport) -> None:
        """Report one event's wrong trick mark and ``exclusion`` (the loop's verdict on it),
        judged on the state before the event."""
        ruleset = self.ruleset
        action = event.action
        if not state.ignoring and not trick_mark_fits(state, event.trick):
            where = (f"this play opens trick {state.trick_no + 1}" if state.trick_len == 0
                     else f"trick {state.trick_no} is still in progress")
            report.findings.append(Finding(
                ruleset.generic.trick_number,
                f"trick mark {event.trick}. is wrong: {where}",
                deal=report.number, trick=state.position_trick, seat=action.seat,
                span=event.span,
            ))
        if exclusion is None:
            return
        report.findings.append(Finding(
            exclusion.rule, exclusion.message, deal=report.number,
            trick=state.position_trick if action.kind in _TRICK_KINDS or state.play_started
            else None,
            seat=candidate_seats(exclusion.culprits) or action.seat, span=event.span,
            # (no alternatives when the record cannot say who broke the rule)
            alternatives=[] if exclusion.culprits else format_alternatives(ruleset, state,
                                                                           action.seat),
        ))
        if exclusion.fatal:
            report.unchecked = f"not checked after line {event.span.line}: {exclusion.message}"
            # said once, at the stopping action, by every reporter
            report.findings.append(Finding(
                NOT_CHECKED, f"deal {report.number} not checked after this action",
                deal=report.number, seat=action.seat, span=event.span, severity="note",
            ))

    def _compare_result(
        self, line: ResultLine, result: DealResult, report: DealReport, deal: Deal
    ) -> None:
        computed = result.points if line.kind == "points" else result.score
        open_sets = result.point_sets if line.kind == "points" else result.score_sets
        if not open_sets:
            # (most lines) every team written as the result names it, with its computed
            # value: nothing to report
            get = computed.get
            for written, value in line.values:
                if get(written) != value:
                    break
            else:
                return
        teams = self.teams
        known = (*teams, *computed, *open_sets)
        for written, value in line.values:
            team = team_key(written, known)
            if team not in computed and team not in teams and team not in open_sets:
                raise located(RecordError(
                    "record.team",
                    f"'{team}' in the result line is not a team "
                    f"(teams: {', '.join(self.report.team_labels.get(t, t) for t in teams)})",
                ), line)
            # A side the deal did not score (Twenty-Two's dead players) counts as 0; an open
            # value (some cards were not seen) agrees with any value it may have.
            if (value not in open_sets[team] if team in open_sets
                    else value != computed.get(team, 0)):
                labels = self.ruleset.sheet_labels
                what = (labels.get("points") or "card points" if line.kind == "points"
                        else labels.get("score") or "match score")
                label = self.report.team_labels.get
                shown = " ".join(f"{label(t, t)} {value_text(t, computed, open_sets)}"
                                 for t in (*computed, *(t for t in open_sets
                                                        if t not in computed)))
                report.findings.append(Finding(
                    "record.result-mismatch",
                    f"recorded {what} {label(team, team)} {value}, computed "
                    f"{label(team, team)} "
                    f"{value_text(team, computed, open_sets) or 0} ({shown})",
                    deal=deal.number, span=line.span,
                ))

    def finish(self) -> MatchReport:
        result = self.ruleset.match_result(self.match)
        self.report.finished = self.ruleset.is_match_over(self.match)
        if self.in_progress is not None and not self.report.finished:
            # the game speaks of the match; a deal the record leaves unfinished is said apart
            result = f"deal {self.in_progress} in progress; {result}"
        self.report.result = result
        self.report.score = dict(self.match.score)
        last = next((deal.result for deal in reversed(self.report.deals)
                     if deal.result is not None), None)
        if last is not None and last.score_sets:
            self.report.score_sets = dict(last.score_sets)
            self.report.presumed = last.presumed
        return self.report


VIEW_TAG = "View"


def view_seat(header: RecordHeader, seats: tuple[str, ...]) -> str | None:
    """The seat the record's View tag names (None without one); ``record.seat`` at the tag if
    it names no seat, more than one, or one not at the table."""
    tag = header.get(VIEW_TAG)
    if tag is None:
        return None
    words = [word for value in tag.values for word in value.split()]
    if len(words) != 1:
        raise located(RecordError(
            "record.seat", f"the View tag names the one seat the record is written from, "
                           f"like [View \"{seats[0]}\"] (seats: {' '.join(seats)})"), tag)
    seat = words[0]
    if seat not in seats:
        raise located(RecordError(
            "record.seat", f"the View tag names seat '{seat}', who is not at the table "
                           f"(seats: {' '.join(seats)}){suggest(seat, seats)}"), tag)
    return seat


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


def candidate_seats(seats: tuple[str, ...]) -> str | None:
    """Seats one of which broke a rule, in words ("W, S or E"); None for none."""
    if not seats:
        return None
    if len(seats) == 1:
        return seats[0]
    return ", ".join(seats[:-1]) + " or " + seats[-1]


def _last_span(deal: Deal) -> Span:
    return deal.items[-1].span if deal.items else deal.span
