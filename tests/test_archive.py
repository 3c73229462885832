"""Archives: baselines (fingerprints that survive a reformat, an inserted record, changed
comments; multiset matching; findings gone; SARIF's baselineState; bad baseline files) and
duplicate deals across files, through the command line."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from referee.cli.app import app
from referee.cli.help import optional_values
from referee.notation.resources import load_schema

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
ILLEGAL = SAMPLES / "twenty-eight" / "after-illegal-actions.ttn"


def _first_record(text: str) -> str:
    """The text up to the second record's Game tag."""
    second = text.index('[Game "', text.index('[Game "') + 1)
    return text[:second]


def _check(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["check", *optional_values(list(args))])
    return result.exit_code, result.output


@pytest.fixture()
def archive(tmp_path: Path) -> Path:
    folder = tmp_path / "archive"
    folder.mkdir()
    (folder / "a.ttn").write_text(ILLEGAL.read_text(encoding="utf-8"), encoding="utf-8")
    return folder


def _written(path: Path) -> list[dict]:
    data = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.validate(data, load_schema("baseline.schema.json"))
    return data["findings"]


def test_a_baseline_holds_every_finding_and_a_second_check_passes(archive: Path) -> None:
    code, out = _check(str(archive), "--write-baseline", str(archive / "base.json"))
    assert code == 1 and "9 findings" in out
    written = _written(archive / "base.json")
    assert len(written) == 9 + 14  # errors and notes
    assert {entry["file"] for entry in written} == {"a.ttn"}  # relative to the baseline
    assert all("line" not in entry for entry in written)
    code, out = _check(str(archive), "--baseline", str(archive / "base.json"))
    assert code == 0, out
    assert "0 findings, 0 notes, 23 baseline findings matched" in out
    assert "no longer occur" not in out


def test_fingerprints_survive_a_reformat_and_new_comments(archive: Path) -> None:
    _check(str(archive), "--write-baseline", str(archive / "base.json"))
    record = archive / "a.ttn"
    text = record.read_text(encoding="utf-8")
    record.write_text("; a comment above everything\n\n" + text.replace(
        "\ndeal 1 dealer", "\n; another comment\ndeal 1 dealer", 3), encoding="utf-8")
    assert CliRunner().invoke(app, ["fmt", "--in-place", str(record)]).exit_code == 0
    assert record.read_text(encoding="utf-8") != text
    code, out = _check(str(archive), "--baseline", str(archive / "base.json"))
    assert code == 0, out
    assert "23 baseline findings matched" in out


def test_an_inserted_record_reports_only_its_own_findings(archive: Path) -> None:
    _check(str(archive), "--write-baseline", str(archive / "base.json"))
    record = archive / "a.ttn"
    new = ('[Game "twenty-eight"]\n\ndeal 1 dealer E\n'
           "N: KS QD KH AC | 7D 9D 9H QS\nE: 8S JD QC 7H | QH 8C 8H TD\n"
           "S: JS 7C 8D JC | AD TS 9S TH\nW: TC 7S JH AH | KC AS KD 9C\n"
           "N 13\n\n")
    record.write_text(new + record.read_text(encoding="utf-8"), encoding="utf-8")
    code, out = _check(str(archive), "--baseline", str(archive / "base.json"), "-q")
    assert code == 1
    reported = [line for line in out.splitlines() if "error [" in line or "note [" in line]
    lines = [int(line[len(str(record)) + 1:].split(":")[0]) for line in reported]
    assert lines and all(line <= new.count("\n") for line in lines), reported
    assert "23 baseline findings matched" in out


def test_equal_records_match_one_for_one_and_gone_findings_are_counted(archive: Path) -> None:
    record = archive / "a.ttn"
    text = record.read_text(encoding="utf-8")
    first = _first_record(text)
    record.write_text(first, encoding="utf-8")
    _check(str(record), "--write-baseline", str(archive / "base.json"))
    one = len(_written(archive / "base.json"))
    assert one >= 1
    record.write_text(first + "\n" + first, encoding="utf-8")  # the same record twice
    code, out = _check(str(record), "--baseline", str(archive / "base.json"), "-q")
    assert code == 1  # the second copy's findings are new (its ordinal is 1)
    assert f"{one} baseline finding" in out
    record.write_text('[Game "twenty-eight"]\n', encoding="utf-8")
    code, out = _check(str(record), "--baseline", str(archive / "base.json"))
    assert code == 0
    gone = "finding no longer occurs" if one == 1 else "findings no longer occur"
    assert f"0 baseline findings matched, {one} baseline {gone}" in out


def test_accepted_findings_stay_out_of_the_baseline(archive: Path) -> None:
    record = archive / "a.ttn"
    lines = record.read_text(encoding="utf-8").splitlines()
    code, out = _check(str(record), "-q")
    first = next(line for line in out.splitlines() if "error [28." in line)
    number, rule = int(first.split(":")[1]), first.split("[")[1].split("]")[0]
    lines[number - 1] += f"  ; referee: accept {rule}"
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _check(str(record), "--write-baseline", str(archive / "base.json"))
    assert len(_written(archive / "base.json")) == 9 + 14 - 1


def test_sarif_marks_new_and_unchanged_results(archive: Path) -> None:
    _check(str(archive), "--write-baseline", str(archive / "base.json"))
    (archive / "b.ttn").write_text(_first_record(ILLEGAL.read_text(encoding="utf-8")),
                                   encoding="utf-8")
    code, out = _check(str(archive), "--baseline", str(archive / "base.json"),
                       "--format", "sarif")
    results = json.loads(out[:out.rindex("}") + 1])["runs"][0]["results"]
    states = {result["baselineState"] for result in results}
    assert states == {"new", "unchanged"}
    assert sum(r["baselineState"] == "unchanged" for r in results) == 23
    assert all(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("b.ttn")
               for r in results if r["baselineState"] == "new")


@pytest.mark.parametrize(("content", "message"), [
    (None, "no such baseline file"),
    ("not json", "not a baseline: not JSON"),
    ('{"format": "referee-baseline/9", "findings": []}', "unsupported baseline format"),
    ('{"format": "referee-baseline/1", "findings": [{"file": "a.ttn"}]}',
     "not a baseline: at findings/0"),
])
def test_a_missing_or_invalid_baseline_is_exit_2(archive: Path, content: str | None,
                                                 message: str) -> None:
    baseline = archive / "base.json"
    if content is not None:
        baseline.write_text(content, encoding="utf-8")
    code, out = _check(str(archive), "--baseline", str(baseline))
    assert code == 2
    assert message in out and "Traceback" not in out


def test_duplicates_across_files_comments_and_trick_marks_aside(archive: Path) -> None:
    text = (SAMPLES / "twenty-eight" / "readme-notation-tour.ttn").read_text(encoding="utf-8")
    (archive / "a.ttn").write_text(text, encoding="utf-8")
    bare = "\n".join(line.split(";")[0].rstrip() for line in text.splitlines())
    for mark in range(1, 9):
        bare = bare.replace(f"{mark}. ", "")
    (archive / "b.ttn").write_text(bare + "\n", encoding="utf-8")
    code, out = _check(str(archive))
    assert code == 0 and "record.duplicate" not in out
    code, out = _check(str(archive), "--duplicates")
    assert code == 0
    notes = [line for line in out.splitlines() if "[record.duplicate]" in line]
    assert len(notes) == 1 and notes[0].startswith(f"{archive / 'b.ttn'}:")
    assert "note [record.duplicate]" in notes[0] and f"{archive / 'a.ttn'}:" in notes[0]
    code, out = _check(str(archive), "--duplicates=error")
    assert code == 1 and "error [record.duplicate]" in out
    code, out = _check(str(archive), "--duplicates=error", "--ignore", "record.duplicate")
    assert code == 0 and "record.duplicate" not in out
    code, out = _check(str(archive), "--duplicates=twice")
    assert code == 2 and "--duplicates takes note or error" in out


def test_baselines_and_duplicates_under_jobs(archive: Path, monkeypatch: pytest.MonkeyPatch
                                             ) -> None:
    from referee.pipeline import parallel

    monkeypatch.setattr(parallel, "PART_LINES", 40)
    (archive / "b.ttn").write_text(ILLEGAL.read_text(encoding="utf-8"), encoding="utf-8")
    _check(str(archive), "--write-baseline", str(archive / "base.json"))
    tour = (SAMPLES / "twenty-eight" / "readme-notation-tour.ttn").read_text(encoding="utf-8")
    (archive / "a.ttn").write_text(tour + "\n" + _first_record(ILLEGAL.read_text(
        encoding="utf-8")), encoding="utf-8")
    for fmt in ("json", "text", "sarif"):
        one, two = (_check(str(archive), "--baseline", str(archive / "base.json"),
                           "--duplicates", "--format", fmt, "--jobs", jobs)
                    for jobs in ("1", "2"))
        assert one[0] == 0 and "record.duplicate" in one[1]
        assert fmt != "text" or "baseline findings no longer occur" in one[1]
        assert re.sub(r"\([0-9.]+ s\)", "", one[1]) == re.sub(r"\([0-9.]+ s\)", "", two[1])


def test_a_bare_duplicates_takes_no_file_name(archive: Path) -> None:
    (archive / "b.ttn").write_text(ILLEGAL.read_text(encoding="utf-8"), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "referee", "check", "--duplicates",
                           str(archive / "a.ttn"), str(archive / "b.ttn"), "-q"],
                          capture_output=True, text=True)
    assert done.returncode == 1, done.stderr
    assert "note [record.duplicate]" in done.stdout


def test_the_library_takes_a_baseline_and_duplicates(archive: Path) -> None:
    import referee

    (archive / "b.ttn").write_text(ILLEGAL.read_text(encoding="utf-8"), encoding="utf-8")
    written = archive / "base.json"
    plain = [report.findings("error") for report in referee.check_many([archive])]
    assert all(plain)
    reports = list(referee.check_many([archive], write_baseline=written, duplicates="note"))
    assert len(_written(written)) == sum(len(r.findings("error")) + len(r.findings("note"))
                                         for r in reports)
    assert any(f.rule == "record.duplicate" for f in reports[1].findings("note"))
    again = list(referee.check_many([archive], baseline=written, duplicates="note"))
    assert [r.findings("error") + r.findings("note") for r in again] == [[], []]
    assert sum(len(m.baselined) for r in again for m in r.matches) == len(_written(written))
    (archive / "missing.json").unlink(missing_ok=True)
    from referee.archive.baseline import BaselineError

    with pytest.raises(BaselineError):
        list(referee.check_many([archive], baseline=archive / "missing.json"))
