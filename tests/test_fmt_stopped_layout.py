"""fmt lays out plays the referee did not replay one trick a line, as for a checked deal.

After an illegal action that stops the replay, and in a deal cancelled once the second batch
is dealt (its recorded play disregarded), the replay lays no tricks; fmt still numbers the
tricks, telling them apart by count (each seat once a trick). The result is canonical (a
second fmt changes nothing) and ``check`` finds the same as in the record fmt was given.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
STOPPED = sorted({*SAMPLES.glob("*/after-illegal-actions.ttn"), *SAMPLES.glob("*/*stopped*.ttn"),
                  SAMPLES / "twenty-eight" / "rule-28-not-held.ttn",
                  SAMPLES / "twenty-eight" / "edge-28-41-eight-pointless-cards.ttn"})
runner = CliRunner()


def _unmarked(path: Path, tmp_path: Path) -> Path:
    """``path`` with every trick mark at the start of a line removed."""
    out = tmp_path / path.name
    out.write_text(re.sub(r"(?m)^\d+\. ", "", path.read_text(encoding="utf-8")),
                   encoding="utf-8")
    return out


def _fmt(path: Path) -> str:
    result = runner.invoke(app, ["fmt", str(path)])
    assert result.exit_code == 0, result.output
    return result.stdout


def _findings(path: Path) -> list[tuple[object, ...]]:
    result = runner.invoke(app, ["check", "--format", "json", str(path)])
    assert result.exit_code in (0, 1), result.output
    found = []
    for file in json.loads(result.stdout)["files"]:
        for match in file["matches"]:
            for deal in match["deals"]:
                found += [(f["rule"], f.get("seat"), deal["number"], f["message"])
                          for f in deal["findings"]]
    return sorted(found, key=repr)


def _trick_lines(text: str, deal: int = 1) -> list[str]:
    block = text.split("\ndeal ")[deal]
    return [line for line in block.splitlines() if re.match(r"\d+\. ", line)]


def test_plays_after_a_stop_come_one_trick_a_line(tmp_path):
    text = _fmt(_unmarked(SAMPLES / "twenty-eight" / "rule-28-not-held.ttn", tmp_path))
    tricks = _trick_lines(text)
    assert tricks[0] == "1. N QD  W 8S  S AD  E TD"  # W 8S (not held) stops the replay
    assert tricks[1] == "2. S 8D  E JD  N 7D  W call  W 7S"
    assert [line.split(".")[0] for line in tricks] == [str(n) for n in range(1, 9)]


def test_a_cancelled_deals_play_stays_on_one_line(tmp_path):
    text = _fmt(SAMPLES / "twenty-eight" / "edge-28-41-eight-pointless-cards.ttn")
    assert "1. E JC  N 9D  W 7D  S 8C ; disregarded" in text
    assert "\n1. N 9D" not in text


def test_a_card_played_in_the_auction_opens_no_trick(tmp_path):
    text = _fmt(_unmarked(SAMPLES / "twenty-eight" / "after-illegal-actions.ttn", tmp_path))
    deal = text.split("[Expect \"case\" \"after-illegal before-any-bid\"]")[1]
    assert "\nW 7H\nS pass  E pass  N pass\nW trump JH\n1. W 8S  S 7S  E JS  N QS\n" in deal
    assert "\n8. S AS  E AH  N 8C  W 7H\n" in deal


@pytest.mark.parametrize("path", STOPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
@pytest.mark.parametrize("marks", ["as written", "removed"])
def test_fmt_is_idempotent_and_keeps_the_findings(tmp_path, path, marks):
    given = path if marks == "as written" else _unmarked(path, tmp_path)
    once = tmp_path / "once.ttn"
    once.write_text(_fmt(given), encoding="utf-8")
    assert _fmt(once) == once.read_text(encoding="utf-8")
    assert _findings(once) == _findings(given)
    longest = max((len(re.findall(r"  ", line)) + 1 for line in _trick_lines(once.read_text(
        encoding="utf-8"), 1)), default=0)
    assert longest <= 8  # a trick a line: never the whole deal's play on one line
