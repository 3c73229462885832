"""Twenty-Two's checks when some cards are not seen (``??``, a hand line left out, a record
written from one seat): docs/partial-records.md.

What stays exact: every count (the cards of a play, of an exchange, of the stock; hands
shrink equally), the turn, a lead of two seen ranks. What the hidden cards decide:

- a seen follow that does not match or beat the bar (``22.follow``) is legal only as the
  follower's lowest cards: every card he still holds ranks at least as high as the highest
  he played, ties allowed. That is a fact about his cards not seen (a rank threshold, the
  only "void" of 22): a finding when no placement of the unseen cards allows it, a note when
  some do and some do not;
- a card not seen played to a trick: whether it matched the bar or was his lowest is a note,
  and the bar is only known from below until the next lead says who won (that player leads);
- a discard drawn back: a seen discard that a player later plays, whose draws were not seen,
  came back to him by his draw (``22.exchange-discards``), whatever he drew;
- the last trick with a card not seen: its loser and damage are open (the point sets), and the
  next deal takes them from what the record states (a note says so).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.games.twenty_two.model import (
    CARD_STRENGTH,
    DAMAGE,
    RANK_ORDER,
    STRENGTH,
    covers,
    ranked,
    show,
)
from referee.games.twenty_two.record import FromRecord22
from referee.games.twenty_two.state import EXCHANGE, Match22, TwentyTwoState
from referee.games.twenty_two.unseen import below, read_unseen
from referee.model.cards import UNSEEN, Card
from referee.model.errors import RecordError
from referee.model.record import Action, Deal
from referee.rules.base import DealResult, Effect, Exclusion, located
from referee.rules.tricks import played_by
from referee.rules.unseen import UNCHECKED


def _seen(cards: tuple[Card, ...] | list[Card]) -> list[Card]:
    return [card for card in cards if card != UNSEEN]


class Partial22(FromRecord22):
    """The checks and the carrying out of a deal with cards not seen (``state.model``)."""

    last_of_equals_wins: bool
    ace_lead_forces_lowest: bool
    pack_counts: Counter[Card]

    # -- holding --------------------------------------------------------------------------------
    def _partial_held(self, state: TwentyTwoState, seat: str, cards: tuple[Card, ...],
                      hand: list[Card]) -> Exclusion | None:
        """``22.not-held`` with cards not seen: a seen card he is not known to hold may be one
        of his cards not seen (the moves listed at his turn), if the model allows it."""
        model = state.model
        assert model is not None
        hidden = hand.count(UNSEEN)
        missing = Counter(_seen(cards)) - Counter(_seen(hand))
        need = cards.count(UNSEEN) + sum(missing.values())
        if need <= hidden and all(card in model.pool and model.may_hold(seat, card[0])
                                  for card in missing):
            return None
        shown = show(missing.elements()) if missing else f"{need} cards not seen"
        others = next((model.contested[(seat, card)] for card in missing
                       if (seat, card) in model.contested), None)
        if others is not None:
            seats = (*others, seat)
            who = ", ".join(seats[:-1]) + " or " + seats[-1]
            return Exclusion("22.not-held", f"one of {who} does not hold {shown}: the record "
                             "shows each of them playing it", Effect.STOPS, culprits=seats)
        return Exclusion("22.not-held", f"{seat} does not hold {shown}", Effect.STOPS)

    # -- the lead -------------------------------------------------------------------------------
    def _partial_lead(self, state: TwentyTwoState, seat: str, cards: tuple[Card, ...],
                      hand: list[Card]) -> Exclusion | None:
        """``22.lead-keep`` (a count) and ``22.lead-equal``: cards not seen led beside seen
        ones are of the seen rank (a fact); several cards not seen led alone: a note."""
        model = state.model
        assert model is not None
        if len(hand) > 1 and len(cards) >= len(hand):
            return Exclusion("22.lead-keep", f"{seat} leads all {len(hand)} cards: the leader "
                              "keeps at least one for the last trick", Effect.STOPS)
        ranks = {card[0] for card in _seen(cards)}
        if len(ranks) > 1:
            return Exclusion("22.lead-equal", f"{seat} leads {show(_seen(cards))}: cards "
                              "led together are of one rank")
        hidden = cards.count(UNSEEN)
        trick = len(state.tricks) + 1
        if hidden and ranks:
            rank = next(iter(ranks))
            if not model.may_hold(seat, rank):
                return Exclusion("22.lead-equal", f"{seat} leads {show(_seen(cards))} "
                                  f"with {hidden} card{'s' * (hidden > 1)} not seen, but no "
                                  f"placement of the unseen cards gives him another {rank}")
            if not model.probing and not model.pin(seat, frozenset(rank), model.now):
                model.note(seat, "22.lead-equal", trick)
        elif hidden > 1:
            model.note(seat, "22.lead-equal", trick)
        return None

    # -- the follow -----------------------------------------------------------------------------
    def _partial_follow(self, state: TwentyTwoState, seat: str, cards: tuple[Card, ...],
                        hand: list[Card]) -> Exclusion | None:
        """``22.follow`` (and ``22.ace-lead``) with cards not seen in the hand or the trick."""
        model = state.model
        assert model is not None
        trick = len(state.tricks) + 1
        led = state.trick[0][1]
        led_rank = next((card[0] for card in led if card != UNSEEN), None)
        option = self.ace_lead_forces_lowest
        aces = option and led_rank == "A"  # then only the lowest cards are allowed
        maybe_aces = option and led_rank is None
        if UNSEEN in cards:  # what he played is not seen: matched the bar, or his lowest?
            model.note(seat, "22.ace-lead" if aces or maybe_aces else "22.follow", trick)
            return None
        mine = sorted(CARD_STRENGTH[card] for card in cards)
        beats = covers(mine, state.bar)
        rest = Counter(_seen(hand)) - Counter(cards)
        top = mine[-1]
        lower = [card for card in rest.elements() if CARD_STRENGTH[card] < top]
        if beats and not aces:
            # the bar may be higher than the seen cards show, or aces may have been led
            unsure = state.bar_open or maybe_aces
            if unsure and (lower or UNSEEN in hand and model.may_hold(seat, below(top))):
                model.note(seat, "22.ace-lead" if maybe_aces else "22.follow", trick)
            return None
        rule = "22.ace-lead" if aces else "22.follow"
        lowest = show(sorted(rest.elements(), key=CARD_STRENGTH.__getitem__)[:1])
        duty = (f"{show(cards)} neither matches or beats the bar "
                f"{'-'.join(RANK_ORDER[s] for s in state.bar)} card by card nor is {seat}'s "
                f"lowest {len(cards)}")
        if aces:
            duty = f"aces were led: {seat} must play his lowest {len(cards)}"
        if lower:
            return Exclusion(rule, f"{duty} ({seat} also holds {lowest})")
        if UNSEEN not in hand:
            return None
        presumed = model.presume_void(seat, below(top), rule, trick)
        if not presumed.holds:
            return None
        if presumed.culprits:
            seats = presumed.culprits
            who = ", ".join(seats[:-1]) + " or " + seats[-1]
            return Exclusion(rule, f"one of {who} broke the rule: the cards not seen cannot be "
                             f"placed so that all their plays were legal (here {duty})",
                             culprits=seats)
        return Exclusion(rule, f"{duty}: he holds a card below {RANK_ORDER[top]} (counting "
                         "the cards the record shows)")

    # -- carrying out ---------------------------------------------------------------------------
    def _partial_lay(self, state: TwentyTwoState, seat: str, cards: tuple[Card, ...]) -> None:
        """Lay ``cards`` (some perhaps not seen): the bar is kept as a lower bound once a card
        not seen is in the trick; the next lead says who won."""
        model = state.model
        assert model is not None
        hand = state.hands[seat]
        for card in cards:
            hand.remove(card if card in hand else UNSEEN)
        seen = sorted(CARD_STRENGTH[card] for card in _seen(cards))
        hidden = len(cards) - len(seen)
        trick = state.trick
        if not trick:
            state.play_started = True
            state.trick_no = len(state.tricks) + 1
            state.last_trick = not hand
            state.bar_seat = seat
            state.maybe_winners = []
            state.unseen_at = {}
            if hidden and seen:  # the cards not seen are of the seen rank (22.lead-equal)
                state.bar = [seen[0]] * len(cards)
            else:
                state.bar = seen if not hidden else [0] * len(cards)
                state.bar_open = bool(hidden)
                if hidden:
                    state.maybe_winners = [seat]
        elif hidden:
            state.bar_open = True
            state.maybe_winners.append(seat)
        else:
            mine = seen
            if state.bar_open:
                if covers(mine, state.bar):
                    state.maybe_winners.append(seat)
            elif self._takes_over(mine, state.bar):
                state.bar = mine
                state.bar_seat = seat
        if hidden:
            state.unseen_at[seat] = model.now
        trick.append((seat, cards))
        state.trick_len = len(trick)
        model.now += 1
        if len(trick) >= len(state.living):
            self._partial_complete(state)
        else:
            state.turn = state.next_living[seat]

    def _partial_complete(self, state: TwentyTwoState) -> None:
        """The trick's winner: the bar's, or, with a card not seen in it, the next lead's
        seat when he may have won (a card not seen that won alone is then pinned)."""
        model = state.model
        assert model is not None
        winner = state.bar_seat or state.trick[0][0]
        if state.bar_open:
            maybe = [winner, *state.maybe_winners]
            leader = model.next_leader.get(state.trick_no)
            if leader in maybe:
                winner = leader
                at = state.unseen_at.get(leader)
                cards = dict(state.trick)[leader]
                if at is not None and len(cards) == 1 and not model.probing:
                    least = state.bar[0] + (0 if self.last_of_equals_wins else 1)
                    model.pin(leader, frozenset(RANK_ORDER[least:]), at)
            elif leader is None:
                model.open_tricks.append((state.trick_no, tuple(dict.fromkeys(maybe))))
        state.bar_open = False
        state.maybe_winners = []
        state.bar_seat = winner
        self._complete_trick(state)

    # -- the exchange ---------------------------------------------------------------------------
    def _partial_exchange(self, state: TwentyTwoState, seat: str, given: tuple[Card, ...],
                          drawn: tuple[Card, ...]) -> Exclusion | None:
        """The exchange's checks that read cards: held discards (a discard not seen is one of
        his cards), seen draws from the stock; a seen discard his later plays show he drew
        back is ``22.exchange-discards``, whatever he drew."""
        model = state.model
        assert model is not None
        hand = state.hands[seat]
        if len(given) > len(hand):
            return Exclusion("22.not-held", f"{seat} does not hold {len(given)} cards",
                             Effect.STOPS)
        problem = self._partial_held(state, seat, tuple(_seen(given)), hand)
        if problem is not None:  # a discard not seen is any of his cards
            return problem
        back = model.drawn_back.get(seat)
        if back and UNSEEN in drawn:
            return Exclusion("22.exchange-discards", f"{show(back)} was discarded and "
                              f"{seat} plays it later: his draw took it back (discards never "
                              "return to the stock)")
        return None

    def _partial_discard(self, state: TwentyTwoState, seat: str, given: tuple[Card, ...],
                         drawn: tuple[Card, ...]) -> None:
        """Carry out an exchange with cards not seen (the hands at the first trick are the
        first pass's)."""
        hand = state.hands[seat]
        for card in given:
            if card in hand:
                hand.remove(card)
            elif UNSEEN in hand:
                hand.remove(UNSEEN)
        hand.extend(drawn)
        state.discards.update(_seen(given))

    def _partial_moves_hand(self, state: TwentyTwoState, seat: str) -> list[Card]:
        """``seat``'s hand for listing his moves: his known cards and, for his cards not
        seen, a card of each rank he may hold (as many as he may hold, up to their number)."""
        model = state.model
        assert model is not None
        hand = state.hands[seat]
        hidden = hand.count(UNSEEN)
        cards = _seen(hand)
        if hidden:
            for rank in sorted(model.possible_ranks(seat), key=STRENGTH.__getitem__):
                cards.extend(model.cards_of(seat, rank, hidden))
        return cards

    def _partial_begin_play(self, state: TwentyTwoState) -> None:
        """At the first trick every hand is the first pass's (no card enters a hand later)."""
        model = state.model
        assert model is not None
        state.hands = {seat: list(cards) for seat, cards in model.play_hands.items()}

    # -- settling -------------------------------------------------------------------------------
    def _open_last_trick(self, state: TwentyTwoState) -> dict[str, tuple[int, ...]] | None:
        """Each seat's possible damage when a card not seen in the last trick may be the
        highest (None when the seen cards decide it)."""
        model = state.model
        assert model is not None
        seen = [(seat, card) for seat, card in state.last_cards if card != UNSEEN]
        top = max((STRENGTH[card[0]] for _, card in seen), default=-1)
        ranks: dict[str, set[int]] = {}
        for seat, card in state.last_cards:
            if card == UNSEEN:
                at = state.unseen_at.get(seat, model.now - 1)
                possible = {STRENGTH[r] for r in model.possible_ranks(seat, at)}
                ranks[seat] = possible or set(range(len(RANK_ORDER)))
            else:
                ranks[seat] = {STRENGTH[card[0]]}
        if all(max(ranks[seat]) < top for seat, card in state.last_cards if card == UNSEEN):
            return None
        damage: dict[str, set[int]] = {}
        for seat, strengths in ranks.items():
            others = [values for other, values in ranks.items() if other != seat]
            floor = max((min(values) for values in others), default=-1)
            ceiling = max((max(values) for values in others), default=-1)
            found = {DAMAGE[RANK_ORDER[s]] for s in strengths if s >= floor}
            if not found or any(s < ceiling for s in strengths):
                found.add(0)
            damage[seat] = found
        return {seat: tuple(sorted(values)) for seat, values in damage.items()}

    def _settle_open(self, match: Match22, state: TwentyTwoState, result: DealResult,
                     damage: dict[str, tuple[int, ...]], settle_from_record) -> DealResult:
        """The last trick's loser is open: the damage as the record states it (a note in the
        next deal says so), the possible damage as point sets."""
        result = settle_from_record(match, state, result)
        match.unseen_last = True
        result.disputed = False
        seen = dict(state.last_cards)
        if match.losers:  # the result line gives the damage: a loser's seen card is a marker
            for seat in match.losers:
                card = seen.get(seat, UNSEEN)
                if card != UNSEEN and match.unknown_markers:
                    match.unknown_markers -= 1
                    match.markers.append(card)
            result.outcome = result.outcome.replace("not played to its end",
                                                    "the last trick has cards not seen")
            return result
        result.outcome = ("not scored: the last trick has cards not seen, and the record "
                          "gives no damage")
        result.point_sets = {seat: values for seat, values in damage.items()
                             if len(values) > 1}
        result.points = {seat: values[0] for seat, values in damage.items()}
        result.presumed = any(code == UNCHECKED for code, _ in state.notes)
        losers = [seat for seat, values in damage.items() if max(values) > 0]
        result.outcomes = tuple(f"{seat} loses" for seat in losers)
        return result

    # -- the deal, the exchange and the play with cards not seen (TwentyTwo's own) ------------
    def _pack_left(self, match: Match22) -> Counter[Card]:
        """The pack less the damage markers (when they are removed), positive counts only:
        a card that runs out leaves the counter (as ``+`` would leave it out)."""
        left = Counter(self.pack_counts)
        if self.options.markers_removed:
            for card in match.markers:
                count = left.get(card)
                if count == 1:
                    left.pop(card)  # (dict.pop: Counter.__delitem__ is Python code)
                elif count:
                    left[card] = count - 1
        return left

    def _take(self, left: Counter[Card], cards: list[Card], item: Any, seat: str,
              markers: list[Card]) -> None:
        """Take ``seat``'s dealt ``cards`` out of ``left`` (a card that runs out leaves it,
        so that it keeps positive counts only); raise at a card it lacks."""
        for card in cards:
            count = left.get(card)
            if not count:
                if self.options.markers_removed and card in markers:
                    why = f"{card} is a damage marker, out of the pack"
                else:
                    why = f"{card} is dealt more often than the pack holds it"
                raise located(RecordError("record.card-twice", f"{why} ({seat})"), item)
            if count == 1:
                left.pop(card)  # (dict.pop: Counter.__delitem__ is Python code)
            else:
                left[card] = count - 1

    @staticmethod
    def _infer(deal: Deal, missing: list[str]) -> dict[str, list[Card]]:
        """A seat's dealt hand: its plays and discards less what it drew."""
        held: dict[str, Counter[Card]] = {seat: Counter() for seat in missing}
        drawn: dict[str, Counter[Card]] = {seat: Counter() for seat in missing}
        for event in deal.events:
            action = event.action
            if action.seat in held:
                held[action.seat].update(action.cards)
                drawn[action.seat].update(action.drawn)
        return {seat: ranked((held[seat] - drawn[seat]).elements()) for seat in missing}

    def _hands_open(self, deal: Deal, match: Match22, living: list[str]) -> bool:
        """True if a living seat has no hand line and his plays do not show his whole hand
        (a deal cut short: the hands inferred are of different sizes, or, with no hand line
        at all, smaller than the rule allows): his cards not seen are then the model's."""
        given = {hand.seat: len(hand.cards) for hand in deal.hands if hand.seat in living}
        missing = [seat for seat in living if seat not in given]
        if not missing:
            return False
        inferred = self._infer(deal, missing)
        sizes = {*given.values(), *(len(cards) for cards in inferred.values())}
        return len(sizes) > 1 or not given and max(sizes) < self.deal_sizes(match)[0]

    def _deal_partial(self, state: TwentyTwoState, match: Match22, deal: Deal
                      ) -> Counter[Card]:
        """Hands with cards not seen: the seen cards taken out of the pack as for a full
        record, the rest the model's (``read_unseen``); returns the pack left."""
        left = self._pack_left(match)
        pack = Counter(left)
        sizes = set()
        lines: dict[str, list[Card]] = {}
        for hand in deal.hands:
            if hand.seat in lines:
                raise located(RecordError("record.hand-twice",
                                          f"{hand.seat}'s hand is given twice"), hand)
            if hand.seat not in state.living:
                state.deal_findings.append(("22.dead-player", f"{hand.seat} is dead "
                                            "and is dealt no cards", hand.seat))
                continue
            lines[hand.seat] = list(hand.cards)
            self._take(left, [c for c in hand.cards if c != UNSEEN], hand, hand.seat,
                       match.markers)
            sizes.add(len(hand.cards))
        if len(sizes) > 1:
            state.hands = lines  # unequal hand lines: start_deal reports them
            return left
        size = sizes.pop() if sizes else self._size_from_plays(deal, match, state.living)
        state.model = model = read_unseen(deal, state.living, size, pack)
        model.notes = state.notes
        model.note_seats = state.note_seats
        state.hands = {seat: list(cards) for seat, cards in model.dealt.items()}
        return left

    def _size_from_plays(self, deal: Deal, match: Match22, living: list[str]) -> int:
        """The hand size when no hand line gives it: the rule's, or more if a seat plays
        more cards (the record then shows the size; 22.deal-size says if it is wrong)."""
        played: Counter[str] = Counter()
        for event in deal.events:
            if event.action.kind == "play" and event.action.seat in living:
                played[event.action.seat] += len(event.action.cards)
        return max(self.deal_sizes(match)[1], *played.values(), 1)

    def pass_over(self, match: Match22) -> None:
        """After a deal whose cards not seen cannot be placed: as after a deal whose damage
        is unknown (the next deal's record says who deals and how many cards)."""
        match.deals += 1
        match.stopped = match.deals
        match.losers = match.next_dealer = None
        match.size_unknown = True
        match.unknown_markers += 1
        match.marker_slack += len(match.alive) - 1
        for seat in match.alive:
            match.damage_slack[seat] = match.damage_slack.get(seat, 0) + max(DAMAGE.values())
        match.from_record = "its cards not seen cannot be placed, so its damage is not known"

    def _check_exchange_partial(self, state: TwentyTwoState, action: Action
                                ) -> Exclusion | None:
        """An exchange with cards not seen: the counts as for a full record, the cards
        through the model (``_partial_exchange``)."""
        seat = played_by(action)
        given, drawn = action.cards, action.drawn
        moves = bool(given or drawn)
        if seat in state.exchanged:
            return Exclusion("22.exchange-once", f"{seat} has already had the one exchange of "
                              "this deal", Effect.stops_when(moves))
        if state.stage != EXCHANGE:
            if not moves and not state.play_started and seat in state.unasked:
                return None
            if state.play_started:
                return Exclusion("22.turn", f"play has begun: {seat} can no longer exchange",
                                  Effect.stops_when(moves))
            return self._stock_short(state, seat, Exclusion(
                "22.exchange-stock", f"the stock is empty: {seat} cannot exchange",
                Effect.stops_when(moves)))
        if seat != state.turn:
            return Exclusion("22.turn", f"it is {state.turn}'s turn to exchange (or decline), "
                              f"not {seat}'s", Effect.STOPS)
        problem = self._partial_exchange(state, seat, given, drawn)
        if problem is not None and problem.fatal:
            return problem
        if len(drawn) < len(given) > state.stock and len(drawn) <= state.stock:
            return self._stock_short(state, seat, Exclusion(
                "22.exchange-stock", f"{seat} discards {len(given)} cards but the stock holds "
                f"only {state.stock} (drawn: {len(drawn)}); an exchange goes no further than "
                "the stock", Effect.STOPS))
        if len(drawn) != len(given):
            return Exclusion("22.exchange-draw", f"{seat} discards {len(given)} and draws "
                              f"{len(drawn)}: an exchange draws as many as it discards",
                              Effect.STOPS)
        seen_drawn = Counter(card for card in drawn if card != UNSEEN)
        beyond = seen_drawn - state.unseen
        discarded = beyond & (state.discards + Counter(c for c in given if c != UNSEEN))
        strange = beyond - discarded
        if strange:
            return Exclusion("22.exchange-draw", f"{show(strange.elements())} is not in the "
                              "stock (held, played or a damage marker)", Effect.STOPS)
        if len(given) > state.stock:
            return self._stock_short(state, seat, Exclusion(
                "22.exchange-stock", f"{seat} exchanges {len(given)} cards but the stock holds "
                f"only {state.stock}"))
        if discarded:
            return Exclusion("22.exchange-discards", f"{show(discarded.elements())} was "
                              "discarded: discards never return to the stock")
        return problem

    @staticmethod
    def _stock_short(state: TwentyTwoState, seat: str, exclusion: Exclusion) -> Exclusion:
        """An exchange the stock cannot meet, when earlier draws were not seen: had one of
        them drawn a discard back (illegal), the stock would hold more, so one of those
        players or ``seat`` broke a rule."""
        model = state.model
        if model is None or not model.open_drawers:
            return exclusion
        seats = (*dict.fromkeys(model.open_drawers), seat)
        who = ", ".join(seats[:-1]) + " or " + seats[-1]
        return Exclusion(exclusion.rule, f"one of {who} broke a rule: {exclusion.message}, "
                         f"unless a draw not seen took a discard back (22.exchange-discards)",
                         exclusion.effect, culprits=seats)

    def _check_play_partial(self, state: TwentyTwoState, action: Action) -> Exclusion | None:
        """A play of a deal with cards not seen: the counts and the turn as for a full
        record, the cards through the model (referee.games.twenty_two.partial)."""
        seat = played_by(action)
        cards = action.cards
        model = state.model
        assert model is not None
        if state.stage == EXCHANGE:
            if seat != state.leader:
                return Exclusion("22.turn", f"the exchange round is on: {state.turn} must "
                                  "exchange or decline", Effect.STOPS)
            hand = model.play_hands[seat]
            problem = (self._partial_held(state, seat, cards, hand)
                       or self._partial_lead(state, seat, cards, hand))
            if problem is not None and problem.fatal or state.stock_low <= 0:
                return problem
            waiting = ", ".join(state.exchange_queue)
            return Exclusion("22.exchange-first", f"{waiting} must exchange or decline "
                              "('exchange none') before the first lead")
        if seat != state.turn:
            return Exclusion("22.turn", f"it is {state.turn}'s turn to play, not {seat}'s",
                              Effect.STOPS)
        hand = state.hands[seat]
        problem = self._partial_held(state, seat, cards, hand)
        if problem is not None:
            return problem
        if not state.trick:
            return self._partial_lead(state, seat, cards, hand)
        led = state.trick[0][1]
        if len(cards) != len(led):
            return Exclusion("22.follow-count", f"{seat} plays {len(cards)} card"
                              f"{'s' if len(cards) != 1 else ''} to a lead of {len(led)}",
                              Effect.STOPS)
        return self._partial_follow(state, seat, cards, hand)

    @staticmethod
    def _unseen_draws(state: TwentyTwoState, seat: str, action: Action, seen: int
                      ) -> tuple[int, int]:
        """How many cards an exchange with draws not seen took from the stock, presumed
        legal: all of them, less the discards his later plays show he drew back. A draw
        not seen might have been a discard drawn back (illegal: the stock is then one card
        larger): a later exchange that the stock cannot meet names him too
        (``open_drawers``)."""
        model = state.model
        assert model is not None
        earlier = model.unseen_discards
        model.unseen_discards += action.cards.count(UNSEEN)
        hidden = max(action.drawn.count(UNSEEN) - len(model.drawn_back.get(seat, ())), 0)
        if hidden and sum(state.discards.values()) + model.unseen_discards or earlier and seen:
            model.open_drawers.append(seat)  # (a seen draw may be a discard not seen)
        return seen + hidden, seen + hidden
