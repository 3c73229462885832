"""A deal of Twenty-Two with cards not seen: its first pass over the record.

Only ranks count in 22 (no suits), so the model of the unseen cards
(``referee.rules.worlds``) takes ranks as its atoms, with copies: "the 8s not seen". Its
holders are the living seats (their cards not seen while the tricks are played) and one
pseudo-holder, ``STOCK``: the stock, the discards not seen and whatever else was dealt to
nobody (nothing a play proves constrains them). The exchange is over before the first trick,
so each seat's hand at the first trick is the model's starting point: what his line shows,
less what he is seen to discard, plus what he is seen to draw and every card he is later seen
to play (no card enters a hand after the exchange).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from referee.games.twenty_two.model import RANK_ORDER
from referee.model.cards import UNSEEN, Card
from referee.model.errors import INCONSISTENT, RecordError, located
from referee.model.record import Deal
from referee.rules.unseen import UnseenDeal, card_of, cut_message, own_name
from referee.rules.worlds import END, Worlds

STOCK = "the stock"
"""The holder of the cards dealt to nobody: the stock, and the discards not seen."""


@dataclass(slots=True)
class Unseen22(UnseenDeal):
    """A deal of Twenty-Two with cards not seen: the model (ranks as atoms) and what the first
    pass found."""

    dealt: dict[str, list[Card]] = field(default_factory=dict)
    """Seat -> his dealt hand as the record shows it: seen cards, then ``??`` for the rest."""
    play_hands: dict[str, list[Card]] = field(default_factory=dict)
    """Seat -> his hand at the first trick: known cards, then ``??`` for the rest."""
    pool: Counter[Card] = field(default_factory=Counter)
    """The unseen cards, by card (each may be in a hand, the stock or the discards)."""
    stock_cards: Counter[Card] = field(default_factory=Counter)
    """The cards that may have been in the stock: the unseen ones and those seen drawn."""
    drawn_back: dict[str, list[Card]] = field(default_factory=dict)
    """Seat -> seen discards his later plays show he drew back (his draws were not seen)."""
    contested: dict[tuple[str, Card], tuple[str, ...]] = field(default_factory=dict)
    """(seat, card) -> the seats whose earlier plays of that card were taken as cards not
    seen: the seat plays it too, so one of them did not hold it."""
    unseen_discards: int = 0
    """Discards not seen so far in the exchange round."""
    open_drawers: list[str] = field(default_factory=list)
    """Seats whose draws not seen may have been discards drawn back (illegal)."""
    own: dict[str, Counter[Card]] = field(default_factory=dict)
    """Seat -> his known cards that no seen play shows, when he plays cards not seen: they
    may be among those plays (the model holds them as his own, ``floating``)."""

    def possible_ranks(self, seat: str, moment: int | None = None) -> set[str]:
        """The ranks ``seat``'s cards not seen may be of (at ``moment``, default now)."""
        at = self.now if moment is None else moment
        if not self.held_unseen(seat, at):
            return set()
        return {card_of(name) for name in self.worlds.possible_cards(seat, at)}

    def cards_of(self, seat: str, rank: str, count: int) -> list[Card]:
        """Up to ``count`` cards of ``rank`` ``seat`` may hold among his cards not seen (his
        own known ones first), to list what he may play."""
        found = [card for card in sorted(self.own.get(seat, ())) if card[0] == rank]
        found += [card for card in sorted(self.pool) if card[0] == rank]
        return found[:count]


def below(strength: int) -> frozenset[str]:
    """The ranks lower than ``strength`` (a rank threshold: the only void of 22)."""
    return frozenset(RANK_ORDER[:strength])


def read_unseen(deal: Deal, living: list[str], size: int, pack: Counter[Card]) -> Unseen22:
    """The first pass over a deal with cards not seen; ``pack``: the cards it is dealt from
    (the damage markers out). ``RecordError`` (record.inconsistent) where the record shows a
    seat with more cards than he was dealt, or unseen cards that cannot be placed."""
    lines = {hand.seat: hand for hand in deal.hands if hand.seat in living}
    placed: Counter[Card] = Counter()
    known: dict[str, Counter[Card]] = {}
    dealt_known: dict[str, Counter[Card]] = {}
    hidden: dict[str, int] = {}
    for seat in living:
        hand = lines.get(seat)
        cards = Counter(c for c in hand.cards if c != UNSEEN) if hand else Counter()
        known[seat] = Counter(cards)
        dealt_known[seat] = Counter(cards)
        hidden[seat] = size - sum(cards.values())
        placed.update(cards)
    discarded: Counter[Card] = Counter()
    drawn_hidden: dict[str, int] = dict.fromkeys(living, 0)
    float_out: dict[str, int] = dict.fromkeys(living, 0)
    seen_draws: Counter[Card] = Counter()
    plays: list[tuple[str, tuple[Card, ...]]] = []
    for event in deal.events:
        action = event.action
        seat = action.seat
        if seat not in known:
            continue
        if action.kind == "play":
            plays.append((seat, action.cards))
            continue
        if action.kind != "exchange":
            continue
        for card in action.cards:
            if card == UNSEEN:
                if hidden[seat] > 0:
                    hidden[seat] -= 1
                else:  # one of his known cards, which one is not seen
                    float_out[seat] += 1
            elif known[seat][card] > 0:
                known[seat][card] -= 1
            elif hidden[seat] > 0 and placed[card] < pack[card]:
                hidden[seat] -= 1  # a dealt card his line does not show
                placed[card] += 1
                dealt_known[seat][card] += 1
            if card != UNSEEN:
                discarded[card] += 1
        for card in action.drawn:
            if card == UNSEEN:
                drawn_hidden[seat] += 1
                hidden[seat] += 1
            else:
                known[seat][card] += 1
                if placed[card] < pack[card]:  # else a discard drawn back: no second card
                    placed[card] += 1
                    seen_draws[card] += 1
    available = {seat: +known[seat] for seat in living}
    drawn_back: dict[str, list[Card]] = {}
    claimed: dict[Card, list[str]] = {}
    contested: dict[tuple[str, Card], tuple[str, ...]] = {}
    unseen_plays: dict[str, list[int]] = {seat: [] for seat in living}
    next_leader: dict[int, str] = {}
    in_trick = trick = 0
    for moment, (seat, cards) in enumerate(plays):
        if in_trick == 0:
            if trick:
                next_leader[trick] = seat
            trick += 1
        in_trick = (in_trick + 1) % len(living)
        for card in cards:
            if card == UNSEEN:
                unseen_plays[seat].append(moment)
            elif available[seat][card] > 0 and not (
                    float_out[seat] and hidden[seat] > 0 and placed[card] < pack[card]):
                available[seat][card] -= 1
                # (with copies, a seat whose discards not seen are known cards may have
                # drawn this copy: the one of his line then stays free to be a discard)
            elif hidden[seat] > 0 and placed[card] < pack[card]:
                hidden[seat] -= 1  # dealt to him or drawn, unseen until now
                placed[card] += 1
                known[seat][card] += 1
                claimed.setdefault(card, []).append(seat)
            elif hidden[seat] > 0 and drawn_hidden[seat] and discarded[card]:
                hidden[seat] -= 1  # only a draw of a discard brings it to him
                known[seat][card] += 1
                drawn_back.setdefault(seat, []).append(card)
            elif hidden[seat] > 0 and claimed.get(card):
                # another seat's play of it was taken as his card not seen: one of them
                # does not hold it, the record cannot say which
                contested[(seat, card)] = tuple(claimed[card])
            # else: not his card; the replay reports it (22.not-held)
    for seat in living:
        if float_out[seat]:  # which of his known cards he discarded is not seen
            free = available[seat] & dealt_known[seat]
            if sum(free.values()) < float_out[seat]:
                raise located(RecordError(
                    INCONSISTENT, f"{seat} discards {float_out[seat]} cards not seen, but "
                    f"every card he was dealt is seen elsewhere"), deal)
            known[seat] -= free
            available[seat] -= free
            placed -= free
            hidden[seat] += sum(free.values()) - float_out[seat]
    # A seat that plays cards not seen may have played any of his known cards that no seen
    # play shows: those float among his own slots (his, leaving at a time not known).
    floating: dict[str, Counter[Card]] = {}
    for seat in living:
        rest = +available[seat]
        if unseen_plays[seat] and rest:
            floating[seat] = rest
            known[seat] -= rest
            hidden[seat] += sum(rest.values())
        if len(unseen_plays[seat]) > hidden[seat]:
            shown = size - hidden[seat]
            raise located(RecordError(
                INCONSISTENT, f"{seat} holds {size} cards at the first trick, but the record "
                f"shows {shown} of them and {len(unseen_plays[seat])} more played unseen"),
                deal)
    pool = Counter({card: n - placed[card] for card, n in pack.items() if n > placed[card]})
    supply: Counter[str] = Counter()
    for card, n in pool.items():
        supply[card[0]] += n
    for seat, rest in floating.items():
        for card, n in rest.items():
            supply[own_name(card[0], seat)] += n
    worlds = Worlds(supply)
    for seat, rest in floating.items():
        names = {own_name(card[0], seat) for card in rest}
        for other in (*living, STOCK):
            if other != seat:
                worlds.exclude(other, names)
    slots: dict[str, int] = {}
    for seat in living:
        slots[seat] = hidden[seat]
        for at in unseen_plays[seat]:
            worlds.add_slots(seat, at)
        worlds.add_slots(seat, END, hidden[seat] - len(unseen_plays[seat]))
    rest = sum(supply.values()) - sum(slots.values())
    if rest < 0:
        raise located(RecordError(
            INCONSISTENT, f"the hands hold {sum(slots.values())} cards the record does not "
                          f"show, but only {sum(supply.values())} cards of the pack are not "
                          "seen elsewhere"), deal)
    worlds.add_slots(STOCK, END, rest)
    if not worlds.physically_feasible():
        raise located(RecordError(INCONSISTENT, cut_message(worlds)), deal)
    dealt = {seat: [*dealt_known[seat].elements(),
                    *[UNSEEN] * (size - sum(dealt_known[seat].values()))] for seat in living}
    play_hands = {seat: [*known[seat].elements(), *[UNSEEN] * hidden[seat]] for seat in living}
    stock_cards = pool + seen_draws
    return Unseen22(worlds, slots, unseen_plays, next_leader=next_leader, dealt=dealt,
                    play_hands=play_hands, pool=pool, stock_cards=stock_cards,
                    drawn_back=drawn_back, own=floating, contested=contested,
                    floating={seat: frozenset(card[0] for card in rest)
                              for seat, rest in floating.items()})
