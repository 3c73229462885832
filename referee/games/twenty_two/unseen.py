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
    first = _FirstPass(deal, living, size, pack)
    plays: list[tuple[str, tuple[Card, ...]]] = []
    for event in deal.events:
        action = event.action
        if action.seat not in first.known:
            continue
        if action.kind == "play":
            plays.append((action.seat, action.cards))
        elif action.kind == "exchange":
            first.exchange(action.seat, action.cards, action.drawn)
    first.available = {seat: +first.known[seat] for seat in living}
    in_trick = trick = 0
    for moment, (seat, cards) in enumerate(plays):
        if in_trick == 0:
            if trick:
                first.next_leader[trick] = seat
            trick += 1
        in_trick = (in_trick + 1) % len(living)
        for card in cards:
            first.play(seat, card, moment)
    first.place_floating()
    return first.model()


class _FirstPass:
    """What the first pass gathers of each living seat: his known cards and how many he
    holds unseen (``hidden``), at the first trick once the exchanges are read."""

    def __init__(self, deal: Deal, living: list[str], size: int, pack: Counter[Card]) -> None:
        self.deal, self.living, self.size, self.pack = deal, living, size, pack
        lines = {hand.seat: hand for hand in deal.hands if hand.seat in living}
        self.placed: Counter[Card] = Counter()
        self.known: dict[str, Counter[Card]] = {}
        self.dealt_known: dict[str, Counter[Card]] = {}
        self.hidden: dict[str, int] = {}
        for seat in living:
            hand = lines.get(seat)
            cards = Counter(c for c in hand.cards if c != UNSEEN) if hand else Counter()
            self.known[seat] = Counter(cards)
            self.dealt_known[seat] = Counter(cards)
            self.hidden[seat] = size - sum(cards.values())
            self.placed.update(cards)
        self.discarded: Counter[Card] = Counter()
        self.drawn_hidden = dict.fromkeys(living, 0)
        self.float_out = dict.fromkeys(living, 0)
        """Seat -> his discards not seen that must be known cards (his line shows them)."""
        self.seen_draws: Counter[Card] = Counter()
        self.available: dict[str, Counter[Card]] = {}
        self.drawn_back: dict[str, list[Card]] = {}
        self.claimed: dict[Card, list[str]] = {}
        self.contested: dict[tuple[str, Card], tuple[str, ...]] = {}
        self.unseen_plays: dict[str, list[int]] = {seat: [] for seat in living}
        self.next_leader: dict[int, str] = {}
        self.floating: dict[str, Counter[Card]] = {}

    def exchange(self, seat: str, given: tuple[Card, ...], drawn: tuple[Card, ...]) -> None:
        placed, known, hidden = self.placed, self.known[seat], self.hidden
        for card in given:
            if card == UNSEEN:
                if hidden[seat] > 0:
                    hidden[seat] -= 1
                else:  # one of his known cards, which one is not seen
                    self.float_out[seat] += 1
                continue
            if known[card] > 0:
                known[card] -= 1
            elif hidden[seat] > 0 and placed[card] < self.pack[card]:
                hidden[seat] -= 1  # a dealt card his line does not show
                placed[card] += 1
                self.dealt_known[seat][card] += 1
            self.discarded[card] += 1
        for card in drawn:
            if card == UNSEEN:
                self.drawn_hidden[seat] += 1
                hidden[seat] += 1
                continue
            known[card] += 1
            if placed[card] < self.pack[card]:  # else a discard drawn back: no second card
                placed[card] += 1
                self.seen_draws[card] += 1

    def play(self, seat: str, card: Card, moment: int) -> None:
        placed, hidden, pack = self.placed, self.hidden, self.pack
        available = self.available[seat]
        if card == UNSEEN:
            self.unseen_plays[seat].append(moment)
        elif available[card] > 0 and not (
                self.float_out[seat] and hidden[seat] > 0 and placed[card] < pack[card]):
            available[card] -= 1
            # (with copies, a seat whose discards not seen are known cards may have drawn
            # this copy: the one of his line then stays free to be a discard)
        elif hidden[seat] > 0 and placed[card] < pack[card]:
            hidden[seat] -= 1  # dealt to him or drawn, unseen until now
            placed[card] += 1
            self.known[seat][card] += 1
            self.claimed.setdefault(card, []).append(seat)
        elif hidden[seat] > 0 and self.drawn_hidden[seat] and self.discarded[card]:
            hidden[seat] -= 1  # only a draw of a discard brings it to him
            self.known[seat][card] += 1
            self.drawn_back.setdefault(seat, []).append(card)
        elif hidden[seat] > 0 and self.claimed.get(card):
            # another seat's play of it was taken as his card not seen: one of them does
            # not hold it, the record cannot say which
            self.contested[(seat, card)] = tuple(self.claimed[card])
        # else: not his card; the replay reports it (22.not-held)

    def place_floating(self) -> None:
        """Known cards whose place is not seen: discarded without being seen (which of his
        known cards is not known: they join the cards not seen), or perhaps among his
        plays not seen (his own, ``floating``)."""
        known, hidden, available = self.known, self.hidden, self.available
        for seat in self.living:
            out = self.float_out[seat]
            if out:
                free = available[seat] & self.dealt_known[seat]
                if sum(free.values()) < out:
                    raise located(RecordError(
                        INCONSISTENT, f"{seat} discards {out} cards not seen, but every card "
                        "he was dealt is seen elsewhere"), self.deal)
                known[seat] -= free
                available[seat] -= free
                self.placed -= free
                hidden[seat] += sum(free.values()) - out
            rest = +available[seat]
            if self.unseen_plays[seat] and rest:
                self.floating[seat] = rest
                known[seat] -= rest
                hidden[seat] += sum(rest.values())
            if len(self.unseen_plays[seat]) > hidden[seat]:
                raise located(RecordError(
                    INCONSISTENT, f"{seat} holds {self.size} cards at the first trick, but the "
                    f"record shows {self.size - hidden[seat]} of them and "
                    f"{len(self.unseen_plays[seat])} more played unseen"), self.deal)

    def model(self) -> Unseen22:
        """The model: ranks as atoms, each seat's slots by the moment they leave his hand,
        the stock for the rest."""
        placed, hidden, floating = self.placed, self.hidden, self.floating
        pool = Counter({c: n - placed[c] for c, n in self.pack.items() if n > placed[c]})
        supply: Counter[str] = Counter()
        for card, n in pool.items():
            supply[card[0]] += n
        for seat, rest in floating.items():
            for card, n in rest.items():
                supply[own_name(card[0], seat)] += n
        worlds = Worlds(supply)
        for seat, rest in floating.items():
            names = {own_name(card[0], seat) for card in rest}
            for other in (*self.living, STOCK):
                if other != seat:
                    worlds.exclude(other, names)
        for seat in self.living:
            for at in self.unseen_plays[seat]:
                worlds.add_slots(seat, at)
            worlds.add_slots(seat, END, hidden[seat] - len(self.unseen_plays[seat]))
        left = sum(supply.values()) - sum(hidden.values())
        if left < 0:
            raise located(RecordError(
                INCONSISTENT, f"the hands hold {sum(hidden.values())} cards the record does "
                f"not show, but only {sum(supply.values())} cards of the pack are not seen "
                "elsewhere"), self.deal)
        worlds.add_slots(STOCK, END, left)
        if not worlds.physically_feasible():
            raise located(RecordError(INCONSISTENT, cut_message(worlds)), self.deal)
        size = self.size
        dealt = {seat: [*cards.elements(), *[UNSEEN] * (size - sum(cards.values()))]
                 for seat, cards in self.dealt_known.items()}
        play_hands = {seat: [*self.known[seat].elements(), *[UNSEEN] * hidden[seat]]
                      for seat in self.living}
        return Unseen22(worlds, dict(hidden), self.unseen_plays, next_leader=self.next_leader,
                        dealt=dealt, play_hands=play_hands, pool=pool,
                        stock_cards=pool + self.seen_draws, drawn_back=self.drawn_back,
                        own=floating, contested=self.contested,
                        floating={seat: frozenset(card[0] for card in rest)
                                  for seat, rest in floating.items()})
