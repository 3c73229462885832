"""``referee annotate``: the referee's comments, idempotence, the user's comments kept,
checking unchanged, atomic ``--in-place``; over every registered game."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from test_cli import DEAL
from typer.testing import CliRunner

from referee.cli.app import app
from referee.games import games
from referee.model.errors import RefereeError
from referee.model.record import Comment, Event
from referee.notation.parser import iter_items, parse_records
from referee.notation.writer import dumps
from referee.pipeline.annotate import annotated_text, is_referee_comment
from referee.pipeline.checking import check_text
from referee.replay.simulate import break_one_action, simulate, simulate_records

runner = CliRunner()
GAMES = [cls.name for cls in games()]
DEALS = 12

LEGAL = '[Game "twenty-eight"]\n\n' + DEAL.replace(
    "deal 1 dealer N", "deal 1 dealer N ; the first deal").replace(
    "W trump 7H", "W trump 7H {W keeps the seven}").replace("result NS 17 EW 11\n", "")

# E discards QS in trick 2 although he holds diamonds (a revoke), then plays KD in trick 3.
ILLEGAL = LEGAL.replace("2. S TD  E KD", "2. S TD  E QS").replace(
    "3. W 7S  S 7D  E QS", "3. W 7S  S 7D  E KD")


def annotate(text: str) -> str:
    return annotated_text(iter_items(text, "t.ttn"))[0]


def findings(text: str) -> list[tuple]:
    report = check_text(text, "t.ttn")
    assert report.error is None, report.error
    return [(f.rule, f.deal, f.trick, f.seat, f.severity) for m in report.matches
            for f in m.all_findings()]


def test_tricks_deal_and_match_are_tallied():
    out = annotate(LEGAL)
    # trick 1: S calls and trumps with QH; AS 1 + QH 0 + 9S 2 + 8S 0 = 3 points to N-S
    assert ("1. W AS  S call  S QH  E 9S  N 8S {= trick 1: S wins, 3 points; NS 3 EW 0}"
            in out)
    # trick 2: S TD E KD N 8D W AD: W's ace of diamonds wins TD 1 + AD 1 = 2 points
    assert "{= trick 2: W wins, 2 points; NS 3 EW 2}" in out
    assert out.count("{= trick ") == 8
    # the deal's summary and the match's stand on comment lines of their own
    assert out.endswith("\n{= deal 1: E-W failed 11 of target 24}\n"
                        "{= points NS 17 EW 11; game points NS +0 EW -1; score NS 0 EW -1}\n"
                        "{= match not over: NS 0 EW -1}\n")


def test_summary_lines_stay_short_and_say_not_scored_once():
    stopped = "".join(LEGAL.splitlines(keepends=True)[:LEGAL.splitlines().index(
        next(line for line in LEGAL.splitlines() if line.startswith("3.")))])
    out = annotate(stopped)
    assert max(len(line) for line in out.splitlines() if line.startswith("{=")) <= 100
    assert "{= deal 1: not scored: the deal is incomplete}" in out
    assert out.count("not scored") == 1
    assert "{= deal 1 in progress; match not over: NS 0 EW 0}" in out


def test_finding_names_rule_requirement_and_alternatives():
    out = annotate(ILLEGAL)
    line = next(line for line in out.splitlines() if line.startswith("2."))
    assert ("E QS {! 28.follow-suit: E holds JD 9D KD and must follow diamonds; "
            "legal: JD, 9D, KD}") in line


def test_user_comments_stay_where_they_were():
    out = annotate(LEGAL)
    assert "deal 1 dealer N ; the first deal" in out
    assert "W trump 7H {W keeps the seven}" in out
    first = parse_records(out)[0].deals[0]
    assert first.comments == [Comment(" the first deal", "line")]
    trump = next(e for e in first.events if e.action.kind == "trump")
    assert trump.comments == [Comment("W keeps the seven")]


@pytest.mark.parametrize("text", [LEGAL, ILLEGAL], ids=["legal", "illegal"])
def test_idempotent_and_checks_like_the_input(text):
    once = annotate(text)
    assert annotate(once) == once
    assert findings(once) == findings(text)


def test_referee_comments_are_replaced_not_piled_up():
    stale = LEGAL.replace("{W keeps the seven}", "{W keeps the seven} {! 28.old: stale}"
                          ).replace("result NS 17 EW 11", "result NS 17 EW 11 {= deal 1: old}")
    out = annotate(stale)
    assert "stale" not in out and "deal 1: old" not in out
    assert out == annotate(LEGAL)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_annotates_idempotently(game):
    records = simulate_records(game, DEALS, 7)
    text = dumps(records)
    once = annotate(text)
    assert annotate(once) == once
    assert findings(once) == findings(text)
    tallies = once.count("{= trick ")
    events = [e for r in parse_records(once) for d in r.deals for e in d.events]
    assert tallies == sum(1 for e in events for c in e.comments if c.text.startswith("= trick"))
    assert once.count("{= deal ") == DEALS


@pytest.mark.parametrize("game", GAMES)
def test_every_game_annotates_a_broken_action_with_its_rule(game):
    records = simulate_records(game, DEALS, 11)
    breaks = break_one_action(records, random.Random(3))
    assert breaks and breaks[0].deal_no == 1
    # Only the first deal, broken: a broken deal may change what later deals may be (the
    # dealer, Twenty-Two's deal size), which is what the random-play tests look at.
    del records[1:]
    del records[0].deals[1:]
    out = annotate(dumps(records))
    parsed = parse_records(out)
    deals = [d for r in parsed for d in r.deals]
    first = breaks[0]
    deal = deals[first.deal_no - 1]
    event: Event = deal.events[first.event_index]
    marked = [c.text for c in event.comments if is_referee_comment(c)
              and c.text.startswith("! ")]
    assert marked and marked[0].startswith(f"! {first.rule}: "), (first, event.comments)


def test_cli_writes_output_and_exit_codes(tmp_path):
    source = tmp_path / "game.ttn"
    source.write_text(ILLEGAL)
    result = runner.invoke(app, ["annotate", str(source)])
    assert result.exit_code == 1
    assert "{! 28.follow-suit:" in result.stdout
    out = tmp_path / "out.ttn"
    result = runner.invoke(app, ["annotate", str(source), "-o", str(out)])
    assert result.exit_code == 1 and out.read_text() == annotate(ILLEGAL)
    assert source.read_text() == ILLEGAL
    source.write_text(LEGAL)
    result = runner.invoke(app, ["annotate", str(source), "--in-place"])
    assert result.exit_code == 0
    assert source.read_text() == annotate(LEGAL)


def test_cli_unreadable_input_writes_nothing(tmp_path):
    source = tmp_path / "bad.ttn"
    source.write_text('[Game "twenty-eight"]\n\ndeal 1 dealer N\nN: KC 1OS\n')
    before = source.read_bytes()
    result = runner.invoke(app, ["annotate", str(source), "--in-place"])
    assert result.exit_code == 2
    assert "bad.ttn:4:" in result.output and "Traceback" not in result.output
    assert source.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["bad.ttn"]


def test_cli_in_place_failure_keeps_the_original(tmp_path, monkeypatch):
    source = tmp_path / "game.ttn"
    source.write_text(LEGAL)

    def failing_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", failing_replace)
    result = runner.invoke(app, ["annotate", str(source), "--in-place"])
    assert result.exit_code == 2
    assert "the original is unchanged" in result.output
    assert source.read_text() == LEGAL
    assert sorted(os.listdir(tmp_path)) == ["game.ttn"]  # no temporary file left behind


def test_cli_usage_errors(tmp_path):
    source = tmp_path / "game.ttn"
    source.write_text(LEGAL)
    result = runner.invoke(app, ["annotate", str(source), "-i", "-o", str(tmp_path / "x")])
    assert result.exit_code == 2
    result = runner.invoke(app, ["annotate", "-", "--in-place"], input=LEGAL)
    assert result.exit_code == 2


def test_cli_reads_standard_input():
    result = runner.invoke(app, ["annotate", "-"], input=LEGAL)
    assert result.exit_code == 0
    assert result.stdout == annotate(LEGAL)


def test_simulated_text_round_trips_through_annotate_to_the_same_check(tmp_path: Path):
    text = simulate("twenty-eight", 5, 1)
    path = tmp_path / "sim.ttn"
    path.write_text(text)
    result = runner.invoke(app, ["annotate", str(path), "-i"])
    assert result.exit_code == 0
    assert runner.invoke(app, ["check", str(path)]).exit_code == 0


SAMPLES = sorted((Path(__file__).resolve().parent.parent / "samples").rglob("*.ttn"))


def test_every_sample_annotates_idempotently():
    """Annotating twice is annotating once, for every shipped sample of every game (a deal
    stopped by a fatal finding, a ``;`` comment that pushes the referee's onto a new line)."""
    for path in SAMPLES:
        text = path.read_text(encoding="utf-8")
        try:
            once = annotate(text)
        except RefereeError:
            continue  # a sample of a record error: nothing to annotate
        assert annotate(once) == once, path.name


def test_a_wrong_deal_number_is_annotated_on_the_deal_line():
    out, errors = annotated_text(iter_items(LEGAL.replace("deal 1 dealer N", "deal 4 dealer N"),
                                            "t.ttn"))
    assert errors == 1
    assert "deal 4 dealer N ; the first deal\n{! record.deal-number: this is deal 1" in out
