"""The single hand: one player against all, without trumps (A7.3)."""

from __future__ import annotations

from referee.games.scoring28 import (
    is_sure_winner_hand,
)
from referee.games.twenty_eight.base import Engine28
from referee.games.twenty_eight.state import (
    AUCTION,
    PLAY,
    TRUMP,
    TwentyEightState,
)
from referee.record import Action
from referee.rules.base import (
    Exclusion,
)


class SingleHand(Engine28):
    """Declaring a single hand."""

    def _check_single(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        seat = action.seat
        if not self.opts.single_hand:
            return self._excl("28.single-hand", "the single hand is not played (single_hand = "
                              "no)")
        if state.single:
            return self._excl("28.single-hand", f"{state.single} already plays a single hand")
        if state.stage in (AUCTION, TRUMP):
            now = "auction" if state.stage == AUCTION else "trump choice"
            return self._excl("28.single-hand", f"{seat} may declare a single hand only after "
                              f"the full deal (after the trump choice and any double), not "
                              f"during the {now}")
        if state.stage == PLAY:
            return self._excl("28.single-hand", f"{seat} may declare a single hand only before "
                              f"the lead to trick 1")
        hand = self._full_hand(state, seat)
        if len(hand) == self.hand_size and is_sure_winner_hand(
                hand, self.rank_order, self.equal_ranks, self.copies,
                last_wins=self.last_wins):
            return self._excl("28.single-hand", f"{seat} may not play a single hand with "
                              f"{self._show(hand)}: every card is a sure winner; he needs a "
                              f"card that could lose a trick")
        return None

    def _full_hand(self, state: TwentyEightState, seat: str) -> list[str]:
        """``seat``'s eight cards before the lead (a single hand is declared then): what he
        was dealt, the face-down card included, each copy of a double pack's card counted."""
        return list(state.dealt.get(seat, ()))

    def _apply_single(self, state: TwentyEightState, action: Action) -> None:
        if state.single or state.stage == PLAY:
            return  # a second single hand, or one declared after the lead, is disregarded
        seat = action.seat
        if state.bidder and state.facedown and not state.revealed:
            state.hands[state.bidder].add(state.facedown)
        state.single = seat
        state.single_partners = self.partners[seat]
        state.trick_size = state.players - len(state.single_partners)  # partners sit out
        state.trump = None
        state.facedown = None
        state.stage = PLAY
        state.turn = seat
