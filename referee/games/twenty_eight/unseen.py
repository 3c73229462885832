"""A deal of the 28 family with cards not seen: its first pass, which also places the bidder's
face-down trump card (``FACEDOWN``), and what only the family presumes (referee.rules.unseen
has the model, the presumptions and the notes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from referee.model.errors import INCONSISTENT, RecordError, located
from referee.model.record import Action, Deal
from referee.rules.unseen import (
    Seen,
    UnseenDeal,
    claim,
    cut_message,
    float_known_cards,
    floating_worlds,
    known_cards,
    play_seats,
    read_lines,
    read_plays,
)
from referee.rules.worlds import END, Worlds

FACEDOWN = "the face-down card"
"""The holder of the 28 family's concealed trump card while it lies face down: a card of the
bidder's deal, but outside his hand until it is exposed (a void he shows does not cover it)."""


@dataclass(slots=True)
class UnseenCards(UnseenDeal):
    """A deal of the 28 family with cards not seen: the game's own facts besides."""

    actual: dict[int, Action] = field(default_factory=dict)
    """``id`` of a recorded trump choice or call -> the action as the referee reads it (a
    ``trump ??`` whose card a later call names is read as that card)."""
    dealt: dict[str, list[str]] = field(default_factory=dict)
    """Seat -> the cards the record shows he was dealt and holds until a seen play (his
    line's, then those his plays or his trump choice show beyond it)."""
    facedown_unseen: bool = False
    """The bidder's face-down card is never named in the record."""
    trump_lead_maybe: bool = False
    """A player other than the bidder led a card not seen (perhaps a trump)."""


def read_unseen(deal: Deal, seats: Iterable[str], hand_size: int, pack: Iterable[str],
                bidder_card: tuple[str, str | None] | None) -> UnseenCards:
    """The first pass over a deal with unseen cards: every card it shows placed, the rest of
    the pack spread over the unseen slots of each seat (``RecordError`` where the record
    places more cards than a seat was dealt, or a card twice).

    ``bidder_card``: the bidder and the face-down trump card as the record names it (None:
    never named), when trumps are chosen by a face-down card."""
    seats = tuple(seats)
    seen = read_lines(deal, seats)
    copies = Counter(pack)
    placed: Counter[str] = Counter()
    for entry in seen.values():
        placed.update(entry.line)
    facedown_unseen = False
    if bidder_card is not None:
        bidder, laid = bidder_card
        entry = seen[bidder]
        if laid is None:
            facedown_unseen = True
        elif entry.dealt[laid] == 0 and entry.open:
            claim(entry, laid, placed, copies, bidder, deal)
    next_leader = read_plays(deal, seen, placed, copies)
    # A seat that plays cards not seen may have played any of his known cards that no seen
    # play shows: those float among his own slots (each is his, leaving at a time unknown).
    # So may the bidder's, when his face-down card is not seen: it is one of his cards.
    bidder_seat = bidder_card[0] if facedown_unseen and bidder_card is not None else None
    floating = float_known_cards(seen, placed, bidder_seat)
    # the bidder's known cards may be the face-down one, not seen: they may lie there too
    holders = (*seats, FACEDOWN) if bidder_seat is not None else seats
    worlds = floating_worlds(copies, placed, floating, holders,
                             {bidder_seat: FACEDOWN} if bidder_seat is not None else None)
    slots = _slots(worlds, seen, floating, hand_size, bidder_seat, deal)
    if facedown_unseen:
        worlds.add_slots(FACEDOWN, END)
        slots[FACEDOWN] = 1
    if not worlds.physically_feasible():
        raise located(RecordError(INCONSISTENT, cut_message(worlds)), deal)
    dealt = {seat: known_cards(deal, seat, entry, floating.get(seat, Counter()))
             for seat, entry in seen.items()}
    return UnseenCards(worlds, slots, {s: e.unseen_plays for s, e in seen.items()},
                       next_leader=next_leader, play_seats=play_seats(deal),
                       floating={s: frozenset(c) for s, c in floating.items()},
                       dealt=dealt, facedown_unseen=facedown_unseen)


def _slots(worlds: Worlds, seen: dict[str, Seen], floating: dict[str, Counter[str]],
           hand_size: int, bidder: str | None, deal: Deal) -> dict[str, int]:
    """Give each seat his unseen slots (one per ``??`` play, the rest held to the end); the
    bidder's face-down card, when unseen, is not one of them."""
    slots: dict[str, int] = {}
    for seat, entry in seen.items():
        free = ((entry.line_unseen if entry.given else hand_size) - entry.extra
                + sum(floating.get(seat, Counter()).values()) - (seat == bidder))
        if free < len(entry.unseen_plays):
            shown = sum(entry.dealt.values())
            raise located(RecordError(
                INCONSISTENT,
                f"{seat} was dealt {hand_size} cards, but the record shows {shown} of them "
                f"and {len(entry.unseen_plays)} more played unseen"
                + (" besides his face-down trump card" if seat == bidder else "")), deal)
        slots[seat] = free
        for at in entry.unseen_plays:
            worlds.add_slots(seat, at)
        if free > len(entry.unseen_plays):
            worlds.add_slots(seat, END, free - len(entry.unseen_plays))
    return slots


