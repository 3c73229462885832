"""The end of a deal: whether it is over, what is missing, and its score."""

from __future__ import annotations

from copy import copy

from referee.games.twenty_eight.base import Engine28
from referee.games.twenty_eight.contract import Contract, Outcome, Settlement
from referee.games.twenty_eight.known import known
from referee.games.twenty_eight.options import WEST_BENGAL_PAIR_FROM
from referee.games.twenty_eight.scoring import (
    SCORE_TABLES,
    ContractScore,
    ScoreTable,
    adjusted_target,
    contract_score,
    forced_score,
    multiplier,
)
from referee.games.twenty_eight.state import (
    AUCTION,
    COUNT_WORDS,
    OVER,
    TRUMP,
    WINDOW,
    Match28,
    TwentyEightState,
)
from referee.rules.base import (
    NO_CONTRACT,
    DealResult,
)


class Settle(Engine28):
    """Ending and scoring a deal."""

    def is_deal_over(self, state: TwentyEightState) -> bool:
        # a deal its whole hands cancel (annul_eight_zero, annul_other) may end anywhere
        # before the second batch: the annulment is certain, only an offence before it
        # changes the score
        return state.stage == OVER or state.mode.decided or state.annul_at_batch is not None

    def _deal_incomplete(self, state: TwentyEightState) -> str:
        """What the deal still needs (``incomplete_message``, which a variant may wrap)."""
        if state.stage == AUCTION:
            return f"the auction is not over: {self.hooks.auction_need(state)}"
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
        if state.ignored:
            # why it ended is in the outcome, or in the note (a deal the penalty scores)
            return (f"the {_actions(state.ignored)} recorded after the deal ended "
                    f"{'is' if state.ignored == 1 else 'are'} disregarded (not judged)")
        return None

    def settle(self, match: Match28, state: TwentyEightState, offenders: list[str]
               ) -> DealResult:
        """Score the deal into the match: ``verdict`` computes, this writes the match."""
        if state.annul_at_batch and not state.disregard:
            self._annul(state, state.annul_at_batch)  # the second batch shows the hands
        values = self._point_values(state) if state.unseen is not None else None
        if values:  # cards not seen in the tricks: the least each team may have counts
            state.points = {team: min(v) for team, v in values.items()}
        result = self._record(match, state, self.hooks.verdict(state, offenders))
        if state.unseen is not None:
            result.presumed = bool(state.unseen.unchecked)
            self._open_offender(state, offenders, result, dict(match.score))
        if values and any(len(v) > 1 for v in values.values()):
            result.point_sets = {t: tuple(sorted(v)) for t, v in values.items() if len(v) > 1}
            result.presumed = True
            if result.scored and self.is_deal_over(state):
                self._open_outcomes(state, result, dict(match.score), values, result.game_points)
        return result

    def _verdict(self, state: TwentyEightState, offenders: list[str]) -> Settlement:
        """What the deal came to (reads the state, changes nothing; ``verdict``, which a
        variant may wrap)."""
        if offenders and self.opts.misplay_penalty != "report_only":
            # the penalty comes first: an offender never escapes by the deal being void or
            # annulled
            return self._penalty(state, offenders[0])
        if state.annulled:
            return Settlement(Outcome.ANNULLED, f"annulled: {state.annulled}")
        contract = self._contract_of(state)
        if contract is None:
            return Settlement(Outcome.UNSCORED, "not scored: the auction did not end",
                              disputed=True)
        if state.void:
            before = self.tricks_per_deal - 1
            return Settlement(Outcome.VOID, f"void: no call in "
                              f"{COUNT_WORDS.get(before, before)} tricks", contract)
        if not self.is_deal_over(state):
            return Settlement(Outcome.UNSCORED, "not scored: the deal is incomplete", contract,
                              disputed=True)
        return state.mode.verdict(self, state, contract)

    def _record(self, match: Match28, state: TwentyEightState, verdict: Settlement
                ) -> DealResult:
        """Write ``verdict`` into the match (deals played, next dealer, score) and the
        report's ``DealResult``."""
        match.deals += 1
        # a deal thrown in and not scored is dealt again by the same dealer; a scored deal
        # (the misplay penalty scores one thrown in after an offence) passes the deal on
        outcome = verdict.outcome
        again = outcome is Outcome.ANNULLED
        match.redeal_same_dealer = again
        match.next_dealer = state.dealer if again else self.next_seat[state.dealer]
        scored = outcome.scored
        game_points = dict.fromkeys(self.team_names, 0)
        if scored and verdict.team is not None:
            _pay(match.score, game_points, verdict.delta, verdict.team,
                 state.mode.score_table(self, state))
        return DealResult(
            points=dict(state.points), game_points=game_points, score=dict(match.score),
            contract=verdict.contract or NO_CONTRACT,
            outcome=verdict.text, disputed=verdict.disputed, scored=scored)

    def _open_offender(self, state: TwentyEightState, offenders: list[str],
                       result: DealResult, after: dict[str, int]) -> None:
        """The outcomes when the deal's first offence is one whose culprit the record cannot
        name: the misplay penalty of each seat that may have broken the rule."""
        unseen = state.unseen
        if (unseen is None or not offenders or not unseen.culprits
                or unseen.culprits[0][0] != offenders[0]
                or self.opts.misplay_penalty == "report_only"):
            return
        before = {team: after[team] - result.game_points.get(team, 0) for team in after}
        outcomes: dict[str, None] = {}
        paid: dict[str, set[int]] = {team: set() for team in self.team_names}
        for seat in unseen.culprits[0][1]:
            verdict = self.hooks.verdict(state, [seat, *offenders[1:]])
            outcomes[verdict.text] = None
            trial = dict.fromkeys(self.team_names, 0)
            if verdict.outcome.scored and verdict.team is not None:
                _pay(dict(before), trial, verdict.delta, verdict.team,
                     state.mode.score_table(self, state))
            for team in self.team_names:
                paid[team].add(trial[team])
        if len(outcomes) > 1:
            result.outcomes = tuple(outcomes)
            result.game_point_sets = {t: tuple(sorted(v)) for t, v in paid.items()
                                      if len(v) > 1}
            result.score_sets = {t: tuple(sorted(before[t] + p for p in v))
                                 for t, v in paid.items() if len(v) > 1}

    def _point_values(self, state: TwentyEightState) -> dict[str, set[int]] | None:
        """Each team's possible card points in a deal with cards not seen in its tricks,
        over the winners the record leaves open and the unseen cards played (None when every
        card in the tricks is seen, or beyond the analysis limit)."""
        unseen = state.unseen
        assert unseen is not None
        if not unseen.open_points and not unseen.open_tricks:
            return None
        team_of = self.team_of
        fixed: dict[str, int] = {team: 0 for team in self.team_names}
        open_numbers = {number for number, _ in unseen.open_tricks}
        seen_points = {trick.number: trick.points for trick in state.tricks}
        for trick in state.tricks:
            if trick.number not in open_numbers:
                fixed[team_of[trick.winner]] += trick.points
        values: dict[str, set[int]] = {team: set() for team in self.team_names}
        for choice in unseen.winner_choices():
            winners = {trick.number: team_of[trick.winner] for trick in state.tricks}
            winners.update((number, team_of[seat]) for number, seat in choice.items())
            for team in self.team_names:
                base = fixed[team] + sum(seen_points[n] for n, seat in choice.items()
                                         if team_of[seat] == team)
                slots = {(seat, moment) for seat, moment, number in unseen.open_points
                         if winners[number] == team}
                reach = unseen.point_values(slots, self.card_points)
                if reach is None:
                    return None
                values[team].update(base + v for v in reach)
        return values

    def _open_outcomes(self, state: TwentyEightState, result: DealResult,
                       after: dict[str, int], values: dict[str, set[int]],
                       paid: dict[str, int]) -> None:
        """What the contract comes to for each card-point total the bidding side may have
        (the other side has the rest of the pack's points); ``after`` is the match score
        with the deal's ``paid`` game points."""
        if state.bidder is None:
            return
        before = {team: after[team] - paid.get(team, 0) for team in after}
        bidding = self.team_of[state.bidder]
        others = [team for team in self.team_names if team != bidding]
        kept = dict(state.points)
        outcomes: dict[str, None] = {}
        game_points: dict[str, set[int]] = {team: set() for team in self.team_names}
        scores: dict[str, set[int]] = {team: set() for team in self.team_names}
        try:
            for value in sorted(values[bidding]):
                state.points = {bidding: value,
                                **{team: self.total_points - value for team in others}}
                verdict = self.hooks.verdict(state, [])
                outcomes[verdict.text] = None
                score = dict(before)
                trial = dict.fromkeys(self.team_names, 0)
                if verdict.outcome.scored and verdict.team is not None:
                    _pay(score, trial, verdict.delta, verdict.team,
                         state.mode.score_table(self, state))
                for team in self.team_names:
                    game_points[team].add(trial[team])
                    scores[team].add(score[team])
        finally:
            state.points = kept
        if len(outcomes) > 1:
            result.outcomes = tuple(outcomes)
        result.game_point_sets = {t: tuple(sorted(v)) for t, v in game_points.items()
                                  if len(v) > 1}
        result.score_sets = {t: tuple(sorted(v)) for t, v in scores.items() if len(v) > 1}

    def _score_table(self, state: TwentyEightState) -> ScoreTable:
        """The game points of this deal's contract by bid (option ``score_table``); "C" and a
        second-round contract have stakes of their own (c_call.py, second_round.py)."""
        return SCORE_TABLES[self.opts.score_table]

    def _high_bid_two(self, state: TwentyEightState) -> bool:
        """Whether ``high_bid_two`` sets this deal's stake (not for a stake of its own)."""
        return bool(self.opts.high_bid_two)

    def _contract_of(self, state: TwentyEightState) -> Contract | None:
        """The deal's contract: a single hand, the bidder's, or None (no auction ended)."""
        return state.mode.contract(self, state)

    def _contract(self, state: TwentyEightState, bidder: str, bid: int, bidding_team: str
                  ) -> Contract:
        """A bid's contract: its target after any pair, trump and multiplier."""
        opts = self.opts
        pair_team = self.team(state.pair) if state.pair else None
        own_pair = None if pair_team is None else pair_team == bidding_team
        value = opts.pair_value
        if (opts.pair_scale == "west_bengal" and own_pair
                and bid == WEST_BENGAL_PAIR_FROM):
            value = 3
        target = adjusted_target(
            bid, own_pair, value,
            (opts.min_bid, opts.max_bid) if opts.pair_clamp == "yes" else None)
        if opts.pair_clamp == "ineffective" and not opts.min_bid <= target <= opts.max_bid:
            target = bid  # the declaration would cross a bound: no effect
        return Contract(bidder=bidder, bid=bid, target=target, trump=state.trump,
                        multiplier=multiplier(bool(state.doubled_by), bool(state.redoubled_by)),
                        seventh=state.trump_seventh, pair=state.pair)

    def _penalty(self, state: TwentyEightState, first: str) -> Settlement:
        """The misplay penalty: the first offender decides. His side loses what it
        played for, or the other side's contract counts as made; the contract is the one
        standing when the replay stopped (the standing bid if the auction never ended, the
        doubles said by then). With no bid yet his side loses the lowest stake."""
        opts = self.opts
        factor = 2 if opts.misplay_penalty == "double_to_opponents" else 1
        side = self._side(first)
        bidder = state.mode.declarer or state.bidder or state.high_bidder
        if bidder is None:
            # the lowest stake is the game's own: a "C" said before any bid (illegal) has
            # no contract to raise to a whole game
            base = copy(state)
            base.c_by = None
            table = self.hooks.score_table(base)
            score = forced_score(False, opts.min_bid, 1, high_bid_two=opts.high_bid_two,
                                 high_bid_from=self.high_bid_from, table=table, factor=factor)
            # the lowest stake follows the game's table: under Forty's the opponents gain it
            paid = (f" (the opponents gain {-score.delta})" if table.loss_to_opponents
                    else f" ({-score.delta})" if score.delta != -1 else "")
            return Settlement(Outcome.PENALTY, f"misplay by {first} ({side}) before any bid: "
                              f"{side} lose the lowest stake{paid}", None,
                              self.team(first), score.delta)
        bidding_team = self.team(bidder)
        made = self.team(first) != bidding_team
        contract, score, what = state.mode.penalty_terms(self, state, bidder, made, factor)
        text = (f"misplay by {first} ({side}): {self._label(bidding_team)}'s {what} counts as "
                f"{'made' if made else 'lost'}")
        return Settlement(Outcome.PENALTY, text, contract.settled(score.made, penalty=True),
                          bidding_team, score.delta)

    def bid_penalty_terms(self, state: TwentyEightState, bidder: str, made: bool,
                           factor: int) -> tuple[Contract, ContractScore, str]:
        """The penalty on a bid (``PartnershipMode.penalty_terms``): the contract standing,
        or the standing bid if the auction never ended, made or lost."""
        bid = known(state.bid if state.bidder is not None else state.high_bid)
        contract = self.hooks.contract(state, bidder, bid, self.team(bidder))
        score = forced_score(made, bid, contract.multiplier,
                             high_bid_two=self.hooks.high_bid_two(state),
                             high_bid_from=self.high_bid_from,
                             table=self.hooks.score_table(state), factor=factor)
        what = "contract" if state.bidder is not None else f"standing bid of {bid}"
        return contract, score, what

    def _contract_verdict(self, state: TwentyEightState, contract: Contract) -> Settlement:
        """The bidding side's card points against its target."""
        opts = self.opts
        team_of = self.team_of
        bidding_team = team_of[contract.bidder]
        points = state.points[bidding_team]
        # who won every trick: only the coat (option ``cot``) asks
        all_tricks = (_all_tricks(state, team_of, bidding_team) if opts.cot != "off"
                      else None)
        score = contract_score(points, known(contract.bid), known(contract.target),
                               contract.multiplier,
                               high_bid_two=self.hooks.high_bid_two(state),
                               high_bid_from=self.high_bid_from,
                               under_half_double_loss=opts.under_half_double_loss,
                               table=self.hooks.score_table(state), cot=opts.cot,
                               all_tricks=all_tricks)
        text = (f"{self._label(bidding_team)} {'made' if score.made else 'failed'} {points} "
                f"of target {contract.target}")
        return Settlement(Outcome.MADE if score.made else Outcome.FAILED, text,
                          contract.settled(score.made), bidding_team, score.delta)


def _pay(score: dict[str, int], game_points: dict[str, int], delta: int, team: str,
         table: ScoreTable) -> None:
    """Add the deal's ``delta`` game points for ``team`` to the match ``score`` and to the
    deal's ``game_points``; a loss is paid to the opponents where the table says so (Forty)."""
    if delta < 0 and table.loss_to_opponents:
        for other in score:
            if other != team:
                game_points[other] = -delta
                score[other] -= delta
    else:
        game_points[team] = delta
        score[team] += delta


def _all_tricks(state: TwentyEightState, team_of: dict[str, str], team: str) -> str | None:
    """"bidders" if ``team`` (the bidding side) won every trick, "defenders" if it won none,
    else None."""
    won = [team_of[trick.winner] for trick in state.tricks].count(team)
    return "bidders" if won == len(state.tricks) else "defenders" if won == 0 else None


def _actions(count: int) -> str:
    """``count`` actions, in words ("action" once, "3 actions")."""
    return "action" if count == 1 else f"{count} actions"
