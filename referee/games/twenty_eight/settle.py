"""The end of a deal: whether it is over, what is missing, and its score (A6, A7.4, B6)."""

from __future__ import annotations

from typing import Any

from referee.games.scoring28 import (
    SCORE_TABLES,
    ContractScore,
    ScoreTable,
    adjusted_target,
    contract_score,
    forced_score,
    multiplier,
    single_hand_score,
)
from referee.games.twenty_eight.base import Engine28
from referee.games.twenty_eight.options import WEST_BENGAL_PAIR_FROM
from referee.games.twenty_eight.state import (
    _COUNT_WORDS,
    AUCTION,
    OVER,
    TRUMP,
    WINDOW,
    Match28,
    TwentyEightState,
)
from referee.rules.base import (
    DealResult,
)


class Settle(Engine28):
    """Ending and scoring a deal."""

    def is_deal_over(self, state: TwentyEightState) -> bool:
        return (state.stage == OVER or state.redeal_pending is not None
                or (state.single is not None and state.single_lost is not None))

    def incomplete_message(self, state: TwentyEightState) -> str:
        if state.stage == AUCTION:
            return f"the auction is not over: {self._auction_need(state)}"
        if state.stage == TRUMP:
            return f"the bidder {state.bidder} has not chosen trumps"
        if state.stage == WINDOW:
            return f"no card has been played: {state.turn} must lead to trick 1"
        if state.trick:
            return (f"trick {len(state.tricks) + 1} is not complete: {state.turn} must "
                    f"play")
        return (f"only {len(state.tricks)} of {self.tricks_per_deal} tricks are recorded: "
                f"{state.turn} must lead to trick {len(state.tricks) + 1}")

    def unchecked_reason(self, state: TwentyEightState) -> str | None:
        if state.disregard:
            return f"the deal is cancelled ({state.annulled}); recorded play disregarded"
        return None

    def settle(self, match: Match28, state: TwentyEightState, offenders: list[str]
               ) -> DealResult:
        result = DealResult(points=dict(state.points),
                            game_points={team: 0 for team in self.team_names})
        match.deals += 1
        if state.redeal_pending and not state.annulled:
            state.annulled = (f"{state.redeal_pending} demanded a redeal, which was not "
                              f"allowed, and the record ends there")
        match.redeal_same_dealer = bool(state.annulled)
        if state.annulled:
            match.next_dealer = state.dealer  # annulled before play: same dealer
            return _unscored(result, match, f"annulled: {state.annulled}")
        match.next_dealer = self._next(state.dealer)
        contract: dict[str, Any] = {}
        result.contract = contract
        if state.single:
            bidding_team = self._team(state.single)
            contract.update(single=state.single, bidder=state.single)
        elif state.bidder is not None:
            bidding_team = self._team(state.bidder)
            contract.update(self._contract(state, bidding_team))
        else:
            return _unscored(result, match, "not scored: the auction did not end",
                             disputed=True)
        if state.void:
            before = self.tricks_per_deal - 1
            return _unscored(result, match,
                             f"void: no call in {_COUNT_WORDS.get(before, before)} tricks")
        table = SCORE_TABLES[self.opts.score_table]
        if offenders and self.opts.misplay_penalty != "report_only":
            score = self._penalty_score(state, contract, offenders[0], bidding_team, table,
                                        result)
        elif not self.is_deal_over(state):
            return _unscored(result, match, "not scored: the deal is incomplete",
                             disputed=True)
        elif state.single:
            score = self._single_score(state, result)
        else:
            score = self._contract_score(state, contract, bidding_team, table, result)
        contract["made"] = score.made
        _pay(match, result, score.delta, bidding_team, table)
        return result

    def _contract(self, state: TwentyEightState, bidding_team: str) -> dict[str, Any]:
        """The contract's facts for the score sheet: bid, target after any pair, trump and
        multiplier (A5.4-A5.6, A6.4)."""
        opts = self.opts
        pair_team = self._team(state.pair) if state.pair else None
        own_pair = None if pair_team is None else pair_team == bidding_team
        value = opts.pair_value
        if (opts.pair_scale == "west_bengal" and own_pair
                and state.bid == WEST_BENGAL_PAIR_FROM):
            value = 3
        target = adjusted_target(
            state.bid, own_pair, value,
            (opts.min_bid, opts.max_bid) if opts.pair_clamp == "yes" else None)
        if opts.pair_clamp == "ineffective" and not opts.min_bid <= target <= opts.max_bid:
            target = state.bid  # the declaration would cross a bound: no effect (B5.2)
        contract: dict[str, Any] = dict(
            bidder=state.bidder, bid=state.bid, target=target, trump=state.trump,
            multiplier=multiplier(bool(state.doubled_by), bool(state.redoubled_by)))
        if state.trump_seventh:
            contract["seventh"] = True
        if state.pair:
            contract["pair"] = state.pair
        return contract

    def _penalty_score(self, state: TwentyEightState, contract: dict[str, Any], first: str,
                       bidding_team: str, table: ScoreTable, result: DealResult
                       ) -> ContractScore:
        """The first offender decides (A6.6 R6): his side loses what it played for."""
        opts = self.opts
        made = self._team(first) != bidding_team
        factor = 2 if opts.misplay_penalty == "double_to_opponents" else 1
        if state.single:
            score = single_hand_score(self.tricks_per_deal if made else 0,
                                      self.tricks_per_deal, opts.single_hand_points,
                                      opts.single_hand_loss or None)
            score = score._replace(delta=score.delta * factor)
        else:
            score = forced_score(made, state.bid, contract["multiplier"],
                                 high_bid_two=opts.high_bid_two,
                                 high_bid_from=self.high_bid_from, table=table,
                                 factor=factor)
        what = "single hand" if state.single else "contract"
        side = self._label(bidding_team)
        result.outcome = (f"misplay by {first} ({self._side(first)}): {side}'s {what} "
                          f"counts as {'made' if made else 'lost'}")
        return score

    def _single_score(self, state: TwentyEightState, result: DealResult) -> ContractScore:
        """A single hand is won with every trick (A7.3)."""
        opts = self.opts
        won = sum(1 for t in state.tricks if self.table.same_team(t.winner, state.single))
        score = single_hand_score(won if state.single_lost is None else 0,
                                  self.tricks_per_deal, opts.single_hand_points,
                                  opts.single_hand_loss or None)
        if score.made:
            result.outcome = f"single hand: {state.single} won all {len(state.tricks)} tricks"
        else:
            result.outcome = f"single hand: {state.single} lost trick {state.single_lost}"
        return score

    def _contract_score(self, state: TwentyEightState, contract: dict[str, Any],
                        bidding_team: str, table: ScoreTable, result: DealResult
                        ) -> ContractScore:
        """The bidding side's card points against its target (A6.1-A6.4)."""
        opts = self.opts
        points = state.points[bidding_team]
        won = sum(1 for t in state.tricks if self._team(t.winner) == bidding_team)
        all_tricks = ("bidders" if won == len(state.tricks)
                      else "defenders" if won == 0 else None)
        score = contract_score(points, state.bid, contract["target"], contract["multiplier"],
                               high_bid_two=opts.high_bid_two,
                               high_bid_from=self.high_bid_from,
                               under_half_double_loss=opts.under_half_double_loss,
                               table=table, cot=opts.cot, all_tricks=all_tricks)
        result.outcome = (f"{self._label(bidding_team)} "
                          f"{'made' if score.made else 'failed'} {points} of "
                          f"target {contract['target']}")
        return score


def _unscored(result: DealResult, match: Match28, outcome: str, disputed: bool = False
              ) -> DealResult:
    """A deal that changes no score: annulled, void, or not finished."""
    result.scored = False
    result.outcome = outcome
    result.disputed = disputed
    result.score = dict(match.score)
    return result


def _pay(match: Match28, result: DealResult, delta: int, bidding_team: str,
         table: ScoreTable) -> None:
    """Add the deal's game points to the match; a loss is paid to the opponents where the
    table says so (Forty, A7.4)."""
    if delta < 0 and table.loss_to_opponents:
        for team in match.score:
            if team != bidding_team:
                result.game_points[team] = -delta
                match.score[team] -= delta
    else:
        result.game_points[bidding_team] = delta
        match.score[bidding_team] += delta
    result.score = dict(match.score)
