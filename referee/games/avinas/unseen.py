"""A deal of Avinas with cards not seen: its first pass (every card the record shows placed,
the rest spread over each seat's unseen slots), and what the exposure of the 4th and 8th cards
proves when some of them are not seen (referee.rules.unseen has the model, the presumptions
and the notes; docs/partial-records.md says what a player may expect).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from referee.model.cards import UNSEEN
from referee.model.errors import INCONSISTENT, RecordError, located
from referee.model.record import Deal
from referee.rules.unseen import (
    Seen,
    UnseenDeal,
    cut_message,
    float_known_cards,
    floating_worlds,
    known_cards,
    read_lines,
    read_plays,
)
from referee.rules.worlds import END, Worlds

SEVENS = frozenset("7" + suit for suit in "SHDC")
EXPOSED_POSITIONS = (3, 7)
"""The 4th and 8th cards, in dealing order (0-based)."""


@dataclass(slots=True)
class AvinasUnseen(UnseenDeal):
    """A deal of Avinas with cards not seen: the game's own facts besides."""

    dealt: dict[str, list[str]] = field(default_factory=dict)
    """Seat -> the cards the record shows he was dealt (his line's, then those his plays show
    beyond it)."""
    positions: dict[str, list[str | None]] = field(default_factory=dict)
    """Seat -> his eight cards in dealing order (None: written ``??``), for the seats whose
    hand line is written in its two dealing rounds."""
    sevens: tuple[int, ...] = ()
    """The numbers of exposed sevens (k) the record allows, in a sevens game."""
    trumps: frozenset[str] = frozenset()
    """The trump cards once trumps are known (for the presumptions)."""


def read_unseen(deal: Deal, seats: Iterable[str], hand_size: int, pack: Iterable[str]
                ) -> AvinasUnseen:
    """The first pass over a deal with cards not seen (a ``??``, a hand left out): every card
    it shows placed, the rest of the pack spread over the unseen slots of each seat
    (``RecordError`` record.inconsistent where no placement exists)."""
    seats = tuple(seats)
    seen = read_lines(deal, seats)
    copies = Counter(pack)
    placed: Counter[str] = Counter()
    for entry in seen.values():
        placed.update(entry.line)
    next_leader = read_plays(deal, seen, placed, copies, kinds=("play", "down"))
    floating = float_known_cards(seen, placed)
    worlds = floating_worlds(copies, placed, floating, seats)
    slots = _slots(worlds, seen, floating, hand_size, deal)
    if not worlds.physically_feasible():
        raise located(RecordError(INCONSISTENT, cut_message(worlds)), deal)
    dealt = {seat: known_cards(deal, seat, entry, floating.get(seat, Counter()))
             for seat, entry in seen.items()}
    positions = {hand.seat: [None if c == UNSEEN else c for c in hand.cards]
                 for hand in deal.hands if len(hand.rounds) == 2}
    return AvinasUnseen(worlds, slots, {s: e.unseen_plays for s, e in seen.items()},
                        next_leader=next_leader,
                        floating={s: frozenset(c) for s, c in floating.items()},
                        dealt=dealt, positions=positions)


def _slots(worlds: Worlds, seen: dict[str, Seen], floating: dict[str, Counter[str]],
           hand_size: int, deal: Deal) -> dict[str, int]:
    """Give each seat his unseen slots: one per ``??`` play, the rest held to the end."""
    slots: dict[str, int] = {}
    for seat, entry in seen.items():
        free = ((entry.line_unseen if entry.given else hand_size) - entry.extra
                + sum(floating.get(seat, Counter()).values()))
        if free < len(entry.unseen_plays) or free < 0:
            shown = sum(entry.dealt.values())
            raise located(RecordError(
                INCONSISTENT,
                f"{seat} was dealt {hand_size} cards, but the record shows {shown} of them "
                f"and {len(entry.unseen_plays)} more played unseen"), deal)
        slots[seat] = free
        for at in entry.unseen_plays:
            worlds.add_slots(seat, at)
        if free > len(entry.unseen_plays):
            worlds.add_slots(seat, END, free - len(entry.unseen_plays))
    return slots


@dataclass(frozen=True, slots=True)
class Exposure:
    """What the exposed 4th and 8th cards come to when some are not seen: the declarer of a
    sevens game (None: a no-sevens game), the trump suits his seven may be of, and the numbers
    of exposed sevens (k) the record allows."""

    declarer: str | None
    trumps: tuple[str, ...] = ()
    sevens: tuple[int, ...] = ()
    shown: tuple[tuple[str, str], ...] = ()
    """The exposed cards the record shows, in the order of exposure."""
    open: tuple[str, ...] = ()
    """The seats with a 4th or 8th card not seen that may be a seven."""


def position_card(unseen: AvinasUnseen | None, dealt: dict[str, list[str]],
                  ordered: set[str], seat: str, position: int) -> str | None:
    """The card at ``position`` of ``seat``'s deal, when the record shows it."""
    if unseen is not None:
        line = unseen.positions.get(seat)
        return None if line is None else line[position]
    return dealt[seat][position] if seat in ordered else None


def may_be_seven(unseen: AvinasUnseen | None, dealt: dict[str, list[str]],
                 ordered: set[str], seat: str) -> set[str]:
    """The sevens a position of ``seat`` the record does not show may hold: his known sevens
    whose position is not seen, and the unseen sevens he may hold."""
    placed = set()
    if seat in ordered or (unseen is not None and seat in unseen.positions):
        line = (unseen.positions[seat] if unseen is not None and seat in unseen.positions
                else dealt[seat])
        placed = {card for card in line if card is not None}
    sevens = {card for card in dealt.get(seat, ()) if card in SEVENS and card not in placed}
    if unseen is not None:
        sevens |= {card for card in unseen.possible(seat) if card in SEVENS}
    return sevens


def runs_text(values: tuple[int, ...]) -> str:
    """1, 2-4: values as runs."""
    runs: list[list[int]] = []
    for value in values:
        if runs and value == runs[-1][-1] + 1:
            runs[-1].append(value)
        else:
            runs.append([value])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)
