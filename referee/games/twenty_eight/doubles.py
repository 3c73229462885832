"""Double and redouble, said after the trump choice and before the second batch."""

from __future__ import annotations

from referee.games.twenty_eight.base import Engine28
from referee.games.twenty_eight.known import known, seat_of
from referee.games.twenty_eight.state import (
    AUCTION,
    PLAY,
    TRUMP,
    TwentyEightState,
)
from referee.model.record import Action
from referee.rules.base import (
    Exclusion,
)


class Doubles(Engine28):
    """The double window."""

    def _window_closed(self, state: TwentyEightState) -> str | None:
        if state.stage in (AUCTION, TRUMP):
            return "trumps have not been chosen yet"
        alone = state.mode.rules_out("double")
        if alone:
            return alone
        if state.stage == PLAY:
            return "the second batch has been dealt and play has begun"
        return None

    def _check_double(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        seat = seat_of(action)
        if not self.opts.double_allowed:
            return self._excl("28.double", "doubling is not played (double_allowed = no)")
        if self.opts.double_cap < 2:
            return self._excl("28.double", "the multiplier is capped at 1 (double_cap = 1): no "
                              "double")
        closed = self.hooks.window_closed(state)
        if closed:
            return self._excl("28.double", f"{seat} may double only after the trump choice and "
                              f"before the second batch: {closed}")
        if self.table.same_team(seat, known(state.bidder)):
            return self._excl("28.double", f"{seat} is on the bidding side ({state.bidder} bid "
                              f"{state.bid}); only an opponent may double")
        if state.doubled_by:
            return self._excl("28.double", f"the contract is already doubled (by "
                              f"{state.doubled_by}); one double only")
        return None

    def _check_redouble(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        seat = seat_of(action)
        if not self.opts.redouble_allowed:
            return self._excl("28.redouble", "redoubling is not played (redouble_allowed = no)")
        if self.opts.double_cap < 4:
            return self._excl("28.redouble", f"the multiplier is capped at "
                              f"{self.opts.double_cap} (double_cap): no redouble")
        closed = self.hooks.window_closed(state)
        if closed:
            return self._excl("28.redouble", f"{seat} may redouble only before the second "
                              f"batch: {closed}")
        if not self.table.same_team(seat, known(state.bidder)):
            return self._excl("28.redouble", f"{seat} is an opponent of the bidder "
                              f"{state.bidder}; only the bidding side may redouble")
        if state.redoubled_by:
            return self._excl("28.redouble", f"the contract is already redoubled (by "
                              f"{state.redoubled_by}); one redouble only")
        if not state.doubled_by or state.last_kind != "double":
            return self._excl("28.redouble", f"{seat} may redouble only directly after an "
                              f"opponent's double")
        if self.opts.high_bid_two and state.bid is not None \
                and state.bid >= self.high_bid_from:
            return self._excl("28.redouble", f"a bid of {state.bid} is worth 2 and doubled 4, "
                              f"the cap: it cannot be redoubled (high_bid_two)")
        return None

    def _apply_double(self, state: TwentyEightState, action: Action) -> None:
        if state.doubled_by is None and not state.mode.rules_out("double"):
            state.doubled_by = action.seat

    def _apply_redouble(self, state: TwentyEightState, action: Action) -> None:
        if state.redoubled_by is None and not state.mode.rules_out("redouble"):
            state.redoubled_by = action.seat
