"""Table tests of the pure 28-family scoring helpers (referee/games/twenty_eight/scoring.py)."""

from __future__ import annotations

import pytest

from referee.games.twenty_eight.scoring import (
    CARD_POINTS_28,
    RANK_ORDER_28,
    adjusted_target,
    card_points,
    cards_points,
    contract_score,
    forced_score,
    is_pointless,
    is_sure_winner_hand,
    match_winner,
    multiplier,
    rank_key,
    single_hand_score,
    stake,
)
from referee.model.cards import make_pack


def test_pack_totals_28_points():
    """28-43 (and A1): the 32-card pack holds 28 points, 7 per suit."""
    pack = make_pack(RANK_ORDER_28)
    assert len(pack) == 32
    assert cards_points(pack) == 28
    for suit in "SHDC":
        assert cards_points(c for c in pack if c[1] == suit) == 7


@pytest.mark.parametrize(("card", "points"), [
    ("JS", 3), ("9H", 2), ("AD", 1), ("TC", 1), ("KS", 0), ("QH", 0), ("8D", 0), ("7C", 0),
])
def test_card_points(card, points):
    assert card_points(card) == points
    assert CARD_POINTS_28.get(card[0], 0) == points


def test_rank_order_j_9_a_10():
    strength = rank_key(RANK_ORDER_28)
    ranks = sorted("J9ATKQ87", key=strength.__getitem__, reverse=True)
    assert "".join(ranks) == "J9ATKQ87"


@pytest.mark.parametrize(("cards", "pointless"), [
    (["KS", "QH", "8D", "7C"], True),           # 28-02
    (["KS", "QH", "8D", "9D"], False),          # 28-01: the 9 of diamonds is worth 2
    (["KS", "QS", "8S", "7H", "KD", "QC", "8C", "7C"], True),  # 28-41
])
def test_is_pointless(cards, pointless):
    assert is_pointless(cards) is pointless


@pytest.mark.parametrize(("cards", "sure"), [
    # 28-40: J 9 A 10 of spades and of hearts: every card wins when led in order
    ("JS 9S AS TS JH 9H AH TH", True),
    # 28-40: J 9 A K of spades: the king can lose to the 10
    ("JS 9S AS KS JH 9H AH TH", False),
    ("JS 9S AS TS KS QS 8S 7S", True),          # a whole suit
    ("9S AS TS KS QS 8S 7S JH", False),         # spades missing the jack
    ("JS JH JD JC 9S 9H 9D 9C", True),          # tops of every suit
    ("JS JH JD JC 9S 9H 9D AC", False),         # AC without the 9 of clubs
])
def test_is_sure_winner_hand(cards, sure):
    assert is_sure_winner_hand(cards.split()) is sure


@pytest.mark.parametrize(("cards", "equal", "copies", "sure"), [
    # Forty (J and 3 equal, the first played wins): a lone 3 led cannot be beaten
    ("3S", ("J3",), 1, True),
    ("JS", ("J3",), 1, True),
    ("3S 9S", ("J3",), 1, False),               # the J beats the 9
    ("JS 3S 9S", ("J3",), 1, True),
    # Fifty-Six (two copies of each card, the first played wins)
    ("JS 9S", (), 2, False),                    # the other J beats the 9
    ("JS JS 9S", (), 2, True),
    ("JS", (), 2, True),
    ("JS JS 9S 9S AS AS TS TS", (), 2, True),
])
def test_is_sure_winner_hand_equal_cards(cards, equal, copies, sure):
    order = "J39ATKQ87" if equal else "J9ATKQ"
    assert is_sure_winner_hand(cards.split(), order, equal, copies) is sure


@pytest.mark.parametrize(("bid", "pair_by_bidding_side", "clamp", "target"), [
    (20, None, (14, 28), 20),
    (20, True, (14, 28), 16),                   # 28-25
    (22, False, (14, 28), 26),                  # 28-28
    (15, True, (14, 28), 14),                   # 28-29: 11 clamped to 14
    (26, False, (14, 28), 28),                  # 28-29: 30 clamped to 28
    (15, True, None, 11),                       # 28-29, pair_clamp = no
    (26, False, None, 30),
    (17, False, (16, 28), 21),                  # 28-30: opponents' pair at 17
    (23, True, (16, 28), 19),                   # 28-30
    (19, None, (20, 40), 19),                   # an illegal bid of 19 in Forty: its target
    (13, True, (14, 28), 13),                   # a pair never takes the target past the bid
    (30, False, (14, 28), 30),
])
def test_adjusted_target(bid, pair_by_bidding_side, clamp, target):
    assert adjusted_target(bid, pair_by_bidding_side, 4, clamp) == target


def test_adjusted_target_west_bengal_19():
    """28-30: at 19 the West Bengal reduction is 3 (the caller passes the value)."""
    assert adjusted_target(19, True, 3, (16, 28)) == 16


@pytest.mark.parametrize(("doubled", "redoubled", "mult"), [
    (False, False, 1), (True, False, 2), (True, True, 4),
])
def test_multiplier(doubled, redoubled, mult):
    assert multiplier(doubled, redoubled) == mult


@pytest.mark.parametrize(("points", "bid", "target", "mult", "made", "delta"), [
    (18, 18, 18, 1, True, 1),                   # 28-33: exactly the bid
    (17, 18, 18, 1, False, -1),                 # 28-33
    (25, 22, 26, 1, False, -1),                 # 28-28
    (18, 18, 18, 4, True, 4),                   # 28-34: redoubled, made
    (10, 18, 18, 4, False, -4),                 # 28-34: redoubled, failed
    (10, 18, 18, 2, False, -2),                 # 28-34: doubled, failed
    (28, 28, 28, 1, True, 1),
    (0, 14, 14, 1, False, -1),
])
def test_contract_score(points, bid, target, mult, made, delta):
    assert contract_score(points, bid, target, mult) == (made, delta)


@pytest.mark.parametrize(("points", "bid", "mult", "delta"), [
    (22, 22, 1, 2),                             # 28-36: bid 22 made, +2
    (10, 22, 2, -4),                            # 28-36: bid 22 doubled: 4
    (22, 22, 2, 4),
    (22, 22, 4, 4),                             # capped at 4 even if redoubled
    (20, 20, 2, 2),                             # bid 20 doubled: 2 ...
    (20, 20, 4, 4),                             # ... and redoubled: 4
    (10, 20, 4, -4),
    (20, 20, 1, 1),                             # 20 is worth 1
])
def test_high_bid_two(points, bid, mult, delta):
    assert contract_score(points, bid, bid, mult, high_bid_two=True).delta == delta


@pytest.mark.parametrize(("points", "mult", "delta"), [
    (9, 1, -2),                                 # 28-37: 18 < 20, loss doubled
    (10, 1, -1),                                # 28-37: 20 is not < 20
    (9, 2, -4),                                 # 28-37: with the double, multiplicative
    (19, 1, -1),
    (20, 1, 1),
])
def test_under_half_double_loss(points, mult, delta):
    assert contract_score(points, 20, 20, mult, under_half_double_loss=True).delta == delta


def test_under_half_uses_adjusted_target():
    """10.17: the call is the target after the pair: target 24, 11 points is under half."""
    assert contract_score(11, 20, 24, 1, under_half_double_loss=True).delta == -2
    assert contract_score(12, 20, 24, 1, under_half_double_loss=True).delta == -1


def test_stake():
    assert stake(16, 1) == 1
    assert stake(16, 4) == 4
    assert stake(21, 1, high_bid_two=True) == 2
    assert stake(21, 2, high_bid_two=True) == 4


@pytest.mark.parametrize(("made", "mult", "delta"), [(True, 1, 1), (False, 1, -1),
                                                      (True, 4, 4), (False, 2, -2)])
def test_forced_score(made, mult, delta):
    """The misplay penalty (A6.6 R6) scores the contract outright."""
    assert forced_score(made, 16, mult) == (made, delta)


@pytest.mark.parametrize(("won", "made", "delta"), [(8, True, 3), (7, False, -3),
                                                     (0, False, -3)])
def test_single_hand_score(won, made, delta):
    """28-39: +3 for all eight tricks, else -3."""
    assert single_hand_score(won) == (made, delta)


@pytest.mark.parametrize(("score", "winner"), [
    ({"NS": 6, "EW": 0}, "NS"),                 # 28-38: +5 and made: +6 wins
    ({"NS": 4, "EW": 0}, None),                 # 28-38: +5 and failed: +4 goes on
    ({"NS": 0, "EW": -6}, "NS"),                # 28-38: E-W at -6 lose
    ({"NS": 7, "EW": 0}, "NS"),                 # 28-38: +5 doubled made: +7
    ({"NS": 5, "EW": -5}, None),
    ({"NS": 2, "EW": 6}, "EW"),
    ({"NS": -6, "EW": 3}, "EW"),
])
def test_match_winner(score, winner):
    assert match_winner(score, 6, ("NS", "EW")) == winner
