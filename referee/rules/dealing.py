"""Reading the hands of a deal: the checks every game makes on the cards it is given.

A card dealt on a hand line must be a card of the pack, seen, and dealt once; a card read
from the plays for a hand the record left out (the hands inferred from the plays) must not belong to
another seat. Each check raises a located ``RecordError`` at the first faulty card.
"""

from __future__ import annotations

from collections.abc import Container
from typing import Any

from referee.model.cards import UNSEEN, Card
from referee.model.errors import RecordError, located


def deal_card(owner: dict[Card, str], card: Card, seat: str, item: Any,
              pack: Container[Card] | None = None, pack_text: str = "") -> None:
    """Give ``card``, dealt to ``seat`` on ``item`` (a hand line), to ``seat`` in ``owner``.

    ``pack``, when given, is what the card must belong to, described by ``pack_text`` ("the
    32-card pack of Avinas (ranks ...)").
    """
    _known(card, item, pack, pack_text)
    if card in owner:
        where = ("twice in this hand" if owner[card] == seat
                 else f"to {owner[card]} and to {seat}")
        raise located(RecordError("record.card-twice", f"{card} is dealt {where}"), item)
    owner[card] = seat


def claim_played_card(owner: dict[Card, str], card: Card, seat: str, item: Any,
                      pack: Container[Card] | None = None, pack_text: str = "") -> bool:
    """``card``, played by ``seat`` at ``item``, for a hand inferred from the plays: True if
    it is new to ``seat`` (now his in ``owner``), False if he already had it."""
    _known(card, item, pack, pack_text)
    holder = owner.get(card)
    if holder is None:
        owner[card] = seat
        return True
    if holder != seat:
        raise located(RecordError(
            "record.card-twice",
            f"{card} is played by {seat} but belongs to {holder} (hands inferred from the "
            f"plays)"), item)
    return False


def _known(card: Card, item: Any, pack: Container[Card] | None, pack_text: str) -> None:
    if card == UNSEEN:
        raise located(RecordError(
            "record.unseen", "'??' (an unseen card) is not supported yet"), item)
    if pack is not None and card not in pack:
        raise located(RecordError("record.card-not-in-pack", f"{card} is not in {pack_text}"),
                      item)
