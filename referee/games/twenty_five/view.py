"""What the replay page shows of a deal of Twenty-Five: the table, the turned-up card and
the trumps, a robbed card, and which cards are trumps (a player may renege with a top one)."""

from __future__ import annotations

from referee.games.twenty_five.state import TwentyFiveState
from referee.model.cards import card_text, suit_text
from referee.rules.base import TableView, trick_plays


def table_view(state: TwentyFiveState) -> TableView:
    """The deal at this moment."""
    data = state.data
    words = []
    if state.turned:
        words.append(f"turned up: {card_text(state.turned)}"
                     + (f" (trumps {suit_text(data.trump)})" if data is not None else ""))
    if state.robbed_by:
        words.append(f"robbed by {state.robbed_by}"
                     + (f", discarding {card_text(state.discard)}" if state.discard else ""))
    return TableView(
        hands={seat: list(cards) for seat, cards in state.hands.items()},
        turn=state.turn,
        trick=trick_plays(state.trick),
        last_trick=trick_plays(state.tricks[-1].plays) if state.tricks else (),
        facts=tuple(words),
        trumps=data.trumps if data is not None else frozenset(),
    )
