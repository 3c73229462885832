"""Twenty-Two's cards played to tricks, carried out (``22.lead-*``, ``22.follow*``): the bar,
the trick's winner, the turn among the living."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from referee.games.twenty_two.model import CARD_STRENGTH, covers, strengths
from referee.games.twenty_two.state import OVER, Match22, TwentyTwoState
from referee.model.cards import Card
from referee.model.seats import Table
from referee.rules.base import Ruleset
from referee.rules.options import Options
from referee.rules.tricks import Trick


class Play22(Ruleset[Match22, TwentyTwoState]):
    """Plays carried out; ``TwentyTwo`` judges them (``_check_play``)."""

    direction: str

    def __init__(self, options: Options, table: Table) -> None:
        super().__init__(options, table)
        # the options every play asks for, as plain attributes (Options resolves names by a
        # Python-level __getattr__)
        self.last_of_equals_wins = options.trick_tie == "last"
        self.ace_lead_forces_lowest = bool(options.ace_lead_forces_lowest)
        self._successors: dict[frozenset[str], dict[str, str]] = {}
        """The living players -> each seat's next living seat in the turn direction: made
        once per set of living players in a match (it changes only when one dies)."""

    def _next_living(self, seat: str, living: Iterable[str], direction: str | None = None
                     ) -> str:
        """The first living seat after ``seat`` (which may be dead) in ``direction``."""
        if direction is None:
            return self._successors_of(living)[seat]
        return self._search_living(seat, set(living), direction)

    def _successors_of(self, living: Iterable[str]) -> dict[str, str]:
        """Each seat's next living seat in the turn direction, among ``living``."""
        alive = frozenset(living)
        successors = self._successors.get(alive)
        if successors is None:
            successors = self._successors[alive] = {
                other: self._search_living(other, alive, self.direction)
                for other in self.table.seats}
        return successors

    def _search_living(self, seat: str, alive: Collection[str], way: str) -> str:
        """The first seat of ``alive`` after ``seat``, going ``way``."""
        for steps in range(1, len(self.table.seats) + 1):
            other = self.table.next(seat, way, steps)
            if other in alive:
                return other
        raise ValueError("nobody is alive")

    def _lay_cards(self, state: TwentyTwoState, seat: str, cards: tuple[Card, ...]) -> None:
        """``seat`` plays ``cards`` to the trick, which may complete it (this runs for every
        play of every deal checked: a single card, the commonest play, is laid without
        sorting or calls)."""
        hand = state.hands[seat]
        trick = state.trick
        if len(cards) == 1:
            card = cards[0]
            hand.remove(card)
            strength = CARD_STRENGTH[card]
            if not trick:
                mine: list[int] | None = [strength]
            else:
                # the bar of a one-card lead is one strength: ``_takes_over``, written out
                bar = state.bar[0]
                mine = ([strength] if strength > bar
                        or (strength == bar and self.last_of_equals_wins) else None)
        else:
            for card in cards:
                hand.remove(card)
            mine = strengths(cards)
            if trick and not self._takes_over(mine, state.bar):
                mine = None
        if not trick:
            state.play_started = True
            state.trick_no = len(state.tricks) + 1
            state.last_trick = not hand  # the leader's last card: the last trick
        if mine is not None:  # the lead, or cards that take over the bar
            state.bar = mine
            state.bar_seat = seat
        trick.append((seat, cards))
        played = state.trick_len = len(trick)
        if played >= len(state.living):
            self._complete_trick(state)
        else:
            state.turn = state.next_living[seat]

    def _takes_over(self, mine: list[int], bar: list[int]) -> bool:
        """Dominating cards become the bar; ``trick_tie = first`` wants more."""
        if not covers(mine, bar):
            return False
        return self.last_of_equals_wins or mine != bar

    def _complete_trick(self, state: TwentyTwoState) -> None:
        trick = state.trick
        winner = state.bar_seat or trick[0][0]
        state.tricks.append(Trick(state.trick_no, trick, winner))
        if state.last_trick:
            state.last_cards = [(seat, cards[0]) for seat, cards in trick if cards]
            state.stage = OVER
            state.turn = None
        else:
            state.turn = winner
        state.trick = []
        state.trick_len = 0
        state.bar = []
        state.bar_seat = None
