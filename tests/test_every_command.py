"""Every command that reads records reads them alike: the same options (``--game``,
``--rules``, ``--option``, ``--partial``, ``--from``, ``--config``, ``--isolated``), the same
settings, both forms (TTN and the JSON form); and a command whose output is a report has every
diagnostic in it (standard error is for usage errors)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from referee.cli.app import app
from referee.notation.resources import load_schema

runner = CliRunner()

# One full legal deal of Twenty-Eight, written without trick marks and without a Game tag.
DEAL = """\
deal 1 dealer N
N: KC 9H 8S TC | KS TH 8D QD
E: 9S JD QS 9D | KD 7C 9C KH
S: 8H 7D TD AC | AH 8C QH JC
W: JH 7H AS JS | QC 7S TS AD
W 14  S 18  E pass  N 20  W 24  S pass  E pass  N pass
W trump 7H
W AS  S call  S QH  E 9S  N 8S
S TD  E KD  N 8D  W AD
W 7S  S 7D  E QS  N KS
N KC  W QC  S JC  E 9C
S 8H  E KH  N TH  W JH
W 7H  S AH  E 9D  N 9H
N QD  W TS  S AC  E JD
E 7C  N TC  W JS  S 8C
result NS 17 EW 11
"""
NO_GAME = '[Event "no game tag"]\n\n' + DEAL
WITH_GAME = '[Game "twenty-eight"]\n' + NO_GAME
# The same deal stopped in trick 3 (a game in progress).
STOPPED = WITH_GAME.split("W 7S  S 7D")[0]

# Each command that reads records, as run on one file, and the exit code of a legal record.
COMMANDS = {
    "check": ["check"], "score": ["score"], "fmt": ["fmt"], "convert": ["convert"],
    "annotate": ["annotate"], "moves": ["moves", "--at", "1.2"], "view": ["view"],
}
SHARED = ("--game", "--rules", "--option", "--from", "--config", "--isolated")
WITH_PARTIAL = ("check", "score", "view")


def run(*args: str | Path, input: str | None = None):
    result = runner.invoke(app, [str(a) for a in args], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        result.exception)
    assert "Traceback" not in result.output
    return result


def command(name: str, path: Path, tmp_path: Path) -> list[str | Path]:
    args: list[str | Path] = [*COMMANDS[name], path]
    return [*args, "-o", tmp_path / "page.html"] if name == "view" else args


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """A project whose settings give the game of records without a Game tag."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[tool.referee]\ngame = "twenty-eight"\n',
                                             encoding="utf-8")
    (tmp_path / "deal.ttn").write_text(NO_GAME, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_takes_the_shared_options(name):
    help_text = run(COMMANDS[name][0], "--help").stdout
    for flag in SHARED:
        assert flag in help_text, (name, flag)
    assert ("--partial" in help_text) is (name in WITH_PARTIAL)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_settings_game_holds_in_every_command(project, name):
    result = run(*command(name, project / "deal.ttn", project))
    assert result.exit_code == 0, (name, result.output)
    if name == "view":  # the page replays the record as checked, not as an unknown game
        page = (project / "page.html").read_text(encoding="utf-8")
        assert "record.game" not in page and "twenty-eight" in page
    # --isolated ignores the settings: the record has no game then.
    isolated = run(*command(name, project / "deal.ttn", project), "--isolated")
    if name == "convert":  # convert writes what it cannot replay as it is (no trick marks)
        assert isolated.exit_code == 0 and '"trick"' not in isolated.stdout
    else:  # fmt too: it refuses what check refuses
        assert isolated.exit_code == 2, (name, isolated.output)
        assert "error [record.game]: the record has no Game tag" in isolated.output


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_game_option_holds_in_every_command(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "deal.ttn"
    path.write_text(NO_GAME, encoding="utf-8")
    assert run(*command(name, path, tmp_path)).exit_code in (0, 2)
    assert run(*command(name, path, tmp_path), "--game", "28").exit_code == 0
    unknown = run(*command(name, path, tmp_path), "--game", "twentyeigth")
    assert unknown.exit_code == 2
    assert "did you mean 'twenty-eight'?" in unknown.stderr


def test_rewriting_commands_use_the_given_game_but_do_not_write_it(project):
    formatted = run("fmt", "deal.ttn").stdout
    assert "1. W AS  S call  S QH  E 9S  N 8S\n2. S TD" in formatted  # tricks found
    assert "[Game" not in formatted and formatted.startswith('[Event "no game tag"]')
    converted = json.loads(run("convert", "deal.ttn").stdout)
    assert [tag["name"] for tag in converted["tags"]] == ["Event"]
    plays = [e for e in converted["deals"][0]["events"] if e["action"] == "play"]
    assert [e.get("trick") for e in plays[:5]] == [1, None, None, None, 2]
    annotated = run("annotate", "deal.ttn").stdout
    assert "[Game" not in annotated and "{= trick 1:" in annotated
    in_place = run("fmt", "--in-place", "deal.ttn")
    assert in_place.exit_code == 0
    assert "[Game" not in (project / "deal.ttn").read_text(encoding="utf-8")


def test_config_and_isolated_together_are_a_usage_error(project):
    result = run("score", "--config", "pyproject.toml", "--isolated", "deal.ttn")
    assert result.exit_code == 2
    assert "use --config or --isolated, not both" in result.stderr


def test_settings_options_and_preset_hold_in_score(project):
    (project / "pyproject.toml").write_text(
        '[tool.referee]\ngame = "twenty-eight"\n[tool.referee.options]\nmin_bid = 15\n',
        encoding="utf-8")
    document = json.loads(run("score", "--format", "json", "deal.ttn").stdout)
    assert document["matches"][0]["options"]["min_bid"] == 15
    given = json.loads(run("score", "-f", "json", "--option", "min_bid=17", "deal.ttn").stdout)
    assert given["matches"][0]["options"]["min_bid"] == 17
    bad = run("score", "--option", "min_bidd=1", "deal.ttn")
    assert bad.exit_code == 2 and "did you mean 'min_bid'?" in bad.stderr


# -- both forms --------------------------------------------------------------------------------


@pytest.fixture
def both_forms(tmp_path, monkeypatch) -> tuple[Path, Path]:
    """The same record as TTN and in the JSON form (tour.ttn, tour.json)."""
    monkeypatch.chdir(tmp_path)
    ttn = tmp_path / "tour.ttn"
    ttn.write_text(WITH_GAME.replace("S TD  E KD", "S TD  E QS").replace(
        "W 7S  S 7D  E QS", "W 7S  S 7D  E KD"), encoding="utf-8")  # E revokes in trick 2
    converted = run("convert", ttn)
    assert converted.exit_code == 0
    jsonl = tmp_path / "tour.json"
    jsonl.write_text(json.dumps(json.loads(converted.stdout), indent=2), encoding="utf-8")
    return ttn, jsonl


@pytest.mark.parametrize("name", ["check", "score", "annotate", "view"])
def test_every_command_reads_the_json_form_with_the_same_verdict(both_forms, tmp_path, name):
    ttn, jsonl = both_forms
    as_text = run(*command(name, ttn, tmp_path))
    as_json = run(*command(name, jsonl, tmp_path))
    assert as_text.exit_code == as_json.exit_code == 1, (as_text.output, as_json.output)
    assert "28.follow-suit" in as_json.stdout + as_json.stderr + (
        (tmp_path / "page.html").read_text(encoding="utf-8") if name == "view" else "")
    assert "ttn.tag" not in as_json.output


def test_fmt_moves_and_convert_read_the_json_form(both_forms):
    ttn, jsonl = both_forms
    assert run("fmt", jsonl).stdout == run("fmt", ttn).stdout
    # The same answer, though a record in the JSON form has no lines to point to.
    as_text = run("moves", ttn, "--at", "1.2.E").stdout
    assert run("moves", jsonl, "--at", "1.2.E").stdout == as_text.replace(" (line 12)", "")
    assert run("convert", jsonl).stdout == run("fmt", ttn).stdout
    refused = run("fmt", "--check", jsonl)
    assert refused.exit_code == 2 and "JSON form" in refused.stderr


def test_from_json_reads_standard_input_in_the_json_form(both_forms):
    _, jsonl = both_forms
    text = jsonl.read_text(encoding="utf-8")
    result = run("check", "--from", "json", "-", input=text)
    assert result.exit_code == 1 and "<stdin>: error [28.follow-suit]" in result.stdout
    as_ttn = run("check", "-", input=text)  # without --from, standard input is TTN
    assert as_ttn.exit_code == 2
    wrong = run("score", "--from", "xml", jsonl)
    assert wrong.exit_code == 2 and "--from takes ttn or json, not 'xml'" in wrong.stderr


# -- score --format json -----------------------------------------------------------------------


def test_score_json_follows_its_schema(both_forms, tmp_path):
    ttn, jsonl = both_forms
    validator = Draft202012Validator(load_schema("score.schema.json"))
    for path, code in ((ttn, 1), (jsonl, 1)):
        result = run("score", "--format", "json", path)
        assert result.exit_code == code
        document = json.loads(result.stdout)
        assert not [e.message for e in validator.iter_errors(document)]
        [match] = document["matches"]
        [deal] = match["deals"]
        assert deal["result"]["points"] == {"NS": 17, "EW": 11}
        assert deal["result"]["contract"]["bidder"] == "W"
        assert [f["rule"] for f in deal["findings"]] == ["28.follow-suit"]
    bad = tmp_path / "bad.ttn"
    bad.write_text('[Game "28"]\n\ndeal 1 dealer S\nN: JS 1OS\n', encoding="utf-8")
    result = run("score", "-f", "json", bad)
    assert result.exit_code == 2 and result.stderr == ""
    document = json.loads(result.stdout)
    assert not list(validator.iter_errors(document))
    assert (document["error"]["code"], document["error"]["line"]) == ("ttn.card", 4)


def test_the_score_schema_shares_the_check_reports_definitions():
    score, report = load_schema("score.schema.json"), load_schema("report.schema.json")
    Draft202012Validator.check_schema(score)
    for name, definition in score["$defs"].items():
        assert definition == report["$defs"][name], name


def test_score_partial_and_the_settings_partial(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "stopped.ttn").write_text(STOPPED, encoding="utf-8")
    assert run("score", "stopped.ttn").exit_code == 1  # the deal is incomplete
    partial = run("score", "--partial", "stopped.ttn")
    assert partial.exit_code == 0
    assert "note [28.incomplete]: in progress, legal so far" in partial.stdout
    (tmp_path / "referee.toml").write_text("partial = true\n", encoding="utf-8")
    assert run("score", "stopped.ttn").exit_code == 0
    assert run("view", "stopped.ttn", "-o", tmp_path / "p.html").exit_code == 0
    assert run("score", "--isolated", "stopped.ttn").exit_code == 1


# -- one report --------------------------------------------------------------------------------


def test_moves_and_view_report_an_unreadable_record_on_standard_output(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bad = tmp_path / "bad.ttn"
    bad.write_text('[Game "28"]\n\ndeal 1 dealer S\nN: JS 1OS\n', encoding="utf-8")
    moves = run("moves", bad, "--at", "1")
    assert moves.exit_code == 2 and moves.stderr == ""
    assert moves.stdout.startswith(f"{bad}:4:7: error [ttn.card]")
    as_json = run("moves", bad, "--at", "1", "--format", "json")
    assert as_json.exit_code == 2 and as_json.stderr == ""
    assert json.loads(as_json.stdout)["error"] == {
        "code": "ttn.card", "line": 4, "column": 7,
        "message": json.loads(as_json.stdout)["error"]["message"]}
    good = tmp_path / "good.ttn"
    good.write_text(WITH_GAME, encoding="utf-8")
    view = run("view", bad, good, "-o", tmp_path / "pages")
    assert view.exit_code == 2 and view.stderr == ""
    assert f"{bad}:4:7: error [ttn.card]" in view.stdout
    assert "wrote 2 pages" in view.stdout
    annotate = run("annotate", bad)  # its output is the record: diagnostics on stderr
    assert annotate.exit_code == 2 and annotate.stdout == ""
    assert f"{bad}:4:7: error [ttn.card]" in annotate.stderr


def test_check_jobs_reads_the_json_form_as_one_process_does(both_forms):
    ttn, jsonl = both_forms

    def untimed(text: str) -> str:
        return text.rsplit(" (", 1)[0]

    one = run("check", jsonl, ttn)
    two = run("check", "--jobs", "2", jsonl, ttn)
    assert one.exit_code == two.exit_code == 1
    assert untimed(one.stdout) == untimed(two.stdout)
    assert one.stdout.count("28.follow-suit") == 2
