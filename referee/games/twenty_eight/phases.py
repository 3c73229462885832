"""The 28 engine's phases joined: everything of ``TwentyEight`` but its variants.

Each phase (deal.py, auction.py, trump.py, doubles.py, play.py, pair.py, single.py,
settle.py) checks and carries out its own kinds of action; ``Phases`` joins them, and is what a
variant (variant.py) works with. ``TwentyEight`` (ruleset.py) adds the variants, its game data
and the wiring.
"""

from __future__ import annotations

from referee.games.twenty_eight.auction import Auction
from referee.games.twenty_eight.base import Engine28
from referee.games.twenty_eight.deal import DealSetup
from referee.games.twenty_eight.doubles import Doubles
from referee.games.twenty_eight.hooks import Hooks
from referee.games.twenty_eight.pair import Pair
from referee.games.twenty_eight.play import Play
from referee.games.twenty_eight.scoring import ScoreTable
from referee.games.twenty_eight.settle import Settle
from referee.games.twenty_eight.single import SingleHand
from referee.games.twenty_eight.trump import TrumpChoice


class Phases(DealSetup, Auction, TrumpChoice, Doubles, Play, Pair, SingleHand, Settle,
             Engine28):
    """The engine by phase, without the variants of the sources."""

    second_round_table: ScoreTable | None
    """The stake of a contract won in the second bidding round; None: the game's own score
    table (Forty, Fifty-Six). Set by ``TwentyEight``, which holds the second round."""

    def own_hooks(self) -> Hooks:
        """The hooks as the phases' own methods, before any variant wraps them."""
        return Hooks(
            check_call=self._check_call, apply_bid=self._apply_bid,
            apply_pass=self._apply_pass, auction_need=self._auction_need,
            check_trump=self._check_trump, apply_trump=self._apply_trump,
            check_trump_call=self._check_trump_call,
            trump_choice_problem=self._trump_choice_problem,
            call_problem=self._call_problem, reveal=self._reveal,
            window_closed=self._window_closed, check_redouble=self._check_redouble,
            check_single=self._check_single, check_play=self._check_play,
            incomplete_message=self._deal_incomplete, verdict=self._verdict,
            contract=self._contract, contract_verdict=self._contract_verdict,
            score_table=self._score_table, high_bid_two=self._high_bid_two)
