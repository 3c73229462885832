"""What a deal and a match of the 28 family hold while the replay walks through them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee.games.twenty_eight.mode import PARTNERSHIP, PartnershipMode
from referee.games.twenty_eight.unseen import UnseenCards
from referee.model.cards import UNSEEN
from referee.model.record import Action
from referee.rules.base import (
    DealState,
)
from referee.rules.tricks import Trick

COUNT_WORDS = {5: "five", 7: "seven"}
"""Tricks before the last, in words (28, 29, 56: seven; 40: five)."""


AUCTION, TRUMP, WINDOW, PLAY, OVER = "auction", "trump", "window", "play", "over"
"""Stages of a deal: bidding; the bidder choosing trumps; the double window (after the trump
choice, before the second batch); play; over."""

SECOND = "second"
"""The second bidding round after the full deal (option ``second_round``), between the double
window and play."""


@dataclass(slots=True)
class Match28:
    """The match: the score per team and the dealer of the next deal."""

    score: dict[str, int]
    next_dealer: str | None = None
    deals: int = 0
    redeal_same_dealer: bool = False
    """True when the last deal was annulled, so its dealer deals again."""


class TwentyEightState(DealState):
    """One deal of 28 as the replay walks through it."""

    tricks_from_the_deal = True  # a bid or the trump choice is placed at trick 1

    # Slots: a deal sets some fifty attributes, more than an instance dict shares its keys
    # for, and the replay reads them at every action; a slot is cheaper to set and to read.
    # (The loop's own attributes, trick_no and the like, stay in the instance dict.)
    __slots__ = (
        "number", "players", "dealer", "first_hand", "stage", "dealt", "first_four",
        "seventh", "inferred", "hands", "unseen", "turn", "calls", "high_bid",
        "high_bidder", "passes_in_row", "passed", "forced_bid", "bidder", "bid", "trump",
        "no_trump", "facedown", "trump_seventh", "revealed", "reveal_trick", "reveal_index",
        "caller", "doubled_by", "redoubled_by", "last_kind", "mode", "trick", "tricks",
        "trump_led_by_other", "void_occasion", "points", "pair", "annulled",
        "annul_at_batch", "disregard", "void", "start_score", "c_by", "shown", "show_sure",
        "second_due", "second_open", "second_over", "second_bid", "may_rechoose",
        "duel_holder", "duel_challenger", "duel_forced",
    )

    def __init__(self, number: int, dealer: str, first_hand: str, teams: Iterable[str],
                 players: int = 4) -> None:
        super().__init__()
        self.number = number
        self.players = players
        self.dealer = dealer
        self.first_hand = first_hand
        self.stage = AUCTION
        # the deal
        self.dealt: dict[str, list[str]] = {}
        self.first_four: dict[str, list[str] | None] = {}
        self.seventh: dict[str, str | None] = {}
        self.inferred: set[str] = set()
        self.hands: dict[str, set[str]] = {}
        """The cards each seat is seen to hold (with cards not seen, ``unseen`` has the rest)."""
        self.unseen: UnseenCards | None = None
        """The deal's cards not seen and what the plays prove of them; None when the record
        shows every card (then every check is exact, as the hands say)."""
        # auction
        self.turn: str | None = first_hand
        self.calls: list[tuple[str, int | None]] = []
        self.high_bid: int | None = None
        self.high_bidder: str | None = None
        self.passes_in_row = 0
        self.passed: set[str] = set()
        """Seats that have passed (pass_final: they speak no more)."""
        self.forced_bid = False
        """The dealer's forced bid closed the auction (dealer_forced_bid)."""
        self.bidder: str | None = None
        self.bid: int | None = None
        # trump
        self.trump: str | None = None
        self.no_trump = False
        """A 2 as the spare indicator declared no trumps (option no_trump_two)."""
        self.facedown: str | None = None
        self.trump_seventh = False
        self.revealed = False
        self.reveal_trick: int | None = None
        self.reveal_index: int | None = None
        self.caller: str | None = None
        self.doubled_by: str | None = None
        self.redoubled_by: str | None = None
        self.last_kind: str | None = None
        self.mode: PartnershipMode = PARTNERSHIP
        """How the deal is played: by the partnerships, or as a single hand (mode.py)."""
        # play
        self.trick: list[tuple[str, str]] = []
        self.tricks: list[Trick[str]] = []
        self.trump_led_by_other = False
        self.void_occasion = False
        """A player void in the suit led has played without calling while the trump was
        concealed: the deal's first void occasion is past, so nobody else must call
        (trump_call_mandatory: "the first player who cannot follow")."""
        self.points: dict[str, int] = dict.fromkeys(teams, 0)
        self.pair: str | None = None
        # ending
        self.annulled: str | None = None
        self.annul_at_batch: str | None = None
        """Why the deal is cancelled once the second batch is dealt (``annul_eight_zero``,
        ``annul_other`` on whole hands): the auction, the trump choice and the doubles before
        it are still refereed."""
        self.disregard = False
        """The deal ended before its record (``annulled`` says why): the actions recorded
        after it are not judged (``ignored`` counts them)."""
        self.void = False
        # the variants of the sources (c_call.py, show.py, second_round.py, duel.py)
        self.start_score: dict[str, int] = {}
        """The match score before this deal: "C" needs the bidder's side at 0."""
        self.c_by: str | None = None
        """The seat that said "C" (c_call): the deal is worth a whole game."""
        self.shown: str | None = None
        """The bidder who showed his hand (single_hand_show), ending the deal."""
        self.show_sure = False
        """The shown hand was certain to win every trick."""
        self.second_due = False
        """A second bidding round follows the double window (second_round)."""
        self.second_open = False
        self.second_over = False
        self.second_bid = False
        """A bid was made in the second round: the contract is a second-round one."""
        self.may_rechoose = False
        """The first-round winner won the second round too: he may choose trumps again."""
        self.duel_holder: str | None = None
        """The duel auction (auction_style = duel): who holds, who challenges him, and
        whether first hand must bid the minimum because nobody named a number."""
        self.duel_challenger: str | None = None
        self.duel_forced = False

    @property
    def ignoring(self) -> bool:
        """The deal has ended before its record (thrown in or cancelled): what follows is not
        judged. Whole hands that cancel the deal (``annul_eight_zero``, ``annul_other``) do
        so once play would begin."""
        return self.disregard or (self.annul_at_batch is not None
                                  and self.stage not in (AUCTION, TRUMP))

    @property
    def second_pending(self) -> bool:
        """The second bidding round is due and not over: no single, show or play yet."""
        return self.second_due and not self.second_over

    def facedown_to_hand(self) -> None:
        """The face-down card goes (back) into the bidder's hand, exposed or returned; a card
        not seen, or one perhaps among his plays not seen, stays with the model."""
        card, bidder = self.facedown, self.bidder
        if card is None or bidder is None:
            return
        unseen = self.unseen
        if unseen is not None and (card == UNSEEN or card in unseen.floating.get(bidder, ())):
            return
        self.hands[bidder].add(card)

    def led_suit(self) -> str | None:
        return self.trick[0][1][1] if self.trick else None


def action_card(action: Action) -> str | None:
    """The card of a ``trump`` action (``trump 9S``), or None for ``trump seventh`` / a suit."""
    if action.cards:
        return action.cards[0]
    value = action.value
    if isinstance(value, str) and len(value) == 2 and value != "??":
        return value.upper()
    return None
