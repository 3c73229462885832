"""JUnit XML for CI dashboards: a test suite per file, a test case per deal.

::

    <testsuites name="referee check" tests="3" failures="1" errors="0" time="0.031">
      <testsuite name="game.ttn" tests="3" failures="1" errors="0" time="0.031">
        <testcase classname="game.ttn" name="deal 1" file="game.ttn" />
        <testcase classname="game.ttn" name="deal 2" file="game.ttn" line="14">
          <failure type="28.follow-suit" message="28.follow-suit: W must follow hearts ...">
          game.ttn:14:5: error [28.follow-suit]: W must follow hearts (deal 2, trick 3, seat W)
          </failure>
        ...

A deal fails with its error findings (its notes go to ``system-out``). Findings outside any
deal make a test case of their own per record. Under ``--expect`` the findings are what the
records expect, so a deal's findings are only shown, and each record gets an ``expectations``
test case that fails with its unmet expectations. A file that cannot be read is a test case
with an ``error``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from referee.report import FileReport, Finding, MatchReport
from referee.reporters import render_finding, render_unmet, unmet_line

# Characters XML 1.0 cannot hold at all; a message quoting a broken file may contain them.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def render_junit(
    reports: Sequence[FileReport],
    expect: bool = False,
    seconds: Sequence[float] | None = None,
) -> str:
    """The JUnit XML document of ``reports``; ``seconds`` is the time each file took."""
    root = ET.Element("testsuites", name="referee check")
    totals = {"tests": 0, "failures": 0, "errors": 0}
    total_time = 0.0
    for index, report in enumerate(reports):
        took = seconds[index] if seconds is not None else 0.0
        total_time += took
        suite = _suite(report, expect, took)
        root.append(suite)
        for key in totals:
            totals[key] += int(suite.get(key, "0"))
    for key, value in totals.items():
        root.set(key, str(value))
    root.set("time", f"{total_time:.3f}")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode")


def _suite(report: FileReport, expect: bool, took: float) -> ET.Element:
    suite = ET.Element("testsuite", name=_clean(report.path))
    several = len(report.matches) > 1
    for number, match in enumerate(report.matches, 1):
        prefix = f"record {number}, " if several else ""
        for deal in match.deals:
            case = _case(suite, report.path, f"{prefix}deal {deal.number}", deal.findings)
            _fill(case, report.path, deal.findings, expect)
            if deal.unchecked:
                _append_out(case, deal.unchecked)
        if match.findings:
            name = f"{prefix}record at line {match.line}" if match.line else f"{prefix}record"
            case = _case(suite, report.path, name, match.findings)
            _fill(case, report.path, match.findings, expect)
        if expect:
            _expectations(suite, report.path, f"{prefix}expectations", match)
    error = report.failure
    if error is not None:
        case = _case(suite, report.path, "read", [], line=error.line)
        ET.SubElement(case, "error", type=error.code,
                      message=_clean(f"{error.code}: {error.message}")).text = _clean(
            error.render())
    cases = suite.findall("testcase")
    suite.set("tests", str(len(cases)))
    suite.set("failures", str(sum(c.find("failure") is not None for c in cases)))
    suite.set("errors", str(sum(c.find("error") is not None for c in cases)))
    suite.set("time", f"{took:.3f}")
    return suite


def _case(suite: ET.Element, path: str, name: str, findings: list[Finding],
          line: int = 0) -> ET.Element:
    """A test case at the line of its first error finding, else of its first finding
    (``line`` if given)."""
    case = ET.SubElement(suite, "testcase", classname=_clean(path), name=_clean(name),
                         file=_clean(path))
    errors = [f for f in findings if f.severity == "error"] or findings
    first = line or min((f.span.line for f in errors if f.span.line), default=0)
    if first:
        case.set("line", str(first))
    return case


def _fill(case: ET.Element, path: str, findings: list[Finding], expect: bool) -> None:
    """A failure with the error findings (unless they are expected); notes as output."""
    ordered = sorted(findings, key=lambda f: (f.span.line, f.span.column))
    errors = [f for f in ordered if f.severity == "error"]
    shown = [f for f in ordered if f.severity != "error" or expect]
    if errors and not expect:
        first = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        ET.SubElement(case, "failure", type=first.rule,
                      message=_clean(f"{first.rule}: {first.message}{more}")).text = _clean(
            "\n".join(render_finding(path, f) for f in errors))
    if shown:
        _append_out(case, "\n".join(render_finding(path, f) for f in shown))


def _expectations(suite: ET.Element, path: str, name: str, match: MatchReport) -> None:
    """The record's Expect tags as one test case, failing with the unmet ones."""
    case = _case(suite, path, name, [], line=match.line)
    if match.unmet:
        unmet = sorted(match.unmet, key=unmet_line)
        more = f" (and {len(unmet) - 1} more)" if len(unmet) > 1 else ""
        ET.SubElement(case, "failure", type="unmet expectation",
                      message=_clean(render_unmet(path, unmet[0]) + more)).text = _clean(
            "\n".join(render_unmet(path, sentence) for sentence in unmet))
    if match.expected:
        _append_out(case, "\n".join(exp.source for exp in match.expected))


def _append_out(case: ET.Element, text: str) -> None:
    out = case.find("system-out")
    if out is None:
        out = ET.SubElement(case, "system-out")
        out.text = _clean(text)
    else:
        out.text = (out.text or "") + "\n" + _clean(text)


def _clean(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)
