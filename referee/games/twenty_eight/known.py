"""Facts the rules make sure of, told to the type checker: a 28 action's seat, the bidder once
the auction is over."""

from __future__ import annotations

from typing import TypeVar

from referee.model.record import Action

T = TypeVar("T")


def known(value: T | None) -> T:
    """``value``, which the rules make sure is set here (the bidder once the auction is over,
    the seat of a 28 action: only the table's turn-up has none, and the family has none)."""
    assert value is not None
    return value


def seat_of(action: Action) -> str:
    """The seat of an action of the 28 family (every one has a seat)."""
    return known(action.seat)
