"""Shared trick-game parts: cards in order, the trick, following suit, the winner of a trick,
the words for an unfinished deal, reading hands and reading them from the plays; and
``TrickGame``, a plain trick game built from them.

Every game takes what fits it from here and keeps only its rules and its data: Twenty-Five
and Avinas follow suit with ``FollowSuit`` (each in its own words) and find a trick's winner
with ``highest_wins`` (each from its own card values); they and Twenty-Two keep their tricks
as ``Trick``. A plain game (every seat plays one card a trick, the seat on the dealer's left
leads, suit must be followed, the highest card of the suit led or the highest trump wins, card
points are counted) is a ``TrickGame`` subclass with class data and, at most, a trump or a
scoring rule of its own: docs/architecture.md, "Adding a game", walks through one.

The helpers ask for what a game has at hand, never scan card strings: ``FollowSuit`` the
cards of the suit led that the seat holds (``hand & suit_cards[led]``), ``highest_wins`` a
value for each card (a table's ``__getitem__``), with cards of any type (a small integer in
a game that keeps its hands as bit masks). Such a game makes the follow test on its masks and
asks ``FollowSuit.exclusion`` only for the words of a revoke.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import ClassVar, Generic, NamedTuple, TypeVar

from referee.model.cards import RANKS, SUITS, Card
from referee.model.errors import RecordError, located
from referee.model.record import Action, Deal
from referee.model.seats import CLOCKWISE, Table
from referee.rules.base import (
    DealResult,
    DealState,
    Effect,
    Exclusion,
    Ruleset,
    TableView,
    TrickSummary,
    deal_dealer,
    summarise_tricks,
    trick_plays,
)
from referee.rules.dealing import claim_played_card, deal_card
from referee.rules.options import Options

_SUIT_ORDER = {suit: i for i, suit in enumerate(SUITS)}
_RANK_ORDER = {rank: i for i, rank in enumerate(RANKS)}

CardT = TypeVar("CardT")
"""A card as a game keeps it: its text (``"AS"``), or a small integer."""
PlayT = TypeVar("PlayT")
"""What one seat puts on a trick: a card, or several (Twenty-Two)."""


def played_by(action: Action) -> str:
    """The seat of ``action``: every action but the table's turn-up has one (the grammar
    puts a seat in front of it)."""
    seat = action.seat
    if seat is None:
        raise ValueError(f"a '{action.kind}' action without a seat")
    return seat


def in_order(cards: Iterable[Card]) -> list[Card]:
    """Cards by suit (S H D C), then rank (A high): a fixed order for candidates and messages
    (sets of cards iterate in a hash-dependent order)."""
    return sorted(cards, key=lambda card: (_SUIT_ORDER[card[1]], _RANK_ORDER[card[0]]))


def show(cards: Iterable[Card]) -> str:
    """Cards in order, as a message writes them: ``AS 7S KH``."""
    return " ".join(in_order(cards))


@dataclass(slots=True)
class Trick(Generic[PlayT]):
    """A completed trick: its number, the plays in order, the winner, its card points (0 in a
    game that counts tricks) and whether its lead lay face down (Avinas)."""

    number: int
    plays: list[tuple[str, PlayT]]
    winner: str
    points: int = 0
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class FollowSuit:
    """A game's duty to follow the suit led, in its own words.

    ``words`` is formatted with ``seat``, ``card`` (the card played), ``held`` (the cards that
    follow, as ``show_cards`` writes them) and whatever the caller adds (``suit``, the suit's
    name, for the default words). The suit led is the game's to say: the printed suit, an
    effective suit (Twenty-Five, Avinas) or the trumps of a face-down lead.
    """

    rule: str
    words: str = "{seat} holds {held} and must follow {suit}"
    show_cards: Callable[[Iterable[Card]], str] = show

    def check(self, seat: str, card: Card, following: Collection[Card],
              **facts: object) -> Exclusion | None:
        """The exclusion if ``seat`` plays ``card`` while holding ``following`` (his cards
        of the suit led) and ``card`` is not one of them; None if he follows or cannot."""
        if not following or card in following:
            return None
        return self.exclusion(seat, card, following, **facts)

    def exclusion(self, seat: str, card: Card, following: Iterable[Card],
                  **facts: object) -> Exclusion:
        """The exclusion itself, for a caller that has made the test (with bit masks)."""
        held = self.show_cards(following)
        return Exclusion(self.rule, self.words.format(seat=seat, card=card, held=held, **facts))


def highest_wins(plays: Iterable[tuple[str, CardT]], value: Callable[[CardT], int],
                 later_wins: bool = False) -> str | None:
    """The seat whose card has the highest ``value``; a card valued 0 (off the suit led, not
    a trump) cannot win; None if no card can. Of equal cards (a double pack) the first
    played wins, the last with ``later_wins``.

    A game gives trumps values above every card of the suit led (or calls this twice, trumps
    first), usually as a table's ``__getitem__`` made once per trump and suit led."""
    tie = int(later_wins)
    best, winner = tie, None  # a card must be worth more than 0 to win
    for seat, card in plays:
        worth = value(card)
        if worth + tie > best:
            best, winner = worth, seat
    return winner


class IncompleteWords(NamedTuple):
    """How a game says that a deal's play is unfinished (each game keeps its wording)."""

    trick: str = "trick {trick} is not complete: {turn} must play"
    tricks: str = "only {played} of {total} tricks are recorded: {turn} must lead to trick {trick}"

    def message(self, played: int, total: int, in_trick: bool, turn: str | None) -> str:
        """The words for ``played`` complete tricks of ``total``; ``in_trick``: one is open."""
        words = self.trick if in_trick else self.tricks
        return words.format(trick=played + 1, played=played, total=total, turn=turn)


# -- hands ---------------------------------------------------------------------------------------


def read_hands(deal: Deal, size: int, pack: Collection[Card] | None = None,
               pack_text: str = "") -> tuple[dict[str, list[Card]], dict[Card, str]]:
    """The hands of the hand lines (``size`` cards each, of ``pack`` when given) and each dealt
    card's owner; ``RecordError`` at the first hand given twice, card dealt twice, or hand of
    the wrong size."""
    dealt: dict[str, list[Card]] = {}
    owner: dict[Card, str] = {}
    for hand in deal.hands:
        if hand.seat in dealt:
            raise located(RecordError("record.hand-twice",
                                      f"{hand.seat}'s hand is given twice"), hand)
        cards = hand.cards
        for card in cards:
            deal_card(owner, card, hand.seat, hand, pack, pack_text)
        if len(cards) != size:
            raise located(RecordError(
                "record.hand-size", f"{hand.seat} has {len(cards)} cards; each player is "
                f"dealt {size}"), hand)
        dealt[hand.seat] = list(cards)
    return dealt, owner


def hands_from_plays(deal: Deal, missing: Iterable[str], owner: dict[Card, str],
                     kinds: Collection[str] = ("play",), size: int | None = None,
                     cards_of: Callable[[Action], Iterable[Card]] | None = None,
                     pack: Collection[Card] | None = None,
                     pack_text: str = "") -> dict[str, list[Card]]:
    """The hands of seats without a hand line, read from their actions of ``kinds`` in record
    order: a card new to its seat (``claim_played_card``, of ``pack`` when given) joins his
    hand, until it holds ``size`` cards (later plays are judged by the rules). ``cards_of``
    picks an action's cards (all of them by default). The caller checks the sizes, in its own
    words."""
    inferred: dict[str, list[Card]] = {seat: [] for seat in missing}
    for event in deal.events:
        action = event.action
        seat = action.seat
        if seat is None or action.kind not in kinds:
            continue
        cards = inferred.get(seat)
        if cards is None or (size is not None and len(cards) >= size):
            continue
        for card in action.cards if cards_of is None else cards_of(action):
            if claim_played_card(owner, card, seat, event, pack, pack_text):
                cards.append(card)
    return inferred


# -- a plain trick game ----------------------------------------------------------------------------


@dataclass(slots=True)
class TrickMatch:
    """A plain match: points per team across deals, the next dealer, deals played."""

    score: dict[str, int]
    next_dealer: str | None = None
    deals: int = 0


class TrickState(DealState):
    """One deal of a plain trick game."""

    def __init__(self, number: int, dealer: str, leader: str, teams: Iterable[str]) -> None:
        super().__init__()
        self.number = number
        self.dealer = dealer
        self.turn: str | None = leader
        self.hands: dict[str, set[Card]] = {}
        self.dealt: dict[str, list[Card]] = {}
        self.trick: list[tuple[str, Card]] = []
        self.tricks: list[Trick[Card]] = []
        self.points: dict[str, int] = {team: 0 for team in teams}
        self.inferred: set[str] = set()


@dataclass(frozen=True, slots=True)
class TrickTable:
    """What a ``TrickGame`` looks up on every play, made once per record."""

    after: dict[str, str]
    team_of: dict[str, str]
    strength: dict[Card, int] = field(default_factory=dict)
    """Card -> the strength of its rank, 1 for the lowest."""
    suit_cards: dict[str, frozenset[Card]] = field(default_factory=dict)
    """Suit -> the pack's cards of that suit: ``hand & suit_cards[led]`` follows suit."""


class TrickGame(Ruleset[TrickMatch, TrickState]):
    """A plain trick game, driven by class data (see the module's docstring).

    Class data to give: ``name``, ``title``, ``rule_prefix``, ``generic`` (a ``GenericRules``
    of full ids) and ``follow_suit_rule`` (the full id of following suit; ``follow_words``
    its message, see ``FollowSuit``), ``rules`` (the
    catalogue of them all), ``pack``, ``deal_rounds`` (its sum is the hand size),
    ``rank_order`` (high to low), ``card_points`` (rank -> points), ``target`` (match points
    that end the match). Override ``is_trump`` for a trump suit and ``deal_score`` for a
    scoring rule other than "the card points taken".
    """

    follow_suit_rule: ClassVar[str]
    follow_words: ClassVar[str] = "{seat} holds {held} and must follow the suit led"
    rank_order = "AKQJT98765432"
    card_points: ClassVar[Mapping[str, int]] = {}
    target: ClassVar[int] = 0
    words: ClassVar[IncompleteWords] = IncompleteWords()
    accepted_actions = frozenset({"play"})

    def __init__(self, options: Options, table: Table) -> None:
        super().__init__(options, table)
        self.hand_size = sum(self.deal_rounds) or len(self.pack) // len(table.seats)
        after = table.successors(CLOCKWISE)
        self.next_seat = after
        ranks = self.rank_order
        self.lookup = TrickTable(
            after=after,
            team_of=table.team_map(),
            strength={card: len(ranks) - ranks.index(card[0]) for card in self.pack},
            suit_cards={suit: frozenset(card for card in self.pack if card[1] == suit)
                        for suit in {card[1] for card in self.pack}},
        )
        self.follow = FollowSuit(self.follow_suit_rule, self.follow_words)

    # -- the match -----------------------------------------------------------------------------
    def new_match(self) -> TrickMatch:
        return TrickMatch(score={team: 0 for team in self.table.team_names})

    def is_match_over(self, match: TrickMatch) -> bool:
        return bool(self.target) and max(match.score.values()) >= self.target

    def match_result(self, match: TrickMatch) -> str:
        label = self.table.team_labels().get
        shown = " ".join(f"{label(team, team)} {points}" for team, points in match.score.items())
        if not self.is_match_over(match):
            return f"match not over: {shown}"
        winner = max(match.score, key=match.score.__getitem__)
        return f"{label(winner, winner)} wins ({shown})"

    # -- the deal ------------------------------------------------------------------------------
    def start_deal(self, match: TrickMatch, deal: Deal, unseen: bool = False) -> TrickState:
        expected = match.next_dealer
        dealer = deal_dealer(deal, expected)
        state = TrickState(deal.number, dealer, self.lookup.after[dealer],
                           self.table.team_names)
        if expected is not None and dealer != expected:
            state.deal_findings.append((self.generic.dealer, f"deal {deal.number} is dealt by "
                                        f"{dealer}, but {expected} should deal", None))
        state.dealt, owner = read_hands(deal, self.hand_size, frozenset(self.pack),
                                        f"the pack of {self.title}")
        missing = [seat for seat in self.table.seats if seat not in state.dealt]
        if missing:
            state.dealt.update(self._infer_hands(deal, missing, owner))
            state.inferred.update(missing)
        state.hands = {seat: set(cards) for seat, cards in state.dealt.items()}
        return state

    def _infer_hands(self, deal: Deal, missing: list[str], owner: dict[Card, str]
                     ) -> dict[str, list[Card]]:
        """Hands without a hand line, read from the seats' plays (every dealt card is
        played); ``RecordError`` when a seat shows fewer than a hand."""
        size = self.hand_size
        inferred = hands_from_plays(deal, missing, owner, size=size)
        for seat, cards in inferred.items():
            if len(cards) != size:
                raise located(RecordError(
                    "record.hand-missing", f"deal {deal.number} has no hand line for {seat}, "
                    f"and the hand cannot be inferred: {seat} plays only {len(cards)} of the "
                    f"{size} cards dealt"), deal)
        return inferred

    def candidates(self, state: TrickState) -> Iterator[Action]:
        if state.turn is not None:
            for card in in_order(state.hands[state.turn]):
                yield Action(state.turn, "play", (card,))

    def check(self, state: TrickState, action: Action) -> Exclusion | None:
        """Nothing after the last trick; one card a play, held; in turn; follow suit."""
        seat, ids = played_by(action), self.generic
        if state.turn is None:
            return Exclusion(ids.deal_over, "the deal is over: every trick has been played",
                             Effect.STOPS)
        hand = state.hands[seat]
        if len(action.cards) != 1 or action.cards[0] not in hand:
            return Exclusion(ids.not_held, f"{seat} does not hold {show(action.cards)}",
                             Effect.STOPS)
        if seat != state.turn:
            return Exclusion(ids.turn, f"it is {state.turn}'s turn to play, not {seat}'s")
        if state.trick:
            led = state.trick[0][1][1]
            return self.follow.check(seat, action.cards[0],
                                     hand & self.lookup.suit_cards[led])
        return None

    def apply(self, state: TrickState, action: Action) -> None:
        seat, card = played_by(action), action.cards[0]
        state.hands[seat].discard(card)
        if not state.trick:
            state.play_started = True
            state.trick_no = len(state.tricks) + 1
        state.trick.append((seat, card))
        state.trick_len = len(state.trick)
        if state.trick_len < len(self.table.seats):
            state.turn = self.lookup.after[seat]
            return
        led = state.trick[0][1][1]
        winner = highest_wins(state.trick, lambda played: self.card_value(played, led)
                              ) or state.trick[0][0]
        points = sum(self.card_points.get(played[0], 0) for _, played in state.trick)
        state.tricks.append(Trick(state.trick_no, state.trick, winner, points))
        state.points[self.lookup.team_of[winner]] += points
        state.trick, state.trick_len = [], 0
        over = len(state.tricks) * len(self.table.seats) >= len(self.pack)
        state.turn = None if over else winner

    def is_trump(self, card: Card) -> bool:
        """True for a trump (none in a plain game)."""
        return False

    def card_value(self, card: Card, led: str) -> int:
        """What ``card`` is worth in a trick led in suit ``led`` (``highest_wins``): a trump
        more than any card of the suit led, any other card 0."""
        strength = self.lookup.strength[card]
        if self.is_trump(card):
            return len(self.rank_order) + strength
        return strength if card[1] == led else 0

    def is_deal_over(self, state: TrickState) -> bool:
        return state.turn is None

    def incomplete_message(self, state: TrickState) -> str:
        return self.words.message(len(state.tricks), self.hand_size, bool(state.trick),
                                  state.turn)

    def table_view(self, state: TrickState) -> TableView:
        return TableView(
            hands={seat: list(cards) for seat, cards in state.hands.items()},
            turn=state.turn, trick=trick_plays(state.trick),
            last_trick=trick_plays(state.tricks[-1].plays) if state.tricks else ())

    def completed_tricks(self, state: TrickState) -> list[TrickSummary]:
        return summarise_tricks(((t.number, t.winner, t.points) for t in state.tricks),
                                self.lookup.team_of, state.points)

    def deal_score(self, points: Mapping[str, int]) -> dict[str, int]:
        """What the deal adds to the match score: the card points taken."""
        return dict(points)

    def settle(self, match: TrickMatch, state: TrickState, offenders: list[str]) -> DealResult:
        match.deals += 1
        match.next_dealer = self.lookup.after[state.dealer]
        gained = self.deal_score(state.points)
        for team, value in gained.items():
            match.score[team] += value
        complete = self.is_deal_over(state)
        return DealResult(points=dict(state.points), game_points=gained,
                          score=dict(match.score), disputed=not complete,
                          outcome="tricks played" if complete else "incomplete, as played")
