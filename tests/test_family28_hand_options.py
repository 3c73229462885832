"""Several single-hand declarations (the first to declare plays it), and the options
``kings_queens_minus_one`` (Twenty-Eight: every King and Queen -1, the pack totals 20) and
``second_bid_min`` (Forty's "a second bid must be 30 or more", read literally)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from referee.cli.app import app
from referee.notation.resources import load_schema
from referee.pipeline.checking import check_text
from referee.replay.simulate import simulate

HANDS_28 = """\
N: 8S QH 8C 7C | QD KH 9C QS
E: QC 7S KC JD | 9D 8H AC 8D
S: TH TD KS TC | 7D JC 7H AD
W: JS TS AS 9S | KD JH AH 9H"""
"""W holds J 10 A 9 of spades, J A 9 of hearts and the K of diamonds: a single hand that can
lose (the K of diamonds)."""

LOST_SINGLE = """\
1. W AH  S 7H  N QH
2. W JS  S KS  N QS
3. W JH  S TH  N KH
4. W 9H  S AD  N 8S
5. W KD  S TD  N QD"""
"""W's single hand, lost at trick 5: S's 10 of diamonds beats his K."""

HANDS_40 = """\
P1: 3S 7C JD | TC 7H KD
P2: QC TD 7D | TH TS 9S
P3: 8D 9H 7S | KS QH AC
P4: AD 9D 8S | JH AS 3D
P5: QS 9C 3C | KH JC AH
P6: 8C 8H KC | JS 3H QD"""


def record(game: str, hands: str, body: str, options: tuple[tuple[str, str], ...] = (),
           dealer: str = "S") -> str:
    head = [f'[Game "{game}"]'] + [f'[Option "{n}" "{v}"]' for n, v in options]
    return "\n".join(head) + f"\n\ndeal 1 dealer {dealer}\n{hands}\n{body}\n"


def check(text: str):
    report = check_text(text)
    assert report.error is None, report.error
    return report.matches[0]


def findings(match, severity: str) -> list[str]:
    return [f.rule for f in match.all_findings() if f.severity == severity]


AUCTION_28 = "E 14  N 16  W pass  S pass  E pass\nN trump 8C\n"
MINUS = (("kings_queens_minus_one", "yes"),)
SECOND = (("second_bid_min", "30"),)

# -- several single-hand declarations --------------------------------------------------------


@pytest.mark.parametrize("second", ["S", "N", "E", "W"])
def test_a_later_single_hand_is_superseded(second):
    """Whoever declares second (an opponent, the partner, the declarer again) is superseded:
    a note, not an offence, so the lost single hand is scored as lost (-3), not as won by
    the misplay penalty."""
    match = check(record("twenty-eight", HANDS_28,
                         AUCTION_28 + f"W single\n{second} single\n" + LOST_SINGLE))
    assert findings(match, "error") == []
    notes = [f for f in match.all_findings() if f.rule == "28.single-hand"]
    assert [f.severity for f in notes] == ["note"]
    assert f"{second}'s single-hand declaration is superseded: W declared" in notes[0].message
    result = match.deals[0].result
    assert result.game_points == {"NS": 0, "EW": -3} and "lost trick 5" in result.outcome


def test_a_single_hand_declared_after_the_lead_is_illegal():
    body = AUCTION_28 + "W single\n" + LOST_SINGLE.replace("1. W AH  S 7H", "1. W AH  S single"
                                                           "  S 7H")
    match = check(record("twenty-eight", HANDS_28, body))
    assert findings(match, "error") == ["28.single-hand"]
    assert "only before the lead to trick 1" in next(
        f.message for f in match.all_findings() if f.rule == "28.single-hand")
    assert match.deals[0].result.game_points == {"NS": 0, "EW": 3}  # S offended first


def test_a_single_hand_before_the_first_is_the_one_played():
    """The first declaration decides who plays: S's single hand, not W's."""
    match = check(record("twenty-eight", HANDS_28, AUCTION_28 + "S single\nW single\n"
                         "1. W AH"))
    assert "28.turn" in findings(match, "error")  # S leads his single hand, not W


# -- Kings and Queens at -1 ------------------------------------------------------------------


def test_minus_one_kings_and_queens_total_20_in_every_deal():
    text = simulate("twenty-eight", 40, 7, options={"kings_queens_minus_one": True})
    report = check_text(text)
    assert report.error is None
    played = 0
    for match in report.matches:
        assert [f for f in match.all_findings() if f.severity == "error"] == []
        for deal in match.deals:
            result = deal.result
            if result is None or not result.scored or result.contract.single:
                continue
            played += 1
            assert sum(result.points.values()) == 20, result
            assert 10 <= result.contract.bid <= 20
    assert played > 10


def test_minus_one_bid_range_and_explicit_limits():
    body = "E 10  N 20"
    assert findings(check(record("twenty-eight", HANDS_28, body, MINUS)), "error") == [
        "28.incomplete"]
    match = check(record("twenty-eight", HANDS_28, "E 9", MINUS))
    assert "28.bid-range" in findings(match, "error")
    assert "bids go from 10 to 20" in next(
        f.message for f in match.all_findings() if f.rule == "28.bid-range")
    # a record that sets the limits keeps them
    limits = (*MINUS, ("min_bid", "12"), ("max_bid", "18"))
    match = check(record("twenty-eight", HANDS_28, "E 19", limits))
    assert "bids go from 12 to 18" in next(
        f.message for f in match.all_findings() if f.rule == "28.bid-range")
    assert findings(check(record("twenty-eight", HANDS_28, "E 14", ())), "error") == [
        "28.incomplete"]


def test_minus_one_cards_are_no_point_cards():
    """E's first four K Q 8 7: without the option K and Q are worth nothing, with it -1:
    either way no point, so he may demand a redeal; with an A among them he may not."""
    hands = HANDS_28.replace("E: QC 7S KC JD", "E: QC 7S KC 8D").replace(
        "| 9D 8H AC 8D", "| 9D 8H AC JD")
    for options in ((), MINUS):
        match = check(record("twenty-eight", hands, "E redeal", options))
        assert findings(match, "error") == [] and "annulled" in match.deals[0].result.outcome
    match = check(record("twenty-eight", HANDS_28.replace("E: QC 7S KC JD", "E: QC 7S KC AC")
                         .replace("| 9D 8H AC 8D", "| 9D 8H JD 8D"), "E redeal", MINUS))
    assert findings(match, "error") == ["28.redeal"]


def test_negative_card_points_read_compared_and_written_as_json(tmp_path: Path):
    body = AUCTION_28.replace("E 14  N 16", "E 10  N 12") + "W single\n1. W KD  S AD  N QD\n"
    text = record("twenty-eight", HANDS_28, body + "result NS -1 EW 0", MINUS)
    match = check(text)
    assert findings(match, "error") == []
    assert match.deals[0].result.points == {"NS": -1, "EW": 0}
    wrong = check(text.replace("result NS -1", "result NS 1"))
    assert findings(wrong, "error") == ["record.result-mismatch"]
    path = tmp_path / "minus.ttn"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["check", "--format", "json", str(path)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    Draft202012Validator(load_schema("report.schema.json")).validate(report)
    assert report["files"][0]["matches"][0]["deals"][0]["result"]["points"]["NS"] == -1


@pytest.mark.parametrize("game", ["twenty-nine", "forty", "fifty-six"])
def test_minus_one_is_twenty_eight_only(game):
    report = check_text(f'[Game "{game}"]\n[Option "kings_queens_minus_one" "yes"]\n')
    assert report.error_code == "record.option"
    assert "Twenty-Eight only" in report.error


# -- Forty's second bid of 30 ----------------------------------------------------------------

AUCTION_40 = ("P2 21  P1 22  P6 pass  P5 pass  P4 pass  P3 pass  P2 {second}  P1 31  P6 pass  "
              "P5 pass  P4 pass  P3 pass  P2 pass")


@pytest.mark.parametrize(("second", "errors"), [
    ("30", []), ("29", ["40.bid-range"]), ("25", ["40.bid-range"])])
def test_forty_second_bid_must_be_30(second, errors):
    body = AUCTION_40.format(second=second)
    match = check(record("forty", HANDS_40, body, SECOND, dealer="P3"))
    assert [r for r in findings(match, "error") if not r.endswith("incomplete")] == errors
    if errors:
        message = next(f.message for f in match.all_findings() if f.rule == "40.bid-range")
        assert f"P2 has bid before in this auction: his second bid must be 30 or more " \
               f"(second_bid_min), not {second}" == message


def test_forty_first_bids_below_30_stay_legal():
    body = "P2 21  P1 22  P6 23  P5 24  P4 25  P3 26"
    match = check(record("forty", HANDS_40, body, SECOND, dealer="P3"))
    assert [r for r in findings(match, "error") if not r.endswith("incomplete")] == []
    # without the option a second bid of 25 is legal
    match = check(record("forty", HANDS_40, AUCTION_40.format(second="25"), (), dealer="P3"))
    assert [r for r in findings(match, "error") if not r.endswith("incomplete")] == []


def test_second_bid_min_is_refused_with_the_second_round():
    text = record("forty", HANDS_40, "", (*SECOND, ("second_round", "min30")), dealer="P3")
    report = check_text(text)
    assert report.error_code == "record.option" and "choose one" in report.error


def test_the_options_are_listed():
    result = CliRunner().invoke(app, ["games", "twenty-eight"])
    assert "kings_queens_minus_one" in result.stdout and "second_bid_min" in result.stdout
    result = CliRunner().invoke(app, ["games", "forty"])
    assert "second_bid_min" in result.stdout


# -- the independent oracle on these samples ---------------------------------------------------

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
ORACLE_SAMPLES = sorted(
    [*SAMPLES.glob("twenty-eight/rule-28-single-hand-*.ttn"),
     *SAMPLES.glob("twenty-eight/variant-show-*.ttn"),
     *SAMPLES.glob("twenty-eight/option-kings-queens-minus-one-*.ttn"),
     *SAMPLES.glob("forty/option-second-bid-min*.ttn"),
     SAMPLES / "twenty-nine" / "variant-show.ttn"])


@pytest.mark.parametrize("path", ORACLE_SAMPLES, ids=lambda p: p.name)
def test_the_oracle_agrees_on_the_samples(path: Path):
    """tests/oracle28.py, written from the rules, judges each sample of these rules as the
    referee does: first error, stop, card points, game points and score."""
    from oracle28 import judge_deal, rules_for
    from test_oracle28 import differences, referee_view

    from referee.notation.parser import parse_records
    from referee.replay.replay import MatchReplay

    assert len(ORACLE_SAMPLES) >= 15
    for record in parse_records(path.read_text(encoding="utf-8")):
        rules = rules_for(record)
        replay = MatchReplay(record.header)
        score = dict.fromkeys(sorted(set(rules.team.values())), 0)
        for deal in record.deals:
            theirs = referee_view(deal, replay.replay_deal(deal))
            ours = judge_deal(rules, deal, score)
            assert differences(ours, theirs) == [], f"deal {deal.number}"
