"""Forty (40): the six-player relative of Twenty-Eight with the four threes added.

Source: the Forty paragraph of the Wikipedia article "Twenty-eight (card game)"
(docs/games/forty.md explains the rules in words): six players, 36 cards (J 3 9 A 10 K Q 8
7), six each; each 3 is worth 3 like a Jack and ranks equal with the Jack, the one played
first winning (option ``equal_cards``); 40 points in all; minimum call 20; game points
20-29: +1 made / opponents +2 failed, 30-33: 2 / 3, 34-40: 3 / 4; Thani (single hand) 4 / 5;
a wrong play detected by the opponents gives them double.

Everything else is Twenty-Eight's engine and defaults (the package referee/games/twenty_eight/),
driven by options. Decisions the source leaves open, with the option or
class datum that changes each one:

1. Two teams of three, partners sitting alternately (the usual reading); the
   default seats are P1 ... P6 with teams "P1 P3 P5" and "P2 P4 P6". Counter-clockwise, as
   in 28 (option ``direction``).
2. The deal is two rounds of three cards; the auction and the trump card use the first three
   (class datum ``deal_rounds``). There is no seventh card (``seventh_card`` = no, and
   refused if set).
3. Bids 20 to 40 (``min_bid``, ``max_bid``); first hand must open as in 28; raising over a
   partner is free. The auction ends when the five other players have passed in a row
   after the last bid (28's "three passes" is the four-player form of "everybody else
   passes"). Wikipedia's "a second bid must be 30 or more" is the second bidding round
   (``second_round = min30``, off by default; second_round.py), scored by this table, or,
   read literally, a player's second bid in the one auction (``second_bid_min = 30``, off by
   default; auction.py); the two are refused together.
4. The score table above (``score_table`` = forty): a failed contract is paid to the
   opponents, as the source says ("opponents gain 2"). Thani: +4 made, opponents +5 if lost.
   The misplay penalty doubles what the opponents receive (``misplay_penalty`` =
   double_to_opponents).
5. The pair, doubles, the undertrump ban, the lead restriction and the void rule (no call
   before the last trick) are those of 28 with the same defaults (not stated for 40); the
   pair target is clamped to [20, 40]. ``annul_eight_zero`` cancels a deal in which a
   player's six cards have no point. Under the undertrump ban a 3 of trumps after the J of
   trumps (or the J after the 3) is no higher: it loses, so it counts as an undertrump
   (``40.undertrump`` allows only "a higher trump or a card of a non-trump suit").
6. Not implemented: "some forbid the first bidder to bid with a hand of a single suit" (a
   regional remark without detail). The single-hand "sure winner" test (40.single-hand) is the
   family's exact one (scoring28.is_sure_winner_hand); the J and 3 being equal, a 3 led
   beats a J played after it, so a lone 3 led is unbeaten (and a 9 needs both J and 3).
"""

from __future__ import annotations

from referee.games.twenty_eight import TwentyEight
from referee.games.twenty_eight.options import REFUSED_SIX_PLAYER, family_options
from referee.games.twenty_eight.rulebook import family_ids, family_rules
from referee.games.twenty_eight.ruleset import PAGAT_28, WIKIPEDIA_28
from referee.rules.base import GenericRules
from referee.rules.options import OptionValue, Preset
from referee.rules.registry import register

DEFAULTS_40: dict[str, OptionValue] = {
    "min_bid": 20,
    "max_bid": 40,
    "seventh_card": False,
    "score_table": "forty",
    "misplay_penalty": "double_to_opponents",
    "single_hand_points": 4,
    "single_hand_loss": 5,
}
"""Forty's defaults where they differ from 28."""

STANDARD_40 = Preset("standard", "Wikipedia's Forty: six players, 36 cards, J and 3 equal, "
                     "bids 20 to 40, game points 1/2, 2/3, 3/4 by the bid, Thani 4/5", {})


GENERIC_40 = GenericRules(
    turn="40.turn",
    not_held="40.not-held",
    incomplete="40.incomplete",
    deal_over="40.deal-over",
    match_over="40.match-over",
    trick_number="40.trick-number",
    dealer="40.dealer",
)
"""The full ids of the generic rules of this game."""


RULE_IDS_40 = family_ids(
    GENERIC_40,
    {
        "28.opening-bid": "40.opening-bid",
        "28.bid-range": "40.bid-range",
        "28.bid-higher": "40.bid-higher",
        "28.partner-raise": "40.partner-raise",
        "28.auction-over": "40.auction-over",
        "28.pass-final": "40.pass-final",
        "28.dealer-bid": "40.dealer-bid",
        "28.auction-open": "40.auction-open",
        "28.redeal": "40.redeal",
        "28.trump-card": "40.trump-card",
        "28.seventh-card": "40.seventh-card",
        "28.double": "40.double",
        "28.redouble": "40.redouble",
        "28.single-hand": "40.single-hand",
        "28.hold": "40.hold",
        "28.second-round": "40.second-round",
        "28.c-call": "40.c-call",
        "28.show": "40.show",
        "28.follow-suit": "40.follow-suit",
        "28.lead-trump": "40.lead-trump",
        "28.call": "40.call",
        "28.must-call": "40.must-call",
        "28.call-must-trump": "40.call-must-trump",
        "28.undertrump": "40.undertrump",
        "28.pair": "40.pair",
        "28.void-deal": "40.void-deal",
        "28.thrown-in": "40.thrown-in",
        "28.deal-order": "40.deal-order",
    },
)
"""This game's id of each of the family's rules, written out in full (the engine checks
them under Twenty-Eight's ids)."""


@register
class Forty(TwentyEight):
    """Forty, six players in two alternating teams of three."""

    name = "forty"
    aliases = ("40",)
    rule_prefix = "40"
    title = "Forty"
    sources = (("Wikipedia: Twenty-eight (card game), the Forty variant", WIKIPEDIA_28),
               ("pagat.com: Twenty-Eight and its relatives", PAGAT_28))
    cards_text = ("36 cards: J 3 9 A 10 K Q 8 7 of each suit, highest first. The 3 is worth 3, "
                  "like the J, and ranks equal with it: of two equal cards the one played first "
                  "wins (option `equal_cards`). Card points: J 3, 3 3, 9 2, A 1, 10 1: 40 in the "
                  "pack.")
    default_seats = ("P1", "P2", "P3", "P4", "P5", "P6")
    generic = GENERIC_40
    rule_ids = RULE_IDS_40
    option_specs = family_options(RULE_IDS_40, DEFAULTS_40, batch="three",
                                  second_rounds=("min30",), equal="a J and a 3 of one suit")
    rules = family_rules(RULE_IDS_40, option_specs, batch="three", seats=6,
                         equal="a J and a 3 of trumps", texts={
                             "28.seventh-card": "Forty deals six cards each: there is no "
                             "seventh card, and the trump card is one of the bidder's first "
                             "three"})
    refused_options = REFUSED_SIX_PLAYER
    second_round_table = None  # a second-round contract scores by the game's own table
    presets = {"standard": STANDARD_40}

    rank_order = "J39ATKQ87"
    card_point_table = {"J": 3, "3": 3, "9": 2, "A": 1, "T": 1}
    equal_ranks = ("J3",)
    deal_rounds = (3, 3)
    seventh_position = None
    seat_count = 6
    team_size = 3

    @classmethod
    def default_teams(cls, seats, options):
        """Two teams of three, partners alternating round the table."""
        return (tuple(seats[0::2]), tuple(seats[1::2]))
