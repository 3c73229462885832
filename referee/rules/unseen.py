"""Cards a record does not show, for a game's replay: the model of where they may be
(``referee.rules.worlds``), what the plays presumed legal prove, and the notes of what could
not be checked (docs/partial-records.md).

A record written from one seat (``[View "N"]``), a hand line left out of a game in progress, a
card written ``??``: the referee then judges each action over the placements of the unseen
cards the record allows. The deal is read twice: first every card the record shows anywhere
is placed (``read_lines``, ``read_plays``), so that a card seen at trick 6 already counts at
trick 2; then the replay adds, action by action, what each play presumed legal proves (a void
in the suit led) and asks the model whether a check holds in every placement (a finding), in
none (legal), or in some (a note: the check could not be made). A game's own first pass adds
what only it has (the 28 family's face-down trump card: games/twenty_eight/unseen.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from referee.model.cards import UNSEEN
from referee.model.errors import INCONSISTENT, RecordError, Spanned, located
from referee.model.record import Deal, Event
from referee.rules.worlds import Fact, Worlds

UNCHECKED = "record.unchecked"
"""The note of a deal and a seat: the checks that could not be made for lack of seen cards."""
NOT_DECIDED = "record.not-decided"
"""The note of a deal the analysis leaves open (the record does not say enough)."""


@dataclass(slots=True)
class Presumed:
    """What a check asked of the model answered: ``holds`` is True when the seat certainly
    holds one of the cards (the check fails), ``culprits`` names the seats one of which broke
    a rule when no seat alone is to blame (a certain violation)."""

    holds: bool
    culprits: tuple[str, ...] = ()


@dataclass(slots=True)
class UnseenDeal:
    """The unseen part of one deal while the replay walks through it: the model of the cards
    not seen, the facts the plays presumed legal add to it, and the note of each seat's
    checks that could not be made."""

    worlds: Worlds
    slots: dict[str, int]
    """Seat -> how many of his dealt cards no hand line or seen play shows."""
    unseen_plays: dict[str, list[int]]
    """Seat -> the moments (play numbers) of his ``??`` plays."""
    next_leader: dict[int, str] = field(default_factory=dict)
    """Trick number -> the seat that leads the next trick in the record (it won the trick),
    for tricks of one card from each seat (``play_seats`` serves every trick size)."""
    culprits: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    """Each certain violation whose culprit is unknown, in order: (the seat whose action
    completed it, the seats one of which broke the rule)."""
    open_turn: tuple[str, ...] = ()
    """The seats that may be to lead, when the record ends after a trick whose winner it
    leaves open."""
    play_seats: list[str] = field(default_factory=list)
    """The seat of each recorded play, in order: the seat of play ``now`` is the one who
    plays next in the record (the winner, after a trick)."""
    now: int = 0
    """The moment of the next play: plays laid so far."""
    notes: list[tuple[str, str]] = field(default_factory=list)
    """The deal state's notes, where each seat's note of unchecked rules is kept."""
    note_seats: dict[int, str] = field(default_factory=dict)
    """The deal state's seat of each note (``DealState.note_seats``)."""
    unchecked: dict[str, tuple[int, dict[str, list[int]]]] = field(default_factory=dict)
    """Seat -> (index of its note in ``notes``, rule id -> the tricks it could not be
    checked at)."""
    trick_unseen: list[tuple[str, int]] = field(default_factory=list)
    """(seat, moment) of the ``??`` plays of the trick in progress."""
    open_points: list[tuple[str, int, int]] = field(default_factory=list)
    """(seat, moment, trick number) of each ``??`` play in a completed trick, for the point
    sets."""
    open_tricks: list[tuple[int, tuple[str, ...]]] = field(default_factory=list)
    """Tricks whose winner the record leaves open: (number, the seats that may have won)."""
    floating: dict[str, frozenset[str]] = field(default_factory=dict)
    """Seat -> his known cards that no seen play shows: perhaps among his ``??`` plays, so
    the model holds them (among his own slots only)."""
    probing: bool = False
    """The legal alternatives are being listed: checks ask the model, but add no fact and
    no note."""

    def next_in_record(self) -> str | None:
        """The seat of the next play the record holds, None at its end."""
        return self.play_seats[self.now] if self.now < len(self.play_seats) else None

    def held_unseen(self, seat: str, moment: int) -> int:
        """How many of ``seat``'s unseen cards he still holds at ``moment``."""
        later = sum(1 for m in self.unseen_plays.get(seat, ()) if m >= moment)
        return self.slots.get(seat, 0) - len(self.unseen_plays.get(seat, ())) + later

    def may_hold(self, seat: str, cards: Iterable[str], moment: int | None = None) -> bool:
        """True if ``seat`` may hold one of ``cards`` among his unseen cards now."""
        at = self.now if moment is None else moment
        if not self.held_unseen(seat, at):
            return False
        return self.worlds.may_hold(seat, self.model_names(seat, cards), at)

    def may_hold_only(self, seat: str, cards: Iterable[str], moment: int = 0) -> bool:
        """True if some placement gives ``seat`` none but ``cards`` among his unseen cards at
        ``moment`` (a hand that may lack what the others are)."""
        fact = Fact(seat, self.model_names(seat, cards), moment, only=True)
        return self.worlds.feasible((fact,))

    def model_names(self, seat: str, cards: Iterable[str]) -> frozenset[str]:
        """``cards`` as the model names them for ``seat`` (his own floating copies too)."""
        names = set(cards)
        own = self.floating.get(seat)
        if own:
            names.update(own_name(card, seat) for card in own if card in names)
        return frozenset(names)

    def presume_void(self, seat: str, cards: frozenset[str], rule: str, trick: int
                     ) -> Presumed:
        """The check that ``seat`` holds none of ``cards`` now, for a play that is legal only
        then: a note and a fact when the model cannot tell, a finding when no placement of the
        unseen cards allows it (``culprits`` when only the facts of several plays together
        rule it out)."""
        at = self.now
        if not self.held_unseen(seat, at):
            return Presumed(False)
        names = self.model_names(seat, cards)
        return self.presume(Fact(seat, names, at, label=seat), rule, trick,
                            lambda: self.worlds.may_hold(seat, names, at))

    def presume(self, fact: Fact, rule: str, trick: int, doubtful: Callable[[], bool]
                ) -> Presumed:
        """Presume ``fact`` of ``fact.holder`` (labelled with his seat), which a play needs to
        be legal under ``rule``: kept, with a note when ``doubtful()`` says the model cannot
        tell, if some placement allows it; a failure when none does, on him alone, or on the
        seats of the earlier presumptions it conflicts with (which then leave the store)."""
        seat = fact.holder
        if self.probing:
            return Presumed(not self.worlds.feasible((fact,)))
        conflict = self.worlds.conflict(fact)
        if conflict is None:
            if doubtful():
                self.worlds.add(fact)
                self.note(seat, rule, trick)
            return Presumed(False)
        if not conflict:
            return Presumed(True)
        for earlier in conflict:  # those plays are presumed legal no longer
            self.worlds.remove(earlier)
        seats = tuple(dict.fromkeys([str(f.label) for f in conflict] + [seat]))
        self.culprits.append((seat, seats))
        return Presumed(True, seats)

    def pin(self, seat: str, cards: frozenset[str], moment: int) -> bool:
        """Presume that ``seat``'s card not seen at ``moment`` is one of ``cards`` (the next
        lead says he won the trick); False, presuming nothing, when no placement allows it."""
        fact = Fact(seat, self.model_names(seat, cards), moment, label=seat, only=True,
                    until=moment)
        if self.worlds.conflict(fact) is not None:
            return False
        self.worlds.add(fact)
        return True

    def note(self, seat: str, rule: str, trick: int) -> None:
        """Mark ``rule`` as a check on ``seat`` that could not be made at ``trick`` (0: before
        play), kept in one note per deal and seat."""
        if self.probing:
            return
        if seat not in self.unchecked:
            self.unchecked[seat] = (len(self.notes), {})
            self.note_seats[len(self.notes)] = seat
            self.notes.append((UNCHECKED, ""))
        index, rules = self.unchecked[seat]
        tricks = rules.setdefault(rule, [])
        if trick not in tricks:
            tricks.append(trick)
        self.notes[index] = (UNCHECKED, unchecked_message(seat, rules))

    def forced(self, seat: str, cards: frozenset[str]) -> list[str]:
        """The cards of ``cards`` that ``seat`` holds in every placement now."""
        forced = {card_of(name) for name in self.worlds.forced_cards(seat, self.now)}
        return sorted(card for card in forced if card in cards)

    def winner_choices(self) -> list[dict[int, str]]:
        """Every way to pick the winners of the tricks the record leaves open (trick number
        -> seat); one empty choice when none is open."""
        choices: list[dict[int, str]] = [{}]
        for number, seats in self.open_tricks:
            choices = [{**choice, number: seat} for choice in choices for seat in seats]
        return choices

    def point_values(self, slots: set[tuple[str, int]], points: Mapping[str, int]
                     ) -> set[int] | None:
        """Every total of the card points of the unseen cards played to ``slots`` ((seat,
        moment) of ``??`` plays); beyond the analysis limit, every total from the least to the
        greatest (a total between them may then be out of reach); None when no world is
        left."""
        if not slots:
            return {0}

        def cost(holder: str, leave: int, name: str) -> int:
            return points.get(card_of(name), 0) if (holder, leave) in slots else 0

        values = self.worlds.point_values(cost)
        if values is None:  # too many to list one by one: every total between the extremes
            extremes = self.worlds.point_range(cost)
            return None if extremes is None else set(range(extremes[0], extremes[1] + 1))
        return values

    def possible(self, seat: str) -> set[str]:
        """Every card ``seat`` may hold among his unseen cards now."""
        if not self.held_unseen(seat, self.now):
            return set()
        return {card_of(name) for name in self.worlds.possible_cards(seat, self.now)}


@dataclass(slots=True)
class Seen:
    """What the first pass finds of one seat."""

    given: bool = False
    """His hand line is in the record."""
    line: Counter[str] = field(default_factory=Counter)
    line_unseen: int = 0
    dealt: Counter[str] = field(default_factory=Counter)
    """Every card the record shows he was dealt: his line, and what his plays (or his trump
    choice) show beyond it."""
    extra: int = 0
    used: Counter[str] = field(default_factory=Counter)
    unseen_plays: list[int] = field(default_factory=list)

    @property
    def open(self) -> bool:
        """Some of his dealt cards are not in his hand line."""
        return not self.given or self.line_unseen > 0


@contextmanager
def presuming_nothing(model: UnseenDeal | None) -> Iterator[None]:
    """While the legal alternatives are listed (``Ruleset.legal_actions``), a game's checks
    ask ``model`` but add no fact and no note (``UnseenDeal.probing``)."""
    if model is None:
        yield
        return
    model.probing = True
    try:
        yield
    finally:
        model.probing = False


def scan_deal(deal: Deal) -> tuple[bool, Event | None, Event | None]:
    """One pass over a deal (it runs for every deal checked): whether ``??`` stands anywhere
    in it, its first trump choice and its first call that names the card it shows."""
    unseen = any(UNSEEN in hand.cards for hand in deal.hands)
    choice = shown = None
    for item in deal.items:
        if type(item) is not Event:  # type(), not isinstance: Event is final
            continue
        action = item.action
        cards = action.cards
        if cards:
            if UNSEEN in cards:
                unseen = True
            kind = action.kind
            if kind == "play":
                continue
            if kind == "call" and shown is None:
                shown = item
        if choice is None and action.kind == "trump":
            choice = item
    return unseen, choice, shown


def read_lines(deal: Deal, seats: tuple[str, ...]) -> dict[str, Seen]:
    """What the hand lines show of each seat."""
    seen = {seat: Seen() for seat in seats}
    for hand in deal.hands:
        entry = seen[hand.seat]
        entry.given = True
        for card in hand.cards:
            if card == UNSEEN:
                entry.line_unseen += 1
            else:
                entry.line[card] += 1
                entry.dealt[card] += 1
    return seen


def read_plays(deal: Deal, seen: dict[str, Seen], placed: Counter[str],
                copies: Counter[str], kinds: tuple[str, ...] = ("play",)) -> dict[int, str]:
    """Place the cards the plays show; return who leads after each trick. ``kinds``: the
    actions that lay a card to a trick (Avinas also leads face down: ``down``)."""
    moment = 0
    next_leader: dict[int, str] = {}
    in_trick = trick = 0
    players = len(seen)
    for event in deal.events:
        action = event.action
        if action.kind not in kinds or action.seat is None:
            continue
        if in_trick == 0:
            if trick:
                next_leader[trick] = action.seat
            trick += 1
        in_trick = (in_trick + 1) % players
        entry = seen[action.seat]
        for card in action.cards:
            if card == UNSEEN:
                entry.unseen_plays.append(moment)
                continue
            if entry.used[card] >= entry.dealt[card]:
                if not entry.open:
                    continue  # not his card: the replay reports it (not held)
                claim(entry, card, placed, copies, action.seat, event)
            entry.used[card] += 1
        moment += 1
    return next_leader


def play_seats(deal: Deal) -> list[str]:
    """The seat of each play of the deal, in record order."""
    return [event.action.seat for event in deal.events
            if event.action.kind == "play" and event.action.seat is not None]


def known_cards(deal: Deal, seat: str, entry: Seen, floating: Counter[str]) -> list[str]:
    """The cards ``seat`` is seen to be dealt and to hold until a seen play: his line's, then
    those his plays show beyond it (less the floating ones)."""
    beyond = entry.dealt - entry.line
    line = [c for hand in deal.hands if hand.seat == seat for c in hand.cards if c != UNSEEN]
    known = Counter(line) + beyond - floating
    cards = []
    for card in line + list(beyond.elements()):
        if known[card] > 0:
            cards.append(card)
            known[card] -= 1
    return cards


def claim(entry: Seen, card: str, placed: Counter[str], copies: Counter[str], seat: str,
           where: Spanned) -> None:
    if copies[card] == 0:
        raise located(RecordError("record.card-not-in-pack", f"{card} is not in the pack"),
                      where)
    if placed[card] >= copies[card]:
        raise located(RecordError(
            INCONSISTENT,
            f"{card} is played by {seat} but the record already shows "
            f"{'it' if copies[card] == 1 else 'every copy'} elsewhere"), where)
    placed[card] += 1
    entry.dealt[card] += 1
    entry.extra += 1


def float_known_cards(seen: Mapping[str, Seen], placed: Counter[str],
                      also: str | None = None) -> dict[str, Counter[str]]:
    """The known cards no seen play shows of each seat that plays cards not seen (and of
    ``also``): any of them may be among his ``??`` plays, so they leave ``placed`` and float
    among his own slots (each is his, leaving at a time unknown)."""
    floating: dict[str, Counter[str]] = {}
    for seat, entry in seen.items():
        if entry.unseen_plays or seat == also:
            rest = entry.dealt - entry.used
            if rest:
                floating[seat] = rest
                placed -= rest
    return floating


def floating_worlds(copies: Counter[str], placed: Counter[str],
                    floating: Mapping[str, Counter[str]], holders: Iterable[str],
                    shared: Mapping[str, str] | None = None) -> Worlds:
    """The model of the cards no line or seen play places. Each floating copy is a card of
    its own name ("TD/P5", ``own_name``), allowed only in its seat's slots (and in the holder
    ``shared`` names for that seat): with two copies of a card, the other copy stays free."""
    supply = {card: n - placed[card] for card, n in copies.items() if n > placed[card]}
    for seat, rest in floating.items():
        for card, n in rest.items():
            supply[card] -= n
            if not supply[card]:
                del supply[card]
            supply[own_name(card, seat)] = n
    worlds = Worlds(supply)
    holders = tuple(holders)
    for seat, rest in floating.items():
        allowed = {seat, (shared or {}).get(seat, seat)}
        for other in holders:
            if other not in allowed:
                worlds.exclude(other, [own_name(card, seat) for card in rest])
    return worlds


def own_name(card: str, seat: str) -> str:
    """The model's name of ``seat``'s own copy of ``card`` (known his, played unseen or
    not)."""
    return f"{card}/{seat}"


def card_of(name: str) -> str:
    return name.split("/", 1)[0]


def unchecked_message(seat: str, rules: dict[str, list[int]]) -> str:
    parts = []
    for rule, tricks in rules.items():
        at = [t for t in tricks if t]
        where = (f" at trick{'s' * (len(at) > 1)} {_and(at)}" if at else "")
        parts.append(rule + where)
    return (f"{seat}: could not check {_and(parts)}, for lack of seen cards (legal for some "
            f"of the cards not seen)")


def _and(items: Sequence[object]) -> str:
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def cut_message(worlds: Worlds) -> str:
    cut = worlds.cut()
    if cut is None:
        return "the unseen cards cannot be placed in the hands the record leaves open"
    cards = " ".join(sorted({card_of(card) for card in cut.cards}))
    holders = ", ".join(sorted(cut.holders)) or "nobody"
    return (f"the unseen cards {cards} can only be with {holders}, who have room for "
            f"{cut.room} of them, not {cut.need}")
