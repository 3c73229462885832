"""The duel ("hold") auction of the Bangladeshi Twenty-Nine sources (their auction format).
Option ``auction_style = duel``, Twenty-Nine only.

First hand holds and the next player challenges him; then the others, in turn, challenge the
survivor, the dealer last. The challenger names a number (at least the minimum, above the
standing one: ``N 17``) or passes; the holder answers ``hold`` (he takes that number) or
passes. A pass is final: the player drops out. When the holder passes, the challenger becomes
the holder at his number. The auction ends when three players have dropped out (a bid of the
maximum does not end it at once: the holder may still hold it). If nobody names a number,
first hand must then bid exactly the minimum, which ends it.

Choices where the sources are silent, an illegal bid standing as made as everywhere: a
holder who names a number instead of holding has made an illegal call whose number stands (he
holds at that number and the challenger speaks); a challenger's ``hold`` is illegal and has no
effect; an out-of-turn bid stands at its level and the turn does not move; an illegal pass
by first hand when he must bid ends the auction without a bid. ``dealer_forced_bid`` and
``pass_final`` do not apply (the duel has its own forced bid and its passes are final);
``auction_end = single_round`` cannot be combined with it (refused).
"""

from __future__ import annotations

from collections.abc import Iterator

from referee.games.twenty_eight.base import Engine28
from referee.games.twenty_eight.state import AUCTION, Match28, TwentyEightState
from referee.record import Action, Deal
from referee.rules.base import Exclusion


class Duel(Engine28):
    """The duel auction, checked and carried out."""

    def _duel(self, state: TwentyEightState) -> bool:
        return self.opts.auction_style == "duel" and state.stage == AUCTION

    def start_deal(self, match: Match28, deal: Deal) -> TwentyEightState:
        state = super().start_deal(match, deal)
        if self.opts.auction_style == "duel" and state.stage == AUCTION:
            state.duel_holder = state.first_hand
            state.duel_challenger = self._next(state.first_hand)
            state.turn = state.duel_challenger
        return state

    def _variant_candidates(self, state: TwentyEightState) -> Iterator[Action]:
        yield from super()._variant_candidates(state)
        if state.stage == AUCTION and state.turn is not None:
            yield Action(state.turn, "hold")

    # checks --------------------------------------------------------------------------------
    def _check_call(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        if not self._duel(state):
            return super()._check_call(state, action)
        seat = action.seat
        opts = self.opts
        if seat != state.turn:
            return self._excl("28.turn", f"it is {state.turn}'s turn to speak, not {seat}'s "
                              f"({self._duel_need(state)})")
        if action.kind == "pass":
            if state.duel_forced:
                return self._excl("28.hold", f"nobody named a number: {seat}, first "
                                  f"hand, must bid exactly {opts.min_bid}; he may not pass")
            return None
        value = action.value
        out = self._bid_range_problem(seat, value)
        if out or not isinstance(value, int):
            return out
        if state.duel_forced:
            if value != opts.min_bid:
                return self._excl("28.hold", f"nobody named a number: {seat}, first "
                                  f"hand, must bid exactly {opts.min_bid}, not {value}")
            return None
        if seat == state.duel_holder:
            return self._excl("28.hold", f"{seat} holds against {state.duel_challenger}: he "
                              f"answers {state.duel_challenger}'s {state.high_bid} with 'hold' "
                              f"or passes; he does not name a number")
        return self._over_standing_problem(seat, state.high_bidder, state.high_bid, value)

    def _check_hold(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        """An illegal hold is reported and has no effect."""
        problem = self._hold_problem(state, action)
        return None if problem is None else problem.without_effect()

    def _hold_problem(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        seat = action.seat
        if self.opts.auction_style != "duel":
            return self._excl("28.hold", f"{seat} says 'hold', which belongs to the duel auction "
                              f"(auction_style = duel); here he bids or passes")
        if state.stage != AUCTION:
            return self._excl("28.auction-over", f"{seat} may not hold: "
                              f"{self._auction_closed_message(state)}")
        if seat != state.turn:
            return self._excl("28.turn", f"it is {state.turn}'s turn to speak, not {seat}'s "
                              f"({self._duel_need(state)})")
        if seat != state.duel_holder or state.duel_forced:
            return self._excl("28.hold", f"only the holder answers a number with 'hold': {seat} "
                              f"names a number or passes")
        return None

    def _auction_need(self, state: TwentyEightState) -> str:
        if not self._duel(state):
            return super()._auction_need(state)
        return f"{state.turn} must still speak ({self._duel_need(state)})"

    def _duel_need(self, state: TwentyEightState) -> str:
        if state.duel_forced:
            return "nobody named a number: first hand must bid the minimum"
        if state.turn == state.duel_holder:
            return (f"the duel: {state.duel_holder} answers {state.duel_challenger}'s "
                    f"{state.high_bid} with hold or pass")
        standing = (f"{state.duel_holder} holds {state.high_bid}" if state.high_bid is not None
                    else f"{state.duel_holder} holds, no number named yet")
        return f"the duel: {standing}; {state.duel_challenger} names a number or passes"

    # carrying out --------------------------------------------------------------------------
    def _apply_bid(self, state: TwentyEightState, action: Action) -> None:
        if not self._duel(state):
            super()._apply_bid(state, action)
            return
        seat = action.seat
        value = action.value if isinstance(action.value, int) else None
        state.calls.append((seat, value))
        if value is None:
            return
        # every number stands as named: a holder's number is an illegal hold
        state.high_bid, state.high_bidder = value, seat
        if state.duel_forced:
            self._close_auction(state)
        elif seat == state.turn and seat == state.duel_challenger:
            state.turn = state.duel_holder
        elif seat == state.turn and seat == state.duel_holder:
            state.turn = state.duel_challenger

    def _apply_hold(self, state: TwentyEightState, action: Action) -> None:
        # only a legal hold is applied: an illegal one has no effect (Effect.NO_EFFECT)
        state.high_bidder = action.seat  # he takes the challenger's number
        state.turn = state.duel_challenger

    def _apply_pass(self, state: TwentyEightState, action: Action) -> None:
        if not self._duel(state):
            super()._apply_pass(state, action)
            return
        seat = action.seat
        state.calls.append((seat, None))
        if seat != state.turn:
            return  # out of turn: no effect
        if state.duel_forced:
            self._close_auction(state)  # first hand refused the forced bid: nobody bid
            return
        state.passed.add(seat)
        if seat == state.duel_holder:  # the challenger survives at his number
            state.duel_holder = state.duel_challenger
        self._next_challenger(state)

    def _next_challenger(self, state: TwentyEightState) -> None:
        """The next player in turn challenges the survivor; after the dealer, it ends."""
        if len(state.passed) >= self.players - 1:
            if state.high_bidder is None:
                state.duel_forced = True  # nobody named a number
                state.turn = state.first_hand
                return
            self._close_auction(state)
            return
        nxt = self.next_seat[state.duel_challenger]
        while nxt in state.passed or nxt == state.duel_holder:
            nxt = self.next_seat[nxt]
        state.duel_challenger = nxt
        state.turn = nxt
