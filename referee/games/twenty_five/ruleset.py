"""Twenty-Five (25): 3 to 9 players, alone or in teams, robbing the pack, reneging.

Source: gamerules.com "Twenty-Five (25)" (https://gamerules.com/rules/twenty-five-25/), with
Wikipedia's "Twenty-five (card game)" and pagat.com's Spoil Five group for the variants;
docs/games/twenty-five.md explains the rules in words.

Presets: ``standard`` (gamerules.com, the referee's defaults) and ``dealer-robs-first`` (the dealer
robs a turned-up ace before the opening lead, the older rule of the 1911 Encyclopaedia
Britannica).

Card orders are data (``TRUMP_ORDER``, ``PLAIN_ORDER``, in ``cards.py``), the follow
rules are set operations on the hand, and every variant of the sources that changes a rule
is an option.

Interpretations chosen where the sources leave a choice, with the option that
changes each one:

1. Players 3 to 9; 2 or 10 only with ``players = 2-10``.
2. Teams come from the ``Teams`` tag and must be seated alternately: with K teams, seat s
   (clockwise from the first seat of the ``Seats`` tag) is in team s mod K; pairs need an even
   number of players, threes 6 or 9. Without a ``Teams`` tag everybody plays alone.
3. Hands: a missing hand line is inferred from the seat's plays and rob
   discards, less the turned-up card (a robber takes it; it is never dealt), where all five
   cards show in the record. Where they do not (a game that ends mid-deal, a record that
   stops early, a record seen from one seat, a card written ``??``), the cards not seen go to
   the consistency model (``unseen.py``, docs/partial-records.md): the other hands, the stock
   and a rob discard nobody saw. The turn-up is public: ``turnup ??`` is a record error
   (``record.unseen``). No check needs the deal order.
4. The ``turnup`` event comes first in a deal; the turned card lies outside every hand.
   Nothing else may happen before it.
5. Robbing: one rob per deal; the eligible seat may rob at any moment up to its own
   first play to trick 1, while others play included (as gamerules.com has it). Options
   ``rob_deadline_holder``, ``rob_deadline_dealer`` (``before_opening_lead``: the
   ``dealer-robs-first`` preset), ``rob_compulsory``. A discard of the trump ace itself is
   legal, with a note. A rob that breaks a rule is carried out unless it
   cannot be: a second rob, or the turned card named as the discard, is ignored; a discard
   the robber does not hold stops the replay, whoever robs.
6. With ``rob_compulsory`` the missed rob is reported at the play that passes the deadline:
   the eligible seat's own first play, or the opening lead when the deadline is
   ``before_opening_lead`` (that play is then reported, naming the seat that should have
   robbed).
7. With ``unrobbed_ace_penalty = lowest_trump`` (Forty-Five, Foster) a trump ace whose holder
   lets the deadline pass without robbing ranks as the lowest trump for the rest of the deal,
   also the A of hearts when hearts are trumps (it then loses its reneging privilege).
   The 1911 Britannica's "cannot win the hand" is not offered (no source says what it means
   for scoring).
8. Reneging: compared with the led card (``renege_reference``); a
   privileged card does not count towards the duty to play a trump, but may be played.
   ``renege_cards = five_only`` leaves only the 5 of trumps privileged (Irish 45s).
9. Trumping while able to follow is allowed; ``may_trump_when_following = no``
   makes a player follow the plain suit led when able.
10. Scoring: 5 points a trick to the winner's team, counted trick by
    trick; the game ends the moment a side reaches ``target`` (25), mid-deal included, and
    anything recorded after that is a ``25.game-end`` finding; later deals are
    ``25.match-over``. With ``end_mid_deal = no`` the deal is played out and the side that
    reached the target first wins. ``jink_wins_game`` makes a side that wins all five tricks
    of a deal win at once (it matters only with a target above 25). "Opponents scoreless"
    is reported in the match result, as a flag only.
11. A deal whose record ends early is scored as played (its tricks count) and marked
    disputed; violations do not change the score (the sources have no penalty rule).
12. The deal passes clockwise; a stated dealer that differs is reported
    (``25.dealer``). Packets of the deal are not checked (``deal_packets``).
"""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

from referee.games.twenty_five.cards import (
    PACK,
    TrumpData,
    trump_data,
)
from referee.games.twenty_five.contract import TurnUp
from referee.games.twenty_five.options import DEALER_ROBS_FIRST, OPTIONS, STANDARD
from referee.games.twenty_five.partial import (
    TRICK_POINTS,
    TRICKS,
    PartialPlay,
    strength,
    trumps_of,
    winner_of,
)
from referee.games.twenty_five.rulebook import GENERIC, RULES
from referee.games.twenty_five.state import OVER, PLAY, TURNUP, Match25, TwentyFiveState
from referee.games.twenty_five.unseen import check_lines, read_unseen
from referee.games.twenty_five.view import OUTCOME_WORDS, SHEET_MEANINGS, cards_words, table_view
from referee.model.cards import SUIT_NAMES, UNSEEN
from referee.model.errors import RecordError
from referee.model.record import Action, Deal, RecordHeader
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
    located,
    summarise_tricks,
)
from referee.rules.options import Options
from referee.rules.recorded import recorded_change
from referee.rules.registry import register
from referee.rules.tricks import (
    FollowSuit,
    IncompleteWords,
    Trick,
    hands_from_plays,
    in_order,
    played_by,
    read_hands,
    show,
)
from referee.rules.unseen import presuming_nothing

HAND_SIZE = 5

FOLLOW = {
    True: FollowSuit("25.follow-suit", "{seat} holds {held}: he must follow {suit} or play a "
                     "trump, not {card}"),
    False: FollowSuit("25.follow-suit", "{seat} holds {held} and must follow {suit}, not play "
                      "{card} (may_trump_when_following = no)"),
}
"""Following a plain suit led, by ``may_trump_when_following``: with it a trump also does."""
RENEGE = FollowSuit("25.renege", "a trump ({led}) was led and {seat} holds {held}: he must "
                    "play a trump{because}")
"""Following a trump led with a trump that may not renege."""


@register
class TwentyFive(PartialPlay, Ruleset[Match25, TwentyFiveState]):
    """Twenty-Five: 3 to 9 players, alone or in teams, clockwise (docs/games/twenty-five.md)."""

    name = "twenty-five"
    aliases = ("25",)
    rule_prefix = "25"
    generic = GENERIC
    title = "Twenty-Five"
    sources = (("gamerules.com: Twenty-Five", "https://gamerules.com/rules/twenty-five-25/"),
               ("Wikipedia: Twenty-five (card game)",
                "https://en.wikipedia.org/wiki/Twenty-five_(card_game)"),
               ("pagat.com: the Spoil Five group", "https://www.pagat.com/spoil5/"))
    cards_text = cards_words()
    default_seats = None  # 3 to 9 players: the Seats tag is required
    default_player_count = 4  # what `referee simulate` seats without --players
    accepted_actions = frozenset({"play", "turnup", "rob"})
    reads_unseen_cards = True
    shared_between_matches = True  # what a match or a deal changes is in their states
    sheet_labels = {"bidder": "", "bid": "", "target": "", "made": "", "points": "trick points"}
    """The score sheet (referee score): no auction, so no bidder, bid, target or made."""
    sheet_meanings = SHEET_MEANINGS
    outcome_words = OUTCOME_WORDS
    rules = RULES
    option_specs = OPTIONS
    presets = {"standard": STANDARD, "dealer-robs-first": DEALER_ROBS_FIRST}
    deal_rounds = (HAND_SIZE,)
    pack: frozenset[str] = PACK
    next_seat: dict[str, str]

    def __init__(self, options: Options, table: Table) -> None:
        super().__init__(options, table)
        self.opts = SimpleNamespace(**options.as_dict())
        self.next_seat = table.successors(CLOCKWISE)
        self.players = len(table.seats)
        self.team_of = table.team_map()
        self.team_names = names = table.team_names  # (a property that joins the seats)
        self.labels = {team: self._label(members)
                       for team, members in zip(names, table.teams, strict=True)}
        self.alone = {team: len(members) == 1
                      for team, members in zip(names, table.teams, strict=True)}

    # -- the table ---------------------------------------------------------------
    @classmethod
    def default_teams(cls, seats: tuple[str, ...], options: Options
                      ) -> tuple[tuple[str, ...], ...]:
        """Everybody plays alone unless a Teams tag says otherwise."""
        return tuple((seat,) for seat in seats)

    @classmethod
    def teams_of_size(cls, seats: tuple[str, ...], size: int) -> tuple[tuple[str, ...], ...]:
        """The alternate seating of teams: with K teams, seat s is in team s mod K."""
        count = len(seats) // size
        return tuple(tuple(seats[i::count]) for i in range(count))

    @classmethod
    def check_table(cls, table: Table, options: Options, header: RecordHeader) -> None:
        low, high = (int(n) for n in str(options["players"]).split("-"))
        count = len(table.seats)
        if not low <= count <= high:
            extra = "" if high == 10 else ' (2 or 10 with [Option "players" "2-10"])'
            raise located(RecordError(
                "record.seats", f"{cls.title} is played by {low} to {high} players, not "
                f"{count}{extra}"), header.get("Seats") or header)
        sizes = {len(team) for team in table.teams}
        if sizes == {1}:
            return
        tag = header.get("Teams") or header
        if len(sizes) != 1 or sizes.pop() not in (2, 3) or len(table.teams) < 2:
            raise located(RecordError(
                "record.teams", f"{cls.title} is played alone or in teams of two (an even number "
                f"of players) or three (6 or 9 players), all of one size"), tag)
        size = len(table.teams[0])
        if size == 3 and count not in (6, 9):
            raise located(RecordError(
                "record.teams", f"teams of three are played with 6 or 9 players, not {count}"), tag)
        wanted = cls.teams_of_size(table.seats, size)
        if {frozenset(t) for t in wanted} != {frozenset(t) for t in table.teams}:
            shown = ", ".join(" ".join(team) for team in wanted)
            how = "partners sit opposite" if size == 2 else "each player sits between two opponents"
            raise located(RecordError(
                "record.teams", f"with {count} players in teams of {size}, {how}: the teams "
                f"are {shown}"), tag)

    @staticmethod
    def _label(members: tuple[str, ...]) -> str:
        return "-".join(members)



    # -- match -------------------------------------------------------------------------------
    def new_match(self) -> Match25:
        return Match25(score={team: 0 for team in self.team_names})

    def is_match_over(self, match: Match25) -> bool:
        return match.winner is not None

    def match_result(self, match: Match25) -> str:
        shown = " ".join(f"{self.labels[team]} {value}" for team, value in match.score.items())
        if match.winner is None:
            return f"match not over: {shown}"
        label = self.labels[match.winner]
        others = [team for team in match.score if team != match.winner]
        rest = ", ".join(f"{self.labels[t]} {match.score[t]}" for t in others)
        verb = "wins" if self.alone[match.winner] else "win"
        text = f"{label} {verb} with {match.score[match.winner]} ({rest})"
        if all(match.score[t] == 0 for t in others):
            text += "; opponents scoreless (double stakes where played)"
        return text

    # -- the deal ------------------------------------------------------------------------------
    def start_deal(self, match: Match25, deal: Deal, unseen: bool = False) -> TwentyFiveState:
        expected = match.next_dealer
        dealer = deal_dealer(deal, expected)
        state = TwentyFiveState(deal.number, dealer, self.next_seat[dealer], self.team_names,
                                match.score)
        if deal.dealer is not None and expected is not None and deal.dealer != expected:
            state.deal_findings.append((
                "25.dealer", f"deal {deal.number} is dealt by {deal.dealer}, but {expected} "
                f"should deal (the deal passes clockwise)", None))
        self._deal_hands(state, deal, unseen)
        self._note_ace_discard(state, deal)
        state.recorded = deal.result_lines
        if match.open_points:  # the last deal's last trick may have been won by a card not seen
            state.notes.append(("25.game-end", f"a card not seen may have won the last trick of "
                                f"deal {match.deals}: its points are counted to nobody in the "
                                f"match score, so could not check when the game ends"))
            match.open_points = False
        if match.from_record:  # the last deal was not replayed to its end
            state.notes.append(("25.game-end", f"deal {match.deals} was not replayed to its "
                                f"end: {match.from_record}; could not check the match score "
                                f"it leads to, nor so when the game ends"))
            match.from_record = ""
        return state

    def _deal_hands(self, state: TwentyFiveState, deal: Deal, unseen: bool) -> None:
        """The hands from the hand lines, five distinct cards each; missing ones are
        inferred; with cards not seen (``??``, or a hand left out that the plays do not show
        in full) the rest goes to the consistency model (``state.unseen``)."""
        if unseen:  # the loop found '??' in the deal
            self._deal_unseen(state, deal)
            return
        # every card the parser reads is in the 52-card pack
        state.dealt, owner = read_hands(deal, HAND_SIZE)
        state.hands = {seat: set(cards) for seat, cards in state.dealt.items()}
        missing = [seat for seat in self.table.seats if seat not in state.dealt]
        if missing and not self._infer_hands(state, deal, owner, missing):
            self._deal_unseen(state, deal)

    def _deal_unseen(self, state: TwentyFiveState, deal: Deal) -> None:
        """Set up the consistency model of a deal with cards not seen."""
        check_lines(deal, HAND_SIZE)
        unseen = read_unseen(deal, self.table.seats, HAND_SIZE, in_order(self.pack))
        unseen.notes, unseen.note_seats = state.notes, state.note_seats
        state.dealt = {seat: unseen.dealt[seat] for seat in self.table.seats}
        state.hands = {seat: set(cards) for seat, cards in state.dealt.items()}
        state.unseen = unseen

    def _infer_hands(self, state: TwentyFiveState, deal: Deal, owner: dict[str, str],
                     missing: list[str]) -> bool:
        """A missing hand is the seat's plays and rob discards, less the
        turned-up card (a robber takes it; it is never dealt), in record order. It can be
        inferred only where all five cards show (else False: a game that ends mid-deal or a
        record that stops early leaves cards unplayed, which the model of the cards not seen
        then places)."""
        turned = next((e.action.cards[0] for e in deal.events if e.action.kind == "turnup"),
                      None)
        inferred = hands_from_plays(
            deal, missing, owner, ("play", "rob"), HAND_SIZE,
            # one card an action (a play of several is reported by 25.turn), never the
            # turned-up card
            lambda action: [card for card in action.cards[:1] if card != turned])
        if any(len(inferred[seat]) != HAND_SIZE for seat in missing):
            return False
        for seat in missing:
            state.dealt[seat] = list(inferred[seat])
            state.hands[seat] = set(inferred[seat])
        return True

    def _note_ace_discard(self, state: TwentyFiveState, deal: Deal) -> None:
        """Discarding the trump ace when robbing is legal, but worth a note."""
        turned: str | None = None
        robs: list[Action] = []
        for action in deal.actions:  # one pass over the deal: the turn-up and the robs
            kind = action.kind
            if kind == "turnup":
                if turned is None:
                    turned = action.cards[0]
            elif kind == "rob":
                robs.append(action)
        if turned not in PACK:
            return  # no turn-up (or an unseen card): reported by 25.turnup
        ace = trump_data(turned[1], self.opts.renege_cards).ace
        if turned == ace:
            return  # naming the turned-up ace is no discard from the hand: no note
        for action in robs:
            if action.cards[0] == ace:
                state.notes.append((
                    "25.rob-discard", f"{action.seat} robs and discards {ace}, the ace of "
                    f"trumps itself: that discard is allowed (no source forbids it), "
                    f"but unusual"))
                return

    # -- what may be judged now ----------------------------------------------------------------
    def candidates(self, state: TwentyFiveState) -> Iterator[Action]:
        if state.stage == OVER:
            return
        if state.stage == TURNUP:
            dealt = {card for cards in state.dealt.values() for card in cards}
            for card in in_order(self.pack - dealt):
                yield Action(None, "turnup", (card,))
            # excluded: a dealt card turned up, a lead before the turn-up
            leader_cards = sorted(state.hands[state.leader])
            yield Action(None, "turnup", (leader_cards[0],))
            yield Action(state.leader, "play", (leader_cards[0],))
            return
        seat, turned = state.turn, state.turned
        assert seat is not None and turned is not None  # play: a turn, the card turned up
        hand = state.hands[seat]
        for card in in_order(hand):
            yield Action(seat, "play", (card,))
        unseen = state.unseen
        if unseen is not None:  # what he may hold among the cards not seen
            maybe = unseen.possible(seat) - hand
            for card in in_order(maybe):
                yield Action(seat, "play", (card,))
            if (unseen.ace_unseen and state.robbed_by is None
                    and not self._deadline_passed(state, seat)
                    and self._trumps(state).ace in maybe):
                # he may have been dealt the ace: a rob discarding a card seen or not
                for card in in_order(hand):
                    yield Action(seat, "rob", (card,))
                yield Action(seat, "rob", (UNSEEN,))
        eligible = state.eligible
        if eligible is not None and state.robbed_by is None and not state.rob_lapsed:
            # the robber may rob at any moment until his deadline
            for card in in_order(state.hands[eligible]):
                yield Action(eligible, "rob", (card,))
            yield Action(eligible, "rob", (turned,))  # excluded: the turned card
        elif eligible is not None and state.hands[eligible]:
            # excluded: too late, or a second rob
            yield Action(eligible, "rob", (min(state.hands[eligible]),))
        if seat != eligible and hand:
            yield Action(seat, "rob", (min(hand),))  # excluded: not eligible (or a 2nd rob)
        yield Action(None, "turnup", (turned,))  # excluded: a second turn-up

    def legal_actions(self, state: TwentyFiveState) -> Legality:
        with presuming_nothing(state.unseen):  # listing what was legal presumes nothing
            return super().legal_actions(state)

    def pass_over(self, match: Match25) -> None:
        """After a deal whose cards not seen cannot be placed: its points are unknown, so
        the next deal notes that the match score is not checked."""
        match.deals += 1
        match.next_dealer = None  # the next deal line names its dealer
        match.from_record = "its cards not seen cannot be placed (record.inconsistent)"

    # -- the rulebook cascade ------------------------------------------------------------------
    def apply_if_legal(self, state: TwentyFiveState, action: Action) -> Exclusion | None:
        # a play during play goes straight to the play's check and carrying out, as
        # ``check`` and ``apply`` would send it: one copy of the rules, fewer calls
        seat = action.seat
        if action.kind == "play" and state.stage == PLAY and seat is not None:
            exclusion = self._check_play(state, action, seat)
            if exclusion is None:
                self._apply_play(state, seat, action.cards[0])
            return exclusion
        exclusion = self.check(state, action)
        if exclusion is None:
            self.apply(state, action)
        return exclusion

    def check(self, state: TwentyFiveState, action: Action) -> Exclusion | None:
        if state.stage == OVER:
            return self._after_end(state)
        kind = action.kind
        if kind == "turnup":
            return self._check_turnup(state, action)
        if state.stage == TURNUP:
            return Exclusion("25.turnup", f"the dealer {state.dealer} must turn up the trump card "
                              f"before anything else (write 'turnup CARD')", Effect.STOPS)
        if kind == "play":
            return self._check_play(state, action, played_by(action))
        if kind == "rob":
            return self._check_rob(state, action)
        return Exclusion("25.turn", f"{self.title} has no '{kind}' action", Effect.STOPS)

    def _after_end(self, state: TwentyFiveState) -> Exclusion:
        if state.ended is not None:
            team = state.ended
            return Exclusion(
                "25.game-end", f"the game ended at trick {len(state.tricks)} when "
                f"{self.labels[team]} reached {state.running(team)}; nothing is recorded "
                f"after that", Effect.STOPS)
        return Exclusion("25.deal-over", f"the deal is over after trick {len(state.tricks)}; "
                          f"nothing more is recorded in it", Effect.STOPS)

    def _check_turnup(self, state: TwentyFiveState, action: Action) -> Exclusion | None:
        card = action.cards[0]
        if state.stage != TURNUP:
            return Exclusion("25.turnup", f"the trump card was already turned up ({state.turned}); "
                              f"one card is turned up in a deal", Effect.STOPS)
        if card not in self.pack:
            return Exclusion("25.turnup", f"{card} is not a card of the pack", Effect.STOPS)
        for seat, cards in state.dealt.items():
            if card in cards:
                return Exclusion("25.turnup", f"the turned-up card {card} was dealt to {seat}; it "
                                  f"must come from the stock", Effect.STOPS)
        return None

    # robbing ------------------------------------------------------------------------
    def _deadline_passed(self, state: TwentyFiveState, seat: str) -> bool:
        if self._deadline(state, seat) == "before_opening_lead":
            return state.play_started
        return seat in state.has_played

    def _deadline(self, state: TwentyFiveState, seat: str) -> str:
        turned_ace = state.turned is not None and state.turned[0] == "A"
        if seat == state.dealer and turned_ace:
            return self.opts.rob_deadline_dealer
        return self.opts.rob_deadline_holder

    def _check_rob(self, state: TwentyFiveState, action: Action) -> Exclusion | None:
        seat = played_by(action)
        discard = action.cards[0]
        data = self._trumps(state)
        if state.robbed_by is not None:
            return Exclusion("25.rob-once", f"{state.robbed_by} has already robbed; there is one "
                              f"rob in a deal")
        unseen = state.unseen
        if (discard != state.turned and discard not in state.hands[seat]
                and (unseen is None or discard != UNSEEN
                     and not unseen.may_hold(seat, (discard,)))):
            # a card the seat does not hold stops the replay, whoever robs (carried
            # out, his hand would keep a card too many)
            return Exclusion("25.not-held", f"{seat} does not hold {discard} and cannot discard "
                              f"it", Effect.STOPS)
        if unseen is not None and unseen.ace_unseen:
            found = self._unseen_eligible(state, unseen, seat, data)
            if found is not None:
                return found
        elif seat != state.eligible:
            return Exclusion("25.rob-eligible", self._eligibility(state, data))
        if self._deadline_passed(state, seat):
            if self._deadline(state, seat) == "before_opening_lead":
                when = "before the opening lead"
                option = ("rob_deadline_dealer" if seat == state.dealer
                          and data.ace == state.turned else "rob_deadline_holder")
                when += f" ({option} = before_opening_lead)"
            else:
                when = "before his own first play to trick 1"
            return Exclusion("25.rob-deadline", f"{seat} may rob only {when}; the right is lost")
        if discard == state.turned:
            return Exclusion("25.rob-discard", f"{seat} names the turned-up card {discard} as the "
                              f"discard: the discard comes from the hand before the turned card "
                              f"is taken")
        return None

    def _eligibility(self, state: TwentyFiveState, data: TrumpData) -> str:
        """Who may rob, in words, for the rob-eligible message."""
        if state.eligible is None:
            return (f"nobody may rob: the ace of trumps {data.ace} is in the stock, neither "
                    f"dealt nor turned up")
        if state.turned == data.ace:
            return (f"the turned-up card is the ace of trumps ({data.ace}): only the dealer "
                    f"{state.dealer} may rob")
        note = ""
        if data.trump != "H":
            note = " (the A of hearts gives no right to rob unless hearts are trumps)"
        return f"only {state.eligible}, who was dealt the ace of trumps {data.ace}, may rob{note}"

    # play ------------------------------------------------------------------------------------
    def _check_play(self, state: TwentyFiveState, action: Action, seat: str
                    ) -> Exclusion | None:
        """A play by ``seat``: one card, the turn, holding the card, the compulsory rob, then
        the follow rules."""
        cards = action.cards
        if len(cards) != 1:
            return Exclusion("25.turn", f"{seat} plays {len(cards)} cards; a play is one card",
                              Effect.STOPS)
        card = cards[0]
        if seat != state.turn:
            if not state.play_started:
                why = (f"{state.leader}, on the dealer's left, leads to trick 1")
            else:
                why = f"it is {state.turn}'s turn to play"
            return Exclusion("25.turn", f"{seat} may not play now: {why}", Effect.STOPS)
        hand = state.hands[seat]
        unseen = state.unseen
        if card not in hand and (unseen is None or card != UNSEEN
                                 and not unseen.may_hold(seat, (card,))):
            return Exclusion("25.not-held", f"{seat} does not hold {card}", Effect.STOPS)
        if state.eligible is not None and state.robbed_by is None:  # a rob may be due
            missed = self._missed_rob(state, seat)
            if missed:
                return Exclusion("25.must-rob", missed)
        elif unseen is not None and unseen.ace_unseen and state.robbed_by is None:
            found = self._unseen_missed_rob(state, unseen, seat)
            if found is not None:
                return found
        trick = state.trick
        if not trick:
            return None  # any card may be led
        led = trick[0][1]
        if unseen is not None and (card == UNSEEN or led == UNSEEN):
            return self._check_unseen_follow(state, unseen, seat, card)
        data = state.data  # (known from the turn-up: play comes after it)
        assert data is not None
        trumps = data.trumps
        if led in trumps:
            if card in trumps:
                return None  # any trump may be played to a trump lead (#32)
            return self._check_renege(state, seat, card, hand, data)
        led_suit = data.suit_of[led]
        suit_cards = data.suit_cards[led_suit]
        if card in suit_cards:
            return None  # following suit: the commonest play, without the sets below
        may_trump = self.opts.may_trump_when_following
        if may_trump and card in trumps:
            return None  # "in 25 you may trump at any time"
        suit = SUIT_NAMES[led_suit]
        if hand.isdisjoint(suit_cards):  # void in the suit led: any card
            if unseen is None:
                return None
            # he shows a void in the suit led
            return self._presume_void(state, unseen, seat, suit_cards, "25.follow-suit",
                                      f"{seat} must follow {suit}"
                                      + (" or play a trump" if may_trump else ""))
        return FOLLOW[bool(may_trump)].exclusion(seat, card, hand & suit_cards, suit=suit)

    def _check_renege(self, state: TwentyFiveState, seat: str, card: str, hand: set[str],
                      data: TrumpData) -> Exclusion | None:
        """To a trump lead, ``card`` (not a trump: any trump may be played to a trump lead)
        only if no non-privileged trump is held."""
        held = hand & data.trumps
        unseen = state.unseen
        if not held and unseen is None:
            return None
        reference = self._renege_reference(state, data)
        bar = self._strength(state, reference)
        privileged = {c for c in held if c in data.privileged and c != state.demoted
                      and self._strength(state, c) > bar}
        must = held - privileged
        if not must:
            if unseen is None:
                return None
            # he holds no trump he had to play: a fact of rank, not a void (he may hold a
            # privileged trump and play it later)
            return self._presume_void(state, unseen, seat, self._must_trumps(state, data),
                                      "25.renege", f"a trump ({state.trick[0][1]}) was led "
                                      f"and {seat} must play a trump")
        because = ""
        forced = must & data.privileged
        if forced:
            because = (f"; {show(forced)} may not renege: "
                       f"{'it ranks' if len(forced) == 1 else 'they rank'} below {reference}")
        return RENEGE.exclusion(seat, card, must, led=state.trick[0][1], because=because)



    @staticmethod
    def _trumps(state: TwentyFiveState) -> TrumpData:
        """The deal's trump tables: known from the turn-up, which comes before any play or
        rob is judged or carried out."""
        return trumps_of(state)

    def _strength(self, state: TwentyFiveState, card: str) -> int:
        return strength(state, card)  # interpretation 7: a demoted ace is the lowest trump

    def _missed_rob(self, state: TwentyFiveState, seat: str) -> str | None:
        """With rob_compulsory: why this play passes a deadline the eligible seat missed."""
        eligible = state.eligible
        if not self.opts.rob_compulsory or eligible is None or state.robbed_by is not None:
            return None
        if self._deadline(state, eligible) == "before_opening_lead":
            if state.play_started:
                return None
            return (f"{eligible} must rob ({state.turned}) before the opening lead "
                    f"(rob_compulsory)")
        if seat != eligible or seat in state.has_played:
            return None
        return f"{seat} must rob ({state.turned}) before his first play (rob_compulsory)"

    # -- carrying actions out ------------------------------------------------------------------
    def apply(self, state: TwentyFiveState, action: Action) -> None:
        if state.stage == OVER:
            return
        kind = action.kind
        if kind == "turnup":
            if state.stage == TURNUP:
                self._apply_turnup(state, action.cards[0])
        elif state.stage == TURNUP:
            return
        elif kind == "play":
            self._apply_play(state, played_by(action), action.cards[0])
        elif kind == "rob":
            self._apply_rob(state, played_by(action), action.cards[0])

    def _apply_turnup(self, state: TwentyFiveState, card: str) -> None:
        data = trump_data(card[1], self.opts.renege_cards)
        state.turned = card
        state.data = data
        state.stage = PLAY
        if card == data.ace:
            state.eligible = state.dealer  # A turned-up ace is the dealer's
        else:
            state.eligible = next(
                (seat for seat, cards in state.dealt.items() if data.ace in cards), None)
            unseen = state.unseen
            if unseen is not None and state.eligible is None:
                state.eligible = unseen.holder_of(data.ace)  # his, perhaps played unseen
                unseen.ace_unseen = data.ace in unseen.worlds.cards

    def _apply_rob(self, state: TwentyFiveState, seat: str, discard: str) -> None:
        hand, turned = state.hands[seat], state.turned
        unseen = state.unseen
        if (state.robbed_by is not None or discard == turned or turned is None
                or discard not in hand and unseen is None):
            return  # a second rob, or no card to discard: not carried out
        hand.discard(discard)  # a card not seen leaves among his unseen cards
        if unseen is None or not unseen.turned_floats:  # else the model holds it
            hand.add(turned)
        state.robbed_by = seat
        state.discard = None if discard == UNSEEN else discard

    def _apply_play(self, state: TwentyFiveState, seat: str, card: str) -> None:
        """``seat`` plays ``card`` to the trick, which may complete it (this runs for every
        card of every deal checked)."""
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
        trick.append((seat, card))
        state.has_played.add(seat)
        eligible = state.eligible
        if eligible is not None and not state.rob_lapsed and state.robbed_by is None:
            self._lapse_rob(state, eligible)  # a right to rob that this play may end
        played = state.trick_len = len(trick)
        if played >= self.players:
            self._complete_trick(state)
        else:
            state.turn = self.next_seat[seat]

    def _lapse_rob(self, state: TwentyFiveState, eligible: str) -> None:
        """Once the ``eligible`` seat's deadline passes unrobbed, the right is lost; with
        unrobbed_ace_penalty = lowest_trump its ace becomes the lowest trump."""
        if not self._deadline_passed(state, eligible):
            return
        state.rob_lapsed = True
        ace = self._trumps(state).ace
        unseen = state.unseen
        if self.opts.unrobbed_ace_penalty == "lowest_trump" and (
                ace in state.dealt[eligible]
                or unseen is not None and unseen.holder_of(ace) == eligible):
            state.demoted = ace

    def _complete_trick(self, state: TwentyFiveState) -> None:
        trick = state.trick
        number = len(state.tricks) + 1
        unseen = state.unseen
        if unseen is not None and unseen.trick_unseen:
            winner = self._unseen_winner(state, unseen, trick, number)
            unseen.follows = []
        else:
            winner = winner_of(state, trick)  # (``trick_winner``, one call fewer)
        state.tricks.append(Trick(number, trick, winner))
        team = self.team_of[winner]
        points = state.points
        points[team] += TRICK_POINTS
        state.trick = []
        state.trick_len = 0
        state.trick_no = number
        state.turn = winner
        opts = self.opts
        # The game ends at the trick that reaches the target, or with end_mid_deal =
        # no at the end of the deal (the side that reached it first wins); with
        # jink_wins_game, winning all five tricks wins at once.
        if (state.first_to_target is None
                and state.start_score[team] + points[team] >= opts.target):  # running(team)
            state.first_to_target = team
        last = number >= TRICKS
        if last and opts.jink_wins_game and all(
                self.team_of[t.winner] == team for t in state.tricks):
            state.ended = team
        elif state.first_to_target is not None and (opts.end_mid_deal or last):
            state.ended = state.first_to_target
        if state.ended is not None or last:
            state.stage = OVER
            state.turn = None

    def trick_winner(self, state: TwentyFiveState, plays: list[tuple[str, str]]) -> str:
        """The highest trump, else the highest card of the suit led."""
        return winner_of(state, plays)

    def table_view(self, state: TwentyFiveState) -> TableView:
        return table_view(state)

    def completed_tricks(self, state: TwentyFiveState) -> list[TrickSummary]:
        """The tricks so far, 5 points each, with the deal's running points per team."""
        return summarise_tricks(((t.number, t.winner, TRICK_POINTS) for t in state.tricks),
                                self.team_of, state.points)

    # -- the end of a deal -----------------------------------------------------------------------
    def is_deal_over(self, state: TwentyFiveState) -> bool:
        return state.stage == OVER

    def incomplete_message(self, state: TwentyFiveState) -> str:
        if state.stage == TURNUP:
            return f"the dealer {state.dealer} has not turned up the trump card"
        return IncompleteWords().message(len(state.tricks), TRICKS, bool(state.trick),
                                         state.turn)

    def settle(self, match: Match25, state: TwentyFiveState, offenders: list[str]
               ) -> DealResult:
        match.deals += 1
        match.next_dealer = self.next_seat[state.dealer]
        if state.stage != OVER and state.ended is None:
            recorded = recorded_change(state.recorded, match.score, match.score)
            if recorded:
                return self._settle_from_record(match, state, recorded)
        unseen = state.unseen
        left_open = unseen is not None and unseen.open_tricks and not (
            state.recorded and self._winners_from_record(state, match))
        carried, ended = self._carried(state) if left_open else (state.points, state.ended)
        if carried != state.points:
            match.open_points = True
        for team, points in carried.items():
            match.score[team] += points
        contract = TurnUp(state.turned, state.data.trump if state.data else None,
                          state.robbed_by)
        result = DealResult(points=dict(state.points), game_points=dict(state.points),
                            score=dict(match.score), contract=contract)
        if ended is not None:
            match.winner = ended
        result.outcome = self._outcome(state.points, state.ended, match.score,
                                       len(state.tricks), state.stage == OVER)
        result.disputed = state.ended is None and state.stage != OVER
        if state.unseen is not None:
            self._open_values(state, result)
        return result

    def _settle_from_record(self, match: Match25, state: TwentyFiveState,
                            recorded: dict[str, int]) -> DealResult:
        """A deal whose replay stopped (or whose record ends early) leaves
        the match score unknown, and later deals depend on it (when the game ends): the
        deal's points are taken from its result line, the deal marked disputed, and the next
        deal notes it."""
        for team, points in recorded.items():
            match.score[team] += points
        shown = ", ".join(f"{self.labels[t]} {p}" for t, p in recorded.items() if p)
        reached = [t for t in match.score if match.score[t] >= self.opts.target]
        if reached:
            match.winner = max(reached, key=match.score.__getitem__)
        match.from_record = f"its points ({shown or 'none'}) are taken from its result line"
        return DealResult(
            points={t: recorded.get(t, 0) for t in state.points},
            game_points={t: recorded.get(t, 0) for t in state.points},
            score=dict(match.score), disputed=True,
            outcome=f"not played to its end: points as recorded ({shown or 'none'})")
