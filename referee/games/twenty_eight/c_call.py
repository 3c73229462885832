""""C": the bidder's answer to the opponents' double that stakes a whole game (a variant
of the sources, off by default: option ``c_call``).

Only the bidder says it (``W c-call``), directly after an opponent's double, in the double
window, and only while his side's match score is 0 at the start of the deal. It is the
alternative to a redouble: C after a redouble, or a redouble after C, is illegal. The deal is
then worth 6 game points won or lost by the bidding side, whatever the multiplier and the
score table, also under ``misplay_penalty``; the under-half rule and ``cot`` apply on top as
for any stake (``scoring28.contract_score``). An illegal C still counts, as an illegal double
does. A single hand, a one-suit show or a second-round bid discards it. Not played with
``high_bid_two`` (the "automatic double" version of "C"): that combination is refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from types import SimpleNamespace

from referee.games.twenty_eight.contract import Contract
from referee.games.twenty_eight.hooks import Check, Hooks
from referee.games.twenty_eight.known import seat_of
from referee.games.twenty_eight.scoring import ScoreTable
from referee.games.twenty_eight.state import (
    WINDOW,
    Match28,
    TwentyEightState,
)
from referee.games.twenty_eight.variant import Variant
from referee.model.record import Action
from referee.rules.base import Exclusion

C_STAKE = 6
"""A whole game: the game points a deal with "C" is worth, won or lost."""

C_TABLE = ScoreTable(((0, C_STAKE, C_STAKE),))
"""The stake of a deal with "C", as a score table: 6 made or failed, paid by the bidding side."""


class CCall(Variant):
    """Saying "C" (``c-call``), and what it does to the stake."""

    kinds = ("c-call",)

    @staticmethod
    def is_on(opts: SimpleNamespace) -> bool:
        return bool(opts.c_call)

    def start_deal(self, match: Match28, state: TwentyEightState) -> None:
        state.start_score = dict(match.score)

    def candidates(self, state: TwentyEightState) -> Iterator[Action]:
        if state.stage == WINDOW and state.bidder is not None:
            yield Action(state.bidder, "c-call")

    def check(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        engine = self.engine
        seat = seat_of(action)
        if not engine.opts.c_call:
            return engine._excl("28.c-call", "'C' is not played (c_call = no)")
        closed = engine.hooks.window_closed(state)
        if closed:
            return engine._excl("28.c-call", f"{seat} may say C only directly after the "
                                f"opponents' double, before the second batch: {closed}")
        if seat != state.bidder:
            return engine._excl("28.c-call", f"only the bidder {state.bidder} may say C, not "
                                f"{seat}")
        if state.c_by:
            return engine._excl("28.c-call", f"{state.c_by} has already said C")
        if state.redoubled_by:
            return engine._excl("28.c-call", f"the double was answered with a redouble (by "
                                f"{state.redoubled_by}): C is the alternative to a redouble")
        if not state.doubled_by or state.last_kind != "double":
            return engine._excl("28.c-call", f"{seat} may say C only directly after an "
                                f"opponent's double")
        team = engine.team(seat)
        score = state.start_score.get(team, 0)
        if score != 0:
            return engine._excl("28.c-call", f"{engine._label(team)} stood at {score:+d} before "
                                f"this deal: C is said only while the bidder's side has no "
                                f"score")
        return None

    def apply(self, state: TwentyEightState, action: Action) -> None:
        # an illegal C counts too, as an illegal double does
        if state.c_by is None and not state.mode.rules_out("c-call"):
            state.c_by = action.seat

    # what a C said does: to the redouble and to the stake, with the option on or off ----
    def wire(self, hooks: Hooks) -> None:
        self.wire_off(hooks)

    def wire_off(self, hooks: Hooks) -> None:
        hooks.check_redouble = self._redouble_check(hooks.check_redouble)
        contract, score_table, high_bid_two = (hooks.contract, hooks.score_table,
                                               hooks.high_bid_two)

        def c_contract(state: TwentyEightState, bidder: str, bid: int, team: str) -> Contract:
            made = contract(state, bidder, bid, team)
            if state.c_by:  # the stake is the whole game, not a multiple
                return replace(made, c=state.c_by, multiplier=1)
            return made

        def c_score_table(state: TwentyEightState) -> ScoreTable:
            table = score_table(state)
            if state.c_by:  # a single hand sets C aside (its mode scores on its own table)
                # a loss is paid as the game pays it (Forty: to the opponents)
                return C_TABLE._replace(loss_to_opponents=table.loss_to_opponents)
            return table

        def c_high_bid_two(state: TwentyEightState) -> bool:
            return False if state.c_by else high_bid_two(state)

        hooks.contract, hooks.score_table = c_contract, c_score_table
        hooks.high_bid_two = c_high_bid_two

    def _redouble_check(self, then: Check) -> Check:
        engine = self.engine

        def check_redouble(state: TwentyEightState, action: Action) -> Exclusion | None:
            if state.c_by and state.stage == WINDOW:
                return engine._excl("28.redouble", f"{state.c_by} answered the double with C: "
                                    f"no redouble after C")
            return then(state, action)
        return check_redouble

