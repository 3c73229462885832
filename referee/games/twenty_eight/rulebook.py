"""The 28 family's rule catalogue: each rule with its summary, Twenty-Eight's generic rules,
and each game's table of the family's rule ids (``family_ids``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from referee.rules.base import (
    GenericRules,
    Rule,
    generic_rules,
)
from referee.rules.options import OptionSpec

FAMILY_RULES: tuple[tuple[str, str], ...] = (
    ("28.opening-bid", "first hand must open the auction with a bid of at least the minimum "
     "({min_bid}){opening_redeal}"),
    ("28.bid-range", "a bid lies between min_bid and max_bid ({min_bid} to {max_bid})"),
    ("28.bid-higher", "each bid is higher than the standing bid"),
    ("28.partner-raise", "raising over one's partner's standing bid is limited by the "
     "partner_raise option (pagat: 20 or more)"),
    ("28.auction-over", "nothing is bid after the auction has ended (the {others} other "
     "players passing after the last bid, or a bid of the maximum, {max_bid})"),
    ("28.pass-final", "with pass_final a player who has passed may not bid again"),
    ("28.dealer-bid", "with dealer_forced_bid, when everybody else has passed the dealer "
     "must bid (exactly the minimum under 'exact')"),
    ("28.auction-open", "trumps are chosen and cards played only after the auction has "
     "ended"),
    ("28.redeal", "{redeal_if}only first hand, at his first turn, with no point card in his "
     "first four, may demand a redeal"),
    ("28.trump-card", "the bidder lays one card of his first four face down as the trump "
     "card (own_card), or shows the suit with a spare 2-5 card (spare)"),
    ("28.seventh-card", "{seventh_if}the bidder may call for his seventh card (third of the "
     "second batch) as the trump card"),
    ("28.double", "only an opponent of the bidder may double, once, after the trump choice "
     "and before the second batch"),
    ("28.redouble", "only the bidder or his partner may redouble, once, directly after the "
     "double"),
    ("28.single-hand", "any player may play a single hand after the full deal and before the "
     "lead, unless his hand is certain to win every trick; if several declare one, the "
     "first plays it"),
    ("28.hold", "'hold' belongs to the duel auction (auction_style = duel): the challenger "
     "names a number or passes, the holder answers 'hold' or passes, a pass is final, "
     "three players out end it; if nobody names a number, first hand bids exactly the "
     "minimum"),
    ("28.second-round", "with second_round = minN a second auction follows the trump "
     "choice and the doubles, opened by the bidder: bids of N or more above the standing "
     "bid, ending after {others} passes following a bid, {seats} passes without one, or at "
     "the maximum; play waits for its end"),
    ("28.c-call", "with c_call, only the bidder may say C, directly after the opponents' "
     "double and instead of a redouble, while his side's score is 0 at the start of the "
     "deal: the deal is then worth 6 game points"),
    ("28.show", "with single_hand_show, only the bidder may show his hand, after the full "
     "deal and before the lead, and only a hand certain to win every trick: the show ends "
     "the deal"),
    ("28.follow-suit", "a player who holds a card of the suit led must play one"),
    ("28.lead-trump", "while the trump is concealed the bidder may not lead the trump suit, "
     "unless he holds only trumps or (bidder_lead_restriction = yes) another player has "
     "led it"),
    ("28.call", "only a player void in the suit led may call for the trump, at his turn, "
     "before he plays, while it is concealed"),
    ("28.must-call", "with trump_call_mandatory the first player of the deal void in the "
     "suit led must call for the concealed trump"),
    ("28.call-must-trump", "the player who called must play a trump to that trick if he "
     "holds one (caller_must_trump)"),
    ("28.undertrump", "{undertrump_if}a void player may not play a trump that does not beat a "
     "trump already in the trick{undertrump_equal} unless he holds nothing else"),
    ("28.pair", "K and Q of trumps in one hand may be shown once the trump is exposed and "
     "the holder's side has won a trick since"),
    ("28.void-deal", "with void_if_trump_never_called = void{void_default}, a deal in which "
     "nobody called for the trump before the last trick is void and its last trick is not "
     "played"),
    ("28.thrown-in", "a deal thrown in before its play (first hand's redeal, everybody "
     "passing, a cancellation for pointless cards or, at the reveal, for the opponents' "
     "missing trumps) ends there: what the record holds after it is not judged, and a note "
     "says so"),
    ("28.deal-order", "the record gives each hand in its two dealing rounds where a check "
     "needs the first four or the seventh card (note when it does not)"),
)
"""The family's own rules (Twenty-Eight's id, summary, section); each game has its own id
for each (``family_ids``)."""


GENERIC_28 = GenericRules(
    turn="28.turn",
    not_held="28.not-held",
    incomplete="28.incomplete",
    deal_over="28.deal-over",
    match_over="28.match-over",
    trick_number="28.trick-number",
    dealer="28.dealer",
)
"""The full ids of the generic rules of Twenty-Eight."""


FamilyIds = Mapping[str, str]
"""A game's rule ids in the 28 family: Twenty-Eight's id of each rule -> the game's own id.
The engine is written with Twenty-Eight's ids (``grep 28.follow-suit`` finds where the rule
is checked); each game writes its own ids out in full in its table (``grep 29.follow-suit``
finds the table), and nothing assembles an id from a prefix."""


def family_ids(generic: GenericRules, own: Mapping[str, str]) -> dict[str, str]:
    """A game's ``FamilyIds`` from its generic ids and its table of the family's own rules;
    a table that misses or adds a rule is a ``ValueError`` (when the game is defined)."""
    ids = dict(zip(GENERIC_28, generic, strict=True))
    expected = {rule for rule, _ in FAMILY_RULES}
    if set(own) != expected:
        raise ValueError(f"rule table: missing {sorted(expected - set(own))}, "
                         f"unknown {sorted(set(own) - expected)}")
    ids.update(own)
    return ids


RULE_IDS_28 = family_ids(GENERIC_28, {rule: rule for rule, _ in FAMILY_RULES})
"""Twenty-Eight's rule ids: its own."""


def family_rules(ids: FamilyIds, specs: Iterable[OptionSpec], batch: str = "four",
                 seats: int = 4, equal: str = "", texts: Mapping[str, str] | None = None
                 ) -> dict[str, Rule]:
    """The catalogue of a game's rules under its ids (``ids``), each in the game's own
    values: ``specs`` are the game's options (their defaults are quoted), ``batch`` is the
    first batch's size in words (Forty deals three), ``seats`` the players at the table,
    ``equal`` the game's equal cards in words ("" where it has none), ``texts`` the rules a
    game words its own way (Twenty-Eight's id -> text)."""
    values = {spec.name: spec.default for spec in specs}
    words = {
        "min_bid": values["min_bid"], "max_bid": values["max_bid"],
        "others": _NUMBER_WORDS[seats - 1], "seats": _NUMBER_WORDS[seats],
        "opening_redeal": ("" if not values["redeal_fh_pointless"] else
                           f", or demand a redeal when his first {batch} hold no point card"),
        "redeal_if": "" if values["redeal_fh_pointless"] else (
            "with redeal_fh_pointless (off by default), "),
        "seventh_if": "" if values["seventh_card"] else "with seventh_card (off by default), ",
        "undertrump_if": "" if values["no_undertrump"] else "with no_undertrump (off by default), ",
        "undertrump_equal": f" (of {equal}, the one played later does not)" if equal else "",
        "void_default": (" (the default)" if values["void_if_trump_never_called"] == "void"
                         else ""),
    }
    generic = GenericRules(*(ids[rule] for rule in GENERIC_28))
    rules = generic_rules(generic)
    for name, summary in FAMILY_RULES:
        rule_id = ids[name]
        text = (texts or {}).get(name) or summary.replace("first four",
                                                          f"first {batch}").format(**words)
        rules[rule_id] = Rule(rule_id, text)
    return rules


_NUMBER_WORDS = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight")
