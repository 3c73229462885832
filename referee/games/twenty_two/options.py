"""The options of Twenty-Two (the sources' variants and the house rules) and its presets."""

from __future__ import annotations

from referee.model.seats import CLOCKWISE, COUNTER_CLOCKWISE
from referee.rules.options import OptionSpec, Preset

DIRECTIONS = {"clockwise": CLOCKWISE, "counter-clockwise": COUNTER_CLOCKWISE}
"""The seat order of each value of the ``direction`` option."""


def _options() -> tuple[OptionSpec, ...]:
    return (
        OptionSpec("packs", "int", 1, "52-card packs shuffled together: 2-6 players with one, "
                   "three more seats per extra pack; equal cards then repeat",
                   ("22.deal-size",), minimum=1, maximum=4),
        OptionSpec("direction", "choice", "clockwise", "direction of dealing and play",
                   ("22.turn", "22.dealer"), choices=tuple(DIRECTIONS)),
        OptionSpec("first_dealer", "choice", "record", "the first dealer is the one the record "
                   "names (the draw for deal is not recorded)", ("22.dealer",),
                   choices=("record",)),
        OptionSpec("next_dealer", "choice", "loser", "later deals: the previous loser deals (the "
                   "record names one of tied losers) and the next living player leads",
                   ("22.dealer",), choices=("loser",)),
        OptionSpec("markers_removed", "bool", True, "damage markers stay out of the pack for "
                   "the rest of the game", ("22.deal-size",)),
        OptionSpec("deal_cap", "choice", "equal-share", "a short pack deals the largest equal "
                   "number: floor(available / living)", ("22.deal-size",),
                   choices=("equal-share",)),
        OptionSpec("exchange_once", "choice", "yes", "one exchange each, from the leader in "
                   "turn, within the stock, discard all then draw",
                   ("22.exchange-once", "22.exchange-stock"), choices=("yes",)),
        OptionSpec("set_compare", "choice", "sorted", "sets compare sorted element-wise",
                   ("22.follow",), choices=("sorted",)),
        OptionSpec("follower_sets_mixed", "choice", "yes", "followers may play cards of mixed "
                   "ranks", ("22.follow",), choices=("yes",)),
        OptionSpec("trick_tie", "choice", "last", "equal strongest plays: the last (or the "
                   "first) of them wins the trick", (), choices=("last", "first")),
        OptionSpec("last_trick_tie", "choice", "all", "every player tied for the highest card "
                   "of the last trick loses", (), choices=("all",)),
        OptionSpec("game_end", "choice", "last-survivor", "the game ends with one survivor, or "
                   "after the first death (least damage wins, ties shared)",
                   ("22.match-over",), choices=("last-survivor", "first-death")),
        OptionSpec("simultaneous_wipeout", "choice", "draw", "everyone left dies in one deal: "
                   "a draw shared by them, or the least total damage wins",
                   (), choices=("draw", "lowest-damage")),
        OptionSpec("ace_lead_forces_lowest", "bool", False, "Cucumber's rule: after a lead of "
                   "aces the followers must play their lowest cards", ("22.ace-lead",)),
    )


OPTIONS = _options()
"""The options of Twenty-Two, in the order `referee games twenty-two` lists them."""


STANDARD = Preset("standard", "the rules of pagat.com and gamerules.com, with the referee's "
                  "defaults: the last survivor wins", {})
FIRST_DEATH_ENDS = Preset("first-death-ends", "the game ends when the first player dies; the "
                          "least damage wins, ties shared (a common house rule; option game_end)",
                          {"game_end": "first-death"})
