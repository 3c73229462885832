"""Rule tests of Twenty-Five (referee/games/twenty_five/ruleset.py): the card orders against the
digest's tables, the table (T25-P1..P3), record errors, every rule id legal and illegal, every
option of table 1.6, and the CLI.

The edge cases of digest 1.7 are records in samples/twenty-five/ (checked with their Expect
tags in tests/test_twenty_five_samples.py); the tests here add the variations under options.
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from referee.cli.app import app
from referee.games import find_game
from referee.games.twenty_five.cards import PLAIN_ORDER, TRUMP_ORDER, trump_data
from referee.games.twenty_five.ruleset import TwentyFive
from referee.model.cards import RANKS, make_pack
from referee.pipeline.checking import check_text

# -- a fixed deal --------------------------------------------------------------------------------
# Dealer W, so N leads; the 5 of clubs is turned up: clubs are trumps and E, who was dealt the
# ace of clubs, may rob.

HANDS = """\
N: KH 2S 3S 4S 6S
E: AC 9H 2D 3D 4D
S: QH 7S 8S 9S TS
W: JH 2C 3C 4C 6C"""

# Without a rob: W wins tricks 1, 3, 4 (trumps), E trick 2 (AC), N trick 5 (KH).
PLAY = """\
turnup 5C
1. N 2S  E 2D  S 7S  W 2C
2. W 3C  N 3S  E AC  S 8S
3. E 3D  S 9S  W 4C  N 4S
4. W 6C  N 6S  E 4D  S QH
5. W JH  N KH  E 9H  S TS"""

# E robs (discarding 9H) and wins tricks 2, 4 and 5.
ROBBED = """\
turnup 5C
E rob 9H
1. N 2S  E 2D  S 7S  W 2C
2. W 3C  N 3S  E 5C  S 8S
3. E 3D  S 9S  W 4C  N 4S
4. W 6C  N 6S  E AC  S QH
5. E 4D  S TS  W JH  N KH"""


def record(body: str, *, hands: str | None = HANDS, seats: str = "N E S W",
           teams: str | None = None, rules: str | None = None, options: tuple = (),
           dealer: str | None = "W", number: int = 1) -> str:
    head = ['[Game "twenty-five"]', f'[Seats "{seats}"]']
    if teams:
        head.append(f"[Teams {teams}]")
    if rules:
        head.append(f'[Rules "{rules}"]')
    head += [f'[Option "{name}" "{value}"]' for name, value in options]
    deal = [f"deal {number}" + (f" dealer {dealer}" if dealer else "")]
    if hands:
        deal.append(hands)
    return "\n".join(head) + "\n\n" + "\n".join(deal) + "\n" + body + "\n"


def replace(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def check(text: str):
    report = check_text(text)
    assert report.error is None, report.error
    assert len(report.matches) == 1
    return report.matches[0]


def error_code(text: str) -> str:
    report = check_text(text)
    assert report.error is not None
    return report.error_code


def errors(match) -> list[tuple[str, int | None, int | None, str | None]]:
    return [(f.rule, f.deal, f.trick, f.seat) for f in match.all_findings()
            if f.severity == "error"]


def found(match) -> list[tuple[str, int | None, int | None, str | None]]:
    """``errors`` of a record that stops after the tricks that matter (not incomplete)."""
    return [error for error in errors(match) if error[0] != "25.incomplete"]


def finding(match, rule: str):
    return next(f for f in match.all_findings() if f.rule == rule)


# -- the game and its data -----------------------------------------------------------------------


def test_registry_rules_and_options():
    assert find_game("25") is TwentyFive
    assert find_game("twenty-five") is TwentyFive
    assert set(TwentyFive.presets) == {"standard", "dealer-robs-first"}
    for rule_id, rule in TwentyFive.rules.items():
        assert rule_id.startswith("25.") and rule.id == rule_id
        assert rule.summary
    names = {spec.name for spec in TwentyFive.option_specs}
    assert names >= {"players", "rob_compulsory", "rob_deadline_holder", "rob_deadline_dealer",
                     "unrobbed_ace_penalty", "renege_reference", "renege_cards",
                     "may_trump_when_following", "target", "end_mid_deal", "jink_wins_game"}
    for spec in TwentyFive.option_specs:
        assert all(rule in TwentyFive.rules for rule in spec.rules), spec.name


def test_card_orders_are_the_digests_tables():
    """T25-E2..E4: 13 or 14 trumps, the A of hearts third (always a trump), 'highest in red,
    lowest in black' below the court cards."""
    pack = set(make_pack(RANKS))
    for trump, order in TRUMP_ORDER.items():
        data = trump_data(trump, "five_jack_ace")
        assert len(order) == (13 if trump == "H" else 14)
        assert order[:3] == (f"5{trump}", f"J{trump}", "AH")
        assert set(data.strength) == pack and set(data.suit_of) == pack
        assert data.trumps == set(order) and "AH" in data.trumps
        ranked = sorted(pack, key=data.strength.get, reverse=True)
        assert tuple(ranked[:len(order)]) == order  # every trump beats every plain card
        assert data.privileged == {f"5{trump}", f"J{trump}", "AH"}
        assert data.ace == f"A{trump}"
    assert "AH" not in PLAIN_ORDER["H"] and len(PLAIN_ORDER["H"]) == 12
    for suit in "DCS":
        assert set(PLAIN_ORDER[suit]) == {rank + suit for rank in RANKS}
    assert PLAIN_ORDER["D"][-1] == "AD"  # the A of diamonds is the lowest diamond
    for suit in "CS":  # black: K Q J A, then 2 up to 10
        assert PLAIN_ORDER[suit][:4] == (f"K{suit}", f"Q{suit}", f"J{suit}", f"A{suit}")
        assert PLAIN_ORDER[suit][4:] == tuple(r + suit for r in "23456789T")
    for suit in "HD":  # red: K Q J, then 10 down to 2
        assert PLAIN_ORDER[suit][3:12] == tuple(r + suit for r in "T98765432")
    assert TRUMP_ORDER["D"][3:] == ("AD", "KD", "QD", "TD", "9D", "8D", "7D", "6D", "4D",
                                    "3D", "2D")
    assert TRUMP_ORDER["C"][3:] == ("AC", "KC", "QC", "2C", "3C", "4C", "6C", "7C", "8C",
                                    "9C", "TC")


def test_base_deal_is_legal_and_scored():
    match = check(record(PLAY))
    assert errors(match) == []
    result = match.deals[0].result
    assert result.points == {"N": 5, "E": 5, "S": 0, "W": 15}
    assert result.game_points == result.points
    assert result.contract.as_dict() == {"turnup": "5C", "trump": "C"}
    assert result.outcome == "tricks: N 5, E 5, W 15"
    assert match.score == {"N": 5, "E": 5, "S": 0, "W": 15}
    assert match.result == "match not over: N 5 E 5 S 0 W 15"


def test_robbed_deal_is_legal_and_scored():
    match = check(record(ROBBED))
    assert errors(match) == []
    result = match.deals[0].result
    assert result.points == {"N": 0, "E": 15, "S": 0, "W": 10}
    assert result.contract.robbed_by == "E"


def test_result_lines_are_compared():
    match = check(record(ROBBED + "\nresult N 0 E 15 S 0 W 10"))
    assert errors(match) == []
    match = check(record(ROBBED + "\nresult N 0 E 10 S 0 W 15"))
    assert [rule for rule, *_ in errors(match)] == ["record.result-mismatch"] * 2


def test_completed_tricks_for_annotations():
    from referee.games import ruleset_for
    from referee.notation.parser import parse_records

    (rec,) = parse_records(record(PLAY))
    ruleset = ruleset_for(rec.header)
    state = ruleset.start_deal(ruleset.new_match(), rec.deals[0])
    for event in rec.deals[0].events:
        ruleset.apply(state, event.action)
    tricks = ruleset.completed_tricks(state)
    assert [t.winner for t in tricks] == ["W", "E", "W", "W", "N"]
    assert tricks[-1].running == {"N": 5, "E": 5, "S": 0, "W": 15}


# -- the table (T25-P1..P3) ----------------------------------------------------------------------

SIX = "P1 P2 P3 P4 P5 P6"


def _table_only(seats: str, teams: str | None = None, options: tuple = ()) -> str:
    return record("", hands=None, seats=seats, teams=teams, options=options)


def test_players_three_to_nine():
    assert error_code(_table_only("A B")) == "record.seats"
    assert error_code(_table_only(" ".join(f"P{i}" for i in range(1, 11)))) == "record.seats"
    for count in (3, 9):
        text = _table_only(" ".join(f"P{i}" for i in range(1, count + 1)))
        assert check_text(text).error_code != "record.seats"
    # 2 and 10 only with the option (1.8 A7)
    two = _table_only("A B", options=(("players", "2-10"),))
    assert check_text(two).error_code != "record.seats"


def test_teams_must_sit_by_t25_p3():
    assert check_text(_table_only(SIX, '"P1 P4" "P2 P5" "P3 P6"')).error_code != "record.teams"
    assert check_text(_table_only(SIX, '"P1 P3 P5" "P2 P4 P6"')).error_code != "record.teams"
    assert error_code(_table_only(SIX, '"P1 P2" "P3 P4" "P5 P6"')) == "record.teams"
    assert error_code(_table_only(SIX, '"P1 P2 P3" "P4 P5 P6"')) == "record.teams"
    assert error_code(_table_only("N E S W", '"N E" "S W"')) == "record.teams"
    assert error_code(_table_only("A B C", '"A B C"')) == "record.teams"
    assert error_code(_table_only("A B C D E F G H", '"A C E G" "B D F H"')) == "record.teams"
    assert error_code(_table_only("A B C D E", '"A C" "B D E"')) == "record.teams"
    report = check_text(_table_only("N E S W", '"N E" "S W"'))
    assert "partners sit opposite: the teams are N S, E W" in report.error


def test_teams_of_size_and_default_teams():
    nine = tuple(f"P{i}" for i in range(1, 10))
    assert TwentyFive.teams_of_size(nine, 3) == (("P1", "P4", "P7"), ("P2", "P5", "P8"),
                                                  ("P3", "P6", "P9"))
    assert TwentyFive.teams_of_size(nine[:8], 2) == (("P1", "P5"), ("P2", "P6"),
                                                      ("P3", "P7"), ("P4", "P8"))
    match = check(record(PLAY))
    assert set(match.score) == {"N", "E", "S", "W"}  # without Teams everybody plays alone


# -- record errors -------------------------------------------------------------------------------


def drop_hands(hands: str, *seats: str) -> str:
    return "\n".join(line for line in hands.splitlines() if line.split(":")[0] not in seats)


def test_hands_inferred_where_every_card_is_played():
    """README decision 5: where every dealt card is played (the robber's discard is in his
    rob event), missing hand lines are inferred from the plays, and revokes are still found."""
    for body in (PLAY, ROBBED):
        match = check(record(body, hands=drop_hands(HANDS, "E", "W")))
        assert errors(match) == []
        assert match.deals[0].result.points == check(record(body)).deals[0].result.points
    match = check(record(ROBBED, hands=None))
    assert errors(match) == []  # E, inferred as 2D 3D 4D AC + the discard 9H, may rob
    # a revoke: S does not follow spades at trick 1 and plays a spade later
    revoke = replace(replace(PLAY, "S 7S  W 2C", "S QH  W 2C"), "E 4D  S QH", "E 4D  S 7S")
    match = check(record(revoke, hands=drop_hands(HANDS, "S")))
    assert errors(match) == [("25.follow-suit", 1, 1, "S")]
    # a card played by one seat but dealt to another by its hand line
    assert error_code(record(replace(PLAY, "W 2C", "W 2D"), hands=drop_hands(HANDS, "W"))
                      ) == "record.card-twice"


def test_hands_left_out_where_cards_stay_unplayed():
    """A game that ends mid-deal leaves cards unplayed: a hand left out is then checked over
    the cards not seen (no longer a record error)."""
    head = '[Game "twenty-five"]\n[Seats "N E S W"]\n\n'
    deal1, deal2 = GAME_END.split("\n\n")
    deal2 = drop_hands(deal2.split("\n3. ")[0], "W")  # the game ends at trick 2
    report = check_text(head + deal1 + "\n\n" + deal2 + "\n")
    assert report.error_code is None
    assert errors(report.matches[0]) == []
    # the turned-up card played without a rob is not a dealt card: not held
    match = check(record(replace(ROBBED, "E rob 9H\n", ""), hands=drop_hands(HANDS, "E")))
    assert [e[0] for e in errors(match)] == ["25.not-held"]


def test_record_errors():
    assert error_code(record(PLAY, hands=replace(HANDS, "JH 2C", "JH"))) == "record.hand-size"
    assert error_code(record(PLAY, hands=replace(HANDS, "JH 2C", "KH 2C"))) == \
        "record.card-twice"
    assert error_code(record(PLAY, dealer=None)) == "record.dealer"
    assert error_code(record(replace(PLAY, "1. N 2S", "1. N exchange none"))) == \
        "record.action"


# -- the turn-up (T25-D3) ------------------------------------------------------------------------


def test_turnup_rules():
    match = check(record(replace(PLAY, "turnup 5C\n", "")))
    assert errors(match) == [("25.turnup", 1, 1, "N")]
    assert match.deals[0].unchecked.startswith("not checked")
    match = check(record(replace(PLAY, "turnup 5C", "turnup 2C")))
    assert errors(match) == [("25.turnup", 1, None, None)]
    assert "was dealt to W" in finding(match, "25.turnup").message
    match = check(record(replace(PLAY, "turnup 5C", "turnup 5C  turnup 7C")))
    assert [rule for rule, *_ in errors(match)] == ["25.turnup"]


# -- robbing (T25-D4) ----------------------------------------------------------------------------


def test_rob_once():
    match = check(record(replace(ROBBED, "E rob 9H", "E rob 9H  E rob 2D")))
    assert errors(match) == [("25.rob-once", 1, None, "E")]
    assert match.deals[0].result.points["E"] == 15  # the second rob was not carried out


def test_rob_of_a_card_not_held_stops_the_deal():
    match = check(record(replace(ROBBED, "E rob 9H", "E rob KH")))
    assert errors(match) == [("25.not-held", 1, None, "E")]


def test_turned_ace_named_as_discard_is_no_a6_note():
    """T25 #25 vs 1.8 A6: with the ace turned up, the dealer naming it as his discard is the
    illegal #25, not the legal "discards the ace of trumps" of A6: no note saying legal."""
    hands = replace(HANDS, "E: AC", "E: 5C")
    body = replace(replace(PLAY, "turnup 5C", "turnup AC\nW rob AC"), "E AC", "E 5C")
    match = check(record(body, hands=hands))
    assert errors(match) == [("25.rob-discard", 1, None, "W")]
    assert [f.rule for f in match.all_findings() if f.severity == "note"] == []


def test_rob_deadline_holder_option():
    body = replace(ROBBED, "E rob 9H\n1. N 2S  E 2D", "1. N 2S  E rob 9H  E 2D")
    assert errors(check(record(body))) == []
    match = check(record(body, options=(("rob_deadline_holder", "before_opening_lead"),)))
    assert errors(match) == [("25.rob-deadline", 1, 1, "E")]


def test_must_rob_when_compulsory():
    options = (("rob_compulsory", "yes"),)
    assert errors(check(record(ROBBED, options=options))) == []
    match = check(record(PLAY, options=options))
    assert errors(match) == [("25.must-rob", 1, 1, "E")]
    assert errors(check(record(PLAY))) == []  # robbing is optional by default


TURNED_ACE = """\
N: KH 2S 3S 4S 6S
E: 9H 2C 3C 4C 6C
S: QH 7S 8S 9S TS
W: JH 7C 8C 9C TC"""


def test_must_rob_before_the_opening_lead():
    """rob_compulsory with the older deadline: the missed rob shows at the opening lead."""
    options = (("rob_compulsory", "yes"),)
    early = "turnup AD\nW rob 7C\n1. N KH  E 9H  S QH  W AD"
    late = "turnup AD\n1. N KH  E 9H  S QH  W 7C"
    assert found(check(record(early, hands=TURNED_ACE, rules="dealer-robs-first",
                              options=options))) == []
    match = check(record(late, hands=TURNED_ACE, rules="dealer-robs-first", options=options))
    assert found(match)[0] == ("25.must-rob", 1, 1, "N")
    assert "W must rob (AD) before the opening lead" in finding(match, "25.must-rob").message


def test_unrobbed_ace_becomes_lowest_trump():
    hands = """\
N: 2S KH QH 2C 4C
E: AS 3D 4D 6D 7D
S: 3S 5H 6H 7H 8H
W: 9S 2H 3H 4H JH"""
    trick = "turnup 6S\n1. N 2S  E AS  S 3S  W 9S\n"
    # by default the ace of spades (4th trump) wins; demoted, the 2 of spades does
    assert found(check(record(trick + "2. E 3D", hands=hands))) == []
    options = (("unrobbed_ace_penalty", "lowest_trump"),)
    assert found(check(record(trick + "2. N KH", hands=hands, options=options))) == []
    match = check(record(trick + "2. E 3D", hands=hands, options=options))
    assert found(match)[0] == ("25.turn", 1, 2, "E")


# -- play ----------------------------------------------------------------------------------------


def test_not_held_and_turn():
    match = check(record(replace(PLAY, "1. N 2S", "1. N 5S")))
    assert errors(match) == [("25.not-held", 1, 1, "N")]
    match = check(record(replace(PLAY, "E 2D  S 7S", "S 7S  E 2D")))
    assert errors(match) == [("25.turn", 1, 1, "S")]


def test_trick_number():
    match = check(record(replace(PLAY, "2. W 3C", "3. W 3C")))
    assert errors(match) == [("25.trick-number", 1, 2, "W")]


def test_alternatives_of_a_renege_are_the_trumps():
    """T25 #6: the legal set is {5S, AH}."""
    hands = """\
N: JS KH QH 2C 4C
E: 5S AH 5C 6C 7C
S: 8S 9S 3H 4H 6H
W: TS 5H 7H 8H 9H"""
    match = check(record("turnup 6S\n1. N JS  E 5C  S 8S  W TS", hands=hands))
    assert sorted(finding(match, "25.renege").alternatives) == ["E 5S", "E AH"]


def test_privilege_with_hearts_trumps_and_an_ace_of_hearts_lead():
    """T25-L5 beyond the spade examples of 1.7: with hearts trumps the A of hearts (the trump
    ace there) keeps its privilege against a lower lead; a led A of hearts (spades trumps)
    lets the J renege and forces the trump ace."""
    hands = """\
N: KH 2C 3C 4C 6C
E: AH 2D 3D 4D 6D
S: 7D 8D 9D TD JD
W: 7C 8C 9C TC JC"""
    assert found(check(record("turnup 2H\n1. N KH  E 2D", hands=hands))) == []
    lead = replace(replace(hands, "N: KH", "N: AH"), "E: AH", "E: JS")
    assert found(check(record("turnup 2S\n1. N AH  E 2D", hands=lead))) == []
    match = check(record("turnup 2S\n1. N AH  E 2D", hands=replace(lead, "E: JS", "E: AS")))
    assert found(match) == [("25.renege", 1, 1, "E")]


FOLLOW_HANDS = """\
N: KC KH QH 2H 4H
E: QC 2S 3D 4D 6D
S: 3C 4C 5C 7D 8D
W: 6C 7C 8C 9D TD"""


def test_may_trump_when_following_option():
    """T25 #14 and its variant: with may_trump_when_following = no E must follow clubs."""
    body = "turnup 6S\n1. N KC  E 2S  S 3C  W 6C\n2. E 3D"
    assert found(check(record(body, hands=FOLLOW_HANDS))) == []
    options = (("may_trump_when_following", "no"),)
    match = check(record(body, hands=FOLLOW_HANDS, options=options))
    assert found(match)[0] == ("25.follow-suit", 1, 1, "E")
    # a discard of a third suit: the message may not offer trumping as the way out
    match = check(record(replace(body, "E 2S", "E 3D"), hands=FOLLOW_HANDS, options=options))
    assert found(match)[0] == ("25.follow-suit", 1, 1, "E")
    assert "or play a trump" not in finding(match, "25.follow-suit").message
    legal = "turnup 6S\n1. N KC  E QC  S 3C  W 6C\n2. N KH  E 2S"  # void in hearts: trumps
    assert found(check(record(legal, hands=FOLLOW_HANDS, options=options))) == []


SEVEN_HANDS = """\
N: 4S KH QH 2C 4C
E: 5S 7H 8H 9H TH
S: JS 2D 3D 4D 6D
W: TS 2H 3H 5H 6H"""


def test_t25_07_renege_reference_option():
    body = "turnup 6S\n1. N 4S  E 5S  S 2D"
    assert found(check(record(body, hands=SEVEN_HANDS))) == []
    match = check(record(body, hands=SEVEN_HANDS, options=(("renege_reference", "highest"),)))
    assert found(match)[0] == ("25.renege", 1, 1, "S")


def test_renege_cards_option():
    hands = """\
N: 3S KH QH 2C 4C
E: JS 7D 8D 9D TD
S: 8S 9S 2H 3H 4H
W: TS 5H 6H 7H 8H"""
    body = "turnup 6S\n1. N 3S  E 7D"
    assert found(check(record(body, hands=hands))) == []
    match = check(record(body, hands=hands, options=(("renege_cards", "five_only"),)))
    assert found(match)[0] == ("25.renege", 1, 1, "E")


# -- the end of the game (T25-S3) ----------------------------------------------------------------

JINK = """\
N: 5S JS AH AS KS
E: KD QD 2H 3H 4H
S: 6H 7H 8H 9H TH
W: 2C 3C 4C 6C 7C"""
JINK_PLAY = """\
turnup 6S
1. N 5S  E 2H  S 6H  W 2C
2. N AH  E 3H  S 7H  W 3C
3. N AS  E 4H  S 8H  W 4C
4. N JS  E KD  S 9H  W 6C
5. N KS  E QD  S TH  W 7C"""


def test_t25_30_all_five_tricks_and_target_options():
    match = check(record(JINK_PLAY, hands=JINK))
    assert match.finished and match.result.startswith("N wins with 25")
    assert "opponents scoreless" in match.result
    # a higher target: the game goes on ...
    match = check(record(JINK_PLAY, hands=JINK, options=(("target", "35"),)))
    assert not match.finished
    # ... unless a jink wins it outright
    match = check(record(JINK_PLAY, hands=JINK,
                         options=(("target", "35"), ("jink_wins_game", "yes"))))
    assert match.finished and match.result.startswith("N wins with 25")
    match = check(record(JINK_PLAY, hands=JINK, options=(("jink_wins_game", "yes"),)))
    assert match.finished and match.score["N"] == 25


def test_match_over_and_dealer():
    after = record(JINK_PLAY, hands=JINK) + "\ndeal 2\n" + HANDS + "\n" + PLAY + "\n"
    match = check(after)
    assert errors(match) == [("25.match-over", 2, None, None)]
    two = record(PLAY) + "\ndeal 2 dealer S\n" + HANDS + "\n" + PLAY.replace(
        "1. N 2S  E 2D  S 7S  W 2C", "1. W 2C  N 2S  E 2D  S 7S") + "\n"
    match = check(two)
    assert ("25.dealer", 2, None, None) in errors(match)
    assert "N should deal" in finding(match, "25.dealer").message


def test_deal_over_and_incomplete():
    match = check(record(PLAY + "\n6. N 2S"))
    assert errors(match) == [("25.deal-over", 1, 6, "N")]
    short = PLAY.rsplit("\n", 2)[0]
    match = check(record(short))
    assert errors(match) == [("25.incomplete", 1, None, None)]
    result = match.deals[0].result
    assert result.disputed and result.points == {"N": 0, "E": 5, "S": 0, "W": 10}


def test_a_stopped_deal_takes_its_points_from_the_result_line():
    """Decision 8: deal 1 stops at a card not held; the match score after it (which decides
    when the game ends) comes from its result line, with a note in deal 2. Without a result
    line the deal is scored as played (its complete tricks)."""
    broken = record(PLAY.replace("3. E 3D", "3. E KH"))  # N holds KH
    two = broken + "result N 5 E 5 S 0 W 15\n\ndeal 2 dealer E\n" + HANDS + "\n"
    match = check(two)
    assert errors(match)[0][0] == "25.not-held"
    first = match.deals[0].result
    assert first.disputed and first.points == {"N": 5, "E": 5, "S": 0, "W": 15}
    assert "points as recorded" in first.outcome and match.deals[1].result.score["W"] >= 15
    notes = [f for f in match.deals[1].findings if f.severity == "note"]
    assert [f.rule for f in notes] == ["25.game-end"] and "deal 1" in notes[0].message
    played = check(broken).deals[0].result
    assert played.disputed and "scored as played" in played.outcome
    assert played.points == {"N": 0, "E": 5, "S": 0, "W": 5}


GAME_END = """\
deal 1 dealer W
N: 5S JS AH AS 2D
E: KD QD 2H 3H 4H
S: 6H 7H 8H 9H TH
W: 2C 3C 4C 6C 7C
turnup 6S
1. N 5S  E 2H  S 6H  W 2C
2. N JS  E 3H  S 7H  W 3C
3. N AH  E 4H  S 8H  W 4C
4. N AS  E QD  S 9H  W 6C
5. N 2D  E KD  S TH  W 7C

deal 2 dealer N
N: JS 2S 3C 4C 6C
E: 5S 2H 3H 4H 6H
S: 7H 8H 9H TH 2D
W: 3D 4D 6D 7D 8D
turnup 9S
1. E 5S  S 2D  W 3D  N 2S
2. E 2H  S 7H  W 4D  N JS
3. N 3C  E 3H  S 8H  W 6D
4. N 4C  E 4H  S 9H  W 7D
5. N 6C  E 6H  S TH  W 8D
"""


def test_t25_27_end_mid_deal_option():
    head = '[Game "twenty-five"]\n[Seats "N E S W"]\n'
    match = check(head + "\n" + GAME_END)
    assert errors(match) == [("25.game-end", 2, 3, "N")]
    assert match.score == {"N": 25, "E": 10, "S": 0, "W": 0}
    assert match.deals[1].result.outcome == "N reaches 25 at trick 2: game over"
    match = check(head + '[Option "end_mid_deal" "no"]\n\n' + GAME_END)
    assert errors(match) == []
    assert match.finished and match.score == {"N": 40, "E": 10, "S": 0, "W": 0}


# -- the CLI -------------------------------------------------------------------------------------

runner = CliRunner()


def test_cli_games_and_simulate():
    shown = runner.invoke(app, ["games", "twenty-five"])
    assert shown.exit_code == 0
    for rule in TwentyFive.rules:
        assert rule in shown.output
    assert "dealer-robs-first" in shown.output
    result = runner.invoke(app, ["simulate", "twenty-five", "--players", "6", "--teams", "3",
                                 "-n", "3", "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert '[Teams "P1 P3 P5" "P2 P4 P6"]' in result.output
    report = check_text(result.output)
    assert report.error is None
    assert all(not errors(match) for match in report.matches)
    bad = runner.invoke(app, ["simulate", "twenty-five", "--players", "2"])
    assert bad.exit_code != 0 and "Traceback" not in bad.output


@pytest.mark.parametrize("preset", list(TwentyFive.presets))
def test_presets_resolve(preset: str):
    match = check(record(ROBBED, rules=preset))
    assert match.preset == preset
    assert errors(match) == []


def test_score_sheet_has_no_auction_columns():
    from pathlib import Path

    from referee.pipeline.checking import check_file
    from referee.report.scoresheet import render_scoresheet

    sample = Path(__file__).resolve().parent.parent / "samples/twenty-five/match-4-pairs.ttn"
    sheet = render_scoresheet(check_file(sample).matches, str(sample))
    header = sheet.splitlines()[2]
    assert "trick points" in sheet.splitlines()[1]
    assert "bidder" not in header and "target" not in header and "made" not in header
