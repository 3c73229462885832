"""Twenty-Eight (28): the rules referee, and the base of the 28 family (29, 40, 56).

Sources: the Wikipedia article "Twenty-eight (card game)" and pagat.com's "Twenty-Eight"
(https://www.pagat.com/jass/28.html); docs/games/twenty-eight.md explains the rules in words.

Behaviour is driven by options and class data (rank order, point table, hand size), never by
the game's name, so the family's other games can be subclasses or presets. The class data for
the relatives: ``seat_count``/``team_size`` (Forty and Fifty-Six: six players, alternating
teams of three), ``equal_ranks`` (40: J and 3 equal, the first played wins), ``copies`` (56: a
double pack; hands are multisets, and a bidder holding the second copy of his face-down card
plays it as an ordinary card).

Presets: ``standard`` (Wikipedia, free partner raise), ``pagat`` (partner raise 20+,
``forced_trick8``), ``west-bengal`` (minimum 16, West Bengal pair), ``kerala`` (clockwise, no
raise over one's partner).

The interpretations chosen where the sources leave a choice, each with the option that changes
it, are listed once, in docs/games/twenty-eight.md ("Interpretation choices"). The variants of
the sources ("C", the single-hand show, the second bidding round, the duel auction) are each a
part of the engine that takes part only when its option is on (variant.py), with a module of
its own (c_call.py, show.py, second_round.py, duel.py) whose header gives its
rules and the choices made where the sources are silent.
"""

from referee.games.twenty_eight.options import family_options
from referee.games.twenty_eight.pack import MultiHand
from referee.games.twenty_eight.rulebook import family_rules
from referee.games.twenty_eight.ruleset import TwentyEight
from referee.games.twenty_eight.state import Match28, TwentyEightState

__all__ = [
    "Match28",
    "MultiHand",
    "TwentyEight",
    "TwentyEightState",
    "family_options",
    "family_rules",
]
