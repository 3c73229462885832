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
from types import SimpleNamespace

from referee.games.twenty_eight.hooks import Apply, Check, Hooks
from referee.games.twenty_eight.known import known, seat_of
from referee.games.twenty_eight.state import (
    AUCTION,
    Match28,
    TwentyEightState,
)
from referee.games.twenty_eight.variant import Variant
from referee.model.record import Action
from referee.rules.base import Exclusion


class Duel(Variant):
    """The duel auction (``hold``), checked and carried out."""

    kinds = ("hold",)

    @staticmethod
    def is_on(opts: SimpleNamespace) -> bool:
        return bool(opts.auction_style == "duel")

    def start_deal(self, match: Match28, state: TwentyEightState) -> None:
        if state.stage == AUCTION:
            state.duel_holder = state.first_hand
            state.duel_challenger = self.engine._next(state.first_hand)
            state.turn = state.duel_challenger

    def candidates(self, state: TwentyEightState) -> Iterator[Action]:
        if state.stage == AUCTION and state.turn is not None:
            yield Action(state.turn, "hold")

    def wire(self, hooks: Hooks) -> None:
        hooks.check_call = self._duel_check(hooks.check_call)
        hooks.apply_bid = self._duel_apply(hooks.apply_bid, self._apply_bid)
        hooks.apply_pass = self._duel_apply(hooks.apply_pass, self._apply_pass)
        auction_need = hooks.auction_need

        def duel_need(state: TwentyEightState) -> str:
            if state.stage != AUCTION:
                return auction_need(state)
            return f"{state.turn} must still speak ({self._need(state)})"
        hooks.auction_need = duel_need

    # checks --------------------------------------------------------------------------------
    def _duel_check(self, then: Check) -> Check:
        def check_call(state: TwentyEightState, action: Action) -> Exclusion | None:
            if state.stage != AUCTION:
                return then(state, action)
            return self._check_call(state, action)
        return check_call

    def _check_call(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        engine = self.engine
        seat = seat_of(action)
        opts = engine.opts
        if seat != state.turn:
            return engine._excl("28.turn", f"it is {state.turn}'s turn to speak, not {seat}'s "
                                f"({self._need(state)})")
        if action.kind == "pass":
            if state.duel_forced:
                return engine._excl("28.hold", f"nobody named a number: {seat}, first "
                                    f"hand, must bid exactly {opts.min_bid}; he may not pass")
            return None
        value = action.value
        out = engine._bid_range_problem(seat, value)
        if out or not isinstance(value, int):
            return out
        if state.duel_forced:
            if value != opts.min_bid:
                return engine._excl("28.hold", f"nobody named a number: {seat}, first "
                                    f"hand, must bid exactly {opts.min_bid}, not {value}")
            return None
        if seat == state.duel_holder:
            return engine._excl("28.hold", f"{seat} holds against {state.duel_challenger}: he "
                                f"answers {state.duel_challenger}'s {state.high_bid} with "
                                f"'hold' or passes; he does not name a number")
        return engine._over_standing_problem(seat, state.high_bidder, state.high_bid, value)

    def check(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        """An illegal hold is reported and has no effect."""
        problem = self._hold_problem(state, action)
        return None if problem is None else problem.without_effect()

    def _hold_problem(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        engine = self.engine
        seat = seat_of(action)
        if engine.opts.auction_style != "duel":
            return engine._excl("28.hold", f"{seat} says 'hold', which belongs to the duel "
                                f"auction (auction_style = duel); here he bids or passes")
        if state.stage != AUCTION:
            return engine._excl("28.auction-over", f"{seat} may not hold: "
                                f"{engine._auction_closed_message(state)}")
        if seat != state.turn:
            return engine._excl("28.turn", f"it is {state.turn}'s turn to speak, not {seat}'s "
                                f"({self._need(state)})")
        if seat != state.duel_holder or state.duel_forced:
            return engine._excl("28.hold", f"only the holder answers a number with 'hold': "
                                f"{seat} names a number or passes")
        return None

    def _need(self, state: TwentyEightState) -> str:
        if state.duel_forced:
            return "nobody named a number: first hand must bid the minimum"
        if state.turn == state.duel_holder:
            return (f"the duel: {state.duel_holder} answers {state.duel_challenger}'s "
                    f"{state.high_bid} with hold or pass")
        standing = (f"{state.duel_holder} holds {state.high_bid}" if state.high_bid is not None
                    else f"{state.duel_holder} holds, no number named yet")
        return f"the duel: {standing}; {state.duel_challenger} names a number or passes"

    # carrying out --------------------------------------------------------------------------
    @staticmethod
    def _duel_apply(then: Apply, own: Apply) -> Apply:
        def apply(state: TwentyEightState, action: Action) -> None:
            if state.stage != AUCTION:
                then(state, action)
            else:
                own(state, action)
        return apply

    def _apply_bid(self, state: TwentyEightState, action: Action) -> None:
        seat = seat_of(action)
        value = action.value if isinstance(action.value, int) else None
        state.calls.append((seat, value))
        if value is None:
            return
        # every number stands as named: a holder's number is an illegal hold
        state.high_bid, state.high_bidder = value, seat
        if state.duel_forced:
            self.engine._close_auction(state)
        elif seat == state.turn and seat == state.duel_challenger:
            state.turn = state.duel_holder
        elif seat == state.turn and seat == state.duel_holder:
            state.turn = state.duel_challenger

    def apply(self, state: TwentyEightState, action: Action) -> None:
        # only a legal hold is applied: an illegal one has no effect (Effect.NO_EFFECT)
        state.high_bidder = action.seat  # he takes the challenger's number
        state.turn = state.duel_challenger

    def _apply_pass(self, state: TwentyEightState, action: Action) -> None:
        seat = seat_of(action)
        state.calls.append((seat, None))
        if seat != state.turn:
            return  # out of turn: no effect
        if state.duel_forced:
            self.engine._close_auction(state)  # first hand refused the forced bid: nobody bid
            return
        state.passed.add(seat)
        if seat == state.duel_holder:  # the challenger survives at his number
            state.duel_holder = state.duel_challenger
        self._next_challenger(state)

    def _next_challenger(self, state: TwentyEightState) -> None:
        """The next player in turn challenges the survivor; after the dealer, it ends."""
        engine = self.engine
        if len(state.passed) >= engine.players - 1:
            if state.high_bidder is None:
                state.duel_forced = True  # nobody named a number
                state.turn = state.first_hand
                return
            engine._close_auction(state)
            return
        nxt = engine.next_seat[known(state.duel_challenger)]
        while nxt in state.passed or nxt == state.duel_holder:
            nxt = engine.next_seat[nxt]
        state.duel_challenger = nxt
        state.turn = nxt

