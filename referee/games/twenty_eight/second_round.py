"""The second bidding round after the full deal (Kerala house rules; the Forty paragraph of
the Wikipedia article: "a second bid must be 30 or more"). Off by default: option
``second_round``.

With ``second_round = minN`` a second auction follows the trump choice and the double window,
before a single hand, a show or play. The first-round winner opens it and the turn goes round
as in the first round; everyone may speak and a pass is not final. It ends after three passes
that follow a second-round bid (five at six seats), after four passes with no bid (six at six
seats: the first contract stands), or at a bid of the maximum. A bid is at least N and higher
than the standing bid; ``partner_raise`` applies. The record must hold the round: play before
it ends stops the replay of the deal.

The first second-round bid makes the doubles and "C" lapse. A new winner gets no double
window: the first face-down card goes back to its owner and he chooses trumps again
(``trump CARD`` with any of his cards; with the spare indicator, a suit). A first-round winner
who raised keeps his card, or chooses again with a ``trump`` event (his face-down card then
returns to his hand first). A contract won in the second round scores +2 made / -3 failed in
Twenty-Eight and Twenty-Nine (Kerala house rules); Forty and Fifty-Six score it by their own tables.

Choices where the sources are silent: an illegal second-round bid stands as made (the offender
becomes the high bidder at that level, as in the first round); a single hand or a show before
the round ends is illegal (the single hand is carried out, the show has no effect); the
misplay penalty during the round scores the standing contract.
"""

from __future__ import annotations

from collections.abc import Iterator
from copy import copy

from referee.games.scoring28 import ScoreTable
from referee.games.twenty_eight.base import Engine28
from referee.games.twenty_eight.outcome import Settlement
from referee.games.twenty_eight.state import (
    SECOND,
    TRUMP,
    WINDOW,
    Match28,
    TwentyEightState,
    _action_card,
)
from referee.record import Action, Deal
from referee.rules.base import Effect, Exclusion

SECOND_ROUND_TABLE = ScoreTable(((0, 2, 3),))
"""A contract won in the second round, in Twenty-Eight and Twenty-Nine: +2 made, -3 failed
(Kerala house rules)."""


class SecondRound(Engine28):
    """The second auction, checked and carried out."""

    second_round_table: ScoreTable | None = SECOND_ROUND_TABLE
    """The stake of a second-round contract; None: the game's own score table (Forty,
    Fifty-Six)."""

    def _second_minimum(self) -> int | None:
        value = str(self.opts.second_round)
        return int(value[3:]) if value.startswith("min") else None

    def start_deal(self, match: Match28, deal: Deal) -> TwentyEightState:
        state = super().start_deal(match, deal)
        state.second_due = self._second_minimum() is not None
        return state

    def _second_speaker(self, state: TwentyEightState) -> str | None:
        """Who speaks next in the second round (its opener before it starts)."""
        return state.turn if state.stage == SECOND else state.bidder

    def _variant_candidates(self, state: TwentyEightState) -> Iterator[Action]:
        yield from super()._variant_candidates(state)
        if not state.second_pending or state.stage not in (WINDOW, SECOND):
            return
        seat = self._second_speaker(state)
        if seat is None:
            return
        for value in range(self.opts.min_bid, self.opts.max_bid + 1):
            yield Action(seat, "bid", value=value)
        yield Action(seat, "pass")

    def _in_second_round(self, state: TwentyEightState) -> bool:
        return state.second_pending and state.stage in (WINDOW, SECOND)

    # checks --------------------------------------------------------------------------------
    def _check_call(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        if not self._in_second_round(state):
            return super()._check_call(state, action)
        seat = action.seat
        speaker = self._second_speaker(state)
        if seat != speaker:
            return self._excl("28.turn", f"it is {speaker}'s turn to speak in the second bidding "
                              f"round, not {seat}'s")
        if action.kind == "pass":
            return None
        opts = self.opts
        value = action.value
        out = self._bid_range_problem(seat, value)
        if out or not isinstance(value, int):
            return out
        minimum = self._second_minimum() or opts.min_bid
        if value < minimum:
            return self._excl("28.second-round", f"{seat} bids {value}: a bid of the second round "
                              f"is {minimum} or more (second_round = {opts.second_round})")
        standing, holder = self._second_standing(state)
        return self._over_standing_problem(seat, holder, standing, value)

    def _second_standing(self, state: TwentyEightState) -> tuple[int, str]:
        if state.stage == SECOND and state.high_bid is not None and state.high_bidder:
            return state.high_bid, state.high_bidder
        return state.bid or 0, state.bidder or ""

    def _check_play(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        if self._in_second_round(state):
            return self._excl("28.second-round", f"{action.seat} cannot play: "
                              f"{self._second_need(state)}", Effect.STOPS)
        return super()._check_play(state, action)

    def _check_single(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        if (self._in_second_round(state) and self.opts.single_hand
                and not state.mode.rules_out("single")):
            return self._excl("28.single-hand", f"{action.seat} may declare a single hand only "
                              f"after the second bidding round: {self._second_need(state)}")
        return super()._check_single(state, action)

    def _second_need(self, state: TwentyEightState) -> str:
        minimum = self._second_minimum()
        if state.stage != SECOND:
            return (f"the second bidding round (second_round = min{minimum}) has not been "
                    f"held: {state.bidder}, the bidder, opens it")
        return f"the second bidding round is not over: {state.turn} must still speak"

    def _check_trump_call(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        if self._in_second_round(state):
            return self._excl("28.call", f"{action.seat} may not call for the trump before the "
                              f"first lead: {self._second_need(state)}")
        return super()._check_trump_call(state, action)

    def _window_closed(self, state: TwentyEightState) -> str | None:
        if state.stage == SECOND:
            return "the second bidding round has begun"
        if state.second_over:
            return "the second bidding round has been held"
        return super()._window_closed(state)

    def _check_trump(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        if (state.stage == WINDOW and state.second_over and state.may_rechoose
                and action.seat == state.bidder):
            return self._second_trump_problem(state, action.seat, action)
        if state.stage == SECOND and state.second_bid:
            need = self._second_need(state)
            if action.seat != state.high_bidder:
                return self._excl("28.turn", f"{action.seat} cannot choose trumps: {need}",
                                  Effect.STOPS)
            # the maker of the standing second-round bid chooses: the round counts as over,
            # as a trump choice ends an open first auction; the choice itself
            # is then judged (without a second-round bid, trumps stand chosen: see super)
            problem = self._second_trump_problem(state, action.seat, action)
            if problem is not None and problem.fatal:
                return problem
            return self._excl("28.second-round", f"{action.seat} chooses trumps before the "
                              f"second bidding round is over: {need}")
        return super()._check_trump(state, action)

    def _trump_choice_problem(self, state: TwentyEightState, seat: str, action: Action
                              ) -> Exclusion | None:
        if not state.second_over:
            return super()._trump_choice_problem(state, seat, action)
        return self._second_trump_problem(state, seat, action)

    def _second_trump_problem(self, state: TwentyEightState, seat: str, action: Action
                              ) -> Exclusion | None:
        """After the second round the bidder lays any of his eight cards; with the
        spare indicator he names any suit."""
        card = _action_card(action)
        if action.value == "seventh":
            # ``trump seventh`` is another spelling of ``trump CARD`` for his seventh card (the
            # canonical form writes it so): one choice, one verdict, whichever spelling
            card = state.seventh.get(seat)
            if card is None:
                return self._excl("28.trump-card", f"after the second bidding round {seat} "
                                  f"lays any of his cards as the trump card: the record does "
                                  f"not show his seventh card", Effect.stops_when(not self.spare))
        if self.spare:
            return super()._trump_choice_problem(state, seat, action)
        if card is None:
            return self._excl("28.trump-card", f"{seat} must lay a card of the trump suit face "
                              f"down, not name a suit", Effect.STOPS)  # which card is unknown
        if card not in state.hands[seat] and (card != state.facedown or seat != state.bidder):
            return self._excl("28.not-held", f"{seat} does not hold {card} and cannot lay it "
                              f"face down as the trump card", Effect.STOPS)
        return None

    def incomplete_message(self, state: TwentyEightState) -> str:
        if self._in_second_round(state):
            return self._second_need(state)
        return super().incomplete_message(state)

    # carrying out --------------------------------------------------------------------------
    def _open_second_round(self, state: TwentyEightState) -> None:
        if state.stage == SECOND:
            return
        state.stage = SECOND
        state.high_bid, state.high_bidder = state.bid, state.bidder
        state.passes_in_row = 0

    def _apply_bid(self, state: TwentyEightState, action: Action) -> None:
        if not self._in_second_round(state):
            super()._apply_bid(state, action)
            return
        self._open_second_round(state)
        if isinstance(action.value, int):  # an illegal bid stands as made
            state.high_bid, state.high_bidder = action.value, action.seat
            state.passes_in_row = 0
            if not state.second_bid:  # the doubles and "C" lapse at the first bid
                state.second_bid = True
                state.doubled_by = state.redoubled_by = state.c_by = None
        state.turn = self.next_seat[action.seat]
        self._maybe_end_second_round(state)

    def _apply_pass(self, state: TwentyEightState, action: Action) -> None:
        if not self._in_second_round(state):
            super()._apply_pass(state, action)
            return
        self._open_second_round(state)
        state.passes_in_row += 1
        state.turn = self.next_seat[action.seat]
        self._maybe_end_second_round(state)

    def _maybe_end_second_round(self, state: TwentyEightState) -> None:
        if state.second_bid:
            if (state.high_bid is not None and state.high_bid >= self.opts.max_bid) \
                    or state.passes_in_row >= self.players - 1:
                self._close_second_round(state)
        elif state.passes_in_row >= self.players:
            self._close_second_round(state)  # nobody bid: the first contract stands

    def _close_second_round(self, state: TwentyEightState) -> None:
        state.second_over = True
        state.stage = WINDOW
        state.turn = state.first_hand
        if not state.second_bid or state.high_bidder is None or state.high_bid is None:
            return
        if state.high_bidder == state.bidder:
            state.bid = state.high_bid
            state.may_rechoose = True  # he keeps his card, or chooses again
            return
        self._return_facedown(state)
        state.bidder, state.bid = state.high_bidder, state.high_bid
        state.trump = None
        state.no_trump = state.trump_seventh = False
        state.stage = TRUMP
        state.turn = state.bidder

    def _return_facedown(self, state: TwentyEightState) -> None:
        """The first face-down card goes back to its owner's hand."""
        if state.facedown is not None and state.bidder is not None and not state.revealed:
            state.hands[state.bidder].add(state.facedown)
        state.facedown = None

    def _apply_trump(self, state: TwentyEightState, action: Action) -> None:
        if state.stage == SECOND and state.second_bid and action.seat == state.high_bidder:
            self._close_second_round(state)  # chosen before the round was over (see check)
        if (state.stage == WINDOW and state.second_over and state.may_rechoose
                and action.seat == state.bidder):
            self._return_facedown(state)  # he chooses again: his first card comes back
            state.may_rechoose = False
            state.stage = TRUMP
        super()._apply_trump(state, action)
        if state.second_over:
            state.trump_seventh = False  # any card may be laid now: no seventh-card choice
            state.may_rechoose = False

    # scoring -------------------------------------------------------------------------------
    def verdict(self, state: TwentyEightState, offenders: list[str]) -> Settlement:
        if state.stage == SECOND and state.second_bid and state.high_bidder is not None:
            # stopped during the round: the penalty scores the contract standing then
            standing = copy(state)
            standing.bidder, standing.bid = state.high_bidder, state.high_bid
            return super().verdict(standing, offenders)
        return super().verdict(state, offenders)

    def _score_table(self, state: TwentyEightState) -> ScoreTable:
        # a single hand sets the second-round stake aside: its mode scores on its own table;
        # a C said after the round's first bid (illegal) still counts: its table wins
        if state.second_bid and not state.c_by and self.second_round_table is not None:
            return self.second_round_table
        return super()._score_table(state)

    def _high_bid_two(self, state: TwentyEightState) -> bool:
        if state.second_bid and self.second_round_table is not None:
            return False
        return super()._high_bid_two(state)
