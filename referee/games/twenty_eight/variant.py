"""The sources' variants as parts of the 28 engine, and the hooks they take part at.

The engine is built by phase (deal.py, auction.py, trump.py, doubles.py, play.py, pair.py,
single.py, settle.py): each phase checks and carries out its own kinds of action. A variant of
the sources ("C", the show, the second bidding round, the duel auction: c_call.py, show.py,
second_round.py, duel.py) is an object, a ``Variant``, that says what it adds:

- the kinds of action it adds (``kinds``: ``c-call``, ``show``, ``hold``), which it judges and
  carries out, and lists as candidates, whether its option is on or not (a record may hold
  them anyway: with the option off they are judged not played);
- when its option is on (``is_on``), what it does at the start of a deal (``start_deal``) and
  the hooks of the phases it wraps (``wire``): its own rule first, the phase's (``then``)
  for what it leaves alone.

The engine asks only the variants that are on (``TwentyEight.variants``), so a card, a call
or a score of a deal without a variant never passes through it. ``Hooks`` holds every point
where a variant can take part, each a plain callable that starts as the phase's own method.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, ClassVar

from referee.games.twenty_eight.outcome import Contract, Settlement
from referee.games.twenty_eight.scoring import ScoreTable
from referee.games.twenty_eight.state import (
    Match28,
    TwentyEightState,
)
from referee.model.record import Action
from referee.rules.base import Exclusion

if TYPE_CHECKING:  # the engine imports the variants
    from types import SimpleNamespace

    from referee.games.twenty_eight.ruleset import TwentyEight

Check = Callable[[TwentyEightState, Action], Exclusion | None]
"""A phase's judgement of one kind of action: None if legal, else why not."""
Apply = Callable[[TwentyEightState, Action], None]
"""A phase's carrying out of one kind of action."""


class Hooks:
    """The points of the phases where a variant can take part, wired once per match.

    Each starts as the phase's own method; a variant that is on replaces it with a callable
    that applies its rule and hands the rest to the one it replaced. The phases call these
    (not their own methods) wherever a variant may have a say, and to ask another phase
    (play asks the trump choice whether the face-down card may be exposed).
    """

    __slots__ = ("apply_bid", "apply_pass", "apply_trump", "auction_need", "call_problem",
                 "check_call", "check_play", "check_redouble", "check_single", "check_trump",
                 "check_trump_call", "contract", "contract_verdict", "high_bid_two",
                 "incomplete_message", "reveal", "score_table", "trump_choice_problem",
                 "verdict", "window_closed")

    def __init__(self, engine: TwentyEight) -> None:
        # the auction (auction.py)
        self.check_call: Check = engine._check_call
        self.apply_bid: Apply = engine._apply_bid
        self.apply_pass: Apply = engine._apply_pass
        self.auction_need: Callable[[TwentyEightState], str] = engine._auction_need
        # the trump choice and the call (trump.py)
        self.check_trump: Check = engine._check_trump
        self.apply_trump: Apply = engine._apply_trump
        self.check_trump_call: Check = engine._check_trump_call
        self.trump_choice_problem: Callable[[TwentyEightState, str, Action],
                                            Exclusion | None] = engine._trump_choice_problem
        self.call_problem: Callable[[TwentyEightState, str], str | None] = \
            engine._call_problem  # play asks it of a face-down card
        self.reveal: Callable[[TwentyEightState, str], None] = engine._reveal
        # the double window (doubles.py) and the single hand (single.py)
        self.window_closed: Callable[[TwentyEightState], str | None] = engine._window_closed
        self.check_redouble: Check = engine._check_redouble
        self.check_single: Check = engine._check_single
        # play (play.py)
        self.check_play: Check = engine._check_play
        # the end of the deal and its score (settle.py)
        self.incomplete_message: Callable[[TwentyEightState], str] = engine._deal_incomplete
        self.verdict: Callable[[TwentyEightState, list[str]], Settlement] = engine._verdict
        self.contract: Callable[[TwentyEightState, str, int, str], Contract] = \
            engine._contract
        self.contract_verdict: Callable[[TwentyEightState, Contract], Settlement] = \
            engine._contract_verdict
        self.score_table: Callable[[TwentyEightState], ScoreTable] = engine._score_table
        self.high_bid_two: Callable[[TwentyEightState], bool] = engine._high_bid_two


class Variant:
    """A variant of the sources, as a part of the engine (see the module's docstring)."""

    kinds: ClassVar[tuple[str, ...]] = ()
    """The kinds of action this variant adds (judged by ``check``, carried out by ``apply``)."""

    def __init__(self, engine: TwentyEight) -> None:
        self.engine = engine

    @staticmethod
    def is_on(opts: SimpleNamespace) -> bool:
        """Whether the match's options play this variant."""
        raise NotImplementedError

    def check(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        """Judge an action of one of ``kinds``."""
        raise NotImplementedError

    def apply(self, state: TwentyEightState, action: Action) -> None:
        """Carry out an action of one of ``kinds``."""
        raise NotImplementedError

    def candidates(self, state: TwentyEightState) -> Iterator[Action]:
        """The actions this variant adds that are worth judging now."""
        return iter(())

    def start_deal(self, match: Match28, state: TwentyEightState) -> None:
        """Prepare ``state``, just dealt, for this variant (only when it is on)."""

    def wire(self, hooks: Hooks) -> None:
        """Wrap the hooks this variant changes (only when it is on)."""

    def wire_off(self, hooks: Hooks) -> None:
        """Wrap the hooks that an action of this variant changes even when its option is off
        (an illegal "C" stands, as an illegal double does). Nothing, for most."""
