"""The single hand: one player against all, without trumps."""

from __future__ import annotations

from referee.games.twenty_eight.base import Engine28
from referee.games.twenty_eight.known import seat_of
from referee.games.twenty_eight.mode import SingleHandMode
from referee.games.twenty_eight.scoring import (
    is_sure_winner_hand,
)
from referee.games.twenty_eight.state import (
    AUCTION,
    PLAY,
    TRUMP,
    TwentyEightState,
)
from referee.model.record import Action
from referee.rules.base import (
    Exclusion,
)


class SingleHand(Engine28):
    """Declaring a single hand."""

    def _check_single(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        """A single hand declared after the lead or before the full deal (in the auction,
        before the trump choice), or a second one, is disregarded: it has no effect and the
        deal goes on; a declaration superseded by an earlier one, or made with a sure winner,
        stands."""
        problem = self._single_problem(state, action)
        if (problem is not None and state.stage in (PLAY, AUCTION, TRUMP)
                and not self._superseded(state)):
            return problem.without_effect()
        return problem

    @staticmethod
    def _superseded(state: TwentyEightState) -> bool:
        """A single hand is declared and the play has not begun: a later declaration is
        superseded (the first to declare plays it)."""
        return state.mode.declarer is not None and not state.play_started

    def _single_problem(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        seat = seat_of(action)
        if not self.opts.single_hand:
            return self._excl("28.single-hand", "the single hand is not played (single_hand = "
                              "no)")
        if self._superseded(state):
            return None  # superseded: the first to declare plays it (a note, _apply_single)
        taken = state.mode.rules_out("single")
        if taken:
            return self._excl("28.single-hand", f"{taken}: {seat} may declare a single hand "
                              f"only before the lead to trick 1")
        if state.stage in (AUCTION, TRUMP):
            now = "auction" if state.stage == AUCTION else "trump choice"
            return self._excl("28.single-hand", f"{seat} may declare a single hand only after "
                              f"the full deal (after the trump choice and any double), not "
                              f"during the {now}")
        if state.stage == PLAY:
            return self._excl("28.single-hand", f"{seat} may declare a single hand only before "
                              f"the lead to trick 1")
        if self._is_sure(state, seat):
            return self._excl("28.single-hand", f"{seat} may not play a single hand with "
                              f"{self._show(self._full_hand(state, seat))}: a sure winner, "
                              f"certain to win every trick; he needs a hand that could "
                              f"lose one")
        return None

    def _is_sure(self, state: TwentyEightState, seat: str) -> bool:
        """The sure-winner test (28.single-hand) on ``seat``'s eight cards, played as a single hand
        (no trumps, he leads trick 1): certain to win every trick, whatever the others hold
        and play (scoring28.is_sure_winner_hand). A single hand needs a hand that fails it."""
        hand = self._full_hand(state, seat)
        return len(hand) == self.hand_size and is_sure_winner_hand(
            hand, self.rank_order, self.equal_ranks, self.copies, last_wins=self.last_wins)

    def _full_hand(self, state: TwentyEightState, seat: str) -> list[str]:
        """``seat``'s eight cards before the lead (a single hand is declared then): what he
        was dealt, the face-down card included, each copy of a double pack's card counted."""
        return list(state.dealt.get(seat, ()))

    def _apply_single(self, state: TwentyEightState, action: Action) -> None:
        declarer = state.mode.declarer
        if declarer is not None and not state.play_started:
            # 28.single-hand: "if several want it, the first to declare plays it" (a
            # declaration in the auction, the trump choice or play has no effect: see the check)
            state.notes.append((self.rule_id("28.single-hand"), (
                f"{action.seat}'s single-hand declaration is superseded: {declarer} declared "
                f"a single hand first and plays it (the first to declare plays it)")))
            return
        seat = seat_of(action)
        if not state.revealed:
            state.facedown_to_hand()
        state.mode = SingleHandMode(seat, self.partners[seat])
        # no trump and no face-down card: play's trump rules find none to apply
        state.trump = None
        state.facedown = None
        state.stage = PLAY
        state.turn = seat
