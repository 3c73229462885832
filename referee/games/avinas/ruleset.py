"""Avinas (Lithuanian "Rams"): the rules referee.

Source: gamerules.com "Avinas" (https://gamerules.com/rules/avinas/), machine-translated;
docs/games/avinas.md explains the rules in words.

Presets: ``standard`` (gamerules.com, the referee's defaults) and ``trump-lead-every-trick`` (the
trick-2 lead rule applies to every lead from trick 2 on).

Interpretations chosen where the sources leave a choice, with the option that
changes each one:

1. Exposure: the opponents' 4th and 8th cards and the dealer side's sevens
   among its 4th and 8th cards are exposed, in the order L4 P4 R4 D4 L8 P8 R8 D8. Option
   ``dealer_side_exposure`` (``none``: the dealer side's cards are never exposed).
2. Hands: written in their two dealing rounds of four, they show the
   exposed cards. Without that order (a hand written without ``|``, or no hand line), or
   with cards written ``??``, the cards not seen go to the consistency model
   (referee.rules.unseen; docs/partial-records.md) and the record tells the game: an
   auction makes it a no-sevens game; plays without one a sevens game whose declarer is the
   first leader, his seven the last exposed (no later position holds one), trumps its suit
   (that of his plain lead to trick 1 when he may hold several; when neither tells, every
   check is made under each suit it may be), and k every count the unseen positions allow:
   the rams are then given for each. A note ``avinas.deal-order`` says what could not be
   checked, once per deal; option ``deal_order = strict`` makes a hand without its dealing
   order a ``record.deal-order`` error instead. Rounds other than 4 + 4 are a
   ``record.deal-order`` error under both values.
3. The auction: one round, L first, each bid higher than the last, bids
   from ``min_bid`` (1) to 8. Option ``auction_rounds`` (``open``: bidding goes round until
   three players in a row pass after the highest bid). All pass: the deal is abandoned and
   the next dealer deals. A bid of 8 ends the auction (nobody can bid higher), but
   the players still to speak may pass, in turn, before the opening lead.
4. The bid counts trumps: all queens and jacks plus the trump suit's A 10 K 9 8 7. Option
   ``bid_count`` (``natural_count``). A false bid is a scoring outcome, not a violation:
   once trumps are fixed (the first lead or ``trump SUIT``) the declarer's dealt hand is
   counted, and a false bid loses the hand; the deal's outcome says so (``avinas.false-bid``).
5. Naming trumps: a plain first lead names its suit; after a queen or jack the
   declarer names the suit (``D trump H``) before the next card. The declarer may also name
   it before the lead; the lead must then be a trump of it. A name that contradicts the
   first lead is reported and disregarded.
6. Knocks: the declaring side knocks at most once, an opponent knocks back only
   after it, both before the opening lead, in the sevens game only. Option
   ``knock_in_nosevens`` (then a knock also doubles the pips). Illegal knocks are reported
   and not carried out.
7. Leads: the trump-lead duty and the face-down lead apply to trick 2
   only. Option ``trump_lead_every_trick``. A face-down lead is followed as a trump lead; if
   nobody plays a trump the leader wins. Option ``facedown_no_trump_winner``
   (``revealed_suit``: the highest card of the revealed card's suit wins).
8. Stopping: only the declarer, only in the
   no-sevens game, at any moment between tricks, before trick 1 included (trumps may then be
   unknown: the false-bid count cannot be made); only completed tricks count. Option
   ``stop_scoring`` (``remaining_to_declarer``). An illegal stop is reported and not carried
   out.
9. Pips: the 31 boundary is "31 or more" in both rows; "none" means no
   card points. Options ``pip_threshold_31`` (``more_than``: a failing declaring side needs
   more than 31 for the 2-pip row), ``zero_means`` (``no_tricks``). A false bid scores by
   the failure row; option ``false_bid_penalty`` (``six``).
10. Rams are kept as one net count (only one side has rams) and reported with
    the match result; they do not end the match. Option ``rams_end``. The
    match ends after the hand in which a side reaches ``match_end`` (12) pips.
11. Illegal actions: a bid that is not higher, out of range or out
    of turn stands as made (its maker is the high bidder at that level, and the auction goes
    on from the seat after him); a call after the auction is disregarded; an illegal
    face-down lead is a face-down lead from trick 2 on (at trick 1 a face-up lead); a card
    played face down to a trick already led is played face up. A card not held, anything
    after the deal ended, a play during the auction, out of turn, or before trumps are named
    after a queen or jack stop the replay of the deal. Avinas has no penalty rule: a deal
    with a violation is scored as played (a stopped deal as if the declarer had stopped after
    the last complete trick) and marked disputed; a deal stopped in the auction is not
    scored.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from referee.games.avinas.contract import Declaration
from referee.games.avinas.deal import AvinasDeal
from referee.games.avinas.model import (  # the game's data and pure rules, re-exported
    CARD_POINTS,
    EFFECTIVE_SUIT,
    HAND_SIZE,
    MAX_BID,
    PACK,
    PERMANENT,
    PLAIN_ORDER,
    PLAIN_POWER,
    PREFIX,
    RANKS,
    TOTAL_POINTS,
    TRICKS,
    TRUMP,
    TRUMP_POWER,
    bid_count,
    card_points,
    effective_suit,
    is_trump,
    knock_multiplier,
    net_rams,
    pips_for,
    rams_for,
    trick_points,
    trick_winner,
    trump_order,
)
from referee.games.avinas.open_values import AvinasOpenValues
from referee.games.avinas.options import EVERY_TRICK, OPTIONS, STANDARD
from referee.games.avinas.rulebook import GENERIC, RULES
from referee.games.avinas.state import AUCTION, OVER, PLAY, AvinasMatch, AvinasState
from referee.games.avinas.unseen import runs_text
from referee.games.avinas.unseen_play import AvinasUnseenPlay
from referee.games.avinas.view import table_view
from referee.model.cards import SUIT_NAMES, SUITS, UNSEEN
from referee.model.errors import RecordError
from referee.model.record import Action, Deal
from referee.model.seats import CLOCKWISE, Table
from referee.rules.base import (
    DealResult,
    Effect,
    Exclusion,
    Legality,
    Ruleset,
    TableView,
    TrickSummary,
    deal_dealer,
    summarise_tricks,
)
from referee.rules.options import Options
from referee.rules.recorded import recorded_change
from referee.rules.registry import register
from referee.rules.tricks import FollowSuit, IncompleteWords, Trick, played_by, show
from referee.rules.unseen import presuming_nothing

FOLLOW = FollowSuit("avinas.follow-suit")
"""Following the effective suit led (queens and jacks are trumps)."""
FOLLOW_FACE_DOWN = FollowSuit("avinas.follow-face-down", "{leader} led face down: {seat} "
                              "holds {held} and must play a trump")
"""A face-down lead is followed as if a trump had been led."""


@register
class Avinas(AvinasDeal, AvinasUnseenPlay, AvinasOpenValues, Ruleset[AvinasMatch, AvinasState]):
    """Avinas, four players in two partnerships, clockwise (docs/games/avinas.md)."""

    name = "avinas"
    rule_prefix = PREFIX
    generic = GENERIC
    title = "Avinas"
    sources = (("gamerules.com: Avinas", "https://gamerules.com/rules/avinas/"),)
    cards_text = ("32 cards. Every queen and jack is a trump; with trump suit T the trumps are, "
                  "highest first, Q♣ 7T Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ AT 10T KT 9T 8T; plain suits run "
                  "A 10 K 9 8 7. Card points: A 11, 10 10, K 4, Q 3, J 2: 120 in the pack.")
    default_seats = ("N", "E", "S", "W")
    accepted_actions = frozenset({"play", "down", "bid", "pass", "trump", "knock", "stop"})
    rules = RULES
    reads_unseen_cards = True
    shared_between_matches = True  # what a match or a deal changes is in their states
    option_specs = OPTIONS
    presets = {"standard": STANDARD, "trump-lead-every-trick": EVERY_TRICK}
    pack = PACK
    deal_rounds = (4, 4)
    total_points = TOTAL_POINTS
    next_seat: dict[str, str]

    def __init__(self, options: Options, table: Table) -> None:
        super().__init__(options, table)
        self.opts = SimpleNamespace(**options.as_dict())
        self.next_seat = table.successors(CLOCKWISE)
        self.team_of = table.team_map()
        self.team_names = table.team_names
        self.other_team = {team: table.other_teams(team)[0] for team in self.team_names}
        self._pack = frozenset(PACK)
        self._labels = {"".join(team): "-".join(team) for team in table.teams}

    @classmethod
    def check_table(cls, table: Table, options: Any, header: Any) -> None:
        if len(table.seats) != 4 or len(table.teams) != 2 or any(
                len(team) != 2 for team in table.teams):
            raise RecordError("record.seats", "Avinas is played by four players in two "
                              "partnerships of two")
        for first, second in table.teams:
            if abs(table.index(first) - table.index(second)) != 2:
                raise RecordError("record.teams", f"partners sit opposite each other in "
                                  f"Avinas: {first} and {second} are neighbours")

    # -- helpers ---------------------------------------------------------------------------

    def _label(self, team: str) -> str:
        """'N-S' for the team NS: the partnership, for messages."""
        return self._labels[team]

    def _side(self, seat: str) -> str:
        return self._label(self.team_of[seat])


    def _declaring(self, state: AvinasState, seat: str) -> bool:
        return state.declarer is not None and self.team_of[seat] == self.team_of[state.declarer]

    # -- match -----------------------------------------------------------------------------
    def new_match(self) -> AvinasMatch:
        return AvinasMatch(score={t: 0 for t in self.team_names},
                           rams={t: 0 for t in self.team_names})

    def _loser(self, match: AvinasMatch) -> tuple[str, str] | None:
        """The losing team and why, once the match is over (option rams_end)."""
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
            return f"match not over: pips {pips}; {self._rams_text(match)}"
        loser, why = lost
        winner = self.other_team[loser]
        return (f"{self._label(winner)} win: {self._label(loser)} reached {why} (pips {pips}); "
                f"{self._rams_text(match)}")

    # -- the deal --------------------------------------------------------------------------
    def start_deal(self, match: AvinasMatch, deal: Deal, unseen: bool = False) -> AvinasState:
        expected = match.next_dealer
        dealer = deal_dealer(deal, expected)
        state = AvinasState(deal.number, dealer, self.team_names)
        if deal.dealer is not None and expected is not None and deal.dealer != expected:
            state.deal_findings.append((
                "avinas.dealer", f"deal {deal.number} is dealt by {deal.dealer}, but "
                f"{expected} should deal (the deal passes to the left after every hand)", None))
        self._deal_hands(state, deal, unseen)
        state.recorded = [line for line in deal.result_lines if line.kind == "points"]
        if match.from_record:  # the last deal was not replayed to its end
            state.notes.append(("avinas.match-over", f"deal {match.deals} was not replayed "
                                f"to its end: {match.from_record}; could not check the match "
                                f"score it leads to, nor so when the match ends"))
            match.from_record = ""
        if match.open_rams:  # the last deal's exposed sevens were not all seen
            state.notes.append(("avinas.match-over", f"deal {match.deals} gave {match.open_rams}"
                                f", as its exposed sevens were not all seen: the net rams "
                                f"before this deal leave those out"))
            match.open_rams = ""
        if state.unordered and self.opts.deal_order == "strict":
            self._require_deal_order(state, deal)
        if state.unordered or state.unseen is not None:
            self._expose_partial(state, deal)
        else:
            self._expose(state)
        return state

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
        assert seat is not None  # play: somebody's turn
        cards = set(state.hands[seat])
        if state.unseen is not None:  # what he may hold among the cards not seen
            cards |= state.unseen.possible(seat)
        for card in sorted(cards):
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
        if not state.trick:
            yield Action(declarer, "stop")

    # -- the cascade -----------------------------------------------------------------------
    def apply_if_legal(self, state: AvinasState, action: Action) -> Exclusion | None:
        # a card played in a deal in progress goes straight to the card's check and its
        # carrying out, as ``check`` and ``apply`` would send it: one copy of the rules
        kind = action.kind
        seat = action.seat
        if (kind == "play" or kind == "down") and state.stage != OVER and seat is not None:
            exclusion = self._check_card(state, action, seat)
            if exclusion is None:
                self._apply_card(state, action, seat)
            return exclusion
        exclusion = self.check(state, action)
        if exclusion is None:
            self.apply(state, action)
        return exclusion

    def check(self, state: AvinasState, action: Action) -> Exclusion | None:
        kind = action.kind
        if state.stage == OVER:
            if state.abandoned:
                why = "the deal was abandoned: all four passed"
            elif state.stopped is not None:
                why = f"{state.declarer} stopped the play after trick {state.stopped}"
            else:
                why = f"the deal is over after trick {len(state.tricks)}"
            return Exclusion("avinas.deal-over", f"{why}; nothing more is recorded in it",
                              Effect.STOPS)
        if kind == "play" or kind == "down":
            return self._check_card(state, action, played_by(action))
        if kind == "bid" or kind == "pass":
            return self._check_call(state, action)
        # a faulty naming of trumps, knock or stop is reported and has no effect
        if kind == "trump":
            return _no_effect(self._check_trump(state, action))
        if kind == "knock":
            return _no_effect(self._check_knock(state, action))
        if kind == "stop":
            return _no_effect(self._check_stop(state, action))
        return Exclusion("avinas.turn", f"Avinas has no '{kind}' action", Effect.STOPS)

    # auction -------------------------------------------------------------------------------
    def _check_call(self, state: AvinasState, action: Action) -> Exclusion | None:
        seat = played_by(action)
        what = "bid" if action.kind == "bid" else "pass"
        if state.sevens_game:
            last_seat, last = next(((s, c) for s, c in reversed(state.exposed) if c[0] == "7"),
                                   (state.declarer, "7" + str(state.trump)))
            return Exclusion("avinas.auction-over", f"{seat} may not {what}: this is a sevens game "
                              f"(the last exposed seven, {last_seat}'s {last}, makes "
                              f"{last_seat} declarer), there is no auction")
        if state.stage != AUCTION:
            if action.kind == "pass" and self._late_pass(state, seat):
                return None
            return Exclusion("avinas.auction-over", f"{seat} may not {what}: the auction is over "
                              f"({state.declarer} is declarer at {state.bid})")
        if seat != state.turn:  # an illegal call stands as made, the auction goes on
            return Exclusion("avinas.turn", f"it is {state.turn}'s turn to speak, not {seat}'s")
        if action.kind == "pass":
            return None
        value = action.value
        if not isinstance(value, int) or not self.opts.min_bid <= value <= MAX_BID:
            return Exclusion("avinas.bid-range",
                             f"{seat}'s bid of {value} is out of range: bids go "
                              f"from {self.opts.min_bid} to {MAX_BID}")
        if state.high_bid is not None and value <= state.high_bid:
            return Exclusion("avinas.bid-higher", f"{seat} must bid more than {state.high_bid} "
                              f"({state.high_bidder}'s bid), or pass")
        return None  # a bid above the bidder's holding is legal: a false bid loses

    @staticmethod
    def _late_pass(state: AvinasState, seat: str) -> bool:
        """A pass after a bid of 8 by the next seat still to speak, before the lead."""
        return (not state.play_started and bool(state.late_passers)
                and seat == state.late_passers[0])

    def _counted(self) -> str:
        return ("cards of one suit" if self.opts.bid_count == "natural_count"
                else "trumps (queens and jacks included)")

    def _false_bid(self, state: AvinasState, suit: str) -> str | None:
        """The declarer's dealt hand against the suit now named; what the
        outcome says of a false bid (a scoring matter, not a rule violation)."""
        declarer = state.declarer
        if state.bid is None or declarer is None:
            return None  # a sevens game
        held = bid_count(state.dealt[declarer], suit, self.opts.bid_count)
        unseen = state.unseen
        if held >= state.bid:
            return None
        if unseen is not None and unseen.slots.get(declarer):
            verdicts = self._false_bids(state, suit)
            return verdicts[0] if len(verdicts) == 1 else None  # open: settle lists both
        return (f"{declarer} bid {state.bid} and was dealt {held} {self._counted()} in "
                f"{SUIT_NAMES[suit]}")

    # naming trumps -------------------------------------------------------------------------
    def _check_trump(self, state: AvinasState, action: Action) -> Exclusion | None:
        seat = action.seat
        suit = action.value if isinstance(action.value, str) else None
        if suit not in SUITS:
            return Exclusion("avinas.trump-named", f"{seat} must name a suit (S, H, D or C)")
        if state.sevens_game:
            fixed = (SUIT_NAMES[state.trump] if state.trump is not None
                     else "the suit of the declarer's exposed seven")
            return Exclusion("avinas.trump-named",
                             f"trumps are {fixed}, fixed by "
                              f"the last exposed seven; nobody names them")
        if state.stage == AUCTION:
            return Exclusion("avinas.trump-named", f"{seat} may not name trumps during the auction")
        if seat != state.declarer:
            return Exclusion("avinas.trump-named", f"only the declarer {state.declarer} names "
                              f"trumps, not {seat}")
        if state.trump_named:
            assert state.trump is not None  # named
            return Exclusion("avinas.trump-named", f"{seat} has already named "
                              f"{SUIT_NAMES[state.trump]}")
        if state.trump is not None:
            if state.tricks or suit != state.trump:
                lead = state.tricks[0].plays[0] if state.tricks else (
                    state.trick[0] if state.trick else None)
                how = (f"named by the first lead, {lead[1]}"
                       if lead and lead[1][0] not in PERMANENT else "already named")
                return Exclusion("avinas.trump-named", f"{seat} names {SUIT_NAMES[suit]}, but "
                                  f"trumps are {SUIT_NAMES[state.trump]} ({how})")
            return None  # the suit the first lead showed, said aloud
        return None  # naming a suit that makes the bid false is legal: it loses

    # knocks --------------------------------------------------------------------------------
    def _check_knock(self, state: AvinasState, action: Action) -> Exclusion | None:
        seat = played_by(action)
        declaring = self._declaring(state, seat)
        rule = ("avinas.knock" if declaring or state.knocker is None
                else "avinas.counter-knock")
        if not state.sevens_game and not self.opts.knock_in_nosevens:
            return Exclusion("avinas.knock",
                             f"{seat} may not knock: knocking belongs to the sevens "
                              f"game only (knock_in_nosevens = no)")
        if state.stage == AUCTION:
            return Exclusion("avinas.knock", f"{seat} may not knock during the auction")
        if state.play_started:
            return Exclusion(rule, f"{seat} may knock only before the opening lead")
        if declaring:
            if state.knocker is not None:
                return Exclusion("avinas.knock", f"{state.knocker} has already knocked")
            return None
        if state.knocker is None:
            assert state.declarer is not None  # after the auction
            return Exclusion("avinas.counter-knock", f"{seat} may not knock back: the declaring "
                              f"side ({self._side(state.declarer)}) has not knocked")
        if state.counter_knocker is not None:
            return Exclusion("avinas.counter-knock", f"{state.counter_knocker} has already knocked "
                              f"back")
        return None

    # stopping ------------------------------------------------------------------------------
    def _check_stop(self, state: AvinasState, action: Action) -> Exclusion | None:
        seat = action.seat
        if state.sevens_game:
            return Exclusion("avinas.stop", f"{seat} may not stop: in a sevens game all eight "
                              f"tricks are played")
        if seat != state.declarer:
            return Exclusion("avinas.stop", f"only the declarer ({state.declarer}) may stop the "
                              f"play, not {seat}")
        if state.trick:  # At any moment between tricks, before trick 1 included
            return Exclusion("avinas.stop", f"{seat} may stop only between tricks, not in the "
                              f"middle of trick {len(state.tricks) + 1}")
        return None

    # play ----------------------------------------------------------------------------------
    def _check_card(self, state: AvinasState, action: Action, seat: str) -> Exclusion | None:
        """A card laid by ``seat``: after the auction, one card, trumps named after a
        permanent trump led, in turn, held, then the lead's or the follow's rules."""
        if state.stage == AUCTION:
            return Exclusion("avinas.auction-open", f"{seat} cannot play: the auction is not over "
                              f"({state.turn} must speak)", Effect.STOPS)
        if len(action.cards) != 1:
            return Exclusion("avinas.turn", f"{seat} plays {len(action.cards)} cards; a play is "
                              f"one card", Effect.STOPS)
        card = action.cards[0]
        if state.trump_pending:
            lead = state.trick[0][1]
            return Exclusion("avinas.trump-named",
                             f"{state.declarer} led {lead}, a permanent trump: "
                              f"he must name trumps (write '{state.declarer} trump SUIT') "
                              f"before the next card", Effect.STOPS)
        if seat != state.turn:
            return Exclusion("avinas.turn", f"it is {state.turn}'s turn to play, not {seat}'s",
                              Effect.STOPS)
        hand = state.hands[seat]
        unseen = state.unseen
        if card not in hand and card != UNSEEN and (
                unseen is None or not unseen.may_hold(seat, (card,))):
            return Exclusion("avinas.not-held", f"{seat} does not hold {card}", Effect.STOPS)
        down = action.kind == "down"
        if state.trump_open:
            return self._under_every_trump(state, seat, card, down)
        return self._check_laid(state, seat, card, down)

    def _check_laid(self, state: AvinasState, seat: str, card: str, down: bool
                    ) -> Exclusion | None:
        """The rules of a card held and laid in turn: the lead's, or following."""
        hand = state.hands[seat]
        unseen = state.unseen
        trick = state.trick
        if not trick:
            return self._check_lead(state, seat, card, down)
        if down:
            return Exclusion("avinas.face-down", f"only a lead may be face down; {seat} plays to "
                              f"trick {len(state.tricks) + 1}, led by {trick[0][0]}")
        trump = state.trump
        lead = trick[0][1]
        if state.trick_down:  # Followed as if a trump had been led
            if card != UNSEEN and is_trump(card, trump):
                return None
            held = [c for c in hand if is_trump(c, trump)]
            if unseen is None or (held and card != UNSEEN):
                return FOLLOW_FACE_DOWN.check(seat, card, held, leader=state.trick[0][0])
            return self._check_unseen_follow(state, unseen, seat, card)
        if lead != UNSEEN and card != UNSEEN:
            suit_of = EFFECTIVE_SUIT[trump]  # (``effective_suit``, looked up)
            led = suit_of[lead]
            if suit_of[card] == led:
                return None
            held = [c for c in hand if suit_of[c] == led]
            if unseen is None or held:
                return FOLLOW.check(seat, card, held,
                                    suit="trumps" if led == TRUMP else SUIT_NAMES[led])
        assert unseen is not None  # a card not seen is in a partly seen deal only
        return self._check_unseen_follow(state, unseen, seat, card)

    def _check_lead(self, state: AvinasState, seat: str, card: str, down: bool
                    ) -> Exclusion | None:
        number = len(state.tricks) + 1
        trump = state.trump
        unseen = state.unseen
        if number == 1:  # avinas.trump-lead, avinas.trump-named
            if down:
                return Exclusion("avinas.face-down", "the lead to trick 1 is made face up: it "
                                  "shows the trump")
            if card == UNSEEN:
                if trump is not None and unseen is not None:
                    unseen.note(seat, "avinas.trump-lead", number)
                return None
            if trump is not None and not is_trump(card, trump):
                return Exclusion("avinas.trump-lead", f"{seat} must lead a trump to trick 1 "
                                  f"({SUIT_NAMES[trump]} are trumps), not {card}")
            return None  # a plain lead names trumps; a false bid is scored
        duty = number == 2 or self.opts.trump_lead_every_trick
        if duty:  # avinas.trump-lead, avinas.face-down
            trumps = [c for c in state.hands[seat] if is_trump(c, trump)]
            plain = down or card == UNSEEN or not is_trump(card, trump)
            if trumps and plain and card != UNSEEN:
                how = "face down" if down else f"{card}"
                return Exclusion("avinas.trump-lead", f"{seat} holds {show(trumps)} and must "
                                  f"lead a trump face up to trick {number}, not {how}")
            if plain and unseen is not None:
                return self._unseen_lead_duty(state, unseen, seat, card, down)
            return None
        if down:
            return Exclusion("avinas.face-down", f"a face-down lead is allowed only at trick 2 (or "
                              f"every trick with trump_lead_every_trick), not trick {number}")
        return None

    # -- carrying actions out --------------------------------------------------------------
    def apply(self, state: AvinasState, action: Action) -> None:
        if state.stage == OVER:
            return
        kind = action.kind
        if kind == "play" or kind == "down":
            self._apply_card(state, action, played_by(action))
        elif kind == "bid" or kind == "pass":
            self._apply_call(state, action)
        elif kind == "trump":  # a faulty one has no effect: the loop does not apply it
            self._set_trump(state, str(action.value))
            state.trump_named = True
        elif kind == "knock":
            if self._declaring(state, played_by(action)):
                state.knocker = action.seat
            else:
                state.counter_knocker = action.seat
        elif kind == "stop":
            state.stopped = len(state.tricks)
            state.stage = OVER
            state.turn = None

    def _apply_call(self, state: AvinasState, action: Action) -> None:
        seat = played_by(action)
        if action.kind == "pass" and self._late_pass(state, seat):
            state.late_passers.pop(0)
            return
        if state.stage != AUCTION:
            return  # calls outside the auction are disregarded
        # a bid's value is its number (the grammar reads nothing else)
        value = action.value if action.kind == "bid" and isinstance(action.value, int) else None
        if value is not None:
            # Decision 8: a bid stands as made, also one that is not higher, out of range or
            # out of turn: its maker is the high bidder at that level.
            state.high_bid, state.high_bidder = value, seat
            state.passes_in_row = 0
        else:
            state.passes_in_row += 1
        state.calls.append((seat, value))
        state.turn = self.next_seat[seat]  # the auction goes on from the caller
        top = state.high_bid is not None and state.high_bid >= MAX_BID
        if self.opts.auction_rounds == "single" or top:
            over = len(state.calls) >= 4 or top
        else:
            over = state.passes_in_row >= (3 if state.high_bid is not None else 4)
        if not over:
            return
        if state.high_bidder is None:  # everybody passed: the deal is abandoned
            state.abandoned = True
            state.stage = OVER
            state.turn = None
            return
        state.declarer, state.bid = state.high_bidder, state.high_bid
        if top:  # nobody can bid higher: the others may still pass
            speakers = 3 if self.opts.auction_rounds == "open" else 4 - len(state.calls)
            late, cursor = [], seat
            for _ in range(speakers):
                cursor = self.next_seat[cursor]
                late.append(cursor)
            state.late_passers = late
        state.stage = PLAY
        state.turn = state.declarer

    def _set_trump(self, state: AvinasState, suit: str) -> None:
        if state.trump is not None or state.stage != PLAY or (state.sevens_game
                                                              and not state.trump_open):
            return
        state.trump = suit
        state.trump_pending = False
        state.trump_open = ()
        state.false_bid = self._false_bid(state, suit)

    def _apply_card(self, state: AvinasState, action: Action, seat: str) -> None:
        card = action.cards[0]
        state.hands[seat].discard(card)
        trick = state.trick
        unseen = state.unseen
        if unseen is not None:
            if card == UNSEEN:
                unseen.trick_unseen.append((seat, unseen.now))
            unseen.now += 1
        if not trick:
            state.play_started = True
            state.trick_no = len(state.tricks) + 1
            # an illegal face-down opening lead is taken as face up (interpretation 11)
            state.trick_down = action.kind == "down" and bool(state.tricks)
            if not state.tricks and state.trump is None and not state.trump_open:
                # The lead names trumps (a lead not seen names a suit the record does not
                # show, unless the declarer says it: each check is then made under every one)
                if card == UNSEEN:
                    state.trump_open = tuple(SUITS)
                elif card[0] in PERMANENT:
                    state.trump_pending = True
                else:
                    self._set_trump(state, card[1])
        trick.append((seat, card))
        played = state.trick_len = len(trick)
        if played < 4:
            state.turn = self.next_seat[seat]
            return
        if state.trump_open:
            winner = self._open_trump_winner(state, trick)
        elif unseen is not None and unseen.trick_unseen:
            winner = self._unseen_winner(state, unseen, trick, state.trick_down)
        else:
            winner = trick_winner(trick, state.trump, state.trick_down,
                                  self.opts.facedown_no_trump_winner)
        points = trick_points(trick)
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

    def legal_actions(self, state: AvinasState) -> Legality:
        with presuming_nothing(state.unseen):  # listing what was legal presumes nothing
            return super().legal_actions(state)

    def pass_over(self, match: AvinasMatch) -> None:
        match.deals += 1
        match.next_dealer = None  # the next deal line names its dealer

    def table_view(self, state: AvinasState) -> TableView:
        return table_view(state)

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
        return IncompleteWords().message(len(state.tricks), TRICKS, bool(state.trick),
                                         state.turn)

    def settle(self, match: AvinasMatch, state: AvinasState, offenders: list[str]
               ) -> DealResult:
        if state.unseen is None and not state.sevens_open:
            return self._settle(match, state, offenders)
        before = AvinasMatch(score=dict(match.score), rams=dict(match.rams),
                             next_dealer=match.next_dealer, deals=match.deals)
        values = self._point_values(state)
        for team, points in (values or {}).items():
            if len(points) == 1:  # the unseen cards in its tricks are known by counting
                state.points[team] = min(points)
        result = self._settle(match, state, offenders)
        self._open_values(before, state, result, offenders, values)
        return result

    def _settle(self, match: AvinasMatch, state: AvinasState, offenders: list[str]
                ) -> DealResult:
        opts = self.opts
        teams = self.team_names
        result = DealResult(points=dict(state.points), game_points={t: 0 for t in teams})
        match.deals += 1
        match.next_dealer = self.next_seat[state.dealer]  # the deal passes on, even after all pass
        if state.abandoned:
            result.scored = False
            result.outcome = "abandoned: all four passed; the next dealer deals"
            result.score = dict(match.score)
            return result
        if state.declarer is None:  # the auction never ended: there is nothing to score
            result.scored = False
            result.disputed = True
            result.outcome = "not scored: the auction did not end"
            result.score = dict(match.score)
            return result
        how = ""
        if state.stage != OVER:
            # Decision 4: a deal whose replay stopped (or whose record ends early) is scored
            # as played, like a stop after the last complete trick, and
            # marked disputed: Avinas has no penalty rule. Decision 8: the match score
            # decides when the match ends, so card points in the deal's result line are
            # taken instead, as the deal would have produced them.
            result.disputed = True
            how = f", scored as played to trick {len(state.tricks)}"
            recorded = recorded_change(state.recorded, {}, state.points)
            if recorded:
                state.points = {team: recorded.get(team, 0) for team in teams}
                result.points = dict(state.points)
                shown = ", ".join(f"{self._label(t)} {p}" for t, p in state.points.items())
                how = ", card points as recorded"
                match.from_record = f"its card points ({shown}) are taken from its result line"
        declarer = state.declarer
        side = self.team_of[declarer]
        other = self.other_team[side]
        if state.stopped is not None and opts.stop_scoring == "remaining_to_declarer":
            unplayed = card_points(c for hand in state.hands.values() for c in hand)
            state.points[side] += unplayed
            result.points = dict(state.points)
        trump = (SUIT_NAMES[state.trump] if state.trump else
                 " or ".join(SUIT_NAMES[suit] for suit in state.trump_open) or "trumps not named")
        m = knock_multiplier(state.knocker is not None, state.counter_knocker is not None)
        points = state.points[side]
        all_tricks = state.won[side] == TRICKS or (how.endswith("recorded")
                                                   and points == TOTAL_POINTS)
        contract = Declaration(declarer, state.trump, state.sevens, m,
                               false_bid=state.false_bid is not None)
        result.contract = contract
        knock = {1: "", 2: ", knocked", 4: ", knocked and knocked back"}[m]
        if state.sevens_game:
            self._settle_sevens(match, state, result, contract, all_tricks, how)
        else:
            # recorded card points do not tell the tricks: "none" is then no card points
            by_tricks = opts.zero_means == "no_tricks" and not how.endswith("recorded")
            made = points >= 61 and state.false_bid is None and (
                state.knocker is None or all_tricks)
            if made:
                receiver, counted = other, state.points[other]
                zero = (state.won[other] == 0 if by_tricks
                        else counted == 0)
            else:
                receiver, counted = side, points
                zero = (state.won[side] == 0 if by_tricks
                        else counted == 0)
            pips = pips_for(made, counted, zero,
                            declarers_more_than_31=opts.pip_threshold_31 == "more_than")
            if state.false_bid is not None and opts.false_bid_penalty == "six":
                pips = 6
            pips *= m
            result.game_points[receiver] = pips
            match.score[receiver] += pips
            result.contract = replace(contract, bid=state.bid, made=made, pips=pips)
            why = (f"false bid: {state.false_bid}, the declaring side loses the hand; "
                   if state.false_bid else "")
            stop = (f", stopped after trick {state.stopped}" if state.stopped is not None
                    else how)
            result.outcome = (
                f"no-sevens game ({declarer} bid {state.bid}, {trump}"
                f"{knock}{stop}): {why}{self._label(side)} {'made' if made else 'failed'} "
                f"{points}; {self._label(receiver)} +{pips} pips")
        result.score = dict(match.score)
        return result

    def _settle_sevens(self, match: AvinasMatch, state: AvinasState, result: DealResult,
                       contract: Declaration, all_tricks: bool, how: str) -> None:
        """The sevens game: rams to the side that won it, by the exposed sevens."""
        declarer = state.declarer
        assert declarer is not None  # a sevens game has its declarer from the deal
        side = self.team_of[declarer]
        other = self.other_team[side]
        trump = (SUIT_NAMES[state.trump] if state.trump else
                 " or ".join(SUIT_NAMES[suit] for suit in state.trump_open) or "trumps not named")
        m = contract.multiplier
        knock = {1: "", 2: ", knocked", 4: ", knocked and knocked back"}[m]
        points = state.points[side]
        made = all_tricks if state.knocker else points >= 61  # knocked: every trick; else 61 points
        if state.sevens_open:  # the record does not show every exposed card: k is a set
            ks = state.sevens_open
            receiver = other if made else side
            options = sorted({rams_for(made, k, m) for k in ks})
            result.contract = replace(contract, made=made, sevens=None, rams_to=receiver)
            match.open_rams = (f"{self._label(receiver)} +{runs_text(tuple(options))} rams "
                               f"(k = {runs_text(ks)})")
            result.outcome = (
                f"sevens game ({declarer} declarer, {trump}, k={runs_text(ks)}{knock}{how}): "
                f"{self._label(side)} {'made' if made else 'failed'} {points} "
                f"({'all 8 tricks' if state.knocker else '61'} needed); "
                f"{self._label(receiver)} +{runs_text(tuple(options))} rams (by k); "
                f"{self._rams_text(match)} before this deal")
            return
        rams = rams_for(made, state.sevens, m)
        receiver = other if made else side
        match.rams = net_rams(match.rams, receiver, rams)
        result.contract = replace(contract, made=made, rams=rams, rams_to=receiver)
        need = "all 8 tricks" if state.knocker else "61"
        result.outcome = (
            f"sevens game ({declarer} declarer, {trump}, "
            f"k={state.sevens}{knock}{how}): {self._label(side)} "
            f"{'made' if made else 'failed'} {points} ({need} needed); "
            f"{self._label(receiver)} +{rams} rams; {self._rams_text(match)}")

__all__ = [
    "AUCTION",
    "Avinas",
    "AvinasMatch",
    "AvinasState",
    "CARD_POINTS",
    "EVERY_TRICK",
    "GENERIC",
    "HAND_SIZE",
    "MAX_BID",
    "OVER",
    "PACK",
    "PERMANENT",
    "PLAIN_ORDER",
    "PLAIN_POWER",
    "PLAY",
    "PREFIX",
    "RANKS",
    "STANDARD",
    "TOTAL_POINTS",
    "TRICKS",
    "TRUMP",
    "TRUMP_POWER",
    "Trick",
    "bid_count",
    "card_points",
    "effective_suit",
    "is_trump",
    "knock_multiplier",
    "net_rams",
    "pips_for",
    "rams_for",
    "trick_winner",
    "trump_order",
]


def _no_effect(exclusion: Exclusion | None) -> Exclusion | None:
    return None if exclusion is None else exclusion.without_effect()
