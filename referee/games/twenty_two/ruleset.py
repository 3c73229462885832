"""Twenty-Two (22): the rules referee for the lose-the-last-trick game of damage and elimination.

Sources: gamerules.com "Twenty-Two" (https://gamerules.com/rules/twenty-two/) and pagat.com
"Twenty-Two" (https://www.pagat.com/last/22.html); docs/games/twenty-two.md explains the rules
in words.

No trumps, no suits in play: only ranks count. A lead is one card or several of one
rank; followers play as many cards, either a set that dominates the bar (sorted element-wise)
or exactly their lowest cards. Play goes on until every hand holds one card; the highest card
of that last trick loses the deal and its value is the loser's damage. Damage accumulates
over deals; 22 or more is death.

Presets: ``standard`` (the sources' rules) and ``first-death-ends`` (the game
stops when the first player dies; the least damage wins, ties shared).

Interpretations chosen where the sources leave a choice, with the option that
changes each one:

1. Deal size: 7, then the previous loser's damage, capped at ``floor(available / living)``;
   marker cards stay out of the pack. A record whose hands are all of another
   (equal) size is reported (22.deal-size) and played at that size; unequal hands are a
   broken record (``record.hand-size``). Options ``markers_removed``, ``packs``.
2. Dealer and leader: the previous loser deals and the next living
   player in the turn direction leads. With tied losers the record chooses: the ``dealer``
   of the next deal line names the chosen loser (if the line has no dealer, the loser whose
   leader acts first is taken). A loser who died cannot deal: the next living player after
   the dead loser's seat leads and the nearest living player before that leader deals.
   A stated dealer that fits none of this is reported (22.dealer); play then follows the
   stated dealer. Option ``next_dealer`` (only ``loser``).
3. The stock order is not part of the notation, so the rule that the top cards are drawn
   cannot be checked: drawn cards must be cards of the stock (not held, not played, not
   markers, never an earlier discard). The simulator keeps a stock order and draws from its
   top.
4. The exchange round: each living player in turn from the leader records an
   exchange or ``exchange none`` while the stock lasts; the round ends when everyone has had
   the chance or the stock is empty. A lead before the round is over is reported
   (22.exchange-first) and the players not yet asked are taken to decline. Players the
   round never reached because the stock ran out (or was empty from the start) may still
   write ``exchange none`` before the first lead: declining is the exchange of k = 0, always
   within the stock. Anything else after the round is reported.
5. A trick is won by the last of the equal strongest plays: the bar process,
   also for cards played as "lowest cards". Option ``trick_tie``.
6. Every player tied for the highest card of the last trick loses. Option
   ``last_trick_tie`` (only ``all``).
7. Everyone left dies in the same deal: a draw shared by those players. Option
   ``simultaneous_wipeout``.
8. Under ``first-death-ends`` the game ends after the first deal in which someone dies; the
   living player(s) with the least damage win, ties shared (option ``game_end``).
9. Illegal actions are carried out where the state stays well defined: a lead
   of mixed ranks, a follow that neither dominates nor is the lowest, an exchange beyond the
   stock or drawing a discard. Fatal (the rest of the deal is not checked): a play or exchange
   out of turn or by a dead player, a card not held, a wrong number of cards (the hands would
   no longer shrink equally), a lead of the whole hand, a draw of a card that is neither in
   the stock nor a discard (held, played or a marker: it would be in two places, also when
   the exchange goes beyond the stock), a second exchange or one after the round (an
   ``exchange none`` after the first lead, or a second one, is reported and changes nothing).
10. There is no penalty rule in 22: a deal with a violation is scored as played and marked
    disputed. An incomplete deal is not scored; the next deal's dealer is then
    taken from the record.
11. Hands: a missing hand line is inferred as the seat's plays and discards
    minus its draws. No check needs the deal order. When the plays do not show the whole
    hand (a deal cut short), or a card is written ``??``, the cards not seen are the
    model's (referee.games.twenty_two.partial, docs/partial-records.md).
12. After a deal whose replay stopped, its damage comes from its ``result`` line; without
    one, who lost, by how much and who died are unknown. No later finding rests on what the
    record does not establish; each becomes a note naming the check not made: the hand
    size and the dealer of the next deal (taken as recorded), who is still in the game (a
    seat with no hand line and no action is out, also when a result line says otherwise),
    the pack, the cap on the hand size and the stock (the markers are a range: one loser
    at least, one per living player at most), the damage totals (a range until a
    ``result score`` line gives them) and so a death. A hand size, a stock or a total
    outside every possible value is still reported.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from itertools import combinations
from typing import Any

from referee.games.twenty_two.contract import Damage
from referee.games.twenty_two.model import (  # the game's data and pure rules, re-exported
    CARD_STRENGTH,
    DAMAGE,
    DEATH,
    FIRST_DEAL_SIZE,
    FOLLOW_SAMPLES,
    MAX_PLAYERS_ONE_PACK,
    PLAYERS_PER_EXTRA_PACK,
    RANK_ORDER,
    STRENGTH,
    covers,
    dominates,
    lowest,
    ranked,
    show,
    strengths,
)
from referee.games.twenty_two.options import DIRECTIONS, FIRST_DEATH_ENDS, OPTIONS, STANDARD
from referee.games.twenty_two.partial import Partial22
from referee.games.twenty_two.rulebook import GENERIC, INCOMPLETE, RULES
from referee.games.twenty_two.state import EXCHANGE, OVER, PLAY, Match22, TwentyTwoState
from referee.games.twenty_two.view import OUTCOME_WORDS, SHEET_MEANINGS, cards_words, table_view
from referee.model.cards import RANKS, UNSEEN, Card, make_pack
from referee.model.errors import RecordError
from referee.model.record import Action, Deal, Hand
from referee.model.seats import CLOCKWISE, COUNTER_CLOCKWISE, Table
from referee.rules.base import (
    DealResult,
    Effect,
    Exclusion,
    Legality,
    TableView,
    TrickSummary,
    deal_dealer,
    located,
)
from referee.rules.recorded import recorded_change
from referee.rules.registry import register
from referee.rules.tricks import played_by
from referee.rules.unseen import presuming_nothing


@register
class TwentyTwo(Partial22):
    """Twenty-Two, 2 to 6 players each for themselves (docs/games/twenty-two.md)."""

    name = "twenty-two"
    aliases = ("22",)
    rule_prefix = "22"
    generic = GENERIC
    title = "Twenty-Two"
    sources = (("gamerules.com: Twenty-Two", "https://gamerules.com/rules/twenty-two/"),
               ("pagat.com: Twenty-Two", "https://www.pagat.com/last/22.html"))
    cards_text = cards_words()
    default_seats = None
    default_player_count = 4
    accepted_actions = frozenset({"play", "exchange"})
    reads_unseen_cards = True
    rules = RULES
    option_specs = OPTIONS
    presets = {"standard": STANDARD, "first-death-ends": FIRST_DEATH_ENDS}
    sheet_labels = {"bidder": "", "bid": "", "target": "", "made": "", "game points": "",
                    "points": "damage", "score": "total damage"}
    """The score sheet (referee score): damage per player per deal, totals, who is alive."""
    sheet_meanings = SHEET_MEANINGS
    outcome_words = OUTCOME_WORDS

    def __init__(self, options, table: Table) -> None:
        super().__init__(options, table)
        self.direction = DIRECTIONS[options.direction]
        self.packs = options.packs
        self.pack_counts = Counter(make_pack(RANKS, self.packs))
        self.pack_size = sum(self.pack_counts.values())
        self.current_match: Match22 | None = None
        """The match being played: ``deal_hands`` (the simulator's hook) deals from it."""
        self._pending_stock: list[Card] | None = None

    # -- the table ---------------------------------------------------------------------------
    @classmethod
    def default_teams(cls, seats: tuple[str, ...], options) -> tuple[tuple[str, ...], ...]:
        return tuple((seat,) for seat in seats)  # everyone plays for themselves

    @classmethod
    def check_table(cls, table, options, header) -> None:
        most = MAX_PLAYERS_ONE_PACK + PLAYERS_PER_EXTRA_PACK * (options.packs - 1)
        if not 2 <= len(table.seats) <= most:
            packs = "one pack" if options.packs == 1 else f"{options.packs} packs"
            raise located(RecordError(
                "record.seats", f"{cls.title} is played by 2 to {most} players with {packs} "
                f"(more players need the packs option)"), header.get("Seats") or header)
        if any(len(team) != 1 for team in table.teams):
            raise located(RecordError("record.teams", f"{cls.title} has no teams: each player "
                                      "plays alone"), header.get("Teams") or header)

    # -- helpers -------------------------------------------------------------------------------

    def _previous_living(self, seat: str, living: Iterable[str]) -> str:
        back = COUNTER_CLOCKWISE if self.direction == CLOCKWISE else CLOCKWISE
        return self._next_living(seat, living, back)

    def _order(self, first: str, living: list[str]) -> list[str]:
        """The living seats in turn order, from ``first``."""
        alive = set(living)
        return [seat for seat in self.table.order_from(first, self.direction) if seat in alive]

    def deal_size(self, match: Match22) -> int:
        """Cards each: the nominal size capped so everyone gets as many."""
        return self.deal_sizes(match)[1]

    # -- match -------------------------------------------------------------------------------
    def new_match(self) -> Match22:
        match = Match22(damage={seat: 0 for seat in self.table.seats},
                        alive=list(self.table.seats))
        self.current_match = match
        return match

    def adopt_score(self, match: Match22, score: Mapping[str, int]) -> bool:
        """Twenty-Two's match is damage, markers and the living players, not a score the loop
        can set from a result line: never adopted."""
        return False

    def is_match_over(self, match: Match22) -> bool:
        return match.over

    def match_result(self, match: Match22) -> str:
        damage = " ".join(f"{seat} {value}" + (f" to {value + match.damage_slack[seat]}"
                                                 if match.damage_slack.get(seat) else "")
                          for seat, value in match.damage.items())
        if not match.over:
            return f"match not over: damage {damage}; alive {' '.join(match.alive)}"
        return f"{match.ending} (damage {damage})"

    # -- the deal ----------------------------------------------------------------------------
    def _dealer_options(self, match: Match22) -> list[tuple[str, str]]:
        """(dealer, leader) for each previous loser the record may choose."""
        found: list[tuple[str, str]] = []
        for loser in match.losers or ():
            leader = self._next_living(loser, match.alive)
            dealer = loser if loser in match.alive else self._previous_living(leader,
                                                                              match.alive)
            if (dealer, leader) not in found:
                found.append((dealer, leader))
        return found

    def _dealer_and_leader(self, match: Match22, deal: Deal, state_findings: list
                           ) -> tuple[str, str]:
        stated = deal.dealer
        actions = deal.actions  # (without making the deal's events)
        first_actor = actions[0].seat if actions else None
        if match.deals == 0 or match.losers is None:
            stated = deal_dealer(deal, None)
            if stated not in match.alive:
                state_findings.append(("22.dead-player", f"{stated} is dead and cannot "
                                       f"deal", stated))
            return stated, self._next_living(stated, match.alive)
        options = self._dealer_options(match)
        if stated is None:
            chosen = next((o for o in options if o[1] == first_actor), options[0])
            return chosen
        fitting = [option for option in options if option[0] == stated]
        if fitting:
            return next((o for o in fitting if o[1] == first_actor), fitting[0])
        losers = match.losers or ()
        who = losers[0] if len(losers) == 1 else "one of " + ", ".join(losers)
        if stated not in match.alive:
            state_findings.append(("22.dead-player", f"{stated} is dead and cannot deal",
                                   stated))
        expected = " or ".join(dealer for dealer, _ in options)
        state_findings.append((
            "22.dealer",
            f"deal {deal.number} is dealt by {stated}, but {expected} should deal (the loser "
            f"of the last deal, {who}, deals; a dead loser's place passes on)",
            None))
        return stated, self._next_living(stated, match.alive)

    def start_deal(self, match: Match22, deal: Deal, unseen: bool = False) -> TwentyTwoState:
        self.current_match = match
        findings: list[tuple[str, str, str | None]] = []
        gone, unsure = self._gone_by_the_record(match, deal)
        dealer, leader = self._dealer_and_leader(match, deal, findings)
        state = TwentyTwoState(deal.number, dealer, leader, list(match.alive))
        state.next_living = self._successors_of(state.living)
        state.deal_findings.extend(findings)
        self._note_who_is_in(state, match, gone, unsure)
        state.recorded = deal.result_lines
        self._note_the_last_deal(state, match)
        least, most = self.deal_sizes(match)  # (the match does not change while dealing)
        if most < 1:
            raise located(RecordError(
                "record.deal-size", f"{len(match.alive)} players cannot be dealt a card each "
                f"from {self.available(match)} cards"), deal)
        if unseen or self._hands_open(deal, match, state.living):
            left = self._deal_partial(state, match, deal)
        else:
            left = self._deal_hands(state, match, deal)
        sizes = {len(cards) for cards in state.hands.values()}
        if len(sizes) > 1:
            shown = ", ".join(f"{seat} {len(cards)}" for seat, cards in state.hands.items())
            given = {hand.seat for hand in deal.hands}
            inferred = [seat for seat in state.living if seat not in given]
            why = (f"; without a hand line, {', '.join(inferred)}'s hand is inferred from the "
                   "plays, which needs every play of the deal recorded"
                   if inferred else "")
            raise located(RecordError(
                "record.hand-size", f"the hands are of different sizes ({shown}): every living "
                f"player is dealt as many cards{why}"), deal)
        state.size = sizes.pop() if sizes else 0
        if state.size == 0:
            raise located(RecordError("record.hand-size", f"deal {deal.number} deals no cards"),
                          deal)
        if not match.size_unknown:
            self._check_size(state, match, deal.number, least, most)
        if state.model is None:
            state.unseen = left  # the pack less the markers and every hand dealt (positive)
        else:  # the cards that may be in the stock
            state.unseen = Counter(state.model.stock_cards)
        dealt = state.size * len(state.living)
        available = self.available(match)
        state.stock = max(available - dealt, 0)
        state.stock_low = max(self.available_least(match, available) - dealt, 0)
        state.first_stock = state.stock
        if self._pending_stock is not None:
            state.stock_order = self._pending_stock
            self._pending_stock = None
        state.exchange_queue = self._order(leader, state.living)
        self._begin_play_if_done(state)
        return state

    def _deal_hands(self, state: TwentyTwoState, match: Match22, deal: Deal) -> Counter[Card]:
        """Hands from the hand lines, inferring missing ones; returns what is
        left of the pack (markers out) once they are dealt."""
        left = self._pack_left(match)
        for hand in deal.hands:
            if hand.seat in state.hands:
                raise located(RecordError("record.hand-twice",
                                          f"{hand.seat}'s hand is given twice"), hand)
            if hand.seat not in state.living:
                # cards dealt to a dead player: reported, and the cards stay out of play
                state.deal_findings.append(("22.dead-player", f"{hand.seat} is dead "
                                            "and is dealt no cards", hand.seat))
                continue
            cards = hand.cards  # (a new list, made from the rounds, each time it is asked for)
            self._take(left, cards, hand, hand.seat, match.markers)
            state.hands[hand.seat] = cards
        missing = [seat for seat in state.living if seat not in state.hands]
        if missing:
            inferred = self._infer(deal, missing)
            for seat in missing:
                self._take(left, inferred[seat], deal, seat, match.markers)
                state.hands[seat] = inferred[seat]
        return left

    def deal_hands(self, rng: Any, dealer: str | None) -> list[Hand]:
        """Deal the next deal of ``current_match`` for the simulator (``22.deal-size``).

        The size follows the match; the cards left over are the stock, whose order is kept
        for the next ``start_deal`` so that simulated exchanges draw from its top.
        """
        match = self.current_match if self.current_match is not None else self.new_match()
        size = self.deal_size(match)
        cards = sorted(self._pack_left(match).elements())
        rng.shuffle(cards)
        living = match.alive
        hands = {seat: cards[index::len(living)][:size] for index, seat in enumerate(living)}
        self._pending_stock = cards[size * len(living):]
        return [Hand(seat, [ranked(hands[seat])]) for seat in living]

    def _begin_play_if_done(self, state: TwentyTwoState) -> None:
        """End the exchange round once everyone has had the chance or the stock is empty."""
        if state.stage == EXCHANGE and (not state.exchange_queue or state.stock <= 0):
            state.unasked = state.exchange_queue
            state.exchange_queue = []
            state.stage = PLAY
            state.turn = state.leader
            if state.model is not None:
                self._partial_begin_play(state)
        elif state.stage == EXCHANGE:
            state.turn = state.exchange_queue[0]

    # -- what may be judged now ----------------------------------------------------------------
    def candidates(self, state: TwentyTwoState) -> Iterator[Action]:
        if state.model is None:
            yield from self._candidates(state)
            return
        # cards not seen: each seat's known cards and a card of each rank he may hold
        real = state.hands
        state.hands = {seat: self._partial_moves_hand(state, seat) for seat in real}
        try:
            listed = list(self._candidates(state))
        finally:
            state.hands = real
        yield from listed

    def legal_actions(self, state: TwentyTwoState) -> Legality:
        with presuming_nothing(state.model):  # listing what was legal presumes nothing
            return super().legal_actions(state)

    def _candidates(self, state: TwentyTwoState) -> Iterator[Action]:
        if state.stage == OVER:
            return
        seat = state.turn
        if seat is None:
            return
        if state.stage == EXCHANGE:
            yield from self._exchange_candidates(state, seat)
            return
        hand = state.hands[seat]
        if not state.play_started:  # illegal: an exchange once the stock is empty
            for other in state.unasked:
                if state.hands[other]:
                    yield Action(other, "exchange", cards=(ranked(state.hands[other])[0],))
        if not state.trick:
            yield from self._lead_candidates(state, seat, hand)
        else:
            yield from self._follow_candidates(state, seat, hand)
        other = self._next_living(seat, state.living)
        if other != seat and state.hands[other]:
            yield Action(other, "play", cards=(ranked(state.hands[other])[0],))

    def _draw(self, state: TwentyTwoState, count: int) -> tuple[Card, ...]:
        """The cards an exchange of ``count`` draws: the top of the stock when known."""
        pool = (state.stock_order if state.stock_order is not None
                else ranked(state.unseen.elements()))
        return tuple(pool[:count])

    def _exchange_candidates(self, state: TwentyTwoState, seat: str) -> Iterator[Action]:
        hand = ranked(state.hands[seat])
        yield Action(seat, "exchange")
        leader_hand = ranked(state.hands[state.leader])
        if leader_hand:  # a lead before the round is over (22.exchange-first)
            yield Action(state.leader, "play", cards=(leader_hand[0],))
        most = min(len(hand), state.stock)
        for count in range(1, most + 1):
            drawn = self._draw(state, count)
            yield Action(seat, "exchange", cards=tuple(hand[-count:]), drawn=drawn)
            if count < len(hand):
                yield Action(seat, "exchange", cards=tuple(hand[:count]), drawn=drawn)
        if state.discards and hand:
            # Illegal on purpose: drawing back a discard, or beyond the stock.
            back = ranked(state.discards.elements())[0]
            yield Action(seat, "exchange", cards=(hand[0],), drawn=(back,))
            if most < len(hand):
                extra = self._draw(state, most) + (back,)
                yield Action(seat, "exchange", cards=tuple(hand[:most + 1]), drawn=extra)
        if most < len(hand):  # illegal: more discarded than the stock holds, drawing it all
            yield Action(seat, "exchange", cards=tuple(hand[:most + 1]),
                         drawn=self._draw(state, most))
        for other in state.living:
            if other != seat:
                yield Action(other, "exchange")

    def _lead_candidates(self, state: TwentyTwoState, seat: str, hand: list[Card]
                         ) -> Iterator[Action]:
        by_rank: dict[str, list[Card]] = {}
        for card in ranked(hand):
            by_rank.setdefault(card[0], []).append(card)
        for cards in by_rank.values():
            for count in range(1, len(cards) + 1):
                yield Action(seat, "play", cards=tuple(cards[:count]))
        if len(by_rank) > 1:
            low = ranked(hand)
            yield Action(seat, "play", cards=(low[0], low[-1]))  # mixed ranks

    def _follow_candidates(self, state: TwentyTwoState, seat: str, hand: list[Card]
                           ) -> Iterator[Action]:
        """One set per multiset of ranks (suits are irrelevant): the lowest cards, every set
        that dominates the bar, and a few that do neither (to be excluded); judging all the
        others would cost much and show nothing new."""
        count = len(state.trick[0][1])
        bar = state.bar
        seen: set[tuple[str, ...]] = set()
        others = 0
        for cards in combinations(ranked(hand), count):
            ranks = tuple(card[0] for card in cards)
            if ranks in seen:
                continue
            seen.add(ranks)
            if len(seen) == 1 or dominates(cards, bar):
                yield Action(seat, "play", cards=cards)  # the first is the lowest
            elif others < FOLLOW_SAMPLES:
                others += 1
                yield Action(seat, "play", cards=cards)
        if count > 1:
            yield Action(seat, "play", cards=tuple(ranked(hand)[:count - 1]))

    # -- the rulebook cascade ------------------------------------------------------------------
    def apply_if_legal(self, state: TwentyTwoState, action: Action) -> Exclusion | None:
        # a living player's play during play goes straight to the play's check and laying
        # the cards, as ``check`` and ``apply`` would send it: one copy of the rules
        seat = action.seat
        if action.kind == "play" and state.stage == PLAY and state.model is None \
                and seat is not None and seat in state.living:
            exclusion = self._check_play(state, action)
            if exclusion is None:
                self._lay_cards(state, seat, action.cards)
            return exclusion
        exclusion = self.check(state, action)
        if exclusion is None:
            self.apply(state, action)
        return exclusion

    def check(self, state: TwentyTwoState, action: Action) -> Exclusion | None:
        seat = action.seat
        if seat not in state.living:
            return Exclusion("22.dead-player", f"{seat} is dead and takes no part in deal "
                              f"{state.number}", Effect.STOPS)
        if state.stage == OVER:
            return Exclusion("22.deal-over", f"deal {state.number} is over: the last trick has "
                              "been played", Effect.STOPS)
        if action.kind == "exchange":
            return self._check_exchange(state, action)
        if action.kind == "play":
            return self._check_play(state, action)
        return Exclusion("22.turn", f"{self.title} has no '{action.kind}' action", Effect.STOPS)

    def _check_exchange(self, state: TwentyTwoState, action: Action) -> Exclusion | None:
        """An exchange (``22.exchange-*``): once, in turn, held discards, as many drawn from the
        stock, within the stock, never a discard."""
        seat = played_by(action)
        given, drawn = action.cards, action.drawn
        moves = bool(given or drawn)
        if state.model is not None and (UNSEEN in given or UNSEEN in drawn
                                        or UNSEEN in state.hands[seat]):
            return self._check_exchange_partial(state, action)
        if seat in state.exchanged:
            return Exclusion("22.exchange-once", f"{seat} has already had the one exchange of "
                              "this deal", Effect.stops_when(moves))
        if state.stage != EXCHANGE:
            if not moves and not state.play_started and seat in state.unasked:
                return None  # declining with an empty stock
            if state.play_started:
                return Exclusion("22.turn", f"play has begun: {seat} can no longer exchange",
                                  Effect.stops_when(moves))
            return Exclusion("22.exchange-stock", f"the stock is empty: {seat} cannot exchange",
                              Effect.stops_when(moves))
        if seat != state.turn:
            return Exclusion("22.turn", f"it is {state.turn}'s turn to exchange (or decline), "
                              f"not {seat}'s", Effect.STOPS)
        missing = self._check_held(seat, given, state.hands[seat])
        if missing is not None:
            return missing
        if len(drawn) < len(given) > state.stock and len(drawn) <= state.stock:
            # more discarded than the stock holds, and only what it holds drawn.
            # Carried out, this hand would be shorter than the others: fatal.
            return Exclusion("22.exchange-stock", f"{seat} discards {len(given)} cards but the "
                              f"stock holds only {state.stock} (drawn: {len(drawn)}); an "
                              "exchange goes no further than the stock", Effect.STOPS)
        if len(drawn) != len(given):
            return Exclusion("22.exchange-draw", f"{seat} discards {len(given)} and draws "
                              f"{len(drawn)}: an exchange draws as many as it discards",
                              Effect.STOPS)
        unseen = state.unseen  # (it keeps positive counts only: ``in`` is "in the stock")
        if not drawn:
            in_stock = True
        elif len(drawn) == 1:
            in_stock = drawn[0] in unseen  # one card drawn: the commonest exchange
        else:
            in_stock = len(set(drawn)) == len(drawn) and all(card in unseen for card in drawn)
        discarded: Counter[Card] | None = None
        if not in_stock:
            # A drawn card that is neither in the stock nor a discard is held by someone,
            # played or a marker: carried out, it would be in two places, also when the
            # exchange goes beyond the stock.
            beyond = Counter(drawn) - unseen
            discarded = beyond & (state.discards + Counter(given))
            strange = beyond - discarded
            if strange:
                return Exclusion("22.exchange-draw", f"{show(strange.elements())} is not in "
                                  "the stock (held, played or a damage marker)", Effect.STOPS)
        if len(given) > state.stock:
            return Exclusion("22.exchange-stock", f"{seat} exchanges {len(given)} cards but the "
                              f"stock holds only {state.stock}")
        if discarded:
            return Exclusion("22.exchange-discards", f"{show(discarded.elements())} was "
                              "discarded: discards never return to the stock")
        return None

    def _check_play(self, state: TwentyTwoState, action: Action) -> Exclusion | None:
        """A play, in the rulebook's order: the exchange round, the turn, holding the cards,
        then the lead or the follow."""
        if state.model is not None:
            return self._check_play_partial(state, action)
        seat = played_by(action)
        cards = action.cards
        hand = state.hands[seat]
        count = len(cards)
        if state.stage == EXCHANGE:
            if seat != state.leader:
                return Exclusion("22.turn", f"the exchange round is on: {state.turn} must "
                                  "exchange or decline", Effect.STOPS)
            # a lead before the round is over: judged as a lead, then reported for the round
            problem = self._check_held(seat, cards, hand) or self._check_lead(seat, cards, hand)
            if problem is not None and problem.fatal or state.stock_low <= 0:
                return problem  # the stock may be empty: the lead may end the round
            waiting = ", ".join(state.exchange_queue)
            return Exclusion("22.exchange-first", f"{waiting} must exchange or decline "
                              "('exchange none') before the first lead")
        if seat != state.turn:
            return Exclusion("22.turn", f"it is {state.turn}'s turn to play, not {seat}'s",
                              Effect.STOPS)
        if count != 1 or cards[0] not in hand:  # (one card held: the commonest play)
            problem = self._check_held(seat, cards, hand)
            if problem is not None:
                return problem
        trick = state.trick
        if not trick:
            if count == 1:
                return None  # one card held is a lead: it is of one rank, and others are kept
            return self._check_lead(seat, cards, hand)
        led = trick[0][1]
        if count != len(led):
            return Exclusion("22.follow-count", f"{seat} plays {count} card"
                              f"{'s' if count != 1 else ''} to a lead of {len(led)}",
                              Effect.STOPS)
        aces = self.ace_lead_forces_lowest and led[0][0] == "A"
        if count == 1:
            # the bar of a one-card lead is one strength: ``covers``, written out
            mine = [CARD_STRENGTH[cards[0]]]
            if not aces and mine[0] >= state.bar[0]:
                return None  # matching or beating the bar: the commonest follow
        else:
            mine = strengths(cards)
            if not aces and covers(mine, state.bar):
                return None  # matching or beating the bar, no hand sorted
        is_lowest = mine == lowest(hand, count)
        if aces and not is_lowest:
            return Exclusion("22.ace-lead", f"aces were led: {seat} must play the lowest cards "
                              f"({show(ranked(hand)[:len(cards)])})")
        if is_lowest:
            return None
        return Exclusion("22.follow", f"{show(cards)} neither matches or beats the bar "
                          f"{self._bar_text(state)} card by card nor is {seat}'s lowest "
                          f"{len(cards)} ({show(ranked(hand)[:len(cards)])})")

    def _bar_text(self, state: TwentyTwoState) -> str:
        return "-".join(RANK_ORDER[s] for s in state.bar)

    def _check_held(self, seat: str, cards: tuple[Card, ...], hand: list[Card]
                    ) -> Exclusion | None:
        if len(cards) == 1:
            if cards[0] in hand:
                return None  # one card, held: the commonest play
        elif len(set(cards)) == len(cards) and all(card in hand for card in cards):
            return None  # distinct cards, each held: the usual case without Counters
        missing = Counter(cards) - Counter(hand)
        if missing:
            return Exclusion("22.not-held", f"{seat} does not hold {show(missing.elements())}",
                              Effect.STOPS)
        return None

    def _check_lead(self, seat: str, cards: tuple[Card, ...], hand: list[Card]
                    ) -> Exclusion | None:
        # hands shrink equally: a leader with one card opens the last trick
        if len(hand) > 1 and len(cards) >= len(hand):
            return Exclusion("22.lead-keep", f"{seat} leads all {len(hand)} cards: the leader "
                              "keeps at least one for the last trick", Effect.STOPS)
        if len({card[0] for card in cards}) > 1:
            return Exclusion("22.lead-equal", f"{seat} leads {show(cards)}: cards led together "
                              "are of one rank")
        return None

    # -- carrying out --------------------------------------------------------------------------
    def apply(self, state: TwentyTwoState, action: Action) -> None:
        if action.kind == "exchange":
            self._apply_exchange(state, action)
        elif action.kind == "play":
            self._apply_play(state, action)

    def _lay(self, state: TwentyTwoState, seat: str, cards: tuple[Card, ...]) -> None:
        if state.model is None:
            self._lay_cards(state, seat, cards)
        else:
            self._partial_lay(state, seat, cards)

    def _apply_exchange(self, state: TwentyTwoState, action: Action) -> None:
        seat = played_by(action)
        hand = state.hands[seat]
        if state.model is None:
            for card in action.cards:
                if card in hand:
                    hand.remove(card)
            hand.extend(action.drawn)
            state.discards.update(action.cards)
        else:
            self._partial_discard(state, seat, action.cards, action.drawn)
        # only cards drawn from the stock leave it: a discard drawn back (illegal)
        # leaves the stock as it was, for the players after him (a card not seen drawn
        # came from the stock)
        unseen = state.unseen  # (positive counts only: a card that runs out leaves it)
        from_stock = 0
        for card in action.drawn:
            left = unseen.get(card)
            if left:
                from_stock += 1
                if left == 1:
                    unseen.pop(card)  # (dict.pop: Counter.__delitem__ is Python code)
                else:
                    unseen[card] = left - 1
        at_least = from_stock
        if state.model is not None:  # cards not seen drawn: from the stock, or drawn back
            from_stock, at_least = self._unseen_draws(state, seat, action, from_stock)
        stock_order = state.stock_order
        if stock_order is not None:
            for card in action.drawn:
                if card in stock_order:
                    stock_order.remove(card)
        state.stock = max(state.stock - at_least, 0)
        state.stock_low = max(state.stock_low - from_stock, 0)  # it held them at least
        if state.stage == EXCHANGE and seat not in state.exchanged:
            state.exchanged.add(seat)
            if seat in state.exchange_queue:
                state.exchange_queue.remove(seat)
            self._begin_play_if_done(state)
        elif seat in state.unasked:  # a decline recorded after the stock ran out
            state.exchanged.add(seat)
            state.unasked.remove(seat)

    def _apply_play(self, state: TwentyTwoState, action: Action) -> None:
        if state.stage == EXCHANGE:  # the players not yet asked are taken to decline
            if state.stock_low <= 0 < state.stock:  # not reported: the stock may be empty
                state.notes.append(("22.exchange-first", f"could not check {action.seat}'s "
                                    f"lead to trick 1 while {', '.join(state.exchange_queue)} "
                                    f"had not exchanged: the stock then held 0 to "
                                    f"{state.stock} cards (the damage markers of a deal that "
                                    "was not replayed to its end are not known), and an empty "
                                    "stock ends the exchange round"))
            state.exchange_queue = []
            self._begin_play_if_done(state)
        self._lay(state, played_by(action), action.cards)

    def table_view(self, state: TwentyTwoState) -> TableView:
        return table_view(state, self.table.seats)

    def completed_tricks(self, state: TwentyTwoState) -> list[TrickSummary]:
        """The tricks so far with their winners (22 has no card points)."""
        return [TrickSummary(t.number, t.winner, 0, {}) for t in state.tricks]

    # -- the end of a deal -----------------------------------------------------------------------
    def is_deal_over(self, state: TwentyTwoState) -> bool:
        return state.stage == OVER

    def incomplete_message(self, state: TwentyTwoState) -> str:
        if state.stage == EXCHANGE:
            return (f"the exchange round is not over: {', '.join(state.exchange_queue)} must "
                    "exchange or decline")
        return INCOMPLETE.message(len(state.tricks), 0, bool(state.trick), state.turn)

    def settle(self, match: Match22, state: TwentyTwoState, offenders: list[str]) -> DealResult:
        """Damage to the loser(s) of the last trick, deaths, and the end of the game
        (a simultaneous wipe-out is a shared draw)."""
        result = DealResult(contract=Damage(state.size, state.first_stock))
        match.deals += 1
        match.size_unknown = False
        match.stopped = 0
        if not state.last_cards:
            return self._settle_from_record(match, state, result)
        if state.model is not None and any(card == UNSEEN for _, card in state.last_cards):
            damage = self._open_last_trick(state)
            if damage is not None:
                return self._settle_open(match, state, result, damage, self._settle_from_record)
            state.last_cards = [(s, c) for s, c in state.last_cards if c != UNSEEN]
        top = max(STRENGTH[card[0]] for _, card in state.last_cards)
        losers = sorted(((seat, card) for seat, card in state.last_cards
                         if STRENGTH[card[0]] == top), key=lambda pair: self.table.index(pair[0]))
        value = DAMAGE[losers[0][1][0]]
        if match.damage_slack:
            self._totals_from_record(match, state, {seat: value for seat, _ in losers})
        died = self._damage(match, [(seat, value, card) for seat, card in losers])
        match.losers = tuple(seat for seat, _ in losers)
        match.nominal = value
        result.points = {seat: (value if seat in match.losers else 0) for seat in state.living}
        result.game_points = dict(result.points)  # damage is the match score's change
        result.score = match.score
        result.contract = Damage(state.size, state.first_stock, match.losers, value,
                                 tuple(died), tuple(match.alive))
        names = " and ".join(match.losers)
        verb = "loses" if len(losers) == 1 else "lose"
        cards = " ".join(card for _, card in losers)
        parts = [f"{names} {verb} with {cards}: +{value}"]
        if died:
            parts.append(f"{' and '.join(died)} {'dies' if len(died) == 1 else 'die'} "
                         f"({', '.join(str(match.damage[s]) for s in died)})")
        parts.append(f"alive {' '.join(match.alive) or 'nobody'}")
        result.outcome = "; ".join(parts)
        self._end_of_game(match, died, state.number)
        return result

    @staticmethod
    def _damage(match: Match22, losses: list[tuple[str, int, Card | None]]) -> list[str]:
        """Give each loser his damage and marker (None: a card not known); who died."""
        died: list[str] = []
        for seat, value, card in losses:
            before = match.damage[seat]
            match.damage[seat] += value
            if card is None:
                match.unknown_markers += 1
            else:
                match.markers.append(card)
            if before < DEATH <= match.damage[seat]:
                died.append(seat)
        match.alive = [seat for seat in match.alive if seat not in died]
        return died

    @staticmethod
    def _recorded_damage(match: Match22, state: TwentyTwoState) -> dict[str, int] | None:
        """The damage of this deal as its ``result`` line gives it, for the living players
        who took some; None without a result line."""
        change = recorded_change(state.recorded, match.damage, state.living)
        return None if change is None else {s: v for s, v in change.items() if v > 0}

    def _settle_from_record(self, match: Match22, state: TwentyTwoState, result: DealResult
                            ) -> DealResult:
        """A deal whose replay stopped (or whose record ends early) has no
        last trick, so no computed loser. The next deals depend on its damage (their size,
        the markers, deaths): it is taken from the deal's ``result`` line, with a note in the
        next deal; the deal itself is marked disputed."""
        result.disputed = True
        match.stopped = state.number
        damage = self._recorded_damage(match, state)
        if not damage:
            match.losers = match.next_dealer = None  # the record names the next dealer
            match.size_unknown = True
            # someone lost (one marker at least, one per living player at most), by at most
            # an ace's damage: later deals check only what holds whatever it was
            match.unknown_markers += 1
            match.marker_slack += len(state.living) - 1
            for seat in state.living:
                match.damage_slack[seat] = match.damage_slack.get(seat, 0) + max(DAMAGE.values())
            match.from_record = "no damage could be computed, and its record gives none"
            result.scored = False
            result.outcome = "not scored: the deal was not played to its end"
            result.points = {seat: 0 for seat in state.living}
            result.score = match.score
            return result
        # Which card each loser kept is not known: a guess from the recorded plays could
        # make a later deal that deals that card unreadable.
        died = self._damage(match, [(seat, value, None) for seat, value in damage.items()])
        match.losers = tuple(damage)
        values = set(damage.values())
        if len(values) == 1:
            match.nominal = values.pop()
        else:  # tied losers all take one value: the record contradicts itself
            match.size_unknown = True
        shown = ", ".join(f"{seat} +{value}" for seat, value in damage.items())
        match.from_record = f"its damage ({shown}) is taken from its result line"
        result.points = {seat: damage.get(seat, 0) for seat in state.living}
        result.game_points = dict(result.points)
        result.score = match.score
        result.contract = Damage(state.size, state.first_stock, tuple(damage),
                                 died=tuple(died), alive=tuple(match.alive))
        parts = [f"not played to its end: damage as recorded, {shown}"]
        if died:
            parts.append(f"{' and '.join(died)} {'dies' if len(died) == 1 else 'die'}")
        parts.append(f"alive {' '.join(match.alive) or 'nobody'}")
        result.outcome = "; ".join(parts)
        self._end_of_game(match, died, state.number)
        return result

    def _end_of_game(self, match: Match22, died: list[str], number: int) -> None:
        """One survivor wins; none: a draw shared by the last to die; ``first-death`` ends at
        the first death. The loser deals next (of tied losers the first, unless the record
        names another)."""
        options = self._dealer_options(match) if match.alive else []
        match.next_dealer = options[0][0] if options else None
        if not match.alive:
            if self.options.simultaneous_wipeout == "lowest-damage":
                least = min(match.damage[seat] for seat in died)
                match.winners = tuple(seat for seat in died if match.damage[seat] == least)
                who = " and ".join(match.winners)
                verb = "wins" if len(match.winners) == 1 else "share the win"
                match.ending = (f"{who} {verb} (the least damage when everyone left died in "
                                f"deal {number})")
            else:
                match.winners = tuple(died)
                match.ending = (f"draw between {' and '.join(died)} (everyone left died in "
                                f"deal {number})")
            match.over = True
            return
        if len(match.alive) == 1:
            match.winners = (match.alive[0],)
            match.over = True
            match.ending = f"{match.alive[0]} wins (the last survivor)"
            return
        if died and self.options.game_end == "first-death":
            least = min(match.damage[seat] for seat in match.alive)
            match.winners = tuple(s for s in match.alive if match.damage[s] == least)
            match.over = True
            who = " and ".join(match.winners)
            match.ending = (f"{who} {'wins' if len(match.winners) == 1 else 'share the win'} "
                            f"(the least damage when {' and '.join(died)} died)")

__all__ = [  # the game's data and rules, re-exported with the Ruleset
    "DAMAGE", "DEATH", "EXCHANGE", "FIRST_DEAL_SIZE", "FIRST_DEATH_ENDS", "FOLLOW_SAMPLES",
    "GENERIC", "INCOMPLETE", "MAX_PLAYERS_ONE_PACK", "Match22", "OVER", "PLAY",
    "PLAYERS_PER_EXTRA_PACK", "RANK_ORDER", "STANDARD", "STRENGTH", "TwentyTwo",
    "TwentyTwoState", "dominates", "lowest", "ranked", "show", "strengths",
]
