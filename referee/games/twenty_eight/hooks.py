"""The points of the 28 engine's phases where a variant can take part (variant.py).

Each hook starts as a phase's own method (``Phases.own_hooks``); a variant that is on replaces
it with a callable that applies its rule and hands the rest to the one it replaced.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from referee.games.twenty_eight.contract import Contract, Settlement
from referee.games.twenty_eight.scoring import ScoreTable
from referee.games.twenty_eight.state import TwentyEightState
from referee.model.record import Action
from referee.rules.base import Exclusion

Check = Callable[[TwentyEightState, Action], Exclusion | None]
"""A phase's judgement of one kind of action: None if legal, else why not."""
Apply = Callable[[TwentyEightState, Action], None]
"""A phase's carrying out of one kind of action."""


@dataclass(slots=True)
class Hooks:
    """The points of the phases where a variant can take part, wired once per match.

    The phases call these (not their own methods) wherever a variant may have a say, and to
    ask another phase (play asks the trump choice whether the face-down card may be exposed).
    """

    # the auction (auction.py)
    check_call: Check
    apply_bid: Apply
    apply_pass: Apply
    auction_need: Callable[[TwentyEightState], str]
    # the trump choice and the call (trump.py)
    check_trump: Check
    apply_trump: Apply
    check_trump_call: Check
    trump_choice_problem: Callable[[TwentyEightState, str, Action], Exclusion | None]
    call_problem: Callable[[TwentyEightState, str], str | None]
    """Play asks it of a face-down card."""
    reveal: Callable[[TwentyEightState, str], None]
    # the double window (doubles.py) and the single hand (single.py)
    window_closed: Callable[[TwentyEightState], str | None]
    check_redouble: Check
    check_single: Check
    # play (play.py)
    check_play: Check
    # the end of the deal and its score (settle.py)
    incomplete_message: Callable[[TwentyEightState], str]
    verdict: Callable[[TwentyEightState, list[str]], Settlement]
    contract: Callable[[TwentyEightState, str, int, str], Contract]
    contract_verdict: Callable[[TwentyEightState, Contract], Settlement]
    score_table: Callable[[TwentyEightState], ScoreTable]
    high_bid_two: Callable[[TwentyEightState], bool]
