"""A second, compact implementation of Avinas (standard preset), written from the rules and
not from the referee's code, to cross-check the referee on simulated and broken records.

The rules, in the words of the rulebook: 32 cards dealt 4 + 4; the dealer exposes the 4th and
8th cards of his opponents and the sevens among his own side's; the last seven exposed
names trumps and the declarer (sevens game, scored in rams, knocks double it); without a
seven a single-round auction on trump counts (no sevens game, scored in pips; the first
lead names trumps, a queen or jack lead is followed by the named suit; a false bid loses the
hand by the failure row; the declarer may stop between tricks, trick 1 included). Trick 1
lead a trump; trick 2 leader a trump if held, else face up or face down; follow the
effective suit (queens and jacks are trumps). After an illegal action: an illegal bid stands
as made (the offender is high bidder); a card not held, play after the deal ended stop the
replay; the stopped deal is scored as played.

For every deal it gives the first illegal action (event index, rule id), where the replay
stops, the card points, the pips of the deal, the net rams and the pip score.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from breaking import Unsupported
from breaking import Verdict as BaseVerdict

from referee.model.record import Deal, Record

SEATS = ("N", "E", "S", "W")
SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
OTHER = {"NS": "EW", "EW": "NS"}
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
TRUMP_TOP = ("QC", "7*", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "A*", "T*", "K*", "9*", "8*")
PLAIN = ("A", "T", "K", "9", "8", "7")


@dataclass
class Verdict(BaseVerdict):
    pips: dict[str, int] = field(default_factory=dict)
    rams: int = 0  # net rams against N-S (negative: against E-W)
    false_bid: bool = False


@dataclass
class Match:
    """What carries from deal to deal."""

    pips: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    rams: int = 0
    dealer: str | None = None
    over: bool = False


def left(seat: str, n: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + n) % 4]


def is_trump(card: str, trump: str | None) -> bool:
    return card[0] in "QJ" or card[1] == trump


def trump_rank(card: str, trump: str) -> int:
    key = card if card[0] in "QJ" else card[0] + "*"
    return len(TRUMP_TOP) - TRUMP_TOP.index(key)


def suit_of(card: str, trump: str | None) -> str:
    return "T" if is_trump(card, trump) else card[1]


def trump_count(cards: list[str], suit: str) -> int:
    return sum(1 for c in cards if is_trump(c, suit))


def pips_for(points: int, success: bool) -> int:
    band = 0 if points >= 31 else 1 if points > 0 else 2
    return (1, 2, 3)[band] * (1 if success else 2)


def rules_for(record: Record) -> None:
    tags = {tag.name: tag.values for tag in record.header.tags}
    if tags.get("Game") != ["avinas"] or "Rules" in tags or "Option" in tags:
        raise Unsupported(str(tags))


def judge_deal(deal: Deal, match: Match) -> Verdict:
    """Judge one deal from ``match`` (updated in place)."""
    v = Verdict()
    hands = {h.seat: [c for r in h.rounds for c in r] for h in deal.hands}
    rounds = {h.seat: h.rounds for h in deal.hands}
    if set(hands) != set(SEATS) or any(len(r) != 2 or len(r[0]) != 4 for r in rounds.values()):
        raise Unsupported("hands without the deal order")
    dealer = deal.dealer or "N"
    events = deal.events

    def error(i: int, rule: str) -> None:
        if v.first_error is None:
            v.first_error = (i, rule)

    if match.over:
        error(0, "avinas.match-over")
    elif match.dealer is not None and dealer != left(match.dealer):
        error(0, "avinas.dealer")
    match.dealer = dealer
    L, P, R, D = left(dealer), left(dealer, 2), left(dealer, 3), dealer
    exposed = []
    for half in (0, 1):
        for seat in (L, P, R, D):
            card = rounds[seat][half][3]
            if seat in (L, R) or card[0] == "7":
                exposed.append((seat, card))
    sevens = [(s, c) for s, c in exposed if c[0] == "7"]
    k = len(sevens)
    held = {s: set(c) for s, c in hands.items()}
    declarer: str | None = sevens[-1][0] if k else None
    trump: str | None = sevens[-1][1][1] if k else None
    bid = 0
    speakers = [L, P, R, D] if not k else []
    spoken = 0
    knock = counter = False
    tricks: list[list[tuple[str, str, bool]]] = []
    trick: list[tuple[str, str, bool]] = []
    leader: str | None = declarer
    won = {"NS": 0, "EW": 0}
    taken = {"NS": 0, "EW": 0}
    named_needed = False  # a queen or jack opened a no-sevens game: a suit must be named
    ended = stopped = stop_in_auction = from_record = named = False

    def over() -> bool:  # the auction has ended (a bid of 8 ends it at once)
        return bool(k) or spoken >= 4 or bid >= 8
    for i, event in enumerate(events):
        a = event.action
        seat, kind = a.seat, a.kind
        if ended:
            error(i, "avinas.deal-over")
            v.stop = i
            break
        if kind in ("bid", "pass"):
            if k or spoken >= 4 or (kind == "bid" and bid >= 8) or trick or tricks:
                error(i, "avinas.auction-over")
                continue
            if seat != speakers[spoken]:
                error(i, "avinas.turn")
            if kind == "bid":
                value = a.value if isinstance(a.value, int) else 0
                if not 1 <= value <= 8:
                    error(i, "avinas.bid-range")
                elif value <= bid:
                    error(i, "avinas.bid-higher")
                bid, declarer = value, seat  # an illegal bid stands as made
            spoken += 1
            if spoken == 4 or bid >= 8:
                if declarer is None:
                    ended = True
                leader = declarer
            continue
        if kind == "knock":  # an illegal knock is not carried out
            ours = declarer is not None and SIDE[seat] == SIDE[declarer]
            late = bool(trick or tricks)
            if (not k) or (ours and (late or knock)) or (late and not knock):
                error(i, "avinas.knock")
            elif late:
                error(i, "avinas.counter-knock")  # after a knock an opponent's is a knock back
            elif ours:
                knock = True
            elif not knock or counter:
                error(i, "avinas.counter-knock")
            else:
                counter = True
            continue
        if kind == "trump":
            # the declarer of a no-sevens game names trumps before his lead or after a
            # queen or jack lead; a name that contradicts the lead is disregarded
            # one explicit naming: before the lead, or in trick 1 (after a queen or jack
            # before the next card; after a plain lead only its own suit)
            opening = not tricks and (not trick or named_needed or a.value == trump)
            if k or seat != declarer or not over() or not opening or named or \
                    (trump is not None and a.value != trump):
                error(i, "avinas.trump-named")
                continue
            trump = str(a.value)
            named_needed = False
            named = True
            continue
        if kind == "stop":
            if k or seat != declarer or trick or (not k and not over()):
                error(i, "avinas.stop")
                continue
            ended = stopped = True
            continue
        if kind not in ("play", "down"):
            raise Unsupported(kind)
        card = a.cards[0]
        if not k and not over():
            error(i, "avinas.auction-open")
            v.stop = i
            stop_in_auction = True
            break
        if named_needed:
            error(i, "avinas.trump-named")
            v.stop = i
            break
        expected = leader if not trick else left(trick[-1][0])
        if seat != expected:
            error(i, "avinas.turn")
            v.stop = i
            break
        if card not in held.get(seat, set()):
            error(i, "avinas.not-held")
            v.stop = i
            break
        hand = held[seat]
        if not trick:
            n = len(tricks) + 1
            if n == 1 and not k and trump is None:
                if card[0] in "QJ":
                    named_needed = True
                else:
                    trump = card[1]
            trumps_held = [c for c in hand if is_trump(c, trump)]
            if kind == "down":  # holding a trump, the lead duty is broken first
                if n == 2 and trumps_held:
                    error(i, "avinas.trump-lead")
                elif n != 2:
                    error(i, "avinas.face-down")
            elif n == 1:
                if not is_trump(card, trump) and not named_needed:
                    error(i, "avinas.trump-lead")
            elif n == 2 and trumps_held and not is_trump(card, trump):
                error(i, "avinas.trump-lead")
        else:
            lead_seat, lead_card, lead_down = trick[0]
            if kind == "down":
                error(i, "avinas.face-down")
            if lead_down:
                if not is_trump(card, trump) and any(is_trump(c, trump) for c in hand):
                    error(i, "avinas.follow-face-down")
            else:
                want = suit_of(lead_card, trump) if not named_needed else "T"
                if suit_of(card, trump) != want and \
                        any(suit_of(c, trump) == want for c in hand):
                    error(i, "avinas.follow-suit")
        hand.discard(card)
        trick.append((seat, card, kind == "down"))
        if len(trick) == 4:
            winner = trick_winner(trick, trump)
            won[SIDE[winner]] += 1
            taken[SIDE[winner]] += sum(POINTS.get(c[0], 0) for _, c, _ in trick)
            tricks.append(trick)
            trick = []
            leader = winner
            if len(tricks) == 8:
                ended = True
    if stop_in_auction:  # no contract yet: nothing to score
        taken = {}
    elif not ended:
        # scored as played; the card points the deal produced from its result line
        recorded = [line for line in deal.items if getattr(line, "kind", None) == "points"]
        if recorded:
            taken = {"NS": 0, "EW": 0} | dict(recorded[-1].values)
            from_record = True
    recorded = [line for line in deal.items if getattr(line, "kind", None) == "points"]
    if ended and v.stop is None and recorded and \
            {"NS": 0, "EW": 0} | dict(recorded[-1].values) != taken:
        error(len(events), "record.result-mismatch")
    v.points = dict(taken)
    deal_pips = {"NS": 0, "EW": 0}
    complete = ended and (stopped or len(tricks) == 8)
    if v.stop is None and not complete and v.first_error is None and not (
            not k and spoken == 4 and declarer is None):
        # at the result line, or at the last action without one
        lines = any(getattr(item, "kind", None) for item in deal.items)
        error(len(events) - (not lines), "avinas.incomplete")
    if declarer is not None and over() and not (
            v.stop is not None and not k and stop_in_auction):
        side = SIDE[declarer]
        if k:
            m = 4 if counter else 2 if knock else 1
            all_eight = won[side] == 8 or (from_record and taken[side] == 120)
            made = all_eight if knock else taken[side] >= 61
            r = k * m if made else 2 * k * m
            to = OTHER[side] if made else side
            v.rams = r if to == "NS" else -r
        else:  # stopped before naming trumps: no false-bid count can be made
            false_bid = trump is not None and trump_count(hands[declarer], trump) < bid
            v.false_bid = false_bid
            made = taken[side] >= 61 and not false_bid
            to = OTHER[side] if made else side
            deal_pips[to] = pips_for(taken[to], made)
    v.pips = deal_pips
    net = match.rams
    if v.rams:
        # netting: cross off the other side's rams first (AV-S4)
        net = match.rams + v.rams
    match.rams = net
    for s in deal_pips:
        match.pips[s] += deal_pips[s]
    if max(match.pips.values()) >= 12:
        match.over = True
    v.rams = net
    v.score = dict(match.pips)
    return v


def trick_winner(trick: list[tuple[str, str, bool]], trump: str | None) -> str:
    if trump is None:
        trump = "-"
    trumps = [(trump_rank(c, trump), s) for s, c, d in trick if is_trump(c, trump)]
    if trumps:
        return max(trumps)[1]
    lead_seat, lead, down = trick[0]
    if down:
        return lead_seat
    follow = [(len(PLAIN) - PLAIN.index(c[0]), s) for s, c, _ in trick if c[1] == lead[1]]
    return max(follow)[1]
