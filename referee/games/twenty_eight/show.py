"""The single-hand show: the bidder lays his whole hand down as certain to win every trick
(Wikipedia's "single hand show"; off by default: option ``single_hand_show``).

Only the bidder shows (``W show``), after the full deal (after the double window and any
second bidding round) and before the lead to trick 1. The hand must pass the sure-winner test
(28.show) on his eight cards, the face-down one included, played under his contract: certain
to win every trick with the contract's trumps, first hand leading trick 1, whatever the others
hold and play (scoring28.is_sure_winner_hand; the shown hand is face up, so the trump suit is
known from the first trick). A legal show ends the deal without play: his side takes
every card point; eight cards of one suit score 3 game points (doubles and "C" discarded), any
other sure hand scores the contract as made. A show of a hand that can lose a trick ends the
deal too, with the misplay penalty (the contract counts as lost; under ``report_only`` it is
lost all the same, since the bidder conceded it by laying his cards down). A show by anyone
else, at another moment, or with the option off is illegal and has no effect.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from types import SimpleNamespace

from referee.games.twenty_eight.contract import Contract, Outcome, Settlement
from referee.games.twenty_eight.hooks import Hooks
from referee.games.twenty_eight.known import known, seat_of
from referee.games.twenty_eight.scoring import ScoreTable, forced_score, is_sure_winner_hand
from referee.games.twenty_eight.state import (
    OVER,
    WINDOW,
    TwentyEightState,
)
from referee.games.twenty_eight.variant import Variant
from referee.model.record import Action
from referee.rules.base import Exclusion

ONE_SUIT_SHOW = 3
"""Game points of a shown hand of eight cards of one suit (as Wikipedia scores it)."""

ONE_SUIT_TABLE = ScoreTable(((0, ONE_SUIT_SHOW, ONE_SUIT_SHOW),))


class Show(Variant):
    """Showing a sure hand instead of playing it (``show``)."""

    kinds = ("show",)

    @staticmethod
    def is_on(opts: SimpleNamespace) -> bool:
        return bool(opts.single_hand_show)

    def candidates(self, state: TwentyEightState) -> Iterator[Action]:
        if state.stage == WINDOW:
            for seat in self.engine.table.seats:
                yield Action(seat, "show")

    def _timing(self, state: TwentyEightState, seat: str) -> str | None:
        """Why ``seat`` may not show now, apart from his cards (None if he may)."""
        if not self.engine.opts.single_hand_show:
            return "the single-hand show is not played (single_hand_show = no)"
        if state.bidder is None or seat != state.bidder:
            who = state.bidder or "the bidder"
            return f"only {who}, the bidder, may show his hand, not {seat}"
        if state.shown or state.stage != WINDOW:  # after a single hand too: play is on
            return (f"{seat} may show his hand only after the full deal and before the lead "
                    f"to trick 1")
        if state.second_pending:
            return f"{seat} may show his hand only after the second bidding round"
        return None

    def check(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        engine = self.engine
        seat = seat_of(action)
        why = self._timing(state, seat)
        if why:  # by anyone else, at another moment, or not played: no effect
            return engine._excl("28.show", why).without_effect()
        if not self._is_sure(state, seat):  # it stands: the deal ends, the contract lost
            hand = engine._full_hand(state, seat)
            return engine._excl("28.show", f"{seat} shows {engine._show(hand)}, which could "
                                f"lose a trick: only a hand certain to win every trick may be "
                                f"shown (the show ends the deal, and the contract is lost)")
        return None

    def apply(self, state: TwentyEightState, action: Action) -> None:
        engine = self.engine
        seat = seat_of(action)
        state.shown = seat
        state.show_sure = self._is_sure(state, seat)
        if state.show_sure:  # his side takes every card point
            for team in state.points:
                state.points[team] = engine.total_points if team == engine.team(seat) else 0
        state.stage = OVER
        state.turn = None

    def _is_sure(self, state: TwentyEightState, seat: str) -> bool:
        """Whether ``seat``'s eight cards are certain to win every trick of his contract: its
        trumps (none after a no-trump declaration, the ranks then reversed), first hand
        leading trick 1 (28.show)."""
        engine = self.engine
        hand = engine._full_hand(state, seat)
        if len(hand) != engine.hand_size:
            return False
        place, leader = 0, state.first_hand
        while leader != seat:
            leader, place = engine.next_seat[leader], place + 1
        order = engine.rank_order[::-1] if state.no_trump else engine.rank_order
        trump = None if state.no_trump else state.trump
        return is_sure_winner_hand(hand, order, engine.equal_ranks, engine.copies,
                                   last_wins=engine.last_wins, trump=trump, place=place,
                                   players=engine.players)

    # scoring ---------------------------------------------------------------------------------
    def _one_suit(self, state: TwentyEightState) -> bool:
        return state.shown is not None and len(
            {card[1] for card in self.engine._full_hand(state, state.shown)}) == 1

    def _sure_one_suit(self, state: TwentyEightState) -> bool:
        return bool(state.shown) and state.show_sure and self._one_suit(state)

    def wire(self, hooks: Hooks) -> None:
        contract, score_table = hooks.contract, hooks.score_table
        high_bid_two, contract_verdict = hooks.high_bid_two, hooks.contract_verdict

        def show_contract(state: TwentyEightState, bidder: str, bid: int, team: str
                          ) -> Contract:
            made = contract(state, bidder, bid, team)
            if not state.shown:
                return made
            if self._sure_one_suit(state):  # doubles and C are discarded
                return replace(made, show=state.shown, c=None, multiplier=1)
            return replace(made, show=state.shown)

        def show_score_table(state: TwentyEightState) -> ScoreTable:
            return ONE_SUIT_TABLE if self._sure_one_suit(state) else score_table(state)

        def show_high_bid_two(state: TwentyEightState) -> bool:
            return False if self._sure_one_suit(state) else high_bid_two(state)

        def show_verdict(state: TwentyEightState, contract: Contract) -> Settlement:
            if not state.shown:
                return contract_verdict(state, contract)
            return self._verdict(state, contract)

        hooks.contract, hooks.score_table = show_contract, show_score_table
        hooks.high_bid_two, hooks.contract_verdict = show_high_bid_two, show_verdict

    def _verdict(self, state: TwentyEightState, contract: Contract) -> Settlement:
        engine = self.engine
        hooks = engine.hooks
        made = state.show_sure
        score = forced_score(made, known(contract.bid), contract.multiplier,
                             high_bid_two=hooks.high_bid_two(state),
                             high_bid_from=engine.high_bid_from,
                             table=hooks.score_table(state))
        team = engine.team(contract.bidder)
        if not made:
            text = (f"{state.shown} showed a hand that could lose a trick: "
                    f"{engine._label(team)}'s contract is lost")
        elif self._one_suit(state):
            text = f"{state.shown} showed eight cards of one suit"
        else:
            text = (f"{state.shown} showed a hand certain to win every trick: "
                    f"{engine._label(team)}'s contract is made")
        return Settlement(Outcome.MADE if made else Outcome.FAILED, text,
                          contract.settled(made), team, score.delta)
