"""The 28 family's seed variants: "C" (``c_call``), the single-hand show
(``single_hand_show``), the second bidding round (``second_round``) and the duel auction
(``auction_style = duel``): their events in the notation, and their rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from breaking import replay_breaks
from sample_records import expectations_in

from referee.model.record import Hand
from referee.notation.jsonform import json_lines, json_lines_to_records, record_to_json, validate
from referee.notation.parser import parse_records
from referee.notation.writer import dumps
from referee.pipeline.checking import check_file, check_text
from referee.replay.simulate import simulate_records

# -- notation ---------------------------------------------------------------------------------

VARIANT_EVENTS = """[Game "twenty-nine"]

deal 1 dealer S
N 16  W hold  N 17  W pass  E pass  S pass
N trump 9S
E double  N c-call
N show
"""


def test_variant_events_parse_write_and_travel_as_json() -> None:
    (record,) = parse_records(VARIANT_EVENTS)
    kinds = [e.action.kind for e in record.deals[0].events]
    assert kinds == ["bid", "hold", "bid", "pass", "pass", "pass", "trump", "double", "c-call",
                     "show"]
    canonical = dumps([record])
    assert "W hold" in canonical and "N c-call" in canonical and "N show" in canonical
    assert dumps(parse_records(canonical)) == canonical
    data = record_to_json(record)
    validate(data)
    actions = [e["action"] for e in data["deals"][0]["events"]]
    assert actions[1] == "hold" and actions[-2:] == ["c-call", "show"]
    assert dumps(json_lines_to_records(json_lines([record]))) == canonical


def test_variant_words_are_keywords_not_seats() -> None:
    from referee.model.errors import NotationSyntaxError

    for word in ("hold", "show", "c-call"):
        try:
            parse_records(f'[Game "29"]\n\ndeal 1 dealer S\n{word} 16\n')
        except NotationSyntaxError:
            continue
        raise AssertionError(f"{word!r} was read as a seat")


# -- random play and the broken-action oracle --------------------------------------------------


def _simulated(game: str, options: dict[str, str], deals: int = 60, seed: int = 5) -> str:
    return dumps(simulate_records(game, deals, seed, options=options))


@pytest.mark.parametrize(("game", "options", "kind", "rule"), [
    ("twenty-eight", {"c_call": "yes"}, "c-call", "28.c-call"),
    ("twenty-nine", {"c_call": "yes"}, "c-call", "29.c-call"),
    ("twenty-eight", {"single_hand_show": "yes"}, "show", "28.show"),
    ("twenty-eight", {"second_round": "min24"}, "bid", "28.second-round"),
    ("twenty-nine", {"second_round": "min24", "c_call": "yes"}, "bid", "29.second-round"),
    ("forty", {"second_round": "min30"}, "bid", "40.second-round"),
    ("fifty-six", {"second_round": "min40"}, "bid", "56.second-round"),
    ("twenty-nine", {"auction_style": "duel"}, "hold", "29.hold"),
    ("twenty-nine", {"auction_style": "duel", "second_round": "min24", "c_call": "yes"},
     "hold", "29.hold"),
])
def test_random_play_with_a_variant(game, options, kind, rule):
    """Simulated play with the option on is legal; one broken action per deal is found first,
    at its event; and where the variant's own action is broken, in every deal that reaches
    it, it is found there under the variant's rule."""
    text = _simulated(game, options)
    broken, _ = replay_breaks(text, 5)
    assert [m for b in broken if (m := b.mismatch()) is not None] == []
    assert len(broken) > 40
    variant, deals = replay_breaks(text, 5, rules={rule})
    assert [m for b in variant if (m := b.mismatch()) is not None] == []
    assert len(variant) > deals // 2
    kinds = {b.event.action.kind for b in variant}
    assert kind in kinds
    # second round: a bid under its minimum, or play before it; duel: a holder's number
    assert kinds <= {kind, "play", "bid"}


def test_simulate_holds_the_second_round():
    """With the option on every simulated deal with a contract holds the round after the
    trump choice: bids of 24 or more, ended by passes or by a bid of 28."""
    records = simulate_records("twenty-eight", 30, 2, options={"second_round": "min24"})
    report = check_text(dumps(records))
    assert all(m.all_findings() == [] for m in report.matches)
    rounds = [d for r in records for d in r.deals
              if any(e.action.kind == "trump" for e in d.events)]
    assert rounds
    for deal in rounds:
        events = deal.events
        first_trump = next(i for i, e in enumerate(events) if e.action.kind == "trump")
        after = [e.action for e in events[first_trump + 1:] if e.action.kind in ("bid", "pass")]
        assert len(after) >= 4 or after[-1].value == 28
        assert all(a.value >= 24 for a in after if a.kind == "bid")


def test_simulate_says_c():
    text = _simulated("twenty-eight", {"c_call": "yes"}, deals=200)
    assert " c-call" in text
    assert check_text(text).matches[0].all_findings() == []


HANDS28 = """N: JS 9S AS 7C | JH 9H TS TC
E: JD 9D AH 7S | TD KD 8C QC
S: JC 9C AD 7D | 8H QH KH TH
W: KS QS AC 8S | 8D QD KC 7H"""

SURE_DEAL = {"N": [["JS", "9S", "AS", "TS"], ["JH", "9H", "AH", "TH"]],
             "E": [["KS", "QH", "JD", "7C"], ["9D", "AC", "8S", "KD"]],
             "S": [["QS", "8H", "9C", "TC"], ["AD", "JC", "7D", "QC"]],
             "W": [["7S", "KH", "7H", "TD"], ["8D", "QD", "KC", "8C"]]}


def test_simulate_shows_a_sure_hand(monkeypatch):
    """A sure hand is rare in random deals (some 1 in 60,000 per seat), so the cards are
    stacked: whoever wins the auction with them shows them whenever he may."""
    from referee.games.twenty_eight import TwentyEight

    def stacked(ruleset, rng, dealer):  # the game's dealing, as the simulator asks for it
        return [Hand(seat, SURE_DEAL[seat]) for seat in ruleset.table.seats]

    monkeypatch.setattr(TwentyEight, "deal_hands", stacked)
    records = simulate_records("twenty-eight", 12, 1, options={"single_hand_show": "yes"})
    shows = [e for r in records for d in r.deals for e in d.events if e.action.kind == "show"]
    assert shows and all(e.action.seat == "N" for e in shows)
    report = check_text(dumps(records))
    assert all(m.all_findings() == [] for m in report.matches)


# -- options ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "options", "word"), [
    ("twenty-eight", (("c_call", "yes"), ("high_bid_two", "yes")), "automatic-double"),
    ("forty", (("c_call", "yes"),), "Twenty-Eight and Twenty-Nine only"),
    ("fifty-six", (("single_hand_show", "yes"),), "Twenty-Eight and Twenty-Nine only"),
    ("twenty-eight", (("auction_style", "duel"),), "Twenty-Nine only"),
    ("forty", (("auction_style", "duel"),), "Twenty-Nine only"),
    ("twenty-nine", (("auction_style", "duel"), ("auction_end", "single_round")), "own end"),
])
def test_variants_refused_where_they_do_not_belong(game, options, word):
    tags = "".join(f'[Option "{n}" "{v}"]\n' for n, v in options)
    report = check_text(f'[Game "{game}"]\n{tags}\ndeal 1\n')
    assert report.error_code == "record.option"
    assert word in report.error


# -- the variants' sample records ------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent / "samples"
VARIANT_SAMPLES = sorted(ROOT.glob("*/variant-*.ttn"))
VARIANT_RULES = ("c-call", "show", "second-round", "hold")


@pytest.mark.parametrize("rule", VARIANT_RULES)
def test_each_variant_rule_has_legal_and_illegal_samples(rule):
    """Every rule of the variants is met by a valid sample and broken in another, where the
    referee finds it (the samples' own Expect tags are checked by the pytest plugin)."""
    expectations = expectations_in(VARIANT_SAMPLES)
    illegal = {exp.rule for _, exp in expectations if exp.kind == "illegal"}
    assert f"28.{rule}" in illegal or f"29.{rule}" in illegal
    word = {"c-call": " c-call", "show": " show", "second-round": "second_round",
            "hold": " hold"}[rule]
    valid = [path for path, exp in expectations if exp.kind == "valid"
             and word in path.read_text(encoding="utf-8")]
    assert valid
    for path in VARIANT_SAMPLES:
        report = check_file(path, expect=True)
        assert report.error is None and report.expectations == [], path.name


@pytest.mark.parametrize(("game", "value", "valid"), [
    ("twenty-eight", "min30", False), ("twenty-nine", "min24", True), ("forty", "min24", False),
    ("forty", "min30", True), ("fifty-six", "min44", True), ("fifty-six", "min20", False),
])
def test_second_round_values_per_game(game, value, valid):
    report = check_text(f'[Game "{game}"]\n[Option "second_round" "{value}"]\n\ndeal 1\n')
    if valid:
        assert report.error_code != "record.option-value"
    else:
        assert report.error_code == "record.option-value"
        assert "valid: off" in report.error


def test_simulated_duels_name_numbers_and_hold():
    records = simulate_records("twenty-nine", 80, 4, options={"auction_style": "duel"})
    report = check_text(dumps(records))
    assert all(m.all_findings() == [] for m in report.matches)
    kinds = [e.action.kind for r in records for d in r.deals for e in d.events]
    assert kinds.count("hold") > 5
    # the duel always gives a contract: first hand bids the minimum when nobody names one
    assert all(any(e.action.kind == "trump" for e in d.events)
               for r in records for d in r.deals)


def test_hold_outside_the_duel_is_illegal_in_twenty_eight():
    """'28.hold': Twenty-Eight has no duel auction, so a hold is illegal and changes nothing
    (E then passes and N is the bidder at 16, legally)."""
    text = ('[Game "twenty-eight"]\n\ndeal 1 dealer S\n' + HANDS28
            + "\nE 14  N 16  W hold  W pass  S pass  E pass\n")
    (match,) = check_text(text).matches
    errors = [f for f in match.all_findings() if f.severity == "error"]
    assert [(f.rule, f.seat) for f in errors][:1] == [("28.hold", "W")]
    assert [f.rule for f in errors][1:] == ["28.incomplete"]
