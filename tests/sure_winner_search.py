"""An exhaustive search for "certain to win every trick", to check the direct sure-winner
test (referee.games.twenty_eight.scoring.is_sure_winner_hand) on reduced packs.

The holder (player 0) must win every trick himself. He chooses each card from what he has
seen: his own hand and the cards played so far. The others choose theirs from their hands,
following suit when they can, with no other restriction. The search keeps the set of deals
(distributions of the cards out of the holder's hand) that agree with what he has seen; a
card of his is good when, for every card another player could then play in some of those
deals, the rest stays good. So he is "certain" exactly when a strategy of his wins in every
deal against every play: no knowledge of the hidden hands is assumed.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

Hand = tuple[str, ...]
World = tuple[Hand, ...]


class Search:
    """Exhaustive search on one reduced pack.

    ``rank_order`` is written strongest first; ``equal_ranks`` groups ranks of one strength
    (the first played of two equal cards wins, or the last with ``last_wins``); ``copies``
    cards of each rank and suit. ``players`` is how many play to a trick (the holder
    included); ``sitting_out`` more hands are dealt but never play (a single hand's partner).
    """

    def __init__(self, suits: str, rank_order: str, hand_size: int, players: int,
                 sitting_out: int = 0, equal_ranks: Sequence[str] = (), copies: int = 1,
                 last_wins: bool = False) -> None:
        self.suits = suits
        self.rank_order = rank_order
        self.hand_size = hand_size
        self.players = players
        self.sitting_out = sitting_out
        strength = {rank: len(rank_order) - i for i, rank in enumerate(rank_order)}
        for group in equal_ranks:
            for rank in group[1:]:
                strength[rank] = strength[group[0]]
        self.strength = strength
        self.last_wins = last_wins
        self.pack = tuple(sorted(rank + suit for suit in suits for rank in rank_order
                                 for _ in range(copies)))

    # deals ---------------------------------------------------------------------------------
    @cache  # noqa: B019 (a few hundred hands per search object)
    def worlds(self, hand: tuple[str, ...]) -> frozenset[World]:
        """Every distribution of the cards out of ``hand`` to the other players (the hands of
        those sitting out are dropped: nobody sees or plays them)."""
        out = list(self.pack)
        for card in hand:
            out.remove(card)
        others = self.players - 1 + self.sitting_out
        assert len(out) == others * self.hand_size, "the pack does not deal evenly"
        found: set[World] = set()

        def deal(rest: list[str], dealt: tuple[Hand, ...]) -> None:
            if len(dealt) == others - 1:  # the last hand is what is left
                found.add((*dealt, tuple(rest))[: self.players - 1])
                return
            for pick in combinations(range(len(rest)), self.hand_size):
                chosen = tuple(rest[i] for i in pick)
                taken = set(pick)
                left = [card for i, card in enumerate(rest) if i not in taken]
                deal(left, (*dealt, chosen))

        deal(out, ())
        return frozenset(found)

    # play ----------------------------------------------------------------------------------
    @cache  # noqa: B019
    def _legal(self, hand: Hand, led: str | None) -> frozenset[str]:
        follow = frozenset(card for card in hand if card[1] == led)
        return follow or frozenset(hand)

    def _winner(self, trick: tuple[tuple[int, str], ...], trump: str | None) -> int:
        led = trick[0][1][1]
        best_player, best = trick[0]
        for player, card in trick[1:]:
            if self._beats(card, best, led, trump):
                best_player, best = player, card
        return best_player

    def _beats(self, card: str, best: str, led: str, trump: str | None) -> bool:
        def key(c: str) -> int:
            return 2 if c[1] == trump else 1 if c[1] == led else 0

        if key(card) != key(best):
            return key(card) > key(best)
        if key(card) == 0:
            return False
        mine, theirs = self.strength[card[0]], self.strength[best[0]]
        return mine > theirs or (self.last_wins and mine == theirs)

    def certain(self, hand: Sequence[str], trump: str | None = None, position: int = 0
                ) -> bool:
        """Whether ``hand`` surely wins every trick; ``position`` is the holder's place in
        trick 1 (0: he leads it)."""
        order = tuple((i - position) % self.players for i in range(self.players))
        hand = tuple(sorted(hand))
        return self._search(hand, self.worlds(hand), order, (), trump)

    @cache  # noqa: B019 (the tests clear it after each hand)
    def _search(self, hand: Hand, worlds: frozenset[World], order: tuple[int, ...],
                trick: tuple[tuple[int, str], ...], trump: str | None) -> bool:
        if len(trick) == self.players:
            if self._winner(trick, trump) != 0:
                return False
            if not hand:
                return True
            return self._search(hand, worlds, tuple(range(self.players)), (), trump)
        player = order[len(trick)]
        led = trick[0][1][1] if trick else None
        if player == 0:
            for card in sorted(self._legal(hand, led)):
                rest = list(hand)
                rest.remove(card)
                if self._search(tuple(rest), worlds, order, (*trick, (0, card)), trump):
                    return True
            return False
        plays: dict[str, set[World]] = {}
        index = player - 1
        legal = self._legal
        for world in worlds:
            theirs = world[index]
            for card in legal(theirs, led):
                at = theirs.index(card)
                after = (*world[:index], theirs[:at] + theirs[at + 1:], *world[index + 1:])
                if card in plays:
                    plays[card].add(after)
                else:
                    plays[card] = {after}
        return all(self._search(hand, frozenset(after), order, (*trick, (player, card)), trump)
                   for card, after in sorted(plays.items()))
