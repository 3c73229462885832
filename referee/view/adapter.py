"""What the viewer reads from the referee: the replay, the deal states and the reports.

This is the only module of the viewer that touches the replay's objects (``MatchReplay``, the
games' deal states, ``DealReport`` and ``Finding``); everything past it is plain data. The
games' deal states share no declared protocol yet, so the fields every trick game keeps
(``hands``, ``turn``, ``trick``, ``tricks``, ``dealer``) and each game's own ones (a concealed
trump, a robbed card, exposed sevens, the stock) are read here, in one place, with defaults
for a game that lacks one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from referee.cards import RANKS, SUITS
from referee.record import Deal, Event, Record, ResultLine
from referee.replay import MatchReplay
from referee.report import DealReport, Finding, MatchReport
from referee.rules.base import DealState, Ruleset

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


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


@dataclass(slots=True)
class DealSteps:
    """A deal's steps, its report and what the page needs about the deal as a whole."""

    deal: Deal
    report: DealReport
    steps: list[Step]
    first_hand: str | None


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
        # The state as dealt, before any event: the replay's watch only sees the states
        # after events, so the game's deal start is wrapped for the length of this deal.
        start = ruleset.start_deal
        ruleset.start_deal = watcher.started(start)  # type: ignore[method-assign]
        try:
            report = replay.replay_deal(deal, watcher)
        finally:
            del ruleset.start_deal  # the class's method again
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

    def started(self, start: Callable[[Any, Deal], DealState]) -> Callable[[Any, Deal], DealState]:
        def wrapped(match: Any, deal: Deal) -> DealState:
            state = start(match, deal)
            self.state = state
            self.first_hand = getattr(state, "turn", None)
            self.steps.append(Step(None, None, self._moment(state, None)))
            return state
        return wrapped

    def __call__(self, event: Event, state: DealState) -> None:
        moment = self._moment(state, event)
        before = self.steps[-1].moment.hands if self.steps else {}
        renege = _renege(state, event, moment, before)
        if renege:
            moment.facts = [*moment.facts, renege]
        self.steps.append(Step(event, self.index[id(event)], moment))
        self._attach_findings()

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
        return DealSteps(self.deal, report, self.steps, self.first_hand)

    # -- reading a state ---------------------------------------------------------------------
    def _dealt_moment(self) -> Moment:
        """The hands as the record gives them (a deal recorded after the match ended)."""
        hands = {hand.seat: _sorted([c for r in hand.rounds for c in r], self.ruleset)
                 for hand in self.deal.hands}
        return Moment(hands, [], None)

    def _moment(self, state: DealState, event: Event | None) -> Moment:
        ruleset = self.ruleset
        hands = {seat: _sorted(cards, ruleset) for seat, cards in _hands(state).items()}
        tricks = ruleset.completed_tricks(state)
        done = getattr(state, "tricks", [])
        moment = Moment(hands, _middle(getattr(state, "trick", []), state),
                        getattr(state, "turn", None), facts=_facts(ruleset, state),
                        out=_out(ruleset, state), concealed=_concealed(state))
        if tricks:
            moment.running = dict(tricks[-1].running)
        if len(tricks) > self.seen_tricks and event is not None:
            # this event completed a trick: it stays in the middle, with its winner
            trick = tricks[-1]
            moment.winner, moment.trick = trick.winner, trick.number
            moment.trick_points = trick.points if trick.running else None
            if done:
                moment.middle = _middle(done[-1].plays, state,
                                        getattr(done[-1], "face_down", False))
        elif moment.middle:
            moment.trick = len(tricks) + 1
        self.seen_tricks = len(tricks)
        return moment


def _hands(state: DealState) -> dict[str, Iterable[str]]:
    """Each seat's cards, every copy (Fifty-Six's hands count copies of a card)."""
    hands = {}
    for seat, cards in (getattr(state, "hands", {}) or {}).items():
        counts = getattr(cards, "_count", None)  # the 28 family's MultiHand
        hands[seat] = list(counts.elements()) if counts is not None else list(cards)
    return hands


def _concealed(state: DealState) -> dict[str, int]:
    """The 28 family's trump card lies face down before its bidder until it is called."""
    facedown, bidder = getattr(state, "facedown", None), getattr(state, "bidder", None)
    if facedown is None or bidder is None or getattr(state, "revealed", False):
        return {}
    return {bidder: 1}


def _sorted(cards: Iterable[str], ruleset: Ruleset) -> list[str]:
    """By suit (S H D C), then high to low in the game's order of ranks."""
    order = getattr(ruleset, "rank_order", None) or "".join(RANKS)

    def key(card: str) -> tuple[int, int]:
        suit = SUITS.index(card[1]) if card[1:] and card[1] in SUITS else len(SUITS)
        rank = order.index(card[0]) if card[0] in order else len(order)
        return suit, rank

    return sorted(cards, key=key)


def _middle(plays: Iterable[tuple[str, Any]], state: DealState,
            face_down: bool | None = None) -> list[list[Any]]:
    """[seat, [cards], face down?] per play; Twenty-Two plays several cards at once, and an
    Avinas lead may lie face down (only the lead of a trick can)."""
    if face_down is None:
        face_down = bool(getattr(state, "trick_down", False))
    rows = []
    for n, (seat, cards) in enumerate(plays):
        shown = [cards] if isinstance(cards, str) else list(cards)
        rows.append([seat, shown, face_down and n == 0])
    return rows


def _out(ruleset: Ruleset, state: DealState) -> list[str]:
    living = getattr(state, "living", None)
    if living is not None:
        return [seat for seat in ruleset.table.seats if seat not in living]
    return list(_single_hand(state)[1])


def _single_hand(state: Any) -> tuple[str | None, tuple[str, ...]]:
    """The 28 family's single hand: its declarer and the partners who sit out (the deal's
    mode object; None when the deal is played by the partnerships)."""
    mode = getattr(state, "mode", None)
    declarer = getattr(mode, "declarer", None)
    return declarer, tuple(getattr(mode, "partners", ()) or ()) if declarer else ()


# -- each game's own state, in words ----------------------------------------------------------


def card_text(card: str | None) -> str:
    """``"JS"`` -> ``"J♠"`` (``"T"`` reads 10)."""
    if not card:
        return ""
    if len(card) != 2 or card[1] not in SUIT_SYMBOLS:
        return card
    return ("10" if card[0] == "T" else card[0]) + SUIT_SYMBOLS[card[1]]


def _suit_text(suit: Any) -> str:
    return SUIT_SYMBOLS.get(str(suit), str(suit)) if suit else ""


def _facts(ruleset: Ruleset, state: DealState) -> list[str]:
    facts: list[str] = []
    for reader in _FACT_READERS:
        facts.extend(reader(state))
    unchecked = ruleset.unchecked_reason(state)  # a cancelled deal: its play is not judged
    if unchecked:
        facts.append(unchecked)
    return facts


def _contract_facts(state: Any) -> list[str]:
    """Bidder and bid (the 28 family, Avinas)."""
    bidder = getattr(state, "bidder", None) or getattr(state, "declarer", None)
    bid = getattr(state, "bid", None)
    if bidder is None:
        high = getattr(state, "high_bidder", None)
        if high is not None:
            return [f"high bid: {high} {getattr(state, 'high_bid', '')}".rstrip()]
        return []
    word = "declarer" if hasattr(state, "declarer") else "bidder"
    return [f"{word}: {bidder}" + (f" ({bid})" if bid is not None else "")]


def _trump_facts(state: Any) -> list[str]:
    """The trump as the table knows it: a concealed card stays hidden until it is called."""
    single = _single_hand(state)[0]
    if single:
        return [f"single hand: {single} (no trumps)"]
    if getattr(state, "no_trump", False):
        return ["no trumps"]
    if hasattr(state, "revealed"):  # the 28 family: concealed until it is called
        facedown, trump = getattr(state, "facedown", None), getattr(state, "trump", None)
        if facedown is None and trump is None:
            return []
        if not state.revealed:
            return [f"trump: face down (by {state.bidder})"]
        shown = card_text(facedown) if facedown is not None else _suit_text(trump)
        return [f"trump: {shown} shown (called by {state.caller})"]
    if hasattr(state, "trump_named"):  # Avinas: an exposed seven, a named suit or the lead
        trump = getattr(state, "trump", None)
        if trump:
            how = " (the exposed seven)" if getattr(state, "sevens", 0) else ""
            return [f"trump: {_suit_text(trump)}{how}"]
        return ["trump: not named yet"] if getattr(state, "declarer", None) else []
    return []


def _twenty_eight_extras(state: Any) -> list[str]:
    facts = []
    if getattr(state, "doubled_by", None):
        facts.append(f"doubled by {state.doubled_by}")
    if getattr(state, "redoubled_by", None):
        facts.append(f"redoubled by {state.redoubled_by}")
    if getattr(state, "pair", None):
        facts.append(f"pair: {state.pair}")
    if getattr(state, "c_by", None):
        facts.append(f"C by {state.c_by}: the deal is worth a whole game")
    if getattr(state, "stage", None) == "second":  # the 28 family's stage name
        facts.append("second bidding round")
    if getattr(state, "shown", None):
        facts.append(f"{state.shown} shows his hand: the deal ends")
    return facts


def _twenty_five_facts(state: Any) -> list[str]:
    if not hasattr(state, "turned"):
        return []
    facts = []
    data = getattr(state, "data", None)
    if state.turned:
        facts.append(f"turned up: {card_text(state.turned)}"
                     + (f" (trumps {_suit_text(data.trump)})" if data is not None else ""))
    if state.robbed_by:
        facts.append(f"robbed by {state.robbed_by}"
                     + (f", discarding {card_text(state.discard)}" if state.discard else ""))
    return facts


def _avinas_facts(state: Any) -> list[str]:
    if not hasattr(state, "exposed"):
        return []
    facts = []
    if state.exposed:
        facts.append("exposed: " + ", ".join(f"{seat} {card_text(card)}"
                                             for seat, card in state.exposed))
    if state.knocker:
        facts.append(f"knock: {state.knocker}")
    if state.counter_knocker:
        facts.append(f"counter-knock: {state.counter_knocker}")
    if state.stopped:
        facts.append(f"stopped after trick {state.stopped}")
    return facts


def _renege(state: Any, event: Event, moment: Moment, before: dict[str, list[str]]
            ) -> str | None:
    """Twenty-Five: a player who keeps his trumps back from a trump lead reneges (legal for
    the privileged top trumps; otherwise the replay reports it). The game's own table of
    trumps says which cards are trumps, so the ace of hearts counts as one."""
    trumps = getattr(getattr(state, "data", None), "trumps", None)
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


def _twenty_two_facts(state: Any) -> list[str]:
    if not hasattr(state, "stock") or not hasattr(state, "living"):
        return []
    return [f"stock: {state.stock} cards"]


_FACT_READERS: tuple[Callable[[Any], list[str]], ...] = (
    _contract_facts, _trump_facts, _twenty_eight_extras, _twenty_five_facts, _avinas_facts,
    _twenty_two_facts,
)
