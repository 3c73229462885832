"""The direct sure-winner test (scoring28.is_sure_winner_hand: the single-hand restriction
and the single-hand show) against an exhaustive search (tests/sure_winner_search.py)
on reduced packs: three suits of four ranks (three cards a hand), the same with two equal
ranks (Forty's J and 3), and two suits of three ranks with two copies of each card
(Fifty-Six), under either reading of ``equal_cards``. Every hand of the pack is checked as a
single hand (no trumps, two opponents, the partner sitting out, the holder leading) and as a
show (spades trumps or none, the holder in each place of trick 1, three other players).

The search takes a while: by default the show is checked with spades trumps only, and on the
packs with equal cards only with the holder leading trick 1 or playing last to it;
SURE_WINNER_ALL=1 checks every case (it takes a minute or more of CPU time)."""

from __future__ import annotations

import os
from itertools import combinations, permutations

import pytest
from sure_winner_search import Search

from referee.games.twenty_eight.scoring import is_sure_winner_hand

PACKS = [
    # (suits, ranks strongest first, equal ranks, copies)
    ("SHD", "JA9K", (), 1),
    ("SHD", "J3AK", ("J3",), 1),
    ("SH", "JA9", (), 2),
]
HAND = 3
EVERY_CASE = os.environ.get("SURE_WINNER_ALL") == "1"


def _hands(suits: str, search: Search, fixed: str) -> list[tuple[str, ...]]:
    """Every hand, one of each class of hands alike but for the suits other than ``fixed``
    (the answer does not change when those suits are renamed)."""
    others = [suit for suit in suits if suit not in fixed]
    seen: set[tuple[str, ...]] = set()
    hands = []
    for hand in sorted(set(combinations(search.pack, HAND))):
        if hand in seen:
            continue
        hands.append(hand)
        for perm in permutations(others):
            rename = dict(zip(others, perm, strict=True))
            seen.add(tuple(sorted(card[0] + rename.get(card[1], card[1]) for card in hand)))
    return hands


def _disagreements(suits: str, ranks: str, equal: tuple[str, ...], copies: int,
                   last_wins: bool, show: bool) -> tuple[list[str], int]:
    players, sitting_out = (4, 0) if show else (3, 1)
    search = Search(suits, ranks, HAND, players, sitting_out, equal, copies, last_wins)
    bad, sure = [], 0
    plain = not equal and copies == 1
    for trump in (("S", None) if show and EVERY_CASE else ("S",) if show else (None,)):
        places = ((0,) if not show else range(players) if plain or EVERY_CASE
                  else (0, players - 1))
        for hand in _hands(suits, search, trump or ""):
            for place in places:
                exact = search.certain(hand, trump, place)
                direct = is_sure_winner_hand(hand, ranks, equal, copies, last_wins, trump,
                                             place, players, suits)
                sure += exact
                if exact != direct:
                    bad.append(f"{' '.join(hand)} trump {trump} place {place}: search "
                               f"{exact}, direct test {direct}")
            search._search.cache_clear()
    return bad, sure


@pytest.mark.parametrize("show", [False, True], ids=["single-hand", "show"])
@pytest.mark.parametrize("last_wins", [False, True], ids=["first-wins", "last-wins"])
@pytest.mark.parametrize(("suits", "ranks", "equal", "copies"), PACKS,
                         ids=["plain", "equal-ranks", "two-copies"])
def test_direct_test_agrees_with_the_search(suits, ranks, equal, copies, last_wins, show):
    if not equal and copies == 1 and last_wins:
        pytest.skip("no equal cards: last_wins changes nothing")
    bad, sure = _disagreements(suits, ranks, equal, copies, last_wins, show)
    assert not bad, "\n".join(bad[:10])
    if not (last_wins and copies == 2):
        assert sure  # the pack has sure hands: the comparison is not empty


@pytest.mark.parametrize(("cards", "trump", "place", "sure"), [
    # the single hand: the 8 of spades falls on the first spade lead, then the 7 is top
    ("JS 9S AS TS KS QS 7S JH", None, 0, True),
    ("JS 9S AS TS KS 8S 7S JH", None, 0, True),    # the Q of spades falls before the 8 is led
    ("JS 9S AS KS JH 9H AH TH", None, 0, False),   # a player with 10 Q 8 7 of spades keeps the 10
    # the show, spades trumps: on lead the eighth trump is drawn, then the J of hearts wins
    ("JS 9S AS TS KS QS 7S JH", "S", 0, True),
    # not on lead: the leader may lead a heart and the 8 of spades ruff the J of hearts
    ("JS 9S AS TS KS QS 7S JH", "S", 1, False),
    ("JS 9S AS TS JH 9H AH TH", "S", 0, True),      # four trump leads draw the four out
    ("JS 9S AS TS JH 9H AH TH", "S", 3, False),
    ("JS 9S AS JH 9H AH TH KH", "S", 0, False),     # five trumps out, three trump leads
    ("JS 9S AS TS KS QS 8S 7S", "S", 2, True),      # every trump: nothing can beat him
])
def test_twenty_eight_hands(cards, trump, place, sure):
    assert is_sure_winner_hand(cards.split(), trump=trump, place=place) is sure
