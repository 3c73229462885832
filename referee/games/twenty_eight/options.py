"""The 28 family's options (with each game's defaults), refused values and presets."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from referee.games.twenty_eight.rulebook import FamilyIds
from referee.games.twenty_eight.scoring import (
    SCORE_TABLES,
)
from referee.rules.options import OptionSpec, OptionValue, Preset

SpecMaker = Callable[..., OptionSpec]
"""``spec(name, kind, default, meaning, rules, **limits)`` with the game's default applied."""


def _auction_specs(spec: SpecMaker, ids: FamilyIds, second_rounds: tuple[str, ...]
                   ) -> tuple[OptionSpec, ...]:
    """Options of bidding: turn order, the range of bids and how the auction ends."""
    return (
        spec("direction", "choice", "ccw", "turn order for dealing, bidding and play",
             (ids["28.turn"], ids["28.dealer"]), choices=("ccw", "cw")),
        spec("first_bidder", "choice", "fh",
             "who speaks first and leads to trick 1: first hand, the dealer's next in turn "
             "(every source agrees)", (ids["28.turn"],), choices=("fh",)),
        spec("min_bid", "int", 14, "lowest bid (and lowest target after a pair)",
             (ids["28.bid-range"], ids["28.opening-bid"], ids["28.pair"]), minimum=1, maximum=64),
        spec("max_bid", "int", 28, "highest bid; a bid of it ends the auction",
             (ids["28.bid-range"], ids["28.auction-over"], ids["28.pair"]), minimum=1, maximum=64),
        spec("opening_bid_forced", "bool", True,
             "first hand must open (he may not pass at his first turn)", (ids["28.opening-bid"],)),
        spec("partner_raise", "choice", "free",
             "bidding over partner's standing bid: free, min20 (20 or more), forbidden",
             (ids["28.partner-raise"],), choices=("free", "min20", "forbidden")),
        spec("auction_end", "choice", "three_passes",
             "the auction ends after three passes following a bid, or after one round",
             (ids["28.auction-over"], ids["28.auction-open"], ids["28.turn"]),
             choices=("three_passes", "single_round")),
        spec("pass_final", "bool", False,
             "a player who passed may not bid again; the turn skips him",
             (ids["28.pass-final"], ids["28.turn"], ids["28.auction-over"])),
        spec("auction_style", "choice", "open",
             "open auction, or duel (the Bangladesh auction): first hand holds, each "
             "other player in turn challenges the survivor with a number, the holder answers "
             "hold or passes, a pass is final",
             (ids["28.hold"], ids["28.turn"], ids["28.bid-higher"], ids["28.auction-over"]),
             choices=("open", "duel")),
        spec("dealer_forced_bid", "choice", "none",
             "when the first players all pass: none (all pass throws the deal in), exact "
             "(the dealer must bid exactly min_bid) or any (the dealer must bid)",
             (ids["28.dealer-bid"], ids["28.auction-over"], ids["28.thrown-in"]),
             choices=("none", "exact", "any")),
        spec("second_round", "choice", "off",
             "a second auction after the full deal, before play: off, or minN (its bids are "
             "N or more); a contract won in it scores {second_score}",
             (ids["28.second-round"], ids["28.turn"], ids["28.bid-higher"], ids["28.single-hand"]),
             choices=("off", *second_rounds)),
        spec("second_bid_min", "int", 0,
             "a player's second and later bids in the auction must be N or more (0: no "
             "limit; 30 reads \"a second bid must be 30 or more\" literally); the other "
             "reading of that rule is second_round, and the two exclude each other",
             (ids["28.bid-range"],), minimum=0, maximum=64),
    )


def _trump_and_play_specs(spec: SpecMaker, ids: FamilyIds) -> tuple[OptionSpec, ...]:
    """Options of the trump choice, the call and the play of the cards."""
    return (
        spec("trump_indicator", "choice", "own_card",
             "own_card: the bidder lays a card of the trump suit face down, out of his hand "
             "until exposed; spare: a spare 2-5 card (or the suit) names it and he keeps "
             "all his cards", (ids["28.trump-card"], ids["28.call"], ids["28.follow-suit"]),
             choices=("own_card", "spare")),
        spec("seventh_card", "bool", True,
             "the bidder may call for his seventh card as the trump card",
             (ids["28.seventh-card"],)),
        spec("bidder_lead_restriction", "choice", "yes",
             "the bidder may not lead the concealed trump suit unless he holds only trumps: "
             "yes (the ban lifts once another player has led trumps), strict (it holds until "
             "the trump is exposed, whoever led trumps before), no (no ban)",
             (ids["28.lead-trump"],), choices=("yes", "strict", "no")),
        spec("trump_call_mandatory", "bool", False,
             "the first player of the deal void in the suit led must call for the concealed "
             "trump (if he does not, later void players need not)", (ids["28.must-call"],)),
        spec("caller_must_trump", "bool", True,
             "the caller must play a trump to the revealing trick if he holds one",
             (ids["28.call-must-trump"],)),
        spec("self_reveal_card", "choice", "any_trump",
             "the bidder exposing for himself plays any trump, or the exposed card",
             (ids["28.call-must-trump"],), choices=("any_trump", "exposed")),
        spec("pre_reveal_trumps_count", "bool", False,
             "trump-suit cards played to the revealing trick before the call count as "
             "trumps (always so when trumps were led)", (ids["28.undertrump"],)),
        spec("no_undertrump", "bool", True,
             "a void player may not play a trump lower than one already in the trick",
             (ids["28.undertrump"],)),
        spec("void_if_trump_never_called", "choice", "void",
             "no call in the tricks before the last: the deal is void (void), the bidder "
             "exposes and plays his card in the last trick (forced_trick8, own card), or play "
             "goes on with tricks won by the suit led (play_on, spare indicator)",
             (ids["28.void-deal"], ids["28.call"]), choices=("void", "forced_trick8", "play_on")),
        spec("last_trick_bonus", "int", 0,
             "points for winning the last trick", (),
             minimum=0, maximum=10),
    )


def _pair_specs(spec: SpecMaker, ids: FamilyIds) -> tuple[OptionSpec, ...]:
    """Options of the pair (K and Q of trumps)."""
    return (
        spec("pair_enabled", "bool", True, "K and Q of trumps may be shown as a pair",
             (ids["28.pair"],)),
        spec("pair_value", "int", 4, "how much a pair lowers (own side) or raises the "
             "target", (ids["28.pair"],), minimum=0, maximum=28),
        spec("pair_scale", "choice", "flat",
             "flat: pair_value either way; west_bengal: the bidding side needs a bid of "
             "19+ and lowers 19 by 3", (ids["28.pair"],), choices=("flat", "west_bengal")),
        spec("pair_trick_requirement", "choice", "after_reveal",
             "which trick won lets a side show the pair: after_reveal (Wikipedia), any_trick "
             "(gamerules.com read literally, zlevellabs.com), s0_variant (opponents need none; "
             "the bidding side any trick)",
             (ids["28.pair"],), choices=("after_reveal", "any_trick", "s0_variant")),
        spec("pair_window", "choice", "any_time",
             "when the pair may be shown: any_time once the conditions hold, or after_win "
             "(only right after a trick the declarer's side won, before the next lead)",
             (ids["28.pair"],), choices=("any_time", "after_win")),
        spec("pair_min_bid", "int", 0,
             "lowest bid at which the bidding side may show the pair (0: no limit; "
             "19 in the Bangladesh rules)", (ids["28.pair"],), minimum=0, maximum=64),
        spec("pair_clamp", "choice", "yes",
             "the target after a pair: yes, kept within [min_bid, max_bid]; no, unbounded; "
             "ineffective, a pair that would leave the range has no effect (gamerules.com's "
             "reading)",
             (ids["28.pair"],), choices=("yes", "no", "ineffective")),
    )


def _scoring_specs(spec: SpecMaker, ids: FamilyIds) -> tuple[OptionSpec, ...]:
    """Options of stakes, doubles and the single hand."""
    return (
        spec("score_table", "choice", "flat",
             "game points per deal by bid: flat +/-1, goc (1/2/3/4 from 14/20/24/28), kh "
             "(2 above 20), forty (losses paid to the opponents), fifty-six (2 from 40)", (),
             choices=tuple(SCORE_TABLES)),
        spec("under_half_double_loss", "bool", False,
             "a bidding side taking less than half its target loses double", ()),
        spec("high_bid_two", "bool", False,
             "bids of 21 or more are worth 2; doubled 4, which is the cap",
             (ids["28.redouble"],)),
        spec("double_allowed", "bool", True,
             "the bidder's opponents may double after the trump choice", (ids["28.double"],)),
        spec("redouble_allowed", "bool", True,
             "the bidding side may redouble a double", (ids["28.redouble"],)),
        spec("double_cap", "int", 4,
             "the largest multiplier: 4 allows double and redouble, 2 the double only, 1 "
             "neither", (ids["28.double"], ids["28.redouble"]), minimum=1, maximum=4),
        spec("c_call", "bool", False,
             "the bidder may answer the opponents' double with 'C' (c-call) while his side's "
             "score is 0, staking 6 game points",
             (ids["28.c-call"], ids["28.redouble"])),
        spec("cot", "choice", "off",
             "winning every trick doubles the game points: off, made (the bidding side "
             "making with all tricks), made_and_lost (also a loss with none)", (),
             choices=("off", "made", "made_and_lost")),
        spec("single_hand", "bool", True,
             "a player may play alone for every trick, no trumps (single_hand_points)",
             (ids["28.single-hand"],)),
        spec("single_hand_points", "int", 3,
             "game points a single hand wins", (),
             minimum=1, maximum=12),
        spec("single_hand_loss", "int", 0,
             "game points a lost single hand costs (0: the same as it wins; paid to the "
             "opponents with score_table = forty)", (), minimum=0, maximum=12),
        spec("single_hand_show", "bool", False,
             "the bidder may show a hand certain to win every trick (show) instead of playing "
             "it: a hand of one suit scores 3, any other the contract as made",
             (ids["28.show"],)),
        spec("kings_queens_minus_one", "bool", False,
             "every King and Queen counts -1, so the 32 cards total 20 points, not "
             "28 (a variant of the four-player game with one pack; the others refuse it): "
             "bids go from 10 to 20 unless min_bid or max_bid say otherwise, the pair still "
             "moves the target by pair_value, and a -1 card is no point card for the redeal "
             "and cancellation rules", (ids["28.bid-range"], ids["28.redeal"])),
        spec("no_trump_two", "bool", False,
             "with the spare indicator, a 2 as indicator declares no trumps: ranks reversed "
             "(7 high, J low), points kept, no call, no pair",
             (ids["28.trump-card"], ids["28.pair"], ids["28.call"])),
    )


def _deal_specs(spec: SpecMaker, ids: FamilyIds) -> tuple[OptionSpec, ...]:
    """Options of the match, redeals and annulments, equal cards and the misplay penalty."""
    return (
        spec("dummy", "bool", False,
             "the bidder's partner's hand is exposed (pagat.com): public information only, it "
             "changes no rule the referee checks", ()),
        spec("game_target", "int", 6, "the match is won at +N and lost at -N",
             (ids["28.match-over"],), minimum=1),
        spec("redeal_fh_pointless", "bool", True,
             "first hand with no point card in his first four may demand a redeal",
             (ids["28.redeal"], ids["28.opening-bid"], ids["28.thrown-in"])),
        spec("redeal_first_two_pointless", "bool", False,
             "the deal is annulled when either of the first two speakers has no point card "
             "in his first four (a variation on pagat.com)", (ids["28.thrown-in"],)),
        spec("annul_fh_and_next_pointless", "bool", False,
             "first hand with no point card in his first four may choose not to bid (pass); "
             "his pass cancels the deal when the next player has no point card in his first "
             "four either (Wikipedia); a bid by first hand cancels nothing",
             (ids["28.opening-bid"], ids["28.thrown-in"])),
        spec("annul_eight_zero", "bool", True,
             "a deal in which a player's whole hand has no point card is cancelled "
             "(Wikipedia)", (ids["28.thrown-in"],)),
        spec("annul_other", "bool", False,
             "the deal is cancelled when a player holds all four Jacks or a whole hand of "
             "one suit, or (at the reveal) the bidder's opponents hold no trump (older "
             "Wikipedia texts)", (ids["28.thrown-in"],)),
        spec("equal_cards", "choice", "first_wins",
             "of two equal cards in a trick ({equal}) the first played wins, or the last",
             (ids["28.undertrump"], ids["28.single-hand"]), choices=("first_wins", "last_wins")),
        spec("misplay_penalty", "choice", "offender_side_loses",
             "a violation scores the deal against the first offender's side "
             "(offender_side_loses), the same doubled to the opponents (double_to_opponents), "
             "or is only reported (report_only)", (),
             choices=("offender_side_loses", "double_to_opponents", "report_only")),
    )


def family_options(ids: FamilyIds, defaults: Mapping[str, OptionValue] | None = None,
                   batch: str = "four", second_rounds: tuple[str, ...] = ("min24",),
                   equal: str = "") -> tuple[OptionSpec, ...]:
    """The family's options with ``defaults`` overriding 28's per game;
    ``batch`` and ``equal`` as for ``family_rules``; ``second_rounds``: the game's values of
    ``second_round`` besides ``off``. Each meaning is in the game's own words."""
    d = dict(defaults or {})

    def spec(name: str, kind: str, default: OptionValue, meaning: str,
             rules: tuple[str, ...] = (), **kw: Any) -> OptionSpec:
        return OptionSpec(name, kind, d.pop(name, default), meaning, rules, **kw)

    specs = (
        *_auction_specs(spec, ids, second_rounds),
        *_trump_and_play_specs(spec, ids),
        *_pair_specs(spec, ids),
        *_scoring_specs(spec, ids),
        *_deal_specs(spec, ids),
    )
    if d:
        raise ValueError(f"defaults for undeclared options: {sorted(d)}")
    table = next(spec.default for spec in specs if spec.name == "score_table")
    words = {
        "second_score": ("+2 made / -3 failed" if table in ("flat", "goc", "kh")
                         else "by the game's score table"),
        "equal": equal or "this pack has none: the option changes nothing",
    }
    return tuple(replace(spec, meaning=spec.meaning.replace("first four", f"first {batch}")
                         .replace("{second_score}", words["second_score"])
                         .replace("{equal}", words["equal"]))
                 for spec in specs)


REFUSED: dict[str, tuple[OptionValue | None, str]] = {
    "auction_style": ("duel", "the duel ('hold') auction is played in Twenty-Nine only"),
}

MINUS_KINGS_QUEENS = {"K": -1, "Q": -1}
"""Card points changed by ``kings_queens_minus_one``: every King and Queen -1."""

MINUS_KQ_BID_RANGE = (10, 20)
"""The bids with ``kings_queens_minus_one``: 28's 14 to 28 scaled to the pack's 20 points
(half the pack, rounded, to all of it)."""


def bid_range(options: Mapping[str, OptionValue], specs: Iterable[OptionSpec]
              ) -> tuple[int, int]:
    """(lowest, highest) bid: ``min_bid`` and ``max_bid``, except that with
    ``kings_queens_minus_one`` either left at the game's default becomes 10 or 20."""
    # both are int options; an option's value in general may be a word or a flag too
    low, high = int(options["min_bid"]), int(options["max_bid"])  # type: ignore[call-overload]
    if options["kings_queens_minus_one"]:
        defaults = {spec.name: spec.default for spec in specs}
        if low == defaults["min_bid"]:
            low = MINUS_KQ_BID_RANGE[0]
        if high == defaults["max_bid"]:
            high = MINUS_KQ_BID_RANGE[1]
    return low, high


MINUS_KQ_28_ONLY = (True, "Kings and Queens count -1 in a variant of Twenty-Eight only")
"""Why every game but Twenty-Eight refuses ``kings_queens_minus_one``."""
"""Options declared so that records can name them, whose other values the referee cannot
honour: (the refused value, or None for every value but the default; why)."""

REFUSED_SIX_PLAYER: dict[str, tuple[OptionValue | None, str]] = {
    **REFUSED,
    "c_call": (True, "'C' is played in Twenty-Eight and Twenty-Nine only"),
    "single_hand_show": (True, "the single-hand show is played in Twenty-Eight and "
                         "Twenty-Nine only"),
    "kings_queens_minus_one": MINUS_KQ_28_ONLY,
}
"""What Forty and Fifty-Six refuse besides: the variants of the four-player games."""


WEST_BENGAL_PAIR_FROM = 19
"""West Bengal: the bidding side shows the pair only with a bid of 19 or more, and at
19 it lowers the target by 3."""


STANDARD = Preset("standard", "Wikipedia's rules with the referee's defaults; raising over "
                  "one's partner is free", {})


PAGAT = Preset("pagat", "pagat.com: raising over one's partner needs 20; with no call in "
               "seven tricks the bidder exposes and plays his card in trick 8",
               {"partner_raise": "min20", "void_if_trump_never_called": "forced_trick8"})


WEST_BENGAL = Preset("west-bengal", "Wikipedia's West Bengal variant: minimum bid 16; the "
                     "bidding side shows the pair only from 19, and 19 goes down by 3",
                     {"min_bid": 16, "pair_scale": "west_bengal"})


KERALA = Preset("kerala", "Kerala (K): clockwise; a partner may not raise over his partner's "
                "standing bid", {"direction": "cw", "partner_raise": "forbidden"})
