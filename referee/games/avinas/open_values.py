"""What a partly seen deal of Avinas leaves open at its end: the card points of each side
(every total the unseen cards in its tricks can make: card values 0, 2, 3, 4, 10 and 11 leave
gaps, so the totals are enumerated, not a range), the number of exposed sevens, the false bid,
and the pips, rams and outcomes they lead to (``DealResult.point_sets`` and the rest).

A mixin of the ``Avinas`` ruleset (referee.games.avinas.ruleset).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from itertools import product
from types import SimpleNamespace

from referee.games.avinas.model import CARD_POINTS, TOTAL_POINTS, TRICKS, bid_count
from referee.games.avinas.state import OVER, AvinasMatch, AvinasState
from referee.games.avinas.unseen import AvinasUnseen
from referee.model.cards import SUIT_NAMES
from referee.rules.base import DealResult
from referee.rules.unseen import NOT_DECIDED, card_of


class AvinasOpenValues:
    """The open values of a partly seen deal (mixed into ``Avinas``)."""

    opts: SimpleNamespace
    team_of: dict[str, str]
    team_names: tuple[str, ...]

    # the ruleset's: the scoring of a deal, and the words of what a bid counts
    _settle: Callable[[AvinasMatch, AvinasState, list[str]], DealResult]
    _counted: Callable[[], str]

    def _open_values(self, before: AvinasMatch, state: AvinasState, result: DealResult,
                     offenders: list[str], values: dict[str, set[int]] | None) -> None:
        """Fill the result's sets of the values the unseen cards leave open (``values``: the
        card points each side may have, ``_point_values``)."""
        unseen = state.unseen
        result.presumed = bool(unseen is not None and unseen.unchecked)
        if values is None:
            return  # beyond the analysis limit: the deal's note says so
        open_teams = {team: tuple(sorted(v)) for team, v in values.items() if len(v) > 1}
        if open_teams:
            result.point_sets = open_teams
            result.presumed = True
        if state.declarer is None or state.abandoned or not result.scored and not (
                state.sevens_open):
            return
        side = self.team_of[state.declarer]
        other = next(team for team in self.team_names if team != side)
        complete = state.stage == OVER and state.stopped is None and len(state.tricks) == TRICKS
        totals = sorted(values[side]) if complete else [state.points[side]]
        bids = self._false_bids(state)
        sevens = state.sevens_open or (state.sevens,)
        if len(totals) == 1 and len(bids) == 1 and len(sevens) == 1:
            return
        outcomes: dict[str, None] = {}
        pips: dict[str, set[int]] = {team: set() for team in self.team_names}
        scores: dict[str, set[int]] = {team: set() for team in self.team_names}
        for total, false_bid, k in product(totals, bids, sevens):
            trial = copy.copy(state)
            trial.unseen, trial.sevens_open, trial.sevens = None, (), k
            trial.false_bid = false_bid
            trial.points = (dict(state.points) if not complete
                            else {side: total, other: TOTAL_POINTS - total})
            trial_match = AvinasMatch(score=dict(before.score), rams=dict(before.rams),
                                      next_dealer=before.next_dealer, deals=before.deals)
            got = self._settle(trial_match, trial, offenders)
            outcomes[got.outcome] = None
            for team in self.team_names:
                pips[team].add(got.game_points.get(team, 0))
                scores[team].add(trial_match.score[team])
        if len(outcomes) > 1:
            result.outcomes = tuple(outcomes)
        result.game_point_sets = {t: tuple(sorted(v)) for t, v in pips.items() if len(v) > 1}
        result.score_sets = {t: tuple(sorted(v)) for t, v in scores.items() if len(v) > 1}

    def _point_values(self, state: AvinasState) -> dict[str, set[int]] | None:
        """Every card-point total of each side over the winners the record leaves open and
        the unseen cards in its tricks."""
        unseen = state.unseen
        teams = self.team_names
        if unseen is None or (not unseen.open_points and not unseen.open_tricks):
            return {team: {state.points[team]} for team in teams}
        team_of = self.team_of
        open_numbers = {number for number, _ in unseen.open_tricks}
        seen_points = {trick.number: trick.points for trick in state.tricks}
        fixed = {team: 0 for team in teams}
        for trick in state.tricks:
            if trick.number not in open_numbers:
                fixed[team_of[trick.winner]] += trick.points
        values: dict[str, set[int]] = {team: set() for team in teams}
        undecided = False
        points = {card: CARD_POINTS.get(card[0], 0) for card in _PACK_NAMES}
        for choice in unseen.winner_choices():
            winners = {trick.number: team_of[trick.winner] for trick in state.tricks}
            winners.update((number, team_of[seat]) for number, seat in choice.items())
            for team in teams:
                base = fixed[team] + sum(seen_points[n] for n, seat in choice.items()
                                         if team_of[seat] == team)
                slots = {(seat, moment) for seat, moment, number in unseen.open_points
                         if winners.get(number) == team}
                reach = unseen.point_values(slots, points)
                if reach is None:  # too many choices: every total between the extremes
                    reach = _point_run(unseen, slots, points)
                    if reach is None:
                        return None
                    undecided = True
                values[team].update(base + v for v in reach)
        if undecided:
            state.notes.append((NOT_DECIDED, "the card points of the cards not seen are too "
                                "many ways placed to list their totals one by one: each "
                                "side's points are given as every total between the least "
                                "and the greatest it can have"))
        return values

    def _false_bids(self, state: AvinasState, named: str | None = None) -> list[str | None]:
        """The false-bid verdicts the unseen cards allow: the declarer's dealt count of the
        suit named (``named``, else the trumps) against his bid (an outcome, never a presumed
        fact: it narrows no placement of the cards)."""
        unseen = state.unseen
        declarer, trump, bid = state.declarer, named or state.trump, state.bid
        if unseen is None or declarer is None or trump is None or bid is None:
            return [state.false_bid]
        how = self.opts.bid_count
        known = bid_count(state.dealt[declarer], trump, how)
        worlds = unseen.worlds
        possible = [card_of(name) for name in worlds.possible_cards(declarer, 0)]
        forced = [card_of(name) for name in worlds.forced_cards(declarer, 0).elements()]
        room = unseen.slots.get(declarer, 0)
        most = known + min(room, bid_count(possible, trump, how))
        least = known + bid_count(forced, trump, how)
        counted = f"{self._counted()} in {SUIT_NAMES[trump]}"
        if least >= bid:
            return [None]
        if most < bid:
            held = f"{most}" if most == least else f"at most {most}"
            return [f"{declarer} bid {bid} and was dealt {held} {counted}"]
        return [None, f"{declarer} bid {bid} and may have been dealt fewer {counted} "
                      f"({least} to {most})"]

def _point_run(unseen: AvinasUnseen, slots: set[tuple[str, int]], points: dict[str, int]
               ) -> set[int] | None:
    """Every total from the least to the greatest card points of the unseen cards played to
    ``slots`` (a superset of the totals reached: it may hold gaps' values)."""
    def cost(holder: str, leave: int, name: str) -> int:
        return points.get(card_of(name), 0) if (holder, leave) in slots else 0

    extremes = unseen.worlds.point_range(cost)
    return None if extremes is None else set(range(extremes[0], extremes[1] + 1))


_PACK_NAMES = tuple(r + s for r in "AKQJT987" for s in "SHDC")
