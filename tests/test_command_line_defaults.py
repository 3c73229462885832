"""``check --game/--rules/--option`` (and the same settings of referee.toml): a name that no
game knows is a usage error before any file is read, naming the flag (or the settings file) and
the closest name; a name that fits another game than a record's is that record's error, and
its message says that the name came from the command line, not from the record."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "samples" / "twenty-eight" / "edge-28-03-bid-range.ttn"
runner = CliRunner()


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """A working folder with one Twenty-Eight record (and no settings file)."""
    monkeypatch.chdir(tmp_path)
    shutil.copy(RECORD, tmp_path / "bids.ttn")
    return tmp_path


@pytest.mark.parametrize("args, said", [
    (["--option", "min_bidd=15"],
     "--option min_bidd=15: no game has an option 'min_bidd' (did you mean 'min_bid'?)"),
    (["--option", "min_bid=abc"],
     "--option min_bid=abc: option 'min_bid' does not take 'abc'"),
    (["--rules", "pagatt"], "--rules: no game has a preset 'pagatt' (did you mean 'pagat'?)"),
    (["--game", "twentyeigth"], "--game: unknown game 'twentyeigth' (did you mean "
                                "'twenty-eight'?)"),
])
def test_a_name_no_game_knows_is_a_usage_error(folder, args, said):
    result = runner.invoke(app, ["check", *args, "--format", "json", "bids.ttn"])
    assert result.exit_code == 2
    assert said in result.stderr
    assert result.stdout == ""  # no file was read: no report, no "unreadable file"
    assert "bids.ttn" not in result.stderr


def test_a_bad_option_in_the_settings_names_the_file(folder):
    (folder / "referee.toml").write_text("[options]\nmin_bidd = 15\n", encoding="utf-8")
    result = runner.invoke(app, ["check", "bids.ttn"])
    assert result.exit_code == 2
    assert "referee.toml: setting 'options' min_bidd=15: no game has an option" in result.stderr
    assert "did you mean 'min_bid'?" in result.stderr


@pytest.mark.parametrize("args, code, said", [
    (["--option", "rob_deadline_dealer=before_opening_lead"], "record.option",
     "--option rob_deadline_dealer=before_opening_lead (not in the record): unknown option "
     "'rob_deadline_dealer'"),
    (["--rules", "dealer-robs-first"], "record.preset",
     "--rules dealer-robs-first (not in the record): unknown preset 'dealer-robs-first'"),
])
def test_a_name_of_another_game_is_the_records_error_and_says_where_it_came_from(
        folder, args, code, said):
    result = runner.invoke(app, ["check", *args, "--format", "json", "bids.ttn"])
    assert result.exit_code == 2
    [report] = json.loads(result.stdout)["files"]
    assert report["error"]["code"] == code
    assert said in report["error"]["message"]


def test_a_good_option_on_the_command_line_is_used(folder):
    result = runner.invoke(app, ["check", "--option", "min_bid=13", "--format", "json",
                                 "bids.ttn"])
    assert result.exit_code == 1, result.output
    [match] = json.loads(result.stdout)["files"][0]["matches"]
    assert match["options"]["min_bid"] == 13
