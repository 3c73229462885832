"""Rule tests of Twenty-Nine (referee/games/twenty_eight/twenty_nine.py): every edge case of digest
9B (29-01 ... 29-33) as a test named after it, the presets, and each rule id legal and illegal.

Most records here are short: a deal, its auction and the tricks the case needs. The referee
then also reports the deal as incomplete (29.incomplete), which ``errors`` leaves out.
"""

from __future__ import annotations

import pytest

from referee.games import find_game
from referee.games.twenty_eight.scoring import match_winner
from referee.games.twenty_eight.twenty_nine import TwentyNine
from referee.pipeline.checking import check_text

# H1: N holds only clubs, so he is void in everything else. Dealer S: the order is W N E S
# (clockwise) and W is first hand.
H1 = """\
N: JC 9C AC TC | KC QC 8C 7C
E: KS QS 8S 7S | JD 9D AD TD
S: AH JH 9H TH | KD QD 8D 7D
W: JS 9S AS TS | KH QH 8H 7H"""

# The whole H1 deal, W the bidder at 16 in spades: N is the first void player (trick 1) and
# must call; W takes tricks 1-4 (7 points), N-S the rest (21 + the last trick point).
PLAY1 = """\
W trump S
1. W JS  N call  N 7C  E 7S  S 7D
2. W 9S  N 8C  E 8S  S 8D
3. W AS  N QC  E QS  S QD
4. W TS  N KC  E KS  S KD
5. W KH  N TC  E TD  S AH
6. S JH  W 7H  N AC  E AD
7. S 9H  W 8H  N 9C  E 9D
8. S TH  W QH  N JC  E JD"""

# H3: trick 1 is followed by everybody (won by W); N is void in diamonds (trick 2).
H3 = """\
N: 7H 9S JS AS | TS 8S 7S JC
E: 8H KS QS 7D | 9D KD QD 7C
S: 9H 8D 9C AC | TC KC QC 8C
W: JH JD AH TH | AD TD KH QH"""

# H4: everybody holds two cards of each suit; N leads the J and 9 of each suit and wins all.
H4 = """\
N: JS 9S JH 9H | JD 9D JC 9C
E: AS TS AH TH | AD TD AC TC
S: KS QS KH QH | KD QD KC QC
W: 8S 7S 8H 7H | 8D 7D 8C 7C"""

PLAY4 = """\
1. N JS  E AS  S KS  W 8S
2. N 9S  E TS  S QS  W 7S
3. N JH  E AH  S KH  W 8H
4. N 9H  E TH  S QH  W 7H
5. N JD  E AD  S KD  W 8D
6. N 9D  E TD  S QD  W 7D
7. N JC  E AC  S KC  W 8C
8. N 9C  E TC  S QC  W 7C"""


def record(body: str, *, hands: str = H1, dealer: str = "S", rules: str | None = None,
           options: tuple[tuple[str, str], ...] = ()) -> str:
    head = ['[Game "twenty-nine"]']
    if rules:
        head.append(f'[Rules "{rules}"]')
    head += [f'[Option "{name}" "{value}"]' for name, value in options]
    return "\n".join(head) + f"\n\ndeal 1 dealer {dealer}\n{hands}\n{body}\n"


def check(text: str):
    report = check_text(text)
    assert report.error is None, report.error
    return report.matches[0]


def errors(match) -> list[tuple[str, int | None, str | None]]:
    return [(f.rule, f.trick, f.seat) for f in match.all_findings()
            if f.severity == "error" and f.rule != "29.incomplete"]


def rules_found(text: str) -> list[str]:
    return [rule for rule, _, _ in errors(check(text))]


def result(text: str):
    match = check(text)
    return match.deals[0].result


# -- the game -----------------------------------------------------------------------------------


def test_registry_presets_and_defaults():
    assert find_game("29") is TwentyNine
    assert set(TwentyNine.presets) == {"standard", "pagat-older", "bangladesh"}
    defaults = {spec.name: spec.default for spec in TwentyNine.option_specs}
    assert defaults["direction"] == "cw" and defaults["min_bid"] == 15
    assert defaults["trump_indicator"] == "spare" and defaults["last_trick_bonus"] == 1
    assert defaults["dealer_forced_bid"] == "exact" and defaults["partner_raise"] == "free"
    assert defaults["trump_call_mandatory"] and not defaults["caller_must_trump"]
    for rule_id, rule in TwentyNine.rules.items():
        assert rule_id.startswith("29.") and rule.summary
    for spec in TwentyNine.option_specs:
        assert all(rule in TwentyNine.rules for rule in spec.rules), spec.name


@pytest.mark.parametrize(("teams", "error"), [
    ('"N E" "S W"', "record.seats"),             # B2: partners face each other
    ('"N W" "E S"', "record.seats"),
    ('"S N" "W E"', None),                       # the facing pairs, in any order
])
def test_partners_face_each_other(teams, error):
    text = record("W 16  N pass  E pass  S pass").replace(
        '[Game "twenty-nine"]', f'[Game "twenty-nine"]\n[Teams {teams}]')
    assert check_text(text).error_code == error


def test_whole_deal_is_legal_and_scored():
    match = check(record("W 16  N pass  E pass  S pass\n" + PLAY1))
    assert errors(match) == []
    res = match.deals[0].result
    assert res.points == {"NS": 22, "EW": 7}
    assert res.contract.target == 16 and res.contract.trump == "S"
    assert res.game_points == {"NS": 0, "EW": -1}


# -- auction: 29-01 ... 29-06 -------------------------------------------------------------------


def test_29_01_dealer_must_bid_exactly_15():
    passes = "W pass  N pass  E pass  "
    assert rules_found(record(passes + "S pass")) == ["29.dealer-bid"]
    res = result(record(passes + "S 15\nS trump H"))
    assert res.contract.bidder == "S" and res.contract.bid == 15
    assert rules_found(record(passes + "S 15\nS trump H")) == []
    assert rules_found(record(passes + "S 16\nS trump H")) == ["29.dealer-bid"]
    assert rules_found(record(passes + "S 16\nS trump H",
                              options=(("dealer_forced_bid", "any"),))) == []


def test_29_01_dealer_bid_ends_the_auction():
    # after the forced bid the trump choice follows at once: nobody speaks again
    assert rules_found(record("W pass  N pass  E pass  S 15  W 16")) == ["29.auction-over"]


def test_29_02_first_hand_may_pass():
    assert rules_found(record("W pass  N 15  E pass  S pass  W pass\nN trump C")) == []


def test_29_03_a_bid_exists_so_the_dealer_is_not_forced():
    res = result(record("W 15  N pass  E pass  S pass\nW trump S"))
    assert res.contract.bidder == "W" and res.contract.bid == 15


def test_29_04_a_pass_is_not_final():
    auction = "W pass  N 16  E pass  S pass  W 17  N pass  E pass  S pass\nW trump S"
    assert rules_found(record(auction)) == []
    assert result(record(auction)).contract.bid == 17
    # pass_final: W passed and may not come back (here the auction is already over: N has
    # the bid once everybody else passed)
    final = (("pass_final", "yes"),)
    reentry = "W pass  N 16  E 17  S pass  W 18"
    assert errors(check(record(reentry, options=final)))[0] == ("29.pass-final", None, "W")
    assert errors(check(record(auction, options=final)))[0][0] == "29.auction-over"


def test_pass_final_skips_seats_that_passed():
    # W and E passed for good: after N 16 and S 17 it is N's turn again, not W's
    auction = "W pass  N 16  E pass  S 17  N 18  S pass\nN trump C"
    assert rules_found(record(auction, options=(("pass_final", "yes"),))) == []
    assert result(record(auction, options=(("pass_final", "yes"),))).contract.bid == 18


def test_29_05_partner_may_overbid():
    assert rules_found(record("W 16  N pass  E 17  S pass  W pass  N pass\nE trump D")) == []


@pytest.mark.parametrize(("bid", "options", "found"), [
    (14, (), ["29.bid-range"]),
    (29, (), ["29.bid-range"]),
    (29, (("max_bid", "29"),), []),
    (28, (), []),
])
def test_29_06_bid_range(bid, options, found):
    assert rules_found(record(f"W {bid}", options=options)) == found


def test_29_06_bid_of_28_ends_the_auction():
    assert rules_found(record("W 28  N pass")) == ["29.auction-over"]
    assert result(record("W 28\nW trump S")).contract.bid == 28


# -- trump choice: 29-07, 29-29, 29-30 --------------------------------------------------------


@pytest.mark.parametrize("choice", ["C", "3C", "5C"])
def test_29_07_spare_indicator_any_suit(choice):
    # W's first four are all spades; he names clubs with a spare card or the suit
    text = record(f"W 15  N pass  E pass  S pass\nW trump {choice}")
    assert rules_found(text) == []
    assert result(text).contract.trump == "C"


def test_29_07_a_playing_card_is_not_an_indicator():
    text = record("W 15  N pass  E pass  S pass\nW trump JS")
    assert rules_found(text) == ["29.trump-card"]


def test_29_07_own_card_option_needs_a_card_of_the_first_four():
    own = (("trump_indicator", "own_card"), ("void_if_trump_never_called", "void"))
    assert rules_found(record("W 15  N pass  E pass  S pass\nW trump C", options=own)) == [
        "29.trump-card"]
    assert rules_found(record("W 15  N pass  E pass  S pass\nW trump JS", options=own)) == []


def test_29_29_seventh_card_stays_in_hand():
    hands = H1.replace("W: JS 9S AS TS | KH QH 8H 7H", "W: JS 9S AS TS | KH QH AC 7H").replace(
        "N: JC 9C AC TC | KC QC 8C 7C", "N: JC 9C 8H TC | KC QC 8C 7C")
    text = record("W 15  N pass  E pass  S pass\nW trump seventh\n1. W AC", hands=hands)
    assert rules_found(text) == []
    assert result(text).contract.trump == "C"


def test_29_30_no_trump_two_reverses_the_ranks():
    options = (("no_trump_two", "yes"),)
    auction = "W 15  N pass  E pass  S pass\nW trump 2S\n"
    # 7H led; N and E are void and discard (no trump to call); S's J of hearts loses to it
    text = record(auction + "1. W 7H  N 7C  E 7S  S JH\n2. W 8H", options=options)
    assert rules_found(text) == []
    match = check(text)
    assert match.deals[0].result.contract.trump is None
    # the trick is worth its points (3) to W's side, and there is no pair and no call
    assert rules_found(record(auction + "1. W 7H  N 7C  E 7S  S JH\nE pair",
                              options=options)) == ["29.pair"]
    assert rules_found(record(auction + "1. W 7H  N call", options=options)) == ["29.call"]


def test_no_trump_two_is_off_by_default():
    text = record("W 15  N pass  E pass  S pass\nW trump 2S\n1. W JS  N 7C")
    assert rules_found(text) == ["29.must-call"]  # spades are trumps: N must call


# -- play: 29-08 ... 29-14, 29-32 -------------------------------------------------------------

# H2: clubs with N (six), E (8C) and W (7C); N void in diamonds; W void in diamonds.
H2 = """\
N: 9S 7H JC 9C | AC TC KC QC
E: 8C 7D JD 9D | AD TD KD QD
S: JS AS TS KS | QS 8S 7S 8D
W: JH 9H AH TH | KH QH 8H 7C"""


def test_29_08_bidder_follows_with_the_trump_suit():
    auction = "W pass  N pass  E 15  S pass  W pass  N pass\nE trump C\n"
    assert rules_found(record(auction + "1. W 7C  N JC  E 7D", hands=H2)) == [
        "29.follow-suit"]
    assert rules_found(record(auction + "1. W 7C  N JC  E 8C", hands=H2)) == []


def test_29_09_first_void_must_call():
    auction = "W pass  N pass  E 16  S pass  W pass  N pass\nE trump D\n"
    assert errors(check(record(auction + "1. W KH  N 7C"))) == [("29.must-call", 1, "N")]
    assert rules_found(record(auction + "1. W KH  N call  N 7C  E JD  S AH")) == []
    optional = (("trump_call_mandatory", "no"),)
    assert rules_found(record(auction + "1. W KH  N 7C", options=optional)) == []


def test_29_09_only_the_first_void_player_must_call():
    # B4.3, 10.13 and the appendix ("no earlier void occasion in deal"): N is the first
    # player who cannot follow and plays without asking; S, void in the same trick, and N
    # again in trick 2 are not "the first": only N's play is a violation
    text = record("W 16  N pass  E pass  S pass\nW trump S\n"
                  "1. W JS  N 7C  E 7S  S 7D\n2. W 9S  N 8C  E 8S  S call  S 8D")
    assert errors(check(text)) == [("29.must-call", 1, "N")]


def test_29_10_bidder_first_void_announces():
    auction = "W pass  N 15  E pass  S pass  W pass\nN trump C\n"
    assert rules_found(record(auction + "1. W KH  N 7C")) == ["29.must-call"]
    assert rules_found(record(auction + "1. W KH  N call  N 7C  E 7S  S AH")) == []


def test_29_11_caller_need_not_trump():
    # dealer E: S leads; W is void in diamonds, calls (clubs), and keeps his 7C
    auction = "S 15  W pass  N pass  E pass\nS trump C\n"
    trick = "1. S 8D  W call  W 8H"
    assert rules_found(record(auction + trick, hands=H2, dealer="E")) == []
    assert rules_found(record(auction + trick, hands=H2, dealer="E",
                              options=(("caller_must_trump", "yes"),))) == [
        "29.call-must-trump"]
    assert rules_found(record(auction + trick, hands=H2, dealer="E",
                              rules="pagat-older")) == ["29.call-must-trump"]


def test_29_12_no_second_call_after_the_reveal():
    auction = "S 15  W pass  N pass  E pass\nS trump C\n"
    # N is void in diamonds too: he discards 9S without asking (the trump is known)
    text = record(auction + "1. S 8D  W call  W 7C  N 9S  E JD", hands=H2, dealer="E")
    assert rules_found(text) == []
    late_call = record(auction + "1. S 8D  W call  W 7C  N call", hands=H2, dealer="E")
    assert rules_found(late_call) == ["29.call"]


def test_29_13_led_jack_of_trumps_wins():
    # W leads the J of spades (no lead restriction in 29); N must call; W wins and leads
    text = record("W 16  N pass  E pass  S pass\nW trump S\n"
                  "1. W JS  N call  N 7C  E 7S  S 7D\n2. W 9S")
    assert rules_found(text) == []
    for pre in ("yes", "no"):
        assert rules_found(record("W 16  N pass  E pass  S pass\nW trump S\n"
                                  "1. W JS  N call  N 7C  E 7S  S 7D\n2. W 9S",
                                  options=(("pre_reveal_trumps_count", pre),))) == []


# H5 for 29-14: N and E void in hearts, N holds 9S, E holds KS, S holds AH; W leads 8H.
H5 = """\
N: 9S JC 9C AC | TC KC QC 8C
E: KS QS 8S 7S | JD 9D AD TD
S: AH JH 9H TH | KD QD 8D 7D
W: JS 7C AS TS | KH QH 8H 7H"""


@pytest.mark.parametrize(("pre", "winner"), [("yes", "N"), ("no", "E")])
def test_29_14_pagat_older_pre_reveal_trumps(pre, winner):
    trick = ("W 15  N pass  E pass  S pass\nW trump S\n"
             "1. W 8H  N 9S  E call  E KS  S AH\n2. " + winner + " 8C")
    if winner == "E":
        trick = trick.replace("2. E 8C", "2. E JD")
    text = record(trick, hands=H5, rules="pagat-older",
                  options=(("pre_reveal_trumps_count", pre),))
    assert rules_found(text) == []  # the winner leads trick 2


def test_29_32_call_while_able_to_follow():
    # trick 1 of H3: S holds the 9 of hearts but calls; the reveal stands, S is penalised
    text = record("W 16  N pass  E pass  S pass\nW trump S\n"
                  "1. W JH  N 7H  E 8H  S call  S 9H\n2. W JD  N 9S  E 7D  S 8D", hands=H3)
    match = check(text)
    assert errors(match)[0] == ("29.call", 1, "S")
    res = match.deals[0].result
    assert res.outcome.startswith("misplay by S")
    assert res.contract.made is True  # S is a defender: the bidders' contract counts


# -- scoring: 29-15 ... 29-17, 29-26 ... 29-28, 29-31 --------------------------------------


def test_29_15_last_trick_point_makes_the_contract():
    # N-S take 21 card points and the last trick: bid 22 is made only with the bonus
    auction = "W pass  N 22  E pass  S pass  W pass\n"
    body = auction + PLAY1.replace("W trump S", "N trump S")
    made = result(record(body))
    assert made.points == {"NS": 22, "EW": 7} and made.contract.made
    without = result(record(body, options=(("last_trick_bonus", "0"),)))
    assert without.points == {"NS": 21, "EW": 7} and not without.contract.made


def test_29_16_opponents_win_the_last_trick_point():
    res = result(record("W 16  N pass  E pass  S pass\n" + PLAY1))
    assert res.points["NS"] == 22  # 21 card points + 1 for trick 8


def test_29_17_points_add_up_to_29():
    text = record("W 16  N pass  E pass  S pass\n" + PLAY1)
    assert sum(result(text).points.values()) == 29
    plain = record("W 16  N pass  E pass  S pass\n" + PLAY1, options=(("last_trick_bonus", "0"),))
    assert sum(result(plain).points.values()) == 28


def test_29_25_nobody_void():
    text = record("N 15  E pass  S pass  W pass\nN trump S\n" + PLAY4, hands=H4, dealer="W")
    match = check(text)
    assert errors(match) == []
    res = match.deals[0].result
    assert res.points == {"NS": 29, "EW": 0} and res.game_points["NS"] == 1
    # no reveal, so no pair: S holds K and Q of spades
    pair = record("N 15  E pass  S pass  W pass\nN trump S\n" + PLAY4.split("\n")[0] +
                  "\nS pair", hands=H4, dealer="W")
    assert rules_found(pair) == ["29.pair"]


@pytest.mark.parametrize(("window", "delta"), [("E double", 2), ("E double  N redouble", 4)])
def test_29_26_double_and_redouble(window, delta):
    text = record(f"N 20  E pass  S pass  W pass\nN trump S\n{window}\n" + PLAY4, hands=H4,
                  dealer="W")
    assert result(text).game_points["NS"] == delta


def test_29_26_redoubled_and_failed():
    text = record("W 20  N pass  E pass  S pass\n" + PLAY1.replace(
        "W trump S", "W trump S\nN double  E redouble"))
    assert result(text).game_points == {"NS": 0, "EW": -4}


@pytest.mark.parametrize(("score", "winner"), [
    ({"NS": 0, "EW": -6}, "NS"),                    # E-W at -5 fail: they lose
    ({"NS": 6, "EW": 0}, "NS"),                     # N-S at +5 make
    ({"NS": 9, "EW": 0}, "NS"),                     # N-S at +5 make redoubled
    ({"NS": 4, "EW": 0}, None),
])
def test_29_27_game_end(score, winner):
    assert match_winner(score, 6, ("NS", "EW")) == winner


def test_29_28_only_the_bidding_side_scores():
    res = result(record("W 16  N pass  E pass  S pass\n" + PLAY1))
    assert res.game_points == {"NS": 0, "EW": -1}


def test_29_31_single_hand():
    # W plays alone (E sits out), no trumps; he loses trick 5 to S's A of hearts
    text = record("W 16  N pass  E pass  S pass\nW trump S\nW single\n"
                  "1. W JS  N 7C  S 7D\n2. W 9S  N 8C  S 8D\n3. W AS  N QC  S QD\n"
                  "4. W TS  N KC  S KD\n5. W KH  N TC  S AH")
    match = check(text)
    assert errors(match) == []
    res = match.deals[0].result
    assert res.game_points == {"NS": 0, "EW": -3}
    assert "lost trick 5" in res.outcome


# -- the pair: 29-18 ... 29-24 ----------------------------------------------------------------


def test_29_18_pair_before_the_reveal():
    text = record("W 16  N pass  E pass  S pass\nW trump S\nE pair")
    assert rules_found(text) == ["29.pair"]


def _pair_deal(bid_line: str, pair: str = "E pair", **kw) -> str:
    # W's side wins trick 1 after N's call reveals spades; E holds K and Q of spades
    return record(bid_line + "\nW trump S\n1. W JS  N call  N 7C  E 7S  S 7D\n" + pair, **kw)


def test_29_19_pair_by_the_bidding_side():
    text = _pair_deal("W 20  N pass  E pass  S pass")
    assert rules_found(text) == []
    assert result(text).contract.target == 16


@pytest.mark.parametrize(("bid", "target"), [(17, 15), (15, 15), (20, 16)])
def test_29_20_pair_clamped_to_the_minimum(bid, target):
    text = _pair_deal(f"W {bid}  N pass  E pass  S pass")
    assert result(text).contract.target == target


@pytest.mark.parametrize(("bid", "clamp", "target"), [(17, "ineffective", 17),
                                                       (19, "ineffective", 15),
                                                       (17, "no", 13)])
def test_29_20_pair_out_of_range_reading(bid, clamp, target):
    text = _pair_deal(f"W {bid}  N pass  E pass  S pass", options=(("pair_clamp", clamp),))
    assert result(text).contract.target == target


@pytest.mark.parametrize(("bid", "target"), [(26, 28), (28, 28)])
def test_29_21_opponents_pair_clamped_to_28(bid, target):
    # N bids and chooses spades; E-W win trick 1 after the reveal, E shows the pair
    text = record(f"W pass  N {bid}  E pass  S pass  W pass\nN trump S\n"
                  "1. W JS  N call  N 7C  E 7S  S 7D\nE pair")
    if bid == 28:
        text = text.replace("N 28  E pass  S pass  W pass", "N 28")
    assert rules_found(text) == []
    assert result(text).contract.target == target


def test_29_22_pair_min_bid():
    assert rules_found(_pair_deal("W 17  N pass  E pass  S pass",
                                  options=(("pair_min_bid", "19"),))) == ["29.pair"]
    assert rules_found(_pair_deal("W 19  N pass  E pass  S pass",
                                  options=(("pair_min_bid", "19"),))) == []
    # the Bangladesh preset bars bids of 16 to 18 (and starts at 16, counter-clockwise)
    ccw = record("W 17  S pass  E pass  N pass\nW trump S\n"
                 "1. W JS  S call  S 7D  E 7S  N 7C\nE pair", dealer="N", rules="bangladesh")
    assert rules_found(ccw) == ["29.pair"]


def test_29_22_an_illegal_pair_has_no_effect():
    # 29-18, 29-22 ("illegal / no effect"): reported only (report_only), the target stays
    report_only = (("misplay_penalty", "report_only"),)
    early = record("W 20  N pass  E pass  S pass\nW trump S\nS pair", options=report_only)
    assert rules_found(early) == ["29.pair"]
    assert result(early).contract.target == 20 and result(early).contract.pair is None
    barred = _pair_deal("W 19  N pass  E pass  S pass",
                        options=(("pair_min_bid", "20"), *report_only))
    assert rules_found(barred) == ["29.pair"] and result(barred).contract.target == 19
    # the same holder may declare again once it is legal (28-25): it then counts
    late = record("W 20  N pass  E pass  S pass\nW trump S\nE pair\n"
                  "1. W JS  N call  N 7C  E 7S  S 7D\nE pair", options=report_only)
    assert rules_found(late) == ["29.pair"] and result(late).contract.target == 16


def test_29_23_pair_needs_a_trick_after_the_reveal():
    play = ("W 16  N pass  E pass  S pass\nW trump S\n"
            "1. W JH  N 7H  E 8H  S 9H\n2. W JD  N call  N 9S  E 7D  S 8D\nE pair")
    assert rules_found(record(play, hands=H3)) == ["29.pair"]
    assert rules_found(record(play, hands=H3,
                              options=(("pair_trick_requirement", "any_trick"),))) == []
    assert rules_found(record(play, hands=H3,
                              options=(("pair_trick_requirement", "s0_variant"),))) == []


def test_pair_window_after_win():
    # E-W won trick 1; after N-S win trick 2 the moment has passed under after_win
    base = ("W 16  N pass  E pass  S pass\nW trump S\n"
            "1. W JS  N call  N 7C  E 7S  S 7D\n")
    late = base + "2. W KH  N TC  E TD  S AH\nE pair"
    assert rules_found(record(late)) == []
    assert rules_found(record(late, options=(("pair_window", "after_win"),))) == ["29.pair"]
    assert rules_found(record(base + "E pair", options=(("pair_window", "after_win"),))) == []


def test_29_24_pair_after_playing_the_king():
    text = record("W 16  N pass  E pass  S pass\n" + "\n".join(PLAY1.split("\n")[:5]) +
                  "\nE pair")
    assert rules_found(text) == ["29.pair"]


# -- annulment: 29-33 -------------------------------------------------------------------------


def test_29_33_first_two_pointless():
    # dealer N: E (first hand) holds K Q 8 7 of spades as his first four
    text = record("E pass  S 15  W pass  N pass  E pass\nS trump H", dealer="N",
                  options=(("redeal_first_two_pointless", "yes"),))
    res = result(text)
    assert res.scored is False and res.outcome.startswith("annulled")
    assert rules_found(record("E pass  S 15  W pass  N pass  E pass\nS trump H",
                              dealer="N")) == []


def test_29_33_first_fours_unknown_is_a_note():
    # decision 5: hands written without their dealing rounds cannot show the first four
    flat = "\n".join(line.replace(" | ", " ") for line in H1.splitlines())
    text = record("E pass  S 15  W pass  N pass  E pass\nS trump H", dealer="N", hands=flat,
                  options=(("redeal_first_two_pointless", "yes"),))
    notes = [f.message for f in check(text).all_findings() if f.severity == "note"]
    assert len(notes) == 1 and "E and S" in notes[0]
    assert "annulment for a pointless first batch could not be checked" in notes[0]


def test_every_edge_case_of_9b_has_a_test():
    import re
    from pathlib import Path

    names = set(re.findall(r"def test_29_(\d\d)_", Path(__file__).read_text(encoding="utf-8")))
    assert [n for n in (f"{i:02d}" for i in range(1, 34)) if n not in names] == []
