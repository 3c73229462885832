"""The shared trick parts of referee.rules.tricks, on their own: following suit in a game's
words, the winner of a trick from card values, the trick, and hands read from the plays."""

from __future__ import annotations

import pytest

from referee import loads
from referee.games.avinas import ruleset as avinas
from referee.games.twenty_five import ruleset as twenty_five
from referee.model.errors import RecordError
from referee.rules.tricks import FollowSuit, Trick, hands_from_plays, highest_wins


def test_follow_suit_allows_a_card_of_the_suit_led_or_any_card_when_void():
    follow = FollowSuit("toy.follow-suit")
    assert follow.check("N", "KS", {"KS", "7S"}, suit="spades") is None
    assert follow.check("N", "KH", set(), suit="spades") is None


def test_follow_suit_words_a_revoke_in_the_games_own_words():
    follow = FollowSuit("toy.follow-suit")
    excluded = follow.check("N", "KH", {"7S", "AS"}, suit="spades")
    assert excluded is not None and excluded.rule == "toy.follow-suit"
    assert excluded.message == "N holds AS 7S and must follow spades"  # cards in order
    assert not excluded.fatal  # a revoke stands
    own = FollowSuit("toy.follow-suit", "{seat} plays {card} but holds {held} ({why})")
    assert own.exclusion("E", "2C", ["QD"], why="a test").message == (
        "E plays 2C but holds QD (a test)")


def test_the_games_words_of_following_suit_are_their_own():
    """Twenty-Five's two wordings and Avinas's face-down lead, as their messages say."""
    words = twenty_five.FOLLOW[True].exclusion("P2", "7C", {"KH"}, suit="hearts").message
    assert words == "P2 holds KH: he must follow hearts or play a trump, not 7C"
    words = twenty_five.FOLLOW[False].exclusion("P2", "7C", {"KH"}, suit="hearts").message
    assert words == ("P2 holds KH and must follow hearts, not play 7C "
                     "(may_trump_when_following = no)")
    words = avinas.FOLLOW_FACE_DOWN.exclusion("E", "AH", {"QS"}, leader="N").message
    assert words == "N led face down: E holds QS and must play a trump"


def test_highest_wins_takes_the_highest_value_and_never_a_card_worth_nothing():
    value = {"AS": 4, "KS": 3, "2H": 0, "7D": 9}.__getitem__
    assert highest_wins([("N", "KS"), ("E", "AS"), ("S", "2H")], value) == "E"
    assert highest_wins([("N", "2H"), ("E", "7D")], value) == "E"
    assert highest_wins([("N", "2H")], value) is None


def test_highest_wins_gives_equal_cards_to_the_first_or_with_later_wins_the_last():
    plays = [("N", "QS"), ("E", "QS"), ("S", "JS")]  # a double pack: two queens of spades
    value = {"QS": 5, "JS": 4}.__getitem__
    assert highest_wins(plays, value) == "N"
    assert highest_wins(plays, value, later_wins=True) == "E"


def test_highest_wins_takes_cards_of_any_kind():
    """A game that keeps its cards as small integers gives a list's ``__getitem__``."""
    worth = [0, 3, 7, 1]
    assert highest_wins([("N", 1), ("E", 2), ("S", 3)], worth.__getitem__) == "E"


def test_a_trick_keeps_its_plays_winner_and_points():
    trick: Trick[str] = Trick(3, [("N", "AS"), ("E", "KS")], "N", 15)
    assert (trick.number, trick.winner, trick.points, trick.face_down) == (3, "N", 15, False)
    several: Trick[tuple[str, ...]] = Trick(1, [("P1", ("9S", "9H"))], "P1")
    assert several.plays[0][1] == ("9S", "9H") and several.points == 0


DEAL = """[Game "avinas"]
deal 1 dealer W
E: KH QH JH TH 9H 8H 7H AH
S: KS QS JS TS 9S 8S 7S AS
W: KD QD JD TD 9D 8D 7D AD
1. N AC  E AH  S AS  W AD
2. N KC  E KH  S KS  W KD
"""


def test_hands_from_plays_reads_the_seats_cards_in_record_order_up_to_a_hand():
    deal = loads(DEAL)[0].deals[0]
    owner: dict[str, str] = {}
    assert hands_from_plays(deal, ["N"], owner) == {"N": ["AC", "KC"]}
    assert owner == {"AC": "N", "KC": "N"}
    assert hands_from_plays(deal, ["N"], {}, size=1) == {"N": ["AC"]}  # later plays: the rules'
    taken = hands_from_plays(deal, ["N"], {}, cards_of=lambda action: action.cards[:0])
    assert taken == {"N": []}  # cards_of picks none
    assert hands_from_plays(deal, ["N"], {}, kinds=("down",)) == {"N": []}


def test_hands_from_plays_refuses_a_card_of_another_seat():
    deal = loads(DEAL)[0].deals[0]
    with pytest.raises(RecordError) as raised:
        hands_from_plays(deal, ["N"], {"KC": "E"})
    assert raised.value.code == "record.card-twice"
