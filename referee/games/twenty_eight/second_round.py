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

from collections.abc import Callable, Iterator
from copy import copy
from types import SimpleNamespace

from referee.games.twenty_eight.contract import Settlement
from referee.games.twenty_eight.hooks import Apply, Check, Hooks
from referee.games.twenty_eight.known import seat_of
from referee.games.twenty_eight.scoring import ScoreTable
from referee.games.twenty_eight.state import (
    SECOND,
    TRUMP,
    WINDOW,
    Match28,
    TwentyEightState,
    action_card,
)
from referee.games.twenty_eight.variant import Variant
from referee.model.record import Action
from referee.rules.base import Effect, Exclusion

SECOND_ROUND_TABLE = ScoreTable(((0, 2, 3),))
"""A contract won in the second round, in Twenty-Eight and Twenty-Nine: +2 made, -3 failed
(Kerala house rules)."""

TrumpProblem = Callable[[TwentyEightState, str, Action], Exclusion | None]


class SecondRound(Variant):
    """The second auction, checked and carried out (it adds no kind of action: bids and
    passes)."""

    @staticmethod
    def is_on(opts: SimpleNamespace) -> bool:
        return str(opts.second_round).startswith("min")

    def _minimum(self) -> int | None:
        value = str(self.engine.opts.second_round)
        return int(value[3:]) if value.startswith("min") else None

    def start_deal(self, match: Match28, state: TwentyEightState) -> None:
        state.second_due = self._minimum() is not None

    def _speaker(self, state: TwentyEightState) -> str | None:
        """Who speaks next in the second round (its opener before it starts)."""
        return state.turn if state.stage == SECOND else state.bidder

    def candidates(self, state: TwentyEightState) -> Iterator[Action]:
        if not state.second_pending or state.stage not in (WINDOW, SECOND):
            return
        seat = self._speaker(state)
        if seat is None:
            return
        opts = self.engine.opts
        for value in range(opts.min_bid, opts.max_bid + 1):
            yield Action(seat, "bid", value=value)
        yield Action(seat, "pass")

    @staticmethod
    def _in_round(state: TwentyEightState) -> bool:
        return state.second_pending and state.stage in (WINDOW, SECOND)

    def wire(self, hooks: Hooks) -> None:
        hooks.check_call = self._in_round_first(self._check_call, hooks.check_call)
        hooks.check_play = self._in_round_first(self._check_play, hooks.check_play)
        hooks.check_trump_call = self._in_round_first(self._check_trump_call,
                                                      hooks.check_trump_call)
        hooks.check_single = self._single_check(hooks.check_single)
        hooks.check_trump = self._trump_check(hooks.check_trump)
        hooks.apply_bid = self._in_round_apply(self._apply_bid, hooks.apply_bid)
        hooks.apply_pass = self._in_round_apply(self._apply_pass, hooks.apply_pass)
        hooks.apply_trump = self._trump_apply(hooks.apply_trump)
        self._wire_trump_choice(hooks)
        self._wire_ending(hooks)
        window_closed = hooks.window_closed

        def round_window_closed(state: TwentyEightState) -> str | None:
            if state.stage == SECOND:
                return "the second bidding round has begun"
            if state.second_over:
                return "the second bidding round has been held"
            return window_closed(state)
        hooks.window_closed = round_window_closed

    # checks --------------------------------------------------------------------------------
    def _in_round_first(self, own: Check, then: Check) -> Check:
        def check(state: TwentyEightState, action: Action) -> Exclusion | None:
            if state.second_pending and state.stage in (WINDOW, SECOND):
                return own(state, action)
            return then(state, action)
        return check

    def _check_call(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        engine = self.engine
        seat = seat_of(action)
        speaker = self._speaker(state)
        if seat != speaker:
            return engine._excl("28.turn", f"it is {speaker}'s turn to speak in the second "
                                f"bidding round, not {seat}'s")
        if action.kind == "pass":
            return None
        opts = engine.opts
        value = action.value
        out = engine._bid_range_problem(seat, value)
        if out or not isinstance(value, int):
            return out
        minimum = self._minimum() or opts.min_bid
        if value < minimum:
            return engine._excl("28.second-round", f"{seat} bids {value}: a bid of the second "
                                f"round is {minimum} or more (second_round = "
                                f"{opts.second_round})")
        standing, holder = self._standing(state)
        return engine._over_standing_problem(seat, holder, standing, value)

    @staticmethod
    def _standing(state: TwentyEightState) -> tuple[int, str]:
        if state.stage == SECOND and state.high_bid is not None and state.high_bidder:
            return state.high_bid, state.high_bidder
        return state.bid or 0, state.bidder or ""

    def _check_play(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        return self.engine._excl("28.second-round", f"{action.seat} cannot play: "
                                 f"{self._need(state)}", Effect.STOPS)

    def _check_trump_call(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        return self.engine._excl("28.call", f"{action.seat} may not call for the trump before "
                                 f"the first lead: {self._need(state)}")

    def _single_check(self, then: Check) -> Check:
        engine = self.engine

        def check_single(state: TwentyEightState, action: Action) -> Exclusion | None:
            if (self._in_round(state) and engine.opts.single_hand
                    and not state.mode.rules_out("single")):
                return engine._excl("28.single-hand", f"{action.seat} may declare a single "
                                    f"hand only after the second bidding round: "
                                    f"{self._need(state)}")
            return then(state, action)
        return check_single

    def _need(self, state: TwentyEightState) -> str:
        minimum = self._minimum()
        if state.stage != SECOND:
            return (f"the second bidding round (second_round = min{minimum}) has not been "
                    f"held: {state.bidder}, the bidder, opens it")
        return f"the second bidding round is not over: {state.turn} must still speak"

    def _trump_check(self, then: Check) -> Check:
        engine = self.engine

        def check_trump(state: TwentyEightState, action: Action) -> Exclusion | None:
            seat = seat_of(action)
            if (state.stage == WINDOW and state.second_over and state.may_rechoose
                    and seat == state.bidder):
                return self._trump_problem(state, seat, action)
            if state.stage == SECOND and state.second_bid:
                need = self._need(state)
                if seat != state.high_bidder:
                    return engine._excl("28.turn", f"{seat} cannot choose trumps: {need}",
                                        Effect.STOPS)
                # the maker of the standing second-round bid chooses: the round counts as
                # over, as a trump choice ends an open first auction; the choice itself is
                # then judged (without a second-round bid, trumps stand chosen: see then)
                problem = self._trump_problem(state, seat, action)
                if problem is not None and problem.fatal:
                    return problem
                return engine._excl("28.second-round", f"{seat} chooses trumps before the "
                                    f"second bidding round is over: {need}")
            return then(state, action)
        return check_trump

    def _wire_trump_choice(self, hooks: Hooks) -> None:
        first_round = hooks.trump_choice_problem
        self._first_round_problem: TrumpProblem = first_round

        def trump_choice_problem(state: TwentyEightState, seat: str, action: Action
                                 ) -> Exclusion | None:
            if not state.second_over:
                return first_round(state, seat, action)
            return self._trump_problem(state, seat, action)
        hooks.trump_choice_problem = trump_choice_problem

    def _trump_problem(self, state: TwentyEightState, seat: str, action: Action
                       ) -> Exclusion | None:
        """After the second round the bidder lays any of his eight cards; with the
        spare indicator he names any suit."""
        engine = self.engine
        card = action_card(action)
        if action.value == "seventh":
            # ``trump seventh`` is another spelling of ``trump CARD`` for his seventh card (the
            # canonical form writes it so): one choice, one verdict, whichever spelling
            card = state.seventh.get(seat)
            if card is None:
                return engine._excl("28.trump-card", f"after the second bidding round {seat} "
                                    f"lays any of his cards as the trump card: the record does "
                                    f"not show his seventh card",
                                    Effect.stops_when(not engine.spare))
        if engine.spare:
            return self._first_round_problem(state, seat, action)
        if card is None:
            return engine._excl("28.trump-card", f"{seat} must lay a card of the trump suit "
                                f"face down, not name a suit", Effect.STOPS)  # which card?
        if card not in state.hands[seat] and (card != state.facedown or seat != state.bidder):
            return engine._excl("28.not-held", f"{seat} does not hold {card} and cannot lay "
                                f"it face down as the trump card", Effect.STOPS)
        return None

    # carrying out --------------------------------------------------------------------------
    def _in_round_apply(self, own: Apply, then: Apply) -> Apply:
        def apply(state: TwentyEightState, action: Action) -> None:
            if state.second_pending and state.stage in (WINDOW, SECOND):
                own(state, action)
            else:
                then(state, action)
        return apply

    @staticmethod
    def _open(state: TwentyEightState) -> None:
        if state.stage == SECOND:
            return
        state.stage = SECOND
        state.high_bid, state.high_bidder = state.bid, state.bidder
        state.passes_in_row = 0

    def _apply_bid(self, state: TwentyEightState, action: Action) -> None:
        self._open(state)
        if isinstance(action.value, int):  # an illegal bid stands as made
            state.high_bid, state.high_bidder = action.value, action.seat
            state.passes_in_row = 0
            if not state.second_bid:  # the doubles and "C" lapse at the first bid
                state.second_bid = True
                state.doubled_by = state.redoubled_by = state.c_by = None
        state.turn = self.engine.next_seat[seat_of(action)]
        self._maybe_end(state)

    def _apply_pass(self, state: TwentyEightState, action: Action) -> None:
        self._open(state)
        state.passes_in_row += 1
        state.turn = self.engine.next_seat[seat_of(action)]
        self._maybe_end(state)

    def _maybe_end(self, state: TwentyEightState) -> None:
        engine = self.engine
        if state.second_bid:
            if (state.high_bid is not None and state.high_bid >= engine.opts.max_bid) \
                    or state.passes_in_row >= engine.players - 1:
                self._close(state)
        elif state.passes_in_row >= engine.players:
            self._close(state)  # nobody bid: the first contract stands

    def _close(self, state: TwentyEightState) -> None:
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

    @staticmethod
    def _return_facedown(state: TwentyEightState) -> None:
        """The first face-down card goes back to its owner's hand."""
        if not state.revealed:
            state.facedown_to_hand()
        state.facedown = None

    def _trump_apply(self, then: Apply) -> Apply:
        def apply_trump(state: TwentyEightState, action: Action) -> None:
            if (state.stage == SECOND and state.second_bid
                    and action.seat == state.high_bidder):
                self._close(state)  # chosen before the round was over (see the check)
            if (state.stage == WINDOW and state.second_over and state.may_rechoose
                    and action.seat == state.bidder):
                self._return_facedown(state)  # he chooses again: his first card comes back
                state.may_rechoose = False
                state.stage = TRUMP
            then(state, action)
            if state.second_over:
                state.trump_seventh = False  # any card may be laid now: no seventh card
                state.may_rechoose = False
        return apply_trump

    # the end of the deal and its score -------------------------------------------------------
    def _wire_ending(self, hooks: Hooks) -> None:
        incomplete, verdict = hooks.incomplete_message, hooks.verdict
        score_table, high_bid_two = hooks.score_table, hooks.high_bid_two
        table = self.engine.second_round_table

        def round_incomplete(state: TwentyEightState) -> str:
            return self._need(state) if self._in_round(state) else incomplete(state)

        def round_verdict(state: TwentyEightState, offenders: list[str]) -> Settlement:
            if state.stage == SECOND and state.second_bid and state.high_bidder is not None:
                # stopped during the round: the penalty scores the contract standing then
                standing = copy(state)
                standing.bidder, standing.bid = state.high_bidder, state.high_bid
                return verdict(standing, offenders)
            return verdict(state, offenders)

        def round_score_table(state: TwentyEightState) -> ScoreTable:
            # a single hand sets the second-round stake aside: its mode scores on its own
            # table; a C said after the round's first bid (illegal) still counts: its table
            # wins
            if state.second_bid and not state.c_by and table is not None:
                return table
            return score_table(state)

        def round_high_bid_two(state: TwentyEightState) -> bool:
            if state.second_bid and table is not None:
                return False
            return high_bid_two(state)

        hooks.incomplete_message, hooks.verdict = round_incomplete, round_verdict
        hooks.score_table, hooks.high_bid_two = round_score_table, round_high_bid_two
