"""Annotated transcripts: the record in canonical TTN with the referee's comments woven in.

The referee's comments are brace comments marked by their first character, so that
annotating an annotated record replaces them instead of piling up (annotate twice ==
annotate once):

- ``{= ...}`` a tally: after each trick its winner, its points and the running points per
  side; after each deal its outcome, game points and the match score; after the last deal
  of a match its result;
- ``{! ...}`` a finding, after the event it concerns: the rule id, what the rule requires and
  the legal alternatives (``{! 28.follow-suit: W holds AH 7H; legal: AH, 7H}``); notes (what
  the referee could not check) read ``{! note RULE: ...}``.

Every other comment is the user's and stays attached where it was. The annotated text parses
and checks like the input: comments carry no meaning for the referee.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from referee.model.record import Comment, Deal, Event, RecordHeader, StreamItem
from referee.replay.canonical import with_trick_marks
from referee.replay.replay import MatchReplay
from referee.report.model import DealReport, Finding, MatchReport
from referee.report.scoresheet import not_scored
from referee.report.values import outcome_text, value_text
from referee.rules.base import DealResult, DealState, Ruleset, TrickSummary

TALLY, FINDING = "=", "!"
MARKS = (TALLY, FINDING)
"""First characters of the referee's own comments."""


def add_comment(holder: Deal | Event | Any, comment: Comment) -> None:
    """Give ``holder`` the referee's ``comment``: one at the end of its line goes before the
    comments written on lines of their own after it, which stay in front of what follows
    them; one on a line of its own (a deal's summary) goes after the referee's own-line
    comments already there, before the user's."""
    comments = holder.comments
    index = next((i for i, c in enumerate(comments) if c.own_line
                  and not (comment.own_line and is_referee_comment(c))), len(comments))
    comments.insert(index, comment)


def is_referee_comment(comment: Comment) -> bool:
    """True for a comment ``referee annotate`` wrote (and will rewrite)."""
    return comment.kind == "brace" and comment.text.startswith(MARKS)


def strip_referee_comments(items: Iterable[StreamItem]) -> Iterator[StreamItem]:
    """The stream without the referee's comments (the user's stay where they are)."""
    for item in items:
        if isinstance(item, Deal):
            for holder in (item, *item.hands, *item.items):
                holder.comments[:] = [c for c in holder.comments if not is_referee_comment(c)]
        yield item


def annotate_items(items: Iterable[StreamItem], reports: list[MatchReport] | None = None
                   ) -> Iterator[StreamItem]:
    """Replay the stream and yield it with the referee's comments attached; each match's
    report is added to ``reports`` when given.

    ``RecordError`` (a record the referee cannot replay) propagates: the caller writes
    nothing in that case.
    """
    replay: MatchReplay | None = None
    held: Deal | None = None  # the last deal of a match gets the match result
    for item in with_trick_marks(strip_referee_comments(items)):
        if isinstance(item, RecordHeader):
            if held is not None and replay is not None:
                _close_match(replay, held)
                yield held
                held = None
            replay = MatchReplay(item)
            if reports is not None:
                reports.append(replay.report)
            yield item
            continue
        if replay is None:  # the parser never yields a deal before a header
            yield item
            continue
        if held is not None:
            yield held
        _annotate_deal(replay, item)
        held = item
    if held is not None and replay is not None:
        _close_match(replay, held)
        yield held


def annotated_text(items: Iterable[StreamItem]) -> tuple[str, int]:
    """The annotated record as canonical TTN, and how many error findings it has."""
    from referee.notation.writer import write_items
    from referee.pipeline.reading import without_given_tags
    from referee.replay.canonical import in_game_spelling, table_seats

    reports: list[MatchReport] = []
    # Tags given on the command line (--game...) served the replay; the record stays as written.
    annotated = in_game_spelling(annotate_items(items, reports))  # before the --game tag goes
    text = "".join(write_items(without_given_tags(annotated), table_seats))
    errors = sum(f.severity == "error" for report in reports for deal in report.deals
                 for f in deal.findings)
    return text, errors


# -- one deal -----------------------------------------------------------------------------------


class _DealAnnotator:
    """Attaches the findings and tricks of one deal's replay to its items as they happen."""

    def __init__(self, replay: MatchReplay, deal: Deal) -> None:
        self.replay = replay
        self.deal = deal
        self.seen_findings = 0
        self.seen_tricks = 0

    def __call__(self, event: Event, state: DealState) -> None:
        """The replay's watch: called after ``event`` is replayed."""
        self.attach_new_findings(event)
        tricks = self.replay.ruleset.completed_tricks(state)
        for trick in tricks[self.seen_tricks:]:
            add_comment(event, Comment(tally_text(trick_line(self.replay.ruleset, trick))))
        self.seen_tricks = len(tricks)

    def attach_new_findings(self, event: Event | None) -> None:
        findings = self.replay.report.deals[-1].findings
        for finding in findings[self.seen_findings:]:
            add_comment(self.holder_for(finding, event), finding_comment(finding))
        self.seen_findings = len(findings)

    def holder_for(self, finding: Finding, event: Event | None):
        """Where a finding's comment goes: the item at its position, else the deal line."""
        deal = self.deal
        if event is not None and finding.span == event.span:
            return event
        if finding.span == deal.span:
            return deal  # found when the deal started (dealer, hands, notes)
        for item in deal.items:
            if item.span == finding.span:
                return item
        return event if event is not None else _last_holder(deal)


def _annotate_deal(replay: MatchReplay, deal: Deal) -> None:
    annotator = _DealAnnotator(replay, deal)
    report = replay.replay_deal(deal, annotator)
    replay.check_number(deal)
    annotator.attach_new_findings(None)  # incomplete deal, result lines, match over
    for line in summary_lines(deal_line(deal.number, report, replay.report.team_labels)):
        add_comment(_last_holder(deal), Comment(tally_text(line), own_line=True))


def _close_match(replay: MatchReplay, last: Deal) -> None:
    report = replay.finish()
    words = report.result or "no result"
    if report.finished:
        words = f"match: {words}"
    elif "match not over" not in words:
        words = f"match not over: {words}"
    for line in summary_lines(words, head=False):
        add_comment(_last_holder(last), Comment(tally_text(line), own_line=True))


def _last_holder(deal: Deal):
    return deal.items[-1] if deal.items else deal


# -- the words ---------------------------------------------------------------------------------


def _clean(text: str) -> str:
    """Text that cannot end or open a brace comment, on one line."""
    return " ".join(text.replace("{", "(").replace("}", ")").split())


def tally_text(words: str) -> str:
    return f"{TALLY} {_clean(words)}"


SUMMARY_WIDTH = 96
"""The longest summary comment line wanted (its ``{= }`` included) before it is cut."""


def summary_lines(words: str, head: bool = True) -> list[str]:
    """A deal's or a match's summary as comment lines of their own, cut at a ``; `` into
    lines of about SUMMARY_WIDTH characters (a part longer than that stands alone, uncut);
    with ``head``, what the deal came to stands alone on the first line (``deal 1: N-S made
    17 of target 16``) and its figures follow (``points ...; game points ...; score ...``)."""
    first, *parts = _clean(words).split("; ")
    lines = [first]
    for part in parts:
        if (len(lines) > 1 or not head) and len(lines[-1]) + len(part) + 6 <= SUMMARY_WIDTH:
            lines[-1] += "; " + part
        else:
            lines.append(part)
    return lines


def _numbers(values: dict[str, int], labels: Mapping[str, str], signed: bool = False,
             sets: Mapping[str, tuple[int, ...]] | None = None) -> str:
    """``NS 14 EW 6``; a team of more than two seats as people read it (``P1-P3-P5 14``); a
    team whose value is open (``sets``) with its possible values as runs (``NS 14-18``)."""
    sets = sets or {}
    teams = (*values, *(team for team in sets if team not in values))
    return " ".join(
        f"{labels.get(team, team)} {value_text(team, values, sets, signed)}" if team in sets
        else f"{labels.get(team, team)} {values[team]:+d}" if signed
        else f"{labels.get(team, team)} {values[team]}" for team in teams)


def trick_line(ruleset: Ruleset, trick: TrickSummary) -> str:
    """``trick 3: W wins, 10 points; NS 14 EW 6`` (games without trick points:
    ``trick 3: W wins``)."""
    text = f"trick {trick.number}: {trick.winner} wins"
    if trick.running:
        points = f"{trick.points} point" + ("" if trick.points == 1 else "s")
        text += f", {points}; {_numbers(dict(trick.running), ruleset.table.team_labels())}"
    return text


_AFTER_LINE = re.compile(r"after line \d+")


def _unchecked(report: DealReport) -> str | None:
    """Why the deal was not checked to its end, without the line number: annotating moves
    lines (a comment after a ``;`` comment starts a new one), and annotating again must give
    the same text. The ``{! ...}`` at the event shows where."""
    if report.unchecked is None:
        return None
    return _AFTER_LINE.sub("after the fatal finding", report.unchecked)


def deal_line(number: int, report: DealReport, labels: Mapping[str, str] | None = None) -> str:
    """``deal 3: N-S made 18 of 16; game points NS +1 EW -1; score NS 2 EW -1``; a deal not
    scored says so once (``deal 2: not scored: the deal is incomplete; ...``)."""
    unchecked = _unchecked(report)
    labels = labels or {}
    result: DealResult | None = report.result
    if result is None or not result.scored:
        text = f"deal {number}: {not_scored(result.outcome if result is not None else '')}"
        if unchecked:
            text += f"; {unchecked}"
        if result is not None and result.score:
            text += f"; score {_numbers(result.score, labels)}"
        return text
    text = f"deal {number}: {outcome_text(result) or 'scored'}"
    if result.points or result.point_sets:
        text += f"; points {_numbers(result.points, labels, sets=result.point_sets)}"
    if result.game_points or result.game_point_sets:
        text += (f"; game points "
                 f"{_numbers(result.game_points, labels, True, result.game_point_sets)}")
    if result.score or result.score_sets:
        text += f"; score {_numbers(result.score, labels, sets=result.score_sets)}"
    if unchecked:
        text += f"; {unchecked}"
    return text


def finding_comment(finding: Finding) -> Comment:
    """``{! RULE: MESSAGE; legal: A, B}`` (a note: ``{! note RULE: MESSAGE}``)."""
    head = f"{FINDING} note {finding.rule}" if finding.severity == "note" else \
        f"{FINDING} {finding.rule}"
    text = f"{head}: {_clean(finding.message)}"
    if finding.alternatives:
        prefix = f"{finding.seat} " if finding.seat else ""
        shown = [alt[len(prefix):] if prefix and alt.startswith(prefix) else alt
                 for alt in finding.alternatives]
        text += "; legal: " + _clean(", ".join(shown))
    return Comment(text)
