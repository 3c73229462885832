"""What the replay page shows of a deal of Avinas: the table (a lead may lie face down), the
declarer and his bid, the trump, the exposed sevens, knocks and a stopped deal, in words."""

from __future__ import annotations

from referee.games.avinas.state import AvinasState
from referee.model.cards import card_text, suit_text
from referee.rules.base import TableView, trick_plays


def table_view(state: AvinasState) -> TableView:
    """The deal at this moment."""
    last = state.tricks[-1] if state.tricks else None
    return TableView(
        hands={seat: list(cards) for seat, cards in state.hands.items()},
        turn=state.turn,
        trick=trick_plays(state.trick),
        lead_face_down=state.trick_down,
        last_trick=trick_plays(last.plays) if last else (),
        last_lead_face_down=last.face_down if last else False,
        role="declarer",
        holder=state.declarer,
        bid=state.bid,
        high_bid=(state.high_bidder, state.high_bid) if state.high_bidder else None,
        facts=(*_trump_words(state), *_table_words(state)),
    )


def _trump_words(state: AvinasState) -> list[str]:
    """An exposed seven, a named suit or the lead make the trump."""
    if state.trump:
        how = " (the exposed seven)" if state.sevens else ""
        return [f"trump: {suit_text(state.trump)}{how}"]
    return ["trump: not named yet"] if state.declarer else []


def _table_words(state: AvinasState) -> list[str]:
    words = []
    if state.exposed:
        words.append("exposed: " + ", ".join(f"{seat} {card_text(card)}"
                                             for seat, card in state.exposed))
    if state.knocker:
        words.append(f"knock: {state.knocker}")
    if state.counter_knocker:
        words.append(f"counter-knock: {state.counter_knocker}")
    if state.stopped:
        words.append(f"stopped after trick {state.stopped}")
    return words
