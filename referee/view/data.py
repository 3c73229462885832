"""The data a replay page embeds: the record's JSON form, the referee's report, and per step of
every deal what the page shows (hands, the trick in the middle, winners, running points, the
findings at their moment). Everything the page shows is computed here; the page's script only
picks the step to show.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.checking import internal_error
from referee.errors import RefereeError
from referee.jsonform import record_to_json
from referee.notation.writer import format_action
from referee.record import AUCTION_KINDS, Record
from referee.report import FileReport, Finding
from referee.scoresheet import render_match_sheet
from referee.view.adapter import DealSteps, MatchSteps, Step, replay_record


def page_data(report: FileReport,
              read: Callable[[str], list[Record]] | None = None) -> dict[str, Any]:
    """Everything the page of one checked file (``referee.checking.check_file``) shows,
    JSON-ready; its records are read by ``read`` (default: ``referee.load``; ``referee
    view`` reads them as it checked them: the JSON form, the tags given by --game...). An
    unreadable file gives its error and no matches: the page says why.
    """
    name = report.path
    data: dict[str, Any] = {"file": name, "report": report.to_json(), "matches": []}
    if report.error is not None:
        data["error"] = _error(report)
        return data
    from referee import load

    try:
        records = (read or load)(name)
        data["matches"] = [match_data(replay_record(record), record)
                           for record in records]
    except RefereeError as exc:  # checked readable above; kept for a file changed since
        data["error"] = {"code": exc.code, "message": exc.message, "line": exc.line or None}
    except Exception as exc:  # a bug, not bad input: the page says so, no traceback
        error = internal_error(name, exc)
        data["error"] = {"code": error.code, "message": error.message, "line": None}
    return data


def _error(report: FileReport) -> dict[str, Any]:
    return {"code": report.error_code, "message": report.error,
            "line": report.error_line or None, "column": report.error_column or None}


def match_data(match: MatchSteps, record: Record) -> dict[str, Any]:
    """One record: its table, its deals step by step, the score sheet and the score's course."""
    ruleset, report = match.ruleset, match.report
    table = ruleset.table
    return {
        "game": ruleset.name,
        "title": ruleset.title,
        "preset": report.preset,
        "seats": list(table.seats),
        "teams": [list(team) for team in table.teams],
        "teamOf": {seat: table.team_of(seat) for seat in table.seats},
        "teamLabels": table.team_labels(),  # P1-P3-P5 as the messages spell it; NS stays
        "event": _tag(record, "Event"),
        "result": report.result,
        "finished": report.finished,
        "score": dict(report.score),
        "findings": sum(f.severity == "error" for f in report.all_findings()),
        "sheet": render_match_sheet(report),
        "course": score_course(match),
        "record": record_to_json(record),
        "deals": [deal_data(deal, before) for deal, before in zip(
            match.deals, _scores_before(match), strict=True)],
    }


def _tag(record: Record, name: str) -> str | None:
    tag = record.header.get(name)
    return " ".join(tag.values) if tag is not None else None


def score_course(match: MatchSteps) -> dict[str, list[int]]:
    """The match score per team after each deal (0 before the first), for the chart; a deal
    that was not settled keeps the score where it was."""
    teams: list[str] = []
    for deal in match.deals:
        if deal.report.result is not None:
            teams.extend(t for t in deal.report.result.score if t not in teams)
    course = {team: [0] for team in teams}
    for deal in match.deals:
        result = deal.report.result
        for team in teams:
            last = course[team][-1]
            course[team].append(result.score.get(team, last) if result is not None else last)
    return course


def _scores_before(match: MatchSteps) -> list[dict[str, int]]:
    """The match score before each deal (after the last deal that was settled)."""
    scores, score = [], {}
    for deal in match.deals:
        scores.append(dict(score))
        if deal.report.result is not None and deal.report.result.score:
            score = dict(deal.report.result.score)
    return scores


def deal_data(deal: DealSteps, score_before: dict[str, int] | None = None) -> dict[str, Any]:
    """One deal: dealer, first hand, auction grid, steps, findings, notes and result."""
    report = deal.report
    findings: list[dict[str, Any]] = []
    steps = []
    for number, step in enumerate(deal.steps):
        ids = []
        for finding in step.findings:
            ids.append(len(findings))
            findings.append(finding_data(finding, number))
        steps.append(step_data(step, ids))
    return {
        "number": deal.deal.number,
        "dealer": report.dealer,
        "firstHand": deal.first_hand,
        "auction": auction_grid(deal),
        "steps": steps,
        "findings": findings,
        "unchecked": report.unchecked,
        "stoppedAt": next((n for n, s in enumerate(deal.steps) if not s.replayed), None),
        "result": report.result.to_json() if report.result is not None else None,
        "comments": [c.text.strip() for c in deal.deal.comments],
        "scoreBefore": score_before or {},
        # a seat without a hand line: the referee inferred its hand from the play
        "inferred": [seat for seat in deal.steps[0].moment.hands
                     if seat not in {hand.seat for hand in deal.deal.hands}],
    }


def finding_data(finding: Finding, step: int) -> dict[str, Any]:
    data = finding.to_json()
    data["step"] = step
    return data


def step_data(step: Step, findings: list[int]) -> dict[str, Any]:
    """One step, compact: hands as space-separated cards (the page's largest part)."""
    moment = step.moment
    event = step.event
    data: dict[str, Any] = {
        "text": format_action(event.action) if event is not None else None,
        "seat": event.action.seat if event is not None else None,
        "kind": event.action.kind if event is not None else "deal",
        "hands": {seat: " ".join(cards) for seat, cards in moment.hands.items()},
        "middle": moment.middle,
        "turn": moment.turn,
        "trick": moment.trick,
        "facts": moment.facts,
    }
    if step.event_index is not None:
        data["event"] = step.event_index
    optional = {"winner": moment.winner, "points": moment.trick_points,
                "running": moment.running or None, "out": moment.out or None,
                "concealed": moment.concealed or None,
                "findings": findings or None}
    data.update({key: value for key, value in optional.items() if value is not None})
    if not step.replayed:
        data["replayed"] = False
    return data


def auction_grid(deal: DealSteps) -> dict[str, Any] | None:
    """Bids, passes, doubles and redeal demands in rows by seat, in the order spoken: a
    call goes in its seat's column, on a new row when that column is not to the right of the
    last call's. Each cell is [text, step]; calls after other events (a second round after
    the trump choice, a double after the lead) follow a divider row {"after": event, "step"}."""
    calls = [(n, step) for n, step in enumerate(deal.steps)
             if step.event is not None and step.event.action.kind in AUCTION_KINDS]
    if not calls:
        return None
    seats: list[str] = []
    for _, step in calls:
        seat = step.event.action.seat if step.event else None
        if seat is not None and seat not in seats:
            seats.append(seat)
    rows: list[Any] = []
    last, previous = len(seats), calls[0][0]
    for n, step in calls:
        action = step.event.action if step.event else None
        if action is None or action.seat is None:
            continue
        between = [s for s in deal.steps[previous + 1:n] if s.event is not None]
        if between:  # a second round after the trump choice: a divider row names it
            rows.append({"after": format_action(between[-1].event.action), "step": n})
            last = len(seats)
        column = seats.index(action.seat)
        if column <= last:
            rows.append([None] * len(seats))
        rows[-1][column] = [_call_text(action.kind, action.value), n]
        last, previous = column, n
    return {"seats": seats, "rows": rows}


CALL_TEXT = {"c-call": "C"}
"""How a call reads in the auction grid when it is not its action's name ("C", as said)."""


def _call_text(kind: str, value: Any) -> str:
    return str(value) if kind == "bid" else CALL_TEXT.get(kind, kind)
