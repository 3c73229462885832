"""The 28 family's variant options (digest section 8) across Twenty-Eight, Twenty-Nine and Forty:
every option is declared in every game with its meaning and rule ids, the values the referee
cannot honour are refused with ``record.option``, and each scoring option has a table test
(pure functions in scoring28, and the same option through a whole deal)."""

from __future__ import annotations

import pytest
from breaking import replay_breaks

from referee.games.twenty_eight import TwentyEight
from referee.games.twenty_eight.fifty_six import FiftySix
from referee.games.twenty_eight.forty import Forty
from referee.games.twenty_eight.scoring import SCORE_TABLES, contract_score, forced_score, stake
from referee.games.twenty_eight.twenty_nine import TwentyNine
from referee.pipeline.checking import check_text

GAMES = (TwentyEight, TwentyNine, Forty, FiftySix)

# Every option the issue names (section 8 of the digest).
SECTION_8 = (
    "direction", "first_bidder", "opening_bid_forced", "min_bid", "max_bid", "auction_end",
    "pass_final", "auction_style", "partner_raise", "dealer_forced_bid", "second_round",
    "trump_indicator", "seventh_card", "bidder_lead_restriction", "trump_call_mandatory",
    "caller_must_trump", "self_reveal_card", "pre_reveal_trumps_count", "no_undertrump",
    "void_if_trump_never_called", "last_trick_bonus", "pair_enabled", "pair_value",
    "pair_trick_requirement", "pair_window", "pair_min_bid", "pair_clamp", "score_table",
    "under_half_double_loss", "high_bid_two", "double_allowed", "redouble_allowed",
    "double_cap", "c_call", "cot", "single_hand", "single_hand_show", "no_trump_two", "dummy",
    "game_target", "redeal_fh_pointless", "redeal_first_two_pointless",
    "annul_fh_and_next_pointless", "annul_eight_zero", "annul_other", "misplay_penalty",
)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_section_8_option_is_declared(game):
    specs = {spec.name: spec for spec in game.option_specs}
    assert [name for name in SECTION_8 if name not in specs] == []
    for spec in specs.values():
        assert spec.meaning
        assert all(rule in game.rules for rule in spec.rules), spec.name
        spec.check(spec.default)
    for preset in game.presets.values():
        assert set(preset.values) <= set(specs)


HANDS = """\
N: JS 9S AH 7C | 8D QD KS TC
E: JH 9H AS 7S | TD KD 8C QC
S: JD 9D AD 7D | 8H QH KH TH
W: JC 9C AC 8S | TS QS KC 7H"""

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
"""Twenty-Eight's fixed deal (tests/test_twenty_eight.py): N-S take 11 points, E-W 17."""


def record28(auction: str = "E 14  N 16  W pass  S pass  E pass", play: str = PLAY,
             options: tuple[tuple[str, str], ...] = (), game: str = "twenty-eight",
             hands: str = HANDS) -> str:
    head = [f'[Game "{game}"]'] + [f'[Option "{n}" "{v}"]' for n, v in options]
    return "\n".join(head) + f"\n\ndeal 1 dealer S\n{hands}\n{auction}\n{play}\n"


def checked(text: str):
    report = check_text(text)
    assert report.error is None, report.error
    return report.matches[0]


def record_error(text: str) -> tuple[str | None, str | None]:
    report = check_text(text)
    return report.error_code, report.error


def rules_of(match) -> list[str]:
    return [f.rule for f in match.all_findings()
            if f.severity == "error" and not f.rule.endswith(".incomplete")]


# -- refused values -----------------------------------------------------------------------


@pytest.mark.parametrize(("options", "word"), [
    ((("c_call", "yes"), ("high_bid_two", "yes")), "automatic-double"),
    ((("auction_style", "duel"),), "duel"),
    ((("void_if_trump_never_called", "play_on"),), "spare"),
    ((("trump_indicator", "spare"), ("void_if_trump_never_called", "forced_trick8")),
     "own_card"),
    ((("no_trump_two", "yes"),), "spare"),
    ((("high_bid_two", "yes"), ("score_table", "goc")), "choose one"),
    ((("min_bid", "20"), ("max_bid", "18")), "above"),
])
def test_unsupported_values_are_refused(options, word):
    code, message = record_error(record28(options=options))
    assert code == "record.option"
    assert word in message


def test_refusal_points_at_the_option_tag():
    report = check_text(record28(options=(("c_call", "yes"),), game="forty"))
    assert report.error_line == 2


def test_forty_refuses_the_seventh_card():
    code, message = record_error('[Game "forty"]\n[Option "seventh_card" "yes"]\n\n'
                                 "deal 1 dealer P1\n")
    assert code == "record.option" and "seventh" in message


def test_accepted_values_are_not_refused():
    for options in ((("dummy", "yes"),), (("c_call", "no"),), (("second_round", "off"),),
                    (("first_bidder", "fh"),)):
        assert rules_of(checked(record28(options=options))) == []


# -- scoring tables ---------------------------------------------------------------------------


@pytest.mark.parametrize(("table", "bid", "won", "lost"), [
    ("flat", 14, 1, 1), ("flat", 28, 1, 1),
    ("goc", 19, 1, 1), ("goc", 20, 2, 2), ("goc", 23, 2, 2), ("goc", 24, 3, 3),
    ("goc", 27, 3, 3), ("goc", 28, 4, 4),
    ("kh", 20, 1, 1), ("kh", 21, 2, 2),
    ("forty", 20, 1, 2), ("forty", 29, 1, 2), ("forty", 30, 2, 3), ("forty", 33, 2, 3),
    ("forty", 34, 3, 4), ("forty", 40, 3, 4),
    ("fifty-six", 39, 1, 1), ("fifty-six", 40, 2, 2),
])
def test_score_table_values(table, bid, won, lost):
    assert SCORE_TABLES[table].values(bid) == (won, lost)
    assert stake(bid, 1, table=SCORE_TABLES[table], made=True) == won
    assert stake(bid, 2, table=SCORE_TABLES[table], made=False) == 2 * lost


@pytest.mark.parametrize(("cot", "points", "all_tricks", "delta"), [
    ("off", 28, "bidders", 1),
    ("made", 28, "bidders", 2),
    ("made", 20, None, 1),
    ("made", 0, "defenders", -1),
    ("made_and_lost", 0, "defenders", -2),
    ("made_and_lost", 10, None, -1),
])
def test_cot(cot, points, all_tricks, delta):
    assert contract_score(points, 16, 16, cot=cot, all_tricks=all_tricks).delta == delta


@pytest.mark.parametrize(("made", "factor", "delta"), [(True, 1, 1), (False, 1, -1),
                                                       (True, 2, 2), (False, 2, -2)])
def test_forced_score_factor(made, factor, delta):
    assert forced_score(made, 16, factor=factor).delta == delta


@pytest.mark.parametrize(("bid", "table", "game_points"), [
    (16, "flat", {"NS": -1, "EW": 0}),
    (20, "goc", {"NS": -2, "EW": 0}),
    (24, "goc", {"NS": -3, "EW": 0}),
    (20, "kh", {"NS": -1, "EW": 0}),
    (21, "kh", {"NS": -2, "EW": 0}),
    (21, "forty", {"NS": 0, "EW": 2}),            # the loss is paid to the opponents
    (27, "fifty-six", {"NS": -1, "EW": 0}),
])
def test_score_table_through_a_deal(bid, table, game_points):
    auction = f"E 14  N {bid}  W pass  S pass  E pass"
    match = checked(record28(auction, options=(("score_table", table),)))
    assert rules_of(match) == []
    assert match.deals[0].result.game_points == game_points


def test_cot_through_a_deal():
    # E-W as bidders would need every trick; here N-S fail with 11 points: no cot
    match = checked(record28(options=(("cot", "made_and_lost"),)))
    assert match.deals[0].result.game_points == {"NS": -1, "EW": 0}


@pytest.mark.parametrize(("cap", "window", "found"), [
    ("4", "W double\nS redouble", []),
    ("2", "W double\nS redouble", ["28.redouble"]),
    ("2", "W double", []),
    ("1", "W double", ["28.double"]),
])
def test_double_cap(cap, window, found):
    play = PLAY.replace("N trump 9S", "N trump 9S\n" + window)
    assert rules_of(checked(record28(play=play, options=(("double_cap", cap),)))) == found


@pytest.mark.parametrize(("penalty", "game_points"), [
    ("offender_side_loses", {"NS": 1, "EW": 0}),
    ("double_to_opponents", {"NS": 2, "EW": 0}),
    ("report_only", {"NS": -1, "EW": 0}),
])
def test_misplay_penalty(penalty, game_points):
    # E, a defender, calls for the trump as leader of trick 1 (illegal; the reveal stands):
    # N-S's failed contract (11 of 16) counts as made, or stays as played with report_only
    play = PLAY.replace("1. E AS N JS W QS S TH", "1. E call E AS N JS W QS S TH")
    match = checked(record28(play=play, options=(("misplay_penalty", penalty),)))
    assert rules_of(match)[0] == "28.call"
    assert match.deals[0].result.game_points == game_points


@pytest.mark.parametrize(("bonus", "total"), [("0", 28), ("1", 29), ("3", 31)])
def test_last_trick_bonus_in_twenty_eight(bonus, total):
    match = checked(record28(options=(("last_trick_bonus", bonus),)))
    points = match.deals[0].result.points
    assert sum(points.values()) == total
    assert points["EW"] == 17 + int(bonus)  # W wins trick 8 with the 8 of trumps


# -- auction options in Twenty-Eight: 28.pass-final, 28.dealer-bid ---------------------------


def test_28_pass_final():
    options = (("pass_final", "yes"),)
    assert rules_of(checked(record28(options=options, auction="E 14  N 16  W pass  S pass  E pass",
                                     play=PLAY))) == []
    reentry = "E 14  N 16  W pass  S 17  E pass  W 18"
    assert rules_of(checked(record28(reentry, play="", options=options)))[0] == "28.pass-final"


def test_28_dealer_forced_bid():
    options = (("opening_bid_forced", "no"), ("dealer_forced_bid", "exact"))
    passes = "E pass  N pass  W pass  "
    assert rules_of(checked(record28(passes + "S pass", play="", options=options))) == [
        "28.dealer-bid"]
    assert rules_of(checked(record28(passes + "S 14", play="S trump JD",
                                     options=options))) == []
    assert rules_of(checked(record28(passes + "S 15", play="S trump JD",
                                     options=options))) == ["28.dealer-bid"]
    # without the option four passes throw the deal in
    thrown = checked(record28(passes + "S pass", play="",
                              options=(("opening_bid_forced", "no"),)))
    assert thrown.deals[0].result.outcome.startswith("annulled")


# -- annulments --------------------------------------------------------------------------------


def test_r2_first_hand_and_next_pointless():
    hands = """\
N: KS QS 8S 7S | JS 9S AS TS
E: KH QH 8H 7H | JH 9H AH TH
S: JD 9D AD TD | KD QD 8D 7D
W: JC 9C AC TC | KC QC 8C 7C"""
    # dealer S: first hand E and next N both hold pointless fours; E chooses not to bid
    option = (("annul_fh_and_next_pointless", "yes"),)
    text = record28("E pass  N 15", play="", hands=hands, options=option)
    deal = checked(text).deals[0]
    assert deal.result.outcome.startswith("annulled")
    assert [f.rule for f in deal.findings] == ["28.thrown-in"]  # N's bid is not judged
    assert ("first hand E passed with no point card in his first four, and the next player "
            "N has none in his first four either") in deal.result.outcome
    assert "R2" not in deal.result.outcome
    # first hand bid: the deal goes on (the option cancels it only when he passes)
    text = record28("E 14", play="", hands=hands, options=option)
    assert "auction did not end" in checked(text).deals[0].result.outcome
    # R4 (annul_other): each player holds a whole suit
    text = record28("E 14", play="", hands=hands, options=(("annul_other", "yes"),))
    assert "one suit" in checked(text).deals[0].result.outcome


def test_r4_four_jacks_and_defenders_without_trumps():
    hands = """\
N: JS JH JD JC | 9S 9H 9D 9C
E: AS AH AD AC | TS TH QC 7C
S: KS KH KD KC | QS QH QD TD
W: 8S 8H 8D 8C | 7S 7H 7D TC"""
    text = record28("E 14", play="", hands=hands, options=(("annul_other", "yes"),))
    outcome = checked(text).deals[0].result.outcome
    assert "all the Jacks" in outcome
    assert rules_of(checked(record28("E 14", play="", hands=hands))) == []


def test_r4_opponents_hold_no_trump_at_the_reveal():
    # N bids and lays a heart; hearts are held only by N and S
    hands = """\
N: JH 9H AH TH | JS 9S AS TS
E: JD 9D AD 7D | KS QS 8S 7C
S: KH QH 8H 7H | KD QD 8D TD
W: JC 9C AC TC | KC QC 8C 7S"""
    auction = "E 14  N 15  W pass  S pass  E pass\nN trump JH\n1. E JD  N call  N 9H"
    match = checked(record28(auction, play="", hands=hands, options=(("annul_other", "yes"),)))
    assert "opponents were dealt no trump" in match.deals[0].result.outcome
    plain = checked(record28(auction, play="", hands=hands))
    assert not plain.deals[0].result.outcome.startswith("annulled")


# -- random legal play under non-default options ----------------------------------------------

OPTION_SETS = [
    ("twenty-eight", {"pass_final": "yes", "cot": "made_and_lost", "score_table": "goc",
                      "pair_trick_requirement": "any_trick", "pair_window": "after_win"}),
    ("twenty-eight", {"opening_bid_forced": "no", "dealer_forced_bid": "any",
                      "double_cap": "2", "annul_other": "yes",
                      "annul_fh_and_next_pointless": "yes", "misplay_penalty": "report_only"}),
    ("twenty-nine", {"no_trump_two": "yes", "cot": "made", "score_table": "kh"}),
    ("twenty-eight", {"trump_indicator": "spare", "void_if_trump_never_called": "play_on",
                      "no_trump_two": "yes", "last_trick_bonus": "1", "pair_min_bid": "19"}),
    ("twenty-nine", {"pass_final": "yes", "max_bid": "29",
                     "redeal_first_two_pointless": "yes", "pair_trick_requirement": "s0_variant",
                     "trump_indicator": "own_card", "void_if_trump_never_called": "void"}),
    ("forty", {"equal_cards": "last_wins"}),
    ("fifty-six", {"equal_cards": "last_wins"}),
]


@pytest.mark.parametrize(("game", "options"), OPTION_SETS,
                         ids=[f"{g}-{i}" for i, (g, _) in enumerate(OPTION_SETS)])
def test_random_play_under_options(game, options):
    """The random-play oracle (tests/test_random_play.py) on 60 deals per option set: the
    referee finds nothing in legal play, and a single illegal replacement is found first,
    at its event, under the rule id ``check`` gave."""
    from referee.notation.writer import dumps
    from referee.replay.simulate import simulate_records

    broken, _ = replay_breaks(dumps(simulate_records(game, 60, 5, options=options)), 5)
    mismatches = [m for b in broken if (m := b.mismatch()) is not None]
    assert len(broken) > 40
    assert mismatches == []
