"""``--format sarif``: SARIF 2.1.0, for GitHub code scanning and other static-analysis dashboards.

One run, the tool ``referee`` with a rule entry per id that occurs; one result per finding
(level ``error`` or ``note``), per unreadable file, and under ``--expect`` per unmet
expectation. Locations are the paths as given (made relative to the workspace, as for the
GitHub annotations), with the 1-based line and column. A finding of a record written from one
seat (its View tag) has that seat in its result's property bag: ``"properties": {"view":
"N"}`` (a run may hold records seen from different seats, so the result carries it).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from referee.report.github import github_path
from referee.report.model import FileReport, MatchReport, Totals, slim_match
from referee.report.text import unmet_line

if TYPE_CHECKING:
    from referee.report import Output

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://www.pagat.com/"


def render_sarif(reports: Iterable[FileReport], expect: bool = False,
                 version: str = "unknown", baseline: bool = False) -> dict[str, Any]:
    """The SARIF log of a run over ``reports``; under ``baseline`` (``--baseline``) each
    finding's result has a ``baselineState``: ``new``, or ``unchanged`` for the findings the
    baseline holds (taken out of the other reports, listed here)."""
    from referee.catalogue.lookups import all_rules

    known = all_rules()
    results: list[dict[str, Any]] = []
    used: dict[str, str] = {}
    for report in reports:
        path = github_path(report.path)
        if report.error is not None:
            code = report.error_code or "error"
            used[code] = known[code].summary if code in known else code
            results.append(_result(code, "error", report.error, path, report.error_line,
                                   report.error_column))
            for error in report.more_errors:
                used[error.code] = known[error.code].summary if error.code in known else error.code
                results.append(_result(error.code, "error", error.message, path, error.line,
                                       error.column))
        if expect:
            for sentence in report.expectations:
                used["expect.unmet"] = "an Expect tag of the record does not hold"
                results.append(_result("expect.unmet", "error", sentence, path,
                                       unmet_line(sentence), 0))
            continue
        for match in report.matches:
            states = [(match.all_findings(), "new"), (match.baselined, "unchanged")]
            for findings, state in states if baseline else states[:1]:
                for finding in findings:
                    used[finding.rule] = (known[finding.rule].summary if finding.rule in known
                                          else finding.rule)
                    message = finding.message
                    if finding.alternatives:
                        message += " (legal here: " + ", ".join(finding.alternatives) + ")"
                    results.append(_result(finding.rule, finding.severity, message, path,
                                           finding.span.line, finding.span.column))
                    if match.view is not None:
                        results[-1]["properties"] = {"view": match.view}
                    if baseline:
                        results[-1]["baselineState"] = state
    rules = [{"id": rule, "shortDescription": {"text": summary}}
             for rule, summary in sorted(used.items())]
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "referee", "version": version,
                                "informationUri": INFORMATION_URI, "rules": rules}},
            "results": results,
        }],
    }


def _result(rule: str, severity: str, message: str, path: str, line: int,
            column: int) -> dict[str, Any]:
    region: dict[str, int] = {}
    if line:
        region["startLine"] = line
        if column:
            region["startColumn"] = column
    location: dict[str, Any] = {"artifactLocation": {"uri": path.replace("\\", "/")}}
    if region:
        location["region"] = region
    return {
        "ruleId": rule,
        "level": "error" if severity == "error" else "note",
        "message": {"text": message},
        "locations": [{"physicalLocation": location}],
    }


class SarifReporter:
    """``--format sarif``: the document written at the end, from the findings of the matches
    that have any (each kept slim: ``slim_match``)."""

    def __init__(self, out: Output) -> None:
        self.out = out
        self.gathered: list[list[MatchReport]] = []  # the current file's slim matches
        self.collected: list[FileReport] = []  # the files' reports, slim matches

    @staticmethod
    def rendering(keys: bool) -> Callable[[MatchReport], str] | None:
        return None

    @staticmethod
    def compact(match: MatchReport, keys: bool) -> Any:
        """What a ``--jobs`` worker sends back: the findings, not the deal results."""
        return slim_match(match, True)

    def handler(self, path: str) -> Callable[[MatchReport], None]:
        kept: list[MatchReport] = []
        self.gathered.append(kept)

        def write(match: MatchReport) -> None:
            slim = slim_match(match, False)
            if slim.findings or slim.baselined:  # a SARIF result per finding
                kept.append(slim)
        return write

    def file_done(self, report: FileReport, seconds: float) -> None:
        held = self.gathered.pop() if self.gathered else None
        report.matches[:0] = held or []
        self.collected.append(report)

    def end(self, totals: Totals) -> None:
        document = render_sarif(self.collected, self.out.expect, self.out.version(),
                                self.out.baseline)
        self.out.write(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
