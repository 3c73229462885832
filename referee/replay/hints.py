"""Hints that explain a finding by the likely slip behind it, so that a reader fixes the record
and not the game.

The commonest transcription slip is a trick written in seat order (N E S W) instead of the
order the cards were played: the first card out of turn is a ``turn`` finding, and every later
total is off. When the plays of the trick with the ``turn`` finding name every seat once, in
the order the seats sit (either way round) yet not in the game's order of play from the first
of them, the finding says so.

Another is a deal begun by the wrong seat (the dealer written down, then the auction begun by
the seat on the dealer's other side): the ``turn`` finding on the deal's first action says who
is first hand and why, from the dealer and the direction of play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.model.record import AUCTION_KINDS, Deal, Event
from referee.report.model import DealReport

_PLAYS = frozenset({"play", "down"})

SEAT_ORDER_HINT = ("the plays of trick {trick} are written in seat order ({order}): tricks are "
                   "written in the order the cards were played, from the leader")


FIRST_HAND_HINT = "dealer {dealer}: play goes {direction}, so {first} {verb} first"


def add_first_hand_hint(deal: Deal, report: DealReport, table: Sequence[str],
                        next_seat: Mapping[str, str] | None) -> None:
    """Append who is first hand, and why, to the ``turn`` finding on the deal's first action
    when the game expected the seat after the dealer (``next_seat``: each seat's successor in
    play) and another seat acted."""
    if next_seat is None or report.dealer is None or report.dealer not in next_seat:
        return
    event = next((item for item in deal.items
                  if isinstance(item, Event) and item.action.seat is not None), None)
    if event is None:
        return
    first = next_seat[report.dealer]
    if event.action.seat == first:
        return
    for finding in report.findings:
        if (finding.rule.endswith(".turn") and finding.seat == event.action.seat
                and finding.span == event.span and f"it is {first}'s turn" in finding.message):
            clockwise = len(table) > 1 and next_seat.get(table[0]) == table[1]
            verb = "speaks" if event.action.kind in AUCTION_KINDS else "plays"
            hint = FIRST_HAND_HINT.format(
                dealer=report.dealer, first=first, verb=verb,
                direction="clockwise" if clockwise else "counter-clockwise")
            finding.message += f"; {hint}"
            return


def trick_seats(deal: Deal) -> dict[int, list[str]]:
    """The seats of each trick's plays, in the order the record writes them."""
    seats: dict[int, list[str]] = {}
    current: int | None = None
    for item in deal.items:
        if not isinstance(item, Event):
            continue
        if item.trick is not None:
            current = item.trick
        if current is not None and item.action.kind in _PLAYS and item.action.seat:
            seats.setdefault(current, []).append(item.action.seat)
    return seats


def in_seat_order(written: Sequence[str], table: Sequence[str]) -> bool:
    """True if ``written`` names every seat of ``table`` once, in the order they sit at the
    table, clockwise or counter-clockwise, starting anywhere."""
    if len(written) != len(table) or len(table) < 3 or sorted(written) != sorted(table):
        return False
    start = table.index(written[0])
    forward = [table[(start + i) % len(table)] for i in range(len(table))]
    backward = [table[(start - i) % len(table)] for i in range(len(table))]
    return list(written) in (forward, backward)


def play_order(first: str, next_seat: Mapping[str, str], count: int) -> list[str]:
    """``count`` seats in the order of play, from ``first``."""
    order = [first]
    while len(order) < count:
        order.append(next_seat[order[-1]])
    return order


def add_seat_order_hints(deal: Deal, report: DealReport, table: Sequence[str],
                         next_seat: Mapping[str, str] | None) -> None:
    """Append the seat-order hint to the deal's first ``turn`` finding in a trick written
    in seat order but not in the order of play (``next_seat``: each seat's successor in
    play; without it the game's order is not known and no hint is given)."""
    if next_seat is None:
        return
    tricks: dict[int, list[str]] | None = None
    for finding in report.findings:
        if not finding.rule.endswith(".turn") or finding.trick is None:
            continue
        if tricks is None:
            tricks = trick_seats(deal)
        written = tricks.get(finding.trick, [])
        if (in_seat_order(written, table)
                and written != play_order(written[0], next_seat, len(written))):
            hint = SEAT_ORDER_HINT.format(trick=finding.trick, order=" ".join(written))
            finding.message += f"; {hint}"
            return
