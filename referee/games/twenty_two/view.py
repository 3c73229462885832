"""What the replay page shows of a deal of Twenty-Two: the living players' hands, the trick
(a play may be several cards), the dead players and the stock."""

from __future__ import annotations

from collections.abc import Iterable

from referee.games.twenty_two.model import DAMAGE, DEATH, RANK_ORDER
from referee.games.twenty_two.state import TwentyTwoState
from referee.model.cards import UNSEEN
from referee.rules.base import TableView, trick_plays


def table_view(state: TwentyTwoState, seats: Iterable[str]) -> TableView:
    """The deal at this moment; ``seats``: every seat of the table, in order."""
    return TableView(
        hands=_hands(state),
        turn=state.turn,
        trick=trick_plays(state.trick),
        last_trick=trick_plays(state.tricks[-1].plays) if state.tricks else (),
        out=tuple(seat for seat in seats if seat not in state.living),
        facts=(f"stock: {state.stock} cards",),
    )


def _hands(state: TwentyTwoState) -> dict[str, list[str]]:
    """Each hand as the page shows it: the cards known (a card not seen is not drawn)."""
    if state.model is None:
        return {seat: list(cards) for seat, cards in state.hands.items()}
    return {seat: [card for card in cards if card != UNSEEN]
            for seat, cards in state.hands.items()}


def cards_words() -> str:
    """The cards, their order and their damage, in words (the docs page's "Cards")."""
    ranks = " ".join("10" if rank == "T" else rank for rank in RANK_ORDER)
    damage = ", ".join(f"{'10' if rank == 'T' else rank} {DAMAGE[rank]}"
                       for rank in reversed(RANK_ORDER))
    return ("One pack of 52 cards (more with the option `packs`). No trumps, and suits do "
            f"not matter: only ranks count, lowest first: {ranks}. The highest card of "
            f"the last trick loses the deal; its damage: {damage}. {DEATH} damage is "
            "death.")


SHEET_MEANINGS = {
    "points": "the damage each player took in the deal (the loser's last card; `-` for "
              "a player who was already dead)",
    "score": "each player's total damage after the deal; 22 or more is death",
}
"""What the score sheet's columns mean in Twenty-Two (the docs page's "The score sheet")."""

OUTCOME_WORDS = (
    "- **SEAT loses with CARD: +N**: the highest card of the last trick and the damage it "
    "gives; tied players all lose.",
    "- **SEAT dies**: the player reached 22 damage and is dealt no more cards.",
    "- **alive ...**: the players still in the game after the deal.",
    "- **not played to its end: damage as recorded**: the deal's replay stopped; its "
    "damage is taken from its `result` line (without one the deal is not scored).",
)
"""The words of the score sheet's outcome column in Twenty-Two."""
