"""One ruleset serves every record of the same game, options and table (``ruleset_for``),
for the games whose rulesets keep nothing of a match; the reports are those of rulesets made
afresh."""

from __future__ import annotations

from pathlib import Path

import referee.games as games
from referee.games.twenty_eight.ruleset import TwentyEight
from referee.notation.parser import parse_records
from referee.pipeline.checking import check_text
from referee.report.json import file_json

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "twenty-eight"


def header(game: str = "twenty-eight", preset: str = "standard"):
    return parse_records(f'[Game "{game}"]\n[Rules "{preset}"]\n')[0].header


def test_same_options_share_one_ruleset() -> None:
    assert games.ruleset_for(header()) is games.ruleset_for(header())


def test_other_options_or_games_do_not() -> None:
    first = games.ruleset_for(header())
    assert games.ruleset_for(header(preset="pagat")) is not first
    assert games.ruleset_for(header(game="twenty-nine")) is not first


def test_a_game_that_keeps_match_state_is_made_afresh() -> None:
    twenty_two = '[Game "twenty-two"]\n[Seats "P1 P2 P3 P4 P5 P6"]\n'
    one, two = (games.ruleset_for(parse_records(twenty_two)[0].header) for _ in range(2))
    assert not type(one).shared_between_matches
    assert one is not two


def test_reports_equal_those_of_fresh_rulesets(monkeypatch) -> None:
    # records with findings too: an illegal action's penalty must not leak into the next match
    text = "\n".join((SAMPLES / name).read_text(encoding="utf-8") for name in (
        "after-illegal-actions.ttn", "edge-28-03-bid-range.ttn", "after-illegal-actions.ttn"))
    report = check_text(text)
    assert len(report.matches) > 3 and report.findings()  # many records, some illegal
    shared = file_json(report)
    monkeypatch.setattr(TwentyEight, "shared_between_matches", False)  # each makes its own
    assert games.ruleset_for(header()) is not games.ruleset_for(header())
    fresh = file_json(check_text(text))
    assert shared == fresh


def test_games_that_share_their_ruleset() -> None:
    shared = {game.name for game in games.games() if game.shared_between_matches}
    assert shared == {"twenty-eight", "forty", "fifty-six", "twenty-nine", "twenty-five",
                      "avinas"}
