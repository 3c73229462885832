"""One illegal action in a legal 28-family deal, for each case of what follows an illegal
action: the bid that stands as made, each action that stops the replay, the misplay penalty
against the contract standing then, and the loop's notes.

Each ``Case`` takes a legal simulated deal (dealt and played by ``referee simulate``) and
changes it; ``tests/test_family28_after_illegal.py`` checks the referee's verdict on every
case in every game of the family, and the sample records
``samples/*/after-illegal-actions.ttn`` were written from the same cases.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from referee.games import ruleset_for
from referee.model.record import Action, Deal, Event, Record, ResultLine, Tag
from referee.replay.simulate import simulate_records
from referee.rules.base import Ruleset

GAMES = ("twenty-eight", "twenty-nine", "forty", "fifty-six")
AUCTION_KINDS = frozenset({"bid", "pass", "redeal"})


@dataclass
class Walk:
    """A legal deal replayed once: what the cases need to know about it."""

    ruleset: Ruleset
    deal: Deal
    bidder: str
    facedown: str | None
    reveal_trick: int | None
    held: list[dict[str, set[str]]]
    """Before each event (by index in ``deal.items``), the cards each seat holds."""
    states: list[dict[str, object]]
    """Before each event: the stage, the turn, the trick number and the tricks played."""


def walk(record: Record, deal: Deal) -> Walk | None:
    """Replay ``deal`` (the first of a fresh match); None unless it is an ordinary one: a
    bidder, a trump card, no double, no single hand, played to its end."""
    ruleset = ruleset_for(record.header)
    state = ruleset.start_deal(ruleset.new_match(), deal)
    kinds = {e.action.kind for e in deal.events}
    if kinds & {"double", "redouble", "single"}:
        return None
    held, states = [], []
    for item in deal.items:
        held.append({seat: set(cards) for seat, cards in state.hands.items()})
        states.append({"stage": state.stage, "tricks": len(state.tricks), "turn": state.turn,
                       "trick_len": len(state.trick), "revealed": state.revealed})
        if isinstance(item, Event):
            assert ruleset.check(state, item.action) is None, item.action
            ruleset.apply(state, item.action)
    if state.bidder is None or state.annulled or state.void or len(state.tricks) != \
            ruleset.tricks_per_deal or state.trump is None:
        return None
    return Walk(ruleset, deal, state.bidder, state.facedown or _laid(deal, state.bidder),
                state.reveal_trick, held, states)


def _laid(deal: Deal, bidder: str) -> str | None:
    trump = next(e.action for e in deal.events if e.action.kind == "trump")
    return trump.cards[0] if trump.cards and trump.seat == bidder else None


@dataclass
class Changed:
    """A deal with one illegal action: the deal, the changed event's index, and what the
    referee must say (rule, seat, whether the replay stops there)."""

    deal: Deal
    index: int
    rule: str
    seat: str
    stops: bool
    options: tuple[tuple[str, str], ...] = ()


Case = Callable[[Walk], Changed | None]


def _copy(deal: Deal) -> Deal:
    return copy.deepcopy(deal)


def _events(deal: Deal) -> list[tuple[int, Event]]:
    return [(i, item) for i, item in enumerate(deal.items) if isinstance(item, Event)]


def _replace(deal: Deal, index: int, action: Action) -> Deal:
    changed = _copy(deal)
    changed.items[index] = Event(action)
    return changed


def bid_stands(w: Walk) -> Changed | None:
    """The winning bid made illegal (equal to the standing bid, or below the minimum): it
    stands as made, so the bidder holds the contract at that level."""
    bids = [(i, e) for i, e in _events(w.deal) if e.action.kind == "bid"]
    index, last = bids[-1]
    before = [e.action.value for _, e in bids[:-1]]
    p = w.ruleset.rule_prefix
    if before:
        value, rule = max(before), f"{p}.bid-higher"
    else:
        value, rule = w.ruleset.opts.min_bid - 1, f"{p}.bid-range"
    return Changed(_replace(w.deal, index, last.action._replace(value=value)), index, rule,
                   last.action.seat, stops=False)


def not_held(w: Walk) -> Changed | None:
    """The second card of trick 2 replaced by a card its player does not hold."""
    plays = [(i, e) for i, e in _events(w.deal) if e.action.kind == "play"]
    trick2 = [(i, e) for i, e in plays if w.states[i]["tricks"] == 1]
    index, event = trick2[1]
    seat = event.action.seat
    other = next(c for s, cards in sorted(w.held[index].items()) if s != seat
                 for c in sorted(cards) if c not in w.held[index][seat])
    return Changed(_replace(w.deal, index, Action(seat, "play", (other,))), index,
                   f"{w.ruleset.rule_prefix}.not-held", seat, stops=True)


def facedown_played(w: Walk) -> Changed | None:
    """The bidder plays his face-down trump card in trick 1, before it is exposed."""
    if w.facedown is None or w.ruleset.spare:
        return None
    plays = [(i, e) for i, e in _events(w.deal) if e.action.kind == "play"
             and e.action.seat == w.bidder and w.states[i]["tricks"] == 0]
    index = plays[0][0]
    if w.states[index]["revealed"] or w.facedown in w.held[index][w.bidder]:
        return None
    return Changed(_replace(w.deal, index, Action(w.bidder, "play", (w.facedown,))), index,
                   f"{w.ruleset.rule_prefix}.call", w.bidder, stops=True)


def suit_named(w: Walk) -> Changed | None:
    """The bidder names the trump suit where he must lay a card face down."""
    if w.ruleset.spare:
        return None
    index, event = next((i, e) for i, e in _events(w.deal) if e.action.kind == "trump")
    suit = event.action.cards[0][1]
    return Changed(_replace(w.deal, index, Action(w.bidder, "trump", value=suit)), index,
                   f"{w.ruleset.rule_prefix}.trump-card", w.bidder, stops=True)


def redeal_claimed(w: Walk) -> Changed | None:
    """The second speaker claims a redeal (only first hand may, and only with a pointless
    first batch, where the game plays it at all)."""
    calls = [(i, e) for i, e in _events(w.deal) if e.action.kind in AUCTION_KINDS]
    index, event = calls[1]
    return Changed(_replace(w.deal, index, Action(event.action.seat, "redeal")), index,
                   f"{w.ruleset.rule_prefix}.redeal", event.action.seat, stops=True)


def after_the_end(w: Walk) -> Changed | None:
    """A card played after the last trick."""
    last = max(i for i, e in _events(w.deal) if e.action.kind == "play")
    seat = w.deal.events[-1].action.seat
    card = next(h for h in w.deal.hands if h.seat == seat).cards[0]
    changed = _copy(w.deal)
    changed.items.insert(last + 1, Event(Action(seat, "play", (card,))))
    return Changed(changed, last + 1, f"{w.ruleset.rule_prefix}.deal-over", seat, stops=True)


def before_any_bid(w: Walk) -> Changed | None:
    """First hand plays a card instead of speaking: nobody has bid yet."""
    index, event = _events(w.deal)[0]
    seat = event.action.seat
    card = next(h for h in w.deal.hands if h.seat == seat).cards[0]
    return Changed(_replace(w.deal, index, Action(seat, "play", (card,))), index,
                   f"{w.ruleset.rule_prefix}.auction-open", seat, stops=True)


def doubled_then_stopped(w: Walk) -> Changed | None:
    """An opponent doubles after the trump choice; then a member of the bidding side plays
    a card he does not hold: the double made before the stop counts."""
    ruleset = w.ruleset
    if not ruleset.opts.double_allowed or ruleset.opts.double_cap < 2:
        return None
    trump_at = next(i for i, e in _events(w.deal) if e.action.kind == "trump")
    opponent = next(s for s in ruleset.table.seats if not ruleset.table.same_team(s, w.bidder))
    plays = [(i, e) for i, e in _events(w.deal) if e.action.kind == "play"
             and ruleset.table.same_team(e.action.seat, w.bidder) and w.states[i]["tricks"] == 1]
    index, event = plays[0]
    seat = event.action.seat
    other = next(c for s, cards in sorted(w.held[index].items()) if s != seat
                 for c in sorted(cards) if c not in w.held[index][seat])
    changed = _replace(w.deal, index, Action(seat, "play", (other,)))
    changed.items.insert(trump_at + 1, Event(Action(opponent, "double")))
    return Changed(changed, index + 1, f"{ruleset.rule_prefix}.not-held", seat, stops=True)


def annulled_with_offence(w: Walk) -> Changed | None:
    """Every player passes, which throws the deal in; but one of the passes was illegal
    (first hand must open, or the dealer must bid): the penalty comes first."""
    ruleset = w.ruleset
    state = ruleset.start_deal(ruleset.new_match(), w.deal)
    seat = state.first_hand
    changed = _copy(w.deal)
    changed.items = []
    offender = None
    for _ in range(ruleset.players):
        action = Action(seat, "pass")
        if offender is None and ruleset.check(state, action) is not None:
            offender = seat
        ruleset.apply(state, action)
        changed.items.append(Event(action))
        seat = ruleset.next_seat[seat]
    if offender is None:
        return None
    index = next(i for i, e in enumerate(changed.items) if e.action.seat == offender)
    rule = "opening-bid" if offender == state.first_hand else "dealer-bid"
    return Changed(changed, index, f"{ruleset.rule_prefix}.{rule}", offender, stops=False)


CASES: dict[str, Case] = {
    "bid-stands": bid_stands,
    "not-held": not_held,
    "facedown-played": facedown_played,
    "suit-named": suit_named,
    "redeal-claimed": redeal_claimed,
    "after-the-end": after_the_end,
    "before-any-bid": before_any_bid,
    "doubled-then-stopped": doubled_then_stopped,
    "annulled-with-offence": annulled_with_offence,
}


def ordinary_deals(game: str, seed: int = 28, deals: int = 40) -> Iterator[tuple[Record, Walk]]:
    """Simulated deals of ``game`` that every case can change, each as the first deal of a
    record of its own (its header, the deal with its dealer stated)."""
    for record in simulate_records(game, deals, seed):
        for deal in record.deals:
            single = Record(record.header, [deal])
            found = walk(single, deal)
            if found is not None:
                yield single, found


def with_deal(record: Record, deal: Deal, options: tuple[tuple[str, str], ...] = ()
              ) -> Record:
    """``record``'s header (with ``options`` as Option tags) and ``deal`` alone, as deal 1."""
    header = copy.deepcopy(record.header)
    header.tags += [Tag("Option", [name, value]) for name, value in options]
    first = _copy(deal)
    first.number = 1
    return Record(header, [first])


def without_results(deal: Deal) -> Deal:
    changed = _copy(deal)
    changed.items = [item for item in changed.items if not isinstance(item, ResultLine)]
    return changed
