"""The options of Twenty-Five (each variant of the sources that changes a rule) and its
presets."""

from __future__ import annotations

from referee.games.twenty_five.cards import PRIVILEGED_RANKS
from referee.rules.options import OptionSpec, Preset

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("players", "choice", "3-9", "how many players may sit at the table (2 and 10 "
               "only when set)", (), choices=("3-9", "2-10")),
    OptionSpec("rob_compulsory", "bool", False,
               "the eligible player must rob (the 1911 Encyclopaedia Britannica) instead of may "
               "(gamerules.com)", ("25.must-rob",)),
    OptionSpec("rob_deadline_holder", "choice", "own_first_play",
               "the trump-ace holder robs before his own first play, or before the opening "
               "lead", ("25.rob-deadline",), choices=("own_first_play", "before_opening_lead")),
    OptionSpec("rob_deadline_dealer", "choice", "own_first_play",
               "the dealer robs a turned-up ace before his own first play (gamerules.com), or "
               "before the opening lead (the 1911 Encyclopaedia Britannica)", ("25.rob-deadline",),
               choices=("own_first_play", "before_opening_lead")),
    OptionSpec("unrobbed_ace_penalty", "choice", "none",
               "a trump ace not robbed with by the deadline: no effect, or it ranks as the "
               "lowest trump (Forty-Five)", ("25.renege",), choices=("none", "lowest_trump")),
    OptionSpec("renege_reference", "choice", "led",
               "a privileged trump is compared with the led card, or with the highest trump "
               "played so far", ("25.renege",), choices=("led", "highest")),
    OptionSpec("renege_cards", "choice", "five_jack_ace",
               "the trumps that may renege: 5, J and A of hearts, or the 5 only (Irish 45s)",
               ("25.renege",), choices=tuple(PRIVILEGED_RANKS)),
    OptionSpec("may_trump_when_following", "bool", True,
               "a player holding the plain suit led may trump instead of following",
               ("25.follow-suit",)),
    OptionSpec("target", "int", 25, "the score that wins the game", ("25.game-end",),
               minimum=5, maximum=500),
    OptionSpec("end_mid_deal", "bool", True,
               "the game stops the moment a side reaches the target (else at the end of the "
               "deal)", ("25.game-end",)),
    OptionSpec("jink_wins_game", "bool", False,
               "a side that wins all five tricks of a deal wins the game at once",
               ("25.game-end",)),
)

STANDARD = Preset("standard", "gamerules.com's rules with the referee's defaults: the "
                  "robber robs before his own first play", {})
DEALER_ROBS_FIRST = Preset("dealer-robs-first", "the older rule (the 1911 Encyclopaedia "
                           "Britannica): the dealer robs a "
                           "turned-up ace before the opening lead",
                           {"rob_deadline_dealer": "before_opening_lead"})
