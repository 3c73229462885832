"""Setting up a deal: the dealer, the hands (given or inferred), the deal order and annulment at
the deal."""

from __future__ import annotations

from collections import Counter

from referee.games.twenty_eight.base import Engine28
from referee.games.twenty_eight.known import seat_of
from referee.games.twenty_eight.pack import MultiHand
from referee.games.twenty_eight.state import (
    Match28,
    TwentyEightState,
    action_card,
)
from referee.games.twenty_eight.unseen import read_unseen
from referee.model.cards import UNSEEN
from referee.model.errors import INCONSISTENT, RecordError
from referee.model.record import Action, Deal, Event, Hand
from referee.rules.base import (
    deal_dealer,
    located,
)
from referee.rules.dealing import claim_played_card, deal_card
from referee.rules.unseen import scan_deal


class DealSetup(Engine28):
    """The deal before the first call."""

    def _deal(self, match: Match28, deal: Deal, unseen: bool = False) -> TwentyEightState:
        """The deal's state before the first call: its dealer and hands (``start_deal``
        then lets the variants that are on prepare it)."""
        expected = match.next_dealer
        dealer = deal_dealer(deal, expected)
        state = TwentyEightState(deal.number, dealer, self.next_seat[dealer], self.team_names,
                                 self.players)
        if deal.dealer is not None and expected is not None and deal.dealer != expected:
            if match.redeal_same_dealer:
                rotation = "an annulled deal is dealt again by the same dealer"
            else:
                way = "counter-clockwise" if self.direction == "ccw" else "clockwise"
                rotation = f"the deal passes {way}"
            state.deal_findings.append((
                self.rule_id("28.dealer"),
                f"deal {deal.number} is dealt by {deal.dealer}, but {expected} should deal "
                f"({rotation})", None))
        self._deal_hands(state, deal, unseen)
        self._note_deal_order(state, deal)
        reason = self._annulment_at_deal(state)
        if reason:
            self._annul(state, reason)
        else:
            # whole hands are seen after the second batch ("checked after the second batch",
            # as the sources say of eight pointless cards): what comes before it is
            # refereed, so that an offender there is not saved by the annulment (the misplay
            # penalty comes first)
            state.annul_at_batch = self._annulment_of_whole_hands(state)
        return state

    def _annulment_at_deal(self, state: TwentyEightState) -> str | None:
        """Why the first batches cancel the deal before the auction, or None. (First
        hand's and the next player's pointless fours cancel it only when first hand passes,
        See the auction.)"""
        if not self.opts.redeal_first_two_pointless:
            return None
        fh = state.first_hand
        for seat in (fh, self._next(fh)):
            four = state.first_four.get(seat)
            if four is not None and self.point_cards.isdisjoint(four):
                return (f"{seat}, one of the first two to speak, has no point card in "
                        f"his first {self._first_batch_words()} ({self._show(four)})")
        return None

    def _annulment_of_whole_hands(self, state: TwentyEightState) -> str | None:
        """Why the whole dealt hands cancel the deal (``annul_other`` at the deal), or None."""
        opts = self.opts
        seats = self.table.seats
        if state.unseen is not None and (opts.annul_eight_zero or opts.annul_other):
            self._note_whole_hands(state)
        dealt, hand_size = state.dealt, self.hand_size
        if opts.annul_eight_zero:
            pointless = self.point_cards.isdisjoint
            for seat in seats:
                cards = dealt.get(seat, ())
                # is_pointless(cards) as one set test: every dealt card is in the pack
                if len(cards) == hand_size and pointless(cards):
                    return (f"{seat} was dealt {len(cards)} cards without a point "
                            f"({self._show(cards)})")
        if opts.annul_other:
            for seat in seats:
                cards = dealt.get(seat, ())
                if len(cards) != hand_size:
                    continue
                jacks = [c for c in cards if c[0] == "J"]
                if len(jacks) == self.jack_total:
                    return f"{seat} was dealt all the Jacks"
                if len({c[1] for c in cards}) == 1:
                    return f"{seat} was dealt a whole hand of one suit"
        return None

    def _deal_hands(self, state: TwentyEightState, deal: Deal, unseen: bool) -> None:
        """Fill the state's hands from the hand lines, inferring missing ones; with cards
        not seen (``??``, or a hand left out that the plays do not show in full), the rest
        goes to the consistency model (``state.unseen``)."""
        # the loop found '??' or a call naming a card: look where (else nothing to look for)
        partial, choice, showing = scan_deal(deal) if unseen else (False, None, None)
        dealt: set[str] = set()  # every card of the hands so far
        double = self.copies > 1
        # a double pack: how often each card was dealt
        copies: Counter[str] | None = Counter() if double else None
        hand_size, round_sizes, card_set = self.hand_size, self.round_sizes, self.card_set
        first_size = self.deal_rounds[0]
        seventh_at = self.seventh_position
        r, i = seventh_at if seventh_at is not None else (0, 0)  # (its round and place)
        dealt_of, hands_of = state.dealt, state.hands
        first_four, seventh_of = state.first_four, state.seventh
        for hand in deal.hands:
            seat = hand.seat
            if seat in dealt_of:  # filled in hand by hand, below
                raise located(RecordError("record.hand-twice",
                                          f"{seat}'s hand is given twice"), hand)
            rounds = hand.rounds
            written = hand.cards  # a new list
            cards = [c for c in written if c != UNSEEN] if partial else written
            held = set(cards)
            if copies is not None:
                self._count_copies(hand, cards, copies)
            # the usual case in one test: every card in the pack, none dealt before or twice
            elif (len(held) != len(cards) or not held <= card_set
                  or not held.isdisjoint(dealt)):
                self._own_cards(hand, cards, self._owners(state))  # raises at the faulty card
            dealt |= held
            sizes = list(map(len, rounds))
            if sizes == round_sizes:  # (so the hand has hand_size cards)
                four = written[:first_size]
                first_four[seat] = None if UNSEEN in four else four
                if seventh_at is not None:
                    seventh = rounds[r][i]
                    seventh_of[seat] = None if seventh == UNSEEN else seventh
            elif len(written) != hand_size:
                raise located(RecordError(
                    "record.hand-size",
                    f"{seat} has {len(written)} cards; each player is dealt "
                    f"{hand_size}"), hand)
            elif len(sizes) == 1:
                first_four[seat] = None
                seventh_of[seat] = None
            else:
                shown = " | ".join(str(n) for n in sizes)
                wanted = " | ".join(str(n) for n in self.deal_rounds)
                raise located(RecordError(
                    "record.hand-rounds",
                    f"{seat}'s hand is written in rounds of {shown} cards; {self.title} "
                    f"deals {wanted} (or write all {hand_size} without '|')"), hand)
            # ``cards`` is a list of this deal's own (not the hand line's rounds)
            dealt_of[seat] = cards
            # a MultiHand offers every set operation the replay uses on a hand
            hands_of[seat] = (MultiHand(cards)  # type: ignore[assignment]
                              if double else held)
        # (the loop checked that every hand's seat is at the table)
        missing = ([seat for seat in self.table.seats if seat not in dealt_of]
                   if len(dealt_of) < self.players else [])
        if missing and self.copies > 1:
            partial = True  # two copies of a card: only the counting places them
        if missing and not partial:
            # a hand the plays show in full is known exactly; else the rest is unseen
            played = Counter(event.action.seat for event in deal.events
                             if event.action.kind == "play")
            partial = any(played[seat] < self.hand_size for seat in missing)
            if not partial:
                self._infer_hands(state, deal, self._owners(state), missing)
        if partial and not unseen:
            _, choice, showing = scan_deal(deal)
        named = (self._named_facedown(state, deal, choice, showing)
                 if choice is not None and (partial or unseen) else None)
        if partial:
            self._deal_unseen(state, deal, missing, named)

    def _named_facedown(self, state: TwentyEightState, deal: Deal, choice: Event,
                        shown: Event | None) -> tuple[str, str | None] | None:
        """The bidder and his face-down trump card as the record names it (at the trump
        choice, or at the call that shows it: ``S call 8H``); None when trumps are not
        chosen by a card laid face down. A call that names another card than the trump
        choice is an error of the record, and so is a call that exposes a card the record
        never names."""
        action = choice.action
        seat = seat_of(action)
        if seat is None:
            return None
        named = shown.action.cards[0] if shown is not None else None
        if action.value == "seventh":
            card = state.seventh.get(seat)
            if card is None and named is not None:
                state.seventh[seat] = card = named  # the call shows the seventh card
        elif action.cards:
            card = action.cards[0]
        else:
            return None  # a suit named openly: no card lies face down
        if card == UNSEEN:
            card = None
        if (shown is not None and named is not None and named != UNSEEN and card is not None
                and named != card):
            raise located(RecordError(
                INCONSISTENT,
                f"the call shows {named}, but the trump card {seat} laid face down is "
                f"{card}"), shown)
        if card is None and named is not None and named != UNSEEN:
            card = named
        if card is None:
            plain = next((e for e in deal.events
                          if e.action.kind == "call" and not e.action.cards), None)
            if plain is not None:
                raise located(RecordError(
                    "record.unseen",
                    f"the call exposes the trump {'indicator' if self.spare else 'card'}, "
                    f"which the record never names: write the card it shows "
                    f"('{plain.action.seat} call CARD')"), plain)
        return (seat, card)

    def _deal_unseen(self, state: TwentyEightState, deal: Deal, missing: list[str],
                     named: tuple[str, str | None] | None) -> None:
        """Set up the consistency model of a deal with cards not seen."""
        facedown = None if named is None or self.spare else named
        unseen = read_unseen(deal, self.table.seats, self.hand_size, self.pack, facedown)
        unseen.notes, unseen.note_seats = state.notes, state.note_seats
        for seat in self.table.seats:
            cards = unseen.dealt[seat]
            state.dealt[seat] = cards
            state.hands[seat] = (MultiHand(cards)  # type: ignore[assignment]
                                 if self.copies > 1 else set(cards))
            if seat in missing:
                state.first_four[seat] = None
                state.seventh.setdefault(seat, None)
                state.inferred.add(seat)
        for event in deal.events:
            action = event.action
            if action.kind == "call" and action.cards:
                unseen.actual[id(action)] = Action(action.seat, "call")
            elif (action.kind == "trump" and action.cards == (UNSEEN,) and named is not None
                  and named[1] is not None):  # the card (or indicator) a call shows
                unseen.actual[id(action)] = Action(action.seat, "trump", (named[1],))
        state.unseen = unseen

    def _note_whole_hands(self, state: TwentyEightState) -> None:
        """A hand not seen in full may have cancelled the deal (no point card in it, or with
        ``annul_other`` all the Jacks or one suit): the check is a note, never a guess."""
        unseen = state.unseen
        assert unseen is not None
        if not unseen.play_seats:
            return  # the record stops before the play, where the cancellation would fall
        for seat in self.table.seats:
            if not unseen.held_unseen(seat, 0):
                continue
            known = state.dealt.get(seat, [])
            pointless = self.opts.annul_eight_zero and self.point_cards.isdisjoint(known)
            if pointless and not unseen.may_hold_only(seat, self.card_set - self.point_cards):
                pointless = False
            if pointless or self.opts.annul_other:
                unseen.note(seat, self.rule_id("28.thrown-in"), 0)

    def _count_copies(self, hand: Hand, cards: list[str], copies: Counter[str]) -> None:
        """Deal ``hand``'s cards from a pack with ``self.copies`` of each; raise at the first
        card that is not in the pack or is dealt once too often."""
        for card in cards:
            if card not in self.card_set:
                raise located(RecordError(
                    "record.card-not-in-pack",
                    f"{card} is not in the {len(self.pack)}-card pack of {self.title} "
                    f"(ranks {' '.join(self.rank_order)})"), hand)
            copies[card] += 1
            if copies[card] > self.copies:
                raise located(RecordError(
                    "record.card-twice", f"{card} is dealt {copies[card]} times; the pack has "
                    f"{self.copies}"), hand)

    @staticmethod
    def _owners(state: TwentyEightState) -> dict[str, str]:
        """Card -> seat, for the hands dealt so far."""
        return {card: seat for seat, cards in state.dealt.items() for card in cards}

    def _own_cards(self, hand: Hand, cards: list[str], owner: dict[str, str]) -> None:
        """Give ``hand``'s cards to its seat one by one; raise at the first faulty card."""
        pack_text = (f"the {len(self.pack)}-card pack of {self.title} "
                     f"(ranks {' '.join(self.rank_order)})")
        for card in cards:
            deal_card(owner, card, hand.seat, hand, self.card_set, pack_text)

    def _infer_hands(self, state: TwentyEightState, deal: Deal, owner: dict[str, str],
                     missing: list[str]) -> None:
        """The hands of ``missing`` seats from their plays and trump cards."""
        inferred: dict[str, list[str]] = {seat: [] for seat in missing}
        for event in deal.events:
            action = event.action
            seat = action.seat
            if seat is None or seat not in inferred or action.kind not in ("play", "trump"):
                continue
            laid = action_card(action)
            cards = action.cards if action.kind == "play" else (
                (laid,) if laid and not self.spare else ())
            for card in cards:
                if claim_played_card(owner, card, seat, event, self.card_set,
                                     f"the {len(self.pack)}-card pack of {self.title}"):
                    inferred[seat].append(card)
            if action.kind == "trump" and action.value == "seventh":
                raise located(RecordError(
                    "record.deal-order",
                    f"'{action.seat} trump seventh' needs {action.seat}'s hand line in its "
                    f"dealing rounds: the seventh card fixes trumps"), event)
        for seat in missing:
            state.dealt[seat] = inferred[seat]
            state.hands[seat] = set(inferred[seat])
            state.first_four[seat] = None
            state.seventh[seat] = None
            state.inferred.add(seat)

    def _note_deal_order(self, state: TwentyEightState, deal: Deal) -> None:
        if None not in state.first_four.values():
            return  # every hand is given in its dealing rounds: nothing to note
        unchecked: list[str] = []
        if self.opts.redeal_first_two_pointless or (self.opts.annul_fh_and_next_pointless
                                                    and _opens_with_a_pass(deal, state)):
            # annul_fh_and_next_pointless (on first hand's pass) and pagat.com's
            # redeal_first_two_pointless look at the first two speakers'
            # first batches
            fh = state.first_hand
            unknown = [seat for seat in (fh, self._next(fh)) if state.first_four.get(seat) is None]
            if unknown:
                unchecked.append(
                    f"{' and '.join(unknown)}: no first {self._first_batch_words()} in the "
                    f"record, so the annulment for a pointless first batch could "
                    f"not be checked")
        for event in deal.events:
            action = event.action
            seat = seat_of(action)
            if seat is None or seat not in state.first_four:
                continue
            if state.first_four[seat] is not None:
                continue
            how = ("inferred from the plays" if seat in state.inferred
                   else "given without its dealing rounds")
            if action.kind == "trump" and action.value == "seventh":
                cards = state.dealt[seat]
                if state.unseen is not None and seat in state.inferred:
                    # a hand not seen: the card laid is unseen, or named at the call
                    shown = state.seventh.get(seat)
                    unchecked.append(
                        f"{seat}'s hand is not seen: could not check that the trump card "
                        f"{shown or 'laid face down'} was his seventh card")
                    continue
                if len(cards) >= 7:
                    state.seventh[seat] = cards[6]
                unchecked.append(
                    f"{seat}'s hand is {how}: the seventh card is taken to be the 7th card "
                    f"listed ({cards[6] if len(cards) >= 7 else '?'})")
            elif action.kind == "trump" and (
                    not self.spare or action_card(action) in self.card_set):
                card = action_card(action)
                if card == UNSEEN and state.unseen is not None:  # named at the call
                    card = action_card(state.unseen.actual.get(id(action), action))
                seventh = " (or was his seventh card)" if self.opts.seventh_card else ""
                shown = ("face-down trump card" if card == UNSEEN
                         else f"trump card {card or action.value}")
                unchecked.append(
                    f"{seat}'s hand is {how}: could not check that the {shown} came from "
                    f"{seat}'s first {self._first_batch_words()}{seventh}")
            elif action.kind == "redeal" and seat == state.first_hand:
                unchecked.append(
                    f"{seat}'s hand is {how}: could not check that first hand's first "
                    f"{self._first_batch_words()} had no point card (redeal)")
        if unchecked:
            state.notes.append((self.rule_id("28.deal-order"), "; ".join(dict.fromkeys(unchecked))))


def _opens_with_a_pass(deal: Deal, state: TwentyEightState) -> bool:
    """True if the deal's first call is first hand's pass (cancellation no. 4 then needs the
    first two speakers' first batches)."""
    for event in deal.events:
        action = event.action
        if action.kind in ("bid", "pass", "redeal", "hold"):
            return action.kind == "pass" and action.seat == state.first_hand
    return False
