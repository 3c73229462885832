"""How a deal of the 28 family ends before its record does (rule ``28.thrown-in`` and its
counterparts in 29, 40 and 56): first hand's redeal, everybody passing, a hand without a point
once the second batch is dealt, the cancellation when first hand declines to bid and the next
player's first batch has no point either (``annul_fh_and_next_pointless``), and the
penalty-scored deal that everybody passed after an illegal pass.

What the record holds after such a deal is not judged: no ``deal-over``, no ``trick-number``,
one note at the first action passed over, and the record exits 0 when nothing else is wrong.
A deal thrown in and not scored is dealt again by the same dealer; a deal the misplay penalty
scores passes the deal on in turn.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli.app import app

runner = CliRunner()
PREFIX = {"twenty-eight": "28", "twenty-nine": "29", "forty": "40", "fifty-six": "56"}
SAMPLES = Path(__file__).resolve().parent.parent / "samples"

POINTLESS_E = """\
N: QC KH TH AC | 9S 9C 8S 8C
E: QH KS 8D 7C | QD AH TD 7H
S: JH AD JC JS | 7S 7D JD 8H
W: 9H AS TS 9D | TC QS KD KC"""
"""Dealer S: first hand E holds no point card in his first four."""

SUITS = """\
N: KS QS 8S 7S | JS 9S AS TS
E: KH QH 8H 7H | JH 9H AH TH
S: JD 9D AD TD | KD QD 8D 7D
W: JC 9C AC TC | KC QC 8C 7C"""
"""Each player a whole suit: E's and N's first fours have no point, S's and W's do."""

EIGHT_ZERO = """\
N: 8H 8D 9C KC | 9D QH JH AC
E: 9H KH JS AH | JC 9S QD JD
S: KS 8S 7H QS | 8C KD 7C QC
W: TC TD TS AD | 7D 7S AS TH"""
"""S is dealt eight cards without a point: the deal is cancelled after the second batch."""


def check(tmp_path: Path, text: str) -> tuple[int, list[dict]]:
    """Exit code and the deals of ``referee check --format json`` on ``text``."""
    path = tmp_path / "deal.ttn"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", "--format", "json", str(path)])
    assert result.exit_code in (0, 1), result.output
    report = json.loads(result.stdout)
    return result.exit_code, report["files"][0]["matches"][0]["deals"]


def record(body: str, hands: str = POINTLESS_E, game: str = "twenty-eight",
           options: tuple[tuple[str, str], ...] = (), dealer: str = "S") -> str:
    head = [f'[Game "{game}"]'] + [f'[Option "{n}" "{v}"]' for n, v in options]
    return "\n".join(head) + f"\n\ndeal 1 dealer {dealer}\n{hands}\n{body}\n"


def rules(deal: dict, severity: str = "error") -> list[str]:
    return [f["rule"] for f in deal["findings"] if f["severity"] == severity]


def test_play_after_a_redeal_is_passed_over_with_a_note(tmp_path):
    code, deals = check(tmp_path, record("E redeal\n1. E QH N QC W 9H S JH\n2. S JC E KS"))
    assert code == 0
    (deal,) = deals
    assert rules(deal) == []
    assert rules(deal, "note") == ["28.thrown-in"]
    note = deal["findings"][0]
    assert (note["line"], note["column"]) == (9, 1)  # the first action after the redeal
    assert "demanded a redeal" in note["message"]
    assert deal["result"]["game_points"] == {"NS": 0, "EW": 0}
    assert deal["unchecked"] == ("the 6 actions recorded after the deal ended are disregarded "
                                 "(not judged)")


def test_wrong_trick_marks_after_a_cancelled_deal_are_not_judged(tmp_path):
    body = "E 15  N pass  W pass  S pass\nE trump 9H\n1. E JC N 9D W 7D S 8C\n5. E JS N 8D"
    code, deals = check(tmp_path, record(body, hands=EIGHT_ZERO))
    assert code == 0
    assert rules(deals[0]) == [] and rules(deals[0], "note") == ["28.thrown-in"]
    assert deals[0]["result"]["outcome"].startswith("annulled")


def test_a_deal_without_play_after_it_has_no_note(tmp_path):
    code, deals = check(tmp_path, record("E redeal"))
    assert code == 0 and deals[0]["findings"] == []
    assert "unchecked" not in deals[0]


@pytest.mark.parametrize(("game", "auction", "dealers", "points"), [
    ("twenty-eight", "E pass  N pass  W pass  S pass", ("S", "E"), {"NS": 0, "EW": -1}),
    ("twenty-nine", "W pass  N pass  E pass  S pass", ("S", "W"), {"NS": -1, "EW": 0}),
])
def test_a_penalty_scored_all_pass_passes_the_deal_on(tmp_path, game, auction, dealers, points):
    second = f"deal 2 dealer {dealers[1]}\n{SUITS}\n"
    text = record(f"{auction}\n1. E KH N KS\n\n{second}", hands=SUITS, game=game)
    code, deals = check(tmp_path, text)
    first, following = deals
    assert code == 1
    assert first["result"]["game_points"] == points
    assert "annulled" not in first["result"]["outcome"]
    assert "void" not in first["result"]["outcome"]
    assert rules(first, "note") == [f"{PREFIX[game]}.thrown-in"]
    assert not [rule for rule in rules(following) if rule.endswith(".dealer")]
    # the same dealer again would be wrong now
    text = text.replace(f"deal 2 dealer {dealers[1]}", f"deal 2 dealer {dealers[0]}")
    _, deals = check(tmp_path, text)
    dealer = [f for f in deals[1]["findings"] if f["rule"].endswith(".dealer")]
    assert dealer and "the deal passes" in dealer[0]["message"]


SIX = """\
P1: AH 8C 9S | KS 3S JS
P2: 3H TS 7D | 7S TD 8D
P3: KD AS KH | 7C 3C 9H
P4: JH 3D QS | KC 7H 9D
P5: 8S JC QC | 9C TC 8H
P6: AC JD QD | QH TH AD"""

SIX_56 = """\
P1: 9S TH AS KH | KS QS QS 9S
P2: QD TS QC JC | AH 9H 9D JD
P3: AC JS 9C QC | AS KC JD AC
P4: TC QH TC AD | 9C KH AH KD
P5: 9H JH KD QH | KC TD AD KS
P6: TS 9D JH JS | QD JC TD TH"""


@pytest.mark.parametrize(("game", "hands", "points", "paid"), [
    ("forty", SIX, {"P1P3P5": 4, "P2P4P6": 0}, "the opponents gain 4"),
    ("fifty-six", SIX_56, {"P1P3P5": 0, "P2P4P6": -1}, "P2-P4-P6 lose the lowest stake"),
])
def test_the_lowest_stake_follows_the_table(tmp_path, game, hands, points, paid):
    """First hand P6 passes illegally and everybody passes: Forty's table pays the lowest
    stake (2) to the opponents, doubled by Forty's penalty; Fifty-Six's lowest stake is 1."""
    auction = "P6 pass  P5 pass  P4 pass  P3 pass  P2 pass  P1 pass"
    text = record(f"{auction}\n\ndeal 2 dealer P6\n{hands}\n", hands=hands, game=game,
                  dealer="P1")
    _, deals = check(tmp_path, text)
    assert deals[0]["result"]["game_points"] == points
    assert paid in deals[0]["result"]["outcome"]
    assert not [rule for rule in rules(deals[1]) if rule.endswith(".dealer")]


OPTION = (("annul_fh_and_next_pointless", "yes"),)


def test_cancellation_4_first_hand_passes(tmp_path):
    text = record("E pass  N 15  W pass  S pass\nE trump KH", hands=SUITS, options=OPTION)
    code, deals = check(tmp_path, text)
    assert code == 0
    assert rules(deals[0], "note") == ["28.thrown-in"]
    assert deals[0]["result"]["outcome"].startswith("annulled: first hand E passed")


def test_cancellation_4_needs_first_hands_pass(tmp_path):
    code, deals = check(tmp_path, record("E 14  N pass  W pass  S pass", hands=SUITS,
                                         options=OPTION))
    assert rules(deals[0]) == ["28.incomplete"]  # not cancelled: the auction ended, no play
    assert "annulled" not in deals[0]["result"]["outcome"]


def test_cancellation_4_needs_the_next_players_pointless_four(tmp_path):
    # dealer E: first hand N has no point card, the next player W has the J 9 A 10 of clubs;
    # N may pass, and the auction goes on
    code, deals = check(tmp_path, record("N pass  W 14  S pass  E pass  N pass", hands=SUITS,
                                         options=OPTION, dealer="E"))
    assert rules(deals[0]) == ["28.incomplete"]
    assert deals[0]["findings"][0]["message"].startswith("the bidder W has not chosen")


def test_cancellation_4_first_hand_with_points_may_not_pass(tmp_path):
    code, deals = check(tmp_path, record("S pass  E pass  N pass  W pass", hands=SUITS,
                                         options=OPTION, dealer="W"))
    assert code == 1
    assert rules(deals[0]) == ["28.opening-bid"]
    assert "demand a redeal or pass" in deals[0]["findings"][0]["message"]


def test_standard_first_hand_without_points_may_not_pass(tmp_path):
    code, deals = check(tmp_path, record("E pass  N pass  W pass  S pass", hands=SUITS))
    assert code == 1
    finding = deals[0]["findings"][0]
    assert finding["rule"] == "28.opening-bid"
    assert "E redeal" in finding["alternatives"] and "E pass" not in finding["alternatives"]


def test_cancellation_4_without_the_deal_order_is_a_note(tmp_path):
    """Hands given without their dealing rounds: whether first hand's four had a point is
    unknown, so his pass is accepted, the deal goes on, and a note says what was not checked."""
    flat = "\n".join(line.replace(" |", "") for line in SUITS.splitlines())
    code, deals = check(tmp_path, record("E pass  N 15  W pass  S pass  E pass", hands=flat,
                                         options=OPTION))
    assert rules(deals[0]) == ["28.incomplete"]
    assert "28.deal-order" in rules(deals[0], "note")


def test_the_samples_of_thrown_in_deals_hold():
    paths = sorted([*SAMPLES.glob("*/thrown-in-*.ttn"), *SAMPLES.glob("*/cancel-04-*.ttn")])
    assert len(paths) >= 10
    result = runner.invoke(app, ["check", "--expect", *map(str, paths)])
    assert result.exit_code == 0, result.output
    assert "all expectations met" in result.output


@pytest.mark.parametrize("game", ["twenty-eight", "twenty-nine", "forty", "fifty-six"])
def test_referee_games_lists_the_rule(game):
    result = runner.invoke(app, ["games", game])
    assert result.exit_code == 0
    assert f"{PREFIX[game]}.thrown-in" in result.output
    assert "annul_fh_and_next_pointless" in result.output


def test_card_points_of_play_after_a_redeal_are_not_compared(tmp_path):
    """The result line of play written after a redeal: its card points belong to no deal (a
    note); the match score is still compared."""
    body = "E redeal\n1. E QH N QC W 9H S JH\nresult NS 4 EW 0\nresult score NS 0 EW 0"
    code, deals = check(tmp_path, record(body))
    assert code == 0
    assert rules(deals[0], "note") == ["28.thrown-in", "record.result-not-compared"]
    code, deals = check(tmp_path, record(body.replace("score NS 0", "score NS 1")))
    assert code == 1 and rules(deals[0]) == ["record.result-mismatch"]


NO_TRUMP_FOR_N_S = """\
N: KS QS 8S 7S | JS 9S JD 9D
E: KH QH 8H 7H | JH 9H AS TS
S: AD TD KD QD | 8D 7D AC TC
W: JC 9C AH TH | KC QC 8C 7C"""
"""E-W hold every heart: with hearts trumps, the bidder's opponents hold no trump."""


def test_play_after_a_cancellation_at_the_reveal_is_not_judged(tmp_path):
    """annul_other: the bidder's opponents hold no trump, found when it is exposed (W calls in
    trick 1); the tricks after the call are not judged (N leads trick 2 out of turn)."""
    body = "E 14  N pass  W pass  S pass\nE trump KH\n1. E AS N 7S W call W AH S 8D\n2. N AC"
    code, deals = check(tmp_path, record(body, hands=NO_TRUMP_FOR_N_S))
    assert rules(deals[0]) == ["28.turn"]  # the option off: the play is judged
    code, deals = check(tmp_path, record(body, hands=NO_TRUMP_FOR_N_S,
                                         options=(("annul_other", "yes"),)))
    assert code == 0
    assert rules(deals[0], "note") == ["28.thrown-in"]
    assert deals[0]["findings"][0]["column"] == 21  # W's card after his call
    assert "opponents were dealt no trump" in deals[0]["result"]["outcome"]


def test_no_deal_order_note_for_cancellation_4_when_first_hand_bids(tmp_path):
    flat = "\n".join(line.replace(" |", "") for line in SUITS.splitlines())
    _, deals = check(tmp_path, record("E 14  N pass  W pass  S pass", hands=flat,
                                      options=OPTION))
    assert "28.deal-order" not in rules(deals[0], "note")
