"""The ``referee`` command line: every command, every exit code, no traceback on bad input."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

import referee
from referee.cli.app import app

ROOT = Path(__file__).resolve().parent.parent

runner = CliRunner()

# One full legal deal of Twenty-Eight (from `referee simulate 28 --seed 1`, checked by hand:
# 32 cards, 4 hands of 8, dealt in two rounds of four).
DEAL = """\
deal 1 dealer N
N: KC 9H 8S TC | KS TH 8D QD
E: 9S JD QS 9D | KD 7C 9C KH
S: 8H 7D TD AC | AH 8C QH JC
W: JH 7H AS JS | QC 7S TS AD
W 14  S 18  E pass  N 20  W 24  S pass  E pass  N pass
W trump 7H
1. W AS  S call  S QH  E 9S  N 8S
2. S TD  E KD  N 8D  W AD
3. W 7S  S 7D  E QS  N KS
4. N KC  W QC  S JC  E 9C
5. S 8H  E KH  N TH  W JH
6. W 7H  S AH  E 9D  N 9H
7. N QD  W TS  S AC  E JD
8. E 7C  N TC  W JS  S 8C
result NS 17 EW 11
"""

LEGAL = ('[Game "twenty-eight"]\n[Expect "valid"]\n[Expect "points" "deal 1" "NS 17" "EW 11"]\n\n'
         + DEAL)

# E holds diamonds in trick 2 and discards QS instead (line 13, column 10), then KD in trick 3.
ILLEGAL_DEAL = DEAL.replace("2. S TD  E KD", "2. S TD  E QS").replace(
    "3. W 7S  S 7D  E QS", "3. W 7S  S 7D  E KD")
ILLEGAL = ('[Game "twenty-eight"]\n[Expect "illegal" "deal 1" "trick 2" "E" "28.follow-suit"]\n'
           '[Expect "case" "revoke"]\n\n' + ILLEGAL_DEAL)

BAD_CARD = '[Game "28"]\n\ndeal 1 dealer S\nN: JS 1OS\n'

NON_CANONICAL = '[Game "28"]   \n\n\ndeal 1 dealer S ; first deal\nE 14, N pass W pass S pass\n'


def write(directory: Path, name: str, text: str | bytes) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


_TIME = re.compile(r" \(\d+\.\d\d s\)$")


def untimed(line: str) -> str:
    """A summary line without the time it ends with (which varies)."""
    assert _TIME.search(line), f"no time in the summary line {line!r}"
    return _TIME.sub("", line)


def run(*args: str | Path, input: str | None = None):
    result = runner.invoke(app, [str(a) for a in args], input=input)
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        result.exception)
    return result


@pytest.fixture(scope="module")
def report_validator() -> Draft202012Validator:
    schema = json.loads((ROOT / "schemas" / "report.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


# -- the app -----------------------------------------------------------------------------------


def test_version():
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"referee {referee.__version__}"


def test_help_documents_exit_codes():
    for args in ([], ["--help"], ["check", "--help"]):
        result = run(*args)
        assert "Exit codes: 0 valid" in result.output
    assert run().exit_code in (0, 2)  # no arguments: the help


def test_unknown_command_and_bad_option_are_usage_errors(tmp_path):
    assert run("nonsense").exit_code == 2
    assert run("check", "--format", "xml", write(tmp_path, "a.ttn", LEGAL)).exit_code == 2
    assert run("check").exit_code == 2


# -- check ---------------------------------------------------------------------------------------


def test_check_legal(tmp_path):
    path = write(tmp_path, "legal.ttn", LEGAL)
    result = run("check", path)
    assert result.exit_code == 0, result.output
    assert f"{path}:1: twenty-eight (standard), 1 deal: " in result.stdout
    assert untimed(result.stdout.splitlines()[-1]) == "1 file, 1 deal, 0 findings, 0 notes"
    assert result.stderr == ""


def test_check_illegal(tmp_path):
    path = write(tmp_path, "illegal.ttn", ILLEGAL)
    result = run("check", path)
    assert result.exit_code == 1
    first = result.stdout.splitlines()[0]
    assert first.startswith(f"{path}:13:10: error [28.follow-suit]: ")
    assert first.endswith("(deal 1, trick 2, seat E)")
    assert "1 file, 1 deal, 1 finding, 0 notes" in result.stdout


def test_check_syntax_error_goes_on_with_other_files(tmp_path):
    bad = write(tmp_path, "bad.ttn", BAD_CARD)
    good = write(tmp_path, "good.ttn", LEGAL)
    result = run("check", bad, good)
    assert result.exit_code == 2
    # The located error is part of the report (as ruff and mypy write theirs), in its place.
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{bad}:4:7: error [ttn.card]: '1OS' is not a card")
    assert lines[1:3] == ["  N: JS 1OS", "        ^"]
    assert f"{good}:1: twenty-eight" in result.stdout
    assert "2 files, 1 deal, 0 findings, 0 notes, 1 unreadable file" in result.stdout
    assert result.stderr == ""


def test_one_report_keeps_the_located_error_of_an_unreadable_file(tmp_path):
    bad = write(tmp_path, "bad.ttn", BAD_CARD)
    good = write(tmp_path, "good.ttn", LEGAL)
    report = tmp_path / "report.txt"
    result = run("check", bad, good, "-o", report)
    assert result.exit_code == 2
    assert result.stdout == "" and result.stderr == ""
    text = report.read_text(encoding="utf-8")
    assert text.startswith(f"{bad}:4:7: error [ttn.card]: '1OS' is not a card")
    assert "  N: JS 1OS\n        ^\n" in text
    assert f"{good}:1: twenty-eight" in text
    assert "2 files, 1 deal, 0 findings, 0 notes, 1 unreadable file" in text.splitlines()[-1]


def test_check_record_error(tmp_path):
    path = write(tmp_path, "seat.ttn", '[Game "28"]\n\ndeal 1 dealer X\n')
    result = run("check", path)
    assert result.exit_code == 2
    assert f"{path}:3:15: error [record.seat]" in result.stdout  # under the seat
    assert "deal 1 dealer X" in result.stdout


def test_check_missing_file(tmp_path):
    result = run("check", tmp_path / "nope.ttn")
    assert result.exit_code == 2
    assert f"{tmp_path / 'nope.ttn'}: error [file.not-found]" in result.stdout


@pytest.mark.parametrize(
    "junk",
    [bytes(range(256)) * 4, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
     b'[Game "28"]\n[Event "caf\xe9"]\n'],
    ids=["bytes", "png", "latin-1"],
)
def test_check_binary_or_non_utf8(tmp_path, junk):
    path = write(tmp_path, "junk.ttn", junk)
    result = run("check", path)
    assert result.exit_code == 2
    assert f"{path}:" in result.stdout
    assert "error [ttn.encoding]" in result.stdout
    assert "\x00" not in result.stdout


def test_check_walks_directories_sorted(tmp_path):
    write(tmp_path, "b.ttn", ILLEGAL)
    write(tmp_path, "a.ttn", LEGAL)
    write(tmp_path, "sub/c.ttn", LEGAL)
    write(tmp_path, "notes.txt", "not a record")
    write(tmp_path, ".hidden/d.ttn", BAD_CARD)
    result = run("check", tmp_path)
    assert result.exit_code == 1
    summaries = [line.split(":")[0] for line in result.stdout.splitlines()
                 if "twenty-eight" in line]
    assert summaries == [str(tmp_path / "a.ttn"), str(tmp_path / "b.ttn"),
                         str(tmp_path / "sub" / "c.ttn")]
    assert untimed(result.stdout.splitlines()[-1]) == "3 files, 3 deals, 1 finding, 0 notes"


def test_check_empty_directory(tmp_path):
    # nothing checked is not "valid": a CI job pointed at the wrong folder must fail
    result = run("check", tmp_path)
    assert result.exit_code == 2
    assert "no .ttn files" in result.stderr


def test_check_stdin():
    result = run("check", "-", input=ILLEGAL)
    assert result.exit_code == 1
    assert result.stdout.startswith("<stdin>:13:10: error [28.follow-suit]")


def test_check_crlf(tmp_path):
    path = write(tmp_path, "crlf.ttn", LEGAL.replace("\n", "\r\n").encode())
    assert run("check", path).exit_code == 0


def test_check_json_validates(tmp_path, report_validator):
    legal = write(tmp_path, "legal.ttn", LEGAL)
    illegal = write(tmp_path, "illegal.ttn", ILLEGAL)
    bad = write(tmp_path, "bad.ttn", BAD_CARD)
    for paths, code in (([legal], 0), ([legal, illegal], 1), ([legal, bad, illegal], 2)):
        result = run("check", "--format", "json", *paths)
        assert result.exit_code == code
        data = json.loads(result.stdout)
        errors = [f"{e.json_path}: {e.message}" for e in report_validator.iter_errors(data)]
        assert not errors
        # Files come out in path order, whatever order they were named in.
        assert [f["path"] for f in data["files"]] == sorted(str(p) for p in paths)
    assert data["summary"] == {"files": 3, "deals": 2, "findings": 1, "notes": 0, "errors": 1,
                               "expectations": 0}
    assert data["files"][0]["error"] == {
        "code": "ttn.card", "line": 4, "column": 7,
        "message": data["files"][0]["error"]["message"]}
    finding = data["files"][1]["matches"][0]["deals"][0]["findings"][0]
    assert (finding["rule"], finding["deal"], finding["trick"], finding["seat"],
            finding["line"]) == ("28.follow-suit", 1, 2, "E", 13)
    assert "ttn.card" not in result.stderr  # in the document only: one report


def test_check_json_of_unreadable_files(tmp_path, report_validator):
    junk = write(tmp_path, "junk.ttn", b"\x00\xff" * 50)
    result = run("check", "-f", "json", junk, tmp_path / "missing.ttn")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert report_validator.is_valid(data)
    assert [f["error"]["code"] for f in data["files"]] == ["ttn.encoding", "file.not-found"]


def test_expect_met(tmp_path):
    write(tmp_path, "legal.ttn", LEGAL)
    write(tmp_path, "illegal.ttn", ILLEGAL)
    result = run("check", "--expect", tmp_path)
    assert result.exit_code == 0, result.output
    assert [untimed(line) for line in result.stdout.splitlines()] == [
        "2 files, 2 deals, 1 finding, 0 notes, all expectations met"]


def test_expect_unmet(tmp_path):
    valid_but_illegal = ILLEGAL.replace(
        '[Expect "illegal" "deal 1" "trick 2" "E" "28.follow-suit"]', '[Expect "valid"]')
    path = write(tmp_path, "x.ttn", valid_but_illegal)
    result = run("check", "--expect", path)
    assert result.exit_code == 1
    line = result.stdout.splitlines()[0]
    assert line.startswith(f'{path}:2: unmet [Expect "valid"] (case revoke) not met: ')
    assert "28.follow-suit (deal 1, trick 2, seat E, line 13)" in line
    assert "1 unmet expectation" in result.stdout


def test_expect_unexpected_finding_and_wrong_points(tmp_path):
    text = ILLEGAL.replace('[Expect "illegal" "deal 1" "trick 2" "E" "28.follow-suit"]',
                           '[Expect "points" "deal 1" "NS 18" "EW 10"]')
    path = write(tmp_path, "x.ttn", text)
    result = run("check", "--expect", "--format", "json", path)
    assert result.exit_code == 1
    [points, unexpected] = json.loads(result.stdout)["files"][0]["expectations"]
    assert points.startswith('line 2: [Expect "points" "deal 1" "NS 18" "EW 10"]')
    assert "computed deal 1 card points NS 17 EW 11" in points
    assert unexpected.startswith("line 13: unexpected finding 28.follow-suit")


def test_expect_without_flag_is_plain_check(tmp_path):
    path = write(tmp_path, "x.ttn", LEGAL.replace('[Expect "valid"]', '[Expect "bogus"]'))
    assert run("check", path).exit_code == 0


def test_malformed_expect_tag(tmp_path):
    path = write(tmp_path, "x.ttn", LEGAL.replace('[Expect "valid"]', '[Expect "bogus"]'))
    result = run("check", "--expect", path)
    assert result.exit_code == 2
    assert f"{path}:2:1: error [record.expect]: unknown Expect kind 'bogus'" in result.stdout
    assert '  [Expect "bogus"]' in result.stdout


# -- score -------------------------------------------------------------------------------------


def test_score(tmp_path):
    path = write(tmp_path, "legal.ttn", LEGAL)
    result = run("score", path)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"twenty-eight (standard), {path}:1"
    assert lines[2].split()[:8] == ["deal", "dealer", "bidder", "bid", "target", "NS", "EW",
                                    "made"]
    assert lines[3].split()[:8] == ["1", "N", "W", "24", "24", "17", "11", "no"]
    assert lines[-1].startswith("result: ")


def test_score_with_findings_and_errors(tmp_path):
    # Findings and errors are part of the score report, after the sheet.
    result = run("score", write(tmp_path, "illegal.ttn", ILLEGAL))
    assert result.exit_code == 1
    sheet, _, after = result.stdout.partition("\nresult: ")
    assert "1 finding" in sheet
    assert f"{tmp_path / 'illegal.ttn'}:13:10: error [28.follow-suit]" in after
    assert result.stderr == ""
    result = run("score", write(tmp_path, "bad.ttn", BAD_CARD))
    assert result.exit_code == 2
    assert result.stdout.startswith(f"{tmp_path / 'bad.ttn'}:4:7: error [ttn.card]")
    assert result.stderr == ""
    result = run("score", tmp_path / "missing.ttn")
    assert result.exit_code == 2 and "error [file.not-found]" in result.stdout


# -- fmt ---------------------------------------------------------------------------------------


def canonical(text: str) -> str:
    return referee.dumps(referee.loads(text))


def test_fmt_to_stdout(tmp_path):
    path = write(tmp_path, "x.ttn", NON_CANONICAL)
    result = run("fmt", path)
    assert result.exit_code == 0
    assert result.stdout == canonical(NON_CANONICAL)
    assert "; first deal" in result.stdout
    assert path.read_text(encoding="utf-8") == NON_CANONICAL


def test_fmt_check(tmp_path):
    messy = write(tmp_path, "messy.ttn", NON_CANONICAL)
    tidy = write(tmp_path, "tidy.ttn", canonical(NON_CANONICAL))
    result = run("fmt", "--check", messy, tidy)
    assert result.exit_code == 1
    assert f"{messy}: would be rewritten" in result.stderr
    assert str(tidy) not in result.stderr
    assert result.stdout == ""
    assert messy.read_text(encoding="utf-8") == NON_CANONICAL
    assert run("fmt", "--check", tidy).exit_code == 0


def test_fmt_in_place(tmp_path):
    messy = write(tmp_path, "messy.ttn", NON_CANONICAL)
    result = run("fmt", "--in-place", messy)
    assert result.exit_code == 0
    assert messy.read_text(encoding="utf-8") == canonical(NON_CANONICAL)
    assert run("fmt", "--check", messy).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["messy.ttn"]


def test_fmt_in_place_is_atomic(tmp_path, monkeypatch):
    messy = write(tmp_path, "messy.ttn", NON_CANONICAL)

    def refuse(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    result = run("fmt", "--in-place", messy)
    assert result.exit_code == 2
    assert f"{messy}: error [file.write]" in result.stderr
    assert messy.read_text(encoding="utf-8") == NON_CANONICAL
    assert sorted(p.name for p in tmp_path.iterdir()) == ["messy.ttn"]


def test_fmt_leaves_unreadable_files_alone(tmp_path):
    bad = write(tmp_path, "bad.ttn", BAD_CARD)
    messy = write(tmp_path, "messy.ttn", NON_CANONICAL)
    result = run("fmt", "-i", bad, messy)
    assert result.exit_code == 2
    assert "error [ttn.card]" in result.stderr
    assert bad.read_text(encoding="utf-8") == BAD_CARD
    assert messy.read_text(encoding="utf-8") == canonical(NON_CANONICAL)


def test_fmt_usage_errors(tmp_path):
    path = write(tmp_path, "x.ttn", NON_CANONICAL)
    assert run("fmt", "--check", "--in-place", path).exit_code == 2
    assert run("fmt", "--in-place", "-").exit_code == 2
    assert path.read_text(encoding="utf-8") == NON_CANONICAL


# -- convert -----------------------------------------------------------------------------------


def test_convert_round_trip(tmp_path):
    from referee.notation.resources import load_schema

    two = LEGAL + "\n" + ILLEGAL
    source = write(tmp_path, "two.ttn", two)
    result = run("convert", source, "--to", "json")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    validator = Draft202012Validator(load_schema("record.schema.json"))
    for line in lines:
        assert validator.is_valid(json.loads(line))
    jsonl = write(tmp_path, "two.jsonl", result.stdout)
    back = run("convert", jsonl)  # --to ttn is the default for JSON input
    assert back.exit_code == 0, back.output
    assert back.stdout == canonical(two)


def test_convert_json_document_and_output_file(tmp_path):
    record = referee.to_json(referee.loads(LEGAL)[0])
    source = write(tmp_path, "one.json", json.dumps(record, indent=2))
    out = tmp_path / "out" / "one.ttn"
    out.parent.mkdir()
    result = run("convert", source, "--to", "ttn", "-o", out)
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert out.read_text(encoding="utf-8") == canonical(LEGAL)
    assert sorted(p.name for p in out.parent.iterdir()) == ["one.ttn"]


def test_convert_errors(tmp_path):
    result = run("convert", write(tmp_path, "bad.json", '{"format": "ttn/1", "tags": 3}'))
    assert result.exit_code == 2
    assert "error [record.json]" in result.stderr
    result = run("convert", write(tmp_path, "bad.ttn", BAD_CARD), "-o", tmp_path / "o.jsonl")
    assert result.exit_code == 2
    assert "error [ttn.card]" in result.stderr
    assert not (tmp_path / "o.jsonl").exists()
    assert run("convert", tmp_path / "missing.ttn").exit_code == 2
    assert run("convert", tmp_path / "bad.ttn", "--to", "yaml").exit_code == 2


# -- games -------------------------------------------------------------------------------------


def test_games_list():
    result = run("games")
    assert result.exit_code == 0
    assert "twenty-eight" in result.stdout
    assert "28" in result.stdout
    assert "standard" in result.stdout


@pytest.mark.parametrize("name", ["28", "twenty-eight", "Twenty-Eight"])
def test_games_detail(name):
    result = run("games", name)
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("twenty-eight: Twenty-Eight")
    assert "28.follow-suit" in out
    assert "A4.2" not in out and "decision" not in out  # a player has no working notes
    assert "https://www.pagat.com/jass/28.html" in out
    assert "presets" in out and "standard" in out
    assert "min_bid = 14" in out


def test_games_unknown():
    result = run("games", "bridge")
    assert result.exit_code == 2
    assert "unknown game 'bridge'" in result.stderr


# -- simulate ----------------------------------------------------------------------------------


def test_simulate_output_is_legal(tmp_path):
    result = run("simulate", "28", "--deals", "3", "--seed", "7")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("\ndeal ") == 3
    path = write(tmp_path, "sim.ttn", result.stdout)
    assert run("check", path).exit_code == 0
    again = run("simulate", "28", "--deals", "3", "--seed", "7")
    assert again.stdout == result.stdout


def test_simulate_to_file_and_errors(tmp_path):
    out = tmp_path / "sim.ttn"
    result = run("simulate", "twenty-eight", "-n", "2", "-s", "1", "-p", "pagat", "-o", out)
    assert result.exit_code == 0, result.output
    assert '[Rules "pagat"]' in out.read_text(encoding="utf-8")
    assert run("simulate", "bridge").exit_code == 2
    assert run("simulate", "28", "--preset", "nowhere").exit_code == 2
    assert run("simulate", "28", "--deals", "0").exit_code == 2


def test_simulate_without_the_simulator(monkeypatch):
    monkeypatch.delattr(referee, "simulate", raising=False)
    monkeypatch.setitem(sys.modules, "referee.replay.simulate", None)
    result = run("simulate", "28")
    assert result.exit_code == 2
    assert "simulator" in result.stderr


# -- as a program ------------------------------------------------------------------------------


def test_python_dash_m(tmp_path):
    junk = write(tmp_path, "junk.ttn", b"\xff\xfe\x00junk")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-m", "referee", "check", str(junk)],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "error [ttn.encoding]" in done.stdout
    done = subprocess.run([sys.executable, "-m", "referee", "--version"], capture_output=True,
                          text=True, env=env, cwd=tmp_path, timeout=60)
    assert done.returncode == 0
    assert done.stdout.startswith("referee ")


# -- the library under the command -------------------------------------------------------------


def test_a_bug_is_reported_per_file_without_traceback(tmp_path, monkeypatch):
    import referee.pipeline.checking

    def broken(items):
        raise RuntimeError("boom")
        yield  # pragma: no cover

    monkeypatch.setattr(referee.pipeline.checking, "replay_stream", broken)
    result = run("check", write(tmp_path, "a.ttn", LEGAL), write(tmp_path, "b.ttn", LEGAL))
    assert result.exit_code == 2
    assert result.stdout.count("error [referee.internal]: internal error") == 2
    assert "RuntimeError: boom" in result.stdout


def test_check_text_and_check_file(tmp_path):
    from referee.pipeline.checking import check_file, check_paths, check_text

    report = check_text(ILLEGAL, "x.ttn", expect=True)
    assert report.error is None and report.expectations == []
    assert [f.rule for f in report.findings()] == ["28.follow-suit"]
    report = check_text(ILLEGAL.replace('"trick 2"', '"trick 3"'), "x.ttn", expect=True)
    assert len(report.expectations) == 2  # the unmet tag and the unexpected finding
    report = check_text(BAD_CARD, "bad.ttn")
    assert (report.error_code, report.error_line, report.error_column) == ("ttn.card", 4, 7)
    assert report.matches == []
    # A readable record before an unreadable one is kept.
    report = check_file(write(tmp_path, "two.ttn", LEGAL + "\n" + BAD_CARD))
    assert len(report.matches) == 1 and report.error_code == "ttn.card"
    assert report.error_line == 25
    assert [r.path for r in check_paths([tmp_path])] == [str(tmp_path / "two.ttn")]


def test_reports_do_not_depend_on_hash_seeds():
    """The same samples give the same JSON report whatever PYTHONHASHSEED is: candidates
    that come from sets (hands) are put in a fixed order before they are listed."""
    outputs = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        result = subprocess.run(
            [sys.executable, "-m", "referee", "check", "--expect", "--format", "json",
             str(ROOT / "samples")],
            capture_output=True, text=True, env=env, cwd=ROOT, check=False)
        assert result.returncode == 0, result.stderr
        data = json.loads(result.stdout)
        outputs.add(json.dumps(data["files"], sort_keys=True))
    assert len(outputs) == 1


def test_deal_numbers_are_checked(tmp_path):
    text = LEGAL.replace("deal 1 dealer N", "deal 7 dealer N")
    result = run("check", write(tmp_path, "seven.ttn", text))
    assert result.exit_code == 1
    assert "error [record.deal-number]: this is deal 1 of the match, numbered 7" in result.stdout
    assert run("check", write(tmp_path, "one.ttn", LEGAL)).exit_code == 0
