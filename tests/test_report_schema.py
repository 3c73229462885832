"""The JSON shapes of referee.report.json, on real reports, against the schemas they promise
(schemas/report.schema.json for ``referee check --format json``, schemas/score.schema.json
for ``referee score --format json``); and the one table of output formats, which every
place that offers a format agrees with."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from referee.cli.app import OutputFormat, ScoreFormat, app
from referee.notation.resources import load_schema
from referee.pipeline.checking import check_file
from referee.report import FORMATS, SCORE_FORMATS, Output, reporter_for, score_writer
from referee.report.json import JsonStream, file_json, render_json
from referee.report.model import FileReport, Totals
from referee.report.score_json import score_document

RECORDS = Path(__file__).resolve().parent / "golden" / "records"


def validator(name: str) -> Draft202012Validator:
    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def problems(check: Draft202012Validator, data: Any) -> list[str]:
    return [f"{e.json_path}: {e.message}"
            for e in sorted(check.iter_errors(data), key=lambda e: e.json_path)]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The golden records (a legal one, a revoke with a note, a stopped deal, an unreadable
    file) and a copy of the revoke whose Expect tag does not hold."""
    folder = tmp_path_factory.mktemp("schema")
    for record in sorted(RECORDS.glob("*.ttn")):
        shutil.copy(record, folder / record.name)
    revoke = (RECORDS / "revoke.ttn").read_text(encoding="utf-8")
    wrong = revoke.replace('[Expect "game-points" "deal 1" "NS 1"]',
                           '[Expect "game-points" "deal 1" "NS 2"]')
    assert wrong != revoke
    (folder / "unmet.ttn").write_text(wrong, encoding="utf-8")
    return sorted(str(path) for path in folder.glob("*.ttn"))


@pytest.fixture(scope="module")
def reports(files: list[str]) -> list[FileReport]:
    return [check_file(path, expect=True) for path in files]


def test_the_reports_hold_every_part_of_the_shape(reports: list[FileReport]) -> None:
    """What the schema is checked against: findings, notes, legal alternatives, a deal's
    result, an unreadable file and an unmet expectation (else the tests below prove less)."""
    findings = [f for r in reports for f in r.findings("error")]
    assert findings and any(f.alternatives for f in findings)
    assert [f for r in reports for f in r.findings("note")]
    assert any(r.failure is not None for r in reports)
    assert any(r.expectations for r in reports)
    assert any(d.result is not None for r in reports for m in r.matches for d in m.deals)


def test_the_check_report_follows_its_schema(reports: list[FileReport]) -> None:
    check = validator("report.schema.json")
    for statistics in (False, True):
        data = json.loads(json.dumps(render_json(reports, statistics), default=str))
        assert not problems(check, data)
        assert ("statistics" in data) is statistics
    assert json.loads(json.dumps(render_json(reports)))["summary"]["expectations"] >= 1


def test_the_streamed_document_is_the_same_document(reports: list[FileReport]) -> None:
    """``JsonStream`` writes what ``render_json`` builds, statistics included."""
    pieces: list[str] = []
    stream = JsonStream(pieces.append)
    for report in reports:
        stream.start_file(report.path)
        for match in report.matches:
            stream.add_match(match)
        stream.end_file(FileReport(report.path, [], report.failure, report.expectations,
                                   report.more_errors))
    stream.end(Totals.of(reports), statistics=True)
    whole = render_json(reports, statistics=True)
    assert "".join(pieces) == json.dumps(whole, indent=2, ensure_ascii=False) + "\n"


def test_the_command_writes_a_valid_document(files: list[str]) -> None:
    result = CliRunner().invoke(app, ["check", "--format", "json", "--expect",
                                      "--statistics", *files])
    assert result.exit_code == 2, result.output  # the unreadable file
    data = json.loads(result.stdout)
    assert not problems(validator("report.schema.json"), data)
    assert data["statistics"] and data["summary"]["errors"] == 1
    assert any("expectations" in entry for entry in data["files"])


def test_the_score_document_follows_its_schema(reports: list[FileReport]) -> None:
    check = validator("score.schema.json")
    for report in reports:
        data = json.loads(json.dumps(score_document(report), default=str))
        assert not problems(check, data), report.path
        assert data["matches"] == file_json(report)["matches"]  # the check report's shape


# -- the table ---------------------------------------------------------------------------------


def test_every_format_is_offered_from_the_one_table() -> None:
    from referee.cli import completion
    from referee.pipeline import options as check_options

    assert [f.value for f in OutputFormat] == list(FORMATS)
    assert tuple(FORMATS) == check_options.FORMATS
    assert {name: row.summary for name, row in FORMATS.items()} == completion.FORMATS
    assert [f.value for f in ScoreFormat] == list(SCORE_FORMATS)


@pytest.mark.parametrize("name", list(FORMATS))
def test_each_format_has_a_reporter(name: str) -> None:
    reporter = reporter_for(name)
    assert reporter.__module__ == f"referee.report.{name}"
    for method in ("compact", "rendering", "handler", "file_done", "end"):
        assert callable(getattr(reporter, method)), (name, method)
    written: list[str] = []
    out = Output(write=written.append, echo=written.append)
    instance = reporter(out)
    instance.end(Totals())
    assert (FORMATS[name].document and bool(written)) or not FORMATS[name].document


@pytest.mark.parametrize("name", list(SCORE_FORMATS))
def test_each_score_format_has_a_writer(name: str) -> None:
    written: list[str] = []
    score_writer(name)(check_file(str(RECORDS / "legal.ttn")),
                       Output(write=written.append, echo=written.append))
    assert "".join(written).strip()


def test_no_format_is_chosen_by_comparing_its_name_outside_the_table() -> None:
    """The check pipeline asks the table (``FORMATS``), never ``format == "json"``."""
    package = Path(__file__).resolve().parent.parent / "referee"
    for module in ("cli/check.py", "pipeline/parallel.py", "pipeline/cluster.py",
                   "pipeline/checking.py", "cli/score.py"):
        text = (package / module).read_text(encoding="utf-8")
        for name in FORMATS:
            for quoted in (f'"{name}"', f"'{name}'"):
                assert f"== {quoted}" not in text, (module, quoted)
                assert f"in ({quoted}" not in text, (module, quoted)
