"""A second, compact implementation of the 28 family, written from the rules (not from the
referee's code), to cross-check the referee on simulated and broken records.

It covers Twenty-Eight and Twenty-Nine, Forty (six seats, the 3 equal to the J, Forty's table
with losses paid to the opponents) and Fifty-Six (a double pack: the first of two identical
cards wins), under their standard presets and the options the simulator turns on for the
regional variants (``c_call``, ``single_hand_show``, ``second_round``,
``auction_style = duel``), and Twenty-Eight's Kings and Queens at -1
(``kings_queens_minus_one``) and Forty's second bid of 30 (``second_bid_min``). For every
deal it gives the first illegal action (event index and
rule id), the action at which the replay must stop (if any), the card points, the game points
and the match score after the deal. A record outside that scope raises ``Unsupported``.

The rules, in the words of the rulebook: deal in two batches of four, an auction on the first
four (three passes after a bid end it), a trump card laid face down (28) or named (29), a
double window, the second batch, play in eight tricks, the pair, +1 / -1 to the bidding side,
the game won at +6 and lost at -6. After an illegal action: an illegal bid stands; a card the
seat does not hold, a play out of the auction or after the deal, a suit named where a card is
needed, or a false redeal claim stops the deal, which is then scored against the contract as
it stands (no bid yet: the offender's side loses one game point); the penalty beats a void or
annulled deal.

A deal thrown in (first hand's redeal, everybody passing, a hand without a point once the
second batch is dealt, and the optional cancellations of the first two speakers' pointless
fours) ends there: whatever the record holds after it is passed over, never an offence. The
same dealer deals again after a deal thrown in and not scored; after any other deal (one the
penalty scores included) the deal passes on in turn (``judge_record`` checks the dealers).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from referee.model.record import Action, Deal, Record

SEATS_CW = ("N", "E", "S", "W")
SEATS_CCW = ("N", "W", "S", "E")
TEAM = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
SIX_CCW = ("P1", "P6", "P5", "P4", "P3", "P2")  # P1 ... P6 sit clockwise
TEAM_SIX = {seat: "P1P3P5" if int(seat[1]) % 2 else "P2P4P6" for seat in SIX_CCW}
GAME_TARGET = 6
RANKS_28 = {"J": 7, "9": 6, "A": 5, "T": 4, "K": 3, "Q": 2, "8": 1, "7": 0}
RANKS_40 = {"3": 7, **RANKS_28}  # the 3 ranks equal with the J (A7.4)
POINTS = {"J": 3, "3": 3, "9": 2, "A": 1, "T": 1}


class Cards(Counter):
    """A hand: a multiset of cards (Fifty-Six deals two copies of each)."""

    def add(self, card: str) -> None:
        self[card] += 1

    def discard(self, card: str) -> None:
        if self[card] > 1:
            self[card] -= 1
        else:
            self.pop(card, None)

    def cards(self, extra: str | None = None) -> list[str]:
        return sorted(self.elements()) + ([extra] if extra else [])


class Unsupported(Exception):
    """A record this oracle does not model (another game, preset or option)."""


def points_of(cards: list[str]) -> int:
    return sum(POINTS.get(card[0], 0) for card in cards)


@dataclass
class Rules:
    """The options this oracle knows, with each game's standard defaults (section 8)."""

    prefix: str
    order: tuple[str, ...]
    min_bid: int
    opening_forced: bool
    dealer_forced: bool
    own_card: bool
    lead_restriction: bool
    call_mandatory: bool
    caller_must_trump: bool
    pre_reveal_count: bool
    no_undertrump: bool
    void_if_never_called: bool
    last_trick: int
    redeal_fh: bool
    annul_eight_zero: bool
    max_bid: int = 28
    fh_and_next: bool = False  # first hand's pass cancels when the next's four is pointless too
    first_two: bool = False  # either of the first two speakers' pointless four annuls
    c_call: bool = False
    show: bool = False
    second_round: int | None = None
    duel: bool = False
    team: dict[str, str] = field(default_factory=lambda: dict(TEAM))
    rank: dict[str, int] = field(default_factory=lambda: dict(RANKS_28))
    batch: int = 4
    forty: bool = False  # Forty's table, losses paid to the opponents, penalty doubled
    copies: int = 1  # Fifty-Six: a double pack
    pair_value: int = 4
    minus_kq: bool = False  # every K and Q -1: the pack holds 20; bids 10 to 20
    second_bid_min: int = 0  # a player's second and later bids need this much

    @property
    def tricks(self) -> int:
        return 2 * self.batch

    @property
    def total(self) -> int:
        return 4 * self.copies * (points_of(list(self.rank)) - 2 * self.minus_kq)

    def points(self, cards: list[str]) -> int:
        """Card points: J 3, 9 2, A and 10 1 each (Forty's 3 also 3); with the -1 variant
        every K and Q takes one off."""
        return points_of(cards) - (sum(c[0] in "KQ" for c in cards) if self.minus_kq else 0)

    def strength(self, card: str) -> int:
        return self.rank[card[0]]

    def sure_winner_hand(self, cards: list[str], trump: str | None = None, place: int = 0
                         ) -> bool:
        """The hand wins every trick whatever the others hold and play: no trumps and
        leading (the single hand), or the contract's ``trump`` with the holder ``place``
        seats after the leader of trick 1 (the show). Of equal cards the first played wins.

        Leading, he plays each suit from the top. A card of his is safe when nobody can
        hold a stronger one of its suit, or when a player keeping one would have had to
        follow suit more often than there are cards of it out. With trumps, a player may
        hold every trump he lacks: he must draw them all before he leads another suit.
        Not leading, the leader picks the suit and the players before him the cards:
        each lead and each strongest card before him is tried."""
        held = Counter(cards)
        suit_size = len(self.rank) * self.copies

        def out(suit: str) -> int:
            return suit_size - sum(n for c, n in held.items() if c[1] == suit)

        def stronger_out(card: str, gone: str | None, equal: bool) -> bool:
            for r, v in self.rank.items():
                if v > self.rank[card[0]] or (equal and v == self.rank[card[0]]):
                    left = self.copies - held[r + card[1]] - (gone == r + card[1])
                    if left > 0:
                        return True
            return False

        def leading(hand: Counter, rounds: Counter, gone: str | None) -> bool:
            if trump is not None and any(c[1] != trump for c in hand.elements()):
                mine = sum(n for c, n in hand.items() if c[1] == trump)
                if out(trump) > rounds[trump] + mine:
                    return False
            for suit in "SHDC":
                mine = sorted((c for c in hand.elements() if c[1] == suit),
                              key=lambda c: -self.rank[c[0]])
                for k, c in enumerate(mine):
                    if stronger_out(c, gone, False) and out(suit) > rounds[suit] + k:
                        return False
            return True

        if place == 0:
            return leading(held, Counter(), None)
        last = place == len(self.order) - 1
        for led in "SHDC":
            if not out(led):
                continue
            befores = [r + led for r in self.rank if held[r + led] < self.copies]
            if place > 1 and trump is not None and trump != led:  # a ruff before him
                befores += [r + trump for r in self.rank if held[r + trump] < self.copies]
            for best in befores:
                follow = [c for c in held.elements() if c[1] == led]
                if follow and trump is not None and led != trump and out(trump):
                    return False
                if follow and best[1] != led:
                    return False
                pool = follow or [c for c in held.elements() if c[1] == trump]
                ok = [c for c in pool if (c[1] != best[1] or self.rank[c[0]] > self.rank[best[0]])
                      and (last or not stronger_out(c, best, False))]
                if not ok:
                    return False
                mine = min(ok, key=lambda c: self.rank[c[0]])
                rest = held.copy()
                rest[mine] -= 1
                rounds = Counter({led: 1})
                if trump is not None and best[1] == trump and led != trump:
                    rounds[trump] += 1
                if not leading(+rest, rounds, best):
                    return False
        return True

    def stake(self, bid: int) -> tuple[int, int]:
        """Forty's table (A7.4): made, and paid to the opponents if failed; Fifty-Six's:
        2 for the honours bids of 40 or more."""
        if self.copies == 2:
            return (1, 1) if bid < 40 else (2, 2)
        return (1, 2) if bid <= 29 else (2, 3) if bid <= 33 else (3, 4)


def rules_for(record: Record) -> Rules:
    tags = {tag.name: tag.values for tag in record.header.tags}
    game = tags.get("Game", [""])[0]
    if tags.get("Rules", ["standard"])[0] != "standard":
        raise Unsupported("preset")
    if game == "twenty-eight":
        rules = Rules("28", SEATS_CCW, 14, True, False, True, True, False, True, False, True,
                      True, 0, True, True)
    elif game == "twenty-nine":
        rules = Rules("29", SEATS_CW, 15, False, True, False, False, True, False, True, False,
                      False, 1, False, False)
    elif game == "forty":
        rules = Rules("40", SIX_CCW, 20, True, False, True, True, False, True, False, True,
                      True, 0, True, True, max_bid=40, team=dict(TEAM_SIX),
                      rank=dict(RANKS_40), batch=3, forty=True)
    elif game == "fifty-six":
        rules = Rules("56", SIX_CCW, 28, True, False, True, True, False, True, False, True,
                      True, 0, True, True, max_bid=56, team=dict(TEAM_SIX),
                      rank={r: v for r, v in RANKS_28.items() if r not in "87"}, copies=2,
                      pair_value=8)
    else:
        raise Unsupported(game)
    for tag in record.header.get_all("Option"):
        name, value = tag.values
        if name == "kings_queens_minus_one" and game == "twenty-eight":
            rules.minus_kq = value == "yes"
            rules.min_bid, rules.max_bid = (10, 20) if rules.minus_kq else (14, 28)
        elif name == "second_bid_min" and value.isdigit():
            rules.second_bid_min = int(value)
        elif name == "c_call":
            rules.c_call = value == "yes"
        elif name == "single_hand_show":
            rules.show = value == "yes"
        elif name == "second_round":
            rules.second_round = None if value == "off" else int(value.removeprefix("min"))
        elif name == "auction_style":
            rules.duel = value == "duel"
        elif name == "dealer_forced_bid" and value in ("none", "exact"):
            rules.dealer_forced = value == "exact"
        elif name == "annul_fh_and_next_pointless":
            rules.fh_and_next = value == "yes"
        elif name == "redeal_first_two_pointless":
            rules.first_two = value == "yes"
        elif name == "annul_eight_zero":
            rules.annul_eight_zero = value == "yes"
        elif name == "redeal_fh_pointless":
            rules.redeal_fh = value == "yes"
        else:
            raise Unsupported(name)
    return rules


@dataclass
class Verdict:
    """What one deal came to."""

    first_error: tuple[int, str] | None = None
    stop: int | None = None
    points: dict[str, int] = field(default_factory=dict)
    game_points: dict[str, int] = field(default_factory=dict)
    score: dict[str, int] = field(default_factory=dict)
    again: bool = False  # thrown in and not scored: the same dealer deals the next deal


class Illegal(Exception):
    """An action against rule ``rule``; with ``fatal`` the deal cannot be replayed on."""

    def __init__(self, rule: str, fatal: bool = False) -> None:
        super().__init__(rule)
        self.rule = rule
        self.fatal = fatal


class DealJudge:
    """One deal, replayed action by action."""

    def __init__(self, rules: Rules, deal: Deal, score: dict[str, int]) -> None:
        self.r = rules
        self.order = rules.order
        self.dealer = deal.dealer
        self.fh = self.next(deal.dealer)
        self.first = {h.seat: list(h.rounds[0]) for h in deal.hands}
        self.second = {h.seat: list(h.rounds[1]) for h in deal.hands}
        self.hand = {s: Cards(self.first[s]) for s in self.first}
        self.start_score = dict(score)
        # auction
        self.stage = "auction"
        self.turn = self.fh
        self.high: tuple[int, str] | None = None
        self.passes = 0
        self.spoken: set[str] = set()
        self.bidders: set[str] = set()  # who has bid in the auction
        self.out: set[str] = set()  # duel: dropped out
        self.holder = self.fh
        self.challenger = self.next(self.fh)
        self.named = False  # duel: a number named since the holder last spoke
        if rules.duel:
            self.turn = self.challenger  # first hand holds; the next player challenges
        # contract
        self.trump: str | None = None
        self.facedown: str | None = None
        self.facedown_owner: str | None = None
        self.rechosen = False  # trumps chosen again after the second round
        self.doubled = self.redoubled = self.c = False
        self.last_window: str | None = None
        self.second_contract = False
        self.round2_bid = False
        self.round2_passes = 0
        # play
        self.single: str | None = None
        self.revealed = False
        self.reveal_trick = -1
        self.trick: list[tuple[str, str, bool]] = []  # (seat, card, counts as trump)
        self.trick_no = 0
        self.caller: str | None = None
        self.trump_led_by_other = False
        self.void_occasion = False
        teams = sorted(set(rules.team.values()))
        self.won: dict[str, list[str]] = {team: [] for team in teams}
        self.tricks_won: dict[str, list[int]] = {team: [] for team in teams}
        self.last_winner: str | None = None
        self.adjust = 0
        self.paired = False
        self.ended: str | None = None  # why the deal is over: played, void, annulled, show
        self.show_outcome: str | None = None
        self.offender: str | None = None
        self.stopped = False
        # a hand without a point cancels the deal once the second batch is dealt (A6.6 R3):
        # what comes before is refereed, what comes after is disregarded
        self.annul_pending = rules.annul_eight_zero and any(
            points_of(self.first[s] + self.second[s]) == 0 for s in self.first)
        if rules.first_two and any(points_of(self.first[s]) == 0
                                   for s in (self.fh, self.next(self.fh))):
            self.ended = "annulled"  # thrown in at the deal: nothing after it counts

    # -- helpers -----------------------------------------------------------------------

    def next(self, seat: str) -> str:
        return self.order[(self.order.index(seat) + 1) % len(self.order)]

    def partners(self, seat: str) -> list[str]:
        return [s for s in self.order if s != seat and self.r.team[s] == self.r.team[seat]]

    def bidder(self) -> str | None:
        return self.high[1] if self.high else None

    def fail(self, rule: str, fatal: bool = False) -> None:
        raise Illegal(f"{self.r.prefix}.{rule}", fatal)

    # -- the actions -------------------------------------------------------------------

    def act(self, action: Action) -> Illegal | None:
        """Apply ``action``; the first rule it breaks (the action still counts unless fatal)."""
        if self.annul_pending and (
                self.stage not in ("auction", "trump", "window")
                or (self.stage == "window" and action.kind not in ("double", "redouble",
                                                                   "c-call"))):
            self.ended = "annulled"
        if self.ended == "annulled":
            return None  # the deal was thrown in: what the record holds after it is passed over
        try:
            getattr(self, "do_" + action.kind.replace("-", "_"))(action)
        except Illegal as illegal:
            if illegal.fatal:
                self.stopped = True
            return illegal
        return None

    def do_redeal(self, a: Action) -> None:
        if self.ended:
            self.fail("deal-over", True)
        legal = (self.r.redeal_fh and self.stage == "auction" and a.seat == self.fh
                 and not self.spoken and points_of(self.first[a.seat]) == 0)
        if not legal:
            self.fail("redeal", True)
        self.ended = "annulled"

    def do_pass(self, a: Action) -> None:
        if self.r.duel and self.stage == "auction":
            return self.duel_call(a, None)
        if self.stage == "window" and self.r.second_round:
            self.close_window()
        if self.stage == "round2":
            return self.round2_call(a, None)
        self.auction_call(a, None)

    def do_bid(self, a: Action) -> None:
        assert isinstance(a.value, int)
        if self.r.duel and self.stage == "auction":
            return self.duel_call(a, a.value)
        if self.stage == "round2" or (self.stage == "window" and self.r.second_round):
            self.close_window()
            if self.stage == "round2":
                return self.round2_call(a, a.value)
        self.auction_call(a, a.value)

    def auction_call(self, a: Action, bid: int | None) -> None:
        if self.ended:
            self.fail("deal-over", True)
        if self.stage != "auction":
            self.fail("auction-over")  # nothing changes
        seat = a.seat
        errors: list[str] = []
        if seat != self.turn:
            errors.append("turn")
        first_turn = seat == self.fh and not self.spoken
        opening = seat == self.fh and not self.spoken  # the deal's first call is first hand's
        others = len(self.order) - 1
        others_passed = self.high is None and self.passes == others
        pointless_fh = points_of(self.first[seat]) == 0
        if bid is None:
            if first_turn and self.r.opening_forced and not (self.r.fh_and_next
                                                              and pointless_fh):
                errors.append("opening-bid")
            if others_passed and self.r.dealer_forced and seat == self.dealer:
                errors.append("dealer-bid")
        else:
            if not self.r.min_bid <= bid <= self.r.max_bid:
                errors.append("bid-range")
            elif bid < self.r.second_bid_min and seat in self.bidders:
                errors.append("bid-range")  # his second bid: 30 or more (Forty)
            elif self.high is not None and bid <= self.high[0]:
                errors.append("bid-higher")
            if others_passed and self.r.dealer_forced and seat == self.dealer \
                    and bid != self.r.min_bid:
                errors.append("dealer-bid")
        self.spoken.add(seat)
        self.turn = self.next(seat)
        if bid is None:
            self.passes += 1
            if self.high is None and self.passes == others + 1:
                self.ended = "annulled"  # passed out: the deal is thrown in
            if (opening and self.r.fh_and_next and pointless_fh
                    and points_of(self.first[self.next(seat)]) == 0):
                self.ended = "annulled"  # first hand declined, and the next has no point
        else:
            self.high = (bid, seat)
            self.passes = 0
            self.bidders.add(seat)
        if self.high is not None and (self.passes == others or self.high[0] >= self.r.max_bid
                                      or (others_passed and self.r.dealer_forced
                                          and seat == self.dealer)):
            self.end_auction()
        if errors:
            self.fail(errors[0])

    def duel_call(self, a: Action, bid: int | None) -> None:
        """Duel: the challenger names a number or passes; the holder holds or passes."""
        if self.ended:
            self.fail("deal-over", True)
        seat = a.seat
        if seat != self.turn:
            if bid is not None:  # an illegal bid stands; the turn does not move
                self.high = (bid, seat)
            self.fail("turn")
        if self.challenger == "":  # everybody else passed: first hand bids the minimum
            if bid is not None:
                self.high = (bid, seat)
                self.end_auction()
            if bid != self.r.min_bid:
                self.fail("hold")
            return
        if seat == self.challenger:
            if bid is None:
                self.out.add(seat)
                self.next_challenger()
                return
            error = None
            if not self.r.min_bid <= bid <= self.r.max_bid:
                error = "bid-range"
            elif self.high is not None and bid <= self.high[0]:
                error = "bid-higher"
            self.high = (bid, seat)
            self.named = True
            self.turn = self.holder
            if error:
                self.fail(error)
            return
        # the holder
        if bid is None:
            self.out.add(seat)
            if self.named:
                self.holder = self.challenger
            self.next_challenger()
            return
        # a number instead of hold: illegal, the number stands
        self.high = (bid, seat)
        self.named = False
        self.turn = self.challenger
        self.fail("hold" if self.r.min_bid <= bid <= self.r.max_bid else "bid-range")

    def do_hold(self, a: Action) -> None:
        if self.ended:
            self.fail("deal-over", True)
        if self.r.duel and self.stage != "auction":
            self.fail("auction-over")
        if not (self.r.duel and self.stage == "auction") or a.seat != self.holder \
                or self.turn != self.holder or not self.named:
            if self.r.duel and self.stage == "auction" and a.seat != self.turn:
                self.fail("turn")
            self.fail("hold")
        assert self.high is not None
        self.high = (self.high[0], self.holder)
        self.named = False
        self.turn = self.challenger

    def next_challenger(self) -> None:
        self.named = False
        if len(self.out) == 3:
            if self.high is None:
                # nobody named a number: first hand must bid exactly the minimum
                self.turn = self.fh
                self.challenger = ""
                self.holder = self.fh
                return
            self.end_auction()
            return
        seat = self.next(max(self.holder, self.challenger, key=self.speaking_rank))
        while seat in self.out or seat == self.holder:
            seat = self.next(seat)
        self.challenger = seat
        self.turn = seat

    def speaking_rank(self, seat: str) -> int:
        if not seat:
            return -1
        return (self.order.index(seat) - self.order.index(self.fh)) % len(self.order)

    def end_auction(self) -> None:
        self.first_winner = self.bidder()
        self.stage = "trump"
        self.turn = self.bidder()

    # -- trumps and the window --------------------------------------------------------------

    def do_trump(self, a: Action) -> None:
        if self.ended:
            self.fail("deal-over", True)
        seat = a.seat
        error = None
        if self.stage == "auction":
            if seat != self.bidder():
                self.fail("turn", True)
            # the standing high bidder chooses: the auction counts as over (decision 4)
            error = "auction-open"
            self.end_auction()
        if self.stage == "round2":
            if seat != self.bidder() or not self.round2_bid:
                self.fail("turn", True)  # trumps stand chosen until a second-round bid
            error = "second-round"  # chosen before the round is over: it counts as over
            self.round2_passes = len(self.order) - (0 if not self.round2_bid else 1)
            self.end_round2()
        # after the second round: a new winner must choose, a first winner who raised may
        rechoice = (self.stage == "ready" and self.second_contract and self.trick_no == 0
                    and not self.trick and self.single is None and not self.rechosen
                    and seat == self.first_winner)
        second = self.stage == "round2-trump" or rechoice
        if seat != self.bidder():
            self.fail("turn", True)
        if self.stage not in ("trump", "round2-trump") and not rechoice:
            self.fail("turn", True)  # trumps were chosen already: a second choice stops
        seventh = self.second[seat][2] if self.r.batch == 4 else None
        card = seventh if a.value == "seventh" else a.cards[0] if a.cards else None
        if self.r.own_card:
            if card is None:
                self.fail("trump-card", True)  # which card lies face down is unknown
            if second:
                if self.facedown is not None and self.facedown_owner is not None:
                    self.hand[self.facedown_owner].add(self.facedown)
                    self.facedown = None
                if card not in self.hand[seat]:
                    self.fail("not-held", True)
            elif card not in self.first[seat] and card != seventh:
                if card not in self.second[seat]:
                    self.fail("not-held", True)
                error = error or "trump-card"
            self.trump = card[1]
            self.facedown = card
            self.facedown_owner = seat
            self.hand[seat].discard(card)
        else:
            # a spare indicator: a suit, a 2-5 card, or the seventh card
            if card is not None and card[0] not in "2345" and card != seventh:
                error = error or "trump-card"
            self.trump = card[1] if card else str(a.value)
        self.stage = "window" if not second else "ready"
        self.rechosen = second
        self.last_window = None
        if error:
            self.fail(error)

    def window_open(self) -> bool:
        return self.stage == "window"

    def do_double(self, a: Action) -> None:
        if self.ended:
            self.fail("deal-over", True)
        bidder = self.bidder()
        team = self.r.team
        ok = (self.window_open() and bidder is not None and team[a.seat] != team[bidder]
              and not self.doubled)
        self.doubled = True  # an illegal double counts too
        self.last_window = "double"
        if not ok:
            self.fail("double")

    def do_redouble(self, a: Action) -> None:
        if self.ended:
            self.fail("deal-over", True)
        bidder = self.bidder()
        ok = (self.window_open() and self.last_window == "double" and bidder is not None
              and self.r.team[a.seat] == self.r.team[bidder] and not self.redoubled)
        self.redoubled = True
        self.last_window = "redouble"
        if not ok:
            self.fail("redouble")

    def do_c_call(self, a: Action) -> None:
        if self.ended:
            self.fail("deal-over", True)
        bidder = self.bidder()
        ok = (self.r.c_call and self.window_open() and self.last_window == "double"
              and a.seat == bidder and self.start_score[self.r.team[bidder]] == 0)
        self.c = True
        self.last_window = "c"
        if not ok:
            self.fail("c-call")

    def close_window(self) -> None:
        """The second batch is dealt; the second round (if any) opens."""
        if self.stage != "window":
            return
        for seat, cards in self.second.items():
            for card in cards:
                self.hand[seat].add(card)
        owner = self.facedown_owner
        if self.facedown is not None and owner is not None \
                and self.facedown not in self.first[owner]:
            self.hand[owner].discard(self.facedown)  # laid from the second batch
        if self.r.second_round:
            self.stage = "round2"
            self.turn = self.bidder()
        else:
            self.stage = "ready"

    # -- second round ----------------------------------------------------------------------

    def round2_call(self, a: Action, bid: int | None) -> None:
        seat = a.seat
        error = None
        if seat != self.turn:
            error = "turn"
        elif bid is not None:
            assert self.high is not None
            if not self.r.min_bid <= bid <= self.r.max_bid:
                error = "bid-range"
            elif bid < (self.r.second_round or 0):
                error = "second-round"
            elif bid <= self.high[0]:
                error = "bid-higher"
        self.turn = self.next(seat)
        if bid is None:
            self.round2_passes += 1
        else:
            if not self.round2_bid:
                self.doubled = self.redoubled = self.c = False
            self.round2_bid = True
            self.round2_passes = 0
            self.high = (bid, seat)
            self.second_contract = True
        others = len(self.order) - 1
        done = (self.round2_bid and (self.round2_passes == others
                                     or self.high[0] >= self.r.max_bid)) \
            or (not self.round2_bid and self.round2_passes == others + 1)
        if done:
            self.end_round2()
        if error:
            self.fail(error)

    def end_round2(self) -> None:
        """A new winner chooses trumps again; the first face-down card goes home (A3.6)."""
        assert self.high is not None
        self.stage = "ready"
        if self.round2_bid and self.high[1] != self.first_winner:
            if self.facedown is not None and self.facedown_owner is not None:
                self.hand[self.facedown_owner].add(self.facedown)
                self.facedown = None
            self.stage = "round2-trump"

    # -- before the lead -------------------------------------------------------------------

    def pre_lead_moment(self) -> bool:
        if self.stage == "window":
            self.close_window()
        return self.stage == "ready" and self.trick_no == 0 and not self.trick

    def do_single(self, a: Action) -> None:
        if self.ended:
            self.fail("deal-over", True)
        if self.stage in ("auction", "trump", "round2-trump"):
            self.fail("single-hand")  # before the full deal: no effect
        in_round2 = self.stage == "round2" or (self.stage == "window" and self.r.second_round)
        if in_round2:
            self.close_window()
            self.stage = "ready"  # before the second round ends: played all the same
        if self.single is not None and self.pre_lead_moment():
            return  # the first to declare plays it: a later declaration is superseded
        if not self.pre_lead_moment() or self.single is not None:
            self.fail("single-hand")  # after the lead: no effect
        cards = self.hand[a.seat].cards(self.facedown if a.seat == self.facedown_owner
                                        else None)
        sure = self.r.sure_winner_hand(cards)
        if self.facedown is not None and self.facedown_owner is not None:
            self.hand[self.facedown_owner].add(self.facedown)
            self.facedown = None
        self.single = a.seat
        self.trump = None
        self.doubled = self.redoubled = self.c = False
        if sure or in_round2:
            self.fail("single-hand")

    def do_show(self, a: Action) -> None:
        if self.ended:
            self.fail("deal-over", True)
        bidder = self.bidder()
        if not (self.r.show and a.seat == bidder and self.pre_lead_moment()
                and self.single is None):
            self.fail("show")  # no effect
        cards = self.hand[a.seat].cards(self.facedown)
        self.ended = "show"
        place = (self.order.index(a.seat) - self.order.index(self.fh)) % len(self.order)
        if not self.r.sure_winner_hand(cards, self.trump, place):
            self.show_outcome = "lost"
            self.fail("show")
        one_suit = len({c[1] for c in cards}) == 1
        self.show_outcome = "one-suit" if one_suit else "made"

    # -- play ------------------------------------------------------------------------------

    def expected_player(self) -> str:
        if not self.trick:
            if self.trick_no == 0:
                return self.single or self.fh
            return self.last_winner  # type: ignore[return-value]
        seat = self.next(self.trick[-1][0])
        while self.single and seat in self.partners(self.single):
            seat = self.next(seat)
        return seat

    def do_call(self, a: Action) -> None:
        if self.ended:
            self.fail("deal-over", True)
        if self.stage == "auction":
            self.fail("auction-open")
        if self.stage in ("trump", "round2-trump"):
            self.fail("turn")
        if self.stage == "window":
            self.close_window()
        seat = a.seat
        legal = (self.stage == "ready" and not self.revealed and self.trump is not None
                 and self.single is None and self.trick and seat == self.expected_player()
                 and not any(c[1] == self.trick[0][1][1] for c in self.hand[seat]))
        if self.stage == "ready" and not self.revealed and self.trump is not None \
                and self.single is None:
            self.reveal(seat)
        if not legal:
            self.fail("call")

    def reveal(self, caller: str) -> None:
        self.revealed = True
        self.reveal_trick = self.trick_no
        self.caller = caller
        self.void_occasion = True
        if self.facedown is not None:
            self.hand[self.facedown_owner].add(self.facedown)
            self.facedown = None

    def do_pair(self, a: Action) -> None:
        if self.ended:
            self.fail("deal-over", True)
        seat = a.seat
        t = self.trump
        ok = (self.revealed and t is not None and not self.paired and self.single is None
              and "K" + t in self.hand[seat] and "Q" + t in self.hand[seat]
              and any(n >= self.reveal_trick for n in self.tricks_won[self.r.team[seat]]))
        if not ok:
            self.fail("pair")
        self.paired = True
        value = self.r.pair_value
        self.adjust = -value if self.r.team[seat] == self.r.team[self.bidder()] else value

    def do_play(self, a: Action) -> None:
        if self.ended == "void":
            self.fail("void-deal", True)  # the last trick of a void deal is not played
        if self.ended:
            self.fail("deal-over", True)
        if self.stage == "auction":
            self.fail("auction-open", True)
        if self.stage in ("trump", "round2-trump"):
            self.fail("turn", True)  # the bidder has not chosen trumps
        if self.stage == "window":
            self.close_window()
        if self.stage == "round2":
            self.fail("second-round", True)
        seat, card = a.seat, a.cards[0]
        if seat != self.expected_player():
            self.fail("turn", True)
        if card not in self.hand[seat]:
            if card == self.facedown and seat == self.facedown_owner:
                self.fail("call", True)  # the face-down card, not exposed: not in hand yet
            self.fail("not-held", True)
        error = self.play_error(seat, card)
        if not self.trick and seat != self.bidder() and self.trump and card[1] == self.trump:
            self.trump_led_by_other = True
        counts = self.revealed and card[1] == self.trump
        self.hand[seat].discard(card)
        self.trick.append((seat, card, counts))
        size = len(self.order) - (len(self.partners(self.single)) if self.single else 0)
        if len(self.trick) == size:
            self.finish_trick()
        if error:
            self.fail(error)

    def play_error(self, seat: str, card: str) -> str | None:
        hand = self.hand[seat]
        t = self.trump
        if not self.trick:
            if (self.r.lead_restriction and seat == self.bidder() and not self.revealed
                    and t and card[1] == t and not self.trump_led_by_other
                    and any(c[1] != t for c in hand)):
                return "lead-trump"
            return None
        led = self.trick[0][1][1]
        if card[1] != led and any(c[1] == led for c in hand):
            return "follow-suit"
        if card[1] == led or self.single:
            return None
        # void in the suit led
        if not self.revealed:
            if self.r.call_mandatory and not self.void_occasion and t is not None:
                self.void_occasion = True
                return "must-call"
            return None
        caller_now = self.caller == seat and self.reveal_trick == self.trick_no \
            and not any(s == seat for s, _, _ in self.trick)
        if caller_now and self.r.caller_must_trump and card[1] != t \
                and any(c[1] == t for c in hand):
            return "call-must-trump"
        if self.r.no_undertrump and not caller_now and card[1] == t:
            counting = [c for _, c, n in self.trick if self.counts(c, n)]
            if counting:
                top = max(self.r.strength(c) for c in counting)
                # Forty: an equal trump (J after 3) is no higher
                if self.r.strength(card) <= top and any(
                        c[1] != t or self.r.strength(c) > top for c in hand):
                    return "undertrump"
        return None

    def counts(self, card: str, counted_when_played: bool) -> bool:
        t = self.trump
        if not self.revealed or t is None or card[1] != t:
            return False
        if self.reveal_trick < self.trick_no or self.r.pre_reveal_count:
            return True
        led = self.trick[0][1][1]
        return counted_when_played or led == t

    def finish_trick(self) -> None:
        led = self.trick[0][1][1]
        pool = [(s, c) for s, c, n in self.trick if self.counts(c, n)]
        if not pool:
            pool = [(s, c) for s, c, _ in self.trick if c[1] == led]
        winner = max(pool, key=lambda sc: self.r.strength(sc[1]))[0]
        team = self.r.team[winner]
        self.won[team] += [c for _, c, _ in self.trick]
        self.tricks_won[team].append(self.trick_no)
        self.last_winner = winner
        self.trick = []
        self.trick_no += 1
        if self.single:  # play stops at the first trick the single hand loses (A7.3)
            if self.trick_no == self.r.tricks or team != self.r.team[self.single]:
                self.ended = "played"
            if self.trick_no == self.r.tricks and self.r.last_trick:
                self.won[team].append("bonus")
            return
        if self.trick_no == self.r.tricks:
            if self.r.last_trick:
                self.won[team].append("bonus")
            self.ended = "played"
        elif (self.trick_no == self.r.tricks - 1 and not self.revealed
              and self.r.void_if_never_called):
            self.ended = "void"

    # -- the result ------------------------------------------------------------------------

    def card_points(self) -> dict[str, int]:
        return {team: self.r.points([c for c in cards if c != "bonus"])
                + self.r.last_trick * cards.count("bonus") for team, cards in self.won.items()}

    def stake(self) -> tuple[int, int]:
        """Game points the bidding side wins if it makes, loses (or, Forty, pays the
        opponents) if it fails."""
        if self.single:
            return (4, 5) if self.r.forty else (3, 3)
        if self.c:
            return 6, 6
        mult = 4 if self.redoubled else 2 if self.doubled else 1
        assert self.high is not None
        if self.r.forty or self.r.copies == 2:
            win, loss = self.r.stake(self.high[0])
            return win * mult, loss * mult
        if self.second_contract:  # doubles said after the round's first bid still count
            return 2 * mult, 3 * mult
        return mult, mult

    def target(self) -> int:
        assert self.high is not None
        return max(self.r.min_bid, min(self.r.max_bid, self.high[0] + self.adjust))

    def pay(self, side: str, made: bool, win: int, loss: int, factor: int = 1
            ) -> dict[str, int]:
        delta = dict.fromkeys(self.won, 0)
        if made:
            delta[side] += win * factor
        elif self.r.forty:  # Forty: the opponents gain what the bidders lose
            other = next(team for team in delta if team != side)
            delta[other] += loss * factor
        else:
            delta[side] -= loss * factor
        return delta

    def game_points(self) -> dict[str, int]:
        factor = 2 if self.r.forty else 1  # Forty: a wrong play gives the opponents double
        if self.offender is not None:
            offender = self.r.team[self.offender]
            bidder = self.single or self.bidder()
            if bidder is None:  # no bid yet: the lowest stake
                lowest = self.r.stake(self.r.min_bid) if self.r.forty else (1, 1)
                return self.pay(offender, False, *lowest, factor)
            side = self.r.team[bidder]
            return self.pay(side, offender != side, *self.stake(), factor)
        if self.ended in ("annulled", "void") or self.high is None and not self.single:
            return dict.fromkeys(self.won, 0)
        if self.ended == "show":
            side = self.r.team[self.bidder()]
            win = 3 if self.show_outcome == "one-suit" else self.stake()[0]
            return self.pay(side, True, win, 0)
        if self.single:
            side = self.r.team[self.single]
            return self.pay(side, len(self.tricks_won[side]) == self.r.tricks, *self.stake())
        side = self.r.team[self.bidder()]
        return self.pay(side, self.card_points()[side] >= self.target(), *self.stake())


def judge_deal(rules: Rules, deal: Deal, score: dict[str, int]) -> Verdict:
    """One deal from the match score ``score`` (updated in place)."""
    if any(abs(v) >= GAME_TARGET for v in score.values()):
        return Verdict(first_error=(len(deal.events), f"{rules.prefix}.match-over"),
                       score=dict(score))
    judge = DealJudge(rules, deal, score)
    verdict = Verdict()
    for index, event in enumerate(deal.events):
        if judge.stopped:
            break
        illegal = judge.act(event.action)
        if illegal is not None and verdict.first_error is None:
            verdict.first_error = (index, illegal.rule)
            judge.offender = event.action.seat
        if judge.stopped:
            verdict.stop = index
    if judge.annul_pending and judge.ended is None:
        judge.ended = "annulled"  # certain from the hands, wherever the record ends
    if judge.ended is None and not judge.stopped and judge.offender is None:
        # a record that ends before the deal does: not scored
        verdict.first_error = (max(len(deal.events) - 1, 0), f"{rules.prefix}.incomplete")
        verdict.score = dict(score)
        return verdict
    if judge.ended == "show" and judge.show_outcome != "lost":
        verdict.points = {rules.team[judge.bidder()]: rules.total + rules.last_trick}
    elif judge.ended == "played" and not judge.stopped:
        verdict.points = judge.card_points()
    verdict.game_points = judge.game_points()
    verdict.again = judge.ended == "annulled" and judge.offender is None
    for team, value in verdict.game_points.items():
        score[team] += value
    verdict.score = dict(score)
    return verdict


def judge_record(record: Record) -> list[Verdict]:
    """Replay ``record`` and give one Verdict per deal; a deal not dealt by the seat whose
    turn it is (the next in turn, or the same dealer after a deal thrown in and not scored)
    has that as its first error, placed after its last event."""
    rules = rules_for(record)
    score = dict.fromkeys(sorted(set(rules.team.values())), 0)
    verdicts: list[Verdict] = []
    dealer: str | None = None
    for deal in record.deals:
        verdict = judge_deal(rules, deal, score)
        if verdict.first_error is not None and verdict.first_error[1].endswith(".match-over"):
            verdicts.append(verdict)
            continue
        if dealer is not None and deal.dealer != dealer:
            verdict.first_error = (len(deal.events), f"{rules.prefix}.dealer")
        dealt = deal.dealer or dealer
        assert dealt is not None
        order = rules.order
        dealer = dealt if verdict.again else order[(order.index(dealt) + 1) % len(order)]
        verdicts.append(verdict)
    return verdicts
