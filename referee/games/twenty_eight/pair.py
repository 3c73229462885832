"""The pair: K and Q of trumps shown once the trump is exposed."""

from __future__ import annotations

from referee.games.twenty_eight.base import Engine28
from referee.games.twenty_eight.known import known, seat_of
from referee.games.twenty_eight.options import WEST_BENGAL_PAIR_FROM
from referee.games.twenty_eight.state import (
    PLAY,
    TwentyEightState,
)
from referee.model.record import Action
from referee.rules.base import (
    Exclusion,
)


class Pair(Engine28):
    """Showing the pair."""

    def _check_pair(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        """An illegal declaration of the pair is reported and has no effect."""
        problem = self._pair_problem(state, action)
        return None if problem is None else problem.without_effect()

    def _pair_problem(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        seat = seat_of(action)
        opts = self.opts
        if not opts.pair_enabled:
            return self._excl("28.pair", "the pair is not played (pair_enabled = no)")
        alone = state.mode.rules_out("pair")
        if alone:
            return self._excl("28.pair", alone)
        if state.pair:
            return self._excl("28.pair", f"{state.pair} has already shown the pair")
        if state.no_trump:
            return self._excl("28.pair", "no pair without trumps (the bidder declared no trumps)")
        if state.stage != PLAY or not state.revealed or state.trump is None:
            return self._excl("28.pair", f"{seat} may show the pair only after the trump has been "
                              f"exposed")
        king, queen = "K" + state.trump, "Q" + state.trump
        hand = state.hands[seat]
        missing = [c for c in (king, queen) if c not in hand]
        unseen = state.unseen
        if missing and unseen is not None and all(
                unseen.may_hold(seat, (c,)) for c in missing):
            # perhaps among his cards not seen (both at once is not checked: a note)
            unseen.note(seat, self.rule_id("28.pair"), len(state.tricks) + 1)
            missing = []
        if missing:
            if all(c in state.dealt.get(seat, ()) for c in missing):
                why = f"{seat} has already played {' and '.join(missing)}"
            else:
                why = f"{seat} does not hold {' and '.join(missing)}"
            return self._excl("28.pair", f"the pair is K and Q of trumps ({king} {queen}) in one "
                              f"hand: {why}")
        team = self.team(seat)
        if (opts.pair_scale == "west_bengal" and state.bidder is not None
                and team == self.team(state.bidder) and known(state.bid) < WEST_BENGAL_PAIR_FROM):
            return self._excl("28.pair", f"with a bid of {state.bid} the bidding side may not show "
                              f"the pair: it needs a bid of {WEST_BENGAL_PAIR_FROM} or more "
                              f"(pair_scale = west_bengal)")
        bidding = state.bidder is not None and team == self.team(state.bidder)
        if bidding and state.bid is not None and state.bid < opts.pair_min_bid:
            return self._excl("28.pair", f"with a bid of {state.bid} the bidding side may not show "
                              f"the pair: it needs a bid of {opts.pair_min_bid} or more "
                              f"(pair_min_bid)")
        # which trick won qualifies (option pair_trick_requirement)
        requirement = opts.pair_trick_requirement
        first = (state.reveal_trick or 99) if requirement == "after_reveal" else 1
        won = [t for t in state.tricks if t.number >= first and self.team(t.winner) == team]
        needs_trick = requirement != "s0_variant" or bidding  # Wikipedia: opponents need none
        if needs_trick and not won:
            since = (f"after the trump was exposed (in trick {state.reveal_trick})"
                     if requirement == "after_reveal" else "(any trick)")
            return self._excl("28.pair", f"{self._side(seat)} must win a trick {since} before "
                              f"showing the pair")
        if opts.pair_window == "after_win":
            last = state.tricks[-1] if state.tricks else None
            if state.trick or last is None or self.team(last.winner) != team \
                    or last.number < first:
                return self._excl("28.pair", f"{seat} may show the pair only right after a trick "
                                  f"won by {self._side(seat)}, before the next lead "
                                  f"(pair_window = after_win)")
        return None

    def _apply_pair(self, state: TwentyEightState, action: Action) -> None:
        # only a legal pair is applied: an illegal declaration has no effect on the target
        # (``_check_pair`` says so with ``Effect.NO_EFFECT``), and the misplay penalty applies
        state.pair = action.seat
