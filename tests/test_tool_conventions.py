"""Conventions of Python command-line tools, each through the command line: ``--statistics``,
the source line and carets under a rule finding, shell completion (through Typer's completion
variables), ``fmt`` refusing what ``check`` refuses, the JSON form's format version, notes
for mistyped tag names, and ``referee rule`` matching a name without its game."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from referee.cli.app import app
from referee.notation.resources import load_schema

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests/golden/records"
REVOKE = (GOLDEN / "revoke.ttn").read_text(encoding="utf-8")
"""One 28.follow-suit finding at 16:14 (``E 7C`` in trick 2), and a 28.deal-order note."""
TURN = (GOLDEN / "turn.ttn").read_text(encoding="utf-8")
"""One 28.turn finding at 14:10, and the record.not-checked note at the same event."""

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    (tmp_path / "revoke.ttn").write_text(REVOKE, encoding="utf-8")
    (tmp_path / "turn.ttn").write_text(TURN, encoding="utf-8")
    return tmp_path


# -- --statistics ------------------------------------------------------------------------------


def test_statistics_count_each_rule_after_the_findings(folder):
    result = run("check", "revoke.ttn", "turn.ttn", "--statistics", "-q")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    counts = [line.split()[:3] for line in lines[-5:-1]]
    # errors before notes on a tie; each with what its rule requires
    assert counts == [["1", "28.follow-suit", "error"], ["1", "28.turn", "error"],
                      ["1", "28.deal-order", "note"], ["1", "record.not-checked", "note"]]
    assert "must play one" in lines[-5]  # 28.follow-suit's summary
    assert lines[-1].startswith("2 files, 2 deals, 2 findings, 2 notes")
    assert lines.index(lines[-5]) > max(i for i, line in enumerate(lines) if "error [" in line)
    assert "28.turn  " not in run("check", "revoke.ttn", "turn.ttn", "-q").stdout


def test_statistics_commonest_first(folder):
    (folder / "more.ttn").write_text(REVOKE, encoding="utf-8")  # a second revoke
    result = run("check", "revoke.ttn", "more.ttn", "turn.ttn", "--statistics", "-q")
    first = result.stdout.splitlines()[-5]
    assert first.split()[:2] == ["2", "28.follow-suit"]


def test_statistics_in_the_json_report(folder):
    result = run("check", "revoke.ttn", "turn.ttn", "--statistics", "--format", "json")
    report = json.loads(result.stdout)
    Draft202012Validator(load_schema("report.schema.json")).validate(report)
    assert report["statistics"][0] == {"rule": "28.follow-suit", "severity": "error",
                                       "count": 1}
    assert sum(row["count"] for row in report["statistics"]) == 4
    assert list(report) == ["version", "files", "statistics", "summary"]
    assert "statistics" not in json.loads(run("check", "turn.ttn", "-f", "json").stdout)


@pytest.mark.parametrize("fmt", ["github", "junit", "sarif"])
def test_statistics_are_ignored_by_the_ci_formats(folder, fmt):
    def output(*extra: str) -> str:  # the times JUnit writes vary from run to run
        return re.sub(r'time="[0-9.]+"|\([0-9.]+ s\)', 'time=""',
                      run("check", "revoke.ttn", "--format", fmt, *extra).stdout)

    assert output("--statistics") == output()


# -- the source line under a finding -----------------------------------------------------------


def test_a_finding_shows_its_source_line_and_carets(folder):
    lines = run("check", "revoke.ttn").stdout.splitlines()
    at = lines.index(next(line for line in lines if "[28.follow-suit]" in line))
    assert lines[at + 1] == "  2. W 7H S 9H E 7C N TH  ; E holds QH: revoke"
    assert lines[at + 2] == "  " + " " * 13 + "^^^^"  # under 'E 7C', columns 14 to 17
    assert lines[at + 3] == "  legal here: E KH, E QH"


def test_quiet_leaves_the_source_line_out(folder):
    lines = run("check", "-q", "revoke.ttn").stdout.splitlines()
    at = lines.index(next(line for line in lines if "[28.follow-suit]" in line))
    assert lines[at + 1] == "  legal here: E KH, E QH"


def test_standard_input_has_no_source_line_to_show(folder):
    result = runner.invoke(app, ["check", "-"], input=REVOKE)
    lines = result.stdout.splitlines()
    at = lines.index(next(line for line in lines if "[28.follow-suit]" in line))
    assert lines[at + 1] == "  legal here: E KH, E QH"


# -- shell completion ----------------------------------------------------------------------------


def complete(words: str) -> list[str]:
    """What bash completes for ``words`` (the last word is the one being typed)."""
    parts = words.split(" ")
    result = runner.invoke(app, [], prog_name="referee", env={
        "_REFEREE_COMPLETE": "complete_bash", "COMP_WORDS": words,
        "COMP_CWORD": str(len(parts) - 1)})
    assert result.exit_code == 0, result.output
    return result.stdout.split()


def test_completion_of_game_names_and_aliases():
    assert complete("referee check --game twenty-") == [
        "twenty-eight", "twenty-nine", "twenty-five", "twenty-two"]
    assert "56" in complete("referee games ")
    assert complete("referee simulate fif") == ["fifty-six"]


def test_completion_of_presets_follows_the_game():
    assert complete("referee check --game 28 --rules p") == ["pagat"]
    assert "pagat-older" in complete("referee check --rules p")  # another game's
    twenty_two = complete("referee simulate 22 --preset ")
    assert "standard" in twenty_two and "pagat" not in twenty_two
    assert "pagat" in complete("referee check --rules ")  # no game yet: every preset


def test_completion_of_option_names_and_values():
    names = complete("referee check --game 28 --option ")
    assert "min_bid=" in names and all(name.endswith("=") for name in names)
    assert complete("referee check --game 28 --option misplay") == ["misplay_penalty="]
    values = complete("referee check --game 28 --option misplay_penalty=")
    assert "misplay_penalty=report_only" in values
    assert complete("referee check --game 28 --option trump_call_mandatory=") == [
        "trump_call_mandatory=yes", "trump_call_mandatory=no"]
    assert complete("referee check --game 28 --option no_such=") == []


def test_completion_of_rule_ids_and_formats():
    assert complete("referee rule 28.follow") == ["28.follow-suit"]
    assert "28.follow-suit" in complete("referee check --select 28.")
    assert "record.tag" in complete("referee check --ignore record.")
    assert complete("referee check --format j") == ["json", "junit"]
    assert complete("referee convert x.ttn --to ") == ["json", "ttn"]
    assert complete("referee moves x.ttn --format ") == ["text", "json"]
    assert complete("referee check --color a") == ["auto", "always"]


def test_completion_through_zsh_shows_what_a_value_is():
    result = runner.invoke(app, [], prog_name="referee", env={
        "_REFEREE_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": "referee check --game 5"})
    assert '"56":"Fifty-Six"' in result.stdout


def test_the_help_imports_no_game():
    """Completion is looked up when asked for: ``referee --help`` stays fast (the CPU time
    is measured by bench/perf.py's start-up section). The games' loader may be imported; no
    game is."""
    script = ("import sys\nfrom referee.cli.app import main\nsys.argv = ['referee', '--help']\n"
              "try:\n    main()\nexcept SystemExit:\n    pass\n"
              "print(sorted(m for m in sys.modules if m.startswith('referee.games.')),"
              " file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    assert done.stderr.strip().splitlines()[-1] == "[]"
    assert "--install-completion" in done.stdout


# -- fmt refuses what check refuses ------------------------------------------------------------


def test_fmt_check_refuses_a_record_of_an_unknown_game(folder):
    (folder / "bridge.ttn").write_text(REVOKE.replace('"twenty-eight"', '"bridge"'),
                                       encoding="utf-8")
    result = run("fmt", "--check", "bridge.ttn")
    assert result.exit_code == 2
    assert "bridge.ttn:5:1: error [record.game]: unknown game 'bridge'" in result.stderr
    assert run("check", "bridge.ttn").exit_code == 2


def test_fmt_in_place_leaves_a_record_with_undeclared_seats_untouched(folder):
    text = ('[Game "28"]\n\ndeal 1 dealer N\nX: KC 9H 8S TC | KS TH 8D QD\n'
            'N: JS 9S 7S 8D | 7D QH AC TC\n')
    (folder / "seats.ttn").write_text(text, encoding="utf-8")
    result = run("fmt", "--in-place", "seats.ttn")
    assert result.exit_code == 2
    assert "seats.ttn:4:1: error [record.seat]: seat 'X' is not declared" in result.stderr
    assert (folder / "seats.ttn").read_text(encoding="utf-8") == text
    assert run("fmt", "seats.ttn").stdout == ""  # nothing written to standard output either


# -- the JSON form's format version --------------------------------------------------------------


@pytest.mark.parametrize("rest", [{}, {"tags": 3, "deals": "x"}, {"tags": [], "deals": [],
                                                                  "extra": True}])
def test_a_json_record_of_another_format_version_says_so_first(folder, rest):
    (folder / "later.json").write_text(json.dumps({"format": "ttn/2", **rest}),
                                       encoding="utf-8")
    result = run("convert", "later.json")
    assert result.exit_code == 2
    assert ("later.json:1:1: error [record.json]: unsupported format version 'ttn/2' "
            "(this referee reads ttn/1)") in result.stderr


# -- tag names close to known ones ---------------------------------------------------------------


def test_a_tag_name_close_to_a_known_one_gets_a_note(folder):
    (folder / "tags.ttn").write_text(
        '[Game "28"]\n[Rule "pagat"]\n[Opton "min_bid" "16"]\n[Scorer "Asha"]\n',
        encoding="utf-8")
    result = run("check", "-q", "tags.ttn")
    assert result.exit_code == 0  # a note, not a finding; the tags are kept
    assert ("tags.ttn:2:1: note [record.tag]: the tag 'Rule' is not one the referee reads "
            "(did you mean 'Rules'?); it is kept as written, and the record is checked under "
            "the game's standard preset") in result.stdout
    assert "(did you mean 'Option'?)" in result.stdout
    assert "option 'min_bid' keeps the preset's value" in result.stdout
    assert "Scorer" not in result.stdout  # an unknown tag like no known one: no note
    assert '[Rule "pagat"]' in run("fmt", "tags.ttn").stdout
    explained = run("rule", "record.tag")
    assert explained.exit_code == 0 and "[Rules ...]" in explained.stdout


def test_a_lower_case_game_tag_is_named_in_the_error(folder):
    (folder / "game.ttn").write_text('[game "28"]\n', encoding="utf-8")
    result = run("check", "game.ttn")
    assert result.exit_code == 2
    assert "the record has no Game tag (is 'game' meant to be 'Game'?" in result.stdout


# -- referee rule ------------------------------------------------------------------------------


def test_rule_lists_the_ids_a_name_without_its_game_matches():
    result = run("rule", "follow-suit")
    assert result.exit_code == 0
    listed = [line.split()[0] for line in result.stdout.splitlines()[1:]]
    assert listed[:4] == ["28.follow-suit", "29.follow-suit", "40.follow-suit",
                          "56.follow-suit"]
    assert "avinas.follow-suit" in listed and "22.follow" not in listed
    single = run("rule", "follow")
    assert single.exit_code == 0 and single.stdout.startswith("22.follow: ")


def test_rule_suggests_an_id_of_the_game_typed_first():
    result = run("rule", "28.follow")
    assert result.exit_code == 2
    assert "(did you mean '28.follow-suit'?)" in result.stderr
    assert "did you mean '28." in run("rule", "28.foo").stderr


def test_every_tag_the_writer_orders_is_a_known_tag_name():
    from referee.notation.tag_names import KNOWN_TAGS, meant_tag
    from referee.notation.writer import TAG_ORDER

    assert set(TAG_ORDER) <= set(KNOWN_TAGS)
    assert all(meant_tag(name) is None for name in KNOWN_TAGS)
