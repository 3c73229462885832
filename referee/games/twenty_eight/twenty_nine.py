"""Twenty-Nine (29): the 28 family's rules with the defaults of gamerules.com.

Sources: a Persian translation of a gamerules.com-style "Twenty-Nine" page, checked against
pagat.com's "Twenty-Nine" (https://www.pagat.com/jass/29.html) and the Wikipedia article
"Twenty-eight (card game)"; docs/games/twenty-nine.md explains the rules in words.

Everything is the Twenty-Eight engine (the package referee/games/twenty_eight/) driven by
options: this
module only sets the 29 defaults and presets, so each rule below can be switched back by the
option named with it.

Presets: ``standard`` (gamerules.com), ``pagat-older`` (optional call, caller must trump, trumps
played before the call count), ``bangladesh`` (counter-clockwise, minimum 16, bids of
16-18 cannot use the pair, as the Bangladeshi sources play it).

Decisions, with the option that changes each one:

1. Clockwise; first hand is the dealer's left; the deal passes to the left.
   Option ``direction``.
2. First hand may pass; bids 15 to 28; three passes after the last bid end the auction; a pass
   is not final; partners may overbid each other. Options ``opening_bid_forced``,
   ``min_bid``, ``max_bid``, ``pass_final``, ``partner_raise``.
3. If the first three pass, the dealer must bid exactly 15 (the minimum), which ends the
   auction. Option ``dealer_forced_bid`` (``any``: he must bid, any amount).
4. Trump is shown with a spare 2-5 card (``W trump 3C``) or by naming the suit
   (``W trump C``); the bidder keeps his eight cards and may name any suit. The seventh
   card names the suit and stays in his hand. Options ``trump_indicator``,
   ``seventh_card``.
5. The first player of the deal who cannot follow suit must call (the bidder announces it
   himself); after the reveal nobody calls; the caller need not trump. If that
   player plays without calling (29.must-call), the first occasion has passed: later void
   players may call but need not (only the deal's first void occasion obliges). Options
   ``trump_call_mandatory``, ``caller_must_trump``.
6. Trump-suit cards played to the revealing trick before the call count as trumps (moot
   under the mandatory call except when trumps were led). Option ``pre_reveal_trumps_count``.
7. No lead restriction for the bidder and no undertrump ban. Options
   ``bidder_lead_restriction``, ``no_undertrump``.
8. A trump never revealed: play goes on, tricks are won by the suit led, no pair. Option
   ``void_if_trump_never_called`` (``void`` voids it after seven tricks).
9. The last trick is worth one point, 29 in all. Option ``last_trick_bonus``.
10. Pair: after the trump is revealed and the holder's side has won a trick since (the
    revealing trick counts); -4 / +4, the target clamped to [15, 28].
    Options ``pair_trick_requirement``, ``pair_window``, ``pair_value``, ``pair_clamp``,
    ``pair_min_bid``.
11. Double, redouble and the single hand are accepted as in 28; no annulment rule:
    ``redeal_fh_pointless``, ``annul_eight_zero`` are off
    (``redeal_first_two_pointless`` is pagat.com's variation: either of the first two
    speakers without a point in his first four).
"""

from __future__ import annotations

from referee.games.twenty_eight import TwentyEight
from referee.games.twenty_eight.options import MINUS_KQ_28_ONLY, family_options
from referee.games.twenty_eight.rulebook import family_ids, family_rules
from referee.games.twenty_eight.ruleset import FAMILY_ORDER, WIKIPEDIA_28
from referee.rules.base import GenericRules
from referee.rules.options import OptionValue, Preset
from referee.rules.registry import register

DEFAULTS_29: dict[str, OptionValue] = {
    "direction": "cw",
    "opening_bid_forced": False,
    "min_bid": 15,
    "dealer_forced_bid": "exact",
    "trump_indicator": "spare",
    "bidder_lead_restriction": "no",
    "trump_call_mandatory": True,
    "caller_must_trump": False,
    "pre_reveal_trumps_count": True,
    "no_undertrump": False,
    "void_if_trump_never_called": "play_on",
    "last_trick_bonus": 1,
    "redeal_fh_pointless": False,
    "annul_eight_zero": False,
}
"""Twenty-Nine's option defaults where they differ from 28."""

STANDARD_29 = Preset("standard", "the common rules: clockwise, bids 15 to 28, the dealer "
                     "bids 15 when the others pass, a spare card shows the trump suit, the "
                     "first player void in the suit led must call, the caller need not trump, "
                     "the last trick is worth 1 more", {})
PAGAT_OLDER = Preset("pagat-older", "pagat.com's older rules: calling is optional, the "
                     "caller must trump, trumps played before the call count",
                     {"trump_call_mandatory": False, "caller_must_trump": True,
                      "pre_reveal_trumps_count": True})
BANGLADESH = Preset("bangladesh", "Bangladesh: counter-clockwise, minimum bid 16, "
                    "the bidding side cannot use the pair with bids of 16 to 18",
                    {"direction": "ccw", "min_bid": 16, "pair_min_bid": 19})


GENERIC_29 = GenericRules(
    turn="29.turn",
    not_held="29.not-held",
    incomplete="29.incomplete",
    deal_over="29.deal-over",
    match_over="29.match-over",
    trick_number="29.trick-number",
    dealer="29.dealer",
)
"""The full ids of the generic rules of this game."""


RULE_IDS_29 = family_ids(
    GENERIC_29,
    {
        "28.opening-bid": "29.opening-bid",
        "28.bid-range": "29.bid-range",
        "28.bid-higher": "29.bid-higher",
        "28.partner-raise": "29.partner-raise",
        "28.auction-over": "29.auction-over",
        "28.pass-final": "29.pass-final",
        "28.dealer-bid": "29.dealer-bid",
        "28.auction-open": "29.auction-open",
        "28.redeal": "29.redeal",
        "28.trump-card": "29.trump-card",
        "28.seventh-card": "29.seventh-card",
        "28.double": "29.double",
        "28.redouble": "29.redouble",
        "28.single-hand": "29.single-hand",
        "28.hold": "29.hold",
        "28.second-round": "29.second-round",
        "28.c-call": "29.c-call",
        "28.show": "29.show",
        "28.follow-suit": "29.follow-suit",
        "28.lead-trump": "29.lead-trump",
        "28.call": "29.call",
        "28.must-call": "29.must-call",
        "28.call-must-trump": "29.call-must-trump",
        "28.undertrump": "29.undertrump",
        "28.pair": "29.pair",
        "28.void-deal": "29.void-deal",
        "28.thrown-in": "29.thrown-in",
        "28.deal-order": "29.deal-order",
    },
)
"""This game's id of each of the family's rules, written out in full (the engine checks
them under Twenty-Eight's ids)."""


@register
class TwentyNine(TwentyEight):
    """Twenty-Nine, four players in two partnerships, clockwise (docs/games/twenty-nine.md)."""

    name = "twenty-nine"
    aliases = ("29",)
    rule_prefix = "29"
    title = "Twenty-Nine"
    sources = (("pagat.com: Twenty-Nine", "https://www.pagat.com/jass/29.html"),
               ("Wikipedia: Twenty-eight (card game), the 29 variant", WIKIPEDIA_28))
    cards_text = ("32 cards. " + FAMILY_ORDER + " The last trick is worth 1 more (option "
                  "`last_trick_bonus`): 29 in a deal.")
    generic = GENERIC_29
    rule_ids = RULE_IDS_29
    option_specs = family_options(RULE_IDS_29, DEFAULTS_29)
    rules = family_rules(RULE_IDS_29, option_specs)
    refused_options: dict[str, tuple[OptionValue | None, str]] = {  # the duel is 29's
        "kings_queens_minus_one": MINUS_KQ_28_ONLY}
    presets = {"standard": STANDARD_29, "pagat-older": PAGAT_OLDER, "bangladesh": BANGLADESH}
