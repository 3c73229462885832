"""What the replay page shows of a deal of Twenty-Five: the table, the turned-up card and
the trumps, a robbed card, and which cards are trumps (a player may renege with a top one)."""

from __future__ import annotations

from referee.games.twenty_five.cards import PLAIN_ORDER, TRUMP_ORDER
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


def cards_words() -> str:
    """The cards, their order and their points, in words (the docs page's "Cards")."""
    def shown(cards: tuple[str, ...]) -> str:
        return " ".join(card.replace("T", "10", 1) if card[0] == "T" else card
                        for card in cards)

    trumps = "; ".join(f"{name} trumps: {shown(TRUMP_ORDER[suit])}"
                       for suit, name in (("H", "hearts"), ("D", "diamonds"),
                                          ("C", "clubs"), ("S", "spades")))
    return ("52 cards. Trumps, highest first (" + trumps + "). The ace of hearts is "
            "always the third trump. Plain suits, highest first: "
            f"hearts {shown(PLAIN_ORDER['H'])}; diamonds {shown(PLAIN_ORDER['D'])}; "
            f"clubs {shown(PLAIN_ORDER['C'])}; spades {shown(PLAIN_ORDER['S'])} "
            "(\"highest in red, lowest in black\"). Every trick is worth 5 points; the "
            "first side to 25 wins.")


SHEET_MEANINGS = {
    "points": "the points each side took in the deal: 5 a trick (a deal that ends the "
              "game counts the tricks up to the one that reached 25)",
    "game points": "what the deal added to each side's score (the same points)",
    "score": "each side's score after the deal; the first side to 25 wins",
}
"""What the score sheet's columns mean in Twenty-Five (the docs page's "The score sheet")."""

OUTCOME_WORDS = (
    "- **tricks: ...**: the points each side took in a deal played to its end.",
    "- **... reach 25 at trick N: game over**: the trick that won the game; nothing is "
    "played after it.",
)
"""The words of the score sheet's outcome column in Twenty-Five."""
