"""A second, compact implementation of Twenty-Two (standard preset, one pack), written from
the rules and not from the referee's code, to cross-check the referee on simulated and
broken records.

The rules, in the words of the rulebook: 7 cards each in the first deal, then the previous
loser's damage, capped at an equal share of the cards left (damage markers stay out of the
pack); the rest is a stock; each living player from the first leader exchanges once (discard
k, draw k, k at most the stock; `exchange none` declines); the leader plays one card or a set
of equal rank, keeping a card; each follower plays as many cards, either dominating the bar
(sorted, element-wise) or his lowest cards; the last of the strongest plays wins; the last
trick's highest card loses its value in damage, ties all lose; 22 damage kills; the last
survivor wins. After an illegal action: a mixed lead, a follow that neither dominates nor is
the lowest, an exchange beyond the stock, drawing a discard are carried out; a play or
exchange out of turn, a card not held, a wrong number of cards, a lead of the whole hand, a
draw of a card held, played or a marker, a second real exchange stop the replay; the deal is
then scored from its result line, which later deals take their hand size from.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from breaking import Unsupported, Verdict

from referee.model.record import Deal

ORDER = "23456789TJQKA"
DAMAGE = {**{r: int(r) for r in "23456789"}, "T": 10, "J": 10, "Q": 10, "K": 10, "A": 11}


@dataclass
class Match:
    seats: list[str]
    damage: dict[str, int] = field(default_factory=dict)
    markers: list[str] = field(default_factory=list)
    nominal: int = 7
    losers: list[str] = field(default_factory=list)
    over: bool = False

    def living(self) -> list[str]:
        return [s for s in self.seats if self.damage.get(s, 0) < 22]


def rank(card: str) -> int:
    return ORDER.index(card[0])


def dominates(new: list[str], bar: list[str]) -> bool:
    return all(a >= b for a, b in zip(sorted(map(rank, new)), sorted(map(rank, bar)),
                                      strict=True))


def judge_deal(deal: Deal, match: Match) -> Verdict:
    """Judge one deal from ``match`` (updated in place)."""
    v = Verdict()
    events = deal.events

    def error(i: int, rule: str) -> None:
        if v.first_error is None:
            v.first_error = (i, rule)

    living = match.living()
    seats = match.seats
    hands = {h.seat: Counter(c for r in h.rounds for c in r) for h in deal.hands}
    if match.over:
        error(0, "22.match-over")
    dealer = deal.dealer or seats[0]

    def after(seat: str) -> str:
        i = seats.index(seat)
        for step in range(1, len(seats) + 1):
            nxt = seats[(i + step) % len(seats)]
            if nxt in living:
                return nxt
        raise Unsupported("nobody alive")

    # the previous loser deals; a dead one is counted from: the next living player leads
    if match.losers and dealer not in match.losers and \
            after(dealer) not in {after(s) for s in match.losers if s not in living}:
        error(0, "22.dealer")

    available = 52 - len(match.markers)
    size = min(match.nominal, available // len(living))
    if any(sum(hands.get(s, Counter()).values()) != size for s in living) or \
            set(hands) - set(living):
        raise Unsupported("hand sizes")  # not broken by the comparison
    stock = available - size * len(living)
    seen = set(match.markers) | {c for h in hands.values() for c in h}
    discards: set[str] = set()
    leader = after(dealer)
    ex_turn: str | None = leader
    exchanged: set[str] = set()
    started = False
    trick: list[tuple[str, list[str]]] = []
    bar: tuple[str, list[str]] | None = None
    losers: list[str] = []
    deal_damage = {s: 0 for s in seats}
    ended = False
    for i, event in enumerate(events):
        a = event.action
        seat = a.seat
        if ended:
            error(i, "22.deal-over")
            v.stop = i
            break
        if a.kind == "exchange":
            cards = list(a.cards)
            drawn = list(a.drawn)
            decline = not cards and not drawn
            if seat in exchanged:  # a second one; a decline changes nothing
                error(i, "22.exchange-once")
                if decline:
                    continue
                v.stop = i
                break
            if started or (seat != ex_turn and stock) or seat not in living:
                error(i, "22.turn")
                if started and decline:  # changes nothing
                    continue
                v.stop = i
                break
            if any(hands[seat][c] < n for c, n in Counter(cards).items()):
                error(i, "22.not-held")
                v.stop = i
                break
            if len(cards) > stock and len(drawn) < len(cards):
                error(i, "22.exchange-stock")  # the hand would be short
                v.stop = i
                break
            gone = discards | set(cards)  # discarded, now or before
            if len(drawn) != len(cards) or any(c in seen - gone for c in drawn):
                error(i, "22.exchange-draw")  # a card in two places
                v.stop = i
                break
            if len(cards) > stock:
                error(i, "22.exchange-stock")
            if any(c in gone for c in drawn):
                error(i, "22.exchange-discards")
            for c in cards:
                hands[seat][c] -= 1
                discards.add(c)
            for c in drawn:
                hands[seat][c] += 1
                seen.add(c)
            stock = max(0, stock - sum(1 for c in drawn if c not in discards))
            exchanged.add(seat)
            ex_turn = after(seat) if stock else None
            continue
        if a.kind != "play":
            raise Unsupported(a.kind)
        cards = list(a.cards)
        expected = leader if not trick else after(trick[-1][0])
        if seat != expected:
            error(i, "22.turn")
            v.stop = i
            break
        hand = hands[seat]
        if any(hand[c] < n for c, n in Counter(cards).items()):
            error(i, "22.not-held")
            v.stop = i
            break
        held = sorted(hand.elements(), key=rank)
        pending = not started and stock and not set(living) <= exchanged
        started = True
        last = len(held) == 1
        if not trick:
            if len(cards) >= len(held) and not last:
                error(i, "22.lead-keep")
                v.stop = i
                break
            if pending:
                error(i, "22.exchange-first")  # the round comes before the first lead
            if len({c[0] for c in cards}) > 1:
                error(i, "22.lead-equal")
            bar = (seat, cards)
        else:
            assert bar is not None
            if len(cards) != len(trick[0][1]):
                error(i, "22.follow-count")
                v.stop = i
                break
            lowest = sorted(map(rank, held))[:len(cards)]
            if not last and not dominates(cards, bar[1]) and \
                    sorted(map(rank, cards)) != lowest:
                error(i, "22.follow")
            if dominates(cards, bar[1]):
                bar = (seat, cards)
        for c in cards:
            hand[c] -= 1
        trick.append((seat, cards))
        if len(trick) == len(living):
            if last:
                top = max(rank(c[0]) for _, c in trick)
                losers = [s for s, c in trick if rank(c[0]) == top]
                for s, c in trick:
                    if s in losers:
                        deal_damage[s] = DAMAGE[c[0][0]]
                        match.markers.append(c[0])
                ended = True
            else:
                leader = bar[0] if bar else leader
            trick = []
    if not ended and v.stop is None:
        error(len(events) - 1, "22.incomplete")
    if not ended:
        recorded = [x for x in deal.items if getattr(x, "kind", None) == "points"]
        if not recorded:
            raise Unsupported("a stopped deal without a result line")
        deal_damage = {s: 0 for s in seats} | dict(recorded[-1].values)
        losers = [s for s, d in deal_damage.items() if d]
        match.markers += ["?"] * len(losers)
    v.points = deal_damage
    for s, d in deal_damage.items():
        match.damage[s] = match.damage.get(s, 0) + d
    if losers:
        match.nominal = max(deal_damage.values())
    match.losers = losers
    if len(match.living()) <= 1:
        match.over = True
    v.score = dict(match.damage)
    return v
