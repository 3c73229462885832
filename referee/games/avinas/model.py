"""The model of Avinas: its data and pure rules (card order and points, trumps,
the winner of a trick, knocks, rams and pips), the rule catalogue, options and
presets, and the match and deal states.

The ``Avinas`` ruleset (referee.games.avinas.ruleset) judges and applies the actions;
what is here is pure functions of cards and numbers, tested by tables, and data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.model.cards import SUITS, make_pack
from referee.model.record import ResultLine
from referee.rules.base import (
    DealState,
    GenericRules,
    Rule,
    generic_rules,
)
from referee.rules.options import OptionSpec, Preset
from referee.rules.tricks import Trick, highest_wins

PREFIX = "avinas"

# -- card data ---------------------------------------------------------------------

RANKS = "AKQJT987"
"""The 32-card pack."""
PLAIN_ORDER = "ATK987"
"""A plain suit, highest first (its Q and J are trumps)."""
CARD_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
"""Card points; 9, 8 and 7 (the 7 of trumps too) are worth 0. 120 in the pack."""
PERMANENT = "QJ"
"""Every queen and jack is a trump."""
TOTAL_POINTS = 120
HAND_SIZE = 8
TRICKS = 8
MAX_BID = 8
TRUMP = "T"
"""The effective suit of a trump, kept apart from the suit letters."""


def trump_order(trump: str) -> tuple[str, ...]:
    """The 14 trumps of suit ``trump``, highest first."""
    return ("QC", "7" + trump, "QS", "QH", "QD", "JC", "JS", "JH", "JD",
            "A" + trump, "T" + trump, "K" + trump, "9" + trump, "8" + trump)


PACK = tuple(make_pack(RANKS))
TRUMP_POWER = {
    suit: {card: len(trump_order(suit)) - i for i, card in enumerate(trump_order(suit))}
    for suit in SUITS
}
"""Trump suit -> card -> power (higher wins) of its 14 trumps."""
PLAIN_POWER = {rank: len(PLAIN_ORDER) - i for i, rank in enumerate(PLAIN_ORDER)}


def is_trump(card: str, trump: str | None) -> bool:
    """Queens and jacks always; the cards of the trump suit once it is known."""
    return card[0] in PERMANENT or card[1] == trump


def effective_suit(card: str, trump: str | None) -> str:
    """``TRUMP`` for a trump, else the printed suit."""
    return TRUMP if is_trump(card, trump) else card[1]


def card_points(cards: Any) -> int:
    return sum(CARD_POINTS.get(card[0], 0) for card in cards)


def bid_count(cards: Any, suit: str, how: str = "trump_count") -> int:
    """What a bid for ``suit`` counts in ``cards``: its trumps, or its printed suit."""
    if how == "natural_count":
        return sum(1 for card in cards if card[1] == suit)
    return sum(1 for card in cards if is_trump(card, suit))


def _win_values(trump: str | None, led: str | None) -> dict[str, int]:
    """Card -> what it is worth to win a trick (``highest_wins``) when ``trump`` is trumps
    (None: not named yet, only queens and jacks are known trumps) and a plain card of the
    printed suit ``led`` was led (None: a face-down lead that only a trump can win): a trump
    more than any plain card, a plain card of that suit its power, any other card 0."""
    if trump is not None:
        power = TRUMP_POWER[trump]
    else:  # queens and jacks rank alike under every trump suit
        power = {card: value for card, value in TRUMP_POWER["S"].items()
                 if card[0] in PERMANENT}
    return {card: len(PLAIN_ORDER) + power[card] if card in power
            else PLAIN_POWER[card[0]] if card[1] == led and card[0] not in PERMANENT
            else 0
            for card in PACK}


WIN_VALUES = {trump: {led: _win_values(trump, led) for led in (*SUITS, None)}
              for trump in (*SUITS, None)}
"""Trumps (or None) -> suit led (or None) -> card -> its worth: ``_win_values``."""


def trick_winner(plays: list[tuple[str, str]], trump: str | None, face_down: bool = False,
                 no_trump_winner: str = "leader") -> str:
    """The highest trump wins; else the highest card of the suit led.

    A face-down lead that nobody trumps is won by the leader, or under
    ``no_trump_winner = revealed_suit`` by the highest card of the revealed card's suit.
    """
    led = None if face_down and no_trump_winner == "leader" else plays[0][1][1]
    return highest_wins(plays, WIN_VALUES[trump][led].__getitem__) or plays[0][0]


# -- scoring -----------------------------------------------------------------------


def knock_multiplier(knock: bool, counter: bool) -> int:
    """1, 2 with a knock, 4 with a knock and a counter-knock."""
    return 4 if knock and counter else 2 if knock else 1


def rams_for(made: bool, sevens: int, multiplier: int) -> int:
    """The opponents receive k*m on success; the declarers 2*k*m on failure."""
    return sevens * multiplier if made else 2 * sevens * multiplier


def net_rams(rams: dict[str, int], receiver: str, count: int) -> dict[str, int]:
    """``receiver`` gets ``count`` rams after crossing off the other side's first."""
    result = dict(rams)
    others = [team for team in result if team != receiver]
    for other in others:
        crossed = min(count, result[other])
        result[other] -= crossed
        count -= crossed
    result[receiver] += count
    return result


def pips_for(made: bool, points: int, zero: bool, *, declarers_more_than_31: bool = False
             ) -> int:
    """The pips of one hand.

    ``made``: the declarers succeeded, and ``points`` are then the opponents' card points;
    otherwise the declarers' own. ``zero``: that side took "none". Success row:
    1 (31 or more), 2 (1-30), 3 (none); failure row: 2, 4, 6 (31 or more in both
    rows; ``declarers_more_than_31`` puts exactly 31 in the 4-pip row of a failure).
    """
    if zero:
        return 3 if made else 6
    high = points > 31 if (declarers_more_than_31 and not made) else points >= 31
    if made:
        return 1 if high else 2
    return 2 if high else 4


# -- rules, options, presets -------------------------------------------------------------------


GENERIC = GenericRules(
    turn="avinas.turn",
    not_held="avinas.not-held",
    incomplete="avinas.incomplete",
    deal_over="avinas.deal-over",
    match_over="avinas.match-over",
    trick_number="avinas.trick-number",
    dealer="avinas.dealer",
)
"""The full ids of the generic rules of Avinas."""


def _rules() -> dict[str, Rule]:
    rules = generic_rules(GENERIC)
    own = [
        ("avinas.bid-range", "a bid is a whole number from min_bid (1) to 8"),
        ("avinas.bid-higher", "each bid is higher than the highest bid so far (equal bids are not "
         "allowed)"),
        ("avinas.auction-over", "bids and passes are made only in the auction of a no-sevens game, "
         "each player in turn"),
        ("avinas.auction-open", "no card is played before the auction has ended"),
        ("avinas.false-bid", "a declarer dealt fewer cards than he bid in the trump suit finally "
         "named (trump count or natural count) loses the hand: a scoring outcome, shown with "
         "the deal's result, not a violation"),
        ("avinas.trump-named",
         "in the no-sevens game the declarer's first lead names trumps; after "
         "a queen or jack he names the suit before the next card; no other naming"),
        ("avinas.trump-lead", "the lead to trick 1 is a trump; the leader of trick 2 (every trick "
         "from 2 with trump_lead_every_trick) leads a trump face up if he holds one"),
        ("avinas.face-down", "only the leader of trick 2 (of any trick from 2 with "
         "trump_lead_every_trick) who holds no trump may lead face down"),
        ("avinas.follow-suit",
         "a player follows the effective suit led if he can (queens and jacks "
         "are trumps); otherwise he trumps or discards freely"),
        ("avinas.follow-face-down", "to a face-down lead a player who holds a trump plays one"),
        ("avinas.knock",
         "the declaring side may knock once, before the opening lead, in the sevens "
         "game only (knock_in_nosevens)"),
        ("avinas.counter-knock", "an opponent may knock back once, only after the declaring side "
         "knocked, before the opening lead"),
        ("avinas.stop", "only the declarer of a no-sevens game may stop, at any moment between "
         "tricks (before trick 1 too)"),
        ("avinas.deal-order",
         "the hands in their dealing order show the exposed 4th and 8th cards, "
         "which decide the kind of game, the declarer and trumps (a note where the record "
         "lacks it; an error with deal_order = strict)"),
    ]
    for rule_id, summary in own:
        rules[rule_id] = Rule(rule_id, summary)
    return rules


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


# -- match and deal state ----------------------------------------------------------------------


@dataclass(slots=True)
class AvinasMatch:
    """The match: pips per team (``score``), net rams per team, the next dealer."""

    score: dict[str, int]
    rams: dict[str, int]
    next_dealer: str | None = None
    deals: int = 0
    from_record: str = ""
    """What the last deal's record supplied because its replay did not finish (for a note
    in the next deal)."""


AUCTION, PLAY, OVER = "auction", "play", "over"


class AvinasState(DealState):
    """One deal of Avinas as the replay walks through it."""

    tricks_from_the_deal = True  # a bid or the trump named is placed at trick 1

    def __init__(self, number: int, dealer: str, teams: tuple[str, ...]) -> None:
        super().__init__()
        self.number = number
        self.dealer = dealer
        self.dealt: dict[str, list[str]] = {}
        self.hands: dict[str, set[str]] = {}
        self.exposed: list[tuple[str, str]] = []
        self.sevens = 0
        self.sevens_unknown = False
        """A sevens game whose exposed cards are unknown (hands without dealing order)."""
        self.unordered: set[str] = set()
        """Seats whose hand is known without its dealing order."""
        self.inferred: set[str] = set()
        """Seats whose hand had no hand line and was inferred."""
        self.stage = AUCTION
        self.turn: str | None = None
        self.declarer: str | None = None
        self.trump: str | None = None
        self.trump_named = False
        """The declarer has said the trump suit (``trump SUIT``)."""
        self.trump_pending = False
        """The declarer led a queen or jack to trick 1 and has not named trumps yet."""
        # auction
        self.calls: list[tuple[str, int | None]] = []
        self.high_bid: int | None = None
        self.high_bidder: str | None = None
        self.passes_in_row = 0
        self.late_passers: list[str] = []
        """After a bid of 8 (nobody can bid higher) the seats still to speak, in turn: each
        may still say pass before the opening lead (every other player passes or bids
        higher)."""
        self.bid: int | None = None
        self.false_bid: str | None = None
        # knocks
        self.knocker: str | None = None
        self.counter_knocker: str | None = None
        # play
        self.trick: list[tuple[str, str]] = []
        self.trick_down = False
        self.tricks: list[Trick[str]] = []
        self.points = {team: 0 for team in teams}
        self.won = {team: 0 for team in teams}
        self.stopped: int | None = None
        self.abandoned = False
        self.recorded: list[ResultLine] = []
        """The deal's ``result`` lines: what an unfinished deal takes from the record."""

    @property
    def sevens_game(self) -> bool:
        return self.sevens > 0
