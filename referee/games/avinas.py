"""Avinas (Lithuanian "Rams"): the rules referee.

Sources: seed 004 (gamerules.com "Avinas", machine-translated), restated in
/work/shared/spec/rules/twenty-five-avinas-twenty-two.md ("the digest"), section 2: rule ids
AV-E*, AV-P*, AV-D*, AV-K*, AV-L*, AV-S*, the option table (2.7), edge cases (2.8) and
ambiguities (2.9); plus the decisions and errata of rules/README.md.

Presets: ``standard`` (seed 004, the digest's defaults) and ``trump-lead-every-trick`` (the
trick-2 lead rule applies to every lead from trick 2 on) (README decision 1).

Interpretations chosen where the sources leave a choice (decision 7), with the option that
changes each one:

1. Exposure (AV-D2, AV-D3): the opponents' 4th and 8th cards and the dealer side's sevens
   among its 4th and 8th cards are exposed, in the order L4 P4 R4 D4 L8 P8 R8 D8. Option
   ``dealer_side_exposure`` (``none``: the dealer side's cards are never exposed).
2. Hands (AV-D1, digest 4): written in their two dealing rounds of four, they show the
   exposed cards; without that order the record is a ``record.deal-order`` error (issue 5).
   Option ``deal_order = infer`` takes README decision 5 instead: a hand written without
   ``|`` or without a hand line (one missing hand is the rest of the pack; more are read
   from their plays, which must then show all eight cards) leaves the exposure unchecked: a
   note ``avinas.deal-order``, once per deal. The record then tells the game: an auction
   makes it a no-sevens game; plays without one a sevens game whose declarer is the first
   leader and whose trumps are the suit of his seven (of his led card if he holds several).
   Its number of exposed sevens, and so its rams, are unknown: that deal is not scored.
   Rounds other than 4 + 4 are a ``record.deal-order`` error under both values.
3. The auction (AV-D6, 2.9 B6): one round, L first, each bid higher than the last, bids
   from ``min_bid`` (1) to 8. Option ``auction_rounds`` (``open``: bidding goes round until
   three players in a row pass after the highest bid). All pass: the deal is abandoned and
   the next dealer deals (AV-D7). A bid of 8 ends the auction (nobody can bid higher), but
   the players still to speak may pass, in turn, before the opening lead.
4. The bid counts trumps: all queens and jacks plus the trump suit's A 10 K 9 8 7 (AV-D8,
   2.9 B1). Option ``bid_count`` (``natural_count``). A false bid is reported
   (``avinas.false-bid``) at the action that fixes trumps (the first lead or ``trump SUIT``)
   from the declarer's dealt hand (2.9 B10); a bid that no suit of the bidder's hand could
   honour is reported at the bid itself. A false bid loses the hand (AV-D9).
5. Naming trumps (AV-L2): a plain first lead names its suit; after a queen or jack the
   declarer names the suit (``D trump H``) before the next card. The declarer may also name
   it before the lead; the lead must then be a trump of it. A name that contradicts the
   first lead is reported and disregarded (edge case 12).
6. Knocks (AV-K1..K4): the declaring side knocks at most once, an opponent knocks back only
   after it, both before the opening lead, in the sevens game only. Option
   ``knock_in_nosevens`` (then a knock also doubles the pips). Illegal knocks are reported
   and not carried out.
7. Leads (AV-L3, AV-L4, 2.9 B4): the trump-lead duty and the face-down lead apply to trick 2
   only. Option ``trump_lead_every_trick``. A face-down lead is followed as a trump lead; if
   nobody plays a trump the leader wins (2.9 B5). Option ``facedown_no_trump_winner``
   (``revealed_suit``: the highest card of the revealed card's suit wins).
8. Stopping (AV-L7, AV-L8, 2.9 B7): only the declarer, only in the no-sevens game, only
   between tricks and after trick 1 (so that trumps are known); only completed tricks
   count. Option ``stop_scoring`` (``remaining_to_declarer``). An illegal stop is reported
   and not carried out.
9. Pips (AV-S5, 2.9 B2, B3): the 31 boundary is "31 or more" in both rows; "none" means no
   card points. Options ``pip_threshold_31`` (``more_than``: a failing declaring side needs
   more than 31 for the 2-pip row), ``zero_means`` (``no_tricks``). A false bid scores by
   the failure row (AV-S6, 2.9 B8); option ``false_bid_penalty`` (``six``).
10. Rams (AV-S3, AV-S4) are kept as one net count (only one side has rams) and reported with
    the match result; they do not end the match (AV-S9, 2.9 B9). Option ``rams_end``. The
    match ends after the hand in which a side reaches ``match_end`` (12) pips (AV-S8).
11. Illegal actions (decision 4): a bid that is not higher or out of range counts as a pass;
    an illegal face-down lead is a face-down lead from trick 2 on (at trick 1 a face-up
    lead); a card played face down to a trick already led is played face up. Plays out of
    turn, of a card not held, or before trumps are named after a queen or jack stop the
    replay of the deal. The deal is scored as played and marked disputed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, NamedTuple

from referee.cards import SUIT_NAMES, SUITS, make_pack
from referee.errors import RecordError
from referee.record import Action, Deal
from referee.rules.base import (
    DealResult,
    DealState,
    Exclusion,
    GenericRules,
    Rule,
    Ruleset,
    TrickSummary,
    deal_dealer,
    generic_rules,
    located,
    summarise_tricks,
)
from referee.rules.dealing import claim_played_card, deal_card
from referee.rules.options import OptionSpec, Preset
from referee.rules.registry import register
from referee.seats import CLOCKWISE, Table

PREFIX = "avinas"

# -- card data (AV-E1..E6) ---------------------------------------------------------------------

RANKS = "AKQJT987"
"""AV-E1: the 32-card pack."""
PLAIN_ORDER = "ATK987"
"""AV-E4: a plain suit, highest first (its Q and J are trumps)."""
CARD_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
"""AV-E5: card points; 9, 8 and 7 (the 7 of trumps too) are worth 0. 120 in the pack."""
PERMANENT = "QJ"
"""AV-E2: every queen and jack is a trump."""
TOTAL_POINTS = 120
HAND_SIZE = 8
TRICKS = 8
MAX_BID = 8
TRUMP = "T"
"""The effective suit of a trump (AV-E6), kept apart from the suit letters."""


def trump_order(trump: str) -> tuple[str, ...]:
    """AV-E3: the 14 trumps of suit ``trump``, highest first."""
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
    """AV-E2, AV-E6: queens and jacks always; the cards of the trump suit once it is known."""
    return card[0] in PERMANENT or card[1] == trump


def effective_suit(card: str, trump: str | None) -> str:
    """AV-E6: ``TRUMP`` for a trump, else the printed suit."""
    return TRUMP if is_trump(card, trump) else card[1]


def card_points(cards: Any) -> int:
    return sum(CARD_POINTS.get(card[0], 0) for card in cards)


def bid_count(cards: Any, suit: str, how: str = "trump_count") -> int:
    """AV-D8: what a bid for ``suit`` counts in ``cards``: its trumps, or its printed suit."""
    if how == "natural_count":
        return sum(1 for card in cards if card[1] == suit)
    return sum(1 for card in cards if is_trump(card, suit))


def trick_winner(plays: list[tuple[str, str]], trump: str | None, face_down: bool = False,
                 no_trump_winner: str = "leader") -> str:
    """AV-L6, AV-L3(b)-(d): the highest trump wins; else the highest card of the suit led.

    A face-down lead that nobody trumps is won by the leader (2.9 B5), or under
    ``no_trump_winner = revealed_suit`` by the highest card of the revealed card's suit.
    """
    best, winner = 0, None
    if trump is not None:
        power = TRUMP_POWER[trump]
        for seat, card in plays:
            value = power.get(card, 0)
            if value > best:
                best, winner = value, seat
    else:  # trumps not named yet: only queens and jacks are known trumps
        power = TRUMP_POWER["S"]
        for seat, card in plays:
            if card[0] in PERMANENT and power[card] > best:
                best, winner = power[card], seat
    if winner is not None:
        return winner
    if face_down and no_trump_winner == "leader":
        return plays[0][0]
    led = plays[0][1][1]
    for seat, card in plays:
        if card[1] == led and card[0] not in PERMANENT and PLAIN_POWER[card[0]] > best:
            best, winner = PLAIN_POWER[card[0]], seat
    return winner if winner is not None else plays[0][0]


# -- scoring (AV-S1..S9) -----------------------------------------------------------------------


def knock_multiplier(knock: bool, counter: bool) -> int:
    """AV-K4: 1, 2 with a knock, 4 with a knock and a counter-knock."""
    return 4 if knock and counter else 2 if knock else 1


def rams_for(made: bool, sevens: int, multiplier: int) -> int:
    """AV-S3: the opponents receive k*m on success; the declarers 2*k*m on failure."""
    return sevens * multiplier if made else 2 * sevens * multiplier


def net_rams(rams: dict[str, int], receiver: str, count: int) -> dict[str, int]:
    """AV-S4: ``receiver`` gets ``count`` rams after crossing off the other side's first."""
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
    """AV-S5: the pips of one hand.

    ``made``: the declarers succeeded, and ``points`` are then the opponents' card points;
    otherwise the declarers' own. ``zero``: that side took "none" (2.9 B3). Success row:
    1 (31 or more), 2 (1-30), 3 (none); failure row: 2, 4, 6 (2.9 B2: 31 or more in both
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
    rules = generic_rules(GENERIC, "AV-P1, AV-D1, AV-L6, decision 4")
    own = [
        ("bid-range", "a bid is a whole number from min_bid (1) to 8", "AV-D6, 2.9 B6"),
        ("bid-higher", "each bid is higher than the highest bid so far (equal bids are not "
         "allowed)", "AV-D6"),
        ("auction-over", "bids and passes are made only in the auction of a no-sevens game, "
         "each player in turn", "AV-D5, AV-D6"),
        ("auction-open", "no card is played before the auction has ended", "AV-D6"),
        ("false-bid", "the declarer holds at least as many cards as bid in the trump suit "
         "finally named (trump count or natural count)", "AV-D8, AV-D9, 2.9 B10"),
        ("trump-named", "in the no-sevens game the declarer's first lead names trumps; after "
         "a queen or jack he names the suit before the next card; no other naming", "AV-L2"),
        ("trump-lead", "the lead to trick 1 is a trump; the leader of trick 2 (every trick "
         "from 2 with trump_lead_every_trick) leads a trump face up if he holds one",
         "AV-L1, AV-L3, AV-L4"),
        ("face-down", "only the leader of trick 2 (of any trick from 2 with "
         "trump_lead_every_trick) who holds no trump may lead face down", "AV-L3, AV-L4"),
        ("follow-suit", "a player follows the effective suit led if he can (queens and jacks "
         "are trumps); otherwise he trumps or discards freely", "AV-E6, AV-L5"),
        ("follow-face-down", "to a face-down lead a player who holds a trump plays one",
         "AV-L3(a)"),
        ("knock", "the declaring side may knock once, before the opening lead, in the sevens "
         "game only (knock_in_nosevens)", "AV-K1, AV-K3"),
        ("counter-knock", "an opponent may knock back once, only after the declaring side "
         "knocked, before the opening lead", "AV-K2, AV-K3"),
        ("stop", "only the declarer of a no-sevens game may stop, between tricks", "AV-L7, "
         "AV-L8"),
        ("deal-order", "the hands in their dealing order show the exposed 4th and 8th cards, "
         "which decide the kind of game, the declarer and trumps (a note where the record "
         "lacks it)", "AV-D2..D5, README decision 5"),
    ]
    for name, summary, section in own:
        rules[f"{PREFIX}.{name}"] = Rule(f"{PREFIX}.{name}", summary, section)
    return rules


def _options() -> tuple[OptionSpec, ...]:
    p = PREFIX + "."
    return (
        OptionSpec("dealer_side_exposure", "choice", "sevens",
                   "the dealer's and his partner's 4th and 8th cards: exposed when sevens, or "
                   "never (only the opponents' cards count)", (),
                   choices=("sevens", "none")),
        OptionSpec("trump_lead_every_trick", "bool", False,
                   "the trick-2 lead rule (trump if held, else face up or face down) applies "
                   "to every lead from trick 2 on", (p + "trump-lead", p + "face-down")),
        OptionSpec("facedown_no_trump_winner", "choice", "leader",
                   "who wins a face-down lead that nobody trumps: the leader, or the highest "
                   "card of the revealed card's suit", (), choices=("leader", "revealed_suit")),
        OptionSpec("bid_count", "choice", "trump_count",
                   "what a no-sevens bid counts: trumps (queens and jacks included) or cards "
                   "of the printed suit", (p + "false-bid",),
                   choices=("trump_count", "natural_count")),
        OptionSpec("auction_rounds", "choice", "single",
                   "one round (each player speaks once), or open (until three pass after the "
                   "highest bid)", (p + "turn", p + "auction-over"),
                   choices=("single", "open")),
        OptionSpec("min_bid", "int", 1, "the lowest bid", (p + "bid-range",),
                   minimum=1, maximum=MAX_BID),
        OptionSpec("knock_in_nosevens", "bool", False,
                   "knocks are allowed in the no-sevens game too (they double the pips)",
                   (p + "knock", p + "counter-knock")),
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
                   "for the declaring side", (p + "stop",),
                   choices=("completed_tricks", "remaining_to_declarer")),
        OptionSpec("deal_order", "choice", "required",
                   "a record without every hand in its two dealing rounds: a record.deal-order "
                   "error (the exposed 4th and 8th cards decide the game), or infer the game "
                   "from the record with a note (README decision 5)", (p + "deal-order",),
                   choices=("required", "infer")),
        OptionSpec("match_end", "int", 12, "the match ends when a side has this many pips "
                   "(it loses)", (p + "match-over",), minimum=1),
        OptionSpec("rams_end", "int", 0, "0: rams never end the match; N: a side with N net "
                   "rams also loses", (p + "match-over",), minimum=0),
    )


STANDARD = Preset("standard", "seed 004 (gamerules.com) with the digest's defaults", {})
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


class Trick(NamedTuple):
    """A completed trick: number, plays in order, winner, card points, face-down lead."""

    number: int
    plays: list[tuple[str, str]]
    winner: str
    points: int
    face_down: bool


AUCTION, PLAY, OVER = "auction", "play", "over"


class AvinasState(DealState):
    """One deal of Avinas as the replay walks through it."""

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
        """Seats whose hand is known without its dealing order (README decision 5)."""
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
        may still say pass before the opening lead (AV-D6: every other player passes or bids
        higher)."""
        self.bid: int | None = None
        self.hopeless: set[str] = set()
        """Seats whose bid no suit of their hand could honour (reported at the bid)."""
        self.false_bid: str | None = None
        # knocks
        self.knocker: str | None = None
        self.counter_knocker: str | None = None
        # play
        self.trick: list[tuple[str, str]] = []
        self.trick_down = False
        self.tricks: list[Trick] = []
        self.points = {team: 0 for team in teams}
        self.won = {team: 0 for team in teams}
        self.stopped: int | None = None
        self.abandoned = False

    @property
    def position_trick(self) -> int | None:
        """The trick a card belongs to; before the opening lead, trick 1."""
        return self.trick_no if self.trick_len else self.trick_no + 1

    @property
    def sevens_game(self) -> bool:
        return self.sevens > 0


@register
class Avinas(Ruleset):
    """Avinas, four players in two partnerships, clockwise (digest section 2)."""

    name = "avinas"
    rule_prefix = PREFIX
    generic = GENERIC
    title = "Avinas"
    source = ("seed 004 (gamerules.com 'Avinas'); spec/rules/twenty-five-avinas-twenty-two.md "
              "section 2")
    default_seats = ("N", "E", "S", "W")
    accepted_actions = frozenset({"play", "down", "bid", "pass", "trump", "knock", "stop"})
    rules = _rules()
    option_specs = _options()
    presets = {"standard": STANDARD, "trump-lead-every-trick": EVERY_TRICK}
    pack = PACK
    deal_rounds = (4, 4)
    total_points = TOTAL_POINTS

    def __init__(self, options, table: Table) -> None:
        super().__init__(options, table)
        self.opts = SimpleNamespace(**options)
        seats = table.seats
        self.next_seat = {seat: table.next(seat, CLOCKWISE) for seat in seats}
        self.team_of = {seat: table.team_of(seat) for seat in seats}
        self.team_names = table.team_names
        self.other_team = {team: table.other_teams(team)[0] for team in self.team_names}
        self._pack = frozenset(PACK)
        self._labels = {"".join(team): "-".join(team) for team in table.teams}

    @classmethod
    def check_table(cls, table: Table, options: Any, header: Any) -> None:
        if len(table.seats) != 4 or len(table.teams) != 2 or any(
                len(team) != 2 for team in table.teams):
            raise RecordError("record.seats", "Avinas is played by four players in two "
                              "partnerships of two (AV-P1)")
        for first, second in table.teams:
            if abs(table.index(first) - table.index(second)) != 2:
                raise RecordError("record.teams", f"partners sit opposite each other in "
                                  f"Avinas (AV-P1): {first} and {second} are neighbours")

    # -- helpers ---------------------------------------------------------------------------
    def _excl(self, rule: str, message: str, fatal: bool = False) -> Exclusion:
        return Exclusion(f"{PREFIX}.{rule}", message, fatal)

    def _label(self, team: str) -> str:
        """'N-S' for the team NS: the partnership, for messages."""
        return self._labels[team]

    def _side(self, seat: str) -> str:
        return self._label(self.team_of[seat])

    @staticmethod
    def _show(cards: Any) -> str:
        return " ".join(sorted(cards, key=lambda c: (SUITS.index(c[1]), RANKS.index(c[0]))))

    def _declaring(self, state: AvinasState, seat: str) -> bool:
        return state.declarer is not None and self.team_of[seat] == self.team_of[state.declarer]

    # -- match -----------------------------------------------------------------------------
    def new_match(self) -> AvinasMatch:
        return AvinasMatch(score={t: 0 for t in self.team_names},
                           rams={t: 0 for t in self.team_names})

    def _loser(self, match: AvinasMatch) -> tuple[str, str] | None:
        """The losing team and why, once the match is over (AV-S8, option rams_end)."""
        for team, pips in match.score.items():
            if pips >= self.opts.match_end:
                return team, f"{pips} pips"
        if self.opts.rams_end:
            for team, rams in match.rams.items():
                if rams >= self.opts.rams_end:
                    return team, f"{rams} rams"
        return None

    def is_match_over(self, match: AvinasMatch) -> bool:
        return self._loser(match) is not None

    def _rams_text(self, match: AvinasMatch) -> str:
        against = [(t, r) for t, r in match.rams.items() if r]
        if not against:
            return "net rams: none"
        team, rams = against[0]
        return f"net rams: {self._label(team)} {rams}"

    def match_result(self, match: AvinasMatch) -> str:
        pips = ", ".join(f"{self._label(t)} {p}" for t, p in match.score.items())
        lost = self._loser(match)
        if lost is None:
            return f"in progress: pips {pips}; {self._rams_text(match)}"
        loser, why = lost
        winner = self.other_team[loser]
        return (f"{self._label(winner)} win: {self._label(loser)} reached {why} (pips {pips}); "
                f"{self._rams_text(match)}")

    # -- the deal --------------------------------------------------------------------------
    def start_deal(self, match: AvinasMatch, deal: Deal) -> AvinasState:
        expected = match.next_dealer
        dealer = deal_dealer(deal, expected)
        state = AvinasState(deal.number, dealer, self.team_names)
        if deal.dealer is not None and expected is not None and deal.dealer != expected:
            state.deal_findings.append((
                f"{PREFIX}.dealer", f"deal {deal.number} is dealt by {deal.dealer}, but "
                f"{expected} should deal (the deal passes to the left after every hand, "
                f"AV-P1)", None))
        self._deal_hands(state, deal)
        if state.unordered:
            if self.opts.deal_order == "required":
                self._require_deal_order(state, deal)
            self._game_from_record(state, deal)
        else:
            self._expose(state)
        return state

    def _deal_hands(self, state: AvinasState, deal: Deal) -> None:
        """The hands in dealing order, which Avinas needs (AV-D1..D3, digest 4)."""
        owner: dict[str, str] = {}
        for hand in deal.hands:
            if hand.seat in state.dealt:
                raise located(RecordError("record.hand-twice",
                                          f"{hand.seat}'s hand is given twice"), hand)
            for card in hand.cards:
                deal_card(owner, card, hand.seat, hand, self._pack,
                          "the 32-card pack of Avinas (ranks A K Q J T 9 8 7)")
            if len(hand.cards) != HAND_SIZE:
                raise located(RecordError(
                    "record.hand-size", f"{hand.seat} has {len(hand.cards)} cards; each "
                    f"player is dealt {HAND_SIZE}"), hand)
            if len(hand.rounds) == 1:  # the cards without their dealing order (decision 5)
                state.unordered.add(hand.seat)
            elif [len(r) for r in hand.rounds] != list(self.deal_rounds):
                raise located(RecordError(
                    "record.deal-order",
                    f"{hand.seat}'s hand must be written in its two dealing rounds of four "
                    f"('{hand.seat}: c1 c2 c3 c4 | c5 c6 c7 c8'): Avinas exposes the 4th and "
                    f"8th cards (AV-D2), which decide the game, the declarer and trumps"),
                    hand)
            state.dealt[hand.seat] = list(hand.cards)
            state.hands[hand.seat] = set(hand.cards)
        missing = [seat for seat in self.table.seats if seat not in state.dealt]
        if missing:
            self._infer_hands(state, deal, owner, missing)

    def _infer_hands(self, state: AvinasState, deal: Deal, owner: dict[str, str],
                     missing: list[str]) -> None:
        """Hands without a hand line (README decision 5): one is the rest of the pack; more
        are read from their seats' plays, which must then show all eight cards."""
        if len(missing) == 1:
            inferred = {missing[0]: [card for card in PACK if card not in owner]}
        else:
            inferred = {seat: [] for seat in missing}
            for event in deal.events:
                action = event.action
                if action.seat not in inferred or action.kind not in ("play", "down"):
                    continue
                for card in action.cards:
                    if claim_played_card(owner, card, action.seat, event, self._pack,
                                         "the 32-card pack of Avinas"):
                        inferred[action.seat].append(card)
            short = [seat for seat in missing if len(inferred[seat]) != HAND_SIZE]
            if short:
                raise located(RecordError(
                    "record.deal-order",
                    f"deal {deal.number} has no hand line for {' '.join(missing)}, and the "
                    f"plays of {' '.join(short)} do not show all {HAND_SIZE} cards: give the "
                    f"hands (in their two dealing rounds of four, AV-D1)"), deal)
        for seat, cards in inferred.items():
            state.dealt[seat] = cards
            state.hands[seat] = set(cards)
            state.unordered.add(seat)
            state.inferred.add(seat)

    def _require_deal_order(self, state: AvinasState, deal: Deal) -> None:
        """Issue 5 and the standard preset: Avinas is judged from the exposed 4th and 8th
        cards (AV-D2..D5), so a hand without its dealing order is a located error; option
        ``deal_order = infer`` takes README decision 5's note instead."""
        seats = [seat for seat in self.table.seats if seat in state.unordered]
        where = next((hand for hand in deal.hands if hand.seat in state.unordered), deal)
        missing = [seat for seat in seats if seat in state.inferred]
        what = (f"deal {deal.number} has no hand line for {' '.join(missing)}" if missing
                else f"{' '.join(seats)}'s hand{'s' * (len(seats) > 1)} "
                     f"{'are' if len(seats) > 1 else 'is'} written without the dealing order")
        raise located(RecordError(
            "record.deal-order",
            f"{what}: Avinas needs every hand in its two dealing rounds of four "
            f"('N: c1 c2 c3 c4 | c5 c6 c7 c8'), because the exposed 4th and 8th cards decide "
            f"the game, the declarer and trumps (AV-D2..D5); [Option \"deal_order\" "
            f"\"infer\"] takes the game from the record instead, with a note"), where)

    def _game_from_record(self, state: AvinasState, deal: Deal) -> None:
        """README decision 5: without every hand's dealing order the exposed 4th and 8th
        cards (AV-D2..D4) are unknown. The record then tells the game: an auction makes it a
        no-sevens game (AV-D6); plays without one a sevens game (AV-D5), whose declarer is the
        first leader (AV-L1) and whose trumps are the suit of his seven (of his led card when
        he holds several). The number of exposed sevens, and so the rams, stay unknown."""
        parts = []
        for how, group in (("inferred from the plays", state.inferred),
                           ("given without dealing rounds", state.unordered - state.inferred)):
            seats = [seat for seat in self.table.seats if seat in group]
            if len(seats) == 1:
                parts.append(f"{seats[0]}'s hand is {how}")
            elif seats:
                parts.append(f"the hands of {' '.join(seats)} are {how}")
        hands = "; ".join(parts)
        kinds = {event.action.kind for event in deal.events}
        plays = [event.action for event in deal.events if event.action.kind in ("play", "down")]
        if kinds & {"bid", "pass"} or not plays:
            state.turn = self.next_seat[state.dealer]
            state.notes.append((f"{PREFIX}.deal-order", (
                f"{hands}: could not check that no seven was among the exposed 4th and 8th "
                f"cards (AV-D2..D4); the auction in the record makes it a no-sevens game")))
            return
        declarer, lead = plays[0].seat, plays[0].cards[0] if plays[0].cards else ""
        sevens = [card for card in state.dealt.get(declarer, ()) if card[0] == "7"]
        if len(sevens) == 1:
            trump = sevens[0][1]
        elif lead and lead[0] not in PERMANENT and "7" + lead[1] in sevens:
            trump = lead[1]
        else:
            held = self._show(sevens) if sevens else "no seven"
            raise located(RecordError(
                "record.deal-order",
                f"{hands}: the record has no auction, so a seven was exposed and {declarer}, "
                f"who leads, is declarer (AV-D5), but {declarer}'s hand ({held}) does not show "
                f"which seven made trumps: give the hands in their two dealing rounds of "
                f"four"), deal)
        state.declarer, state.trump = declarer, trump
        state.sevens, state.sevens_unknown = 1, True
        state.stage = PLAY
        state.turn = declarer
        state.notes.append((f"{PREFIX}.deal-order", (
            f"{hands}: could not check the exposed 4th and 8th cards (AV-D2..D5); without an "
            f"auction it is a sevens game, {declarer} (the first leader) declares with "
            f"{SUIT_NAMES[trump]} ({declarer}'s 7{trump}), and the number of exposed sevens, "
            f"so the rams, cannot be known")))

    def _expose(self, state: AvinasState) -> None:
        """AV-D2..D7: the exposed cards, the sevens, and the game they start."""
        dealer = state.dealer
        left = self.next_seat[dealer]
        partner = self.next_seat[left]
        right = self.next_seat[partner]
        dealer_side = (partner, dealer)
        for position in (3, 7):  # the 4th and 8th cards, in dealing order (AV-D3)
            for seat in (left, partner, right, dealer):
                card = state.dealt[seat][position]
                if seat in dealer_side and (card[0] != "7"
                                            or self.opts.dealer_side_exposure == "none"):
                    continue  # the dealer side shows only its sevens (AV-D2)
                state.exposed.append((seat, card))
        sevens = [(seat, card) for seat, card in state.exposed if card[0] == "7"]
        state.sevens = len(sevens)
        if sevens:  # AV-D5: the last seven exposed makes trumps and the declarer
            state.declarer, card = sevens[-1]
            state.trump = card[1]
            state.stage = PLAY
            state.turn = state.declarer
        else:  # AV-D6: the auction, dealer's left first
            state.turn = left

    # -- candidates ------------------------------------------------------------------------
    def candidates(self, state: AvinasState) -> Iterator[Action]:
        if state.stage == OVER:
            return
        seats = self.table.seats
        if state.stage == AUCTION:
            seat = state.turn
            for value in range(self.opts.min_bid, MAX_BID + 1):
                yield Action(seat, "bid", value=value)
            yield Action(seat, "pass")
            return
        if self._late_pass(state, state.late_passers[0] if state.late_passers else ""):
            yield Action(state.late_passers[0], "pass")
        seat = state.turn
        for card in sorted(state.hands[seat]):
            yield Action(seat, "play", cards=(card,))
            if not state.trick:
                yield Action(seat, "down", cards=(card,))
        declarer = state.declarer
        if not state.sevens_game and len(state.tricks) < 1:
            for suit in SUITS:
                yield Action(declarer, "trump", value=suit)
        if not state.play_started:
            for other in seats:
                yield Action(other, "knock")
        if not state.trick and state.tricks:
            yield Action(declarer, "stop")

    # -- the cascade -----------------------------------------------------------------------
    def check(self, state: AvinasState, action: Action) -> Exclusion | None:
        kind = action.kind
        if state.stage == OVER:
            if state.abandoned:
                why = "the deal was abandoned: all four passed (AV-D7)"
            elif state.stopped is not None:
                why = f"{state.declarer} stopped the play after trick {state.stopped}"
            else:
                why = f"the deal is over after trick {len(state.tricks)}"
            return self._excl("deal-over", f"{why}; nothing more is recorded in it",
                              fatal=True)
        if kind == "play" or kind == "down":
            return self._check_card(state, action)
        if kind == "bid" or kind == "pass":
            return self._check_call(state, action)
        if kind == "trump":
            return self._check_trump(state, action)
        if kind == "knock":
            return self._check_knock(state, action)
        if kind == "stop":
            return self._check_stop(state, action)
        return self._excl("turn", f"Avinas has no '{kind}' action", fatal=True)

    # auction -------------------------------------------------------------------------------
    def _check_call(self, state: AvinasState, action: Action) -> Exclusion | None:
        seat = action.seat
        what = "bid" if action.kind == "bid" else "pass"
        if state.sevens_game:
            last_seat, last = next(((s, c) for s, c in reversed(state.exposed) if c[0] == "7"),
                                   (state.declarer, "7" + str(state.trump)))
            return self._excl("auction-over", f"{seat} may not {what}: this is a sevens game "
                              f"(the last exposed seven, {last_seat}'s {last}, makes "
                              f"{last_seat} declarer), there is no auction")
        if state.stage != AUCTION:
            if action.kind == "pass" and self._late_pass(state, seat):
                return None
            return self._excl("auction-over", f"{seat} may not {what}: the auction is over "
                              f"({state.declarer} is declarer at {state.bid})")
        if seat != state.turn:
            return self._excl("turn", f"it is {state.turn}'s turn to speak, not {seat}'s",
                              fatal=True)
        if action.kind == "pass":
            return None
        value = action.value
        if not isinstance(value, int) or not self.opts.min_bid <= value <= MAX_BID:
            return self._excl("bid-range", f"{seat}'s bid of {value} is out of range: bids go "
                              f"from {self.opts.min_bid} to {MAX_BID}")
        if state.high_bid is not None and value <= state.high_bid:
            return self._excl("bid-higher", f"{seat} must bid more than {state.high_bid} "
                              f"({state.high_bidder}'s bid), or pass")
        best = max(bid_count(state.dealt[seat], s, self.opts.bid_count) for s in SUITS)
        if value > best:
            return self._excl("false-bid", f"{seat} bids {value} but holds at most {best} "
                              f"{self._counted()} in any suit (AV-D8, AV-D9)")
        return None

    @staticmethod
    def _late_pass(state: AvinasState, seat: str) -> bool:
        """A pass after a bid of 8 by the next seat still to speak, before the lead (AV-D6)."""
        return (not state.play_started and bool(state.late_passers)
                and seat == state.late_passers[0])

    def _counted(self) -> str:
        return ("cards of one suit" if self.opts.bid_count == "natural_count"
                else "trumps (queens and jacks included)")

    def _false_bid(self, state: AvinasState, suit: str) -> Exclusion | None:
        """AV-D9: the declarer's dealt hand against the suit now named (2.9 B10)."""
        declarer = state.declarer
        if state.bid is None or declarer in state.hopeless:
            return None  # a sevens game, or a bid already reported as false at the bid
        held = bid_count(state.dealt[declarer], suit, self.opts.bid_count)
        if held < state.bid:
            return self._excl("false-bid", f"{declarer} bid {state.bid} but was dealt only "
                              f"{held} {self._counted()} in {SUIT_NAMES[suit]}: a false bid, "
                              f"the declaring side loses the hand (AV-D9)")
        return None

    # naming trumps -------------------------------------------------------------------------
    def _check_trump(self, state: AvinasState, action: Action) -> Exclusion | None:
        seat = action.seat
        suit = action.value if isinstance(action.value, str) else None
        if suit not in SUITS:
            return self._excl("trump-named", f"{seat} must name a suit (S, H, D or C)")
        if state.sevens_game:
            return self._excl("trump-named", f"trumps are {SUIT_NAMES[state.trump]}, fixed by "
                              f"the last exposed seven; nobody names them")
        if state.stage == AUCTION:
            return self._excl("trump-named", f"{seat} may not name trumps during the auction")
        if seat != state.declarer:
            return self._excl("trump-named", f"only the declarer {state.declarer} names "
                              f"trumps, not {seat}")
        if state.trump_named:
            return self._excl("trump-named", f"{seat} has already named "
                              f"{SUIT_NAMES[state.trump]}")
        if state.trump is not None:
            if state.tricks or suit != state.trump:
                lead = state.tricks[0].plays[0] if state.tricks else (
                    state.trick[0] if state.trick else None)
                how = (f"named by the first lead, {lead[1]}"
                       if lead and lead[1][0] not in PERMANENT else "already named")
                return self._excl("trump-named", f"{seat} names {SUIT_NAMES[suit]}, but "
                                  f"trumps are {SUIT_NAMES[state.trump]} ({how})")
            return None  # the suit the first lead showed, said aloud
        return self._false_bid(state, suit)

    # knocks --------------------------------------------------------------------------------
    def _check_knock(self, state: AvinasState, action: Action) -> Exclusion | None:
        seat = action.seat
        declaring = self._declaring(state, seat)
        rule = "knock" if declaring or state.knocker is None else "counter-knock"
        if not state.sevens_game and not self.opts.knock_in_nosevens:
            return self._excl("knock", f"{seat} may not knock: knocking belongs to the sevens "
                              f"game only (knock_in_nosevens = no)")
        if state.stage == AUCTION:
            return self._excl("knock", f"{seat} may not knock during the auction")
        if state.play_started:
            return self._excl(rule, f"{seat} may knock only before the opening lead")
        if declaring:
            if state.knocker is not None:
                return self._excl("knock", f"{state.knocker} has already knocked")
            return None
        if state.knocker is None:
            return self._excl("counter-knock", f"{seat} may not knock back: the declaring "
                              f"side ({self._side(state.declarer)}) has not knocked")
        if state.counter_knocker is not None:
            return self._excl("counter-knock", f"{state.counter_knocker} has already knocked "
                              f"back")
        return None

    # stopping ------------------------------------------------------------------------------
    def _check_stop(self, state: AvinasState, action: Action) -> Exclusion | None:
        seat = action.seat
        if state.sevens_game:
            return self._excl("stop", f"{seat} may not stop: in a sevens game all eight "
                              f"tricks are played (AV-L8)")
        if seat != state.declarer:
            return self._excl("stop", f"only the declarer ({state.declarer}) may stop the "
                              f"play, not {seat}")
        if state.trick or not state.tricks:
            when = "before trick 1 is complete" if not state.tricks else (
                f"in the middle of trick {len(state.tricks) + 1}")
            return self._excl("stop", f"{seat} may stop only between tricks, not {when}")
        return None

    # play ----------------------------------------------------------------------------------
    def _check_card(self, state: AvinasState, action: Action) -> Exclusion | None:
        seat = action.seat
        if state.stage == AUCTION:
            return self._excl("auction-open", f"{seat} cannot play: the auction is not over "
                              f"({state.turn} must speak)", fatal=True)
        if len(action.cards) != 1:
            return self._excl("turn", f"{seat} plays {len(action.cards)} cards; a play is "
                              f"one card", fatal=True)
        card = action.cards[0]
        if state.trump_pending:
            lead = state.trick[0][1]
            return self._excl("trump-named", f"{state.declarer} led {lead}, a permanent trump: "
                              f"he must name trumps (write '{state.declarer} trump SUIT') "
                              f"before the next card", fatal=True)
        if seat != state.turn:
            return self._excl("turn", f"it is {state.turn}'s turn to play, not {seat}'s",
                              fatal=True)
        hand = state.hands[seat]
        if card not in hand:
            return self._excl("not-held", f"{seat} does not hold {card}", fatal=True)
        down = action.kind == "down"
        if not state.trick:
            return self._check_lead(state, seat, card, down)
        if down:
            return self._excl("face-down", f"only a lead may be face down; {seat} plays to "
                              f"trick {len(state.tricks) + 1}, led by {state.trick[0][0]}")
        trump = state.trump
        if state.trick_down:  # AV-L3(a): followed as if a trump had been led
            if is_trump(card, trump):
                return None
            trumps = [c for c in hand if is_trump(c, trump)]
            if trumps:
                return self._excl("follow-face-down", f"{state.trick[0][0]} led face down: "
                                  f"{seat} holds {self._show(trumps)} and must play a trump")
            return None
        led = effective_suit(state.trick[0][1], trump)
        if effective_suit(card, trump) == led:
            return None
        following = [c for c in hand if effective_suit(c, trump) == led]
        if following:
            name = "trumps" if led == TRUMP else SUIT_NAMES[led]
            return self._excl("follow-suit", f"{seat} holds {self._show(following)} and must "
                              f"follow {name}")
        return None

    def _check_lead(self, state: AvinasState, seat: str, card: str, down: bool
                    ) -> Exclusion | None:
        number = len(state.tricks) + 1
        trump = state.trump
        if number == 1:  # AV-L1, AV-L2
            if down:
                return self._excl("face-down", "the lead to trick 1 is made face up: it "
                                  "shows the trump")
            if trump is not None and not is_trump(card, trump):
                return self._excl("trump-lead", f"{seat} must lead a trump to trick 1 "
                                  f"({SUIT_NAMES[trump]} are trumps), not {card}")
            if trump is None and card[0] not in PERMANENT:
                return self._false_bid(state, card[1])
            return None
        duty = number == 2 or self.opts.trump_lead_every_trick
        if duty:  # AV-L3, AV-L4
            trumps = [c for c in state.hands[seat] if is_trump(c, trump)]
            if trumps and (down or not is_trump(card, trump)):
                how = "face down" if down else f"{card}"
                return self._excl("trump-lead", f"{seat} holds {self._show(trumps)} and must "
                                  f"lead a trump face up to trick {number}, not {how}")
            return None
        if down:
            return self._excl("face-down", f"a face-down lead is allowed only at trick 2 (or "
                              f"every trick with trump_lead_every_trick), not trick {number}")
        return None

    # -- carrying actions out --------------------------------------------------------------
    def apply(self, state: AvinasState, action: Action) -> None:
        if state.stage == OVER:
            return
        kind = action.kind
        if kind == "play" or kind == "down":
            self._apply_card(state, action)
        elif kind == "bid" or kind == "pass":
            self._apply_call(state, action)
        elif kind == "trump":
            exclusion = self._check_trump(state, action)
            # a false bid still names trumps; any other faulty naming is disregarded
            if exclusion is None or exclusion.rule == f"{PREFIX}.false-bid":
                self._set_trump(state, str(action.value))
                state.trump_named = True
        elif kind == "knock":
            if self._check_knock(state, action) is None:
                if self._declaring(state, action.seat):
                    state.knocker = action.seat
                else:
                    state.counter_knocker = action.seat
        elif kind == "stop" and self._check_stop(state, action) is None:
            state.stopped = len(state.tricks)
            state.stage = OVER
            state.turn = None

    def _apply_call(self, state: AvinasState, action: Action) -> None:
        seat = action.seat
        if action.kind == "pass" and self._late_pass(state, seat):
            state.late_passers.pop(0)
            return
        if state.stage != AUCTION or seat != state.turn:
            return  # calls outside the auction are disregarded
        value = action.value if action.kind == "bid" else None
        if isinstance(value, int) and (state.high_bid is None or value > state.high_bid) \
                and self.opts.min_bid <= value <= MAX_BID:
            state.high_bid, state.high_bidder = value, seat
            state.passes_in_row = 0
            best = max(bid_count(state.dealt[seat], s, self.opts.bid_count) for s in SUITS)
            if value > best:
                state.hopeless.add(seat)
        else:
            value = None
            state.passes_in_row += 1  # a bid that does not count is a pass
        state.calls.append((seat, value))
        state.turn = self.next_seat[seat]
        if self.opts.auction_rounds == "single" or state.high_bid == MAX_BID:
            over = len(state.calls) >= 4 or state.high_bid == MAX_BID
        else:
            over = state.passes_in_row >= (3 if state.high_bid is not None else 4)
        if not over:
            return
        if state.high_bidder is None:  # AV-D7
            state.abandoned = True
            state.stage = OVER
            state.turn = None
            return
        state.declarer, state.bid = state.high_bidder, state.high_bid
        if state.high_bid == MAX_BID:  # nobody can bid higher: the others may still pass
            speakers = 3 if self.opts.auction_rounds == "open" else 4 - len(state.calls)
            late, cursor = [], seat
            for _ in range(speakers):
                cursor = self.next_seat[cursor]
                late.append(cursor)
            state.late_passers = late
        state.stage = PLAY
        state.turn = state.declarer

    def _set_trump(self, state: AvinasState, suit: str) -> None:
        if state.trump is not None or state.stage != PLAY or state.sevens_game:
            return
        state.trump = suit
        state.trump_pending = False
        if self._false_bid(state, suit) is not None or state.declarer in state.hopeless:
            held = bid_count(state.dealt[state.declarer], suit, self.opts.bid_count)
            state.false_bid = (f"{state.declarer} bid {state.bid} and held {held} in "
                               f"{SUIT_NAMES[suit]}")

    def _apply_card(self, state: AvinasState, action: Action) -> None:
        seat = action.seat
        card = action.cards[0]
        state.hands[seat].discard(card)
        trick = state.trick
        if not trick:
            state.play_started = True
            state.trick_no = len(state.tricks) + 1
            # an illegal face-down opening lead is taken as face up (interpretation 11)
            state.trick_down = action.kind == "down" and bool(state.tricks)
            if not state.tricks and state.trump is None:  # AV-L2: the lead names trumps
                if card[0] in PERMANENT:
                    state.trump_pending = True
                else:
                    self._set_trump(state, card[1])
        trick.append((seat, card))
        state.trick_len = len(trick)
        if len(trick) < 4:
            state.turn = self.next_seat[seat]
            return
        winner = trick_winner(trick, state.trump, state.trick_down,
                              self.opts.facedown_no_trump_winner)
        points = card_points(c for _, c in trick)
        number = len(state.tricks) + 1
        state.tricks.append(Trick(number, trick, winner, points, state.trick_down))
        team = self.team_of[winner]
        state.points[team] += points
        state.won[team] += 1
        state.trick = []
        state.trick_len = 0
        state.trick_down = False
        state.turn = winner
        if number >= TRICKS:
            state.stage = OVER
            state.turn = None

    def completed_tricks(self, state: AvinasState) -> list[TrickSummary]:
        return summarise_tricks(((t.number, t.winner, t.points) for t in state.tricks),
                                self.team_of, self.team_names)

    # -- the end of a deal -----------------------------------------------------------------
    def is_deal_over(self, state: AvinasState) -> bool:
        return state.stage == OVER

    def incomplete_message(self, state: AvinasState) -> str:
        if state.stage == AUCTION:
            return f"the auction is not over: {state.turn} must speak"
        if state.trump_pending:
            return f"{state.declarer} must name trumps after leading {state.trick[0][1]}"
        if state.trick:
            return f"trick {len(state.tricks) + 1} is not complete: {state.turn} must play"
        return (f"only {len(state.tricks)} of {TRICKS} tricks are recorded: {state.turn} "
                f"must lead to trick {len(state.tricks) + 1}")

    def settle(self, match: AvinasMatch, state: AvinasState, offenders: list[str]
               ) -> DealResult:
        opts = self.opts
        teams = self.team_names
        result = DealResult(points=dict(state.points), game_points={t: 0 for t in teams})
        match.deals += 1
        match.next_dealer = self.next_seat[state.dealer]  # AV-P1, even after all pass
        if state.abandoned:
            result.scored = False
            result.outcome = "abandoned: all four passed; the next dealer deals (AV-D7)"
            result.score = dict(match.score)
            return result
        if state.stage != OVER or state.declarer is None or state.trump is None:
            result.scored = False
            result.disputed = True
            result.outcome = "not scored: the deal is incomplete"
            result.score = dict(match.score)
            return result
        declarer = state.declarer
        side = self.team_of[declarer]
        other = self.other_team[side]
        if state.stopped is not None and opts.stop_scoring == "remaining_to_declarer":
            unplayed = card_points(c for hand in state.hands.values() for c in hand)
            state.points[side] += unplayed
            result.points = dict(state.points)
        m = knock_multiplier(state.knocker is not None, state.counter_knocker is not None)
        all_tricks = state.won[side] == TRICKS
        points = state.points[side]
        contract: dict[str, Any] = {"declarer": declarer, "bidder": declarer,
                                    "trump": state.trump,
                                    "sevens": state.sevens, "multiplier": m}
        result.contract = contract
        knock = {1: "", 2: ", knocked", 4: ", knocked and knocked back"}[m]
        if state.sevens_game and state.sevens_unknown:  # README decision 5
            made = all_tricks if state.knocker else points >= 61  # AV-S2
            contract.update(made=made, sevens=None)
            result.scored = False
            result.outcome = (
                f"sevens game ({declarer} declarer, {SUIT_NAMES[state.trump]}{knock}): "
                f"{self._label(side)} {'made' if made else 'failed'} {points}; rams not "
                f"scored: the number of exposed sevens is unknown (hands without their "
                f"dealing order); {self._rams_text(match)}")
        elif state.sevens_game:
            made = all_tricks if state.knocker else points >= 61  # AV-S2
            rams = rams_for(made, state.sevens, m)
            receiver = other if made else side
            match.rams = net_rams(match.rams, receiver, rams)
            contract.update(made=made, rams=rams, rams_to=receiver)
            need = "all 8 tricks" if state.knocker else "61"
            result.outcome = (
                f"sevens game ({declarer} declarer, {SUIT_NAMES[state.trump]}, "
                f"k={state.sevens}{knock}): {self._label(side)} "
                f"{'made' if made else 'failed'} {points} ({need} needed); "
                f"{self._label(receiver)} +{rams} rams; {self._rams_text(match)}")
        else:
            made = points >= 61 and state.false_bid is None and (
                state.knocker is None or all_tricks)
            if made:
                receiver, counted = other, state.points[other]
                zero = (state.won[other] == 0 if opts.zero_means == "no_tricks"
                        else counted == 0)
            else:
                receiver, counted = side, points
                zero = (state.won[side] == 0 if opts.zero_means == "no_tricks"
                        else counted == 0)
            pips = pips_for(made, counted, zero,
                            declarers_more_than_31=opts.pip_threshold_31 == "more_than")
            if state.false_bid is not None and opts.false_bid_penalty == "six":
                pips = 6
            pips *= m
            result.game_points[receiver] = pips
            match.score[receiver] += pips
            contract.update(bid=state.bid, made=made, pips=pips)
            why = f"false bid: {state.false_bid}; " if state.false_bid else ""
            stop = f", stopped after trick {state.stopped}" if state.stopped is not None else ""
            result.outcome = (
                f"no-sevens game ({declarer} bid {state.bid}, {SUIT_NAMES[state.trump]}"
                f"{knock}{stop}): {why}{self._label(side)} {'made' if made else 'failed'} "
                f"{points}; {self._label(receiver)} +{pips} pips")
        result.score = dict(match.score)
        return result
