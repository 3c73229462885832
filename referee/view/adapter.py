"""What the viewer reads from the referee: the replay, the deal states and the reports.

This is the only module of the viewer that touches the replay's objects (``MatchReplay``, the
games' deal states, ``DealReport`` and ``Finding``); everything past it is plain data. What
the page shows of a deal comes from the game's declared ``Ruleset.table_view`` (a
``TableView``: hands, the trick, the contract, the game's own facts in words), never from the
game's state itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from referee.model.cards import SUITS, card_text
from referee.model.record import Deal, Event, Record, ResultLine
from referee.replay.replay import MatchReplay
from referee.report.model import DealReport, Finding, MatchReport
from referee.rules.base import DealState, Plays, Ruleset, TableView

__all__ = ["DealSteps", "MatchSteps", "Moment", "Step", "card_text", "replay_record"]


@dataclass(slots=True)
class Moment:
    """What the table looks like after one event (or after the deal, for step 0)."""

    hands: dict[str, list[str]]
    middle: list[list[Any]]
    """The trick on the table: [seat, [cards], face down?] in the order played."""
    turn: str | None
    trick: int | None = None
    """The number of the trick in the middle."""
    winner: str | None = None
    """Set on the step that completes a trick: who won it."""
    trick_points: int | None = None
    running: dict[str, int] = field(default_factory=dict)
    facts: list[str] = field(default_factory=list)
    """The game's own state in words: trumps, a robbed card, knocks, the stock."""
    out: list[str] = field(default_factory=list)
    """Seats that take no part in this deal (dead in Twenty-Two, a single hand's partners)."""
    concealed: dict[str, int] = field(default_factory=dict)
    """Cards a seat has set aside face down (the 28 family's trump card), by count only."""


@dataclass(slots=True)
class Step:
    """One step of a deal: the event (None for the deal as dealt), the table after it, and
    the findings reported at that moment."""

    event: Event | None
    event_index: int | None
    moment: Moment
    findings: list[Finding] = field(default_factory=list)
    replayed: bool = True
    notes: list[tuple[int, str]] = field(default_factory=list)
    """The deal's notes that arose or grew at this step: (index among the deal state's
    notes, the note's words at this moment). A note of checks that could not be made grows
    as the play goes on ("at tricks 1 and 3"); the page says it as it stood then."""


@dataclass(slots=True)
class DealSteps:
    """A deal's steps, its report and what the page needs about the deal as a whole."""

    deal: Deal
    report: DealReport
    steps: list[Step]
    first_hand: str | None
    note_findings: dict[int, Finding] = field(default_factory=dict)
    """The deal state's notes (by index) as the report gives them: each is placed at the
    step where it first arose."""


@dataclass(slots=True)
class MatchSteps:
    """A record's table, its replayed deals and its report."""

    record: Record
    ruleset: Ruleset
    deals: list[DealSteps]
    report: MatchReport


def replay_record(record: Record) -> MatchSteps:
    """Replay ``record`` deal by deal, keeping the table after every event.

    Raises ``RefereeError`` where the replay does (an impossible record); callers check the
    file first and replay only a readable one.
    """
    replay = MatchReplay(record.header)
    ruleset = replay.ruleset
    deals: list[DealSteps] = []
    for deal in record.deals:
        watcher = _DealWatcher(replay, deal)
        report = replay.replay_deal(deal, watcher, dealt=watcher.dealt)
        replay.check_number(deal)
        deals.append(watcher.finish(report))
    return MatchSteps(record, ruleset, deals, replay.finish())


class _DealWatcher:
    """The replay's watch for one deal: a ``Step`` per event, findings at their moment."""

    def __init__(self, replay: MatchReplay, deal: Deal) -> None:
        self.replay = replay
        self.ruleset = replay.ruleset
        self.deal = deal
        self.steps: list[Step] = []
        self.state: DealState | None = None
        self.seen_findings = 0
        self.seen_tricks = 0
        self.first_hand: str | None = None
        self.index = {id(item): n for n, item in enumerate(deal.items)}
        self.noted: list[tuple[str, str]] = []
        """The deal state's notes as the last step saw them."""
        self.first_noted: dict[int, int] = {}
        """A note's index -> the step where it arose."""

    def dealt(self, state: DealState) -> None:
        """The replay's call with the state as dealt, before any event: step 0."""
        self.state = state
        self.first_hand = state.turn
        view = self.ruleset.table_view(state)
        self.steps.append(Step(None, None, self._moment(view, state, None)))
        self._watch_notes(state)

    def __call__(self, event: Event, state: DealState) -> None:
        view = self.ruleset.table_view(state)
        moment = self._moment(view, state, event)
        before = self.steps[-1].moment.hands if self.steps else {}
        renege = _renege(view, event, moment, before)
        if renege:
            moment.facts = [*moment.facts, renege]
        self.steps.append(Step(event, self.index[id(event)], moment))
        self._watch_notes(state)
        self._attach_findings()

    def _watch_notes(self, state: DealState) -> None:
        """The notes this step added or changed (a seat's note of unchecked rules grows a
        trick at a time), kept on the step with their words at this moment."""
        notes = state.notes
        if notes == self.noted:
            return
        step = self.steps[-1]
        for index, note in enumerate(notes):
            if index >= len(self.noted) or self.noted[index] != note:
                step.notes.append((index, note[1]))
                self.first_noted.setdefault(index, len(self.steps) - 1)
        self.noted = list(notes)

    def _attach_findings(self) -> None:
        findings = self.replay.report.deals[-1].findings
        for finding in findings[self.seen_findings:]:
            self._step_of(finding).findings.append(finding)
        self.seen_findings = len(findings)

    def _step_of(self, finding: Finding) -> Step:
        """Findings of the deal's start (dealer, hands, notes) belong to the deal as dealt."""
        if finding.span == self.deal.span or not self.steps:
            if not self.steps:
                self.steps.append(Step(None, None, self._dealt_moment()))
            return self.steps[0]
        return self.steps[-1]

    def finish(self, report: DealReport) -> DealSteps:
        """After the replay of the deal: the events it did not replay (after a fatal
        finding), then the findings made at the end (incomplete deal, result lines)."""
        if not self.steps:  # the match was over: the deal was never dealt
            self.steps.append(Step(None, None, self._dealt_moment()))
        replayed = {id(step.event) for step in self.steps}
        last = self.steps[-1].moment
        for n, item in enumerate(self.deal.items):
            if isinstance(item, ResultLine) or id(item) in replayed:
                continue
            frozen = Moment(last.hands, last.middle, None, last.trick, None, None,
                            last.running, last.facts, last.out, last.concealed)
            self.steps.append(Step(item, n, frozen, replayed=False))
        self._attach_findings()
        return DealSteps(self.deal, report, self.steps, self.first_hand, self._place_notes())

    def _place_notes(self) -> dict[int, Finding]:
        """Each note of the deal state, found among the report's findings, moved from the
        deal's start to the step where it arose (a note of the start stays there)."""
        state = self.state
        if state is None or not self.noted:
            return {}
        placed: dict[int, Finding] = {}
        start = self.steps[0].findings
        for index, (rule, message) in enumerate(self.noted):
            seat = state.note_seats.get(index)
            for step in self.steps:
                finding = next((f for f in step.findings if f.severity == "note"
                                and f.rule == rule and f.message == message
                                and f.seat == seat and id(f) not in
                                {id(p) for p in placed.values()}), None)
                if finding is not None:
                    placed[index] = finding
                    at = self.first_noted.get(index, 0)
                    if step is self.steps[0] and at > 0:
                        start.remove(finding)
                        self.steps[at].findings.append(finding)
                    break
        return placed

    # -- reading a state ---------------------------------------------------------------------
    def _dealt_moment(self) -> Moment:
        """The hands as the record gives them (a deal recorded after the match ended)."""
        hands = {hand.seat: _sorted([c for r in hand.rounds for c in r], self.ruleset.rank_order)
                 for hand in self.deal.hands}
        return Moment(hands, [], None)

    def _moment(self, view: TableView, state: DealState, event: Event | None) -> Moment:
        ruleset = self.ruleset
        hands = {seat: _sorted(cards, ruleset.rank_order) for seat, cards in view.hands.items()}
        tricks = ruleset.completed_tricks(state)
        moment = Moment(hands, _middle(view.trick, view.lead_face_down), view.turn,
                        facts=_facts(ruleset, state, view), out=list(view.out),
                        concealed=dict(view.concealed))
        if tricks:
            moment.running = dict(tricks[-1].running)
        if len(tricks) > self.seen_tricks and event is not None:
            # this event completed a trick: it stays in the middle, with its winner
            trick = tricks[-1]
            moment.winner, moment.trick = trick.winner, trick.number
            moment.trick_points = trick.points if trick.running else None
            if view.last_trick:
                moment.middle = _middle(view.last_trick, view.last_lead_face_down)
        elif moment.middle:
            moment.trick = len(tricks) + 1
        self.seen_tricks = len(tricks)
        return moment


def _sorted(cards: Iterable[str], order: str) -> list[str]:
    """By suit (S H D C), then high to low in the game's order of ranks."""
    def key(card: str) -> tuple[int, int]:
        suit = SUITS.index(card[1]) if card[1:] and card[1] in SUITS else len(SUITS)
        rank = order.index(card[0]) if card[0] in order else len(order)
        return suit, rank

    return sorted(cards, key=key)


def _middle(plays: Plays, face_down: bool) -> list[list[Any]]:
    """[seat, [cards], face down?] per play; Twenty-Two plays several cards at once, and an
    Avinas lead may lie face down (only the lead of a trick can)."""
    return [[seat, list(cards), face_down and n == 0] for n, (seat, cards) in enumerate(plays)]


def _facts(ruleset: Ruleset, state: DealState, view: TableView) -> list[str]:
    """The contract (or the auction's high bid), the game's own facts, and why the play is
    not judged (a cancelled deal)."""
    facts: list[str] = []
    if view.holder is not None:
        facts.append(f"{view.role}: {view.holder}"
                     + (f" ({view.bid})" if view.bid is not None else ""))
    elif view.high_bid is not None:
        seat, bid = view.high_bid
        facts.append(f"high bid: {seat} {'' if bid is None else bid}".rstrip())
    facts.extend(view.facts)
    unchecked = ruleset.unchecked_reason(state)
    if unchecked:
        facts.append(unchecked)
    return facts


def _renege(view: TableView, event: Event, moment: Moment, before: dict[str, list[str]]
            ) -> str | None:
    """Twenty-Five: a player who keeps his trumps back from a trump lead reneges (legal for
    the privileged top trumps; otherwise the replay reports it). The game's own table of
    trumps says which cards are trumps, so the ace of hearts counts as one."""
    trumps = view.trumps
    action = event.action
    if not trumps or action.kind != "play" or not action.cards or not moment.middle:
        return None
    leader, led = moment.middle[0][0], moment.middle[0][1]
    if action.seat == leader or led[0] not in trumps or action.cards[0] in trumps:
        return None
    kept = [card for card in before.get(action.seat or "", []) if card in trumps]
    if not kept:
        return None
    return f"{action.seat} reneges, keeping {' '.join(card_text(c) for c in kept)}"
