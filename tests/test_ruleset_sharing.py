"""One ruleset serves every record of the same game, options and table (``ruleset_for``),
for the games whose rulesets keep nothing of a match; the reports are those of rulesets made
afresh."""

from __future__ import annotations

import referee.games as games
from referee.games.twenty_eight.ruleset import TwentyEight
from referee.notation.parser import parse_records
from referee.pipeline.checking import check_text
from referee.report.json import file_json

RECORD = """[Game "{game}"]
[Rules "{preset}"]

deal 1 dealer N
N: KC 9H 8S TC | KS TH 8D QD
E: 9S JD QS 9D | KD 7C 9C KH
S: 8H 7D TD AC | AH 8C QH JC
W: JH 7H AS JS | QC 7S TS AD
W 14  S 18  E pass  N 20  W 24  S pass  E pass  N pass
W trump 7H
1. W AS  S call  S QH  E 9S  N 8S
2. S TD  E KD  N 8D  W AD
"""


def header(game: str = "twenty-eight", preset: str = "standard"):
    return parse_records(RECORD.format(game=game, preset=preset))[0].header


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
    text = RECORD.format(game="twenty-eight", preset="standard") * 3
    shared = file_json(check_text(text))
    monkeypatch.setattr(TwentyEight, "shared_between_matches", False)  # each makes its own
    assert games.ruleset_for(header()) is not games.ruleset_for(header())
    fresh = file_json(check_text(text))
    assert shared == fresh


def test_games_that_share_their_ruleset() -> None:
    shared = {game.name for game in games.games() if game.shared_between_matches}
    assert shared == {"twenty-eight", "forty", "fifty-six", "twenty-nine", "twenty-five",
                      "avinas"}
