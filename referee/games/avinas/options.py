"""The options of Avinas (each choice the sources leave open) and its presets."""

from __future__ import annotations

from referee.games.avinas.model import MAX_BID
from referee.rules.options import OptionSpec, Preset


def _options() -> tuple[OptionSpec, ...]:
    return (
        OptionSpec("dealer_side_exposure", "choice", "sevens",
                   "the dealer's and his partner's 4th and 8th cards: exposed when sevens, or "
                   "never (only the opponents' cards count)", (),
                   choices=("sevens", "none")),
        OptionSpec("trump_lead_every_trick", "bool", False,
                   "the trick-2 lead rule (trump if held, else face up or face down) applies "
                   "to every lead from trick 2 on", ("avinas.trump-lead", "avinas.face-down")),
        OptionSpec("facedown_no_trump_winner", "choice", "leader",
                   "who wins a face-down lead that nobody trumps: the leader, or the highest "
                   "card of the revealed card's suit", (), choices=("leader", "revealed_suit")),
        OptionSpec("bid_count", "choice", "trump_count",
                   "what a no-sevens bid counts: trumps (queens and jacks included) or cards "
                   "of the printed suit", ("avinas.false-bid",),
                   choices=("trump_count", "natural_count")),
        OptionSpec("auction_rounds", "choice", "single",
                   "one round (each player speaks once), or open (until three pass after the "
                   "highest bid)", ("avinas.turn", "avinas.auction-over"),
                   choices=("single", "open")),
        OptionSpec("min_bid", "int", 1, "the lowest bid", ("avinas.bid-range",),
                   minimum=1, maximum=MAX_BID),
        OptionSpec("knock_in_nosevens", "bool", False,
                   "knocks are allowed in the no-sevens game too (they double the pips)",
                   ("avinas.knock", "avinas.counter-knock")),
        OptionSpec("pip_threshold_31", "choice", "at_least",
                   "the 31 boundary: 31 or more in both rows, or more than 31 for a failing "
                   "declaring side", (), choices=("at_least", "more_than")),
        OptionSpec("zero_means", "choice", "no_points",
                   "what gives the 3- and 6-pip rows: no card points, or no tricks", (),
                   choices=("no_points", "no_tricks")),
        OptionSpec("false_bid_penalty", "choice", "failure_row",
                   "pips for a false bid: the failure row by the declarers' points, or 6", (),
                   choices=("failure_row", "six")),
        OptionSpec("stop_scoring", "choice", "completed_tricks",
                   "after a stop: only completed tricks count, or the unplayed cards count "
                   "for the declaring side", ("avinas.stop",),
                   choices=("completed_tricks", "remaining_to_declarer")),
        OptionSpec("deal_order", "choice", "infer",
                   "a record without every hand in its two dealing rounds: the game is taken "
                   "from the record with a note, or (strict) a record.deal-order error (the "
                   "exposed 4th and 8th cards decide the game)", ("avinas.deal-order",),
                   choices=("infer", "strict")),
        OptionSpec("match_end", "int", 12, "the match ends when a side has this many pips "
                   "(it loses)", ("avinas.match-over",), minimum=1),
        OptionSpec("rams_end", "int", 0, "0: rams never end the match; N: a side with N net "
                   "rams also loses", ("avinas.match-over",), minimum=0),
    )


STANDARD = Preset("standard", "gamerules.com's rules with the referee's defaults", {})
EVERY_TRICK = Preset("trump-lead-every-trick", "the trick-2 lead rule (trump if held, "
                     "otherwise face up or face down) for every lead from trick 2 on",
                     {"trump_lead_every_trick": True})


OPTIONS = _options()
"""The options of Avinas, in the order `referee games avinas` lists them."""
