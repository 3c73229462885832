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

from referee.games.twenty_two.model import CARD_STRENGTH, DAMAGE, RANK_ORDER, STRENGTH, covers
from referee.games.twenty_two.model import show as show_cards
from referee.games.twenty_two.record import FromRecord22
from referee.games.twenty_two.state import Match22, TwentyTwoState
from referee.games.twenty_two.unseen import below
from referee.model.cards import UNSEEN, Card
from referee.rules.base import DealResult, Effect, Exclusion
from referee.rules.unseen import UNCHECKED


def _seen(cards: tuple[Card, ...] | list[Card]) -> list[Card]:
    return [card for card in cards if card != UNSEEN]


class Partial22(FromRecord22):
    """The checks and the carrying out of a deal with cards not seen (``state.model``)."""

    last_of_equals_wins: bool
    ace_lead_forces_lowest: bool

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
        shown = show_cards(missing.elements()) if missing else f"{need} cards not seen"
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
            return Exclusion("22.lead-equal", f"{seat} leads {show_cards(_seen(cards))}: cards "
                              "led together are of one rank")
        hidden = cards.count(UNSEEN)
        trick = len(state.tricks) + 1
        if hidden and ranks:
            rank = next(iter(ranks))
            if not model.may_hold(seat, rank):
                return Exclusion("22.lead-equal", f"{seat} leads {show_cards(_seen(cards))} "
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
        lowest = show_cards(sorted(rest.elements(), key=CARD_STRENGTH.__getitem__)[:1])
        duty = (f"{show_cards(cards)} neither matches or beats the bar "
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
            state.turn = self._next_living(seat, state.living)

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
            return Exclusion("22.exchange-discards", f"{show_cards(back)} was discarded and "
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
