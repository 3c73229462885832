"""The auction: bids, passes, the redeal demand and the end of bidding."""

from __future__ import annotations

from referee.games.twenty_eight.base import Engine28
from referee.games.twenty_eight.known import seat_of
from referee.games.twenty_eight.scoring import (
    is_pointless,
)
from referee.games.twenty_eight.state import (
    AUCTION,
    TRUMP,
    TwentyEightState,
)
from referee.model.record import Action
from referee.rules.base import (
    Effect,
    Exclusion,
)


class Auction(Engine28):
    """Bidding, checked and carried out."""

    def _auction_closed_message(self, state: TwentyEightState) -> str:
        if state.high_bid is not None and state.high_bid >= self.opts.max_bid:
            return f"the auction ended with {state.high_bidder}'s bid of {state.high_bid}"
        if state.bidder is not None:
            return (f"the auction ended: {state.bidder} is the bidder at {state.bid}")
        return "the auction is over"

    def _check_call(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        """A bid or pass judged, not carried out (``_call``)."""
        return self._call(state, action, lay=False)

    def _apply_bid(self, state: TwentyEightState, action: Action) -> None:
        """A bid carried out (``_call``), unjudged."""
        self._call(state, action, judge=False)

    def _apply_pass(self, state: TwentyEightState, action: Action) -> None:
        """A pass carried out (``_call``), unjudged."""
        self._call(state, action, judge=False)

    def _call(self, state: TwentyEightState, action: Action, judge: bool = True,
              lay: bool = True) -> Exclusion | None:
        """A bid or pass judged (``judge``) and, if legal, carried out (``lay``): one
        function, as some ten calls of every deal checked come here.

        The judgement: the auction open, a final pass, the turn, then for a pass the opening
        bid and the dealer's forced bid, for a bid its range, a second bid, the forced bid and
        the standing bid."""
        seat, kind, _, value, _ = action
        assert seat is not None  # every action of the family has a seat
        if state.stage != AUCTION:
            if not judge:
                return None  # calls after the end of the auction are ignored
            what = "bid" if kind == "bid" else "pass"
            return self._excl("28.auction-over",
                              f"{seat} may not {what}: {self._auction_closed_message(state)}")
        opts = self.opts
        calls = state.calls
        first_call = not calls
        # the dealer must bid if everybody before him passed (dealer_forced_bid): asked
        # before the call changes the state, as the judgement and the carrying out need it
        forced = (seat == state.dealer and opts.dealer_forced_bid != "none"
                  and state.high_bid is None and len(calls) == self.players - 1)
        if judge:
            if opts.pass_final and kind == "bid" and seat in state.passed:
                return self._excl("28.pass-final", f"{seat} has passed and may not bid "
                                  f"again (pass_final)")
            if seat != state.turn:
                return self._excl("28.turn",
                                  f"it is {state.turn}'s turn to speak, not {seat}'s")
            if kind == "pass":
                if (first_call and opts.opening_bid_forced and seat == state.first_hand
                        and not self._may_decline(state, seat)):
                    return self._excl(
                        "28.opening-bid", f"{seat} is first hand and must open with a bid of "
                        f"{opts.min_bid} or more{self._opening_alternatives(state, seat)}; "
                        f"he may not pass")
                if forced:
                    return self._excl("28.dealer-bid", f"everybody else passed: {seat}, the "
                                      f"dealer, must bid{self._forced_bid_words()}; he may "
                                      f"not pass")
            else:
                out = self._bid_problem(state, seat, value, forced)
                if out:
                    return out
            if not lay:
                return None
        if kind == "pass":
            calls.append((seat, None))
            state.passes_in_row += 1
            state.passed.add(seat)
        else:
            bid = value if isinstance(value, int) else None
            calls.append((seat, bid))
            if bid is not None:
                # every bid stands as made, an illegal one too (not higher, out of turn, over
                # a partner, out of range, after a final pass): its bidder holds the bid at
                # that level and the auction goes on from there
                state.high_bid, state.high_bidder = bid, seat
                state.passes_in_row = 0
                state.passed.discard(seat)
                state.forced_bid = forced
            else:
                state.passes_in_row += 1
        # the next seat speaks; with pass_final, seats that passed are skipped
        nxt = self.next_seat[seat]
        if opts.pass_final:
            while nxt in state.passed and nxt != seat:
                nxt = self.next_seat[nxt]
        state.turn = nxt
        if first_call and kind == "pass" and seat == state.first_hand:
            reason = self._declined_with_next_pointless(state)
            if reason:
                self._annul(state, reason)
                return None
        # the end of the auction
        high = state.high_bid
        if high is not None and high >= opts.max_bid or state.forced_bid:
            self._close_auction(state)  # nothing higher is legal; the dealer's bid is final
        elif opts.auction_end == "single_round":
            if len(calls) >= self.players:
                self._close_auction(state)
        elif opts.pass_final:
            if set(self.table.seats) - {state.high_bidder} <= state.passed:
                self._close_auction(state)
        # three passes after a bid end it; four passes with no bid throw the deal in
        elif state.passes_in_row >= self.players - (1 if high is not None else 0):
            self._close_auction(state)
        return None

    def _bid_problem(self, state: TwentyEightState, seat: str, value: object, forced: bool
                     ) -> Exclusion | None:
        """A bid's range, a second bid, the dealer's forced bid (``forced``: he must bid)
        and the standing bid (``_call``)."""
        opts = self.opts
        out = self._bid_range_problem(seat, value)
        if out or not isinstance(value, int):
            return out
        if opts.second_bid_min:
            out = self._second_bid_problem(state, seat, value)
            if out:
                return out
        if opts.dealer_forced_bid == "exact" and value != opts.min_bid and forced:
            return self._excl("28.dealer-bid", f"everybody else passed: {seat}, the dealer, "
                              f"must bid{self._forced_bid_words()}, not {value}")
        return self._over_standing_problem(seat, state.high_bidder, state.high_bid, value)

    def _may_decline(self, state: TwentyEightState, seat: str) -> bool:
        """True if first hand ``seat`` may pass at his first turn under
        ``annul_fh_and_next_pointless``: his first batch has no point card (or the
        record does not give it: a note says the check could not be made)."""
        if not self.opts.annul_fh_and_next_pointless:
            return False
        four = state.first_four.get(seat)
        return four is None or is_pointless(four, self.card_point_table)

    def _opening_alternatives(self, state: TwentyEightState, seat: str) -> str:
        """What else first hand may do instead of opening, in words (for the message)."""
        batch = self._first_batch_words()
        if self.opts.redeal_fh_pointless and self.opts.annul_fh_and_next_pointless:
            return (f" (or, if his first {batch} hold no point, demand a redeal or pass)")
        if self.opts.redeal_fh_pointless:
            return f" (or demand a redeal if his first {batch} hold no point)"
        if self.opts.annul_fh_and_next_pointless:
            return f" (or pass if his first {batch} hold no point)"
        return ""

    def _over_standing_problem(self, seat: str, holder: str | None, standing: int | None,
                               value: int) -> Exclusion | None:
        """A bid not above the standing bid, or over one's partner's."""
        if standing is not None and value <= standing:
            return self._excl("28.bid-higher", f"{seat} must bid more than {standing} "
                              f"({holder}'s standing bid), or pass")
        return self._partner_raise_problem(seat, holder, standing, value)

    def _bid_range_problem(self, seat: str, value: object) -> Exclusion | None:
        """A bid outside [min_bid, max_bid]."""
        opts = self.opts
        if not isinstance(value, int) or not opts.min_bid <= value <= opts.max_bid:
            return self._excl("28.bid-range", f"{seat}'s bid of {value} is out of range: bids "
                              f"go from {opts.min_bid} to {opts.max_bid}")
        return None

    def _second_bid_problem(self, state: TwentyEightState, seat: str, value: int
                            ) -> Exclusion | None:
        """A player's second (or later) bid under ``second_bid_min`` (28.bid-range; Forty's "a
        second bid must be 30 or more" read literally), when the option is on."""
        least = self.opts.second_bid_min
        if value >= least:
            return None
        if not any(who == seat and bid is not None for who, bid in state.calls):
            return None
        return self._excl("28.bid-range", f"{seat} has bid before in this auction: his second "
                          f"bid must be {least} or more (second_bid_min), not {value}")

    def _partner_raise_problem(self, seat: str, high_bidder: str | None,
                               high_bid: int | None, value: int) -> Exclusion | None:
        """Bidding ``value`` over the standing bid, if it is ``seat``'s partner's."""
        if high_bidder is None or high_bid is None or high_bidder not in self.partners[seat]:
            return None
        rule = self.opts.partner_raise
        if rule == "forbidden":
            return self._excl("28.partner-raise", f"{seat} may not bid over his partner "
                              f"{high_bidder}'s standing bid of {high_bid} "
                              f"(partner_raise = forbidden); he may pass")
        floor = max(self.partner_raise_floor, high_bid + 1)
        if rule == "min20" and value < floor:
            return self._excl(
                "28.partner-raise", f"{seat} bids {value} over his partner {high_bidder}'s "
                f"standing bid of {high_bid}: over one's partner the bid must be "
                f"at least {floor} (partner_raise = min20)")
        return None

    def _forced_bid_words(self) -> str:
        if self.opts.dealer_forced_bid == "exact":
            return f" exactly {self.opts.min_bid} (dealer_forced_bid = exact)"
        return f" {self.opts.min_bid} or more (dealer_forced_bid = any)"

    def _check_redeal(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        """First hand's redeal demand. An illegal one stops the replay: the record
        cannot show the deal that should follow it."""
        problem = self._redeal_problem(state, seat_of(action))
        return None if problem is None else self._excl("28.redeal", problem, Effect.STOPS)

    def _redeal_problem(self, state: TwentyEightState, seat: str) -> str | None:
        """Why ``seat`` may not demand a redeal now (None if he may)."""
        fh = state.first_hand
        if state.stage != AUCTION:
            return (f"{seat} may not demand a redeal now: "
                    f"{self._auction_closed_message(state)}")
        if not self.opts.redeal_fh_pointless:
            return ("a redeal for a pointless four is not played "
                    "(redeal_fh_pointless = no)")
        if seat != fh:
            return (f"only first hand ({fh}) may demand a redeal for a "
                    f"pointless four, not {seat}")
        if state.calls:
            return (f"{seat} may demand a redeal only instead of his "
                    f"opening bid")
        four = state.first_four.get(seat)
        if four is not None and not is_pointless(four, self.card_point_table):
            counting = [c for c in four if self._pts(c)]
            return (f"{seat}'s first {self._first_batch_words()} ({self._show(four)}) hold "
                    f"points ({self._show(counting)}): no redeal; he must bid")
        return None

    def _auction_need(self, state: TwentyEightState) -> str:
        turn = state.turn
        if state.high_bid is None:
            return f"{turn} must still speak (nobody has bid yet)"
        if self.opts.auction_end == "single_round":
            return f"{turn} must still speak (each player speaks once)"
        passes = state.passes_in_row
        said = {0: "no pass follows", 1: "one pass follows", 2: "two passes follow"}.get(
            passes, f"{passes} passes follow")
        needed = {3: "three", 5: "five"}.get(self.players - 1, str(self.players - 1))
        if self.opts.pass_final:
            return f"{turn} must still speak (every other player must pass)"
        return (f"{turn} must still speak ({said} {state.high_bidder}'s {state.high_bid}; "
                f"{needed} end the auction)")

    def _declined_with_next_pointless(self, state: TwentyEightState) -> str | None:
        """Why first hand's pass at his first turn cancels the deal (option
        ``annul_fh_and_next_pointless``): his first batch and the next player's both have no
        point card. None if not, or if the record does not give either batch (the deal goes
        on, and a note says the check could not be made)."""
        if not self.opts.annul_fh_and_next_pointless:
            return None
        fh = state.first_hand
        nxt = self._next(fh)
        fours = (state.first_four.get(fh), state.first_four.get(nxt))
        if any(four is None or not is_pointless(four, self.card_point_table)
               for four in fours):
            return None
        batch = self._first_batch_words()
        return (f"first hand {fh} passed with no point card in his first {batch}, and the "
                f"next player {nxt} has none in his first {batch} either")

    def _close_auction(self, state: TwentyEightState) -> None:
        if state.high_bidder is None:
            count = {4: "four", 6: "six"}.get(self.players, str(self.players))
            self._annul(state, f"all {count} passed")
            return
        state.bidder, state.bid = state.high_bidder, state.high_bid
        state.stage = TRUMP
        state.turn = state.bidder

    def _apply_redeal(self, state: TwentyEightState, action: Action) -> None:
        # only a legal demand is carried out: an illegal one stops the walk (Effect.STOPS)
        self._annul(state, f"first hand {action.seat} demanded a redeal: his first "
                    f"{self._first_batch_words()} cards hold no point card")
