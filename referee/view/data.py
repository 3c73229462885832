"""The data a replay page embeds: the record's JSON form, the referee's report, and per step of
every deal what the page shows (hands, the trick in the middle, winners, running points, the
findings at their moment). Everything the page shows is computed here; the page's script only
picks the step to show.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee.model.cards import UNSEEN
from referee.model.errors import RefereeError
from referee.model.record import AUCTION_KINDS, Deal, Record
from referee.notation.jsonform import record_to_json
from referee.notation.writer import format_action
from referee.pipeline.checking import internal_error
from referee.replay.canonical import game_spelling, records_text
from referee.replay.viewpoint import view_of
from referee.report.json import file_json, finding_json
from referee.report.model import FileReport, Finding
from referee.report.scoresheet import render_match_sheet
from referee.rules.base import Ruleset
from referee.view.adapter import DealSteps, MatchSteps, Step, replay_record
from referee.view.words import deal_summary, step_said


def shown_name(path: str) -> str:
    """A file as a page meant for sharing names it: a relative path as given, an absolute
    one by its file name only (the page must not tell where it was made)."""
    return os.path.basename(path) if os.path.isabs(path) else path


def page_data(report: FileReport, name: str | None = None, bottom: str | None = None,
              read: Callable[[str], list[Record]] | None = None,
              seat: str | None = None) -> dict[str, Any]:
    """Everything the page of one checked file (``referee.pipeline.checking.check_file``) shows,
    JSON-ready, the file named ``name`` (by default ``shown_name`` of its path); its records
    are read by ``read`` (default: ``referee.load``; ``referee view`` reads them as it
    checked them: the JSON form, the tags given by --game...). An unreadable file gives its
    error and no matches: the page says why. ``bottom`` is the
    seat the table shows at the bottom when the link does not say (by default the seat a
    View tag names, else the table's first seat is at the top).

    ``seat`` (``referee view --as SEAT``): each record is shown as that seat saw it
    (``referee.replay.viewpoint``); ``report`` must then be the check of that view
    (``check_file(..., view=seat)``), so that the record, the report and every step the page
    carries are the view's and hold no card the seat did not see.
    """
    path = report.path
    name = name or shown_name(path)
    shared = file_json(report)
    shared["path"] = name
    data: dict[str, Any] = {"file": name, "report": shared, "matches": []}
    if report.error is not None:
        data["error"] = _error(report)
        return data
    try:
        records = read(path) if read else _read_records(path)
        if seat is not None:
            records = [view_of(record, seat) for record in records]
        data["matches"] = [match_data(replay_record(record), record, bottom)
                           for record in records]
        data["ttn"] = records_text(records) if seat is not None else _canonical(path, records)
    except RefereeError as exc:  # checked readable above; kept for a file changed since
        data["error"] = {"code": exc.code, "message": exc.message, "line": exc.line or None}
    except Exception as exc:  # a bug, not bad input: the page says so, no traceback
        error = internal_error(name, exc)
        data["error"] = {"code": error.code, "message": error.message, "line": None}
    return data


def _read_records(path: str) -> list[Record]:
    """Every record of the TTN file at ``path``, as ``referee.load`` reads it."""
    from referee.catalogue.lookups import record_vocabulary
    from referee.notation.parser import read_records

    return read_records(path, record_vocabulary)


def _canonical(path: str, records: list[Record]) -> str:
    """The record file in canonical TTN (``referee fmt``), for the page's copy and
    download buttons; comments are kept. A file ``fmt`` would refuse (the check read it, so
    only one changed since) is given as it is; a file of the JSON form is written as TTN."""
    from referee.pipeline.reading import is_json_path
    from referee.replay.canonical import canonical_text

    if is_json_path(path):
        return records_text(records)
    text = Path(path).read_text(encoding="utf-8-sig")
    try:
        return canonical_text(text, path)
    except RefereeError:
        return text


def _error(report: FileReport) -> dict[str, Any]:
    return {"code": report.error_code, "message": report.error,
            "line": report.error_line or None, "column": report.error_column or None}


def match_data(match: MatchSteps, record: Record, bottom: str | None = None
               ) -> dict[str, Any]:
    """One record: its table, its deals step by step, the score sheet and the score's course.
    ``bottom``: the seat shown at the bottom by default (ignored if the table has no such
    seat; without it, the seat a View tag names). A record written from one seat (a View
    tag) shows the hands of the seats it has no hand line for as card backs."""
    ruleset, report = match.ruleset, match.report
    table = ruleset.table
    labels = table.team_labels()
    deals = [deal_data(deal, before, report.view, dealt_size(ruleset, deal.deal))
             for deal, before in zip(
        match.deals, _scores_before(match), strict=True)]
    for deal in deals:
        deal["summary"] = deal_summary(ruleset.title, deal["number"], len(deals),
                                       deal["dealer"], deal["result"], labels)
    return {
        "game": ruleset.name,
        "title": ruleset.title,
        "preset": report.preset,
        "seats": list(table.seats),
        "teams": [list(team) for team in table.teams],
        "teamOf": {seat: table.team_of(seat) for seat in table.seats},
        "teamLabels": labels,  # P1-P3-P5 as the messages spell it; NS stays
        "bottom": bottom if bottom in table.seats else report.view,
        "view": report.view,  # the seat the record is written from (a View tag), or None
        "event": _tag(record, "Event"),
        "result": report.result,
        "finished": report.finished,
        "score": dict(report.score),
        "findings": sum(f.severity == "error" for f in report.all_findings()),
        "sheet": render_match_sheet(report),
        "course": score_course(match),
        "record": record_to_json(record, game_spelling(record.header)),
        "deals": deals,
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
    scores: list[dict[str, int]] = []
    score: dict[str, int] = {}
    for deal in match.deals:
        scores.append(dict(score))
        if deal.report.result is not None and deal.report.result.score:
            score = dict(deal.report.result.score)
    return scores


def deal_data(deal: DealSteps, score_before: dict[str, int] | None = None,
              view: str | None = None, size: int | None = None) -> dict[str, Any]:
    """One deal: dealer, first hand, auction grid, steps, findings, notes and result.

    ``view``: the seat the record is written from (its View tag); every seat without a hand
    line is then shown as card backs, as that seat saw the table. ``size``: the number of
    cards each seat is dealt (``dealt_size``), for the count of cards not seen."""
    report = deal.report
    findings: list[dict[str, Any]] = []
    steps: list[dict[str, Any]] = []
    ids_of: dict[int, int] = {}
    for number, step in enumerate(deal.steps):
        for finding in step.findings:
            ids_of[id(finding)] = len(findings)
            findings.append(finding_data(finding, number))
    written = {hand.seat for hand in deal.deal.hands}
    seats = list(deal.steps[0].moment.hands)
    # a hand laid face up (a show) is written in the record from one seat, but seen only
    # from the step that shows it
    shown_at = {step.event.action.seat: n for n, step in enumerate(deal.steps)
                if step.event is not None and step.event.action.kind in SHOW_KINDS
                and step.event.action.seat in written and step.event.action.seat != view
                } if view is not None else {}
    hidden = ([seat for seat in seats if seat not in written or seat in shown_at]
              if view is not None else [])
    counts = (HeldCounts(size or 0, seats, hidden, shown_at)
              if view or _writes_unseen(deal.deal) else None)
    if counts is not None:  # a hand shown later: its line says what it held
        counts.known.update((hand.seat, [c for c in hand.cards if c != UNSEEN])
                            for hand in deal.deal.hands if hand.seat in shown_at)
    taken = 0  # cards not seen in the tricks completed so far
    for step in deal.steps:
        data = step_data(step, [ids_of[id(f)] for f in step.findings])
        notes = [{"finding": ids_of[id(deal.note_findings[index])], "message": message}
                 for index, message in step.notes if index in deal.note_findings]
        if notes:
            data["notes"] = notes
        if counts is not None:
            counts.add(step, data)
        if "winner" in data:  # the points of cards not seen are not in the running points
            taken += sum(card == UNSEEN for _, cards, _ in data["middle"] for card in cards)
        if taken:
            data["unseenTaken"] = taken
        data["said"] = step_said(step.event.action if step.event else None, data,
                                 report.dealer, deal.first_hand,
                                 steps[-1] if steps else None)
        steps.append(data)
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
        # a seat without a hand line: the referee inferred its hand from the play (a
        # record from one seat shows such a hand as card backs instead)
        "inferred": [seat for seat in seats if seat not in written and seat not in hidden],
        "hidden": hidden,
        "shownAt": shown_at,  # a hidden seat -> the step from which his hand is seen
        "faceDown": face_down_cards(steps),
        # what the record shows each hidden seat was dealt, for the whole deal at the end
        "seenDealt": counts.seen_dealt() if counts is not None else {},
    }


def dealt_size(ruleset: Ruleset, deal: Deal) -> int:
    """How many cards each seat of ``deal`` is dealt: as many as a hand line has (the game
    checks that each has its hand's size), else the game's dealing rounds (or the pack shared
    out)."""
    if deal.hands:
        return len(deal.hands[0].cards)
    seats = len(ruleset.table.seats)
    return sum(ruleset.deal_rounds) or (len(ruleset.pack) // seats if seats else 0)


def _writes_unseen(deal: Deal) -> bool:
    """The deal writes a card not seen (``??``) in a hand line or an action."""
    return (any(UNSEEN in hand.cards for hand in deal.hands)
            or any(UNSEEN in event.action.cards or UNSEEN in event.action.drawn
                   for event in deal.events))


class HeldCounts:
    """The cards each seat holds, step by step, for the cards a page cannot show: the hands
    of the seats a record from one seat has no hand line for (``hidden``: shown as card
    backs only), and the cards not seen (``??``) of any hand.

    The same for every game: a seat holds the cards it was dealt (``size``) less those it has
    put into tricks (each play's cards, seen or not, as the record writes them) and those it
    has set aside face down (``TableView.concealed``, the 28 family's trump card, back in the
    hand when it is shown); an exchange or a rob gives as many cards as it takes. A step's
    ``backs`` are those of the seat's cards that its visible hand does not show."""

    def __init__(self, size: int, seats: list[str], hidden: list[str],
                 shown_at: dict[str, int] | None = None) -> None:
        self.size = size
        self.hidden = set(hidden)
        self.shown_at = shown_at or {}
        """A hidden seat -> the step from which his hand is seen (a show)."""
        self.step = -1
        self.played = dict.fromkeys(seats, 0)
        self.known: dict[str, list[str]] = {}
        """A hidden seat -> the cards the record shows he was dealt (his hand at the deal,
        as the replay infers it from his seen plays; a hand shown later: its line)."""

    def add(self, step: Step, data: dict[str, Any]) -> None:
        """Count ``step``'s play and put the backs into its ``data`` (a hidden seat's hand
        is emptied: the page carries only its count)."""
        self.step += 1
        action = step.event.action if step.event is not None else None
        if (action is not None and step.replayed and action.kind in TRICK_KINDS
                and action.seat in self.played):
            self.played[action.seat] += len(action.cards)
        concealed = data.get("concealed") or {}
        backs: dict[str, int] = {}
        for seat, cards in data["hands"].items():
            shown = cards.split()
            if seat in self.hidden and self.step < self.shown_at.get(seat, self.step + 1):
                self.known.setdefault(seat, shown)
                data["hands"][seat] = ""
                shown = []
            held = self.size - self.played.get(seat, 0) - concealed.get(seat, 0)
            if held > len(shown):
                backs[seat] = held - len(shown)
        if backs:
            data["backs"] = backs

    def seen_dealt(self) -> dict[str, dict[str, Any]]:
        """Each hidden seat's dealt cards as the record shows them, and how many it did not
        show."""
        return {seat: {"cards": cards, "unseen": max(0, self.size - len(cards))}
                for seat, cards in self.known.items()}


def face_down_cards(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Cards a seat set aside face down (the 28 family's trump card): which, by whom, the
    step that laid them and the step that put them back in the hand (None: never shown).
    Read from the steps: a seat's face-down count goes up as the card leaves its hand
    without going to the middle, and down as it comes back."""
    found: list[dict[str, Any]] = []
    open_: dict[str, dict[str, Any]] = {}
    counts: dict[str, int] = {}
    for n in range(1, len(steps)):
        before, now = steps[n - 1], steps[n]
        for seat in set(counts) | set(now.get("concealed") or {}):
            count = (now.get("concealed") or {}).get(seat, 0)
            if count > counts.get(seat, 0):
                played = Counter(c for s, cards, _ in now["middle"] if s == seat for c in cards)
                gone = (Counter(before["hands"].get(seat, "").split())
                        - Counter(now["hands"].get(seat, "").split()) - played)
                open_[seat] = {"seat": seat, "cards": sorted(gone.elements()),
                               "laid": n, "back": None}
                found.append(open_[seat])
            elif count < counts.get(seat, 0) and seat in open_:
                open_.pop(seat)["back"] = n
            counts[seat] = count
    return found


def finding_data(finding: Finding, step: int) -> dict[str, Any]:
    data = finding_json(finding)
    data["step"] = step
    return data


TRICK_KINDS = ("play", "down")
"""Actions that put a card in the trick: a play, and Avinas's face-down lead."""

SHOW_KINDS = ("show",)
"""Actions that lay a hand face up for the table (the 28 family's single-hand show)."""


def step_data(step: Step, findings: list[int]) -> dict[str, Any]:
    """One step, compact: hands as space-separated cards (the page's largest part)."""
    moment = step.moment
    event = step.event
    card = None
    if event is not None and event.action.kind in TRICK_KINDS and moment.middle:
        seats = [play[0] for play in moment.middle]
        if event.action.seat in seats:  # the play's place in its trick, counted from 1
            card = len(seats) - seats[::-1].index(event.action.seat)
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
                "findings": findings or None, "card": card}
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
        between = [s.event for s in deal.steps[previous + 1:n] if s.event is not None]
        if between:  # a second round after the trump choice: a divider row names it
            rows.append({"after": format_action(between[-1].action), "step": n})
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
