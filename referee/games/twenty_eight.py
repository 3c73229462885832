"""Twenty-Eight (28): the rules referee, and the base of the 28 family (29, 40, 56).

Sources: seed 000 (the Wikipedia article "Twenty-eight (card game)", machine-translated),
restated in /work/shared/spec/rules/twenty-eight-and-twenty-nine.md ("the digest"): section 1,
Part A (A1-A7), the option table (section 8), edge cases 28-01..28-43 (9A), ambiguities (10)
and the appendix pseudo-code; plus the decisions and errata of rules/README.md.

Behaviour is driven by options and class data (rank order, point table, hand size), never by
the game's name, so the family's other games can be subclasses or presets.

Presets: ``standard`` (seed 000, digest defaults, free partner raise), ``pagat``
(partner raise 20+, ``forced_trick8``), ``west-bengal`` (minimum 16, West Bengal pair),
``kerala`` (clockwise, no raise over one's partner) (README decision 1).

Interpretations chosen where the sources leave a choice (decision 7), with the option that
changes each one:

1. The auction ends after three consecutive passes that follow the last bid, or at once after
   a bid of the maximum; a pass is not final (A3.4, 10.2). Option ``auction_end``.
2. Raising over one's partner's standing bid is free in ``standard`` (README decision 2);
   ``pagat`` asks for 20 or more (A3.5, 10.6). Option ``partner_raise``.
3. Trump: the bidder lays a card of his first four face down; it is outside his hand until
   exposed (A3.7, 1.6). The "seventh card" is the third card of his second batch, and it is
   itself the face-down card (A3.9, 10.8). Option ``seventh_card``.
4. A void player may call (optional) and must then trump if able; the bidder exposing for
   himself may play any trump (A4.3(c)-(e)). Options ``trump_call_mandatory``,
   ``caller_must_trump``, ``self_reveal_card``.
5. Trump-suit cards played to the revealing trick before the call do not count (A4.4(b),
   10.9), except when the suit led is the trump suit: then every card of it counts (README
   erratum on 28-18/28-24). Option ``pre_reveal_trumps_count``.
6. The undertrump ban binds every later player of the trick; a player holding only lower
   trumps must play one; the caller's duty to trump is not limited by it (A4.4(d), 10.10).
   Option ``no_undertrump``.
7. No call in seven tricks: the deal is void and the turn to deal moves on (A4.5, 10.11); a
   recorded trick 8 is reported (28.void-deal). Under ``forced_trick8`` the face-down card is
   exposed at the bidder's turn in trick 8, before he plays it, so it counts as a trump
   (10.25); an explicit call or simply playing the card are both accepted.
   Option ``void_if_trump_never_called``.
8. Pair: the revealing trick counts as won after the reveal; the declaration is allowed at
   any moment while the conditions hold; the target is clamped to [min_bid, max_bid]
   (A5.2, A5.4, A5.5, 10.14, 10.15). Options ``pair_enabled``, ``pair_value``, ``pair_clamp``;
   ``pair_scale = west_bengal`` bars the bidding side's pair below a bid of 19 and lowers 19 by
   3 (A5.6; the opponents' pair stays +4, as recommended there).
9. Double and redouble are said after the trump choice and before the second batch, the
   redouble only directly after the double (A7.1, 10.24); in the record: bids, trump,
   double, redouble, then a single hand or the first lead. Options ``double_allowed``,
   ``redouble_allowed``. With ``high_bid_two`` a bid of 21+ is worth 2, doubled 4, and
   cannot be redoubled (A6.4, 28-36).
10. Single hand: any player, after the full deal (after the double window) and before the
    lead; forbidden when every card of his is a sure winner (top cards of each suit held, in
    sequence from the J); no trumps, the face-down card returns to the bidder, doubles are
    discarded, the declarer leads and his partner's cards stay out of play (three-card
    tricks); the record may stop at the first lost trick (A7.3, 10.20). Option
    ``single_hand``.
11. Misplay: the first offender of the deal decides: a member of the bidding side loses the
    contract, a defender makes it for the bidders (A6.6 R6, 10.22). Option
    ``misplay_penalty``.
12. Under-half rule: measured against the adjusted target, strictly less than half,
    multiplying the double (A6.4, 10.17). Option ``under_half_double_loss``.
13. The deal passes in the turn direction; an annulled deal (R1 redeal, R3 eight pointless
    cards, everybody passing) is dealt again by the same dealer; a void deal moves on
    (A2, 10.11). A stated dealer that differs is reported (28.dealer).
14. Illegal actions are carried out (decision 4) where the state stays well defined: an
    illegal bid above the standing bid becomes the high bid (one not above it counts as a
    pass); an illegal pass stands; illegal doubles, redoubles and calls take effect; an
    illegal pair declaration does not (it changes no target: 29-18, 29-22 "illegal / no
    effect", 28-32, so a later legal one still counts); a trump choice while the auction is
    open closes it on the standing bid.
    Not carried out: calls after the auction ended, a single hand declared after the lead
    (both ignored), and a redeal demand that was not allowed when the record goes on (the
    demand was refused; if the record stops there, the deal was thrown in, unscored).
15. With ``opening_bid_forced = no`` a deal in which all four pass is thrown in (no score,
    same dealer).
16. Hands (decision 5): a missing hand line is inferred from the seat's plays plus the card
    of its ``trump CARD``; the deal order is then unknown and each check that needs it is
    named in one ``28.deal-order`` note per deal. ``trump seventh`` cannot be judged without
    the bidder's hand line and is a record error (``record.deal-order``); with a hand line
    in one round of eight, the seventh card listed is taken, with a note.
17. Playing the face-down card before it is exposed (outside ``forced_trick8``'s trick 8) is
    reported under 28.call (the call must come first) and carried out as an exposure. A
    single hand declared before the full deal is reported and carried out (the auction and
    the trump choice are cancelled).
18. The misplay penalty scores only deals that have a contract and are not void or
    annulled: a void or annulled deal stays unscored whatever was found in it.
19. The options of the whole family (section 8) are declared here with 28's defaults; the
    other games pass their own defaults to ``_options``. Values the referee cannot honour are
    declared but refused with ``record.option`` (``REFUSED``): ``auction_style = duel`` and
    ``second_round`` (events the notation lacks), ``c_call`` ("C" has no event),
    ``single_hand_show``. Contradictory combinations are refused too (``forced_trick8`` with
    the spare indicator, ``play_on`` or ``no_trump_two`` with an own card, ``high_bid_two``
    with a score table). The "double or halve" pair remark (10.16) is not implemented.
20. ``pass_final``: a seat that passed is skipped; the auction ends when every other seat has
    passed after the last bid. ``dealer_forced_bid``: when everybody before the dealer passed
    he must bid (``exact``: the minimum), and that bid ends the auction (B3.2, 10.21).
21. The spare indicator (A3.8, B3.3): ``trump SUIT`` or ``trump 3C`` (a spare 2-5 card);
    the bidder keeps his cards; the seventh card names the suit and stays in hand; with
    ``no_trump_two`` a 2 declares no trumps: ranks reversed, points kept, no call, no pair.
22. ``last_trick_bonus`` is added to the last trick's points (B1, B6.1). ``cot`` doubles a
    made contract won with every trick (``made_and_lost``: also a loss with none, 10.18).
    ``double_cap`` bounds the multiplier (2: no redouble; 1: no double). ``score_table``
    picks a row of SCORE_TABLES by bid; Forty's table pays a loss to the opponents.
    ``misplay_penalty = double_to_opponents`` doubles the penalty (40 paragraph of S0).
23. Pair options (10.14): ``pair_trick_requirement`` (after_reveal; any_trick; s0_variant:
    the opponents need no trick, the bidding side any trick), ``pair_window`` (any_time;
    after_win: right after a trick won by the declarer's side, before the next lead),
    ``pair_min_bid`` (the bidding side's lowest bid for a pair).
24. Annulments (A6.6, B6.5), all disregarding the recorded play and keeping the dealer:
    ``annul_eight_zero`` (R3), ``annul_fh_and_next_pointless`` (R2: first hand's and the next
    player's first fours both pointless), ``redeal_first_two_pointless`` (P29: either of
    them), ``annul_other`` (R4: all the Jacks or a whole hand of one suit at the deal; the
    bidder's opponents holding no trump, at the reveal).
25. ``dummy`` changes no rule the referee checks (the partner's cards are public); it is
    accepted so that records can state it.
26. Class data for the relatives: ``seat_count``/``team_size`` (Forty and Fifty-Six: six
    players, alternating teams of three), ``equal_ranks`` (40: J and 3 equal, the first
    played wins), ``copies`` (56: a double pack; hands are multisets, and a bidder holding
    the second copy of his face-down card plays it as an ordinary card).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from types import SimpleNamespace
from typing import Any, NamedTuple

from referee.cards import SUIT_NAMES, make_pack
from referee.errors import RecordError
from referee.games.scoring28 import (
    CARD_POINTS_28,
    RANK_ORDER_28,
    SCORE_TABLES,
    adjusted_target,
    contract_score,
    forced_score,
    is_pointless,
    is_sure_winner_hand,
    match_winner,
    multiplier,
    rank_key,
    single_hand_score,
)
from referee.record import Action, Deal, Hand
from referee.rules.base import (
    DealResult,
    DealState,
    Exclusion,
    Rule,
    Ruleset,
    TrickSummary,
    deal_dealer,
    generic_rules,
    located,
    summarise_tricks,
)
from referee.rules.dealing import claim_played_card, deal_card
from referee.rules.options import OptionSpec, OptionValue, Preset
from referee.rules.registry import register
from referee.seats import Table

SUIT_ORDER = "SHDC"

_COUNT_WORDS = {5: "five", 7: "seven"}
"""Tricks before the last, in words (28, 29, 56: seven; 40: five)."""

AUCTION, TRUMP, WINDOW, PLAY, OVER = "auction", "trump", "window", "play", "over"
"""Stages of a deal: bidding; the bidder choosing trumps; the double window (after the trump
choice, before the second batch); play; over."""

def _rules(prefix: str) -> dict[str, Rule]:
    rules = generic_rules(prefix, "A3-A4, decision 4")
    own = [
        ("opening-bid", "first hand must open the auction with a bid of at least the minimum "
         "(or demand a redeal with a pointless four)", "A3.2"),
        ("bid-range", "a bid lies between min_bid and max_bid (28: 14-28; 29: 15-28)",
         "A3.3, B3.2"),
        ("bid-higher", "each bid is higher than the standing bid", "1.4, A3.4"),
        ("partner-raise", "raising over one's partner's standing bid is limited by the "
         "partner_raise option (pagat: 20 or more)", "A3.5"),
        ("auction-over", "nothing is bid after the auction has ended (every other player "
         "passing after the last bid: three at a table of four; or a bid of the maximum)",
         "A3.4"),
        ("pass-final", "with pass_final a player who has passed may not bid again", "8 "
         "(pass_final)"),
        ("dealer-bid", "with dealer_forced_bid, when everybody else has passed the dealer "
         "must bid (exactly the minimum under 'exact')", "B3.2, 10.21"),
        ("auction-open", "trumps are chosen and cards played only after the auction has "
         "ended", "A3.4"),
        ("redeal", "only first hand, at his first turn, with no point card in his first "
         "four, may demand a redeal", "A6.6 R1"),
        ("trump-card", "the bidder lays one card of his first four face down as the trump "
         "card (own_card), or shows the suit with a spare 2-5 card (spare)",
         "A3.7, A3.8, B3.3, B3.5"),
        ("seventh-card", "the bidder may call for his seventh card (third of the second "
         "batch) as the trump card", "A3.9, B3.4"),
        ("double", "only an opponent of the bidder may double, once, after the trump choice "
         "and before the second batch", "A7.1"),
        ("redouble", "only the bidder or his partner may redouble, once, directly after the "
         "double", "A7.1, A6.4"),
        ("single-hand", "any player may play a single hand after the full deal and before the "
         "lead, unless every card of his is a sure winner", "A7.3"),
        ("follow-suit", "a player who holds a card of the suit led must play one",
         "A4.2, B4.2"),
        ("lead-trump", "while the trump is concealed the bidder may not lead the trump suit, "
         "unless he holds only trumps or another player has led it", "A4.3(b)"),
        ("call", "only a player void in the suit led may call for the trump, at his turn, "
         "before he plays, while it is concealed", "A4.3(c)-(d), B4.3"),
        ("must-call", "with trump_call_mandatory the first player of the deal void in the "
         "suit led must call for the concealed trump", "A4.3(g), B4.3"),
        ("call-must-trump", "the player who called must play a trump to that trick if he "
         "holds one (caller_must_trump)", "A4.3(c)2, A4.3(e), B4.4"),
        ("undertrump", "a void player may not play a trump lower than (or, Forty and Fifty-Six, "
         "equal to) a trump already in the trick unless he holds nothing else", "A4.4(d)"),
        ("pair", "K and Q of trumps in one hand may be shown once the trump is exposed and "
         "the holder's side has won a trick since", "A5.1-A5.6, B5"),
        ("void-deal", "with void_if_trump_never_called = void (28), a deal in which nobody "
         "called for the trump before the last trick is void and its last trick is not "
         "played", "A4.5, B4.6"),
        ("deal-order", "the record gives each hand in its two dealing rounds where a check "
         "needs the first four or the seventh card (note when it does not)", "A3.7, A3.9, "
         "A6.6 R1, decision 5"),
    ]
    for name, summary, section in own:
        rules[f"{prefix}.{name}"] = Rule(f"{prefix}.{name}", summary, section)
    return rules


def _options(prefix: str, defaults: Mapping[str, OptionValue] | None = None
             ) -> tuple[OptionSpec, ...]:
    """The family's options (digest section 8) with ``defaults`` overriding 28's per game."""
    p = prefix + "."
    d = dict(defaults or {})

    def spec(name: str, kind: str, default: OptionValue, meaning: str,
             rules: tuple[str, ...] = (), **kw: Any) -> OptionSpec:
        return OptionSpec(name, kind, d.pop(name, default), meaning, rules, **kw)

    specs = (
        spec("direction", "choice", "ccw", "turn order for dealing, bidding and play",
             (p + "turn", p + "dealer"), choices=("ccw", "cw")),
        spec("first_bidder", "choice", "fh",
             "who speaks first and leads to trick 1: first hand, the dealer's next in turn "
             "(every source agrees)", (p + "turn",), choices=("fh",)),
        spec("min_bid", "int", 14, "lowest bid (and lowest target after a pair)",
             (p + "bid-range", p + "opening-bid", p + "pair"), minimum=1, maximum=64),
        spec("max_bid", "int", 28, "highest bid; a bid of it ends the auction",
             (p + "bid-range", p + "auction-over", p + "pair"), minimum=1, maximum=64),
        spec("opening_bid_forced", "bool", True,
             "first hand must open (he may not pass at his first turn)", (p + "opening-bid",)),
        spec("partner_raise", "choice", "free",
             "bidding over partner's standing bid: free, min20 (20 or more), forbidden",
             (p + "partner-raise",), choices=("free", "min20", "forbidden")),
        spec("auction_end", "choice", "three_passes",
             "the auction ends after three passes following a bid, or after one round",
             (p + "auction-over", p + "auction-open", p + "turn"),
             choices=("three_passes", "single_round")),
        spec("pass_final", "bool", False,
             "a player who passed may not bid again; the turn skips him",
             (p + "pass-final", p + "turn", p + "auction-over")),
        spec("auction_style", "choice", "open",
             "open auction (the only style the referee supports: 'duel' with 'hold' needs "
             "events the notation lacks, so it is refused)", (p + "bid-higher",),
             choices=("open", "duel")),
        spec("dealer_forced_bid", "choice", "none",
             "when the first players all pass: none (all pass throws the deal in), exact "
             "(the dealer must bid exactly min_bid) or any (the dealer must bid)",
             (p + "dealer-bid", p + "auction-over"), choices=("none", "exact", "any")),
        spec("second_round", "choice", "off",
             "a second auction after the full deal (KH min 24; 40 min 30): not supported, "
             "refused", (), choices=("off", "min24", "min30")),
        spec("trump_indicator", "choice", "own_card",
             "own_card: the bidder lays a card of the trump suit face down, out of his hand "
             "until exposed; spare: a spare 2-5 card (or the suit) names it and he keeps "
             "all his cards", (p + "trump-card", p + "call", p + "follow-suit"),
             choices=("own_card", "spare")),
        spec("seventh_card", "bool", True,
             "the bidder may call for his seventh card as the trump card",
             (p + "seventh-card",)),
        spec("bidder_lead_restriction", "bool", True,
             "the bidder may not lead the concealed trump suit (unless only trumps or "
             "already led by another)", (p + "lead-trump",)),
        spec("trump_call_mandatory", "bool", False,
             "the first player of the deal void in the suit led must call for the concealed "
             "trump (if he does not, later void players need not)", (p + "must-call",)),
        spec("caller_must_trump", "bool", True,
             "the caller must play a trump to the revealing trick if he holds one",
             (p + "call-must-trump",)),
        spec("self_reveal_card", "choice", "any_trump",
             "the bidder exposing for himself plays any trump, or the exposed card",
             (p + "call-must-trump",), choices=("any_trump", "exposed")),
        spec("pre_reveal_trumps_count", "bool", False,
             "trump-suit cards played to the revealing trick before the call count as "
             "trumps (always so when trumps were led)", (p + "undertrump",)),
        spec("no_undertrump", "bool", True,
             "a void player may not play a trump lower than one already in the trick",
             (p + "undertrump",)),
        spec("void_if_trump_never_called", "choice", "void",
             "no call in the tricks before the last: the deal is void (void), the bidder "
             "exposes and plays his card in the last trick (forced_trick8, own card), or play "
             "goes on with tricks won by the suit led (play_on, spare indicator)",
             (p + "void-deal", p + "call"), choices=("void", "forced_trick8", "play_on")),
        spec("last_trick_bonus", "int", 0,
             "points for winning the last trick (29: 1, giving 29 in all)", (),
             minimum=0, maximum=10),
        spec("pair_enabled", "bool", True, "K and Q of trumps may be shown as a pair",
             (p + "pair",)),
        spec("pair_value", "int", 4, "how much a pair lowers (own side) or raises the "
             "target", (p + "pair",), minimum=0, maximum=28),
        spec("pair_scale", "choice", "flat",
             "flat: pair_value either way; west_bengal: the bidding side needs a bid of "
             "19+ and lowers 19 by 3", (p + "pair",), choices=("flat", "west_bengal")),
        spec("pair_trick_requirement", "choice", "after_reveal",
             "which trick won lets a side show the pair: after_reveal (S0), any_trick "
             "(S2 literal, ZL), s0_variant (opponents need none; the bidding side any trick)",
             (p + "pair",), choices=("after_reveal", "any_trick", "s0_variant")),
        spec("pair_window", "choice", "any_time",
             "when the pair may be shown: any_time once the conditions hold, or after_win "
             "(only right after a trick the declarer's side won, before the next lead)",
             (p + "pair",), choices=("any_time", "after_win")),
        spec("pair_min_bid", "int", 0,
             "lowest bid at which the bidding side may show the pair (0: no limit; "
             "Bangladesh and P29 later: 19)", (p + "pair",), minimum=0, maximum=64),
        spec("pair_clamp", "choice", "yes",
             "the target after a pair: yes, kept within [min_bid, max_bid]; no, unbounded; "
             "ineffective, a pair that would leave the range has no effect (S2 reading)",
             (p + "pair",), choices=("yes", "no", "ineffective")),
        spec("score_table", "choice", "flat",
             "game points per deal by bid: flat +/-1, goc (1/2/3/4 from 14/20/24/28), kh "
             "(2 above 20), forty (A7.4, losses paid to the opponents), fifty-six (2 from "
             "40)", (), choices=tuple(SCORE_TABLES)),
        spec("under_half_double_loss", "bool", False,
             "a bidding side taking less than half its target loses double", ()),
        spec("high_bid_two", "bool", False,
             "bids of 21 or more are worth 2; doubled 4, which is the cap",
             (p + "redouble",)),
        spec("double_allowed", "bool", True,
             "the bidder's opponents may double after the trump choice", (p + "double",)),
        spec("redouble_allowed", "bool", True,
             "the bidding side may redouble a double", (p + "redouble",)),
        spec("double_cap", "int", 4,
             "the largest multiplier: 4 allows double and redouble, 2 the double only, 1 "
             "neither", (p + "double", p + "redouble"), minimum=1, maximum=4),
        spec("c_call", "bool", False,
             "the six-point 'C' (S0, regional): refused, the notation has no event for it",
             ()),
        spec("cot", "choice", "off",
             "winning every trick doubles the game points: off, made (the bidding side "
             "making with all tricks), made_and_lost (also a loss with none)", (),
             choices=("off", "made", "made_and_lost")),
        spec("single_hand", "bool", True,
             "a player may play alone for every trick, no trumps (28: +/-3)",
             (p + "single-hand",)),
        spec("single_hand_points", "int", 3,
             "game points a single hand wins (28: 3; Forty's Thani: 4)", (),
             minimum=1, maximum=12),
        spec("single_hand_loss", "int", 0,
             "game points a lost single hand costs (0: the same as it wins; Thani: 5, paid "
             "to the opponents with score_table = forty)", (), minimum=0, maximum=12),
        spec("single_hand_show", "bool", False,
             "showing an unbeatable or one-suit hand scores 3 (S0; contradicted by WP-old): "
             "refused, the notation has no 'show' event", ()),
        spec("no_trump_two", "bool", False,
             "with the spare indicator, a 2 as indicator declares no trumps: ranks reversed "
             "(7 high, J low), points kept, no call, no pair",
             (p + "trump-card", p + "pair", p + "call")),
        spec("dummy", "bool", False,
             "the bidder's partner's hand is exposed (P29): public information only, it "
             "changes no rule the referee checks", ()),
        spec("game_target", "int", 6, "the match is won at +N and lost at -N",
             (p + "match-over",), minimum=1),
        spec("redeal_fh_pointless", "bool", True,
             "first hand with no point card in his first four may demand a redeal",
             (p + "redeal", p + "opening-bid")),
        spec("redeal_first_two_pointless", "bool", False,
             "the deal is annulled when either of the first two speakers has no point card "
             "in his first four (P29 variation, 29-33)", ()),
        spec("annul_fh_and_next_pointless", "bool", False,
             "the deal is cancelled when first hand and the next player both have pointless "
             "first fours (S0 no. 4, R2)", ()),
        spec("annul_eight_zero", "bool", True,
             "a deal in which a player's whole hand has no point is cancelled (R3)", ()),
        spec("annul_other", "bool", False,
             "the deal is cancelled when a player holds all four Jacks or a whole hand of "
             "one suit, or (at the reveal) the bidder's opponents hold no trump (WP-old, R4)",
             ()),
        spec("equal_cards", "choice", "first_wins",
             "of two equal cards in a trick (Forty's J and 3, Fifty-Six's two copies of a "
             "card) the first played wins, or the last (28 and 29 have no equal cards)",
             (p + "undertrump", p + "single-hand"), choices=("first_wins", "last_wins")),
        spec("misplay_penalty", "choice", "offender_side_loses",
             "a violation scores the deal against the first offender's side, doubled to the "
             "opponents (Forty), or is only reported", (),
             choices=("offender_side_loses", "double_to_opponents", "report_only")),
    )
    if d:
        raise ValueError(f"defaults for undeclared options: {sorted(d)}")
    return specs


REFUSED = {
    "auction_style": ("duel", "the duel ('hold') auction needs events the notation lacks"),
    "second_round": (None, "a second auction after the full deal is not supported"),
    "c_call": (True, "'C' has no event in the notation"),
    "single_hand_show": (True, "a 'single hand show' has no event in the notation"),
}
"""Options declared so that records can name them, whose other values the referee cannot
honour: (the refused value, or None for every value but the default; why)."""



WEST_BENGAL_PAIR_FROM = 19
"""West Bengal (A5.6): the bidding side shows the pair only with a bid of 19 or more, and at
19 it lowers the target by 3."""

STANDARD = Preset("standard", "seed 000 (Wikipedia) with the digest's defaults; raising over "
                  "one's partner is free (README decision 2)", {})
PAGAT = Preset("pagat", "pagat.com: raising over one's partner needs 20; with no call in "
               "seven tricks the bidder exposes and plays his card in trick 8",
               {"partner_raise": "min20", "void_if_trump_never_called": "forced_trick8"})
WEST_BENGAL = Preset("west-bengal", "seed 000's West Bengal variant: minimum bid 16; the "
                     "bidding side shows the pair only from 19, and 19 goes down by 3",
                     {"min_bid": 16, "pair_scale": "west_bengal"})
KERALA = Preset("kerala", "Kerala (K): clockwise; a partner may not raise over his partner's "
                "standing bid", {"direction": "cw", "partner_raise": "forbidden"})


class PackData(NamedTuple):
    """A game's pack and what the replay looks up in it, made once per rank order and point
    table (``_pack_data``)."""

    cards: frozenset[str]
    strength: dict[str, int]
    """Rank -> strength, higher is stronger (``rank_key``)."""
    power: dict[str, int]
    """Card -> the strength of its rank."""
    card_points: dict[str, int]
    """Card -> its points."""
    point_cards: frozenset[str]
    """The cards worth a point or more: a hand is pointless when disjoint from them."""
    suit_cards: defaultdict[str, frozenset[str]]
    """Suit -> the pack's cards of that suit: ``hand & suit_cards[led]`` follows suit."""
    total_points: int


@cache
def _pack_data(rank_order: str, point_table: tuple[tuple[str, int], ...],
               equal_ranks: tuple[str, ...] = ()) -> PackData:
    points = dict(point_table)
    cards = frozenset(make_pack(rank_order))
    strength = rank_key(rank_order)
    for group in equal_ranks:  # equal ranks (40's J and 3): the first played wins
        for rank in group[1:]:
            strength[rank] = strength[group[0]]
    card_points = {card: points.get(card[0], 0) for card in cards}
    suits = {card[1] for card in cards}
    return PackData(
        cards=cards,
        strength=strength,
        power={card: strength[card[0]] for card in cards},
        card_points=card_points,
        point_cards=frozenset(card for card in cards if card_points[card]),
        suit_cards=defaultdict(frozenset, {
            suit: frozenset(card for card in cards if card[1] == suit) for suit in suits}),
        total_points=sum(card_points.values()),
    )


class MultiHand:
    """A hand that may hold two copies of a card (Fifty-Six's double pack), with the few set
    operations the replay uses on hands: membership, distinct cards, add and remove one copy,
    ``hand & cards`` and ``isdisjoint``."""

    __slots__ = ("_count",)

    def __init__(self, cards: Iterable[str] = ()) -> None:
        self._count: Counter[str] = Counter(cards)

    def __contains__(self, card: object) -> bool:
        return self._count.get(card, 0) > 0  # type: ignore[call-overload]

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._count))  # each distinct card once

    def __len__(self) -> int:
        return sum(self._count.values())

    def add(self, card: str) -> None:
        self._count[card] += 1

    def discard(self, card: str) -> None:
        if self._count.get(card, 0) > 1:
            self._count[card] -= 1
        else:
            self._count.pop(card, None)

    def __and__(self, other: Iterable[str]) -> set[str]:
        wanted = other if isinstance(other, (set, frozenset)) else set(other)
        return {card for card in self._count if card in wanted}

    def isdisjoint(self, other: Iterable[str]) -> bool:
        wanted = other if isinstance(other, (set, frozenset)) else set(other)
        return not any(card in wanted for card in self._count)


@dataclass(slots=True)
class Match28:
    """The match: the score per team and the dealer of the next deal."""

    score: dict[str, int]
    next_dealer: str | None = None
    deals: int = 0
    redeal_same_dealer: bool = False
    """True when the last deal was annulled, so its dealer deals again."""


@dataclass(slots=True)
class Trick:
    """A completed trick: its number, the plays in order, the winner and its points."""

    number: int
    plays: list[tuple[str, str]]
    winner: str
    points: int


class TwentyEightState(DealState):
    """One deal of 28 as the replay walks through it."""

    def __init__(self, number: int, dealer: str, first_hand: str, teams: Iterable[str],
                 players: int = 4) -> None:
        super().__init__()
        self.number = number
        self.players = players
        self._dealer = dealer
        self.first_hand = first_hand
        self.stage = AUCTION
        # the deal
        self.dealt: dict[str, list[str]] = {}
        self.first_four: dict[str, list[str] | None] = {}
        self.seventh: dict[str, str | None] = {}
        self.inferred: set[str] = set()
        self.hands: dict[str, set[str]] = {}
        # auction
        self.turn: str | None = first_hand
        self.calls: list[tuple[str, int | None]] = []
        self.high_bid: int | None = None
        self.high_bidder: str | None = None
        self.passes_in_row = 0
        self.passed: set[str] = set()
        """Seats that have passed (pass_final: they speak no more)."""
        self.forced_bid = False
        """The dealer's forced bid closed the auction (dealer_forced_bid)."""
        self.redeal_pending: str | None = None
        self.bidder: str | None = None
        self.bid: int | None = None
        # trump
        self.trump: str | None = None
        self.no_trump = False
        """A 2 as the spare indicator declared no trumps (no_trump_two, B3.5)."""
        self.facedown: str | None = None
        self.trump_seventh = False
        self.revealed = False
        self.reveal_trick: int | None = None
        self.reveal_index: int | None = None
        self.caller: str | None = None
        self.doubled_by: str | None = None
        self.redoubled_by: str | None = None
        self.last_kind: str | None = None
        self.single: str | None = None
        self.single_partners: tuple[str, ...] = ()
        """The single-hand declarer's partners, who sit out (A7.3)."""
        self.single_lost: int | None = None
        self.trick_size = players
        """Every player plays to a trick, except a single-hand declarer's partner."""
        # play
        self.trick: list[tuple[str, str]] = []
        self.tricks: list[Trick] = []
        self.trump_led_by_other = False
        self.void_occasion = False
        """A player void in the suit led has played without calling while the trump was
        concealed: the deal's first void occasion is past, so nobody else must call
        (trump_call_mandatory: "the first player who cannot follow", B4.3, 10.13)."""
        self.points: dict[str, int] = {team: 0 for team in teams}
        self.pair: str | None = None
        # ending
        self.annulled: str | None = None
        self.disregard = False
        self.void = False

    @property
    def dealer(self) -> str:
        return self._dealer

    @property
    def position_trick(self) -> int | None:
        """The trick a play, call or pair belongs to; before the first lead, trick 1."""
        return self.trick_no if self.trick_len else self.trick_no + 1

    def led_suit(self) -> str | None:
        return self.trick[0][1][1] if self.trick else None


@register
class TwentyEight(Ruleset):
    """Twenty-Eight, four players in two partnerships, counter-clockwise (digest Part A)."""

    name = "twenty-eight"
    aliases = ("28",)
    rule_prefix = "28"
    title = "Twenty-Eight"
    source = ("seed 000 (Wikipedia 'Twenty-eight (card game)'); spec/rules/"
              "twenty-eight-and-twenty-nine.md Part A, sections 8-10")
    default_seats = ("N", "E", "S", "W")
    accepted_actions = frozenset(
        {"play", "bid", "pass", "double", "redouble", "trump", "call", "pair", "single",
         "redeal"}
    )
    rules = _rules("28")
    option_specs = _options("28")
    presets = {"standard": STANDARD, "pagat": PAGAT, "west-bengal": WEST_BENGAL,
               "kerala": KERALA}

    # -- game data: the family's other games override these ---------------------------------
    rank_order: str = RANK_ORDER_28
    card_point_table: dict[str, int] = dict(CARD_POINTS_28)
    deal_rounds: tuple[int, ...] = (4, 4)
    seventh_position: tuple[int, int] | None = (1, 2)  # round 2, third card
    partner_raise_floor: int = 20
    high_bid_from: int = 21
    seat_count: int = 4
    team_size: int = 2
    equal_ranks: tuple[str, ...] = ()
    copies: int = 1
    """Copies of each card in the pack (Fifty-Six: 2, a double pack)."""
    """Groups of ranks of equal strength, highest written first (Forty: "J3"); of two equal
    cards in a trick the one played first wins (A7.4)."""
    indicator_ranks: str = "2345"
    """The spare cards that can show trumps (A3.8, B3.3); a 2 is no trumps with
    no_trump_two (B3.5)."""

    def __init__(self, options, table: Table) -> None:
        super().__init__(options, table)
        self.p = self.rule_prefix + "."
        pack = _pack_data(self.rank_order, tuple(sorted(self.card_point_table.items())),
                          self.equal_ranks)
        self.card_set = pack.cards
        """The distinct cards of the pack, for membership tests."""
        self.pack = tuple(make_pack(self.rank_order, self.copies))
        """Every card of the pack, copies included (what ``referee simulate`` deals)."""
        self.jack_total = sum(1 for card in self.pack if card[0] == "J")
        self.hand_size = sum(self.deal_rounds)
        self.round_sizes = list(self.deal_rounds)
        self.tricks_per_deal = self.hand_size
        self.strength = pack.strength
        self.power = pack.power
        self.card_points = pack.card_points
        self.point_cards = pack.point_cards
        self.suit_cards = pack.suit_cards
        self.direction = options.direction
        self.spare = options.trump_indicator == "spare"
        self.last_wins = options.equal_cards == "last_wins"
        """Of two equal cards in a trick the later wins (option ``equal_cards``)."""
        # no trumps (B3.5): the rank order reversed in every suit, points unchanged
        top = max(pack.power.values())
        self.power_nt = {card: top + 1 - power for card, power in pack.power.items()}
        self.total_points = (pack.total_points * self.copies + options.last_trick_bonus)
        # What the replay asks for at every action, computed once: the options as plain
        # attributes (``Options`` resolves names by a Python-level ``__getattr__``), the turn
        # order, partners and teams as dicts, and the handler of each kind of action.
        self.opts = SimpleNamespace(**options)
        seats = table.seats
        self.players = len(seats)
        self.next_seat = {seat: table.next(seat, self.direction) for seat in seats}
        self.partners = {seat: table.partners(seat) for seat in seats}
        self.team_of = {seat: table.team_of(seat) for seat in seats}
        self.team_names = table.team_names
        self.team_seats = {"".join(team): team for team in table.teams}
        self._checkers = {
            "bid": self._check_call, "pass": self._check_call, "play": self._check_play,
            "call": self._check_trump_call, "trump": self._check_trump,
            "double": self._check_double, "redouble": self._check_redouble,
            "pair": self._check_pair, "single": self._check_single,
            "redeal": self._check_redeal,
        }
        self._appliers: dict[str, Any] = {}

    # -- the table ---------------------------------------------------------------------------
    @classmethod
    def check_table(cls, table, options, header) -> None:
        n, size = cls.seat_count, cls.team_size
        teams = table.teams
        # partners face each other (4 players) or sit alternately (6): every n // size seats
        places = [sorted(table.index(seat) for seat in team) for team in teams]
        alternate = all(b - a == n // size for p in places for a, b in zip(p, p[1:], strict=False))
        if len(table.seats) != n or len(teams) != n // size or any(
                len(t) != size for t in teams) or not alternate:
            how = "facing each other" if size == 2 else "sitting alternately"
            raise RecordError(
                "record.seats",
                f"{cls.title} is played by {n} players in two partnerships of {size}, "
                f"partners {how}",
            )
        cls.check_options(options, header)

    @classmethod
    def check_options(cls, options, header) -> None:
        """Refuse an option value the referee cannot honour (never ignore it): ``REFUSED``,
        and combinations whose rules contradict each other."""
        problems = []
        for name, (value, why) in REFUSED.items():
            chosen = options[name]
            default = next(s.default for s in cls.option_specs if s.name == name)
            if (value is None and chosen != default) or (value is not None and chosen == value):
                shown = "yes" if chosen is True else chosen
                problems.append((name, f"option '{name}' = {shown} is not supported: {why}"))
        never = options["void_if_trump_never_called"]
        spare = options["trump_indicator"] == "spare"
        if never == "forced_trick8" and spare:
            problems.append(("void_if_trump_never_called", "void_if_trump_never_called = "
                             "forced_trick8 needs trump_indicator = own_card (a spare "
                             "indicator leaves no face-down card to force)"))
        if never == "play_on" and not spare:
            problems.append(("void_if_trump_never_called", "void_if_trump_never_called = "
                             "play_on needs trump_indicator = spare (with an own card the "
                             "bidder's last card lies face down)"))
        if options["no_trump_two"] and not spare:
            problems.append(("no_trump_two", "no_trump_two needs trump_indicator = spare "
                             "(the 2 is a spare indicator card)"))
        if options["high_bid_two"] and options["score_table"] != "flat":
            problems.append(("high_bid_two", "high_bid_two and score_table both set the "
                             "stake of a deal: choose one"))
        if options["seventh_card"] and cls.seventh_position is None:
            problems.append(("seventh_card", f"{cls.title} deals no seventh card "
                             f"(seventh_card = no)"))
        if options["min_bid"] > options["max_bid"]:
            problems.append(("min_bid", "min_bid is above max_bid"))
        if problems:
            name, message = problems[0]
            tag = next((t for t in header.get_all("Option") if t.values[0] == name), None)
            error = RecordError("record.option", message)
            raise located(error, tag) if tag is not None else error

    # -- small helpers -----------------------------------------------------------------------
    def _next(self, seat: str, steps: int = 1) -> str:
        if steps == 1:
            return self.next_seat[seat]
        return self.table.next(seat, self.direction, steps)

    def _team(self, seat: str) -> str:
        return self.team_of[seat]

    def _label(self, team: str) -> str:
        """'N-S' for team NS, 'P1-P3-P5' for P1P3P5: the partnership, for messages."""
        return "-".join(self.team_seats.get(team, (team,)))

    def _side(self, seat: str) -> str:
        """'N-S' for seat N: the partnership, for messages."""
        return self._label(self._team(seat))

    def _sorted(self, cards: Iterable[str]) -> list[str]:
        order = self.rank_order
        return sorted(cards, key=lambda c: ("SHDC".index(c[1]), order.index(c[0])))

    def _show(self, cards: Iterable[str]) -> str:
        return " ".join(self._sorted(cards))

    def _pts(self, card: str) -> int:
        return self.card_point_table.get(card[0], 0)

    def _excl(self, rule: str, message: str, fatal: bool = False) -> Exclusion:
        return Exclusion(self.p + rule, message, fatal)

    # -- match -------------------------------------------------------------------------------
    def new_match(self) -> Match28:
        return Match28(score={team: 0 for team in self.team_names})

    def is_match_over(self, match: Match28) -> bool:
        return self._winner(match) is not None

    def _winner(self, match: Match28) -> str | None:
        return match_winner(match.score, self.opts.game_target, self.team_names)

    def match_result(self, match: Match28) -> str:
        winner = self._winner(match)
        shown = " ".join(f"{team} {value}" for team, value in match.score.items())
        if winner is None:
            return f"in progress: {shown}"
        own = match.score[winner]
        if own >= self.opts.game_target:
            return f"{self._label(winner)} win (+{own})"
        loser = next(t for t in match.score if t != winner)
        return f"{self._label(winner)} win ({self._label(loser)} {match.score[loser]})"

    # -- the deal ----------------------------------------------------------------------------
    def start_deal(self, match: Match28, deal: Deal) -> TwentyEightState:
        expected = match.next_dealer
        dealer = deal_dealer(deal, expected)
        state = TwentyEightState(deal.number, dealer, self._next(dealer), self.team_names,
                                 self.players)
        if deal.dealer is not None and expected is not None and deal.dealer != expected:
            if match.redeal_same_dealer:
                rotation = "an annulled deal is dealt again by the same dealer"
            else:
                way = "counter-clockwise" if self.direction == "ccw" else "clockwise"
                rotation = f"the deal passes {way}"
            state.deal_findings.append((
                self.p + "dealer",
                f"deal {deal.number} is dealt by {deal.dealer}, but {expected} should deal "
                f"({rotation})", None))
        self._deal_hands(state, deal)
        self._note_deal_order(state, deal)
        reason = self._annulment_at_deal(state)
        if reason:
            self._annul(state, reason)
        return state

    def _annul(self, state: TwentyEightState, reason: str) -> None:
        """Cancel the deal (A6.6): no score, recorded play disregarded, same dealer."""
        state.annulled = reason
        state.disregard = True
        state.stage = OVER
        state.turn = None

    def _annulment_at_deal(self, state: TwentyEightState) -> str | None:
        """Why the dealt cards cancel the deal (A6.6 R2, R3, R4; B6.5), or None."""
        opts = self.opts
        seats = self.table.seats
        if opts.annul_eight_zero:
            for seat in seats:
                cards = state.dealt.get(seat, [])
                # is_pointless(cards) as one set test: every dealt card is in the pack
                if len(cards) == self.hand_size and self.point_cards.isdisjoint(cards):
                    return (f"{seat} was dealt {len(cards)} cards without a point "
                            f"({self._show(cards)}) (R3)")
        fh = state.first_hand
        first_two = (fh, self._next(fh))
        fours = [state.first_four.get(seat) for seat in first_two]
        pointless = [four is not None and self.point_cards.isdisjoint(four) for four in fours]
        if opts.redeal_first_two_pointless:
            for seat, four, empty in zip(first_two, fours, pointless, strict=True):
                if empty:
                    return (f"{seat}, one of the first two to speak, has no point card in "
                            f"his first four ({self._show(four)}) (B6.5)")
        if opts.annul_fh_and_next_pointless and all(pointless):
            return (f"first hand {fh} and the next player {first_two[1]} both have "
                    f"pointless first fours (R2)")
        if opts.annul_other:
            for seat in seats:
                cards = state.dealt.get(seat, [])
                if len(cards) != self.hand_size:
                    continue
                jacks = [c for c in cards if c[0] == "J"]
                if len(jacks) == self.jack_total:
                    return f"{seat} holds all the Jacks (R4)"
                if len({c[1] for c in cards}) == 1:
                    return f"{seat} holds a whole hand of one suit (R4)"
        return None

    def _deal_hands(self, state: TwentyEightState, deal: Deal) -> None:
        """Fill the state's hands from the hand lines, inferring missing ones (decision 5)."""
        dealt: set[str] = set()  # every card of the hands so far
        seen_seats: set[str] = set()
        copies: Counter[str] = Counter()  # a double pack: how often each card was dealt
        for hand in deal.hands:
            if hand.seat in seen_seats:
                raise located(RecordError("record.hand-twice",
                                          f"{hand.seat}'s hand is given twice"), hand)
            seen_seats.add(hand.seat)
            cards = hand.cards
            held = set(cards)
            if self.copies > 1:
                self._count_copies(hand, cards, copies)
            # the usual case in one test: every card in the pack, none dealt before or twice
            elif (len(held) != len(cards) or not held <= self.card_set
                  or not held.isdisjoint(dealt)):
                self._own_cards(hand, cards, self._owners(state))  # raises at the faulty card
            dealt |= held
            if len(cards) != self.hand_size:
                raise located(RecordError(
                    "record.hand-size",
                    f"{hand.seat} has {len(cards)} cards; each player is dealt "
                    f"{self.hand_size}"), hand)
            sizes = list(map(len, hand.rounds))
            if sizes == self.round_sizes:
                first = self.deal_rounds[0]
                state.first_four[hand.seat] = list(cards[:first])
                if self.seventh_position is not None:
                    r, i = self.seventh_position
                    state.seventh[hand.seat] = hand.rounds[r][i]
            elif len(sizes) == 1:
                state.first_four[hand.seat] = None
                state.seventh[hand.seat] = None
            else:
                shown = " | ".join(str(n) for n in sizes)
                wanted = " | ".join(str(n) for n in self.deal_rounds)
                raise located(RecordError(
                    "record.hand-rounds",
                    f"{hand.seat}'s hand is written in rounds of {shown} cards; {self.title} "
                    f"deals {wanted} (or write all {self.hand_size} without '|')"), hand)
            state.dealt[hand.seat] = list(cards)
            state.hands[hand.seat] = MultiHand(cards) if self.copies > 1 else held
        missing = [seat for seat in self.table.seats if seat not in state.dealt]
        if missing and self.copies > 1:
            raise located(RecordError(
                "record.hands", f"{self.title} needs every hand line ({', '.join(missing)} "
                f"missing): with two copies of each card the hands are not inferred"), deal)
        if missing:
            self._infer_hands(state, deal, self._owners(state), missing)

    def _count_copies(self, hand: Hand, cards: list[str], copies: Counter[str]) -> None:
        """Deal ``hand``'s cards from a pack with ``self.copies`` of each; raise at the first
        card that is not in the pack or is dealt once too often."""
        for card in cards:
            if card not in self.card_set:
                raise located(RecordError(
                    "record.card-not-in-pack",
                    f"{card} is not in the {len(self.pack)}-card pack of {self.title} "
                    f"(ranks {' '.join(self.rank_order)})"), hand)
            copies[card] += 1
            if copies[card] > self.copies:
                raise located(RecordError(
                    "record.card-twice", f"{card} is dealt {copies[card]} times; the pack has "
                    f"{self.copies}"), hand)

    @staticmethod
    def _owners(state: TwentyEightState) -> dict[str, str]:
        """Card -> seat, for the hands dealt so far."""
        return {card: seat for seat, cards in state.dealt.items() for card in cards}

    def _own_cards(self, hand: Hand, cards: list[str], owner: dict[str, str]) -> None:
        """Give ``hand``'s cards to its seat one by one; raise at the first faulty card."""
        pack_text = (f"the {len(self.pack)}-card pack of {self.title} "
                     f"(ranks {' '.join(self.rank_order)})")
        for card in cards:
            deal_card(owner, card, hand.seat, hand, self.card_set, pack_text)

    def _infer_hands(self, state: TwentyEightState, deal: Deal, owner: dict[str, str],
                     missing: list[str]) -> None:
        """The hands of ``missing`` seats from their plays and trump cards (decision 5)."""
        inferred: dict[str, list[str]] = {seat: [] for seat in missing}
        for event in deal.events:
            action = event.action
            if action.seat not in inferred or action.kind not in ("play", "trump"):
                continue
            cards = action.cards if action.kind == "play" else (
                (_action_card(action),) if _action_card(action) and not self.spare else ())
            for card in cards:
                if claim_played_card(owner, card, action.seat, event, self.card_set,
                                     f"the {len(self.pack)}-card pack of {self.title}"):
                    inferred[action.seat].append(card)
            if action.kind == "trump" and action.value == "seventh":
                raise located(RecordError(
                    "record.deal-order",
                    f"'{action.seat} trump seventh' needs {action.seat}'s hand line in its "
                    f"dealing rounds: the seventh card fixes trumps"), event)
        for seat in missing:
            state.dealt[seat] = inferred[seat]
            state.hands[seat] = set(inferred[seat])
            state.first_four[seat] = None
            state.seventh[seat] = None
            state.inferred.add(seat)

    def _note_deal_order(self, state: TwentyEightState, deal: Deal) -> None:
        if all(four is not None for four in state.first_four.values()):
            return  # every hand is given in its dealing rounds: nothing to note
        unchecked: list[str] = []
        if self.opts.redeal_first_two_pointless or self.opts.annul_fh_and_next_pointless:
            # R2 and P29's annulment look at the first two speakers' first fours (B6.5)
            fh = state.first_hand
            unknown = [seat for seat in (fh, self._next(fh)) if state.first_four.get(seat) is None]
            if unknown:
                unchecked.append(
                    f"{' and '.join(unknown)}: no first four in the record, so the annulment "
                    f"for a pointless first four (R2, B6.5) could not be checked")
        for event in deal.events:
            action = event.action
            seat = action.seat
            if seat is None or seat not in state.first_four:
                continue
            if state.first_four[seat] is not None:
                continue
            how = ("inferred from the plays" if seat in state.inferred
                   else "given without its dealing rounds")
            if action.kind == "trump" and action.value == "seventh":
                cards = state.dealt[seat]
                if len(cards) >= 7:
                    state.seventh[seat] = cards[6]
                unchecked.append(
                    f"{seat}'s hand is {how}: the seventh card is taken to be the 7th card "
                    f"listed ({cards[6] if len(cards) >= 7 else '?'})")
            elif action.kind == "trump" and not self.spare:
                card = _action_card(action)
                unchecked.append(
                    f"{seat}'s hand is {how}: could not check that the trump card "
                    f"{card or action.value} came from {seat}'s first four")
            elif action.kind == "redeal" and seat == state.first_hand:
                unchecked.append(
                    f"{seat}'s hand is {how}: could not check that first hand's first four "
                    f"had no point card (redeal)")
        if unchecked:
            state.notes.append((self.p + "deal-order", "; ".join(dict.fromkeys(unchecked))))

    # -- what may be judged now ----------------------------------------------------------------
    def candidates(self, state: TwentyEightState) -> Iterator[Action]:
        if state.stage == OVER or state.disregard:
            return
        seats = self.table.seats
        if state.stage == AUCTION:
            seat = state.turn
            for value in range(self.opts.min_bid, self.opts.max_bid + 1):
                yield Action(seat, "bid", value=value)
            yield Action(seat, "pass")
            yield Action(seat, "redeal")
            return
        if state.stage == TRUMP:
            bidder = state.bidder
            for card in self._sorted(state.hands[bidder]):
                yield Action(bidder, "trump", cards=(card,))
            yield Action(bidder, "trump", value="seventh")
            for suit in SUIT_ORDER:
                yield Action(bidder, "trump", value=suit)
            if self.spare and self.opts.no_trump_two:
                yield Action(bidder, "trump", cards=("2S",))
            return
        if state.stage == WINDOW:
            for seat in seats:
                if not self.table.same_team(seat, state.bidder):
                    yield Action(seat, "double")
            for seat in seats:
                if self.table.same_team(seat, state.bidder):
                    yield Action(seat, "redouble")
            for seat in seats:
                yield Action(seat, "single")
        seat = state.turn
        if seat is not None:
            for card in self._sorted(state.hands[seat]):
                yield Action(seat, "play", cards=(card,))
            if seat == state.bidder and state.facedown and not state.revealed \
                    and not state.single:
                yield Action(seat, "play", cards=(state.facedown,))
            if state.stage == PLAY and not state.single:
                yield Action(seat, "call")
        if state.stage == PLAY:
            for other in seats:
                yield Action(other, "pair")

    # -- the rulebook cascade ------------------------------------------------------------------
    def check(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        if state.disregard:
            return None  # R3: the deal is cancelled and its recorded play disregarded
        if state.stage == OVER:
            return self._after_end(state, action)
        if action.kind == "play":
            return self._check_play(state, action)  # most actions are plays
        # one checker per kind of action (see __init__): bid and pass -> _check_call, call ->
        # _check_trump_call, and _check_<kind> for the others
        checker = self._checkers.get(action.kind)
        if checker is None:
            return self._excl("turn", f"{self.title} has no '{action.kind}' action", fatal=True)
        return checker(state, action)

    def _after_end(self, state: TwentyEightState, action: Action) -> Exclusion:
        if state.void:
            return self._excl(
                "void-deal",
                f"the deal is void: nobody called for the trump in "
                f"{_COUNT_WORDS.get(self.tricks_per_deal - 1, self.tricks_per_deal - 1)} "
                f"tricks, so trick "
                f"{len(state.tricks) + 1} is not played and the deal is not scored", fatal=True)
        if state.annulled:
            return self._excl("deal-over", f"the deal was annulled ({state.annulled}); "
                              f"nothing more is recorded in it", fatal=True)
        return self._excl("deal-over", f"the deal is over after trick {len(state.tricks)}; "
                          f"nothing more is recorded in it", fatal=True)

    # auction -------------------------------------------------------------------------------
    def _auction_closed_message(self, state: TwentyEightState) -> str:
        if state.high_bid is not None and state.high_bid >= self.opts.max_bid:
            return f"the auction ended with {state.high_bidder}'s bid of {state.high_bid}"
        if state.bidder is not None:
            return (f"the auction ended: {state.bidder} is the bidder at {state.bid}")
        return "the auction is over"

    def _check_call(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        seat = action.seat
        opts = self.opts
        if state.stage != AUCTION:
            what = "bid" if action.kind == "bid" else "pass"
            return self._excl("auction-over",
                              f"{seat} may not {what}: {self._auction_closed_message(state)}")
        if opts.pass_final and seat in state.passed and action.kind == "bid":
            return self._excl("pass-final", f"{seat} has passed and may not bid again "
                              f"(pass_final)")
        if seat != state.turn:
            return self._excl("turn", f"it is {state.turn}'s turn to speak, not {seat}'s")
        first_call = not state.calls
        if action.kind == "pass":
            if first_call and opts.opening_bid_forced and seat == state.first_hand:
                extra = ""
                if opts.redeal_fh_pointless:
                    extra = " (or demand a redeal if his first four hold no point)"
                return self._excl(
                    "opening-bid", f"{seat} is first hand and must open with a bid of "
                    f"{opts.min_bid} or more{extra}; he may not pass")
            if self._dealer_must_bid(state, seat):
                return self._excl("dealer-bid", f"everybody else passed: {seat}, the dealer, "
                                  f"must bid{self._forced_bid_words()}; he may not pass")
            return None
        value = action.value
        if not isinstance(value, int) or not opts.min_bid <= value <= opts.max_bid:
            return self._excl("bid-range", f"{seat}'s bid of {value} is out of range: bids "
                              f"go from {opts.min_bid} to {opts.max_bid}")
        if (opts.dealer_forced_bid == "exact" and value != opts.min_bid
                and self._dealer_must_bid(state, seat)):
            return self._excl("dealer-bid", f"everybody else passed: {seat}, the dealer, "
                              f"must bid{self._forced_bid_words()}, not {value}")
        if state.high_bid is not None and value <= state.high_bid:
            return self._excl("bid-higher", f"{seat} must bid more than {state.high_bid} "
                              f"({state.high_bidder}'s standing bid), or pass")
        high_bidder = state.high_bidder
        if high_bidder is not None and high_bidder in self.partners[seat]:
            rule = opts.partner_raise
            if rule == "forbidden":
                return self._excl("partner-raise", f"{seat} may not bid over his partner "
                                  f"{high_bidder}'s standing bid of {state.high_bid} "
                                  f"(partner_raise = forbidden); he may pass")
            floor = max(self.partner_raise_floor, state.high_bid + 1)
            if rule == "min20" and value < floor:
                return self._excl(
                    "partner-raise", f"{seat} bids {value} over his partner {high_bidder}'s "
                    f"standing bid of {state.high_bid}: over one's partner the bid must be "
                    f"at least {floor} (partner_raise = min20)")
        return None

    def _forced_bid_words(self) -> str:
        if self.opts.dealer_forced_bid == "exact":
            return f" exactly {self.opts.min_bid} (dealer_forced_bid = exact)"
        return f" {self.opts.min_bid} or more (dealer_forced_bid = any)"

    def _check_redeal(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        seat = action.seat
        fh = state.first_hand
        if state.stage != AUCTION:
            return self._excl("redeal", f"{seat} may not demand a redeal now: "
                              f"{self._auction_closed_message(state)}")
        if not self.opts.redeal_fh_pointless:
            return self._excl("redeal", "a redeal for a pointless four is not played "
                              "(redeal_fh_pointless = no)")
        if seat != fh:
            return self._excl("redeal", f"only first hand ({fh}) may demand a redeal for a "
                              f"pointless four, not {seat}")
        if state.calls:
            return self._excl("redeal", f"{seat} may demand a redeal only instead of his "
                              f"opening bid")
        four = state.first_four.get(seat)
        if four is not None and not is_pointless(four, self.card_point_table):
            counting = [c for c in four if self._pts(c)]
            return self._excl("redeal", f"{seat}'s first four ({self._show(four)}) hold "
                              f"points ({self._show(counting)}): no redeal; he must bid")
        return None

    # trump choice ------------------------------------------------------------------------
    def _check_trump(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        seat = action.seat
        if state.stage == AUCTION:
            if state.high_bidder != seat:
                who = (f"{state.high_bidder} holds the standing bid"
                       if state.high_bidder else "nobody has bid")
                return self._excl("turn", f"{seat} cannot choose trumps: the auction is not "
                                  f"over and {who}", fatal=True)
            return self._excl("auction-open", self._open_auction_message(state))
        if state.stage != TRUMP:
            if state.single:
                return self._excl("turn", f"{seat} cannot choose trumps: {state.single} plays "
                                  f"a single hand without trumps", fatal=True)
            return self._excl("turn", f"trumps were already chosen by {state.bidder}",
                              fatal=True)
        if seat != state.bidder:
            return self._excl("turn", f"only the bidder {state.bidder} chooses trumps, "
                              f"not {seat}", fatal=True)
        return self._trump_choice_problem(state, seat, action)

    def _open_auction_message(self, state: TwentyEightState) -> str:
        need = self._auction_need(state)
        return f"the auction is not over: {need}"

    def _auction_need(self, state: TwentyEightState) -> str:
        turn = state.turn
        if state.high_bid is None:
            return f"{turn} must still speak (nobody has bid yet)"
        if self.opts.auction_end == "single_round":
            return f"{turn} must still speak (each player speaks once)"
        passes = state.passes_in_row
        said = {0: "no pass follows", 1: "one pass follows", 2: "two passes follow"}.get(
            passes, f"{passes} passes follow")
        needed = {3: "three", 5: "five"}.get(self.players - 1, str(self.players - 1))
        if self.opts.pass_final:
            return f"{turn} must still speak (every other player must pass)"
        return (f"{turn} must still speak ({said} {state.high_bidder}'s {state.high_bid}; "
                f"{needed} end the auction)")

    def _trump_choice_problem(
        self, state: TwentyEightState, seat: str, action: Action
    ) -> Exclusion | None:
        if action.value == "seventh":
            if not self.opts.seventh_card:
                return self._excl("seventh-card", f"{seat} may not call for the seventh card "
                                  f"(seventh_card = no); he must lay a card of his first four")
            return None
        card = _action_card(action)
        if self.spare:
            # the spare indicator (A3.8, B3.3): a suit, or a spare 2-5 card of it
            if card is None or (card not in self.card_set and card[0] in self.indicator_ranks):
                return None
            what = "a playing card" if card in self.card_set else "not a spare card"
            return self._excl("trump-card", f"{seat} shows {card}, {what}: with the "
                              f"spare indicator the bidder keeps his cards and shows the trump "
                              f"suit with a spare {'-'.join(self.indicator_ranks[::3])} card "
                              f"(write '{seat} trump {card[1]}' or '{seat} trump "
                              f"{self.indicator_ranks[-1]}{card[1]}')")
        if card is None:
            suit = str(action.value)
            return self._excl("trump-card", f"{seat} named {SUIT_NAMES.get(suit, suit)} but "
                              f"must lay a card of the trump suit from his first four face "
                              f"down (or call for the seventh card)")
        if card not in state.hands[seat]:
            return self._excl("not-held", f"{seat} does not hold {card} and cannot lay it "
                              f"face down as the trump card", fatal=True)
        four = state.first_four.get(seat)
        if four is not None and card not in four:
            suits = sorted({c[1] for c in four}, key="SHDC".index)
            names = ", ".join(SUIT_NAMES[s] for s in suits)
            return self._excl(
                "trump-card", f"{card} is not among {seat}'s first four ({self._show(four)}): "
                f"the trump card comes from them (possible trumps: {names}), or he calls for "
                f"the seventh card")
        return None

    # double window -------------------------------------------------------------------------
    def _window_closed(self, state: TwentyEightState) -> str | None:
        if state.stage in (AUCTION, TRUMP):
            return "trumps have not been chosen yet"
        if state.single:
            return f"{state.single} plays a single hand"
        if state.stage == PLAY:
            return "the second batch has been dealt and play has begun"
        return None

    def _check_double(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        seat = action.seat
        if not self.opts.double_allowed:
            return self._excl("double", "doubling is not played (double_allowed = no)")
        if self.opts.double_cap < 2:
            return self._excl("double", "the multiplier is capped at 1 (double_cap = 1): no "
                              "double")
        closed = self._window_closed(state)
        if closed:
            return self._excl("double", f"{seat} may double only after the trump choice and "
                              f"before the second batch: {closed}")
        if self.table.same_team(seat, state.bidder):
            return self._excl("double", f"{seat} is on the bidding side ({state.bidder} bid "
                              f"{state.bid}); only an opponent may double")
        if state.doubled_by:
            return self._excl("double", f"the contract is already doubled (by "
                              f"{state.doubled_by}); one double only")
        return None

    def _check_redouble(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        seat = action.seat
        if not self.opts.redouble_allowed:
            return self._excl("redouble", "redoubling is not played (redouble_allowed = no)")
        if self.opts.double_cap < 4:
            return self._excl("redouble", f"the multiplier is capped at "
                              f"{self.opts.double_cap} (double_cap): no redouble")
        closed = self._window_closed(state)
        if closed:
            return self._excl("redouble", f"{seat} may redouble only before the second "
                              f"batch: {closed}")
        if not self.table.same_team(seat, state.bidder):
            return self._excl("redouble", f"{seat} is an opponent of the bidder "
                              f"{state.bidder}; only the bidding side may redouble")
        if state.redoubled_by:
            return self._excl("redouble", f"the contract is already redoubled (by "
                              f"{state.redoubled_by}); one redouble only")
        if not state.doubled_by or state.last_kind != "double":
            return self._excl("redouble", f"{seat} may redouble only directly after an "
                              f"opponent's double")
        if self.opts.high_bid_two and state.bid is not None \
                and state.bid >= self.high_bid_from:
            return self._excl("redouble", f"a bid of {state.bid} is worth 2 and doubled 4, "
                              f"the cap: it cannot be redoubled (high_bid_two)")
        return None

    # single hand ---------------------------------------------------------------------------
    def _check_single(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        seat = action.seat
        if not self.opts.single_hand:
            return self._excl("single-hand", "the single hand is not played (single_hand = "
                              "no)")
        if state.single:
            return self._excl("single-hand", f"{state.single} already plays a single hand")
        if state.stage in (AUCTION, TRUMP):
            now = "auction" if state.stage == AUCTION else "trump choice"
            return self._excl("single-hand", f"{seat} may declare a single hand only after "
                              f"the full deal (after the trump choice and any double), not "
                              f"during the {now}")
        if state.stage == PLAY:
            return self._excl("single-hand", f"{seat} may declare a single hand only before "
                              f"the lead to trick 1")
        hand = self._full_hand(state, seat)
        if len(hand) == self.hand_size and is_sure_winner_hand(
                hand, self.rank_order, self.equal_ranks, self.copies,
                last_wins=self.last_wins):
            return self._excl("single-hand", f"{seat} may not play a single hand with "
                              f"{self._show(hand)}: every card is a sure winner; he needs a "
                              f"card that could lose a trick")
        return None

    def _full_hand(self, state: TwentyEightState, seat: str) -> list[str]:
        """``seat``'s eight cards before the lead (a single hand is declared then): what he
        was dealt, the face-down card included, each copy of a double pack's card counted."""
        return list(state.dealt.get(seat, ()))

    # play ------------------------------------------------------------------------------------
    def _stage_blocks_play(self, state: TwentyEightState, seat: str) -> Exclusion | None:
        if state.stage == AUCTION:
            return self._excl("auction-open", f"{seat} cannot play: the auction is not over "
                              f"({self._auction_need(state)})", fatal=True)
        if state.stage == TRUMP:
            return self._excl("turn", f"{seat} cannot play: the bidder {state.bidder} has not "
                              f"chosen trumps", fatal=True)
        return None

    def _check_play(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        """A play, in the rulebook's order: the stage, one card, the turn, the face-down card,
        holding the card, then the lead (A4.3(b)), following suit (A4.2) and, void in the
        suit led, calling (A4.3(c)-(g)) and undertrumping (A4.4(d))."""
        seat = action.seat
        if state.stage in (AUCTION, TRUMP):
            return self._stage_blocks_play(state, seat)
        cards = action.cards
        if len(cards) != 1:
            return self._excl("turn", f"{seat} plays {len(cards)} cards; a play is one card",
                              fatal=True)
        card = cards[0]
        if seat != state.turn:
            if state.single and seat in state.single_partners:
                return self._excl("turn", f"{seat} takes no part: his partner {state.single} "
                                  f"plays a single hand", fatal=True)
            return self._excl("turn", f"it is {state.turn}'s turn to play, not {seat}'s",
                              fatal=True)
        # the face-down trump card is outside the bidder's hand until exposed (A3.7, 1.6)
        # (a double pack's other copy of it is an ordinary card of his hand)
        if (card == state.facedown and seat == state.bidder and not state.revealed
                and not state.single and card not in state.hands[seat]):
            return self._check_facedown_play(state, seat, card)
        hand = state.hands[seat]
        if card not in hand:
            return self._excl("not-held", f"{seat} does not hold {card}", fatal=True)
        trick = state.trick
        if not trick:
            return self._check_lead(state, seat, card)
        led = trick[0][1][1]
        # follow suit if able (A4.2)
        if card[1] == led:
            return None
        if not hand.isdisjoint(self.suit_cards[led]):
            following = hand & self.suit_cards[led]
            return self._excl("follow-suit", f"{seat} holds {self._show(following)} and must "
                              f"follow {SUIT_NAMES[led]}")
        # void in the suit led
        trump = state.trump
        opts = self.opts
        if not state.revealed:
            # a void player may call; with trump_call_mandatory he must (A4.3(c), A4.3(g))
            if (opts.trump_call_mandatory and not state.single and trump is not None
                    and not state.void_occasion):
                return self._excl("must-call", f"{seat} has no {SUIT_NAMES[led]} and must call "
                                  f"for the concealed trump before playing "
                                  f"(trump_call_mandatory)")
            return None
        # the caller must trump if able (A4.3(c)2, A4.3(e))
        if self._caller_duty(state, seat):
            trumps = hand & self.suit_cards[trump]
            if opts.caller_must_trump and trumps and card[1] != trump:
                return self._excl("call-must-trump", f"{seat} called for the trump and holds "
                                  f"{self._show(trumps)}: he must play a trump to this trick")
            if (opts.self_reveal_card == "exposed" and seat == state.bidder
                    and state.facedown in hand and card != state.facedown):
                return self._excl("call-must-trump", f"{seat} exposed his trump card "
                                  f"{state.facedown} himself and must play it "
                                  f"(self_reveal_card = exposed)")
            return None
        # no undertrumping unless holding nothing else (A4.4(d))
        if opts.no_undertrump and trump is not None and card[1] == trump:
            return self._check_undertrump(state, seat, card, trump)
        return None

    def _check_undertrump(self, state: TwentyEightState, seat: str, card: str, trump: str
                          ) -> Exclusion | None:
        counting = self._counting_trumps(state)
        if not counting:
            return None
        strength = self.strength
        top = max(counting, key=lambda c: strength[c[0]])
        # "a higher trump or a card of a non-trump suit" (A4.4(d)): an equal trump (Forty's J
        # and 3, Fifty-Six's second copy) loses to the one played first, so it is no better,
        # unless the last of equal cards wins (option equal_cards)
        beats = 0 if self.last_wins else 1
        if strength[card[0]] < strength[top[0]] + beats:
            hand = state.hands[seat]
            ok = [c for c in hand if c[1] != trump or strength[c[0]] >= strength[top[0]] + beats]
            if ok:
                how = "under" if strength[card[0]] < strength[top[0]] else "level with"
                return self._excl(
                    "undertrump", f"{seat} may not play {card} {how} {top}, the trump already "
                    f"in the trick: he holds {self._show(ok)} (a higher trump or a card of "
                    f"another suit)")
        return None

    def _check_facedown_play(self, state: TwentyEightState, seat: str, card: str
                             ) -> Exclusion | None:
        """The bidder plays his face-down card: only once exposed (A4.3, decision 17)."""
        if self._forced_trick8(state, seat):
            return None  # the face-down card is exposed at his turn, then played
        reason = self._call_problem(state, seat)
        if reason:
            return self._excl("call", f"{card} lies face down as the trump card: {seat} "
                              f"can play it only after the trump is exposed, and {reason}")
        return self._excl("call", f"{card} lies face down as the trump card: {seat} must "
                          f"call for the trump (expose it) before playing it "
                          f"(write '{seat} call')")

    def _check_lead(self, state: TwentyEightState, seat: str, card: str) -> Exclusion | None:
        trump = state.trump
        if (self.opts.bidder_lead_restriction and seat == state.bidder and trump
                and not state.revealed and not state.single and card[1] == trump
                and not state.trump_led_by_other):
            others = [c for c in state.hands[seat] if c[1] != trump]
            if others:
                return self._excl(
                    "lead-trump", f"{seat}, the bidder, may not lead {SUIT_NAMES[trump]} (the "
                    f"concealed trump) while he holds other suits ({self._show(others)}) and "
                    f"nobody else has led {SUIT_NAMES[trump]}")
        return None

    def _forced_trick8(self, state: TwentyEightState, seat: str) -> bool:
        return (self.opts.void_if_trump_never_called == "forced_trick8"
                and seat == state.bidder and not state.revealed and not state.single
                and len(state.tricks) == self.tricks_per_deal - 1)

    def _caller_duty(self, state: TwentyEightState, seat: str) -> bool:
        """True if ``seat`` called in the current trick and has not played to it yet."""
        return (state.caller == seat and state.reveal_trick == len(state.tricks) + 1
                and bool(state.trick) and state.reveal_index is not None
                and state.reveal_index >= 0 and all(s != seat for s, _ in state.trick))

    def _counting_trumps(self, state: TwentyEightState) -> list[str]:
        """Cards in the current trick that count as trumps (1.5, A4.4(b), erratum)."""
        trump = state.trump
        if not state.revealed or trump is None or state.single:
            return []
        start = self._counting_from(state, len(state.tricks) + 1, state.led_suit())
        return [c for i, (_, c) in enumerate(state.trick) if c[1] == trump and i >= start]

    def _counting_from(self, state: TwentyEightState, number: int, led: str | None) -> int:
        if state.reveal_trick is None or state.reveal_trick < number:
            return 0
        if led == state.trump or self.opts.pre_reveal_trumps_count:
            return 0  # erratum: cards following a trump lead were never discards
        return state.reveal_index or 0

    # call for trumps -----------------------------------------------------------------------
    def _call_problem(self, state: TwentyEightState, seat: str) -> str | None:
        """Why ``seat`` may not call for the trump now (None if he may)."""
        if state.single:
            return f"{state.single} plays a single hand: there are no trumps"
        if state.no_trump:
            return "the bidder declared no trumps (a 2 as indicator): there is no trump"
        if state.trump is None:
            return "no trump has been chosen"
        if state.revealed:
            return f"the trump ({SUIT_NAMES[state.trump]}) is already exposed"
        if self._forced_trick8(state, seat) and seat == state.turn:
            return None
        if seat != state.turn:
            return f"it is {state.turn}'s turn, not {seat}'s"
        led = state.led_suit()
        if led is None:
            return f"{seat} is leading: only a player void in the suit led may call"
        held = state.hands[seat] & self.suit_cards[led]
        if held:
            return (f"{seat} holds {self._show(held)}: only a player void in "
                    f"{SUIT_NAMES[led]} may call")
        return None

    def _check_trump_call(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        seat = action.seat
        blocked = self._stage_blocks_play(state, seat)
        if blocked:
            return self._excl(blocked.rule.split(".", 1)[1], blocked.message)
        if state.stage == WINDOW:
            return self._excl("call", f"{seat} may not call for the trump before the first "
                              f"lead: only a player void in the suit led may call")
        reason = self._call_problem(state, seat)
        if reason:
            return self._excl("call", f"{seat} may not call for the trump: {reason}")
        return None

    # pair --------------------------------------------------------------------------------
    def _check_pair(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        seat = action.seat
        opts = self.opts
        if not opts.pair_enabled:
            return self._excl("pair", "the pair is not played (pair_enabled = no)")
        if state.single:
            return self._excl("pair", f"no pair in a single hand ({state.single} plays without "
                              f"trumps)")
        if state.pair:
            return self._excl("pair", f"{state.pair} has already shown the pair")
        if state.no_trump:
            return self._excl("pair", "no pair without trumps (the bidder declared no trumps, "
                              "B3.5)")
        if state.stage != PLAY or not state.revealed or state.trump is None:
            return self._excl("pair", f"{seat} may show the pair only after the trump has been "
                              f"exposed")
        king, queen = "K" + state.trump, "Q" + state.trump
        hand = state.hands[seat]
        missing = [c for c in (king, queen) if c not in hand]
        if missing:
            if all(c in state.dealt.get(seat, ()) for c in missing):
                why = f"{seat} has already played {' and '.join(missing)}"
            else:
                why = f"{seat} does not hold {' and '.join(missing)}"
            return self._excl("pair", f"the pair is K and Q of trumps ({king} {queen}) in one "
                              f"hand: {why}")
        team = self._team(seat)
        if (opts.pair_scale == "west_bengal" and state.bidder is not None
                and team == self._team(state.bidder) and state.bid < WEST_BENGAL_PAIR_FROM):
            return self._excl("pair", f"with a bid of {state.bid} the bidding side may not show "
                              f"the pair: it needs a bid of {WEST_BENGAL_PAIR_FROM} or more "
                              f"(pair_scale = west_bengal)")
        bidding = state.bidder is not None and team == self._team(state.bidder)
        if bidding and state.bid is not None and state.bid < opts.pair_min_bid:
            return self._excl("pair", f"with a bid of {state.bid} the bidding side may not show "
                              f"the pair: it needs a bid of {opts.pair_min_bid} or more "
                              f"(pair_min_bid)")
        # which trick won qualifies (A5.2, 10.14; option pair_trick_requirement)
        requirement = opts.pair_trick_requirement
        first = (state.reveal_trick or 99) if requirement == "after_reveal" else 1
        won = [t for t in state.tricks if t.number >= first and self._team(t.winner) == team]
        needs_trick = requirement != "s0_variant" or bidding  # S0: opponents need none
        if needs_trick and not won:
            since = (f"after the trump was exposed (in trick {state.reveal_trick})"
                     if requirement == "after_reveal" else "(any trick)")
            return self._excl("pair", f"{self._side(seat)} must win a trick {since} before "
                              f"showing the pair")
        if opts.pair_window == "after_win":
            last = state.tricks[-1] if state.tricks else None
            if state.trick or last is None or self._team(last.winner) != team \
                    or last.number < first:
                return self._excl("pair", f"{seat} may show the pair only right after a trick "
                                  f"won by {self._side(seat)}, before the next lead "
                                  f"(pair_window = after_win)")
        return None

    # -- carrying actions out ------------------------------------------------------------------
    def apply(self, state: TwentyEightState, action: Action) -> None:
        if state.disregard:
            return
        kind = action.kind
        if kind != "redeal":
            state.redeal_pending = None
        if state.stage == OVER:
            return
        if kind == "play":
            self._apply_play(state, action)  # most actions are plays
            state.last_kind = kind
            return
        try:
            handler = self._appliers[kind]
        except KeyError:  # _apply_<kind>, or None for a kind with nothing to carry out
            handler = self._appliers[kind] = getattr(self, "_apply_" + kind, None)
        if handler is not None:
            handler(state, action)
        state.last_kind = kind

    def _apply_bid(self, state: TwentyEightState, action: Action) -> None:
        if state.stage != AUCTION:
            return  # calls after the end of the auction are ignored
        seat = action.seat
        value = action.value if isinstance(action.value, int) else None
        forced = self._dealer_must_bid(state, seat)
        state.calls.append((seat, value))
        if value is not None and (state.high_bid is None or value > state.high_bid):
            state.high_bid, state.high_bidder = value, seat
            state.passes_in_row = 0
            state.passed.discard(seat)  # an illegal bid after a final pass stands
            state.forced_bid = forced
        else:
            state.passes_in_row += 1  # a bid that does not raise counts as a pass
        state.turn = self._next_speaker(state, seat)
        self._maybe_end_auction(state)

    def _next_speaker(self, state: TwentyEightState, seat: str) -> str:
        """The next seat to speak; with pass_final, seats that passed are skipped."""
        nxt = self.next_seat[seat]
        if self.opts.pass_final:
            while nxt in state.passed and nxt != seat:
                nxt = self.next_seat[nxt]
        return nxt

    def _dealer_must_bid(self, state: TwentyEightState, seat: str) -> bool:
        """True if ``seat`` is the dealer and everybody before him passed (B3.2, 10.21)."""
        return (self.opts.dealer_forced_bid != "none" and seat == state.dealer
                and state.high_bid is None and len(state.calls) == self.players - 1)

    def _apply_pass(self, state: TwentyEightState, action: Action) -> None:
        if state.stage != AUCTION:
            return
        state.calls.append((action.seat, None))
        state.passes_in_row += 1
        state.passed.add(action.seat)
        state.turn = self._next_speaker(state, action.seat)
        self._maybe_end_auction(state)

    def _maybe_end_auction(self, state: TwentyEightState) -> None:
        opts = self.opts
        if state.high_bid is not None and state.high_bid >= opts.max_bid or state.forced_bid:
            self._close_auction(state)  # nothing higher is legal; the dealer's bid is final
        elif opts.auction_end == "single_round":
            if len(state.calls) >= self.players:
                self._close_auction(state)
        elif opts.pass_final:
            others = set(self.table.seats) - {state.high_bidder}
            if others <= state.passed:
                self._close_auction(state)
        else:
            # three passes after a bid end it; four passes with no bid throw the deal in
            needed = self.players - (1 if state.high_bid is not None else 0)
            if state.passes_in_row >= needed:
                self._close_auction(state)

    def _close_auction(self, state: TwentyEightState) -> None:
        if state.high_bidder is None:
            state.annulled = ("all four passed" if self.players == 4
                              else f"all {self.players} passed")
            state.stage = OVER
            state.turn = None
            return
        state.bidder, state.bid = state.high_bidder, state.high_bid
        state.stage = TRUMP
        state.turn = state.bidder

    def _apply_redeal(self, state: TwentyEightState, action: Action) -> None:
        if self._check_redeal(state, action) is None:
            state.annulled = f"first hand {action.seat} demanded a redeal (R1)"
            state.stage = OVER
            state.turn = None
        elif state.stage == AUCTION:
            state.redeal_pending = action.seat

    def _apply_trump(self, state: TwentyEightState, action: Action) -> None:
        seat = action.seat
        if state.stage == AUCTION:
            if state.high_bidder != seat:
                return
            state.bidder, state.bid = state.high_bidder, state.high_bid
            state.stage = TRUMP
        if state.stage != TRUMP or seat != state.bidder:
            return
        if action.value == "seventh":
            card = state.seventh.get(seat)
            state.trump_seventh = True
        else:
            card = _action_card(action)
        if action.value == "seventh" and card is None:
            state.trump = state.facedown = None  # no seventh card (Forty): no trump chosen
        elif self.spare:
            # the bidder keeps every card (B3.3); a 2 may declare no trumps (B3.5)
            if card is None:
                state.trump = str(action.value) if action.value else None
            elif self.opts.no_trump_two and card[0] == "2" and card not in self.card_set:
                state.trump, state.no_trump = None, True
            else:
                state.trump = card[1]
            state.facedown = None
        elif card is None:
            state.trump = str(action.value) if action.value else None
            state.facedown = None
        else:
            state.trump = card[1]
            state.facedown = card
            state.hands[seat].discard(card)
        state.stage = WINDOW
        state.turn = state.first_hand

    def _apply_double(self, state: TwentyEightState, action: Action) -> None:
        if state.doubled_by is None and not state.single:
            state.doubled_by = action.seat

    def _apply_redouble(self, state: TwentyEightState, action: Action) -> None:
        if state.redoubled_by is None and not state.single:
            state.redoubled_by = action.seat

    def _apply_single(self, state: TwentyEightState, action: Action) -> None:
        if state.single or state.stage == PLAY:
            return  # a second single hand, or one declared after the lead, is disregarded
        seat = action.seat
        if state.bidder and state.facedown and not state.revealed:
            state.hands[state.bidder].add(state.facedown)
        state.single = seat
        state.single_partners = self.partners[seat]
        state.trick_size = state.players - len(state.single_partners)  # partners sit out
        state.trump = None
        state.facedown = None
        state.stage = PLAY
        state.turn = seat

    def _apply_call(self, state: TwentyEightState, action: Action) -> None:
        if state.stage != PLAY or state.revealed or state.single or state.trump is None:
            return
        self._reveal(state, action.seat)

    def _reveal(self, state: TwentyEightState, seat: str) -> None:
        state.revealed = True
        state.reveal_trick = len(state.tricks) + 1
        state.reveal_index = len(state.trick)
        state.caller = seat
        if state.facedown is not None and state.bidder is not None:
            state.hands[state.bidder].add(state.facedown)
        if self.opts.annul_other and state.bidder is not None and state.trump is not None:
            trumps = self.suit_cards[state.trump]
            if all(trumps.isdisjoint(state.dealt.get(other, ()))
                   for other in self.table.seats if not self.table.same_team(
                       other, state.bidder)):
                self._annul(state, f"the bidder's opponents hold no trump "
                                   f"({SUIT_NAMES[state.trump]}) (R4)")

    def _apply_pair(self, state: TwentyEightState, action: Action) -> None:
        # an illegal declaration has no effect on the target (29-18, 29-22 "illegal / no
        # effect", 28-32): it is reported, and the misplay penalty applies
        if self._check_pair(state, action) is None:
            state.pair = action.seat

    def _apply_play(self, state: TwentyEightState, action: Action) -> None:
        seat = action.seat
        card = action.cards[0]
        if state.stage == WINDOW:
            state.stage = PLAY
        if (card == state.facedown and seat == state.bidder and not state.revealed
                and not state.single and card not in state.hands[seat]):
            self._reveal(state, seat)  # exposed at his turn, then played
            if state.disregard:
                return  # R4 cancelled the deal at the reveal
        trick = state.trick
        if (trick and not state.revealed and card[1] != trick[0][1][1]
                and state.hands[seat].isdisjoint(self.suit_cards[trick[0][1][1]])):
            state.void_occasion = True  # a void player played without calling
        state.hands[seat].discard(card)
        if not trick:  # a lead opens the next trick (the first lead opens play)
            state.play_started = True
            state.trick_no = len(state.tricks) + 1
            if state.trump and card[1] == state.trump and seat != state.bidder:
                state.trump_led_by_other = True
        trick.append((seat, card))
        played = state.trick_len = len(trick)
        if played >= state.trick_size:
            self._complete_trick(state)
        else:
            nxt = self.next_seat[seat]
            while nxt in state.single_partners:  # they sit out their partner's single hand
                nxt = self.next_seat[nxt]
            state.turn = nxt

    def _complete_trick(self, state: TwentyEightState) -> None:
        trick = state.trick
        number = len(state.tricks) + 1
        winner = self.trick_winner(state, trick, number)
        card_points = self.card_points
        points = 0
        for _, card in trick:
            points += card_points.get(card, 0)
        if number == self.tricks_per_deal:
            points += self.opts.last_trick_bonus  # B1, B6.1 (29: one point)
        state.tricks.append(Trick(number, trick, winner, points))
        state.points[self.team_of[winner]] += points
        state.trick = []  # a new list: the completed trick keeps the old one
        state.trick_len = 0
        state.trick_no = number
        state.turn = winner
        if state.single and not self.table.same_team(winner, state.single) \
                and state.single_lost is None:
            state.single_lost = number
        if number >= self.tricks_per_deal:
            state.stage = OVER
            state.turn = None
        elif (number == self.tricks_per_deal - 1 and not state.revealed and not state.single
              and state.trump is not None
              and self.opts.void_if_trump_never_called == "void"):
            state.void = True
            state.stage = OVER
            state.turn = None

    def completed_tricks(self, state: TwentyEightState) -> list[TrickSummary]:
        """The tricks so far with the running card points per team (for annotations)."""
        return summarise_tricks(((t.number, t.winner, t.points) for t in state.tricks),
                                self.team_of, state.points)

    def trick_winner(self, state: TwentyEightState, plays: list[tuple[str, str]],
                     number: int) -> str:
        """The winner of ``plays`` as trick ``number`` (1.5, A4.4(a)-(b)).

        The highest trump that counts wins (trump cards played to the revealing trick before
        the call do not count, see ``_counting_from``); without one, the highest card of the
        suit led.
        """
        led = plays[0][1][1]
        power = self.power_nt if state.no_trump else self.power
        last = int(self.last_wins)  # with last_wins a tie goes to the later card
        trump = state.trump if state.revealed and not state.single else None
        if trump is not None:
            start = self._counting_from(state, number, led)
            best, winner = -1, None
            for i, (seat, card) in enumerate(plays):
                if card[1] == trump and i >= start and power[card] + last > best:
                    best, winner = power[card], seat
            if winner is not None:
                return winner
        best, winner = -1, None
        for seat, card in plays:
            if card[1] == led and power[card] + last > best:
                best, winner = power[card], seat
        return winner

    # -- the end of a deal -----------------------------------------------------------------------
    def is_deal_over(self, state: TwentyEightState) -> bool:
        return (state.stage == OVER or state.redeal_pending is not None
                or (state.single is not None and state.single_lost is not None))

    def incomplete_message(self, state: TwentyEightState) -> str:
        if state.stage == AUCTION:
            return f"the auction is not over: {self._auction_need(state)}"
        if state.stage == TRUMP:
            return f"the bidder {state.bidder} has not chosen trumps"
        if state.stage == WINDOW:
            return f"no card has been played: {state.turn} must lead to trick 1"
        if state.trick:
            return (f"trick {len(state.tricks) + 1} is not complete: {state.turn} must "
                    f"play")
        return (f"only {len(state.tricks)} of {self.tricks_per_deal} tricks are recorded: "
                f"{state.turn} must lead to trick {len(state.tricks) + 1}")

    def unchecked_reason(self, state: TwentyEightState) -> str | None:
        if state.disregard:
            return f"the deal is cancelled ({state.annulled}); recorded play disregarded"
        return None

    def settle(self, match: Match28, state: TwentyEightState, offenders: list[str]
               ) -> DealResult:
        opts = self.opts
        teams = self.team_names
        result = DealResult(points=dict(state.points),
                            game_points={team: 0 for team in teams})
        match.deals += 1
        if state.redeal_pending and not state.annulled:
            state.annulled = (f"{state.redeal_pending} demanded a redeal, which was not "
                              f"allowed, and the record ends there")
        match.redeal_same_dealer = bool(state.annulled)
        if state.annulled:
            match.next_dealer = state.dealer  # annulled before play: same dealer
            result.scored = False
            result.outcome = f"annulled: {state.annulled}"
            result.score = dict(match.score)
            return result
        match.next_dealer = self._next(state.dealer)
        contract: dict[str, Any] = {}
        result.contract = contract
        if state.single:
            bidding_team = self._team(state.single)
            contract.update(single=state.single, bidder=state.single)
        elif state.bidder is not None:
            bidding_team = self._team(state.bidder)
            pair_team = self._team(state.pair) if state.pair else None
            own_pair = None if pair_team is None else pair_team == bidding_team
            value = opts.pair_value
            if (opts.pair_scale == "west_bengal" and own_pair
                    and state.bid == WEST_BENGAL_PAIR_FROM):
                value = 3
            target = adjusted_target(
                state.bid, own_pair, value,
                (opts.min_bid, opts.max_bid) if opts.pair_clamp == "yes" else None)
            if opts.pair_clamp == "ineffective" and not opts.min_bid <= target <= opts.max_bid:
                target = state.bid  # the declaration would cross a bound: no effect (B5.2)
            contract.update(
                bidder=state.bidder, bid=state.bid, target=target, trump=state.trump,
                multiplier=multiplier(bool(state.doubled_by), bool(state.redoubled_by)))
            if state.trump_seventh:
                contract["seventh"] = True
            if state.pair:
                contract["pair"] = state.pair
        else:
            result.scored = False
            result.outcome = "not scored: the auction did not end"
            result.disputed = True
            result.score = dict(match.score)
            return result
        side = self._label(bidding_team)
        if state.void:
            result.scored = False
            before = self.tricks_per_deal - 1
            result.outcome = f"void: no call in {_COUNT_WORDS.get(before, before)} tricks"
            result.score = dict(match.score)
            return result
        penalty = bool(offenders) and opts.misplay_penalty != "report_only"
        complete = self.is_deal_over(state)
        table = SCORE_TABLES[opts.score_table]
        if penalty:
            first = offenders[0]
            made = self._team(first) != bidding_team
            factor = 2 if opts.misplay_penalty == "double_to_opponents" else 1
            if state.single:
                score = single_hand_score(self.tricks_per_deal if made else 0,
                                          self.tricks_per_deal, opts.single_hand_points,
                                          opts.single_hand_loss or None)
                score = score._replace(delta=score.delta * factor)
            else:
                score = forced_score(made, state.bid, contract["multiplier"],
                                     high_bid_two=opts.high_bid_two,
                                     high_bid_from=self.high_bid_from, table=table,
                                     factor=factor)
            what = "single hand" if state.single else "contract"
            result.outcome = (f"misplay by {first} ({self._side(first)}): {side}'s {what} "
                              f"counts as {'made' if made else 'lost'}")
        elif not complete:
            result.scored = False
            result.disputed = True
            result.outcome = "not scored: the deal is incomplete"
            result.score = dict(match.score)
            return result
        elif state.single:
            won = sum(1 for t in state.tricks if self.table.same_team(t.winner, state.single))
            score = single_hand_score(won if state.single_lost is None else 0,
                                      self.tricks_per_deal, opts.single_hand_points,
                                      opts.single_hand_loss or None)
            if score.made:
                result.outcome = f"single hand: {state.single} won all {len(state.tricks)} tricks"
            else:
                result.outcome = f"single hand: {state.single} lost trick {state.single_lost}"
        else:
            points = state.points[bidding_team]
            won = sum(1 for t in state.tricks if self._team(t.winner) == bidding_team)
            all_tricks = ("bidders" if won == len(state.tricks)
                          else "defenders" if won == 0 else None)
            score = contract_score(points, state.bid, contract["target"], contract["multiplier"],
                                   high_bid_two=opts.high_bid_two,
                                   high_bid_from=self.high_bid_from,
                                   under_half_double_loss=opts.under_half_double_loss,
                                   table=table, cot=opts.cot, all_tricks=all_tricks)
            result.outcome = (f"{side} {'made' if score.made else 'failed'} {points} of "
                              f"target {contract['target']}")
        contract["made"] = score.made
        # a loss is paid to the opponents where the table says so (Forty, A7.4)
        if score.delta < 0 and table.loss_to_opponents:
            for team in teams:
                if team != bidding_team:
                    result.game_points[team] = -score.delta
                    match.score[team] -= score.delta
        else:
            result.game_points[bidding_team] = score.delta
            match.score[bidding_team] += score.delta
        result.score = dict(match.score)
        return result


def _action_card(action: Action) -> str | None:
    """The card of a ``trump`` action (``trump 9S``), or None for ``trump seventh`` / a suit."""
    if action.cards:
        return action.cards[0]
    value = action.value
    if isinstance(value, str) and len(value) == 2 and value != "??":
        return value.upper()
    return None
