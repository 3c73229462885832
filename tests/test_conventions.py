"""What CI users and players expect of a checker, each through the command line: settings
files, rule selection, accepted findings, exclusions and globs, defaults for missing tags,
output files, exit codes, colour, SARIF, help, lookups and the library's json-like API."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import referee
from referee.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
REVOKE = (ROOT / "samples/twenty-eight/edge-28-19-revoke.ttn").read_text(encoding="utf-8")
# The same record without its Expect tags: one 28.follow-suit finding at line 14, column 14.
# The tests below edit plays and find them by place with one space between the events of a
# trick, whatever the spacing of the sample (canonical text has two).
PLAIN = "".join(re.sub(" {2,}", " ", line) if re.match(r"\d+\. ", line) else line
                for line in REVOKE.splitlines(keepends=True) if "[Expect" not in line)

runner = CliRunner()


def run(*args: str, env: dict[str, str] | None = None):
    return runner.invoke(app, list(args), env=env)


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """A folder with one record that has a revoke, as the working folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    (tmp_path / "records").mkdir()
    (tmp_path / "records/revoke.ttn").write_text(PLAIN, encoding="utf-8")
    return tmp_path


# -- settings ----------------------------------------------------------------------------------


def test_pyproject_settings_give_paths_and_ignore(project):
    (project / "pyproject.toml").write_text(
        '[tool.referee]\npaths = ["records/"]\nignore = ["28.follow-suit"]\n', encoding="utf-8")
    result = run("check")
    assert result.exit_code == 0, result.output
    assert "1 file, 1 deal, 0 findings" in result.stdout


def test_referee_toml_wins_and_command_line_wins_over_it(project):
    (project / "pyproject.toml").write_text('[tool.referee]\nignore = ["28"]\n',
                                            encoding="utf-8")
    (project / "referee.toml").write_text('paths = ["records"]\nformat = "json"\n',
                                          encoding="utf-8")
    result = run("check")
    assert result.exit_code == 1  # referee.toml is read, pyproject's ignore is not
    assert json.loads(result.stdout)["summary"]["findings"] == 1
    result = run("check", "--format", "text", "records/revoke.ttn")
    assert result.stdout.startswith("records/revoke.ttn:14:14: error [28.follow-suit]")


def test_settings_are_found_from_a_subfolder(project, monkeypatch):
    (project / "referee.toml").write_text('exclude = ["revoke.ttn"]\n', encoding="utf-8")
    monkeypatch.chdir(project / "records")
    result = run("check", ".")
    assert result.exit_code == 2  # every file excluded: nothing checked is not a pass
    assert "no .ttn files found" in result.stderr


def test_unknown_setting_is_a_usage_error_with_a_suggestion(project):
    (project / "referee.toml").write_text('ignroe = ["28"]\n', encoding="utf-8")
    result = run("check", "records")
    assert result.exit_code == 2
    assert "unknown setting 'ignroe' (did you mean 'ignore'?)" in result.stderr


@pytest.mark.parametrize("setting, said", [
    ('format = "xml"', "setting 'format': unknown format 'xml'"),
    ('ignore = ["28.folow-suit"]', "setting 'ignore': unknown rule id '28.folow-suit' (did you "
                                   "mean '28.follow-suit'?)"),
])
def test_a_wrong_setting_names_its_file(project, setting, said):
    (project / "pyproject.toml").write_text(f"[tool.referee]\n{setting}\n", encoding="utf-8")
    result = run("check", "records")
    assert result.exit_code == 2
    assert f"pyproject.toml: {said}" in result.stderr
    result = run("check", "--format", "text", "--ignore", "28.follow-suit", "records")
    assert result.exit_code == 0  # the command line's value replaces the setting


def test_option_defaults_from_settings_fill_missing_tags(project):
    untagged = PLAIN.replace('[Game "twenty-eight"]', '[Event "club night"]')
    (project / "records/revoke.ttn").write_text(untagged, encoding="utf-8")
    assert run("check", "records").exit_code == 2  # no Game tag
    (project / "referee.toml").write_text(
        'game = "28"\n[options]\nmisplay_penalty = "report_only"\n', encoding="utf-8")
    result = run("check", "records", "--format", "json")
    match = json.loads(result.stdout)["files"][0]["matches"][0]
    assert match["game"] == "twenty-eight"
    assert match["options"]["misplay_penalty"] == "report_only"


# -- rule selection and accepted findings ------------------------------------------------------


@pytest.mark.parametrize(("args", "findings"), [
    (("--select", "28.follow-suit"), 1),
    (("--select", "28"), 1),
    (("--select", "28.turn,ttn"), 0),
    (("--ignore", "28.follow-suit"), 0),
    (("--ignore", "28"), 0),
])
def test_select_and_ignore_by_rule_id_or_prefix(project, args, findings):
    result = run("check", "records", *args)
    assert f"{findings} finding" in result.stdout
    assert result.exit_code == (1 if findings else 0)


def test_unknown_rule_id_in_select_is_a_usage_error(project):
    result = run("check", "records", "--ignore", "28.follow_suit")
    assert result.exit_code == 2
    assert "did you mean '28.follow-suit'?" in result.stderr


@pytest.mark.parametrize("comment", ["; referee: accept 28.follow-suit", "{referee: accept}"])
def test_a_finding_is_accepted_by_a_comment_on_its_line(project, comment):
    accepted = PLAIN.replace("; E holds QH: revoke", comment)
    (project / "records/revoke.ttn").write_text(accepted, encoding="utf-8")
    result = run("check", "records")
    assert result.exit_code == 0, result.stdout
    assert "0 findings" in result.stdout


def test_accepting_another_rule_keeps_the_finding(project):
    other = PLAIN.replace("; E holds QH: revoke", "; referee: accept 28.turn")
    (project / "records/revoke.ttn").write_text(other, encoding="utf-8")
    assert run("check", "records").exit_code == 1


def test_an_ignored_finding_is_not_unexpected_under_expect(project):
    result = run("check", "--expect", "records")
    assert result.exit_code == 1  # the revoke is not expected
    result = run("check", "--expect", "--ignore", "28.follow-suit", "records")
    assert result.exit_code == 0, result.stdout


# -- paths -------------------------------------------------------------------------------------


def test_glob_patterns_and_exclude(project):
    (project / "records/drafts").mkdir()
    (project / "records/drafts/other.ttn").write_text(PLAIN, encoding="utf-8")
    result = run("check", "records/**/*.ttn")
    assert "2 files" in result.stdout
    result = run("check", "records", "--exclude", "drafts")
    assert "1 file," in result.stdout
    result = run("check", "records", "--exclude", "records/drafts/")
    assert "1 file," in result.stdout
    assert "drafts" not in result.stdout


# -- defaults for missing tags -----------------------------------------------------------------


def test_game_rules_and_option_on_the_command_line(project):
    untagged = PLAIN.replace('[Game "twenty-eight"]', '[Event "club night"]')
    (project / "records/revoke.ttn").write_text(untagged, encoding="utf-8")
    result = run("check", "records", "--game", "28", "--rules", "kerala",
                 "--option", "misplay_penalty=report_only", "--format", "json")
    match = json.loads(result.stdout)["files"][0]["matches"][0]
    assert (match["game"], match["preset"]) == ("twenty-eight", "kerala")
    assert match["options"]["misplay_penalty"] == "report_only"


def test_the_records_own_tags_win_over_the_command_line(project):
    result = run("check", "records", "--game", "29", "--format", "json")
    assert json.loads(result.stdout)["files"][0]["matches"][0]["game"] == "twenty-eight"


def test_option_on_the_command_line_suggests_the_name(project):
    result = run("check", "records", "--option", "misplay_penaltyy=report_only")
    assert result.exit_code == 2
    assert "did you mean 'misplay_penalty'?" in result.stderr


# -- output and exit codes ---------------------------------------------------------------------


def test_output_file_and_exit_zero(project):
    result = run("check", "records", "--output", "report.txt", "--exit-zero")
    assert result.exit_code == 0
    assert result.stdout == ""
    written = (project / "report.txt").read_text(encoding="utf-8")
    assert written.startswith("records/revoke.ttn:14:14: error [28.follow-suit]")


def test_exit_zero_keeps_exit_2_for_unreadable_input(project):
    assert run("check", "missing.ttn", "--exit-zero").exit_code == 2


def test_quiet_drops_the_line_per_match(project):
    loud = run("check", "records").stdout
    quiet = run("check", "records", "-q").stdout
    assert "twenty-eight (standard)" in loud
    assert "twenty-eight (standard)" not in quiet
    assert "[28.follow-suit]" in quiet and "1 file, 1 deal, 1 finding" in quiet


@pytest.mark.parametrize(("args", "env", "colored"), [
    (("--color", "always"), {}, True),
    (("--color", "never"), {"FORCE_COLOR": "1"}, False),
    ((), {"FORCE_COLOR": "1"}, True),
    ((), {"FORCE_COLOR": "1", "NO_COLOR": "1"}, False),
    ((), {}, False),
])
def test_color_option_and_environment(project, args, env, colored):
    result = run("check", "records", *args, env=env)
    assert ("\x1b[" in result.stdout) is colored


def test_sarif_output(project):
    result = run("check", "records", "missing.ttn", "--format", "sarif")
    assert result.exit_code == 2
    log = json.loads(result.stdout)
    assert log["version"] == "2.1.0"
    run_ = log["runs"][0]
    assert run_["tool"]["driver"]["name"] == "referee"
    ids = {rule["id"] for rule in run_["tool"]["driver"]["rules"]}
    assert ids == {"28.follow-suit", "file.not-found"}
    revoke = next(r for r in run_["results"] if r["ruleId"] == "28.follow-suit")
    location = revoke["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "records/revoke.ttn"
    assert location["region"] == {"startLine": 14, "startColumn": 14}
    assert revoke["level"] == "error"


def test_github_reports_an_unreadable_file_once(project):
    result = run("check", "missing.ttn", "--format", "github")
    assert result.stdout.count("missing.ttn") == 1
    assert "missing.ttn" not in result.stderr


# -- --expect on unreadable input -----------------------------------------------------------------


@pytest.mark.parametrize("text", [
    None,  # a missing file
    "",
    '[Game "28"]\n\ndeal 1 dealer S\nN: JS 1OS\n',
    '[Game "28"]\n[Expect "ilegal" "deal 1"]\n',
])
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_expect_never_says_met_for_unreadable_input(project, text, fmt):
    if text is not None:
        (project / "case.ttn").write_text(text, encoding="utf-8")
    result = run("check", "--expect", "--format", fmt, "case.ttn")
    assert result.exit_code == 2
    assert "all expectations met" not in result.stdout + result.stderr


def test_expect_kind_and_rule_id_are_looked_up(project):
    (project / "case.ttn").write_text(
        '[Game "28"]\n[Expect "ilegal" "deal 1"]\n', encoding="utf-8")
    assert "did you mean 'illegal'?" in run("check", "--expect", "case.ttn").stdout
    (project / "case.ttn").write_text(
        '[Game "28"]\n[Expect "illegal" "28.follow_suit"]\n', encoding="utf-8")
    result = run("check", "--expect", "case.ttn")
    assert result.exit_code == 2
    assert "unknown rule id '28.follow_suit' (did you mean '28.follow-suit'?)" in result.stdout


# -- partial records ---------------------------------------------------------------------------


def test_partial_accepts_a_game_in_progress(project):
    stopped = "".join(PLAIN.splitlines(keepends=True)[:15])  # up to trick 3
    (project / "records/revoke.ttn").write_text(
        stopped.replace("E 7C N TH", "E QH N TH"), encoding="utf-8")
    result = run("check", "records")
    assert result.exit_code == 1 and "[28.incomplete]" in result.stdout
    result = run("check", "records", "--partial")
    assert result.exit_code == 0, result.stdout
    assert "note [28.incomplete]: in progress, legal so far: only 3 of 8 tricks are " \
           "recorded: W must lead to trick 4" in result.stdout


def test_partial_still_reports_illegal_plays(project):
    stopped = "".join(PLAIN.splitlines(keepends=True)[:15])
    (project / "records/revoke.ttn").write_text(stopped, encoding="utf-8")
    result = run("check", "records", "--partial")
    assert result.exit_code == 1
    assert "[28.follow-suit]" in result.stdout


# -- fmt ---------------------------------------------------------------------------------------


def test_fmt_on_a_folder_without_records_exits_2(project):
    (project / "empty").mkdir()
    result = run("fmt", "--check", "empty")
    assert result.exit_code == 2
    assert "no .ttn files found in empty" in result.stderr


def test_fmt_diff(project):
    canonical = run("fmt", "records/revoke.ttn").stdout
    (project / "records/revoke.ttn").write_text(canonical, encoding="utf-8")
    assert run("fmt", "--diff", "records").exit_code == 0
    (project / "records/revoke.ttn").write_text(
        canonical.replace("1. E TS  N KS  W 9S  S QS", "1. E TS N KS W 9S S QS"),
        encoding="utf-8")
    result = run("fmt", "--diff", "records")
    assert result.exit_code == 1
    assert "--- records/revoke.ttn (as written)" in result.stdout
    assert "-1. E TS N KS W 9S S QS\n+1. E TS  N KS  W 9S  S QS\n" in result.stdout
    assert (project / "records/revoke.ttn").read_text(encoding="utf-8") != canonical


# -- help, version and messages ----------------------------------------------------------------


def test_version_short_flag():
    result = run("-V")
    assert result.exit_code == 0 and result.stdout.startswith("referee ")


def test_shell_completion_is_offered():
    assert "--show-completion" in run("--help").stdout


@pytest.mark.parametrize("command", ["check", "fmt", "simulate", "moves", "convert"])
def test_help_has_plain_metavars_and_its_own_exit_codes(command):
    text = run(command, "--help").stdout
    assert "<list[str]>" not in text and "<str>" not in text and "{" not in text
    assert "Exit codes:" in text
    assert "for fmt --check" not in text or command == "fmt"


def test_bad_choice_and_number_messages_are_the_referees():
    result = run("check", "x.ttn", "--format", "xml")
    assert result.exit_code == 2
    assert "Value error" not in result.output
    assert "unknown format 'xml'" in result.stderr
    result = run("simulate", "28", "--deals", "0")
    assert result.exit_code == 2
    assert "Input should be" not in result.output and "must be at least 1" in result.output


# -- lookups -----------------------------------------------------------------------------------


def test_rule_command_explains_a_rule():
    result = run("rule", "28.follow-suit")
    assert result.exit_code == 0
    assert result.stdout.startswith("28.follow-suit: ")
    assert "game: Twenty-Eight" in result.stdout
    assert "https://www.pagat.com/jass/28.html" in result.stdout


def test_rule_command_explains_input_ids_and_suggests():
    assert "not a rule of a game" in run("rule", "ttn.card").stdout
    result = run("rule", "28.follow_suit")
    assert result.exit_code == 2
    assert "did you mean '28.follow-suit'?" in result.stderr


def test_rule_list_holds_the_input_ids():
    text = run("rule", "--list").stdout
    for code in ("ttn.card", "record.result-mismatch", "file.not-found", "29.follow-suit"):
        assert code in text


def test_unknown_option_in_a_record_suggests(project):
    (project / "case.ttn").write_text(
        '[Game "28"]\n[Option "min_bidd" "16"]\n', encoding="utf-8")
    result = run("check", "case.ttn")
    assert "unknown option 'min_bidd' (did you mean 'min_bid'?)" in result.stdout
    result = run("simulate", "28", "--option", "min_bidd=16")
    assert "did you mean 'min_bid'?" in result.stderr


# -- library -----------------------------------------------------------------------------------


def test_load_and_dump_take_open_files(tmp_path):
    path = tmp_path / "revoke.ttn"
    path.write_text(PLAIN, encoding="utf-8")
    with open(path, encoding="utf-8") as fp:
        records = referee.load(fp)
    assert records[0].deals[0].number == 1
    out = io.StringIO()
    referee.dump(records, out)
    assert out.getvalue() == referee.dumps(records)
    assert referee.load(path)[0].tags == records[0].tags


def test_ruff_is_in_the_test_extra():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    extras = project["project"]["optional-dependencies"]
    assert any(req.startswith("ruff") for req in extras["test"])


# -- moves ----------------------------------------------------------------------------------


def test_moves_at_end_says_where_the_record_stops(project):
    stopped = "".join(PLAIN.splitlines(keepends=True)[:15])  # three tricks
    (project / "stop.ttn").write_text(stopped, encoding="utf-8")
    result = run("moves", "stop.ttn", "--at", "end")
    assert result.exit_code == 0
    assert result.stdout.startswith("twenty-eight, where the record stops (deal 1)\n"
                                    "the deal stands: only 3 of 8 tricks are recorded: W must "
                                    "lead to trick 4\n")
    assert "  W JS\n" in result.stdout


def test_moves_for_a_seat_that_does_not_act_there(project):
    stopped = "".join(PLAIN.splitlines(keepends=True)[:15])
    (project / "stop.ttn").write_text(stopped, encoding="utf-8")
    result = run("moves", "stop.ttn", "--at", "1.4.N")
    assert result.exit_code == 2
    assert "N does not act at trick 4 in the record; W is to act there (--at 1.4.W)" \
        in result.stdout


def test_moves_in_an_unfinished_auction_is_not_a_trick(project):
    (project / "auction.ttn").write_text("".join(PLAIN.splitlines(keepends=True)[:11]),
                                         encoding="utf-8")
    result = run("moves", "auction.ttn", "--at", "1.1")
    assert result.exit_code == 2
    assert "the record stops before trick 1, the bidder N has not chosen trumps" \
        in result.stdout
    assert "N trump 8S" in run("moves", "auction.ttn", "--at", "end").stdout


def test_moves_can_ask_about_the_decision_to_call(project):
    result = run("moves", "records/revoke.ttn", "--at", "1.4.N")
    assert "recorded here: N call (line 16)" in result.stdout
    assert "  N call\n" in result.stdout  # calling is among N's choices there


# -- comments stay where they were written ----------------------------------------------------


def test_a_comment_on_its_own_line_stays_there(project):
    canonical = run("fmt", "records/revoke.ttn").stdout
    assert "result NS 3 EW 25\n; E plays the queen of hearts in trick 8\n" in canonical
    moved = canonical.replace("3. S AD", "; Table 4 moved to a new room\n3. S AD")
    (project / "moved.ttn").write_text(moved, encoding="utf-8")
    assert run("fmt", "--check", "moved.ttn").exit_code == 0
    annotated = run("annotate", "moved.ttn").stdout
    assert "\n; Table 4 moved to a new room\n3. S AD" in annotated


def test_aligned_end_of_line_comments_stay_aligned(project):
    text = ('[Game "28"]\n\ndeal 1 dealer S         ; first deal\n'
            "E 14  N pass  W pass  S pass  ; E bids\n")
    (project / "aligned.ttn").write_text(text, encoding="utf-8")
    result = run("fmt", "aligned.ttn")
    assert result.stdout.endswith("deal 1 dealer S         ; first deal\n"
                                  "E 14  N pass  W pass  S pass  ; E bids\n")


def test_the_readme_record_is_canonical(project):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    record = readme.split("## A record\n\n```ttn\n", 1)[1].split("```", 1)[0]
    (project / "readme.ttn").write_text(record, encoding="utf-8")
    assert run("fmt", "--check", "readme.ttn").exit_code == 0
    assert run("check", "readme.ttn").exit_code == 0


def test_comment_placement_survives_json(project):
    canonical = run("fmt", "records/revoke.ttn").stdout
    moved = canonical.replace("3. S AD", "; between tricks\n3. S AD")
    (project / "moved.ttn").write_text(moved, encoding="utf-8")
    as_json = run("convert", "moved.ttn", "--to", "json").stdout
    (project / "moved.jsonl").write_text(as_json, encoding="utf-8")
    assert run("convert", "moved.jsonl", "--to", "ttn").stdout == moved


# -- a trick written in seat order ------------------------------------------------------------


def test_a_trick_written_in_seat_order_gets_a_hint(project):
    slip = PLAIN.replace("3. S AD E 7D N QD W 9D", "3. N QD E 7D S AD W 9D")
    (project / "slip.ttn").write_text(slip, encoding="utf-8")
    result = run("check", "slip.ttn")
    assert "[28.turn]: it is S's turn to play, not N's; the plays of trick 3 are written in " \
           "seat order (N E S W): tricks are written in the order the cards were played" \
        in result.stdout


def test_a_wrong_leader_in_play_order_gets_no_seat_order_hint(project):
    wrong_leader = PLAIN.replace("3. S AD E 7D N QD W 9D", "3. N QD W 9D S AD E 7D")
    (project / "lead.ttn").write_text(wrong_leader, encoding="utf-8")
    result = run("check", "lead.ttn")
    assert "[28.turn]" in result.stdout and "seat order" not in result.stdout


# -- reading goes on after a syntax error ---------------------------------------------------------


def test_every_syntax_error_and_every_later_match_is_reported(project):
    bad = PLAIN.replace("5. W KD S 8D", "5. W KD S 8X")
    worse = PLAIN.replace("6. W 8C", "6. W 8Q")
    (project / "three.ttn").write_text("\n".join([PLAIN, bad, worse, PLAIN]),
                                       encoding="utf-8")
    lines = len(PLAIN.splitlines()) + 1
    result = run("check", "three.ttn", "--format", "json")
    assert result.exit_code == 2
    report = json.loads(result.stdout)["files"][0]
    assert report["error"]["code"] == "ttn.card" and report["error"]["line"] == lines + 17
    assert [e["line"] for e in report["more_errors"]] == [2 * lines + 18]
    # the first and the fourth records are judged; the two with a syntax error are not
    assert [m["line"] for m in report["matches"]] == [4, 3 * lines + 4]
    revokes = [f for m in report["matches"] for d in m["deals"] for f in d["findings"]
               if f["rule"] == "28.follow-suit"]
    assert [f["line"] for f in revokes] == [14, 3 * lines + 14]
    text = run("check", "three.ttn").stdout
    assert text.count("error [ttn.card]") == 2


def test_syntax_hints_name_a_card_and_the_games_own_words(project):
    (project / "bad.ttn").write_text(PLAIN.replace("5. W KD S 8D", "5. W KD S 8X"),
                                     encoding="utf-8")
    result = run("check", "bad.ttn")
    # in the play of a Twenty-Eight deal: a card, a call for trumps, a pair; no bid or pass
    assert "expected a card, call or pair\n" in result.stdout
    for other in ("'rob'", "'exchange'", "'down'", "knock"):
        assert other not in result.stderr


def test_an_unclosed_tag_is_reported_at_the_end_of_its_line(project):
    (project / "tag.ttn").write_text('[Game "twenty-eight"\n[Event "x"]\n\ndeal 1 dealer S\n',
                                     encoding="utf-8")
    result = run("check", "tag.ttn")
    assert "tag.ttn:1:21: error [ttn.tag]: the tag is not closed with ']'" in result.stdout


# -- convert -------------------------------------------------------------------------------------


def test_convert_reads_json_from_standard_input_with_from(project):
    as_json = run("convert", "records/revoke.ttn", "--to", "json").stdout
    result = runner.invoke(app, ["convert", "-", "--from", "json", "--to", "ttn"],
                           input=as_json)
    assert result.exit_code == 0, result.output
    assert result.stdout == run("fmt", "records/revoke.ttn").stdout


def test_json_round_trip_keeps_repeated_trick_marks(project):
    sample = ROOT / "samples/twenty-eight/edge-28-16-forced-trick8-leader-calls.ttn"
    canonical = run("fmt", str(sample)).stdout
    assert "8. N call\n8. N 8S" in canonical
    as_json = run("convert", str(sample), "--to", "json").stdout
    back = runner.invoke(app, ["convert", "-", "--from", "json"], input=as_json).stdout
    assert back == canonical


def test_the_readme_record_is_a_sample():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    record = readme.split("## A record\n\n```ttn\n", 1)[1].split("```", 1)[0]
    sample = (ROOT / "samples/twenty-eight/readme-notation-tour.ttn").read_text(encoding="utf-8")
    assert "".join(line for line in sample.splitlines(keepends=True)
                   if not line.startswith("[Expect ")) == record


def test_team_names_may_be_written_as_the_messages_spell_them(project):
    hyphens = PLAIN.replace("result NS 3 EW 25", "result N-S 3 E-W 25").replace(
        '[Game "twenty-eight"]\n',
        '[Game "twenty-eight"]\n[Expect "score" "N-S 1" "E-W 0"]\n'
        '[Expect "illegal" "28.follow-suit"]\n')
    (project / "teams.ttn").write_text(hyphens, encoding="utf-8")
    result = run("check", "--expect", "teams.ttn")
    assert result.exit_code == 0, result.stdout
    assert "record.team" not in result.output


def test_partial_from_the_settings(project):
    stopped = "".join(PLAIN.splitlines(keepends=True)[:15])
    (project / "records/revoke.ttn").write_text(
        stopped.replace("E 7C N TH", "E QH N TH"), encoding="utf-8")
    (project / "referee.toml").write_text("partial = true\n", encoding="utf-8")
    assert run("check", "records").exit_code == 0


def test_no_files_and_no_settings_is_a_usage_error(project):
    result = run("check")
    assert result.exit_code == 2 and "no files given" in result.stderr
    result = run("fmt")
    assert result.exit_code == 2 and "no files given" in result.stderr
