"""Avinas at the start of a deal: the hands in their dealing order, hands inferred from
the plays, the exposed 4th and 8th cards that decide the game, the declarer and trumps,
and the game read from the record where the dealing order is missing.

A mixin of the ``Avinas`` ruleset (referee.games.avinas.ruleset), which starts each deal with it.
"""

from __future__ import annotations

from types import SimpleNamespace

from referee.games.avinas.model import HAND_SIZE, PACK, PERMANENT, effective_suit
from referee.games.avinas.state import PLAY, AvinasState
from referee.model.cards import SUIT_NAMES
from referee.model.errors import RecordError
from referee.model.record import Action, Deal
from referee.model.seats import Table
from referee.rules.base import (
    located,
)
from referee.rules.dealing import deal_card
from referee.rules.tricks import hands_from_plays, played_by


class AvinasDeal:
    """The start of an Avinas deal (mixed into ``Avinas``, which sets these)."""

    table: Table
    opts: SimpleNamespace
    next_seat: dict[str, str]
    deal_rounds: tuple[int, ...]
    _pack: frozenset[str]

    def _deal_hands(self, state: AvinasState, deal: Deal) -> None:
        """The hands in dealing order, which Avinas needs (``avinas.deal-order``)."""
        owner: dict[str, str] = {}
        for hand in deal.hands:
            if hand.seat in state.dealt:
                raise located(RecordError("record.hand-twice",
                                          f"{hand.seat}'s hand is given twice"), hand)
            for card in hand.cards:
                deal_card(owner, card, hand.seat, hand, self._pack,
                          "the 32-card pack of Avinas (ranks A K Q J T 9 8 7)")
            if len(hand.cards) != HAND_SIZE:
                raise located(RecordError(
                    "record.hand-size", f"{hand.seat} has {len(hand.cards)} cards; each "
                    f"player is dealt {HAND_SIZE}"), hand)
            if len(hand.rounds) == 1:  # the cards without their dealing order
                state.unordered.add(hand.seat)
            elif [len(r) for r in hand.rounds] != list(self.deal_rounds):
                raise located(RecordError(
                    "record.deal-order",
                    f"{hand.seat}'s hand must be written in its two dealing rounds of four "
                    f"('{hand.seat}: c1 c2 c3 c4 | c5 c6 c7 c8'): Avinas exposes the 4th and "
                    f"8th cards, which decide the game, the declarer and trumps"),
                    hand)
            state.dealt[hand.seat] = list(hand.cards)
            state.hands[hand.seat] = set(hand.cards)
        missing = [seat for seat in self.table.seats if seat not in state.dealt]
        if missing:
            self._infer_hands(state, deal, owner, missing)

    def _infer_hands(self, state: AvinasState, deal: Deal, owner: dict[str, str],
                     missing: list[str]) -> None:
        """Hands without a hand line: one is the rest of the pack; more
        are read from their seats' plays, which must then show all eight cards."""
        if len(missing) == 1:
            inferred = {missing[0]: [card for card in PACK if card not in owner]}
        else:
            inferred = hands_from_plays(deal, missing, owner, ("play", "down"),
                                        pack=self._pack, pack_text="the 32-card pack of Avinas")
            short = [seat for seat in missing if len(inferred[seat]) != HAND_SIZE]
            if short:
                raise located(RecordError(
                    "record.deal-order",
                    f"deal {deal.number} has no hand line for {' '.join(missing)}, and the "
                    f"plays of {' '.join(short)} do not show all {HAND_SIZE} cards: give the "
                    f"hands (in their two dealing rounds of four)"), deal)
        for seat, cards in inferred.items():
            state.dealt[seat] = cards
            state.hands[seat] = set(cards)
            state.unordered.add(seat)
            state.inferred.add(seat)

    def _require_deal_order(self, state: AvinasState, deal: Deal) -> None:
        """Option ``deal_order = strict``: Avinas is judged from the exposed 4th and 8th cards
        so a hand without its dealing order is a located error (by default the game is
        taken from the record with a note)."""
        seats = [seat for seat in self.table.seats if seat in state.unordered]
        where = next((hand for hand in deal.hands if hand.seat in state.unordered), deal)
        missing = [seat for seat in seats if seat in state.inferred]
        what = (f"deal {deal.number} has no hand line for {' '.join(missing)}" if missing
                else f"{' '.join(seats)}'s hand{'s' * (len(seats) > 1)} "
                     f"{'are' if len(seats) > 1 else 'is'} written without the dealing order")
        raise located(RecordError(
            "record.deal-order",
            f"{what}: Avinas needs every hand in its two dealing rounds of four "
            f"('N: c1 c2 c3 c4 | c5 c6 c7 c8'), because the exposed 4th and 8th cards decide "
            f"the game, the declarer and trumps [Option \"deal_order\" "
            f"\"strict\"]; without that option the game is taken from the record, with a "
            f"note"), where)

    def _game_from_record(self, state: AvinasState, deal: Deal) -> None:
        """Without every hand's dealing order the exposed 4th and 8th
        cards are unknown. The record then tells the game: an auction makes it a
        no-sevens game; plays without one a sevens game, whose declarer is the
        first leader and whose trumps are the suit of his seven (of his led card when
        he holds several). The number of exposed sevens, and so the rams, stay unknown."""
        parts = []
        for how, group in (("inferred from the plays", state.inferred),
                           ("given without dealing rounds", state.unordered - state.inferred)):
            seats = [seat for seat in self.table.seats if seat in group]
            if len(seats) == 1:
                parts.append(f"{seats[0]}'s hand is {how}")
            elif seats:
                parts.append(f"the hands of {' '.join(seats)} are {how}")
        hands = "; ".join(parts)
        kinds = {event.action.kind for event in deal.events}
        plays = [event.action for event in deal.events if event.action.kind in ("play", "down")]
        if kinds & {"bid", "pass"} or not plays:
            state.turn = self.next_seat[state.dealer]
            state.notes.append(("avinas.deal-order", (
                f"{hands}: could not check that no seven was among the exposed 4th and 8th "
                f"cards; the auction in the record makes it a no-sevens game")))
            return
        declarer, lead = played_by(plays[0]), plays[0].cards[0] if plays[0].cards else ""
        sevens = [card for card in state.dealt.get(declarer, ()) if card[0] == "7"]
        how = f"{declarer}'s 7{{}}"
        if len(sevens) == 1:
            trump = sevens[0][1]
        elif lead and lead[0] not in PERMANENT and "7" + lead[1] in sevens:
            trump = lead[1]
        elif sevens:  # a queen or jack led: the suit under which the plays follow best
            trump = min((card[1] for card in sevens),
                        key=lambda suit: self._revokes_under(state, plays, suit))
            how = (f"{declarer}'s 7{{}}: of his sevens, the suit under which the recorded "
                   f"plays follow suit best")
        else:
            raise located(RecordError(
                "record.deal-order",
                f"{hands}: the record has no auction, so a seven was exposed and {declarer}, "
                f"who leads, is declarer, but {declarer}'s hand holds no seven: give "
                f"the auction, or the hands in their two dealing rounds of four"), deal)
        state.declarer, state.trump = declarer, trump
        state.sevens, state.sevens_unknown = 1, True
        state.stage = PLAY
        state.turn = declarer
        state.notes.append(("avinas.deal-order", (
            f"{hands}: could not check the exposed 4th and 8th cards; without an "
            f"auction it is a sevens game, {declarer} (the first leader) declares with "
            f"{SUIT_NAMES[trump]} ({how.format(trump)}), and the number of exposed sevens, "
            f"so the rams, cannot be known")))

    @staticmethod
    def _revokes_under(state: AvinasState, plays: list[Action], trump: str) -> int:
        """How many recorded plays would fail to follow the effective suit led if ``trump``
        were trumps: the measure that picks trumps when the record does not say."""
        hands = {seat: set(cards) for seat, cards in state.dealt.items()}
        count = 0
        for start in range(0, len(plays) - len(plays) % 4, 4):
            trick = plays[start:start + 4]
            led = effective_suit(trick[0].cards[0], trump) if trick[0].cards else None
            for action in trick:
                if not action.cards or action.seat not in hands:
                    continue
                card = action.cards[0]
                hand = hands[action.seat]
                if action is not trick[0] and trick[0].kind != "down" \
                        and effective_suit(card, trump) != led and any(
                        effective_suit(other, trump) == led for other in hand):
                    count += 1
                hand.discard(card)
        return count

    def _expose(self, state: AvinasState) -> None:
        """The exposed cards, the sevens, and the game they start."""
        dealer = state.dealer
        left = self.next_seat[dealer]
        partner = self.next_seat[left]
        right = self.next_seat[partner]
        dealer_side = (partner, dealer)
        for position in (3, 7):  # the 4th and 8th cards, in dealing order
            for seat in (left, partner, right, dealer):
                card = state.dealt[seat][position]
                if seat in dealer_side and (card[0] != "7"
                                            or self.opts.dealer_side_exposure == "none"):
                    continue  # the dealer side shows only its sevens
                state.exposed.append((seat, card))
        sevens = [(seat, card) for seat, card in state.exposed if card[0] == "7"]
        state.sevens = len(sevens)
        if sevens:  # The last seven exposed makes trumps and the declarer
            state.declarer, card = sevens[-1]
            state.trump = card[1]
            state.stage = PLAY
            state.turn = state.declarer
        else:  # The auction, dealer's left first
            state.turn = left
