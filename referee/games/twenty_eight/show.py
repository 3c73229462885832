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

from referee.games.twenty_eight.base import Engine28
from referee.games.twenty_eight.outcome import Contract, Outcome, Settlement
from referee.games.twenty_eight.scoring import ScoreTable, forced_score, is_sure_winner_hand
from referee.games.twenty_eight.state import OVER, WINDOW, TwentyEightState
from referee.model.record import Action
from referee.rules.base import Exclusion

ONE_SUIT_SHOW = 3
"""Game points of a shown hand of eight cards of one suit (as Wikipedia scores it)."""


class Show(Engine28):
    """Showing a sure hand instead of playing it."""

    def _variant_candidates(self, state: TwentyEightState) -> Iterator[Action]:
        yield from super()._variant_candidates(state)
        if state.stage == WINDOW:
            for seat in self.table.seats:
                yield Action(seat, "show")

    def _show_timing(self, state: TwentyEightState, seat: str) -> str | None:
        """Why ``seat`` may not show now, apart from his cards (None if he may)."""
        if not self.opts.single_hand_show:
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

    def _check_show(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        seat = action.seat
        why = self._show_timing(state, seat)
        if why:
            return self._excl("28.show", why)
        if not self._show_is_sure(state, seat):
            hand = self._full_hand(state, seat)
            return self._excl("28.show", f"{seat} shows {self._show(hand)}, which could lose a "
                              f"trick: only a hand certain to win every trick may be shown "
                              f"(the show ends the deal, and the contract is lost)")
        return None

    def _apply_show(self, state: TwentyEightState, action: Action) -> None:
        seat = action.seat
        if self._show_timing(state, seat):
            return  # by anyone else, at another moment, or not played: no effect
        state.shown = seat
        state.show_sure = self._show_is_sure(state, seat)
        if state.show_sure:  # his side takes every card point
            for team in state.points:
                state.points[team] = self.total_points if team == self._team(seat) else 0
        state.stage = OVER
        state.turn = None

    def _show_is_sure(self, state: TwentyEightState, seat: str) -> bool:
        """Whether ``seat``'s eight cards are certain to win every trick of his contract: its
        trumps (none after a no-trump declaration, the ranks then reversed), first hand
        leading trick 1 (28.show)."""
        hand = self._full_hand(state, seat)
        if len(hand) != self.hand_size:
            return False
        place, leader = 0, state.first_hand
        while leader != seat:
            leader, place = self.next_seat[leader], place + 1
        order = self.rank_order[::-1] if state.no_trump else self.rank_order
        trump = None if state.no_trump else state.trump
        return is_sure_winner_hand(hand, order, self.equal_ranks, self.copies,
                                   last_wins=self.last_wins, trump=trump, place=place,
                                   players=self.players)

    # scoring ---------------------------------------------------------------------------------
    def _one_suit(self, state: TwentyEightState) -> bool:
        return state.shown is not None and len(
            {card[1] for card in self._full_hand(state, state.shown)}) == 1

    def _contract(self, state: TwentyEightState, bidder: str, bid: int, bidding_team: str
                  ) -> Contract:
        contract = super()._contract(state, bidder, bid, bidding_team)
        if not state.shown:
            return contract
        if self._one_suit(state) and state.show_sure:  # doubles and C are discarded
            return replace(contract, show=state.shown, c=None, multiplier=1)
        return replace(contract, show=state.shown)

    def _score_table(self, state: TwentyEightState) -> ScoreTable:
        if state.shown and state.show_sure and self._one_suit(state):
            return ScoreTable(((0, ONE_SUIT_SHOW, ONE_SUIT_SHOW),))
        return super()._score_table(state)

    def _high_bid_two(self, state: TwentyEightState) -> bool:
        if state.shown and state.show_sure and self._one_suit(state):
            return False
        return super()._high_bid_two(state)

    def _contract_verdict(self, state: TwentyEightState, contract: Contract) -> Settlement:
        if not state.shown:
            return super()._contract_verdict(state, contract)
        made = state.show_sure
        score = forced_score(made, contract.bid, contract.multiplier,
                             high_bid_two=self._high_bid_two(state),
                             high_bid_from=self.high_bid_from, table=self._score_table(state))
        team = self._team(contract.bidder)
        if not made:
            text = (f"{state.shown} showed a hand that could lose a trick: "
                    f"{self._label(team)}'s contract is lost")
        elif self._one_suit(state):
            text = f"{state.shown} showed eight cards of one suit"
        else:
            text = (f"{state.shown} showed a hand certain to win every trick: "
                    f"{self._label(team)}'s contract is made")
        return Settlement(Outcome.MADE if made else Outcome.FAILED, text,
                          contract.settled(made), team, score.delta)
