"""Play: following suit, the lead, the face-down card, the caller's duty, undertrumping and winning
tricks."""

from __future__ import annotations

from referee.games.twenty_eight.base import Engine28
from referee.games.twenty_eight.mode import PARTNERSHIP, PartnershipMode
from referee.games.twenty_eight.state import (
    AUCTION,
    OVER,
    PLAY,
    TRUMP,
    WINDOW,
    TwentyEightState,
)
from referee.games.twenty_eight.unseen import UnseenCards
from referee.model.cards import SUIT_NAMES, UNSEEN
from referee.model.record import Action
from referee.rules.base import (
    Effect,
    Exclusion,
    TrickSummary,
    summarise_tricks,
)
from referee.rules.tricks import Trick

_BEFORE_PLAY = frozenset((AUCTION, TRUMP))
"""The stages in which no card may be played yet (``_stage_blocks_play`` says why)."""

_MAY_HOLD = Exclusion("", "")
"""``_check_unheld``'s answer for a card that may be among the player's cards not seen (a
marker, never reported)."""


class Play(Engine28):
    """Cards played to tricks."""

    def _check_play(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        """A play judged, not carried out (``_play``)."""
        return self._play(state, action, lay=False)

    def _apply_play(self, state: TwentyEightState, action: Action) -> None:
        """``action``'s seat plays its card from his hand to the trick (``_play``), unjudged."""
        self._play(state, action, judge=False)

    def _play(self, state: TwentyEightState, action: Action, judge: bool = True,
              lay: bool = True) -> Exclusion | None:
        """A play judged (``judge``) and, if legal, carried out (``lay``): one function, as
        this runs for every card of every deal checked.

        The judgement is in the rulebook's order: the stage, one card, the turn, the face-down
        card, holding the card, then the lead, following suit and, void in the suit led,
        calling (``28.call``, ``28.call-must-trump``) and undertrumping (``_check_off_suit``).
        """
        seat, _, cards, _, _ = action
        assert seat is not None  # every action of the family has a seat
        unseen = state.unseen
        trick = state.trick
        if judge:
            if state.stage in _BEFORE_PLAY:
                return self._stage_blocks_play(state, seat)
            if len(cards) != 1:
                return self._excl("28.turn", f"{seat} plays {len(cards)} cards; a play is "
                                  f"one card", Effect.STOPS)
            card = cards[0]
            if seat != state.turn and not (unseen is not None and not trick
                                           and seat in unseen.open_turn):
                return self._out_of_turn(state, seat)
            hand, exclusion = state.hands[seat], None
            if unseen is not None and card == UNSEEN:
                exclusion = self._check_unseen_play(state, unseen, seat)
            elif card not in hand and (
                    unheld := self._check_unheld(state, unseen, seat, card)) is not _MAY_HOLD:
                exclusion = unheld  # the face-down card's play, or a card he does not hold
            elif not trick:  # only the bidder's lead of the concealed trump is ruled
                if seat == state.bidder and not state.revealed:
                    exclusion = self._check_lead(state, seat, card)
            elif card[1] != trick[0][1][1]:  # (a card of the suit led follows)
                exclusion = self._check_off_suit(state, seat, card, hand, trick[0][1][1])
            if exclusion is not None or not lay:
                return exclusion
        else:
            card, hand = cards[0], state.hands[seat]
        state.last_kind = "play"
        if not state.revealed:
            if (card == state.facedown and seat == state.bidder and card not in hand
                    and card != UNSEEN and (unseen is None or self._forced_trick8(state, seat))):
                # (with cards not seen, a copy like it may be his other one: Fifty-Six)
                self.hooks.reveal(state, seat)  # exposed at his turn, then played
                if state.disregard:
                    return None  # annul_other cancelled the deal at the reveal
            if (trick and not state.revealed and card[1] != trick[0][1][1] and card != UNSEEN
                    and hand.isdisjoint(self.suit_cards[trick[0][1][1]])):
                # a void player played without calling (a card not seen is presumed to
                # follow: the first player void must call)
                state.void_occasion = True
        hand.discard(card)
        if unseen is not None:
            self._laid_unseen(state, unseen, seat, card)
        if not trick:  # a lead opens the next trick (the first lead opens play)
            if state.stage == WINDOW:  # (the window lasts until the first lead)
                state.stage = PLAY
            state.play_started = True
            state.trick_no = len(state.tricks) + 1
            if (state.trump and card[1] == state.trump and seat != state.bidder
                    and card != UNSEEN):
                state.trump_led_by_other = True
        trick.append((seat, card))
        played = len(trick)
        mode = state.mode
        if mode is PARTNERSHIP:  # every player plays, in turn (the mode's own answers)
            if played < self.players:
                state.trick_len = played
                state.turn = self.next_seat[seat]
                return None
        elif played < mode.trick_size(self.players):
            state.trick_len = played
            # a single-hand declarer's partners sit out: the mode skips them
            state.turn = mode.next_player(seat, self.next_seat)
            return None
        self._complete_trick(state, trick, mode)
        return None

    def _check_unheld(self, state: TwentyEightState, unseen: UnseenCards | None, seat: str,
                      card: str) -> Exclusion | None:
        """A card played that ``seat`` is not seen to hold: the face-down trump card's play
        (its verdict), a card he does not hold (28.not-held), or ``_MAY_HOLD`` when it may be
        among his cards not seen (then the play is judged on as a card held)."""
        if card == state.facedown and seat == state.bidder and not state.revealed:
            # the face-down trump card is outside the bidder's hand until exposed
            # (a double pack's other copy of it is an ordinary card of his hand)
            if unseen is None or not unseen.may_hold(seat, (card,)):
                return self._check_facedown_play(state, seat, card)
            # the other copy may be among his cards not seen (Fifty-Six)
            unseen.note(seat, self.rule_id("28.call"), len(state.tricks) + 1)
        if unseen is None or not unseen.may_hold(seat, (card,)):
            return self._excl("28.not-held", f"{seat} does not hold {card}", Effect.STOPS)
        return _MAY_HOLD

    def _out_of_turn(self, state: TwentyEightState, seat: str) -> Exclusion:
        """A play by a seat whose turn it is not (28.turn)."""
        if state.mode.sits_out(seat):
            return self._excl("28.turn", f"{seat} takes no part: his partner "
                              f"{state.mode.declarer} plays a single hand", Effect.STOPS)
        return self._excl("28.turn", f"it is {state.turn}'s turn to play, not {seat}'s",
                          Effect.STOPS)

    @staticmethod
    def _laid_unseen(state: TwentyEightState, unseen: UnseenCards, seat: str, card: str
                     ) -> None:
        """What the model of the cards not seen learns from a card laid (before the trick
        has it)."""
        if card == UNSEEN:
            unseen.trick_unseen.append((seat, unseen.now))
            if not state.trick and seat != state.bidder:
                unseen.trump_lead_maybe = True  # perhaps a trump, led by another
        unseen.now += 1

    def _check_off_suit(self, state: TwentyEightState, seat: str, card: str, hand: set[str],
                        led: str) -> Exclusion | None:
        """A seen card off the suit led: following suit if able (``self.follow``, the shared
        rule, words it; a card played here is seen, so of a suit, never that of a lead not
        seen), and void in the suit led, calling and undertrumping."""
        unseen = state.unseen
        if unseen is not None and led == UNSEEN[1]:
            self._check_after_unseen_lead(state, unseen, seat)
            return None
        led_cards = self.suit_cards[led]
        if not hand.isdisjoint(led_cards):
            return self.follow.exclusion(seat, card, hand & led_cards, suit=SUIT_NAMES[led])
        # void in the suit led
        trump = state.trump
        if unseen is not None:
            exclusion = self._unseen_void(state, unseen, seat, card, led)
            if exclusion is not None:
                return exclusion
        if not state.revealed:
            # a void player may call; with trump_call_mandatory he must
            if (self.opts.trump_call_mandatory and trump is not None
                    and not state.void_occasion):
                return self._excl("28.must-call", f"{seat} has no {SUIT_NAMES[led]} and must call "
                                  f"for the concealed trump before playing "
                                  f"(trump_call_mandatory)")
            return None
        if trump is None:
            return None
        # the caller must trump if able (28.call-must-trump); (his seat tested here first:
        # most cards off the suit led are not the caller's)
        if state.caller == seat and self._caller_duty(state, seat):
            return self._check_caller(state, seat, card, trump)
        # no undertrumping unless holding nothing else
        if card[1] == trump and self.opts.no_undertrump:
            return self._check_undertrump(state, seat, card, trump)
        return None

    def _check_caller(self, state: TwentyEightState, seat: str, card: str, trump: str
                      ) -> Exclusion | None:
        """The caller's play to the trick of his call: a trump if he holds one, and with
        ``self_reveal_card = exposed`` the card he exposed himself."""
        opts = self.opts
        hand = state.hands[seat]
        trumps = hand & self.suit_cards[trump]
        if opts.caller_must_trump and trumps and card[1] != trump:
            return self._excl("28.call-must-trump", f"{seat} called for the trump and holds "
                              f"{self._show(trumps)}: he must play a trump to this trick")
        unseen = state.unseen
        if opts.caller_must_trump and not trumps and card[1] != trump and unseen:
            found = self._presume_void(state, unseen, seat, self.suit_cards[trump],
                                       "28.call-must-trump",
                                       f"{seat} called for the trump and must play one "
                                       f"to this trick")
            if found is not None:
                return found
        if (opts.self_reveal_card == "exposed" and seat == state.bidder
                and state.facedown in hand and card != state.facedown):
            return self._excl("28.call-must-trump", f"{seat} exposed his trump card "
                              f"{state.facedown} himself and must play it "
                              f"(self_reveal_card = exposed)")
        return None

    def _unseen_void(self, state: TwentyEightState, unseen: UnseenCards, seat: str, card: str,
                     led: str) -> Exclusion | None:
        """A seen card off the suit led, from a seat whose hand is not seen in full: legal
        only if he holds none of the suit led (a fact for the rest of the deal), and with
        ``trump_call_mandatory`` illegal either way before the first void occasion."""
        led_cards = self.suit_cards[led]
        if (not state.revealed and self.opts.trump_call_mandatory and state.trump is not None
                and not state.void_occasion):
            if unseen.may_hold(seat, led_cards):
                follow, must = self.rule_id("28.follow-suit"), self.rule_id("28.must-call")
                return self._excl(
                    "28.must-call", f"{seat} plays {card} without calling: had he a "
                    f"{SUIT_NAMES[led][:-1]} he had to follow ({follow}), had he none he had "
                    f"to call for the concealed trump ({must}); illegal either way")
            return None  # void whatever: the must-call check below says so
        return self._presume_void(state, unseen, seat, led_cards, "28.follow-suit",
                                  f"{seat} must follow {SUIT_NAMES[led]}")

    def _presume_void(self, state: TwentyEightState, unseen: UnseenCards, seat: str,
                      cards: frozenset[str], rule: str, duty: str) -> Exclusion | None:
        """The play is legal only if ``seat`` holds none of ``cards`` now: None when some
        placement of the unseen cards allows it (then it is presumed, and noted when it could
        have gone either way), else the finding, on ``seat`` or on the seats one of which
        broke a rule (``duty`` says what was owed)."""
        if seat == state.bidder and not state.revealed and state.facedown in cards:
            # the face-down card is outside his hand until exposed: a void does not cover it
            cards = cards - {state.facedown}
        presumed = unseen.presume_void(seat, cards, self.rule_id(rule), len(state.tricks) + 1)
        if not presumed.holds:
            return None
        if presumed.culprits:
            seats = presumed.culprits
            who = ", ".join(seats[:-1]) + " or " + seats[-1]
            return Exclusion(self.rule_id(rule), f"one of {who} broke the rule: the cards not "
                             f"seen cannot be placed so that all their plays were legal "
                             f"({duty.replace(seat, 'here ' + seat, 1)})", culprits=seats)
        forced = unseen.forced(seat, cards)
        maybe = self._sorted(unseen.possible(seat) & cards)
        held = (f"he holds {self._show(forced)}" if forced else
                f"he holds one of {self._show(maybe)}" if maybe else
                "the cards not seen cannot all be elsewhere")
        return self._excl(rule, f"{duty}: {held} (counting the cards the record shows)")

    def _check_unseen_play(self, state: TwentyEightState, unseen: UnseenCards, seat: str
                           ) -> Exclusion | None:
        """A card played that the record does not show (``??``): what it had to be cannot be
        checked, except what the counting proves (a seat void in the suit led whatever he
        held must call, with ``trump_call_mandatory``)."""
        trick = state.trick
        number = len(state.tricks) + 1
        if trick and trick[0][1] == UNSEEN:
            self._check_after_unseen_lead(state, unseen, seat)
            return None
        opts = self.opts
        if not trick:
            if (seat == state.bidder and not state.revealed and state.trump is not None
                    and opts.bidder_lead_restriction != "no"):
                unseen.note(seat, self.rule_id("28.lead-trump"), number)
            return None
        led = trick[0][1][1]
        led_known = led != UNSEEN[1]
        may_follow = not led_known or unseen.may_hold(seat, self.suit_cards[led])
        if (not state.revealed and opts.trump_call_mandatory and state.trump is not None
                and not state.void_occasion):
            if not may_follow:
                return self._excl("28.must-call", f"{seat} has no {SUIT_NAMES[led]} and "
                                  f"must call for the concealed trump before playing "
                                  f"(trump_call_mandatory)")
            unseen.note(seat, self.rule_id("28.must-call"), number)
        if may_follow:
            unseen.note(seat, self.rule_id("28.follow-suit"), number)
        if state.revealed and state.trump is not None:
            if self._caller_duty(state, seat) and opts.caller_must_trump:
                unseen.note(seat, self.rule_id("28.call-must-trump"), number)
            elif opts.no_undertrump and self._top_trump(state, state.trump) is not None:
                unseen.note(seat, self.rule_id("28.undertrump"), number)
        return None

    def _check_after_unseen_lead(self, state: TwentyEightState, unseen: UnseenCards, seat: str
                                 ) -> None:
        """A play to a trick led by a card not seen: whether it follows suit, and every duty
        that hangs on that, cannot be checked."""
        number = len(state.tricks) + 1
        opts = self.opts
        unseen.note(seat, self.rule_id("28.follow-suit"), number)
        if not state.revealed:
            if opts.trump_call_mandatory and state.trump is not None and not state.void_occasion:
                unseen.note(seat, self.rule_id("28.must-call"), number)
        elif state.trump is not None:
            if self._caller_duty(state, seat) and opts.caller_must_trump:
                unseen.note(seat, self.rule_id("28.call-must-trump"), number)
            elif opts.no_undertrump and self._top_trump(state, state.trump) is not None:
                unseen.note(seat, self.rule_id("28.undertrump"), number)

    def _check_undertrump(self, state: TwentyEightState, seat: str, card: str, trump: str
                          ) -> Exclusion | None:
        """A trump below (or level with) the best trump that counts in the trick, from a
        seat holding a higher trump or a card of another suit (``28.undertrump``)."""
        top = self._top_trump(state, trump)
        if top is None:
            return None
        strength = self.strength
        # "a higher trump or a card of a non-trump suit": an equal trump (Forty's J
        # and 3, Fifty-Six's second copy) loses to the one played first, so it is no better,
        # unless the last of equal cards wins (option equal_cards)
        beats = 1 - self.tie
        if strength[card[0]] < strength[top[0]] + beats:
            hand = state.hands[seat]
            ok = [c for c in hand if c[1] != trump or strength[c[0]] >= strength[top[0]] + beats]
            how = "under" if strength[card[0]] < strength[top[0]] else "level with"
            unseen = state.unseen
            if not ok and unseen is not None:
                better = frozenset(c for c in self.card_set if c[1] != trump
                                   or strength[c[0]] >= strength[top[0]] + beats)
                return self._presume_void(
                    state, unseen, seat, better, "28.undertrump",
                    f"{seat} may not play {card} {how} {top}, the trump already in the trick, "
                    f"while he holds a higher trump or a card of another suit")
            if ok:
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
        unseen = state.unseen
        if (unseen is not None and ban != "no" and seat == state.bidder and trump
                and not state.revealed and (trump == UNSEEN[1] or (
                    card[1] == trump and ban != "strict" and not state.trump_led_by_other
                    and unseen.trump_lead_maybe))):
            # the trump suit is not seen, or another may have led it unseen
            unseen.note(seat, self.rule_id("28.lead-trump"), len(state.tricks) + 1)
            return None
        if (ban != "no" and seat == state.bidder and trump
                and not state.revealed and card[1] == trump
                and (ban == "strict" or not state.trump_led_by_other)):
            others = [c for c in state.hands[seat] if c[1] != trump]
            unseen = state.unseen
            if not others and unseen is not None:
                plain = frozenset(c for c in self.card_set if c[1] != trump)
                return self._presume_void(
                    state, unseen, seat, plain, "28.lead-trump",
                    f"{seat}, the bidder, may not lead {SUIT_NAMES[trump]} (the concealed "
                    f"trump) while he holds other suits")
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

    def _top_trump(self, state: TwentyEightState, trump: str) -> str | None:
        """The highest card of the current trick that counts as a trump (option
        ``pre_reveal_trumps_count``, see ``_counting_from``), the first of equal ones; None
        if none does."""
        trick = state.trick
        if not trick:
            return None
        start = self._counting_from(state, len(state.tricks) + 1, trick[0][1][1])
        power = self.power.get  # (a trump suit not seen counts the cards not seen, 0)
        top, best = None, -1
        for _, card in trick[start:]:
            if card[1] == trump and power(card, 0) > best:
                top, best = card, power(card, 0)
        return top

    def _counting_from(self, state: TwentyEightState, number: int, led: str | None) -> int:
        reveal = state.reveal_trick
        if reveal is None or reveal < number:
            return 0
        if led == state.trump or self.opts.pre_reveal_trumps_count:
            return 0  # cards following a trump lead are never discards: all count
        return state.reveal_index or 0

    def _complete_trick(self, state: TwentyEightState, trick: list[tuple[str, str]],
                        mode: PartnershipMode) -> None:
        """The trick's last card is laid: its winner leads the next, or the deal is over."""
        unseen = state.unseen
        # the trick is complete: its winner leads the next
        tricks = state.tricks
        number = len(tricks) + 1
        if unseen is not None and unseen.trick_unseen:
            winner = self._unseen_winner(state, unseen, trick, number)
        else:
            winner = self.trick_winner(state, trick, number)
        card_points = self.trick_points
        points = 0
        for _, played_card in trick:
            points += card_points[played_card]
        tricks_per_deal = self.tricks_per_deal
        if number == tricks_per_deal:
            points += self.opts.last_trick_bonus  # 29: one point
        tricks.append(Trick(number, trick, winner, points))
        state.points[self.team_of[winner]] += points
        state.trick = []  # a new list: the completed trick keeps the old one
        state.trick_len = 0
        state.trick_no = number
        if mode is not PARTNERSHIP:  # the ordinary deal's mode never changes
            state.mode = mode.after_trick(number, winner, self.table.same_team)
        if number >= tricks_per_deal:
            state.stage = OVER
            state.turn = None
        elif (number == tricks_per_deal - 1 and not state.revealed
              and state.trump is not None
              and self.opts.void_if_trump_never_called == "void"):
            state.void = True
            state.stage = OVER
            state.turn = None
        else:
            state.turn = winner

    def _unseen_winner(self, state: TwentyEightState, unseen: UnseenCards,
                       trick: list[tuple[str, str]], number: int) -> str:
        """The winner of a trick with cards not seen: the seat that leads the next trick, if
        it could have won; else the best card seen (a card not seen never beats it as far
        as the record shows; the trick's winner is then open)."""
        if trick[0][1] == UNSEEN:
            candidates = [seat for seat, _ in trick]
            best = trick[0][0]
        else:
            best = self.trick_winner(state, trick, number)
            candidates = [best] + [seat for seat, card in trick if card == UNSEEN]
        pinned = unseen.next_in_record()  # (laying this trick's last card counted it)
        winner = pinned if pinned in candidates else best
        if pinned in candidates and pinned != best and trick[0][1] != UNSEEN:
            # the next lead says he won: his card, not seen, beat every card seen
            at = next(moment for seat, moment in unseen.trick_unseen if seat == pinned)
            # (the other cards not seen stay '??': of no suit, they never win)
            place = next(i for i, (s, _) in enumerate(trick) if s == pinned)
            beating = frozenset(
                c for c in self.card_set
                if self.trick_winner(state, [*trick[:place], (pinned, c), *trick[place + 1:]],
                                     number) == pinned)
            if not unseen.pin(pinned, beating, at):
                winner = best  # no card of his could have won: the next lead is out of turn
        if pinned is None and len(set(candidates)) > 1:
            unseen.open_tricks.append((number, tuple(dict.fromkeys(candidates))))
            if number < self.tricks_per_deal:  # the record ends here: who leads is open
                unseen.open_turn = tuple(dict.fromkeys(candidates))
        unseen.open_points.extend((seat, moment, number) for seat, moment in unseen.trick_unseen)
        unseen.trick_unseen = []
        return winner

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
        tie = self.tie  # with last_wins a tie goes to the later card
        trump = state.trump
        if trump is not None and state.revealed:
            best, winner = -1, None
            for seat, card in plays[self._counting_from(state, number, led):]:
                if card[1] == trump and power[card] + tie > best:
                    best, winner = power[card], seat
            if winner is not None:
                return winner
        best, leader = -1, plays[0][0]  # the lead is of the suit led: it wins if none beats it
        for seat, card in plays:
            if card[1] == led and power[card] + tie > best:
                best, leader = power[card], seat
        return leader
