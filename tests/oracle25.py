"""A second, compact implementation of Twenty-Five (standard preset, players alone or in
teams), written from the rules and not from the referee's code, to cross-check the referee.

The rules, in the words of the rulebook: five cards each, a card turned up for trumps; the
A of hearts is always a trump; the holder of the trump ace (the dealer, if the ace is turned)
may rob before his own first play, discarding a card for the turned one; the dealer's left
leads; to a plain lead follow suit or trump; to a trump lead play a trump unless only the
5, the J of trumps or the A of hearts outranking the led card is held; 5 points a trick; the
game ends the moment a side has 25. After an illegal action: a rob that breaks a rule is
carried out (a second rob, or the turned card as the discard, is ignored); a card not held,
a play out of turn, anything after the deal or the game ended stop the replay.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from breaking import Unsupported, Verdict

from referee.model.record import Deal, Record

TOP = ("5", "J", "AH", "A")  # the trump order starts 5, J, A of hearts, the trump ace
RED_SPOTS = "T98765432"
BLACK_SPOTS = "23456789T"


@dataclass
class Match:
    seats: list[str]
    team: dict[str, str]
    score: dict[str, int] = field(default_factory=dict)
    dealer: str | None = None
    over: bool = False


def match_for(record: Record) -> Match:
    tags = {tag.name: tag.values for tag in record.header.tags}
    if "Rules" in tags or "Option" in tags:
        raise Unsupported(str(tags))
    seats = tags["Seats"][0].split()
    team = {s: s for s in seats}
    for members in tags.get("Teams", []):
        for s in members.split():
            team[s] = "".join(members.split())
    return Match(seats, team, dict.fromkeys(sorted(set(team.values())), 0))


def is_trump(card: str, trump: str) -> bool:
    return card[1] == trump or card == "AH"


def strength(card: str, trump: str, led_suit: str) -> int:
    """Higher wins: trumps above every plain card; a plain card off the led suit is 0."""
    if is_trump(card, trump):
        red = trump in "HD"
        order = ["5" + trump, "J" + trump, "AH"] + (["A" + trump] if trump != "H" else []) + \
            ["K" + trump, "Q" + trump] + \
            [r + trump for r in (RED_SPOTS if red else BLACK_SPOTS) if r != "5"]
        return 200 - order.index(card)
    if card[1] != led_suit:
        return 0
    red = card[1] in "HD"
    order = ["K", "Q", "J"] + ([] if red else ["A"]) + list(RED_SPOTS if red else BLACK_SPOTS)
    if card[1] == "D":
        order.append("A")
    return 100 - order.index(card[0])


def judge_deal(deal: Deal, match: Match) -> Verdict:
    """Judge one deal from ``match`` (updated in place)."""
    v = Verdict()
    seats = match.seats
    events = deal.events

    def error(i: int, rule: str) -> None:
        if v.first_error is None:
            v.first_error = (i, rule)

    def left(seat: str) -> str:
        return seats[(seats.index(seat) + 1) % len(seats)]

    dealer = deal.dealer or seats[0]
    if match.over:
        error(0, "25.match-over")
    elif match.dealer is not None and dealer != left(match.dealer):
        error(0, "25.dealer")
    match.dealer = dealer
    hands = {h.seat: {c for r in h.rounds for c in r} for h in deal.hands}
    dealt = {s: set(c) for s, c in hands.items()}
    points = dict.fromkeys(match.score, 0)
    turned: str | None = None
    trump = ""
    robbed = False
    played: set[str] = set()
    trick: list[tuple[str, str]] = []
    tricks = 0
    leader = left(dealer)
    ended = False
    for i, event in enumerate(events):
        a = event.action
        seat = a.seat
        if ended or match.over:
            error(i, "25.game-end" if match.over else "25.deal-over")
            v.stop = i
            break
        if a.kind == "turnup":
            if turned is not None:
                error(i, "25.turnup")
                v.stop = i
                break
            turned = a.cards[0]
            trump = turned[1]
            if any(turned in c for c in dealt.values()):  # it comes from the stock
                error(i, "25.turnup")
                v.stop = i
                break
            continue
        if turned is None:
            error(i, "25.turnup")
            v.stop = i
            break
        if a.kind == "rob":
            discard = a.cards[0]
            ace = "A" + trump
            eligible = dealer if turned == ace else next(
                (s for s, c in dealt.items() if ace in c), None)
            if robbed:
                error(i, "25.rob-once")
                continue
            if discard != turned and discard not in hands[seat]:
                error(i, "25.not-held")
                v.stop = i
                break
            if seat != eligible:
                error(i, "25.rob-eligible")
            elif seat in played:
                error(i, "25.rob-deadline")
            elif discard == turned:
                error(i, "25.rob-discard")
                continue
            if discard == turned:
                continue
            hands[seat].discard(discard)
            hands[seat].add(turned)
            robbed = True
            continue
        if a.kind != "play" or len(a.cards) != 1:
            raise Unsupported(a.kind)
        card = a.cards[0]
        expected = leader if not trick else left(trick[-1][0])
        if seat != expected:
            error(i, "25.turn")
            v.stop = i
            break
        hand = hands[seat]
        if card not in hand:
            error(i, "25.not-held")
            v.stop = i
            break
        if trick:
            led = trick[0][1]
            if is_trump(led, trump):
                led_rank = strength(led, trump, "")
                privileged = {c for c in hand if is_trump(c, trump) and
                              (c in ("5" + trump, "J" + trump, "AH")) and
                              strength(c, trump, "") > led_rank}
                must = {c for c in hand if is_trump(c, trump)} - privileged
                if must and not is_trump(card, trump):
                    error(i, "25.renege")
            else:
                suit = [c for c in hand if c[1] == led[1] and not is_trump(c, trump)]
                if suit and not is_trump(card, trump) and card[1] != led[1]:
                    error(i, "25.follow-suit")
        hand.discard(card)
        played.add(seat)
        trick.append((seat, card))
        if len(trick) == len(seats):
            led_suit = "T" if is_trump(trick[0][1], trump) else trick[0][1][1]
            winner = max(trick, key=lambda sc: strength(sc[1], trump, led_suit))[0]
            team = match.team[winner]
            points[team] += 5
            tricks += 1
            trick = []
            leader = winner
            if match.score[team] + points[team] >= 25:
                match.over = True
            if tricks == 5:
                ended = True
    if not ended and not match.over and v.stop is None:
        lines = any(getattr(item, "kind", None) for item in deal.items)
        error(len(events) - (not lines), "25.incomplete")
    recorded = [x for x in deal.items if getattr(x, "kind", None) == "points"]
    if (ended or match.over) and recorded and v.first_error is None and \
            any(points.get(match.team.get(k, k), 0) != x for k, x in recorded[-1].values):
        error(len(events), "record.result-mismatch")
    if not (ended or match.over) and recorded:
        # what the stopped deal produced, from its result line (the match score needs it)
        points = dict.fromkeys(match.score, 0)
        for key, value in recorded[-1].values:
            points[match.team.get(key, key)] += value
        if any(match.score[t] + p >= 25 for t, p in points.items()):
            match.over = True
    v.points = points
    for t, p in points.items():
        match.score[t] += p
    v.score = dict(match.score)
    return v
