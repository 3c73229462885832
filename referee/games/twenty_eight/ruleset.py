"""Twenty-Eight's Ruleset, composed from the phases and the variants: what may be judged now,
the rulebook cascade and carrying actions out.

The phases (deal.py, auction.py, trump.py, doubles.py, play.py, pair.py, single.py, settle.py)
are the engine's parts by inheritance, each with its own kinds of action; the variants
(c_call.py, show.py, duel.py, second_round.py) are objects (variant.py) that take part only
when their option is on. ``__init__`` wires them once per match: ``hooks`` starts as the
phases' methods, each variant that is on wraps the ones it changes, and the table of checks
and appliers by kind of action is made from the result.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from referee.games.twenty_eight.c_call import CCall
from referee.games.twenty_eight.contract import Settlement
from referee.games.twenty_eight.duel import Duel
from referee.games.twenty_eight.hooks import Apply, Check
from referee.games.twenty_eight.known import known
from referee.games.twenty_eight.options import KERALA, PAGAT, STANDARD, WEST_BENGAL, family_options
from referee.games.twenty_eight.pack import SUIT_ORDER
from referee.games.twenty_eight.phases import Phases
from referee.games.twenty_eight.rulebook import GENERIC_28, RULE_IDS_28, family_rules
from referee.games.twenty_eight.scoring import ScoreTable
from referee.games.twenty_eight.second_round import SECOND_ROUND_TABLE, SecondRound
from referee.games.twenty_eight.seventh import spelled
from referee.games.twenty_eight.show import Show
from referee.games.twenty_eight.state import (
    AUCTION,
    COUNT_WORDS,
    OVER,
    PLAY,
    TRUMP,
    WINDOW,
    Match28,
    TwentyEightState,
)
from referee.games.twenty_eight.variant import Variant
from referee.games.twenty_eight.view import table_view
from referee.model.record import Action, Deal
from referee.model.seats import Table
from referee.rules.base import (
    Effect,
    Exclusion,
    Legality,
    TableView,
)
from referee.rules.options import Options
from referee.rules.registry import register
from referee.rules.unseen import presuming_nothing

WIKIPEDIA_28 = "https://en.wikipedia.org/wiki/Twenty-eight_(card_game)"
"""The Wikipedia article of the family, a source of its four games."""
PAGAT_28 = "https://www.pagat.com/jass/28.html"
"""pagat.com's page of Twenty-Eight and its relatives, a source of the four games."""
FAMILY_ORDER = ("In every suit, highest first: **J 9 A 10 K Q 8 7**. Card points: J 3, 9 2, "
                "A 1, 10 1, the others 0: 28 in the pack.")
"""The family's order of the cards and their points, in words (for ``cards_text``)."""

VARIANTS: tuple[type[Variant], ...] = (CCall, Show, Duel, SecondRound)
"""The sources' variants, innermost first: where two wrap the same hook, the later one has the
first say (the second round before the duel auction, the show's stake before C's)."""


@register
class TwentyEight(Phases):
    """Twenty-Eight, four players in two partnerships, counter-clockwise
    (docs/games/twenty-eight.md)."""

    name = "twenty-eight"
    aliases = ("28",)
    reads_unseen_cards = True
    shared_between_matches = True  # what a match or a deal changes is in their states
    rule_prefix = "28"
    title = "Twenty-Eight"
    sources = (("pagat.com: Twenty-Eight", PAGAT_28),
               ("Wikipedia: Twenty-eight (card game)", WIKIPEDIA_28))
    cards_text = "32 cards (A K Q J 10 9 8 7 of each suit). " + FAMILY_ORDER
    default_seats: ClassVar[tuple[str, ...] | None] = ("N", "E", "S", "W")
    accepted_actions = frozenset(
        {"play", "bid", "pass", "double", "redouble", "trump", "call", "pair", "single",
         "redeal", "c-call", "show", "hold"}
    )
    action_options = {
        "double": ("double_allowed", True), "redouble": ("redouble_allowed", True),
        "single": ("single_hand", True), "redeal": ("redeal_fh_pointless", True),
        "c-call": ("c_call", True), "show": ("single_hand_show", True),
        "hold": ("auction_style", "duel"),
    }
    generic = GENERIC_28
    rule_ids = RULE_IDS_28
    option_specs = family_options(RULE_IDS_28)
    rules = family_rules(RULE_IDS_28, option_specs)
    presets = {"standard": STANDARD, "pagat": PAGAT, "west-bengal": WEST_BENGAL,
               "kerala": KERALA}

    @classmethod
    def spelled_action(cls, deal: Deal, action: Action) -> Action:
        """The seventh-card choice written as the card (``seventh.spelled``)."""
        return spelled(deal, action)

    second_round_table: ScoreTable | None = SECOND_ROUND_TABLE
    """The stake of a contract won in the second bidding round; None: the game's own score
    table (Forty, Fifty-Six)."""

    def __init__(self, options: Options, table: Table) -> None:
        super().__init__(options, table)
        parts = [variant(self) for variant in VARIANTS]
        self.variants: tuple[Variant, ...] = tuple(v for v in parts if v.is_on(self.opts))
        """The variants the match's options play, in the order they wrap the hooks."""
        hooks = self.hooks = self.own_hooks()
        for part in parts:  # innermost first: the second round wraps the duel, and so on
            if part in self.variants:
                part.wire(hooks)
            else:
                part.wire_off(hooks)
        self._listed = tuple(v for v in parts if v.kinds or v in self.variants)
        """The variants asked for candidates: those that are on, and those that add a kind
        of action (judged whether its option is on or not)."""
        self._starting = tuple(v for v in self.variants
                               if type(v).start_deal is not Variant.start_deal)
        self._check_play_now = hooks.check_play
        self._play_now: Check = (self._play if hooks.check_play == self._check_play
                                 else self._judged_play)
        """A play judged and, if legal, laid: in one call, unless a variant judges plays
        first (the second round)."""
        own_calls = (hooks.check_call == self._check_call and hooks.apply_bid == self._apply_bid
                     and hooks.apply_pass == self._apply_pass)
        self._judged: dict[str, Check] = ({"bid": self._call, "pass": self._call}
                                          if own_calls else {})
        """Kinds of action judged and, if legal, carried out in one call: bids and passes,
        unless a variant has a say in the auction (the duel, the second round)."""
        self._checkers: dict[str, Check] = {
            "bid": hooks.check_call, "pass": hooks.check_call, "play": hooks.check_play,
            "call": hooks.check_trump_call, "trump": hooks.check_trump,
            "double": self._check_double, "redouble": hooks.check_redouble,
            "pair": self._check_pair, "single": hooks.check_single,
            "redeal": self._check_redeal,
        }
        self._appliers: dict[str, Apply] = {
            "bid": hooks.apply_bid, "pass": hooks.apply_pass, "redeal": self._apply_redeal,
            "trump": hooks.apply_trump, "call": self._apply_call,
            "double": self._apply_double, "redouble": self._apply_redouble,
            "pair": self._apply_pair, "single": self._apply_single,
        }
        for part in parts:
            for kind in part.kinds:
                self._checkers[kind] = part.check
                self._appliers[kind] = part.apply

    def start_deal(self, match: Match28, deal: Deal, unseen: bool = False) -> TwentyEightState:
        state = self._deal(match, deal, unseen)
        for variant in self._starting:
            variant.start_deal(match, state)
        return state

    def incomplete_message(self, state: TwentyEightState) -> str:
        message = self.hooks.incomplete_message(state)
        unseen = state.unseen
        if unseen is not None and unseen.open_turn and not state.trick:
            seats = unseen.open_turn
            who = ", ".join(seats[:-1]) + " or " + seats[-1]
            message += (f" (or rather {who}: the cards not seen leave open who won trick "
                        f"{len(state.tricks)})")
        return message

    def verdict(self, state: TwentyEightState, offenders: list[str]) -> Settlement:
        """What the deal came to (reads the state, changes nothing)."""
        return self.hooks.verdict(state, offenders)

    def table_view(self, state: TwentyEightState) -> TableView:
        return table_view(state)

    def candidates(self, state: TwentyEightState) -> Iterator[Action]:
        for variant in self._listed:  # "C", the show, the duel, the second round
            yield from variant.candidates(state)
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
            bidder = known(state.bidder)
            for card in self._sorted(state.hands[bidder]):
                yield Action(bidder, "trump", cards=(card,))
            for suit in SUIT_ORDER:
                yield Action(bidder, "trump", value=suit)
            if self.spare and self.opts.no_trump_two:
                yield Action(bidder, "trump", cards=("2S",))
            return
        if state.stage == WINDOW:
            bidder = known(state.bidder)
            for seat in seats:
                if not self.table.same_team(seat, bidder):
                    yield Action(seat, "double")
            for seat in seats:
                if self.table.same_team(seat, bidder):
                    yield Action(seat, "redouble")
            for seat in seats:
                yield Action(seat, "single")
        to_play = [state.turn] if state.turn is not None else []
        if state.unseen is not None and state.unseen.open_turn and not state.trick:
            to_play = list(state.unseen.open_turn)  # who won the last trick is open
        for seat in to_play:
            held = state.hands[seat]
            for card in self._sorted(held):
                yield Action(seat, "play", cards=(card,))
            if state.unseen is not None:  # what he may hold among the cards not seen
                for card in self._sorted(state.unseen.possible(seat) - set(held)):
                    yield Action(seat, "play", cards=(card,))
        seat = state.turn
        if seat is not None:
            if seat == state.bidder and state.facedown and not state.revealed:
                yield Action(seat, "play", cards=(state.facedown,))
            if state.stage == PLAY and not state.mode.rules_out("call"):
                yield Action(seat, "call")
        if state.stage == PLAY:
            for other in seats:
                yield Action(other, "pair")

    def pass_over(self, match: Match28) -> None:
        match.deals += 1
        match.next_dealer = None  # the next deal line names its dealer
        match.redeal_same_dealer = False

    def legal_actions(self, state: TwentyEightState) -> Legality:
        with presuming_nothing(state.unseen):  # listing what was legal presumes nothing
            return super().legal_actions(state)

    def apply_if_legal(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        # an action of a deal in progress goes straight to its kind's check and carrying
        # out, as ``check`` and ``apply`` would send it: one copy of the rules, fewer calls
        kind = action[1]
        # (a deal thrown in is over: ``_annul`` sets both, so the disregard needs no test)
        if state.stage == OVER or state.annul_at_batch is not None:
            return super().apply_if_legal(state, action)
        if kind == "play":  # most actions are plays
            return self._play_now(state, action)
        judged = self._judged.get(kind)
        if judged is not None and state.unseen is None:
            exclusion = judged(state, action)
            if exclusion is None:
                state.last_kind = kind
            return exclusion
        checker = self._checkers.get(kind)
        if checker is None or state.unseen is not None:
            # (a trump card named only where a call shows it: ``check`` and ``apply`` read
            # the action the call names)
            return super().apply_if_legal(state, action)
        exclusion = checker(state, action)
        if exclusion is None:
            handler = self._appliers.get(kind)
            if handler is not None:
                handler(state, action)
            state.last_kind = kind
        return exclusion

    def _judged_play(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        """A play judged as the hook says and, if legal, laid."""
        exclusion = self._check_play_now(state, action)
        if exclusion is None:
            self._apply_play(state, action)
        return exclusion

    def check(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        if state.disregard or (state.annul_at_batch is not None
                               and self._cancelled_now(state, action)):
            return None  # the deal was thrown in: what follows is not judged (apply notes it)
        if state.stage == OVER:
            return self._after_end(state, action)
        if action.kind == "play":
            return self._check_play_now(state, action)  # most actions are plays
        if state.unseen is not None:  # a trump card named only where a call shows it
            action = state.unseen.actual.get(id(action), action)
        # one checker per kind of action (see __init__)
        checker = self._checkers.get(action.kind)
        if checker is None:
            return self._excl("28.turn", f"{self.title} has no '{action.kind}' action",
                              Effect.STOPS)
        return checker(state, action)

    @staticmethod
    def _cancelled_now(state: TwentyEightState, action: Action) -> bool:
        """True if ``action`` comes after the second batch of a deal its whole hands cancel
        (``annul_eight_zero``, ``annul_other``): from there the recorded play is disregarded."""
        return state.annul_at_batch is not None and (
            state.stage not in (AUCTION, TRUMP, WINDOW)
            or (state.stage == WINDOW and action.kind not in ("double", "redouble", "c-call")))

    def _after_end(self, state: TwentyEightState, action: Action) -> Exclusion:
        if state.void:
            return self._excl(
                "28.void-deal",
                f"the deal is void: nobody called for the trump in "
                f"{COUNT_WORDS.get(self.tricks_per_deal - 1, self.tricks_per_deal - 1)} "
                f"tricks, so trick "
                f"{len(state.tricks) + 1} is not played and the deal is not scored", Effect.STOPS)
        return self._excl("28.deal-over", f"the deal is over after trick {len(state.tricks)}; "
                          f"nothing more is recorded in it", Effect.STOPS)

    def _ignore(self, state: TwentyEightState) -> None:
        """Pass over an action recorded after the deal was thrown in; the first one gets the
        note (the replay places it at that action)."""
        state.ignored += 1
        if state.ignored == 1:
            state.notes.append((self.rule_id("28.thrown-in"),
                                f"the deal ended before this action ({state.annulled}): "
                                f"what the record holds from here is not judged"))

    def note_no_effect(self, state: TwentyEightState, action: Action) -> None:
        # an illegal pair or hold changes nothing, but it was made: a redouble after it
        # no longer follows the double at once
        state.last_kind = action.kind

    def apply(self, state: TwentyEightState, action: Action) -> None:
        if state.annul_at_batch and self._cancelled_now(state, action):
            self._annul(state, state.annul_at_batch)  # the second batch shows the hands
        if state.disregard:
            self._ignore(state)
            return
        kind = action.kind
        if state.stage == OVER:
            return
        if kind == "play":
            self._apply_play(state, action)  # most actions are plays (it sets last_kind)
            return
        if state.unseen is not None:  # a trump card named only where a call shows it
            action = state.unseen.actual.get(id(action), action)
        handler = self._appliers.get(kind)  # _apply_<kind> (see __init__)
        if handler is not None:
            handler(state, action)
        state.last_kind = kind
