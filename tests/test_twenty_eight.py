"""Rule tests of Twenty-Eight (the package referee/games/twenty_eight/): every rule id legal and
illegal, the edge cases of digest 9A that are easiest to state as variations of one deal, the record
errors, the notes, dealer rotation, and the legal-action generator.

The edge-case records in samples/twenty-eight/ are checked with their Expect tags in
tests/test_twenty_eight_samples.py; the tests here name the edge case they cover
(``test_28_13_...``) where they add a variation or the ``standard`` verdict.
"""

from __future__ import annotations

import pytest

from referee.games import find_game, ruleset_for
from referee.games.twenty_eight import TwentyEight
from referee.model.errors import RecordError
from referee.model.record import Action
from referee.notation.parser import iter_items, parse_records
from referee.pipeline.checking import check_text
from referee.replay.replay import replay_stream
from referee.rules.base import Exclusion

# -- a fixed deal ------------------------------------------------------------------------------
# Dealer S, so first hand is E and the turn order is E N W S (counter-clockwise).

HANDS = """\
N: JS 9S AH 7C | 8D QD KS TC
E: JH 9H AS 7S | TD KD 8C QC
S: JD 9D AD 7D | 8H QH KH TH
W: JC 9C AC 8S | TS QS KC 7H"""

AUCTION = "E 14  N 16  W pass  S pass  E pass"

# N is bidder at 16 with the 9 of spades face down; E calls in trick 4; N-S take 11.
PLAY = """\
N trump 9S
1. E AS N JS W QS S TH
2. N TC W 9C S QH E QC
3. W AC S 8H E 8C N 7C
4. W KC S 9D E call E 7S N QD
5. E TD N 8D W 7H S 7D
6. E KD N 9S W JC S AD
7. N KS W TS S KH E JH
8. W 8S S JD E 9H N AH"""


def record(body: str, *, rules: str | None = None, options: tuple = (), dealer: str = "S",
           hands: str | None = HANDS, number: int = 1, game: str = "twenty-eight") -> str:
    head = [f'[Game "{game}"]']
    if rules:
        head.append(f'[Rules "{rules}"]')
    head += [f'[Option "{name}" "{value}"]' for name, value in options]
    deal = [f"deal {number}" + (f" dealer {dealer}" if dealer else "")]
    if hands:
        deal.append(hands)
    return "\n".join(head) + "\n\n" + "\n".join(deal) + "\n" + body + "\n"


def base(**changes: str) -> str:
    """The fixed deal's auction and play, with ``old=new`` line replacements."""
    body = AUCTION + "\n" + PLAY
    for old, new in changes.items():
        assert body.count(old) == 1, old
        body = body.replace(old, new)
    return body


def replace(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def check(text: str):
    report = check_text(text)
    assert report.error is None, report.error
    assert len(report.matches) == 1
    return report.matches[0]


def errors(match) -> list[tuple[str, int | None, int | None, str | None]]:
    return [(f.rule, f.deal, f.trick, f.seat) for f in match.all_findings()
            if f.severity == "error"]


def notes(match) -> list[str]:
    return [f.rule for f in match.all_findings() if f.severity == "note"]


def rules_found(match) -> list[str]:
    return [rule for rule, *_ in errors(match)]


def finding(match, rule: str):
    return next(f for f in match.all_findings() if f.rule == rule)


def result(match, deal: int = 1):
    return match.deals[deal - 1].result


# -- the fixed deal is legal -------------------------------------------------------------------


def test_base_deal_is_legal_and_scored():
    match = check(record(base()))
    assert errors(match) == []
    res = result(match)
    assert res.points == {"NS": 11, "EW": 17}
    assert res.game_points == {"NS": -1, "EW": 0}
    assert res.contract.as_dict() == {"bidder": "N", "bid": 16, "target": 16, "trump": "S",
                            "multiplier": 1, "made": False}
    assert res.outcome == "N-S failed 11 of target 16"
    assert match.score == {"NS": -1, "EW": 0}
    assert match.result == "match not over: NS -1 EW 0"


def test_registry_and_aliases():
    assert find_game("28") is TwentyEight
    assert find_game("twenty-eight") is TwentyEight
    assert TwentyEight.rule_prefix == "28"
    assert set(TwentyEight.presets) >= {"standard", "pagat"}


def test_every_rule_has_a_summary():
    for rule_id, rule in TwentyEight.rules.items():
        assert rule_id.startswith("28.") and rule.id == rule_id
        assert rule.summary


def test_options_name_known_rules_and_presets_resolve():
    names = {spec.name for spec in TwentyEight.option_specs}
    required = {"direction", "min_bid", "max_bid", "opening_bid_forced", "partner_raise",
                "auction_end", "seventh_card", "bidder_lead_restriction",
                "trump_call_mandatory", "caller_must_trump", "self_reveal_card",
                "pre_reveal_trumps_count", "no_undertrump", "void_if_trump_never_called",
                "pair_enabled", "pair_value", "pair_clamp", "double_allowed",
                "redouble_allowed", "single_hand", "game_target", "redeal_fh_pointless",
                "annul_eight_zero", "misplay_penalty", "under_half_double_loss",
                "high_bid_two"}
    assert required <= names
    for spec in TwentyEight.option_specs:
        assert spec.meaning
        for rule in spec.rules:
            assert rule in TwentyEight.rules, (spec.name, rule)
    for preset in TwentyEight.presets.values():
        for name in preset.values:
            assert name in names
    pagat = TwentyEight.presets["pagat"].values
    assert pagat["partner_raise"] == "min20"
    assert pagat["void_if_trump_never_called"] == "forced_trick8"
    standard = {spec.name: spec.default for spec in TwentyEight.option_specs}
    assert standard["partner_raise"] == "free"      # README decision 2
    assert standard["direction"] == "ccw"
    assert standard["min_bid"] == 14 and standard["max_bid"] == 28


# -- 28.turn, 28.not-held, 28.deal-over, 28.incomplete, 28.trick-number ------------------------


def test_turn_play_out_of_turn_is_fatal():
    match = check(record(base(**{"1. E AS N JS W QS S TH": "1. N JS E AS W QS S TH"})))
    assert errors(match) == [("28.turn", 1, 1, "N")]
    assert match.deals[0].unchecked.startswith("not checked")
    assert "E's turn" in finding(match, "28.turn").message


def test_turn_bid_out_of_turn_is_not_fatal():
    match = check(record(base(**{AUCTION: "E 14  W 15  N 16  W pass  S pass  E pass"})))
    assert errors(match)[0] == ("28.turn", 1, None, "W")
    assert match.deals[0].unchecked is None


def test_not_held_is_fatal():
    match = check(record(base(**{"1. E AS": "1. E JS"})))
    assert errors(match) == [("28.not-held", 1, 1, "E")]
    assert match.deals[0].unchecked.startswith("not checked")
    # the misplay penalty: E is a defender, so N-S's contract counts as made
    assert result(match).game_points["NS"] == 1


def test_not_held_trump_card():
    match = check(record(base(**{"N trump 9S": "N trump JH"})))
    assert errors(match) == [("28.not-held", 1, None, "N")]


def test_deal_over_after_eight_tricks():
    match = check(record(base() + "\nN pair"))
    assert errors(match) == [("28.deal-over", 1, 9, "N")]


def test_incomplete_deal_is_reported_and_not_scored():
    body = base().rsplit("\n", 2)[0]           # without tricks 7 and 8
    match = check(record(body))
    assert errors(match) == [("28.incomplete", 1, None, None)]
    assert "only 6 of 8 tricks" in finding(match, "28.incomplete").message
    res = result(match)
    assert res.scored is False and res.disputed
    assert res.game_points == {"NS": 0, "EW": 0}


def test_incomplete_mid_trick():
    body = base().rsplit(" ", 2)[0]            # trick 8 without N's card
    match = check(record(body))
    assert "trick 8 is not complete: N must play" in finding(match, "28.incomplete").message


def test_trick_number_mark():
    match = check(record(base(**{"3. W AC": "4. W AC"})))
    assert errors(match) == [("28.trick-number", 1, 3, "W")]
    assert check(record(base(**{"3. W AC": "W AC"}))).all_findings() == []


# -- auction -----------------------------------------------------------------------------------


def test_28_01_first_hand_must_open():
    match = check(record(base(**{AUCTION: "E pass  N 16  W pass  S pass  E pass"})))
    assert errors(match) == [("28.opening-bid", 1, None, "E")]
    assert "must open with a bid of 14 or more" in finding(match, "28.opening-bid").message
    # E is a defender: N-S's contract counts as made under misplay_penalty
    assert result(match).game_points == {"NS": 1, "EW": 0}
    assert "misplay by E" in result(match).outcome


def test_28_01_first_hand_may_pass_when_not_forced():
    text = record(base(**{AUCTION: "E pass  N 16  W pass  S pass  E pass"}),
                  options=[("opening_bid_forced", "no")])
    assert errors(check(text)) == []


def test_all_pass_throws_the_deal_in_when_opening_is_not_forced():
    text = record("E pass  N pass  W pass  S pass", options=[("opening_bid_forced", "no")])
    match = check(text)
    assert errors(match) == []
    assert result(match).outcome.startswith("annulled: all four passed")
    assert result(match).scored is False


@pytest.mark.parametrize("bid", ["13", "29", "0"])
def test_28_03_bid_out_of_range(bid):
    match = check(record(base(**{AUCTION: f"E {bid}  N 16  W pass  S pass  E pass"})))
    assert errors(match)[0] == ("28.bid-range", 1, None, "E")


def test_28_03_bid_not_higher():
    match = check(record(base(**{AUCTION: "E 14  N 16  W 16  S pass  E pass"})))
    # the illegal bid stands as made: W holds the bid at 16 and the auction goes on, so N's
    # trump choice (N no longer holds the bid) stops the replay
    assert errors(match) == [("28.bid-higher", 1, None, "W"), ("28.turn", 1, None, "N")]
    assert "more than 16" in finding(match, "28.bid-higher").message
    assert result(match).contract.bidder == "W"
    assert result(match).outcome == "misplay by W (E-W): E-W's standing bid of 16 counts as lost"


def test_28_03_bid_range_follows_options():
    text = record(base(**{AUCTION: "E 15  N 16  W pass  S pass  E pass"}),
                  options=[("min_bid", "16")])
    assert errors(check(text))[0] == ("28.bid-range", 1, None, "E")


def test_illegal_bid_above_the_maximum_still_ends_the_auction():
    """Decision 4: an illegal bid above the standing bid becomes the high bid."""
    match = check(record(base(**{AUCTION: "E 14  N 29"})))
    assert errors(match) == [("28.bid-range", 1, None, "N")]
    assert result(match).contract.bid == 29
    assert "misplay by N" in result(match).outcome


PARTNER_RAISE = "E 15  N 16  W pass  S 17  E pass  N pass  W pass"


def test_28_04_partner_raise_standard_is_free():
    text = record(PARTNER_RAISE + "\nS trump 9D")
    assert "28.partner-raise" not in rules_found(check(text))


def test_28_04_partner_raise_pagat_needs_20():
    match = check(record(PARTNER_RAISE + "\nS trump 9D", rules="pagat"))
    assert ("28.partner-raise", 1, None, "S") in errors(match)
    assert "at least 20" in finding(match, "28.partner-raise").message
    ok = record(PARTNER_RAISE.replace("S 17", "S 20") + "\nS trump 9D", rules="pagat")
    assert "28.partner-raise" not in rules_found(check(ok))


def test_28_04_partner_raise_forbidden():
    for bid in ("17", "20"):
        text = record(PARTNER_RAISE.replace("S 17", f"S {bid}") + "\nS trump 9D",
                      options=[("partner_raise", "forbidden")])
        assert ("28.partner-raise", 1, None, "S") in errors(check(text))


def test_28_05_raising_over_an_opponent_is_legal_under_pagat():
    text = record("E 15  N 16  W 17  S 18  E pass  N pass  W pass\nS trump 9D", rules="pagat")
    assert [r for r in rules_found(check(text)) if r != "28.incomplete"] == []


@pytest.mark.parametrize("rules", ["pagat", None])
def test_28_06_pass_is_not_final(rules):
    auction = "E 14  N pass  W pass  S 15  E 16  N pass  W pass  S pass"
    text = record(auction + "\nE trump JH", rules=rules)
    match = check(text)
    assert rules_found(match) == ["28.incomplete"]
    # W's only choices at his second turn under pagat: pass or 20+ over his partner E
    if rules == "pagat":
        bad = record(auction.replace("W pass  S pass", "W 17  S pass  E pass  N pass") +
                     "\nW trump JC", rules=rules)
        assert ("28.partner-raise", 1, None, "W") in errors(check(bad))


def test_28_07_calls_after_28():
    match = check(record("E 14  N 28  W pass  S pass\nN trump 9S"))
    assert [e for e in errors(match) if e[0] != "28.incomplete"] == [
        ("28.auction-over", 1, None, "W"), ("28.auction-over", 1, None, "S")]


@pytest.mark.parametrize("rules", ["pagat", None])
def test_28_08_auction_needs_three_passes(rules):
    text = record("E 14  N 15  W pass  S pass\nN trump 9S", rules=rules)
    match = check(text)
    assert ("28.auction-open", 1, None, "N") in errors(match)
    assert "E must still speak" in finding(match, "28.auction-open").message


def test_28_08_incomplete_message_names_the_missing_speaker():
    match = check(record("E 14  N 15  W pass  S pass"))
    assert errors(match) == [("28.incomplete", 1, None, None)]
    message = finding(match, "28.incomplete").message
    assert message.startswith("the auction is not over: E must still speak")


def test_28_08_single_round_auction():
    text = record("E 14  N 15  W pass  S pass\nN trump 9S",
                  options=[("auction_end", "single_round")])
    assert rules_found(check(text)) == ["28.incomplete"]


def test_28_08_pagat_partner_raise_note():
    """The note of 28-08: W's 15 over his partner E's 14 after N passed is illegal (min20)."""
    text = record("E 14  N pass  W 15  S pass  E pass  N pass", rules="pagat")
    assert ("28.partner-raise", 1, None, "W") in errors(check(text))


def test_trump_choice_by_a_non_bidder_is_fatal():
    match = check(record(base(**{"N trump 9S": "E trump JH"})))
    assert errors(match) == [("28.turn", 1, None, "E")]


def test_play_during_the_auction_is_fatal():
    match = check(record("E 14  N 16\n1. E AS"))
    assert errors(match) == [("28.auction-open", 1, 1, "E")]
    assert match.deals[0].unchecked


# -- redeal (R1) -------------------------------------------------------------------------------

POINTLESS_E = """\
N: JS 9S AH JH | 9H QD AS TC
E: KS QH 8D 7C | TD KD 8C QC
S: JD 9D AD 7D | 8H 7S KH TH
W: JC 9C AC 8S | TS QS KC 7H"""


def test_28_02_first_hand_redeal_is_legal_and_keeps_the_dealer():
    text = record("E redeal", hands=POINTLESS_E) + "\ndeal 2\n" + HANDS + "\n" + base()
    match = check(text)
    assert errors(match) == []
    assert result(match).outcome.startswith("annulled")
    assert result(match).scored is False
    assert match.deals[1].dealer == "S"          # the same dealer deals again


def test_28_02_redeal_by_another_player_is_illegal():
    hands = HANDS.replace("N: JS 9S AH 7C | 8D QD KS TC", "N: KS QD 8D 7C | JS 9S AH TC")
    match = check(record("E 14  N redeal  N pass  W pass  S pass", hands=hands))
    assert ("28.redeal", 1, None, "N") in errors(match)
    assert "only first hand (E)" in finding(match, "28.redeal").message


def test_28_02_redeal_with_points_is_illegal():
    match = check(record("E redeal"))
    assert errors(match) == [("28.redeal", 1, None, "E")]
    assert "hold points (AS JH 9H)" in finding(match, "28.redeal").message
    # an illegal claim stops the replay; with no bid yet, E-W lose the lowest stake
    assert match.deals[0].findings[-1].rule == "record.not-checked"
    assert result(match).outcome == ("misplay by E (E-W) before any bid: E-W lose the lowest "
                                     "stake")
    assert result(match).game_points == {"NS": 0, "EW": -1}


def test_redeal_after_the_first_call_is_illegal():
    match = check(record("E 14  N pass  W pass  S pass  E redeal", hands=POINTLESS_E))
    assert ("28.redeal", 1, None, "E") in errors(match)


def test_redeal_option_off():
    match = check(record("E redeal", hands=POINTLESS_E,
                         options=[("redeal_fh_pointless", "no")]))
    assert ("28.redeal", 1, None, "E") in errors(match)


def test_anything_after_a_legal_redeal_is_ignored_with_a_note():
    # the redeal ended the deal: what the record holds after it is not judged (no
    # 28.deal-over, and first hand, who rightly demanded the redeal, loses nothing)
    match = check(record("E redeal  N 16\n1. E QH N QC W 9H S JH\n2. N 9S", hands=POINTLESS_E))
    assert errors(match) == []
    assert notes(match) == ["28.thrown-in"]
    assert "demanded a redeal" in finding(match, "28.thrown-in").message
    res = result(match)
    assert res.scored is False and res.game_points == {"NS": 0, "EW": 0}


# -- trump choice ------------------------------------------------------------------------------


def test_28_09_trump_must_come_from_the_first_four():
    match = check(record(base(**{"N trump 9S": "N trump 8D"})))
    assert ("28.trump-card", 1, None, "N") in errors(match)
    assert "not among N's first four (JS 9S AH 7C)" in finding(match, "28.trump-card").message


def test_28_09_naming_a_suit_is_illegal():
    match = check(record(base(**{"N trump 9S": "N trump D"})))
    assert errors(match)[0] == ("28.trump-card", 1, None, "N")


def test_28_09_clubs_from_the_first_four_is_legal():
    match = check(record(AUCTION + "\nN trump 7C"))
    assert rules_found(match) == ["28.incomplete"]


def test_28_42_seventh_card_and_double():
    body = AUCTION.replace("N 16", "N 16") + "\nN trump seventh\nW double"
    match = check(record(body))
    assert rules_found(match) == ["28.incomplete"]   # KS (7th card) lies face down
    # the face-down card is outside N's hand: playing it without a call is reported
    full = record(body + "\n1. E AS N KS")
    assert ("28.call", 1, 1, "N") in errors(check(full))


def test_seventh_card_option_off():
    text = record(AUCTION + "\nN trump seventh", options=[("seventh_card", "no")])
    assert ("28.seventh-card", 1, None, "N") in errors(check(text))


def test_seventh_card_of_a_hand_not_seen_is_a_card_not_seen():
    # the record is in progress and no hand is written: N's seventh card, laid face down,
    # is not seen (it would be named at the call that shows it); nothing is refused
    text = record(AUCTION + "\nN trump seventh\n1. E AS N JS W QS S TH", hands=None)
    match = check(text)
    assert "28.deal-order" in notes(match)
    assert "was his seventh card" in finding(match, "28.deal-order").message


def test_seventh_card_of_a_hand_without_rounds_is_the_seventh_listed():
    hands = HANDS.replace("N: JS 9S AH 7C | 8D QD KS TC", "N: JS 9S AH 7C 8D QD KS TC")
    match = check(record(AUCTION + "\nN trump seventh\n1. E AS N KS", hands=hands))
    assert notes(match) == ["28.deal-order", "record.not-checked"]
    assert "7th card listed (KS)" in finding(match, "28.deal-order").message
    # KS lies face down: playing it without a call is reported, and stops the replay
    assert ("28.call", 1, 1, "N") in errors(match)


def test_hand_without_rounds_notes_the_unchecked_first_four():
    hands = HANDS.replace("N: JS 9S AH 7C | 8D QD KS TC", "N: JS 9S AH 7C 8D QD KS TC")
    match = check(record(base(), hands=hands))
    assert errors(match) == []
    assert notes(match) == ["28.deal-order"]
    assert "first four" in finding(match, "28.deal-order").message


def test_no_note_when_the_rounds_are_given():
    assert notes(check(record(base()))) == []


# -- double and redouble -----------------------------------------------------------------------


def with_window(*events: str) -> str:
    return base(**{"N trump 9S": "N trump 9S\n" + "\n".join(events)})


def test_28_34_double_and_redouble_multiply():
    match = check(record(with_window("W double", "S redouble")))
    assert errors(match) == []
    assert result(match).contract.multiplier == 4
    assert result(match).game_points["NS"] == -4


@pytest.mark.parametrize(("events", "rule", "seat"), [
    (("S double",), "28.double", "S"),                       # the bidder's partner
    (("W double", "E double"), "28.double", "E"),            # a second double
    (("W double", "E redouble"), "28.redouble", "E"),        # redouble by an opponent
    (("S redouble",), "28.redouble", "S"),                   # redouble without a double
    (("W double", "S redouble", "N redouble"), "28.redouble", "N"),
])
def test_28_35_double_misuse(events, rule, seat):
    match = check(record(with_window(*events)))
    assert errors(match)[0] == (rule, 1, None, seat)


def test_28_35_double_after_the_second_batch():
    match = check(record(base(**{"2. N TC": "W double\n2. N TC"})))
    assert errors(match) == [("28.double", 1, 2, "W")]


def test_double_before_the_trump_choice():
    match = check(record(base(**{"N trump 9S": "W double\nN trump 9S"})))
    assert errors(match)[0] == ("28.double", 1, None, "W")


def test_redouble_must_follow_the_double_directly():
    match = check(record(with_window("W double", "W single", "S redouble")))
    assert ("28.redouble", 1, None, "S") in errors(match)


def test_double_options_off():
    text = record(with_window("W double", "S redouble"), options=[("double_allowed", "no"),
                                                                   ("redouble_allowed", "no")])
    assert rules_found(check(text))[:2] == ["28.double", "28.redouble"]


def test_28_36_high_bid_two_cap():
    body = base(**{"N 16": "N 22", "N trump 9S": "N trump 9S\nW double\nS redouble"})
    match = check(record(body, options=[("high_bid_two", "yes")]))
    assert errors(match)[0] == ("28.redouble", 1, None, "S")
    assert "cap" in finding(match, "28.redouble").message


# -- single hand -------------------------------------------------------------------------------

SINGLE_HANDS = """\
N: QD 8C 9D 8D | AD TC 7S 8H
E: 7H 8S QS QH | TD KC 7C KH
S: QC KD AC JC | TS 7D 9C JD
W: AS KS 9S JS | JH TH AH 9H"""

SINGLE_PLAY = """\
E 14  N 16  W pass  S pass  E pass
N trump 8C
W single
1. W AH S TS N 8H
2. W JH S 7D N 8D
3. W TH S KD N QD
4. W JS S AC N 7S
5. W AS S JC N 8C
6. W 9H S QC N TC
7. W 9S S JD N AD
8. W KS S 9C N 9D"""


def test_28_39_single_hand_won():
    match = check(record(SINGLE_PLAY, hands=SINGLE_HANDS))
    assert errors(match) == []
    res = result(match)
    assert res.game_points == {"NS": 0, "EW": 3}
    assert res.contract.as_dict() == {"single": "W", "bidder": "W", "made": True}
    # 28-43: E's one point is captured by nobody
    assert res.points == {"NS": 0, "EW": 27}


def test_28_39_single_hand_partner_does_not_play():
    match = check(record(SINGLE_PLAY.replace("1. W AH S TS N 8H", "1. W AH S TS E 7H"),
                         hands=SINGLE_HANDS))
    assert errors(match) == [("28.turn", 1, 1, "E")]
    assert "takes no part" in finding(match, "28.turn").message


def test_28_39_the_face_down_card_returns():
    """N's face-down 8C is back in his hand: he plays it in trick 5 without any call."""
    match = check(record(SINGLE_PLAY, hands=SINGLE_HANDS))
    assert "28.call" not in rules_found(match)


def test_28_40_single_hand_with_sure_winners():
    hands = SINGLE_HANDS.replace("W: AS KS 9S JS", "W: AS TS 9S JS").replace(
        "S: QC KD AC JC | TS 7D 9C JD", "S: QC KD AC JC | KS 7D 9C JD")
    play = SINGLE_PLAY.replace("S TS N 8H", "S KS N 8H").replace("8. W KS", "8. W TS")
    match = check(record(play, hands=hands))
    assert errors(match) == [("28.single-hand", 1, None, "W")]
    assert "sure winner" in finding(match, "28.single-hand").message
    assert result(match).game_points == {"NS": 0, "EW": -3}


def test_single_hand_after_the_lead_is_illegal_and_disregarded():
    match = check(record(base(**{"2. N TC": "W single\n2. N TC"})))
    assert errors(match) == [("28.single-hand", 1, 2, "W")]


def test_single_hand_during_the_auction_is_illegal():
    match = check(record("E 14  W single", hands=SINGLE_HANDS))
    assert errors(match)[0] == ("28.single-hand", 1, None, "W")


def test_single_hand_option_off():
    match = check(record(SINGLE_PLAY, hands=SINGLE_HANDS, options=[("single_hand", "no")]))
    assert errors(match)[0] == ("28.single-hand", 1, None, "W")


def test_single_hand_discards_doubles():
    play = SINGLE_PLAY.replace("W single", "W double\nW single")
    res = result(check(record(play, hands=SINGLE_HANDS)))
    assert res.game_points == {"NS": 0, "EW": 3}


# -- play --------------------------------------------------------------------------------------


def test_28_22_follow_suit():
    match = check(record(base(**{"1. E AS N JS": "1. E AS N AH"})))
    assert errors(match)[0] == ("28.follow-suit", 1, 1, "N")
    assert finding(match, "28.follow-suit").message == "N holds JS KS and must follow spades"


def test_28_10_bidder_may_not_lead_the_concealed_trump():
    body = base(**{"N trump 9S": "N trump 7C", "2. N TC W 9C S QH E QC":
                   "2. N TC W 9C S QH E QC"})
    match = check(record(body))
    assert errors(match)[0] == ("28.lead-trump", 1, 2, "N")


def test_28_10_bidder_may_lead_trumps_after_another_player_did():
    """In the fixed deal E leads the ace of spades (the trump suit) to trick 1."""
    match = check(record(base(**{"7. N KS": "7. N KS"})))
    assert errors(match) == []


def test_28_10_strict_ban_holds_after_another_player_led_trumps():
    """E led spades (the concealed trump) to trick 1; N, the bidder, leads the king of spades
    to trick 2: lifted by default (A4.3(b)(ii)), still banned under ``strict``."""
    body = base(**{"2. N TC W 9C S QH E QC": "2. N KS W 9C S QH E QC"})
    lifted = check(record(body))
    assert "28.lead-trump" not in rules_found(lifted)
    strict = check(record(body, options=[("bidder_lead_restriction", "strict")]))
    assert errors(strict)[0] == ("28.lead-trump", 1, 2, "N")
    assert "though another player has led spades" in finding(strict, "28.lead-trump").message
    assert "28.lead-trump" not in rules_found(
        check(record(body, options=[("bidder_lead_restriction", "no")])))


def test_28_10_option_off():
    body = base(**{"N trump 9S": "N trump 7C"})
    match = check(record(body, options=[("bidder_lead_restriction", "no")]))
    assert "28.lead-trump" not in rules_found(match)


def test_28_15_call_while_holding_the_suit_led():
    match = check(record(base(**{"1. E AS N JS": "1. E AS N call N JS"})))
    assert errors(match)[0] == ("28.call", 1, 1, "N")
    assert "only a player void in spades may call" in finding(match, "28.call").message


def test_28_16_call_by_the_leader():
    match = check(record(base(**{"5. E TD": "E call\n5. E TD"})))
    assert errors(match)[0] == ("28.call", 1, 5, "E")


def test_28_16_call_out_of_turn():
    match = check(record(base(**{"W KC S 9D E call": "W KC E call S 9D"})))
    assert errors(match)[0] == ("28.call", 1, 4, "E")


def test_call_after_the_reveal():
    match = check(record(base(**{"5. E TD N 8D W 7H": "5. E TD N 8D W call W 7H"})))
    assert errors(match)[0] == ("28.call", 1, 5, "W")


def test_28_14_caller_must_trump():
    match = check(record(base(**{"E call E 7S N QD": "E call E 9H N QD"})))
    assert errors(match)[0] == ("28.call-must-trump", 1, 4, "E")


def test_28_14_caller_must_trump_option_off():
    text = record(base(**{"E call E 7S N QD": "E call E 9H N QD"}),
                  options=[("caller_must_trump", "no")])
    assert "28.call-must-trump" not in rules_found(check(text))


def test_must_call_option():
    """trump_call_mandatory: S, void in spades in trick 1, must call for the trump."""
    text = record(base(), options=[("trump_call_mandatory", "yes")])
    match = check(text)
    assert errors(match)[0] == ("28.must-call", 1, 1, "S")
    assert "must call" in finding(match, "28.must-call").message
    legal = record(base(**{"W QS S TH": "W QS S call S TH"}),
                   options=[("trump_call_mandatory", "yes")])
    assert "28.must-call" not in rules_found(check(legal))


def test_28_20_undertrump():
    match = check(record(base(**{"6. E KD N 9S W JC S AD": "6. E KD N 9S W 8S S AD"})))
    assert errors(match)[0] == ("28.undertrump", 1, 6, "W")
    assert "under 9S" in finding(match, "28.undertrump").message


def test_28_20_undertrump_option_off():
    text = record(base(**{"6. E KD N 9S W JC S AD": "6. E KD N 9S W 8S S AD"}),
                  options=[("no_undertrump", "no")])
    assert "28.undertrump" not in rules_found(check(text))


UP_TO_TRICK_3 = base().split("\n4. ")[0]


def test_28_12_concealed_trump_discard_has_no_power():
    """Trick 4 without the call: E, void in clubs, plays the 7 of spades (the concealed trump);
    nobody calls; W's king of clubs wins, so W leads trick 5."""
    body = UP_TO_TRICK_3 + "\n4. W KC S 9D E 7S N QD\n5. W JC"
    assert rules_found(check(record(body))) == ["28.incomplete"]
    wrong = UP_TO_TRICK_3 + "\n4. W KC S 9D E 7S N QD\n5. E TD"
    assert ("28.turn", 1, 5, "E") in errors(check(record(wrong)))


def test_28_21_discard_after_reveal_is_legal():
    """Trick 5 of the fixed deal: W, void in diamonds, holds spades (trumps, exposed in trick
    4) and discards the 7 of hearts: legal."""
    assert "W 7H" in base().split("\n")[6]
    assert errors(check(record(base()))) == []


def test_28_17_bidder_exposes_for_himself():
    """Trick 4: N, void in clubs, exposes his own 9 of spades and may play any spade."""
    for card, rule in (("KS", None), ("9S", None), ("QD", "28.call-must-trump")):
        body = UP_TO_TRICK_3 + f"\n4. W KC S 9D E 7S N call N {card}"
        found = [r for r in rules_found(check(record(body))) if r != "28.incomplete"]
        assert found == ([rule] if rule else []), card
    body = UP_TO_TRICK_3 + "\n4. W KC S 9D E 7S N call N KS"
    match = check(record(body, options=[("self_reveal_card", "exposed")]))
    assert ("28.call-must-trump", 1, 4, "N") in errors(match)
    assert "must play it" in finding(match, "28.call-must-trump").message


def test_28_18_bidder_void_when_only_trump_is_face_down():
    hands = """\
N: JH 9S AH 7C | 8D QD KD TC
E: JS 9H AS 7S | TD KS 8C QC
S: JD 9D AD 7D | 8H QH KH TH
W: JC 9C AC 8S | TS QS KC 7H"""
    body = AUCTION + "\nN trump 9S\n1. E JS N 7C W 8S S 7D"
    match = check(record(body, hands=hands))
    assert rules_found(match) == ["28.incomplete"]          # not a revoke
    exposed = AUCTION + "\nN trump 9S\n1. E JS N call N 9S W 8S S 7D\n2. E"
    match = check(record(exposed.replace("\n2. E", ""), hands=hands))
    assert rules_found(match) == ["28.incomplete"]
    # E's jack of spades wins the trick (erratum): E leads the next one
    ok = check(record(exposed.replace("2. E", "2. E AS"), hands=hands))
    assert rules_found(ok) == ["28.incomplete"]
    bad = check(record(exposed.replace("2. E", "2. N AH"), hands=hands))
    assert ("28.turn", 1, 2, "N") in errors(bad)
    # having exposed, N must play the 9 of spades
    discard = AUCTION + "\nN trump 9S\n1. E JS N call N 7C W 8S S 7D"
    assert ("28.follow-suit", 1, 1, "N") in errors(check(record(discard, hands=hands)))


# -- no call in seven tricks ---------------------------------------------------------------------

# Nobody calls in tricks 1 to 7; N's last card is his face-down 9 of spades.
NO_CALL_PLAY = AUCTION + """
N trump 9S
1. E 8C N TC W JC S 9D
2. W QS S TH E AS N KS
3. E 7S N JS W TS S QH
4. N QD W KC S JD E KD
5. S 8H E JH N AH W 7H
6. E QC N 7C W AC S AD
7. W 9C S 7D E TD N 8D
8. W 8S S KH E 9H N 9S"""
NO_CALL_SEVEN = NO_CALL_PLAY.rsplit("\n", 1)[0]


def test_28_23_void_deal_after_seven_tricks_without_a_call():
    match = check(record(NO_CALL_SEVEN))
    assert errors(match) == []
    assert result(match).outcome == "void: no call in seven tricks"
    assert result(match).scored is False
    assert result(match).game_points == {"NS": 0, "EW": 0}


def test_28_23_void_deal_moves_the_deal_on():
    match = check(record(NO_CALL_SEVEN) + "\ndeal 2\n" + HANDS + "\n")
    assert match.deals[1].dealer == "E"


def test_28_23_trick_8_of_a_void_deal_is_reported():
    """Only reported under report_only; the default misplay penalty takes precedence over
    the void deal (an offender never escapes by the deal being void)."""
    match = check(record(NO_CALL_PLAY, options=[("misplay_penalty", "report_only")]))
    assert errors(match) == [("28.void-deal", 1, 8, "W")]
    assert result(match).outcome.startswith("void")
    penalised = check(record(NO_CALL_PLAY))
    assert errors(penalised) == [("28.void-deal", 1, 8, "W")]
    assert result(penalised).outcome == "misplay by W (E-W): N-S's contract counts as made"
    assert result(penalised).game_points == {"NS": 1, "EW": 0}


def test_28_23_forced_trick8_plain_play_or_explicit_call():
    match = check(record(NO_CALL_PLAY, rules="pagat"))
    assert errors(match) == []
    res = result(match)
    assert res.outcome == "N-S failed 11 of target 16"
    called = NO_CALL_PLAY.replace("E 9H N 9S", "E 9H N call N 9S")
    assert errors(check(record(called, rules="pagat"))) == []
    # the bidder may not call in trick 8 before his turn
    early = NO_CALL_PLAY.replace("8. W 8S S KH", "8. W 8S N call S KH")
    assert ("28.call", 1, 8, "N") in errors(check(record(early, rules="pagat")))


def test_28_24_forced_trick8_trump_led_every_spade_counts():
    """W leads the 8 of spades; N's exposed 9 (played last) is the highest spade and wins,
    with the trick's 4 points; a recorded trick 8 is legal under forced_trick8."""
    match = check(record(NO_CALL_PLAY, rules="pagat"))
    assert result(match).points == {"NS": 11, "EW": 17}
    seven = check(record(NO_CALL_SEVEN, rules="pagat"))
    assert seven.deals[0].result.points == {"NS": 7, "EW": 17}


def test_28_24_trump_led_in_trick_8_all_spades_count():
    """Erratum: when trumps are led every card of the suit counts, so the highest wins."""
    hands = """\
N: JH 9S AH 7C | 8D QD KD TC
E: JS 9H AS 7S | TD KS 8C QC
S: JD 9D AD 7D | 8H QH KH TH
W: JC 9C AC 8S | TS QS KC 7H"""
    ruleset = ruleset_for(parse_records(record("", hands=hands, rules="pagat"))[0].header)
    state = ruleset.new_match()
    deal = parse_records(record(AUCTION + "\nN trump 9S", hands=hands, rules="pagat"))[0].deals[0]
    st = ruleset.start_deal(state, deal)
    for event in deal.events:
        ruleset.apply(st, event.action)
    st.revealed, st.reveal_trick, st.reveal_index = True, 8, 3
    plays = [("W", "AS"), ("S", "7D"), ("E", "KS"), ("N", "9S")]
    assert ruleset.trick_winner(st, plays, 8) == "N"       # 9S is the highest spade
    plays = [("W", "AS"), ("S", "7D"), ("E", "JS"), ("N", "9S")]
    assert ruleset.trick_winner(st, plays, 8) == "E"       # JS played before the exposure


def test_28_13_trick_winner_revealing_trick_not_trump_led():
    ruleset = ruleset_for(parse_records(record(""))[0].header)
    deal = parse_records(record(AUCTION + "\nN trump 7C"))[0].deals[0]
    st = ruleset.start_deal(ruleset.new_match(), deal)
    for event in deal.events:
        ruleset.apply(st, event.action)
    st.revealed, st.reveal_trick, st.reveal_index = True, 1, 2
    plays = [("S", "8H"), ("E", "AC"), ("N", "QC"), ("W", "AH")]
    assert ruleset.trick_winner(st, plays, 1) == "N"
    counting = TwentyEight(ruleset.options.__class__(
        {**dict(ruleset.options), "pre_reveal_trumps_count": True}), ruleset.table)
    assert counting.trick_winner(st, plays, 1) == "E"


# -- pair ----------------------------------------------------------------------------------------

def test_pair_before_the_reveal_is_illegal():
    match = check(record(base(**{"2. N TC": "S pair\n2. N TC"})))
    assert errors(match)[0] == ("28.pair", 1, 2, "S")
    assert "exposed" in finding(match, "28.pair").message


def test_pair_without_king_and_queen():
    match = check(record(base(**{"7. N KS": "N pair\n7. N KS"})))
    assert errors(match)[0] == ("28.pair", 1, 7, "N")
    assert "does not hold QS" in finding(match, "28.pair").message


def test_pair_option_off():
    match = check(record(base(**{"7. N KS": "N pair\n7. N KS"}),
                         options=[("pair_enabled", "no")]))
    assert "pair_enabled" in finding(match, "28.pair").message


# -- the deal: record errors, inferred hands, notes, R3 --------------------------------------------


@pytest.mark.parametrize(("hands", "code", "line"), [
    (HANDS.replace("N: JS 9S AH 7C", "N: JS 9S AH JH"), "record.card-twice", 5),
    (HANDS.replace("N: JS 9S AH 7C | 8D QD KS TC", "N: JS 9S AH 7C | 8D QD KS"),
     "record.hand-size", 4),
    (HANDS.replace("N: JS 9S AH 7C", "N: JS 9S AH 6C"), "record.card-not-in-pack", 4),
    (HANDS.replace("N: JS 9S AH 7C | 8D QD KS TC", "N: JS 9S AH | 7C 8D QD KS TC"),
     "record.hand-rounds", 4),
])
def test_impossible_hands(hands, code, line):
    report = check_text(record(base(), hands=hands))
    assert report.error_code == code
    assert report.error_line == line                 # located at the offending hand line


def test_first_deal_needs_a_dealer():
    report = check_text(record(base(), dealer=""))
    assert report.error_code == "record.dealer"


def test_dealer_rotation_and_stated_dealer():
    two = record(base()) + "\ndeal 2\n" + HANDS + "\n" + AUCTION.replace("E 14", "E 14") + "\n"
    match = check(two)
    assert match.deals[1].dealer == "E"              # counter-clockwise from S
    wrong = record(base()) + "\ndeal 2 dealer W\n" + HANDS + "\n"
    match = check(wrong)
    assert ("28.dealer", 2, None, None) in errors(match)
    assert "E should deal" in finding(match, "28.dealer").message


def test_clockwise_direction_option():
    text = record(base(), options=[("direction", "cw")])
    match = check(text)
    # clockwise from S, first hand is W: E's opening bid is out of turn
    assert errors(match)[0] == ("28.turn", 1, None, "E")


def test_hands_inferred_from_the_plays():
    match = check(record(base(), hands=None))
    assert errors(match) == []
    assert notes(match) == ["28.deal-order"]
    assert result(match).points == {"NS": 11, "EW": 17}


def test_28_19_revoke_found_with_inferred_hands():
    """E does not follow hearts in trick 2... here: N fails to follow spades in trick 1 and
    plays the king of spades later; without hand lines the revoke is still found at trick 1."""
    body = base(**{"1. E AS N JS W QS S TH": "1. E AS N AH W QS S TH",
                   "8. W 8S S JD E 9H N AH": "8. W 8S S JD E 9H N JS"})
    match = check(record(body, hands=None))
    assert errors(match)[0] == ("28.follow-suit", 1, 1, "N")


def test_inferred_hands_card_played_by_two_seats():
    report = check_text(record(base(**{"2. N TC W 9C": "2. N TC W AS"}), hands=None))
    assert report.error_code == "record.card-twice"


def test_28_41_eight_pointless_cards_annul_the_deal():
    hands = """\
N: 8H 8D 9C KC | 9D QH JH AC
E: 9H KH JS AH | JC 9S QD JD
S: KS 8S 7H QS | 8C KD 7C QC
W: TC TD TS AD | 7D 7S AS TH"""
    # the recorded play is disregarded, even N's play of a card he does not hold
    match = check(record("E 15  N pass  W pass  S pass\nE trump 9H\n1. E JC N JS W 7D S 8C",
                         hands=hands))
    assert errors(match) == []
    assert notes(match) == ["28.thrown-in"]  # at the first play, which is not judged
    res = result(match)
    assert res.scored is False and "S was dealt 8 cards without a point" in res.outcome
    off = check(record("E 15  N pass  W pass  S pass", hands=hands,
                       options=[("annul_eight_zero", "no")]))
    assert "R3" not in result(off).outcome


# -- misplay penalty ---------------------------------------------------------------------------


def test_misplay_report_only_scores_as_played():
    text = record(base(**{"1. E AS N JS": "1. E AS N AH"}).replace(
        "8. W 8S S JD E 9H N AH", "8. W 8S S JD E 9H N JS"),
        options=[("misplay_penalty", "report_only")])
    match = check(text)
    assert errors(match)[0] == ("28.follow-suit", 1, 1, "N")
    assert "misplay" not in result(match).outcome


def test_misplay_first_offender_decides():
    """S (bidding side) doubles illegally before W's illegal second double: N-S's doubled
    contract counts as lost; the other way round (E first) it counts as made."""
    match = check(record(with_window("S double", "W double")))
    assert rules_found(match) == ["28.double", "28.double"]
    assert result(match).game_points == {"NS": -2, "EW": 0}
    assert result(match).outcome == "misplay by S (N-S): N-S's contract counts as lost"
    match = check(record(with_window("E redouble", "S double")))
    assert rules_found(match) == ["28.redouble", "28.double"]
    assert result(match).game_points == {"NS": 4, "EW": 0}


# -- the legal-action generator ------------------------------------------------------------------


def test_legal_actions_agree_with_the_replay():
    """At every event of the fixed deal the recorded action is allowed, and the call in
    trick 4 is among E's alternatives."""
    parsed = parse_records(record(base()))[0]
    ruleset = ruleset_for(parsed.header)
    st = ruleset.start_deal(ruleset.new_match(), parsed.deals[0])
    for event in parsed.deals[0].events:
        legality = ruleset.legal_actions(st)
        assert event.action in legality.allowed, event.action
        for _action, exclusion in legality.excluded:
            assert isinstance(exclusion, Exclusion) and exclusion.rule in ruleset.rules
        ruleset.apply(st, event.action)
    assert ruleset.is_deal_over(st)
    assert list(ruleset.candidates(st)) == []


def test_legal_actions_first_hand_opening():
    parsed = parse_records(record(""))[0]
    ruleset = ruleset_for(parsed.header)
    st = ruleset.start_deal(ruleset.new_match(), parsed.deals[0])
    legality = ruleset.legal_actions(st)
    assert {a.value for a in legality.allowed if a.kind == "bid"} == set(range(14, 29))
    excluded = {a.kind: e.rule for a, e in legality.excluded}
    assert excluded["pass"] == "28.opening-bid"
    assert excluded["redeal"] == "28.redeal"


def test_legal_actions_trump_choice():
    parsed = parse_records(record(AUCTION))[0]
    ruleset = ruleset_for(parsed.header)
    st = ruleset.start_deal(ruleset.new_match(), parsed.deals[0])
    for event in parsed.deals[0].events:
        ruleset.apply(st, event.action)
    legality = ruleset.legal_actions(st)
    allowed = {a.cards[0] if a.cards else a.value for a in legality.allowed}
    # the first four, and the seventh card (KS) written as the notation spells it
    assert allowed == {"JS", "9S", "AH", "7C", "KS"}
    assert {e.rule for _, e in legality.excluded} == {"28.trump-card"}


def test_check_is_the_single_source_of_truth_for_plays():
    parsed = parse_records(record(base()))[0]
    ruleset = ruleset_for(parsed.header)
    st = ruleset.start_deal(ruleset.new_match(), parsed.deals[0])
    events = parsed.deals[0].events
    for event in events[:6]:                        # auction and trump
        ruleset.apply(st, event.action)
    # E leads trick 1: every card of his is allowed
    assert ruleset.check(st, Action("E", "play", cards=("JH",))) is None
    assert ruleset.check(st, Action("N", "play", cards=("JS",))).fatal
    assert ruleset.check(st, Action("E", "call")).rule == "28.call"


def test_replay_stream_api():
    reports = list(replay_stream(iter_items(record(base()))))
    assert len(reports) == 1 and reports[0].deals[0].result.points["NS"] == 11


def test_record_error_is_located():
    with pytest.raises(RecordError) as info:
        list(replay_stream(iter_items(record(base(), hands=HANDS.replace("7C |", "7H |")))))
    assert info.value.code == "record.card-twice"


# -- options added with the 28 family: pass_final, dealer_forced_bid ---------------------------


def test_pass_final_option():
    final = [("pass_final", "yes")]
    assert errors(check(record(base(), options=final))) == []
    text = record("E 14  N 16  W pass  S 17  E pass  W 18", hands=HANDS, options=final)
    assert rules_found(check(text))[0] == "28.pass-final"


def test_dealer_forced_bid_option():
    options = [("opening_bid_forced", "no"), ("dealer_forced_bid", "exact")]
    passes = "E pass  N pass  W pass  "
    assert rules_found(check(record(passes + "S pass", options=options)))[0] == "28.dealer-bid"
    assert "28.dealer-bid" not in rules_found(check(record(passes + "S 14", options=options)))
