"""Shared trick-game parts: cards in order, tricks, following suit, the winner of a trick, the
words for an unfinished deal, reading and inferring hands; and ``TrickGame``, a plain trick
game built from them.

A standalone game takes what it needs from here and keeps only its rules and its data. A
plain game (every seat plays one card a trick, the seat on the dealer's left leads, suit must
be followed, the highest card of the suit led or the highest trump wins, card points are
counted) is a ``TrickGame`` subclass with class data and, at most, a trump or a scoring rule
of its own: docs/architecture.md, "Adding a game", walks through one.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import ClassVar, NamedTuple

from referee.cards import RANKS, SUITS, Card
from referee.errors import RecordError, located
from referee.record import Action, Deal
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
from referee.seats import CLOCKWISE

_SUIT_ORDER = {suit: i for i, suit in enumerate(SUITS)}
_RANK_ORDER = {rank: i for i, rank in enumerate(RANKS)}


def in_order(cards: Iterable[Card]) -> list[Card]:
    """Cards by suit (S H D C), then rank (A high): a fixed order for candidates and messages
    (sets of cards iterate in a hash-dependent order)."""
    return sorted(cards, key=lambda card: (_SUIT_ORDER[card[1]], _RANK_ORDER[card[0]]))


def show(cards: Iterable[Card]) -> str:
    """Cards in order, as a message writes them: ``AS 7S KH``."""
    return " ".join(in_order(cards))


def suit_letter(card: Card) -> str:
    return card[1]


@dataclass(slots=True)
class Trick:
    """A completed trick: its number, the plays in order, the winner and its card points."""

    number: int
    plays: list[tuple[str, Card]]
    winner: str
    points: int = 0


def follow_suit(rule: str, seat: str, card: Card, hand: Collection[Card], led: str,
                suit_of: Callable[[Card], str] = suit_letter) -> Exclusion | None:
    """``rule``'s exclusion if ``seat`` plays ``card`` off the suit ``led`` while holding it."""
    if suit_of(card) == led:
        return None
    holding = [held for held in hand if suit_of(held) == led]
    if not holding:
        return None
    return Exclusion(rule, f"{seat} holds {show(holding)} and must follow the suit led")


def highest_wins(plays: list[tuple[str, Card]], strength: Mapping[Card, int],
                 trumps: Callable[[Card], bool] = lambda card: False,
                 suit_of: Callable[[Card], str] = suit_letter) -> str:
    """The seat whose card wins: the strongest trump, else the strongest card of the suit led
    (``strength``: higher wins; an equal card played later does not)."""
    led = suit_of(plays[0][1])
    best: tuple[int, int] | None = None
    winner = plays[0][0]
    for seat, card in plays:
        if trumps(card):
            rank = (2, strength[card])
        elif suit_of(card) == led:
            rank = (1, strength[card])
        else:
            continue
        if best is None or rank > best:
            best, winner = rank, seat
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


def infer_hands(deal: Deal, missing: Iterable[str], owner: dict[Card, str], size: int,
                kinds: Collection[str] = ("play",)) -> dict[str, list[Card]]:
    """Hands without a hand line, read from the seats' actions of ``kinds`` in record order
    (every dealt card is played); ``RecordError`` when a seat shows fewer than ``size``."""
    inferred: dict[str, list[Card]] = {seat: [] for seat in missing}
    for event in deal.events:
        action = event.action
        cards = inferred.get(action.seat)  # type: ignore[arg-type]
        if cards is None or action.kind not in kinds or len(cards) >= size:
            continue  # beyond a full hand: later plays are judged by the rules
        for card in action.cards:
            if claim_played_card(owner, card, action.seat, event):  # type: ignore[arg-type]
                cards.append(card)
    for seat, cards in inferred.items():
        if len(cards) != size:
            raise located(RecordError(
                "record.hand-missing", f"deal {deal.number} has no hand line for {seat}, and "
                f"the hand cannot be inferred: {seat} plays only {len(cards)} of the {size} "
                "cards dealt"), deal)
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
        self.tricks: list[Trick] = []
        self.points: dict[str, int] = {team: 0 for team in teams}
        self.inferred: set[str] = set()


@dataclass(frozen=True, slots=True)
class TrickTable:
    """What a ``TrickGame`` looks up on every play, made once per record."""

    after: dict[str, str]
    team_of: dict[str, str]
    strength: dict[Card, int] = field(default_factory=dict)


class TrickGame(Ruleset[TrickMatch, TrickState]):
    """A plain trick game, driven by class data (see the module's docstring).

    Class data to give: ``name``, ``title``, ``rule_prefix``, ``generic`` (a ``GenericRules``
    of full ids) and ``follow_suit_rule`` (the full id of following suit), ``rules`` (the
    catalogue of them all), ``pack``, ``deal_rounds`` (its sum is the hand size),
    ``rank_order`` (high to low), ``card_points`` (rank -> points), ``target`` (match points
    that end the match). Override ``is_trump`` for a trump suit and ``deal_score`` for a
    scoring rule other than "the card points taken".
    """

    follow_suit_rule: ClassVar[str]
    rank_order: ClassVar[str] = "AKQJT98765432"
    card_points: ClassVar[Mapping[str, int]] = {}
    target: ClassVar[int] = 0
    words: ClassVar[IncompleteWords] = IncompleteWords()
    accepted_actions = frozenset({"play"})

    def __init__(self, options, table) -> None:  # type: ignore[no-untyped-def]
        super().__init__(options, table)
        self.hand_size = sum(self.deal_rounds) or len(self.pack) // len(table.seats)
        self.next_seat = table.successors(CLOCKWISE)
        self.lookup = TrickTable(
            after=self.next_seat,
            team_of=table.team_map(),
            strength={card: -self.rank_order.index(card[0]) for card in self.pack},
        )

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
    def start_deal(self, match: TrickMatch, deal: Deal) -> TrickState:
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
            state.dealt.update(infer_hands(deal, missing, owner, self.hand_size))
            state.inferred.update(missing)
        state.hands = {seat: set(cards) for seat, cards in state.dealt.items()}
        return state

    def candidates(self, state: TrickState) -> Iterator[Action]:
        if state.turn is not None:
            for card in in_order(state.hands[state.turn]):
                yield Action(state.turn, "play", (card,))

    def check(self, state: TrickState, action: Action) -> Exclusion | None:
        """Nothing after the last trick; one card a play, held; in turn; follow suit."""
        seat, ids = action.seat, self.generic
        if state.turn is None:
            return Exclusion(ids.deal_over, "the deal is over: every trick has been played",
                             Effect.STOPS)
        if len(action.cards) != 1 or action.cards[0] not in state.hands[seat]:  # type: ignore
            return Exclusion(ids.not_held, f"{seat} does not hold {show(action.cards)}",
                             Effect.STOPS)
        if seat != state.turn:
            return Exclusion(ids.turn, f"it is {state.turn}'s turn to play, not {seat}'s")
        if state.trick:
            return follow_suit(self.follow_suit_rule, seat, action.cards[0],  # type: ignore[arg-type]
                               state.hands[seat], state.trick[0][1][1])
        return None

    def apply(self, state: TrickState, action: Action) -> None:
        seat, card = action.seat, action.cards[0]
        state.hands[seat].discard(card)  # type: ignore[index]
        if not state.trick:
            state.play_started = True
            state.trick_no = len(state.tricks) + 1
        state.trick.append((seat, card))  # type: ignore[arg-type]
        state.trick_len = len(state.trick)
        if state.trick_len < len(self.table.seats):
            state.turn = self.lookup.after[seat]  # type: ignore[index]
            return
        winner = highest_wins(state.trick, self.lookup.strength, self.is_trump)
        points = sum(self.card_points.get(played[0], 0) for _, played in state.trick)
        state.tricks.append(Trick(state.trick_no, state.trick, winner, points))
        state.points[self.lookup.team_of[winner]] += points
        state.trick, state.trick_len = [], 0
        over = len(state.tricks) * len(self.table.seats) >= len(self.pack)
        state.turn = None if over else winner

    def is_trump(self, card: Card) -> bool:
        """True for a trump (none in a plain game)."""
        return False

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
