"""Rule tests of Forty (A7.4) and Fifty-Six (A7.5): the six-player table, the equal J and 3,
the double pack (two copies of a card, the first played winning), the score tables paid to the
opponents, Thani, and the record errors of a double pack."""

from __future__ import annotations

import pytest

from referee.games import find_game
from referee.games.twenty_eight.fifty_six import FiftySix
from referee.games.twenty_eight.forty import Forty
from referee.pipeline.checking import check_text

# Forty: seats P1..P6 clockwise, teams P1 P3 P5 / P2 P4 P6; dealer P1, so (counter-clockwise)
# P6 is first hand and the order is P6 P5 P4 P3 P2 P1.
FORTY_HANDS = """\
P1: JC 3C 9C | AC QC KC
P2: JD 3D 9D | AD TD KD
P3: JH 3H 9H | AH TH KH
P4: QS 8S 7S | 7C 8C TC
P5: JS TS KS | 7D 8D QD
P6: 3S 9S 7H | AS 8H QH"""

FORTY_AUCTION = "P6 20  P5 pass  P4 pass  P3 pass  P2 pass  P1 pass\nP6 trump 7H\n"

# Fifty-Six: a double pack; dealer P1 again, P6 first hand.
FIFTY_SIX_HANDS = """\
P1: JS JS 9S 9S | AS AS TS TS
P2: KS KS QS QS | JH JH 9H 9H
P3: AH AH TH TH | KH KH QH QH
P4: JD JD 9D 9D | AD AD TD TD
P5: KD KD QD QD | JC 9C 9C TC
P6: AC AC JC TC | KC KC QC QC"""

FIFTY_SIX_AUCTION = "P6 28  P5 pass  P4 pass  P3 pass  P2 pass  P1 pass\nP6 trump AC\n"


def record(game: str, hands: str, body: str, options: tuple[tuple[str, str], ...] = (),
           seats: str | None = None) -> str:
    head = [f'[Game "{game}"]'] + [f'[Option "{n}" "{v}"]' for n, v in options]
    if seats:
        head.append(f'[Seats "{seats}"]')
    return "\n".join(head) + f"\n\ndeal 1 dealer P1\n{hands}\n{body}\n"


def check(text: str):
    report = check_text(text)
    assert report.error is None, report.error
    return report.matches[0]


def rules_found(text: str) -> list[str]:
    return [f.rule for f in check(text).all_findings()
            if f.severity == "error" and not f.rule.endswith(".incomplete")]


def test_registry():
    assert find_game("40") is Forty and find_game("56") is FiftySix
    assert Forty.rule_prefix == "40" and FiftySix.rule_prefix == "56"
    for game in (Forty, FiftySix):
        assert set(game.presets) == {"standard"}
        assert all(rule.startswith(game.rule_prefix + ".") for rule in game.rules)


@pytest.mark.parametrize(("game", "hands"), [("forty", FORTY_HANDS),
                                             ("fifty-six", FIFTY_SIX_HANDS)])
def test_six_players_in_alternating_teams(game, hands):
    four = record(game, "", "", seats="N E S W")
    report = check_text(four)
    assert report.error_code == "record.seats"
    assert "six players" not in report.error and "6 players" in report.error
    # partners must sit alternately
    wrong = ('[Game "forty"]\n[Teams "P1 P2 P3" "P4 P5 P6"]\n\ndeal 1 dealer P1\n')
    assert check_text(wrong).error_code == "record.seats"


# -- Forty ------------------------------------------------------------------------------------


def test_forty_three_ties_with_the_jack_and_the_first_played_wins():
    # 3S led by P6, JS played later by P5: the 3 wins, and P6 leads trick 2
    text = record("forty", FORTY_HANDS, FORTY_AUCTION +
                  "1. P6 3S  P5 JS  P4 QS  P3 JH  P2 JD  P1 JC\n2. P6 9S")
    assert rules_found(text) == []
    # the other way round the Jack, played first, wins: P6 leading trick 2 is then wrong
    hands = FORTY_HANDS.replace("P5: JS TS KS", "P5: 3S TS KS").replace(
        "P6: 3S 9S 7H", "P6: JS 9S 7H")
    text = record("forty", hands, FORTY_AUCTION +
                  "1. P6 JS  P5 3S  P4 QS  P3 JH  P2 JD  P1 JC\n2. P6 9S")
    assert rules_found(text) == []
    assert rules_found(text.replace("2. P6 9S", "2. P5 TS")) == ["40.turn"]


def test_forty_points_and_bid_range():
    assert Forty.rules and check(record("forty", FORTY_HANDS, FORTY_AUCTION))
    assert rules_found(record("forty", FORTY_HANDS, "P6 19")) == ["40.bid-range"]
    assert rules_found(record("forty", FORTY_HANDS, "P6 41")) == ["40.bid-range"]
    defaults = {spec.name: spec.default for spec in Forty.option_specs}
    assert defaults["min_bid"] == 20 and defaults["max_bid"] == 40
    assert defaults["score_table"] == "forty" and not defaults["seventh_card"]


def test_forty_thani_lost_pays_the_opponents_five():
    # P1 plays alone (P3 and P5 sit out); he loses trick 3 to P4's 10 of clubs. His 7 of
    # diamonds could lose a trick, so the single hand is allowed (with the Q of clubs instead,
    # P4's 10 8 7 of clubs would fall on three club leads: a sure hand)
    hands = (FORTY_HANDS.replace("P1: JC 3C 9C | AC QC KC", "P1: JC 3C 9C | AC 7D KC")
             .replace("P5: JS TS KS | 7D 8D QD", "P5: JS TS KS | QC 8D QD"))
    body = (FORTY_AUCTION + "P1 single\n1. P1 JC  P6 AS  P4 7C  P2 AD\n"
            "2. P1 AC  P6 8H  P4 8C  P2 TD\n3. P1 KC  P6 QH  P4 TC  P2 KD")
    match = check(record("forty", hands, body))
    assert [f.rule for f in match.all_findings() if f.severity == "error"] == []
    res = match.deals[0].result
    assert res.game_points == {"P1P3P5": 0, "P2P4P6": 5}
    assert "lost trick 3" in res.outcome


def test_forty_thani_with_sure_winners_is_illegal():
    # P3 holds J 3 9 A 10 K of hearts: every card wins when led in order
    assert rules_found(record("forty", FORTY_HANDS, FORTY_AUCTION + "P3 single")) == [
        "40.single-hand"]


LONE_THREES = """\
P1: 3C 3H 3D | 3S JS 9S
P2: JC 9C AC | TC KC QC
P3: JH 9H AH | TH KH QH
P4: JD 9D AD | 7D KD QD
P5: AS TS KS | QS 8S 7S
P6: 8C 7C 8H | 7H 8D TD"""
"""P1 holds the four 3s and J 3 9 of spades; P2 his clubs without the 3."""

THREE_UNDER_JACK = """\
P1: JC 3C AC | QC KC 7S
P2: JD 3D 9D | AD TD KD
P3: JH 3H 9H | AH TH 9C
P4: 3S 8C TC | 7C QS 8S
P5: JS TS 7D | 8D QD KS
P6: 7H 9S 8H | QH AS KH"""
"""P4, void in hearts, holds the 3 of spades (trumps) and clubs."""


def test_forty_thani_with_lone_threes_is_illegal():
    # A7.3 / A7.4: a 3 led is never beaten (the J is equal and played later), so P1's lone
    # 3s and his J 3 9 of spades are all sure winners; P2's clubs lack the 3, so the 9 can lose
    hands = LONE_THREES
    auction = "P6 20  P5 pass  P4 pass  P3 pass  P2 pass  P1 pass\nP6 trump 8C\n"
    assert rules_found(record("forty", hands, auction + "P1 single")) == ["40.single-hand"]
    assert rules_found(record("forty", hands, auction + "P2 single")) == []


def test_forty_three_level_with_the_trump_jack_is_an_undertrump():
    # A4.4(d): a void player must play a higher trump or another suit. After P5's J of
    # spades (trumps), P4's 3 of spades is equal and loses (the first played wins), so with
    # clubs in hand he may not play it
    hands = THREE_UNDER_JACK
    auction = "P6 20  P5 pass  P4 pass  P3 pass  P2 pass  P1 pass\nP6 trump 9S\n"
    trick = "1. P6 7H  P5 call  P5 JS  P4 "
    assert rules_found(record("forty", hands, auction + trick + "3S")) == ["40.undertrump"]
    assert rules_found(record("forty", hands, auction + trick + "8C")) == []


def test_forty_refuses_high_bid_two_with_its_table():
    report = check_text('[Game "forty"]\n[Option "high_bid_two" "yes"]\n\ndeal 1 dealer P1\n')
    assert report.error_code == "record.option" and "score_table" in report.error


def test_forty_trump_card_comes_from_the_first_three():
    text = record("forty", FORTY_HANDS, FORTY_AUCTION.replace("P6 trump 7H", "P6 trump QH"))
    assert rules_found(text) == ["40.trump-card"]
    # Forty deals in threes: the rules' "first four" is the first batch, three cards
    message = next(f.message for f in check(text).all_findings() if f.rule == "40.trump-card")
    assert "QH is not among P6's first three (3S 9S 7H)" in message


def test_forty_illegal_bid_below_the_minimum_is_its_own_target():
    """An illegal bid of 19 stands as made: the contract shows bid 19 and target 19 (not
    the minimum, 20)."""
    text = record("forty", FORTY_HANDS, FORTY_AUCTION.replace("P6 20", "P6 19"))
    match = check(text)
    assert [f.rule for f in match.all_findings() if f.severity == "error"][0] == "40.bid-range"
    contract = match.deals[0].result.contract
    assert (contract.bidder, contract.bid, contract.target) == ("P6", 19, 19)


def test_forty_says_first_three_where_the_rules_say_first_four():
    rules = " ".join(rule.summary for rule in Forty.rules.values())
    meanings = " ".join(spec.meaning for spec in Forty.option_specs)
    assert "first four" not in rules + meanings
    assert "first three" in Forty.rules["40.trump-card"].summary
    text = record("forty", FORTY_HANDS, "P6 pass", options=(("redeal_fh_pointless", "yes"),))
    message = next(f.message for f in check(text).all_findings() if f.rule == "40.opening-bid")
    assert "his first three hold no point" in message


# -- Fifty-Six --------------------------------------------------------------------------------


def test_fifty_six_identical_cards_first_played_wins():
    # P6 leads the J of clubs, P5 plays the other one: P6's wins and he leads trick 2 with
    # his second ace of clubs (the first lies face down as the trump card)
    text = record("fifty-six", FIFTY_SIX_HANDS, FIFTY_SIX_AUCTION +
                  "1. P6 JC  P5 JC  P4 JD  P3 AH  P2 KS  P1 JS\n2. P6 AC")
    assert rules_found(text) == []
    assert rules_found(text.replace("2. P6 AC", "2. P5 9C")) == ["56.turn"]


def test_fifty_six_bidder_plays_the_copy_of_his_face_down_card():
    # P6 laid one AC face down and still holds the other: playing it is an ordinary play,
    # not an exposure (the trump stays concealed, so P4 may still call in trick 2)
    text = record("fifty-six", FIFTY_SIX_HANDS, FIFTY_SIX_AUCTION +
                  "1. P6 AC  P5 9C  P4 call  P4 JD")
    assert rules_found(text) == []


def test_fifty_six_single_hand_sure_winners_count_both_copies():
    # A7.3 with a double pack: P1's J J 9 9 A A 10 10 of spades win every trick led in order
    # (of two equal cards the first played wins); with one J of spades and one of hearts the
    # other J (P2's) beats his 9, so the single hand is allowed
    assert rules_found(record("fifty-six", FIFTY_SIX_HANDS, FIFTY_SIX_AUCTION + "P1 single")
                       ) == ["56.single-hand"]
    hands = (FIFTY_SIX_HANDS
             .replace("P1: JS JS 9S 9S | AS AS TS TS", "P1: JS 9S AS TS | JH 9H AH TH")
             .replace("P2: KS KS QS QS | JH JH 9H 9H", "P2: KS KS QS QS | JS 9H JH 9S")
             .replace("P3: AH AH TH TH", "P3: AS AH TH TS"))
    assert rules_found(record("fifty-six", hands, FIFTY_SIX_AUCTION + "P1 single")) == []


def test_fifty_six_pair_with_either_copy_and_bid_range():
    assert rules_found(record("fifty-six", FIFTY_SIX_HANDS, "P6 27")) == ["56.bid-range"]
    assert rules_found(record("fifty-six", FIFTY_SIX_HANDS, "P6 56")) == []
    defaults = {spec.name: spec.default for spec in FiftySix.option_specs}
    assert defaults["pair_value"] == 8 and defaults["score_table"] == "fifty-six"


def test_fifty_six_record_errors():
    three = FIFTY_SIX_HANDS.replace("P1: JS JS 9S 9S", "P1: JS JS JS 9S")
    report = check_text(record("fifty-six", three, ""))
    assert report.error_code == "record.card-twice" and "2" in report.error
    missing = "\n".join(FIFTY_SIX_HANDS.split("\n")[:5])
    report = check_text(record("fifty-six", missing, FIFTY_SIX_AUCTION))
    # a hand left out is checked by counting the two copies of each card
    assert report.error_code is None and report.matches[0].deals
    odd = FIFTY_SIX_HANDS.replace("P1: JS JS 9S 9S", "P1: JS JS 9S 8S")
    assert check_text(record("fifty-six", odd, "")).error_code == "record.card-not-in-pack"


# -- option equal_cards = last_wins -------------------------------------------------------------

LAST = (("equal_cards", "last_wins"),)


def test_last_of_equal_cards_wins_when_chosen():
    # Forty: 3S led, JS played later: under last_wins the J takes the trick, so P5 leads next
    text = record("forty", FORTY_HANDS, FORTY_AUCTION +
                  "1. P6 3S  P5 JS  P4 QS  P3 JH  P2 JD  P1 JC\n2. P5 TS", LAST)
    assert rules_found(text) == []
    assert rules_found(text.replace("2. P5 TS", "2. P6 9S")) == ["40.turn"]
    # Fifty-Six: the second J of clubs wins under last_wins
    text = record("fifty-six", FIFTY_SIX_HANDS, FIFTY_SIX_AUCTION +
                  "1. P6 JC  P5 JC  P4 JD  P3 AH  P2 KS  P1 JS\n2. P5 9C", LAST)
    assert rules_found(text) == []
    assert rules_found(text.replace("2. P5 9C", "2. P6 AC")) == ["56.turn"]


def test_an_equal_trump_is_no_undertrump_when_the_last_wins():
    hands = THREE_UNDER_JACK
    auction = "P6 20  P5 pass  P4 pass  P3 pass  P2 pass  P1 pass\nP6 trump 9S\n"
    trick = "1. P6 7H  P5 call  P5 JS  P4 "
    assert rules_found(record("forty", hands, auction + trick + "3S", LAST)) == []


def test_sure_winners_need_every_equal_card_when_the_last_wins():
    # P1's lone 3s are sure winners when the first played wins; when the last wins, the Js
    # held by others beat them, so his Thani is allowed
    hands = LONE_THREES
    auction = "P6 20  P5 pass  P4 pass  P3 pass  P2 pass  P1 pass\nP6 trump 8C\n"
    assert rules_found(record("forty", hands, auction + "P1 single")) == ["40.single-hand"]
    assert rules_found(record("forty", hands, auction + "P1 single", LAST)) == []


def test_an_undertrump_names_the_best_trump_it_is_level_with():
    # the message names the trump already in the trick that the card does not beat
    auction = "P6 20  P5 pass  P4 pass  P3 pass  P2 pass  P1 pass\nP6 trump 9S\n"
    text = record("forty", THREE_UNDER_JACK, auction + "1. P6 7H  P5 call  P5 JS  P4 3S")
    message = next(f.message for f in check(text).all_findings() if f.rule == "40.undertrump")
    assert "P4 may not play 3S level with JS, the trump already in the trick" in message
