"""Avinas at the start of a deal: the hands in their dealing order, hands inferred from
the plays, the exposed 4th and 8th cards that decide the game, the declarer and trumps,
and the game read from the record where the dealing order is missing.

A mixin of the ``Avinas`` ruleset (referee.games.avinas.ruleset), which starts each deal with it.
"""

from __future__ import annotations

from types import SimpleNamespace

from referee.games.avinas.model import HAND_SIZE, PACK, PERMANENT, effective_suit
from referee.games.avinas.state import PLAY, AvinasState
from referee.games.avinas.unseen import (
    EXPOSED_POSITIONS,
    Exposure,
    may_be_seven,
    position_card,
    read_unseen,
    runs_text,
)
from referee.model.cards import SUIT_NAMES, UNSEEN
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

    def _deal_hands(self, state: AvinasState, deal: Deal, unseen: bool = False) -> None:
        """The hands in dealing order, which Avinas needs (``avinas.deal-order``); with cards
        not seen (``??``, or hands left out that the plays do not show in full) the rest goes
        to the consistency model (``state.unseen``)."""
        owner: dict[str, str] = {}
        for hand in deal.hands:
            if hand.seat in state.dealt:
                raise located(RecordError("record.hand-twice",
                                          f"{hand.seat}'s hand is given twice"), hand)
            written = hand.cards  # (made from the rounds each time it is asked for)
            for card in written:
                if card != UNSEEN:
                    deal_card(owner, card, hand.seat, hand, self._pack,
                              "the 32-card pack of Avinas (ranks A K Q J T 9 8 7)")
            if len(written) != HAND_SIZE:
                raise located(RecordError(
                    "record.hand-size", f"{hand.seat} has {len(written)} cards; each "
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
            cards = [card for card in written if card != UNSEEN]
            state.dealt[hand.seat] = cards
            state.hands[hand.seat] = set(cards)
        missing = [seat for seat in self.table.seats if seat not in state.dealt]
        partial = unseen
        if missing and not partial:
            partial = not self._infer_hands(state, deal, owner, missing)
        if partial:
            self._deal_unseen(state, deal, missing)

    def _infer_hands(self, state: AvinasState, deal: Deal, owner: dict[str, str],
                     missing: list[str]) -> bool:
        """Hands without a hand line: one is the rest of the pack; more are read from their
        seats' plays. False when the plays do not show them in full (the model then places
        the rest)."""
        if len(missing) == 1:
            inferred = {missing[0]: [card for card in PACK if card not in owner]}
        else:
            inferred = hands_from_plays(deal, missing, owner, ("play", "down"),
                                        pack=self._pack, pack_text="the 32-card pack of Avinas")
            if any(len(inferred[seat]) != HAND_SIZE for seat in missing):
                return False
        for seat, cards in inferred.items():
            state.dealt[seat] = cards
            state.hands[seat] = set(cards)
            state.unordered.add(seat)
            state.inferred.add(seat)
        return True

    def _deal_unseen(self, state: AvinasState, deal: Deal, missing: list[str]) -> None:
        """Set up the consistency model of a deal with cards not seen."""
        unseen = read_unseen(deal, self.table.seats, HAND_SIZE, PACK)
        unseen.notes, unseen.note_seats = state.notes, state.note_seats
        for seat in self.table.seats:
            cards = unseen.dealt[seat]
            state.dealt[seat] = cards
            state.hands[seat] = set(cards)
            if seat in missing:
                state.unordered.add(seat)
                state.inferred.add(seat)
        state.unseen = unseen

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

    def _expose_partial(self, state: AvinasState, deal: Deal) -> None:
        """The exposure when some 4th or 8th cards are not seen (written ``??``, a hand
        without its dealing order or left out): the record then tells the game. An auction,
        or plays without a seven that could have been exposed, make it a no-sevens game;
        plays without an auction a sevens game, whose declarer is the first leader (the
        last seven exposed: no later position holds a seven), whose trumps are the suit of
        that seven and whose number of exposed sevens (k) is every count the positions
        before it allow."""
        exposure = self._partial_exposure(state, deal)
        state.exposed = list(exposure.shown)
        if exposure.declarer is None:
            state.turn = self.next_seat[state.dealer]
            if exposure.open:
                self._note_exposure(state, deal, exposure.open, "that no seven was among the "
                                    "exposed 4th and 8th cards; the auction in the record "
                                    "makes it a no-sevens game")
            return
        declarer = exposure.declarer
        trump = self._sevens_trump(state, deal, declarer, exposure.trumps)
        state.declarer, state.trump = declarer, trump
        named = (SUIT_NAMES[trump] if trump is not None else
                 " or ".join(SUIT_NAMES[suit] for suit in state.trump_open)
                 + " (the record does not show which: each check is made under every one)")
        state.sevens = min(exposure.sevens)
        state.sevens_open = exposure.sevens if len(exposure.sevens) > 1 else ()
        state.stage = PLAY
        state.turn = declarer
        if len(exposure.sevens) > 1 or trump is None:
            k = runs_text(exposure.sevens)
            self._note_exposure(state, deal, exposure.open, (
                f"the exposed 4th and 8th cards; without an auction it is a sevens game, "
                f"{declarer} (the first leader) declares with {named}, and the "
                f"number of exposed sevens is {k}"))

    def _note_exposure(self, state: AvinasState, deal: Deal, seats: tuple[str, ...],
                       what: str) -> None:
        """The note of an exposure that could not be checked."""
        parts = []
        unordered = [seat for seat in self.table.seats if seat in state.unordered]
        missing = "left out" if state.unseen is not None else "inferred from the plays"
        for how, group in ((missing,
                            [s for s in unordered if s in state.inferred]),
                           ("given without dealing rounds",
                            [s for s in unordered if s not in state.inferred])):
            if len(group) == 1:
                parts.append(f"{group[0]}'s hand is {how}")
            elif group:
                parts.append(f"the hands of {' '.join(group)} are {how}")
        hidden = [seat for seat in seats if seat not in unordered]
        if hidden:
            parts.append(f"the 4th or 8th card of {' '.join(hidden)} is not seen")
        state.notes.append(("avinas.deal-order", f"{'; '.join(parts)}: could not check {what}"))

    def _partial_exposure(self, state: AvinasState, deal: Deal) -> Exposure:
        """The game, declarer, trumps and k that the seen positions allow."""
        unseen = state.unseen
        left = self.next_seat[state.dealer]
        partner = self.next_seat[left]
        right = self.next_seat[partner]
        dealer_side = (partner, state.dealer)
        ordered = {seat for seat in state.dealt if seat not in state.unordered}
        cells: list[tuple[str, str | None, set[str]]] = []
        for position in EXPOSED_POSITIONS:
            for seat in (left, partner, right, state.dealer):
                if seat in dealer_side and self.opts.dealer_side_exposure == "none":
                    continue
                card = position_card(unseen, state.dealt, ordered, seat, position)
                maybe = (set() if card is not None
                         else may_be_seven(unseen, state.dealt, ordered, seat))
                cells.append((seat, card, maybe))
        shown = tuple((seat, card) for seat, card, _ in cells if card is not None
                      and (seat not in dealer_side or card[0] == "7"))
        known = [i for i, (_, card, _) in enumerate(cells) if card is not None and card[0] == "7"]
        last = known[-1] if known else -1
        later = [i for i in range(last + 1, len(cells)) if cells[i][2]]
        doubtful = tuple(dict.fromkeys(seat for seat, card, maybe in cells if maybe))
        auction = any(event.action.kind in ("bid", "pass") for event in deal.events)
        lead = next((event.action for event in deal.events
                     if event.action.kind in ("play", "down")), None)
        if not known and (auction or lead is None or not later):
            return Exposure(None, shown=shown, open=doubtful)
        leader = played_by(lead) if lead is not None else None
        places = [i for i in later if cells[i][0] == leader]
        if last >= 0 and cells[last][0] == leader:
            places.insert(0, last)
        if not places:  # the last seven seen declares (a lead by another is out of turn)
            places = [last]
        declarer = cells[places[0]][0]
        trumps: dict[str, None] = {}
        sevens: set[int] = set()
        for place in places:
            seat, card, maybe = cells[place]
            suits = [card[1]] if card is not None else sorted(c[1] for c in maybe)
            trumps.update(dict.fromkeys(suits))
            before = [cells[i] for i in range(place)]
            counted = sum(1 for _, c, _ in before if c is not None and c[0] == "7")
            extra = 0
            for other in dict.fromkeys(s for s, c, m in before if c is None and m):
                room = sum(1 for s, c, m in before if s == other and c is None and m)
                own = len(may_be_seven(unseen, state.dealt, ordered, other))
                extra += min(room, own - (other == seat and card is None))
            extra = min(extra, 4 - len(known) - (card is None))
            sevens.update(range(counted + 1, counted + 2 + max(extra, 0)))
        return Exposure(declarer, tuple(trumps), tuple(sorted(sevens)), shown, doubtful)

    def _sevens_trump(self, state: AvinasState, deal: Deal, declarer: str,
                      suits: tuple[str, ...]) -> str | None:
        """The trumps of a sevens game whose declarer's seven is not seen: the suit of his
        lead to trick 1 (a trump), else the one suit of his possible sevens under which the
        recorded plays break no rule the seen hands prove (the others make some play a
        revoke whatever the unseen cards were); None when several remain
        (``state.trump_open``)."""
        plays = [event.action for event in deal.events if event.action.kind in ("play", "down")]
        lead = plays[0].cards[0] if plays and plays[0].cards else UNSEEN
        if len(suits) > 1 and lead != UNSEEN and lead[0] not in PERMANENT and lead[1] in suits:
            return lead[1]
        fitting = [suit for suit in suits if not self._revokes_under(state, plays, suit)]
        if len(fitting) == 1 or len(suits) == 1:
            return (fitting or list(suits))[0]
        state.trump_open = tuple(fitting or suits)  # each check is made under every one
        state.next_leaders = {start // 4: seat for start in range(4, len(plays), 4)
                              if (seat := plays[start].seat) is not None}
        return None

    @staticmethod
    def _revokes_under(state: AvinasState, plays: list[Action], trump: str) -> int:
        """How many recorded plays would fail to follow the effective suit led if ``trump``
        were trumps: the measure that picks trumps when the record does not say."""
        hands = {seat: set(cards) for seat, cards in state.dealt.items()}
        count = 0
        for start in range(0, len(plays) - len(plays) % 4, 4):
            trick = plays[start:start + 4]
            led = (effective_suit(trick[0].cards[0], trump)
                   if trick[0].cards and trick[0].cards[0] != UNSEEN else UNSEEN[1])
            for action in trick:
                if not action.cards or action.seat not in hands:
                    continue
                card = action.cards[0]
                if card == UNSEEN or led == UNSEEN[1]:
                    continue  # a card not seen proves no revoke
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

