"""fmt writes the auction of a game of five or more seats a line per round of calls.

A six-player auction on one line runs to hundreds of characters; a line per round, from the
first speaker, keeps it readable and lines the rounds up. Four-player auctions stay on one
line. The layout is the same from text, from the JSON form and from ``referee simulate``.
"""

from __future__ import annotations

from typer.testing import CliRunner

from referee.cli.app import app

runner = CliRunner()

# Forty, whose hands can be left out (Fifty-Six, with two copies of each card, needs every
# hand line, and fmt refuses what check cannot read).
SIX = ('[Game "forty"]\n\ndeal 1 dealer P4\n'
       "P3 28  P2 34  P1 pass  P6 37  P5 pass  P4 39  P3 pass  P2 40  P1 pass  P6 pass  "
       "P5 pass  P4 pass  P3 pass\nP2 trump TS\n")

ROUNDS = """P3 28  P2 34  P1 pass  P6 37  P5 pass  P4 39
P3 pass  P2 40  P1 pass  P6 pass  P5 pass  P4 pass
P3 pass
P2 trump TS
"""


def _fmt(path) -> str:
    result = runner.invoke(app, ["fmt", str(path)])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_six_player_auction_is_written_a_line_per_round(tmp_path) -> None:
    record = tmp_path / "six.ttn"
    record.write_text(SIX, encoding="utf-8")
    out = _fmt(record)
    assert ROUNDS in out
    canonical = tmp_path / "canonical.ttn"
    canonical.write_text(out, encoding="utf-8")
    assert _fmt(canonical) == out  # canonical: a second fmt changes nothing


def test_the_json_form_is_written_back_in_rounds(tmp_path) -> None:
    record = tmp_path / "six.ttn"
    record.write_text(SIX, encoding="utf-8")
    as_json = runner.invoke(app, ["convert", str(record), "--to", "json"])
    assert as_json.exit_code == 0, as_json.output
    document = tmp_path / "six.json"
    document.write_text(as_json.stdout, encoding="utf-8")
    back = runner.invoke(app, ["convert", str(document), "--to", "ttn"])
    assert back.exit_code == 0, back.output
    assert ROUNDS in back.stdout


def test_a_four_player_auction_stays_on_one_line(tmp_path) -> None:
    record = tmp_path / "four.ttn"
    record.write_text('[Game "28"]\n\ndeal 1 dealer S\n'
                      "E 14  N pass  W 16  S pass\nE pass  N pass\nW trump 9S\n",
                      encoding="utf-8")
    assert "E 14  N pass  W 16  S pass  E pass  N pass\nW trump 9S\n" in _fmt(record)


def test_simulated_six_player_records_keep_their_lines_short() -> None:
    result = runner.invoke(app, ["simulate", "fifty-six", "--deals", "3", "--seed", "7"])
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.stdout.splitlines()
               if not line.startswith((";", "deal"))) < 100


def test_the_writer_alone_counts_the_seats_a_deal_shows() -> None:
    # The writer knows no game: given no seats, it counts those of the deal's calls.
    from referee.notation.parser import parse_records
    from referee.notation.writer import dumps

    assert ROUNDS in dumps(parse_records(SIX))
