"""The play of an Avinas deal with cards not seen: the checks that read a hidden hand made
through the consistency model (``AvinasUnseen``), what each play presumed legal proves (a void
in the effective suit led, no trump after a non-trump lead to trick 2 or a non-trump follow to
a face-down lead), and the winner of a trick with a card not seen (the next lead pins it).

A mixin of the ``Avinas`` ruleset (referee.games.avinas.ruleset).
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

from referee.games.avinas.model import (
    PACK,
    TRUMP,
    WIN_VALUES,
    effective_suit,
    is_trump,
)
from referee.games.avinas.state import AvinasState
from referee.games.avinas.unseen import AvinasUnseen
from referee.model.cards import SUIT_NAMES, UNSEEN
from referee.rules.base import Exclusion
from referee.rules.tricks import highest_wins, show


class AvinasUnseenPlay:
    """Checks and trick winners with cards not seen (mixed into ``Avinas``)."""

    opts: SimpleNamespace
    # the ruleset's: the rules of a card held and laid in turn
    _check_laid: Callable[[AvinasState, str, str, bool], Exclusion | None]

    @staticmethod
    def _trumps(trump: str | None) -> frozenset[str]:
        return frozenset(card for card in PACK if is_trump(card, trump))

    @staticmethod
    def _suit_cards(led: str, trump: str | None) -> frozenset[str]:
        return frozenset(card for card in PACK if effective_suit(card, trump) == led)

    def _presume_void(self, state: AvinasState, unseen: AvinasUnseen, seat: str,
                      cards: frozenset[str], rule: str, duty: str) -> Exclusion | None:
        """The play is legal only if ``seat`` holds none of ``cards`` now: None when some
        placement of the unseen cards allows it (it is then presumed, and noted when it could
        have gone either way), else the finding, on ``seat`` or on the seats one of which
        broke a rule."""
        presumed = unseen.presume_void(seat, cards, rule, len(state.tricks) + 1)
        if not presumed.holds:
            return None
        if presumed.culprits:
            seats = presumed.culprits
            who = ", ".join(seats[:-1]) + " or " + seats[-1]
            return Exclusion(rule, f"one of {who} broke the rule: the cards not seen cannot "
                             f"be placed so that all their plays were legal ({duty})",
                             culprits=seats)
        forced = unseen.forced(seat, cards)
        maybe = sorted(unseen.possible(seat) & cards)
        held = (f"he holds {show(forced)}" if forced else
                f"he holds one of {show(maybe)}" if maybe else
                "the cards not seen cannot all be elsewhere")
        return Exclusion(rule, f"{duty}: {held} (counting the cards the record shows)")

    def _unseen_lead_duty(self, state: AvinasState, unseen: AvinasUnseen, seat: str,
                          card: str, down: bool) -> Exclusion | None:
        """A lead from trick 2 (with the trump-lead duty) that is not a trump face up, by a
        seat whose seen cards hold no trump: legal only if he holds none among the unseen."""
        number = len(state.tricks) + 1
        if card == UNSEEN and not down:  # a trump, or no trump held: the model cannot say
            if unseen.may_hold(seat, self._trumps(state.trump)):
                unseen.note(seat, "avinas.trump-lead", number)
            return None
        how = "face down" if down else card
        return self._presume_void(state, unseen, seat, self._trumps(state.trump),
                                  "avinas.trump-lead", f"{seat} must lead a trump face up to "
                                  f"trick {number} if he holds one, not {how}")

    def _check_unseen_follow(self, state: AvinasState, unseen: AvinasUnseen, seat: str,
                             card: str) -> Exclusion | None:
        """A play to a trick already led, when the lead or the card is not seen or the seat's
        hand is partly unseen (``card`` not of the suit led: the seen cards hold none)."""
        number = len(state.tricks) + 1
        trump = state.trump
        leader, lead = state.trick[0]
        if state.trick_down:
            rule, cards = "avinas.follow-face-down", self._trumps(trump)
            duty = f"{leader} led face down: {seat} must play a trump if he holds one"
        elif lead == UNSEEN:  # the suit led is not seen
            unseen.note(seat, "avinas.follow-suit", number)
            return None
        else:
            led = effective_suit(lead, trump)
            rule, cards = "avinas.follow-suit", self._suit_cards(led, trump)
            words = "trumps" if led == TRUMP else SUIT_NAMES[led]
            duty = f"{seat} must follow {words} if he can"
        if card == UNSEEN:
            if unseen.may_hold(seat, cards) or state.hands[seat] & cards:
                unseen.note(seat, rule, number)
            return None
        return self._presume_void(state, unseen, seat, cards, rule, duty)

    def _under_every_trump(self, state: AvinasState, seat: str, card: str, down: bool
                           ) -> Exclusion | None:
        """A card laid in a sevens game whose trumps the record does not show: illegal if
        it is under every trump suit the declarer's sevens allow, a note if under some."""
        unseen = state.unseen
        probing = unseen.probing if unseen is not None else False
        found: list[Exclusion | None] = []
        try:
            if unseen is not None:
                unseen.probing = True  # one suit's presumptions do not hold under another
            for suit in state.trump_open:
                state.trump = suit
                found.append(self._check_laid(state, seat, card, down))
        finally:
            state.trump = None
            if unseen is not None:
                unseen.probing = probing
        if all(found):
            return found[0]
        number = len(state.tricks) + 1
        for exclusion in dict.fromkeys(e.rule for e in found if e is not None):
            if unseen is not None:
                unseen.note(seat, exclusion, number)
            else:
                suits = " or ".join(SUIT_NAMES[suit] for suit in state.trump_open)
                state.notes.append((exclusion, f"{seat}: could not check {exclusion} at trick "
                                    f"{number}: trumps are {suits}, and the play is legal "
                                    f"under some of them"))
        return None

    def _open_trump_winner(self, state: AvinasState, trick: list[tuple[str, str]]) -> str:
        """The winner of a trick of a sevens game whose trumps are not seen: the same under
        every trump suit it may have, or the seat the next lead shows; else open."""
        number = len(state.tricks) + 1
        rule = self.opts.facedown_no_trump_winner
        seats = list(dict.fromkeys(_winner(trick, suit, state.trick_down, rule)
                                   for suit in state.trump_open))
        unseen = state.unseen
        if unseen is not None:
            # a card not seen may win; after a lead not seen (its suit unknown) any card may
            lead_unseen = trick[0][1] == UNSEEN and (not state.trick_down
                                                    or rule == "revealed_suit")
            seats.extend(seat for seat, card in trick
                         if (card == UNSEEN or lead_unseen) and seat not in seats)
        pinned = state.next_leaders.get(number) or (
            unseen.next_leader.get(number) if unseen is not None else None)
        winner = pinned if pinned in seats else seats[0]
        if unseen is not None:
            if pinned is None and len(seats) > 1:
                unseen.open_tricks.append((number, tuple(seats)))
            unseen.open_points.extend((seat, moment, number)
                                      for seat, moment in unseen.trick_unseen)
            unseen.trick_unseen = []
        elif pinned is None and len(seats) > 1:
            state.notes.append(("avinas.deal-over", f"the winner of trick {number} depends "
                                f"on the trump suit, which the record does not show: "
                                f"{' or '.join(seats)}; its points are counted for {winner}"))
        return winner

    def _unseen_winner(self, state: AvinasState, unseen: AvinasUnseen,
                       trick: list[tuple[str, str]], down: bool) -> str:
        """The winner of a trick with cards not seen: the seat that leads the next trick, if
        it could have won; else the best card seen (the trick's winner is then open when
        nothing later says who won it)."""
        number = len(state.tricks) + 1
        rule = self.opts.facedown_no_trump_winner
        if trick[0][1] == UNSEEN and (not down or rule == "revealed_suit"):
            best = trick[0][0]
            candidates = [seat for seat, _ in trick]
        else:
            best = _winner(trick, state.trump, down, rule)
            candidates = [best] + [seat for seat, card in trick if card == UNSEEN]
        pinned = unseen.next_leader.get(number)
        winner = pinned if pinned in candidates else best
        if pinned in candidates and pinned != best and trick[0][1] != UNSEEN:
            # the next lead says he won: his card, not seen, beat every card seen
            at = next(moment for seat, moment in unseen.trick_unseen if seat == pinned)
            place = next(i for i, (s, _) in enumerate(trick) if s == pinned)
            beating = frozenset(
                c for c in PACK
                if _winner([*trick[:place], (pinned, c), *trick[place + 1:]], state.trump,
                           down, rule) == pinned)
            if not unseen.pin(pinned, beating, at):
                winner = best  # no card of his could have won: the next lead is out of turn
        if pinned is None and len(set(candidates)) > 1:
            unseen.open_tricks.append((number, tuple(dict.fromkeys(candidates))))
        unseen.open_points.extend((seat, moment, number)
                                  for seat, moment in unseen.trick_unseen)
        unseen.trick_unseen = []
        return winner


def _winner(plays: list[tuple[str, str]], trump: str | None, down: bool, rule: str) -> str:
    """``trick_winner`` where a card not seen wins nothing (it is of no suit)."""
    led = None if down and rule == "leader" else plays[0][1][1]
    if led == UNSEEN[1]:
        led = None
    values = WIN_VALUES[trump][led]
    return highest_wins(plays, lambda card: values.get(card, 0)) or plays[0][0]
