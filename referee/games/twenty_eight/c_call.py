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

from referee.games.twenty_eight.base import Engine28
from referee.games.twenty_eight.outcome import Contract
from referee.games.twenty_eight.scoring import ScoreTable
from referee.games.twenty_eight.state import WINDOW, Match28, TwentyEightState
from referee.model.record import Action, Deal
from referee.rules.base import Exclusion

C_STAKE = 6
"""A whole game: the game points a deal with "C" is worth, won or lost."""

C_TABLE = ScoreTable(((0, C_STAKE, C_STAKE),))
"""The stake of a deal with "C", as a score table: 6 made or failed, paid by the bidding side."""


class CCall(Engine28):
    """Saying "C", and what it does to the stake."""

    def start_deal(self, match: Match28, deal: Deal) -> TwentyEightState:
        state = super().start_deal(match, deal)
        state.start_score = dict(match.score)
        return state

    def _variant_candidates(self, state: TwentyEightState) -> Iterator[Action]:
        yield from super()._variant_candidates(state)
        if state.stage == WINDOW and state.bidder is not None:
            yield Action(state.bidder, "c-call")

    def _check_c_call(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        seat = action.seat
        if not self.opts.c_call:
            return self._excl("28.c-call", "'C' is not played (c_call = no)")
        closed = self._window_closed(state)
        if closed:
            return self._excl("28.c-call", f"{seat} may say C only directly after the opponents' "
                              f"double, before the second batch: {closed}")
        if seat != state.bidder:
            return self._excl("28.c-call", f"only the bidder {state.bidder} may say C, not {seat}")
        if state.c_by:
            return self._excl("28.c-call", f"{state.c_by} has already said C")
        if state.redoubled_by:
            return self._excl("28.c-call", f"the double was answered with a redouble (by "
                              f"{state.redoubled_by}): C is the alternative to a redouble")
        if not state.doubled_by or state.last_kind != "double":
            return self._excl("28.c-call", f"{seat} may say C only directly after an opponent's "
                              f"double")
        team = self._team(seat)
        score = state.start_score.get(team, 0)
        if score != 0:
            return self._excl("28.c-call", f"{self._label(team)} stood at {score:+d} before this "
                              f"deal: C is said only while the bidder's side has no score")
        return None

    def _check_redouble(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        if state.c_by and state.stage == WINDOW:
            return self._excl("28.redouble", f"{state.c_by} answered the double with C: no "
                              f"redouble after C")
        return super()._check_redouble(state, action)

    def _apply_c_call(self, state: TwentyEightState, action: Action) -> None:
        # an illegal C counts too, as an illegal double does
        if state.c_by is None and not state.mode.rules_out("c-call"):
            state.c_by = action.seat

    # scoring ---------------------------------------------------------------------------------
    def _contract(self, state: TwentyEightState, bidder: str, bid: int, bidding_team: str
                  ) -> Contract:
        contract = super()._contract(state, bidder, bid, bidding_team)
        if state.c_by:  # the stake is the whole game, not a multiple
            return replace(contract, c=state.c_by, multiplier=1)
        return contract

    def _score_table(self, state: TwentyEightState) -> ScoreTable:
        table = super()._score_table(state)
        if state.c_by:  # a single hand sets C aside (its mode scores on its own table)
            # a loss is paid as the game pays it (Forty: to the opponents)
            return C_TABLE._replace(loss_to_opponents=table.loss_to_opponents)
        return table

    def _high_bid_two(self, state: TwentyEightState) -> bool:
        if state.c_by:
            return False
        return super()._high_bid_two(state)
