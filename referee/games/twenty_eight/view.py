"""What the replay page shows of a deal of the 28 family: the table, the contract, and the
trump, doubles, pair and the sources' variants' calls in words."""

from __future__ import annotations

from referee.games.twenty_eight.mode import SingleHandMode
from referee.games.twenty_eight.pack import MultiHand
from referee.games.twenty_eight.state import SECOND, TwentyEightState
from referee.model.cards import card_text, suit_text
from referee.rules.base import TableView, trick_plays


def table_view(state: TwentyEightState) -> TableView:
    """The deal at this moment: a concealed trump card lies face down before its bidder."""
    mode = state.mode
    concealed = state.facedown is not None and state.bidder is not None and not state.revealed
    return TableView(
        hands={seat: cards.copies() if isinstance(cards, MultiHand) else list(cards)
               for seat, cards in state.hands.items()},
        turn=state.turn,
        trick=trick_plays(state.trick),
        last_trick=trick_plays(state.tricks[-1].plays) if state.tricks else (),
        out=mode.partners if isinstance(mode, SingleHandMode) else (),
        concealed={state.bidder: 1} if concealed and state.bidder else {},
        holder=state.bidder,
        bid=state.bid,
        high_bid=(state.high_bidder, state.high_bid) if state.high_bidder else None,
        facts=(*_trump_words(state), *_call_words(state)),
    )


def _trump_words(state: TwentyEightState) -> list[str]:
    """The trump as the table knows it: a concealed card stays hidden until it is called."""
    if state.mode.declarer:
        return [f"single hand: {state.mode.declarer} (no trumps)"]
    if state.no_trump:
        return ["no trumps"]
    if state.facedown is None and state.trump is None:
        return []
    if not state.revealed:
        return [f"trump: face down (by {state.bidder})"]
    shown = card_text(state.facedown) if state.facedown is not None else suit_text(state.trump)
    return [f"trump: {shown} shown (called by {state.caller})"]


def _call_words(state: TwentyEightState) -> list[str]:
    """Doubles, the pair, "C", the second bidding round and a shown hand."""
    words = []
    if state.doubled_by:
        words.append(f"doubled by {state.doubled_by}")
    if state.redoubled_by:
        words.append(f"redoubled by {state.redoubled_by}")
    if state.pair:
        words.append(f"pair: {state.pair}")
    if state.c_by:
        words.append(f"C by {state.c_by}: the deal is worth a whole game")
    if state.stage == SECOND:
        words.append("second bidding round")
    if state.shown:
        words.append(f"{state.shown} shows his hand: the deal ends")
    return words
