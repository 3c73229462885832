"""The seventh-card choice as the 28 family writes it (``28.seventh-card``).

The bidder may choose trumps by his seventh card, the third of his second batch. The notation
reads that choice two ways, ``SEAT trump CARD`` and ``SEAT trump seventh``; the canonical text,
the JSON form and ``referee simulate`` write the card wherever the hand line shows it. The
writer knows no game: the family's ruleset hands it ``spelled`` (``Ruleset.spelled_action``),
so a record of any other game, or of none, is written as it holds the action.
"""

from __future__ import annotations

from referee.model.cards import Card
from referee.model.record import Action, Deal

SEVENTH = 6
"""Where the seventh card stands in a hand line written in its dealing rounds."""


def seventh_card(deal: Deal, seat: str | None) -> Card | None:
    """``seat``'s seventh card: the 7th card of his hand line when it is written in dealing
    rounds; None otherwise."""
    hand = next((h for h in deal.hands if h.seat == seat), None)
    if hand is None or len(hand.rounds) < 2:
        return None
    cards = hand.cards
    return cards[SEVENTH] if len(cards) > SEVENTH else None


def spelled(deal: Deal, action: Action) -> Action:
    """``action`` as the canonical record writes it: ``trump seventh`` becomes ``trump CARD``
    with the seat's seventh card where the hand line shows it. Kept as written where that card
    is also in the first round (a double pack's second copy): ``trump CARD`` would then lay
    the first round's copy."""
    if action.kind != "trump" or action.value != "seventh":
        return action
    card = seventh_card(deal, action.seat)
    hand = next(h for h in deal.hands if h.seat == action.seat) if card else None
    if card is None or hand is None or card in hand.rounds[0]:
        return action
    return Action(action.seat, "trump", (card,))
