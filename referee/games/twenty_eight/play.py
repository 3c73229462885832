"""Play: following suit, the lead, the face-down card, the caller's duty, undertrumping and winning
tricks."""

from __future__ import annotations

from referee.games.twenty_eight.base import Engine28
from referee.games.twenty_eight.state import (
    AUCTION,
    OVER,
    PLAY,
    TRUMP,
    WINDOW,
    TwentyEightState,
)
from referee.model.cards import SUIT_NAMES
from referee.model.record import Action
from referee.rules.base import (
    Effect,
    Exclusion,
    TrickSummary,
    summarise_tricks,
)
from referee.rules.tricks import Trick


class Play(Engine28):
    """Cards played to tricks."""

    def _check_play(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        """A play, in the rulebook's order: the stage, one card, the turn, the face-down card,
        holding the card, then the lead, following suit and, void in the
        suit led, calling (``28.call``, ``28.call-must-trump``) and undertrumping."""
        seat = action.seat
        assert seat is not None  # every action of the family has a seat
        if state.stage in (AUCTION, TRUMP):
            return self._stage_blocks_play(state, seat)
        cards = action.cards
        if len(cards) != 1:
            return self._excl("28.turn", f"{seat} plays {len(cards)} cards; a play is one card",
                              Effect.STOPS)
        card = cards[0]
        if seat != state.turn:
            if state.mode.sits_out(seat):
                return self._excl("28.turn", f"{seat} takes no part: his partner "
                                  f"{state.mode.declarer} plays a single hand", Effect.STOPS)
            return self._excl("28.turn", f"it is {state.turn}'s turn to play, not {seat}'s",
                              Effect.STOPS)
        # the face-down trump card is outside the bidder's hand until exposed
        # (a double pack's other copy of it is an ordinary card of his hand)
        if (card == state.facedown and seat == state.bidder and not state.revealed
                and card not in state.hands[seat]):
            return self._check_facedown_play(state, seat, card)
        hand = state.hands[seat]
        if card not in hand:
            return self._excl("28.not-held", f"{seat} does not hold {card}", Effect.STOPS)
        trick = state.trick
        if not trick:
            return self._check_lead(state, seat, card)
        led = trick[0][1][1]
        # 28.follow-suit: follow suit if able (self.follow, the shared rule, words it)
        if card[1] == led:
            return None
        if not hand.isdisjoint(self.suit_cards[led]):
            return self.follow.exclusion(seat, card, hand & self.suit_cards[led],
                                         suit=SUIT_NAMES[led])
        # void in the suit led
        trump = state.trump
        opts = self.opts
        if not state.revealed:
            # a void player may call; with trump_call_mandatory he must
            if (opts.trump_call_mandatory and trump is not None
                    and not state.void_occasion):
                return self._excl("28.must-call", f"{seat} has no {SUIT_NAMES[led]} and must call "
                                  f"for the concealed trump before playing "
                                  f"(trump_call_mandatory)")
            return None
        # the caller must trump if able (28.call-must-trump)
        if trump is not None and self._caller_duty(state, seat):
            trumps = hand & self.suit_cards[trump]
            if opts.caller_must_trump and trumps and card[1] != trump:
                return self._excl("28.call-must-trump", f"{seat} called for the trump and holds "
                                  f"{self._show(trumps)}: he must play a trump to this trick")
            if (opts.self_reveal_card == "exposed" and seat == state.bidder
                    and state.facedown in hand and card != state.facedown):
                return self._excl("28.call-must-trump", f"{seat} exposed his trump card "
                                  f"{state.facedown} himself and must play it "
                                  f"(self_reveal_card = exposed)")
            return None
        # no undertrumping unless holding nothing else
        if opts.no_undertrump and trump is not None and card[1] == trump:
            return self._check_undertrump(state, seat, card, trump)
        return None

    def _check_undertrump(self, state: TwentyEightState, seat: str, card: str, trump: str
                          ) -> Exclusion | None:
        counting = self._counting_trumps(state)
        if not counting:
            return None
        strength = self.strength
        top = max(counting, key=lambda c: strength[c[0]])
        # "a higher trump or a card of a non-trump suit": an equal trump (Forty's J
        # and 3, Fifty-Six's second copy) loses to the one played first, so it is no better,
        # unless the last of equal cards wins (option equal_cards)
        beats = 0 if self.last_wins else 1
        if strength[card[0]] < strength[top[0]] + beats:
            hand = state.hands[seat]
            ok = [c for c in hand if c[1] != trump or strength[c[0]] >= strength[top[0]] + beats]
            if ok:
                how = "under" if strength[card[0]] < strength[top[0]] else "level with"
                return self._excl(
                    "28.undertrump", f"{seat} may not play {card} {how} {top}, the trump already "
                    f"in the trick: he holds {self._show(ok)} (a higher trump or a card of "
                    f"another suit)")
        return None

    def _check_facedown_play(self, state: TwentyEightState, seat: str, card: str
                             ) -> Exclusion | None:
        """The bidder plays his face-down card: only once exposed."""
        if self._forced_trick8(state, seat):
            return None  # the face-down card is exposed at his turn, then played
        # not in his hand until exposed: like a card he does not hold, the play stops the
        # replay of the deal (which trick would follow is unknown)
        reason = self.hooks.call_problem(state, seat)
        if reason:
            return self._excl("28.call", f"{card} lies face down as the trump card: {seat} "
                              f"can play it only after the trump is exposed, and {reason}",
                              Effect.STOPS)
        return self._excl("28.call", f"{card} lies face down as the trump card: {seat} must "
                          f"call for the trump (expose it) before playing it "
                          f"(write '{seat} call')", Effect.STOPS)

    def _check_lead(self, state: TwentyEightState, seat: str, card: str) -> Exclusion | None:
        """The bidder's ban on leading the concealed trump: lifted when he holds
        only trumps, and by default (ii) once another player has led trumps; with
        ``bidder_lead_restriction = strict`` only the exposure lifts it."""
        trump = state.trump
        ban = self.opts.bidder_lead_restriction
        if (ban != "no" and seat == state.bidder and trump
                and not state.revealed and card[1] == trump
                and (ban == "strict" or not state.trump_led_by_other)):
            others = [c for c in state.hands[seat] if c[1] != trump]
            if others:
                why = (f"though another player has led {SUIT_NAMES[trump]} (bidder_lead_"
                       f"restriction = strict)" if state.trump_led_by_other
                       else f"and nobody else has led {SUIT_NAMES[trump]}")
                return self._excl(
                    "28.lead-trump", f"{seat}, the bidder, may not lead {SUIT_NAMES[trump]} (the "
                    f"concealed trump) while he holds other suits ({self._show(others)}) "
                    f"{why}")
        return None

    def _caller_duty(self, state: TwentyEightState, seat: str) -> bool:
        """True if ``seat`` called in the current trick and has not played to it yet."""
        return (state.caller == seat and state.reveal_trick == len(state.tricks) + 1
                and bool(state.trick) and state.reveal_index is not None
                and state.reveal_index >= 0 and all(s != seat for s, _ in state.trick))

    def _counting_trumps(self, state: TwentyEightState) -> list[str]:
        """Cards in the current trick that count as trumps (option ``pre_reveal_trumps_count``)."""
        trump = state.trump
        if not state.revealed or trump is None:
            return []
        start = self._counting_from(state, len(state.tricks) + 1, state.led_suit())
        return [c for i, (_, c) in enumerate(state.trick) if c[1] == trump and i >= start]

    def _counting_from(self, state: TwentyEightState, number: int, led: str | None) -> int:
        if state.reveal_trick is None or state.reveal_trick < number:
            return 0
        if led == state.trump or self.opts.pre_reveal_trumps_count:
            return 0  # cards following a trump lead are never discards: all count
        return state.reveal_index or 0

    def _apply_play(self, state: TwentyEightState, action: Action) -> None:
        seat = action.seat
        assert seat is not None  # every action of the family has a seat
        card = action.cards[0]
        if state.stage == WINDOW:
            state.stage = PLAY
        if (card == state.facedown and seat == state.bidder and not state.revealed
                and card not in state.hands[seat]):
            self.hooks.reveal(state, seat)  # exposed at his turn, then played
            if state.disregard:
                return  # annul_other cancelled the deal at the reveal
        trick = state.trick
        if (trick and not state.revealed and card[1] != trick[0][1][1]
                and state.hands[seat].isdisjoint(self.suit_cards[trick[0][1][1]])):
            state.void_occasion = True  # a void player played without calling
        self._lay_card(state, seat, card)

    def _lay_card(self, state: TwentyEightState, seat: str, card: str) -> None:
        """``seat`` plays ``card`` from his hand to the trick, which may complete it."""
        trick = state.trick
        state.hands[seat].discard(card)
        if not trick:  # a lead opens the next trick (the first lead opens play)
            state.play_started = True
            state.trick_no = len(state.tricks) + 1
            if state.trump and card[1] == state.trump and seat != state.bidder:
                state.trump_led_by_other = True
        trick.append((seat, card))
        played = state.trick_len = len(trick)
        if played >= state.mode.trick_size(self.players):
            self._complete_trick(state)
        else:  # a single-hand declarer's partners sit out: the mode skips them
            state.turn = state.mode.next_player(seat, self.next_seat)

    def _complete_trick(self, state: TwentyEightState) -> None:
        trick = state.trick
        number = len(state.tricks) + 1
        winner = self.trick_winner(state, trick, number)
        card_points = self.card_points
        points = 0
        for _, card in trick:
            points += card_points.get(card, 0)
        if number == self.tricks_per_deal:
            points += self.opts.last_trick_bonus  # 29: one point
        state.tricks.append(Trick(number, trick, winner, points))
        state.points[self.team_of[winner]] += points
        state.trick = []  # a new list: the completed trick keeps the old one
        state.trick_len = 0
        state.trick_no = number
        state.turn = winner
        state.mode = state.mode.after_trick(number, winner, self.table.same_team)
        if number >= self.tricks_per_deal:
            state.stage = OVER
            state.turn = None
        elif (number == self.tricks_per_deal - 1 and not state.revealed
              and state.trump is not None
              and self.opts.void_if_trump_never_called == "void"):
            state.void = True
            state.stage = OVER
            state.turn = None

    def completed_tricks(self, state: TwentyEightState) -> list[TrickSummary]:
        """The tricks so far with the running card points per team (for annotations)."""
        return summarise_tricks(((t.number, t.winner, t.points) for t in state.tricks),
                                self.team_of, state.points)

    def trick_winner(self, state: TwentyEightState, plays: list[tuple[str, str]],
                     number: int) -> str:
        """The winner of ``plays`` as trick ``number``.

        The highest trump that counts wins (trump cards played to the revealing trick before
        the call do not count, see ``_counting_from``); without one, the highest card of the
        suit led.
        """
        led = plays[0][1][1]
        power = self.power_nt if state.no_trump else self.power
        last = int(self.last_wins)  # with last_wins a tie goes to the later card
        trump = state.trump if state.revealed else None
        if trump is not None:
            start = self._counting_from(state, number, led)
            best, winner = -1, None
            for i, (seat, card) in enumerate(plays):
                if card[1] == trump and i >= start and power[card] + last > best:
                    best, winner = power[card], seat
            if winner is not None:
                return winner
        best, leader = -1, plays[0][0]  # the lead is of the suit led: it wins if none beats it
        for seat, card in plays:
            if card[1] == led and power[card] + last > best:
                best, leader = power[card], seat
        return leader
