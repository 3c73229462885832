"""A deal of Twenty-Five with cards not seen: its first pass and what only Twenty-Five presumes
(referee.rules.unseen has the model, the presumptions and the notes).

Twenty-Five deals five cards to each of 3 to 10 players and turns up one card of the rest: the
stock holds every card dealt to nobody, face down, so nobody ever sees it (``STOCK``, a holder
that may hold anything). The turn-up is public: it is never unseen. A robber's discard leaves
his hand face down: it is one of his unseen cards, leaving his hand at the rob, before his own
next play (so a void he shows later does not cover it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from referee.model.cards import UNSEEN
from referee.model.errors import INCONSISTENT, RecordError, located
from referee.model.record import Deal
from referee.rules.dealing import deal_card
from referee.rules.unseen import (
    Presumed,
    Seen,
    UnseenDeal,
    claim,
    cut_message,
    float_known_cards,
    floating_worlds,
    known_cards,
    own_name,
    read_lines,
)
from referee.rules.worlds import END, Fact, Worlds

STOCK = "the stock"
"""The holder of the cards dealt to nobody (the turn-up aside): nobody sees them."""
DEALT = -1
"""The moment before the first event: a fact from it covers every card a seat was dealt (his
rob discard too)."""


@dataclass(slots=True)
class UnseenCards(UnseenDeal):
    """A deal of Twenty-Five with cards not seen: the game's own facts besides."""

    dealt: dict[str, list[str]] = field(default_factory=dict)
    """Seat -> the cards the record shows he was dealt (his line's, then those his plays or
    his rob discard show beyond it)."""
    ace_unseen: bool = False
    """The ace of trumps is among the cards not seen: who may rob is not known."""
    discard_unseen: bool = False
    """The robber's discard is written ``??``."""
    turned_floats: bool = False
    """The robber takes the turn-up and plays cards not seen after the rob: the turn-up may
    be one of them, so the model holds it (among his slots after the rob), not his hand."""

    follows: list[tuple[str, str, int, frozenset[str]]] = field(default_factory=list)
    """The seen cards played to the trick in progress when its lead is not seen: (seat,
    card, moment, the cards he was known to hold then)."""

    def holder_of(self, card: str) -> str | None:
        """The seat whose known card ``card`` floats among his unseen cards (None: none)."""
        return next((seat for seat, cards in self.floating.items() if card in cards), None)

    def presume_dealt(self, seat: str, card: str, rule: str, trick: int) -> Presumed:
        """The check that ``seat`` was dealt ``card`` (a rob: the ace of trumps): a note and a
        fact when the model cannot tell, a failure when no placement of the unseen cards
        allows it (``culprits`` when only the facts of several plays together rule it out)."""
        fact = Fact(seat, frozenset((card,)), DEALT, label=seat, holds=True)
        return self.presume(fact, rule, trick,
                            lambda: not self.worlds.must_hold(seat, (card,), DEALT))


def check_lines(deal: Deal, size: int) -> None:
    """``RecordError`` at the first hand line given twice, of the wrong size, or dealing a seen
    card twice (``??`` may stand any number of times)."""
    owner: dict[str, str] = {}
    given: set[str] = set()
    for hand in deal.hands:
        if hand.seat in given:
            raise located(RecordError("record.hand-twice",
                                      f"{hand.seat}'s hand is given twice"), hand)
        given.add(hand.seat)
        for card in hand.cards:
            if card != UNSEEN:
                deal_card(owner, card, hand.seat, hand)
        if len(hand.cards) != size:
            raise located(RecordError(
                "record.hand-size", f"{hand.seat} has {len(hand.cards)} cards; each player is "
                f"dealt {size}"), hand)


def turned_card(deal: Deal) -> str | None:
    """The deal's turned-up card (None: not recorded); ``RecordError`` if it is written
    ``??``: the turn-up lies face up for everybody to see, so a record always knows it."""
    event = next((e for e in deal.events if e.action.kind == "turnup"), None)
    if event is None:
        return None
    card = event.action.cards[0]
    if card == UNSEEN:
        raise located(RecordError(
            "record.unseen", "the turned-up card is laid face up for every player to see: "
                             "write the card ('turnup CARD'), even in a record seen from one "
                             "seat"), event)
    return card


def read_unseen(deal: Deal, seats: Iterable[str], hand_size: int, pack: Iterable[str]
                ) -> UnseenCards:
    """The first pass over a deal with unseen cards: every card it shows placed, the rest of
    the pack spread over the unseen slots of each seat and the stock (``RecordError`` where
    the record places more cards than a seat was dealt, or a card twice)."""
    seats = tuple(seats)
    pack = tuple(pack)
    seen = read_lines(deal, seats)
    copies = Counter(pack)
    placed: Counter[str] = Counter()
    for entry in seen.values():
        placed.update(entry.line)
    turned = turned_card(deal)
    if turned is not None and turned in copies and not placed[turned]:
        placed[turned] += 1  # a turn-up that is also dealt is the replay's 25.turnup finding
    actions = _read_actions(deal, seen, placed, copies, turned)
    floating = float_known_cards(seen, placed)
    robber, robbed_at = actions.robber, actions.robbed_at
    early: tuple[str, int, str] | None = None
    if (turned is not None and robber is not None and not actions.turned_played
            and any(at >= robbed_at for at in seen[robber].unseen_plays)):
        # the turn-up he took may be among his cards not seen played after the rob
        floating.setdefault(robber, Counter())[turned] += 1
        placed[turned] -= 1
        early = (robber, robbed_at, own_name(turned, robber))
    worlds = floating_worlds(copies, placed, floating, (*seats, STOCK))
    slots = _slots(worlds, seen, floating, hand_size, deal, early)
    stock = len(pack) - hand_size * len(seats) - (turned is not None)
    if stock > 0:
        worlds.add_slots(STOCK, END, stock)
    if not worlds.physically_feasible():
        raise located(RecordError(INCONSISTENT, cut_message(worlds)), deal)
    dealt = {seat: known_cards(deal, seat, entry, floating.get(seat, Counter()))
             for seat, entry in seen.items()}
    return UnseenCards(worlds, slots, {s: e.unseen_plays for s, e in seen.items()},
                       next_leader=actions.next_leader,
                       floating={s: frozenset(c) for s, c in floating.items()},
                       dealt=dealt, discard_unseen=actions.discard_unseen,
                       turned_floats=early is not None)


@dataclass(slots=True)
class _Actions:
    """What the first pass reads of the plays and the rob."""

    next_leader: dict[int, str] = field(default_factory=dict)
    robber: str | None = None
    robbed_at: int = 0
    """The plays laid before the rob."""
    discard_unseen: bool = False
    turned_played: bool = False
    """The turned-up card is seen played."""


def _read_actions(deal: Deal, seen: dict[str, Seen], placed: Counter[str],
                  copies: Counter[str], turned: str | None) -> _Actions:
    """Place the cards the plays and the rob discard show; note who leads after each trick,
    who robs and when. The turned-up card is no dealt card (a robber takes it), and the
    discard leaves the robber's hand before the play that follows the rob."""
    moment = 0
    found = _Actions()
    in_trick = trick = 0
    players = len(seen)
    for event in deal.events:
        action = event.action
        seat = action.seat
        if seat is None or action.kind not in ("play", "rob") or not action.cards:
            continue
        entry = seen[seat]
        card = action.cards[0]  # a play of several cards is 25.turn
        if action.kind == "rob":
            if found.robber is not None or card == turned:
                continue  # a second rob, or the turn-up named as the discard: not carried out
            found.robber, found.robbed_at = seat, moment
            if card == UNSEEN:
                found.discard_unseen = True
                entry.unseen_plays.append(moment - 1)
            else:
                _place(entry, card, placed, copies, seat, event)
            continue
        if in_trick == 0:
            if trick:
                found.next_leader[trick] = seat
            trick += 1
        in_trick = (in_trick + 1) % players
        if card == UNSEEN:
            entry.unseen_plays.append(moment)
        elif card == turned:
            found.turned_played = True
        else:
            _place(entry, card, placed, copies, seat, event)
        moment += 1
    return found


def _place(entry: Seen, card: str, placed: Counter[str], copies: Counter[str], seat: str,
           event: object) -> None:
    if entry.used[card] >= entry.dealt[card]:
        if not entry.open:
            return  # not his card: the replay reports it (not held)
        claim(entry, card, placed, copies, seat, event)  # type: ignore[arg-type]
    entry.used[card] += 1


def _slots(worlds: Worlds, seen: dict[str, Seen], floating: dict[str, Counter[str]],
           hand_size: int, deal: Deal, early: tuple[str, int, str] | None) -> dict[str, int]:
    """Give each seat his unseen slots (one per ``??`` play or discard, the rest held to the
    end). ``early``: the robber, the plays before his rob and the model's name of the turn-up
    he takes, when it floats: his slots that leave before the rob (the discard among them)
    cannot be it."""
    slots: dict[str, int] = {}
    for seat, entry in seen.items():
        free = ((entry.line_unseen if entry.given else hand_size) - entry.extra
                + sum(floating.get(seat, Counter()).values()))
        if free < len(entry.unseen_plays):
            shown = sum(entry.dealt.values())
            raise located(RecordError(
                INCONSISTENT,
                f"{seat} was dealt {hand_size} cards, but the record shows {shown} of them "
                f"and {len(entry.unseen_plays)} more played or discarded unseen"), deal)
        slots[seat] = free
        for at in entry.unseen_plays:
            if early is not None and seat == early[0] and at < early[1]:
                worlds.add_slots(seat, at, allowed=set(worlds.cards) - {early[2]})
            else:
                worlds.add_slots(seat, at)
        if free > len(entry.unseen_plays):
            worlds.add_slots(seat, END, free - len(entry.unseen_plays))
    return slots
