"""What the replay page shows of a deal of Twenty-Two: the living players' hands, the trick
(a play may be several cards), the dead players and the stock."""

from __future__ import annotations

from collections.abc import Iterable

from referee.games.twenty_two.state import TwentyTwoState
from referee.rules.base import TableView, trick_plays


def table_view(state: TwentyTwoState, seats: Iterable[str]) -> TableView:
    """The deal at this moment; ``seats``: every seat of the table, in order."""
    return TableView(
        hands={seat: list(cards) for seat, cards in state.hands.items()},
        turn=state.turn,
        trick=trick_plays(state.trick),
        last_trick=trick_plays(state.tricks[-1].plays) if state.tricks else (),
        out=tuple(seat for seat in seats if seat not in state.living),
        facts=(f"stock: {state.stock} cards",),
    )
