"""Fifty-Six (56, Kerala "Anpathiyaaru"): Twenty-Eight with a double pack and six players.

Source: the Fifty-Six remark of the Wikipedia article "Twenty-eight (card game)" ("twice the
points", Kerala) and the Fifty-Six sites it leads to (docs/games/fifty-six.md explains the
rules in words): 48 cards (J 9 A 10 K Q of each suit, twice), 8 each, bids from 28 to 56,
bids of 40 or more are "honours", no-trump bids exist, and of two identical cards the one
played first wins. The sources give no scoring table and nothing else.

Everything not listed here is Twenty-Eight's engine and defaults (referee/games/
twenty_eight/). Rules this module had to choose, each with the
option or class datum that changes it:

1. Six players in two alternating teams of three (the usual form; the 4- and 8-player
   variants are not supported: the table must have six seats). Counter-clockwise as in 28
   (option ``direction``).
2. The pack: J 9 A 10 K Q twice in each suit (class data ``rank_order``, ``copies``); 56
   points. Of two identical cards in a trick the one played first wins (option
   ``equal_cards``, as for 40's J and 3); so under the undertrump ban the second copy of the
   winning trump is no higher and counts as an undertrump. Every hand line must be given:
   with two copies of each card the hands are not inferred from the plays
   (``record.hands``).
3. Deal in two rounds of four; the auction and the trump card use the first four; the seventh
   card is the third card of the second round (class data ``deal_rounds``; option
   ``seventh_card``).
4. Bids from 28 to 56 (``min_bid``, ``max_bid``); first hand must open as in 28
   (``opening_bid_forced``); raising over a partner is free (``partner_raise``). The auction
   ends when the five other players have passed in a row after the last bid (28's "three
   passes" at a table of four).
5. Game points: 1 won or lost below 40, 2 for the "honours" bids of 40 or more
   (``score_table`` = fifty-six); doubles multiply as in 28.
6. The pair: K and Q of trumps in one hand (either copy), once per deal, lowering or raising
   the target by 8, twice 28's 4, as every other number of the game is doubled
   (``pair_value``); the target is clamped to [28, 56] (``pair_clamp``).
7. No-trump bids: with ``trump_indicator`` = spare and ``no_trump_two`` = yes the bidder may
   show a 2 for no trumps (ranks reversed, as in 29). The default own-card method has none, since
   the 56 sites do not say how a no-trump bid is made or scored.
8. A whole hand without a point (eight K and Q) cancels the deal (``annul_eight_zero``); the
   other annulment (``annul_other``) asks for all eight Jacks in one hand.
9. Single hand: +3 / -3 as in 28 (``single_hand_points``, ``single_hand_loss``); the
   declarer's two partners sit out, so tricks have four cards. Its "sure winner" test
   counts both copies: a card is sure when the declarer holds every copy of each stronger
   card of its suit (J 9 of spades is not: the other J beats the 9; J J 9 is).
"""

from __future__ import annotations

from referee.games.twenty_eight import TwentyEight
from referee.games.twenty_eight.options import REFUSED_SIX_PLAYER, family_options
from referee.games.twenty_eight.rulebook import family_ids, family_rules
from referee.games.twenty_eight.ruleset import PAGAT_28, WIKIPEDIA_28
from referee.games.twenty_eight.scoring import CARD_POINTS_28
from referee.rules.base import GenericRules
from referee.rules.options import OptionValue, Preset
from referee.rules.registry import register

DEFAULTS_56: dict[str, OptionValue] = {
    "min_bid": 28,
    "max_bid": 56,
    "score_table": "fifty-six",
    "pair_value": 8,
}
"""Fifty-Six's defaults where they differ from 28 (the source and the decisions above)."""

STANDARD_56 = Preset("standard", "Wikipedia's Fifty-Six (Kerala) with the referee's "
                     "defaults: six players, a double 48-card pack, bids 28 to 56, bids of 40 "
                     "or more worth 2, the first of two identical cards wins", {})


GENERIC_56 = GenericRules(
    turn="56.turn",
    not_held="56.not-held",
    incomplete="56.incomplete",
    deal_over="56.deal-over",
    match_over="56.match-over",
    trick_number="56.trick-number",
    dealer="56.dealer",
)
"""The full ids of the generic rules of this game."""


RULE_IDS_56 = family_ids(
    GENERIC_56,
    {
        "28.opening-bid": "56.opening-bid",
        "28.bid-range": "56.bid-range",
        "28.bid-higher": "56.bid-higher",
        "28.partner-raise": "56.partner-raise",
        "28.auction-over": "56.auction-over",
        "28.pass-final": "56.pass-final",
        "28.dealer-bid": "56.dealer-bid",
        "28.auction-open": "56.auction-open",
        "28.redeal": "56.redeal",
        "28.trump-card": "56.trump-card",
        "28.seventh-card": "56.seventh-card",
        "28.double": "56.double",
        "28.redouble": "56.redouble",
        "28.single-hand": "56.single-hand",
        "28.hold": "56.hold",
        "28.second-round": "56.second-round",
        "28.c-call": "56.c-call",
        "28.show": "56.show",
        "28.follow-suit": "56.follow-suit",
        "28.lead-trump": "56.lead-trump",
        "28.call": "56.call",
        "28.must-call": "56.must-call",
        "28.call-must-trump": "56.call-must-trump",
        "28.undertrump": "56.undertrump",
        "28.pair": "56.pair",
        "28.void-deal": "56.void-deal",
        "28.thrown-in": "56.thrown-in",
        "28.deal-order": "56.deal-order",
    },
)
"""This game's id of each of the family's rules, written out in full (the engine checks
them under Twenty-Eight's ids)."""


@register
class FiftySix(TwentyEight):
    """Fifty-Six, six players in two alternating teams of three, a double pack."""

    name = "fifty-six"
    aliases = ("56",)
    rule_prefix = "56"
    title = "Fifty-Six"
    sources = (("Wikipedia: Twenty-eight (card game), the Fifty-Six variant", WIKIPEDIA_28),
               ("pagat.com: Twenty-Eight and its relatives", PAGAT_28))
    cards_text = ("48 cards: two of each J 9 A 10 K Q, highest first. Card points: J 3, 9 2, "
                  "A 1, 10 1: 56 in the pack. Of two identical cards the one played first wins "
                  "(option `equal_cards`).")
    default_seats = ("P1", "P2", "P3", "P4", "P5", "P6")
    generic = GENERIC_56
    rule_ids = RULE_IDS_56
    option_specs = family_options(RULE_IDS_56, DEFAULTS_56,
                                  second_rounds=tuple(f"min{n}" for n in range(28, 57)),
                                  equal="the two copies of a card")
    rules = family_rules(RULE_IDS_56, option_specs, seats=6, equal="two identical trumps")
    refused_options = REFUSED_SIX_PLAYER
    second_round_table = None  # a second-round contract scores by the game's own table
    presets = {"standard": STANDARD_56}

    rank_order = "J9ATKQ"
    card_point_table = dict(CARD_POINTS_28)
    copies = 2
    seat_count = 6
    team_size = 3

    @classmethod
    def default_teams(cls, seats, options):
        """Two teams of three, partners alternating round the table."""
        return (tuple(seats[0::2]), tuple(seats[1::2]))
