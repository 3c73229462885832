"""Trumps: the bidder's choice (own card, seventh card, spare indicator) and the call that exposes
it (``28.trump-card``, ``28.call``, ``28.must-call``)."""

from __future__ import annotations

from referee.games.twenty_eight.base import Engine28
from referee.games.twenty_eight.known import seat_of
from referee.games.twenty_eight.state import (
    AUCTION,
    PLAY,
    TRUMP,
    WINDOW,
    TwentyEightState,
    action_card,
)
from referee.model.cards import SUIT_NAMES, UNSEEN
from referee.model.record import Action
from referee.rules.base import (
    Effect,
    Exclusion,
)


class TrumpChoice(Engine28):
    """Choosing trumps and calling for them."""

    def _check_trump(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        seat = seat_of(action)
        if state.stage == AUCTION:
            if state.high_bidder != seat:
                who = (f"{state.high_bidder} holds the standing bid"
                       if state.high_bidder else "nobody has bid")
                return self._excl("28.turn", f"{seat} cannot choose trumps: the auction is not "
                                  f"over and {who}", Effect.STOPS)
            # the standing high bidder chooses: the auction counts as over,
            # unless the choice itself leaves the deal undefined (a suit named where a card
            # must lie face down): that stops the replay, and is what is reported
            problem = self.hooks.trump_choice_problem(state, seat, action)
            if problem is not None and problem.fatal:
                return problem
            return self._excl("28.auction-open", self._open_auction_message(state))
        if state.stage != TRUMP:
            alone = state.mode.rules_out("trump")
            if alone:
                return self._excl("28.turn", f"{seat} cannot choose trumps: {alone}", Effect.STOPS)
            return self._excl("28.turn", f"trumps were already chosen by {state.bidder}",
                              Effect.STOPS)
        if seat != state.bidder:
            return self._excl("28.turn", f"only the bidder {state.bidder} chooses trumps, "
                              f"not {seat}", Effect.STOPS)
        return self.hooks.trump_choice_problem(state, seat, action)

    def _trump_choice_problem(
        self, state: TwentyEightState, seat: str, action: Action
    ) -> Exclusion | None:
        card = action_card(action)
        if self._by_seventh(state, seat, action.value, card):
            if not self.opts.seventh_card:
                seventh = card or state.seventh.get(seat)
                shown = f" ({seventh})" if seventh else ""
                # without a seventh card (Forty deals six) no trump is known: stop there
                unknown = seventh is None
                return self._excl("28.seventh-card", f"{seat} may not choose trumps by his seventh "
                                  f"card{shown} (seventh_card = no); he must lay a card of his "
                                  f"first {self._first_batch_words()}", Effect.stops_when(unknown))
            return None
        unseen = state.unseen
        if self.spare:
            # the spare indicator: a suit, or a spare 2-5 card of it
            if card is None or card == UNSEEN or (
                    card not in self.card_set and card[0] in self.indicator_ranks):
                return None
            held = card in state.hands[seat] or (
                unseen is not None and unseen.may_hold(seat, (card,)))
            if held and state.first_four.get(seat) is None and self.opts.seventh_card:
                return None  # no deal order in the record: it may be his seventh card (noted)
            what = "a playing card" if card in self.card_set else "not a spare card"
            return self._excl("28.trump-card", f"{seat} shows {card}, {what}: with the "
                              f"spare indicator the bidder keeps his cards and shows the trump "
                              f"suit with a spare {'-'.join(self.indicator_ranks[::3])} card "
                              f"(write '{seat} trump {card[1]}' or '{seat} trump "
                              f"{self.indicator_ranks[-1]}{card[1]}')")
        if card is None:
            suit = str(action.value)
            # which card lies face down is unknown: the replay of the deal stops here
            return self._excl("28.trump-card", f"{seat} named {SUIT_NAMES.get(suit, suit)} but "
                              f"must lay a card of the trump suit from his first "
                              f"{self._first_batch_words()} face "
                              f"down (or call for the seventh card)", Effect.STOPS)
        if unseen is not None and (card == UNSEEN or card in unseen.floating.get(seat, ())):
            return None  # a card not seen, or perhaps played unseen: his whatever it is
        if card not in state.hands[seat] and (
                unseen is None or not unseen.may_hold(seat, (card,))):
            return self._excl("28.not-held", f"{seat} does not hold {card} and cannot lay it "
                              f"face down as the trump card", Effect.STOPS)
        four = state.first_four.get(seat)
        if four is not None and card not in four:
            suits = sorted({c[1] for c in four}, key="SHDC".index)
            names = ", ".join(SUIT_NAMES[s] for s in suits)
            return self._excl(
                "28.trump-card", f"{card} is not among {seat}'s first {self._first_batch_words()} "
                f"({self._show(four)}): "
                f"the trump card comes from them (possible trumps: {names}), or he calls for "
                f"the seventh card")
        return None

    @staticmethod
    def _by_seventh(state: TwentyEightState, seat: str, value: object, card: str | None
                    ) -> bool:
        """True if the trump action of ``value`` and ``card`` (``action_card``) chooses trumps
        by ``seat``'s seventh card: ``trump seventh``, or ``trump CARD`` naming that card,
        which is then not one of his first four (with two copies of a card, a copy among the
        first four is the one laid)."""
        if value == "seventh":
            return True
        return (card is not None and card == state.seventh.get(seat)
                and card not in (state.first_four.get(seat) or ()))

    def _apply_trump(self, state: TwentyEightState, action: Action) -> None:
        seat = seat_of(action)
        if state.stage == AUCTION:
            if state.high_bidder != seat:
                return
            state.bidder, state.bid = state.high_bidder, state.high_bid
            state.stage = TRUMP
        if state.stage != TRUMP or seat != state.bidder:
            return
        value = action.value
        card = action_card(action)
        state.trump_seventh = self._by_seventh(state, seat, value, card)
        if value == "seventh":
            card = state.seventh.get(seat)
            if card is None and state.unseen is not None:
                card = UNSEEN  # his seventh card, which the record does not show
        if value == "seventh" and card is None:
            state.trump = state.facedown = None  # no seventh card (Forty): no trump chosen
        elif self.spare:
            # the bidder keeps every card; a 2 may declare no trumps
            if card is None:
                state.trump = str(action.value) if action.value else None
            elif self.opts.no_trump_two and card[0] == "2" and card not in self.card_set:
                state.trump, state.no_trump = None, True
            else:
                state.trump = card[1]
            state.facedown = None
        elif card is None:
            state.trump = str(action.value) if action.value else None
            state.facedown = None
        else:
            state.trump = card[1]
            state.facedown = card
            state.hands[seat].discard(card)
        state.stage = WINDOW
        state.turn = state.first_hand

    def _call_problem(self, state: TwentyEightState, seat: str) -> str | None:
        """Why ``seat`` may not call for the trump now (None if he may)."""
        alone = state.mode.rules_out("call")
        if alone:
            return alone
        if state.no_trump:
            return "the bidder declared no trumps (a 2 as indicator): there is no trump"
        if state.trump is None:
            return "no trump has been chosen"
        if state.revealed:
            return f"the trump ({SUIT_NAMES[state.trump]}) is already exposed"
        if self._forced_trick8(state, seat) and seat == state.turn:
            return None
        if seat != state.turn:
            return f"it is {state.turn}'s turn, not {seat}'s"
        led = state.led_suit()
        if led is None:
            return f"{seat} is leading: only a player void in the suit led may call"
        if led == UNSEEN[1]:
            if state.unseen is not None:  # the lead was not seen: his void is not checked
                state.unseen.note(seat, self.rule_id("28.call"), len(state.tricks) + 1)
            return None
        held = state.hands[seat] & self.suit_cards[led]
        if held:
            return (f"{seat} holds {self._show(held)}: only a player void in "
                    f"{SUIT_NAMES[led]} may call")
        unseen = state.unseen
        if unseen is not None:
            # the caller is void in the suit led (a fact for the rest of the deal)
            void = self.suit_cards[led]
            if seat == state.bidder and state.facedown in void:
                void = void - {state.facedown}  # his face-down card is not in his hand
            presumed = unseen.presume_void(seat, void, self.rule_id("28.call"),
                                           len(state.tricks) + 1)
            if presumed.culprits:
                return (f"only a player void in {SUIT_NAMES[led]} may call, and the cards not "
                        f"seen cannot be placed so that every play of "
                        f"{', '.join(presumed.culprits)} was legal")
            if presumed.holds:
                return (f"only a player void in {SUIT_NAMES[led]} may call, and {seat} "
                        f"holds one of them (counting the cards the record shows)")
        return None

    def _check_trump_call(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        seat = seat_of(action)
        blocked = self._stage_blocks_play(state, seat)
        if blocked:
            return Exclusion(blocked.rule, blocked.message)  # reported; the call is ignored
        if state.stage == WINDOW:
            return self._excl("28.call", f"{seat} may not call for the trump before the first "
                              f"lead: only a player void in the suit led may call")
        reason = self._call_problem(state, seat)
        if reason:
            return self._excl("28.call", f"{seat} may not call for the trump: {reason}")
        return None

    def _apply_call(self, state: TwentyEightState, action: Action) -> None:
        if state.stage != PLAY or state.revealed or state.trump is None:
            return
        self._reveal(state, seat_of(action))

    def _reveal(self, state: TwentyEightState, seat: str) -> None:
        state.revealed = True
        state.reveal_trick = len(state.tricks) + 1
        state.reveal_index = len(state.trick)
        state.caller = seat
        state.facedown_to_hand()
        if self.opts.annul_other and state.bidder is not None and state.trump is not None:
            trumps = self.suit_cards[state.trump]
            if all(trumps.isdisjoint(state.dealt.get(other, ()))
                   for other in self.table.seats if not self.table.same_team(
                       other, state.bidder)):
                self._annul(state, f"the bidder's opponents were dealt no trump "
                                   f"(no {SUIT_NAMES[state.trump]})")
