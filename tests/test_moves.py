"""``referee moves``: positions, the legal actions there and why the others are excluded;
over every registered game."""

from __future__ import annotations

import json
import random

import pytest
from test_annotate import ILLEGAL, LEGAL
from typer.testing import CliRunner

from referee.cli.app import app
from referee.games import games
from referee.model.errors import RecordError
from referee.notation.parser import iter_items
from referee.notation.writer import dumps, format_action
from referee.replay.moves import Position, moves_at, parse_position
from referee.replay.replay import MatchReplay
from referee.replay.simulate import simulate_records

runner = CliRunner()
GAMES = [cls.name for cls in games()]


@pytest.mark.parametrize(("text", "expected"), [
    ("3", Position(3)),
    ("3.2", Position(3, 2)),
    ("3.2.S", Position(3, 2, "S")),
    (" 12.8.P3 ", Position(12, 8, "P3")),
])
def test_parse_position(text, expected):
    assert parse_position(text) == expected


@pytest.mark.parametrize("text", ["", "0", "3.0", "x", "3.2.S.1", "3..S", "-1.2"])
def test_parse_position_refuses(text):
    with pytest.raises(ValueError, match="DEAL.TRICK.SEAT"):
        parse_position(text)


def moves(text: str, at: str):
    return moves_at(iter_items(text, "t.ttn"), parse_position(at))


def test_follow_suit_position_lists_the_rule_of_each_excluded_card():
    found = moves(ILLEGAL, "1.2.E")
    assert [format_action(a) for a in found.allowed] == ["E JD", "E 9D", "E KD"]
    assert format_action(found.recorded.action) == "E QS"
    excluded = {format_action(a): why.rule for a, why in found.excluded}
    assert excluded["E QS"] == "28.follow-suit"
    assert excluded["E 7C"] == "28.follow-suit"


def test_start_of_deal_is_the_auction():
    found = moves(LEGAL, "1")
    assert format_action(found.recorded.action) == "W 14"
    # first hand must open the bidding (28 A2.2): bids 14 and up, no pass
    assert {a.kind for a in found.allowed} == {"bid"}
    assert min(a.value for a in found.allowed) == 14
    assert {a.seat for a in found.allowed} == {"W"}
    assert any(a.kind == "pass" and why.rule.startswith("28.") for a, why in found.excluded)


def test_trick_without_seat_is_before_its_lead():
    found = moves(LEGAL, "1.4")
    assert format_action(found.recorded.action) == "N KC"


@pytest.mark.parametrize(("at", "message"), [
    ("2", "has no deal 2"),
    ("1.9", "no trick 9"),
    ("1.2.X", "not at the table"),
])
def test_positions_the_record_does_not_have(at, message):
    with pytest.raises(RecordError, match=message):
        moves(LEGAL, at)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_recorded_action_is_among_the_legal_ones(game):
    records = simulate_records(game, 6, 5)
    text = dumps(records)
    rng = random.Random(game)
    header = records[0].header
    deals = records[0].deals
    for deal in rng.sample(deals, min(3, len(deals))):
        # find a play in this deal and ask for its position
        replay = MatchReplay(header)
        for earlier in deals[:deal.number - 1]:
            replay.replay_deal(earlier)
        plays = []

        def note(event, state, plays=plays):
            plays.append((event, state.trick_at_hand))
            return False

        replay.state_before(deal, note)
        candidates = [(e, t) for e, t in plays if e.action.kind == "play"]
        if not candidates:
            continue
        event, trick = rng.choice(candidates)
        seat = event.action.seat
        found = moves(text, f"{deal.number}.{trick}.{seat}")
        assert found.recorded.action == event.action
        assert event.action in found.allowed
        assert all(a.seat == seat for a in found.allowed)
        assert all(why.rule for _, why in found.excluded)


def test_cli_text_and_json(tmp_path):
    path = tmp_path / "g.ttn"
    path.write_text(ILLEGAL)
    result = runner.invoke(app, ["moves", str(path), "--at", "1.2.E"])
    assert result.exit_code == 0
    assert "E KD" in result.stdout and "28.follow-suit" in result.stdout
    result = runner.invoke(app, ["moves", str(path), "--at", "1.2.E", "--format", "json"])
    data = json.loads(result.stdout)
    assert data["legal"] == ["E JD", "E 9D", "E KD"]
    assert data["recorded"]["action"] == "E QS" and data["recorded"]["line"] == 11
    assert {"action": "E QS", "rule": "28.follow-suit",
            "message": "E holds JD 9D KD and must follow diamonds"} in data["excluded"]


def test_cli_errors_are_located_and_exit_2(tmp_path):
    path = tmp_path / "g.ttn"
    path.write_text(LEGAL)
    result = runner.invoke(app, ["moves", str(path), "--at", "1.9"])
    assert result.exit_code == 2
    assert f"{path}:3:1: error [record.position]" in result.output
    result = runner.invoke(app, ["moves", str(path), "--at", "one"])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_a_seat_asked_where_the_next_action_has_no_seat(tmp_path):
    # Found by the long fuzz run: before Twenty-Five's turn-up nobody's seat acts, and asking
    # for a seat there ended in an IndexError.
    path = tmp_path / "t.ttn"
    path.write_text('[Game "twenty-five"]\n[Seats "N E S W"]\n\ndeal 1 dealer W\n'
                    "N: KH 2S 3S 4S 6S\nE: AC 9H 2D 3D 4D\nS: QH 7S 8S 9S TS\n"
                    "W: JH 2C 3C 4C 6C\n1. N KH  E 9H  S QH  W JH\n", encoding="utf-8")
    result = runner.invoke(app, ["moves", str(path), "--at", "1.1.N"])
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "N does not act at trick 1 in the record; the next action is 'turnup' (--at 1.1)" \
        in result.output
