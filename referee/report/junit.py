"""``--format junit``: JUnit XML for CI dashboards: a test suite per file, a test case per deal.

::

    <testsuites name="referee check" tests="3" failures="1" errors="0" time="0.031">
      <testsuite name="game.ttn" tests="3" failures="1" errors="0" time="0.031">
        <testcase classname="game.ttn" name="deal 1" file="game.ttn" />
        <testcase classname="game.ttn" name="deal 2" file="game.ttn" line="14">
          <failure type="28.follow-suit" message="28.follow-suit: W must follow hearts ...">
          game.ttn:14:5: error [28.follow-suit]: W must follow hearts (deal 2, trick 3, seat W)
          </failure>
        ...

A deal fails with its error findings (its notes go to ``system-out``, each with its
severity: ``note [record.unchecked]: ...``). The test cases of a record written from one seat
(its View tag) carry the property ``view`` with that seat. Findings outside any
deal make a test case of their own per record. Under ``--expect`` the findings are what the
records expect, so a deal's findings are only shown, and each record gets an ``expectations``
test case that fails with its unmet expectations. A file that cannot be read is a test case
with an ``error``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any

from referee.report.model import FileReport, Finding, MatchReport, Totals, slim_match
from referee.report.text import render_finding, render_unmet, unmet_line

if TYPE_CHECKING:
    from referee.report import Output

# Characters XML 1.0 cannot hold at all; a message quoting a broken file may contain them.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def render_junit(
    reports: Sequence[FileReport],
    expect: bool = False,
    seconds: Sequence[float] | None = None,
) -> str:
    """The JUnit XML document of ``reports``; ``seconds`` is the time each file took.

    Built as one tree; ``JunitStream`` writes the same document as the matches end."""
    root = ET.Element("testsuites", name="referee check")
    totals = _Counts()
    for index, report in enumerate(reports):
        took = seconds[index] if seconds is not None else 0.0
        suite = ET.SubElement(root, "testsuite", name=_clean(report.path))
        counts = _Counts()
        several = len(report.matches) > 1
        for number, match in enumerate(report.matches, 1):
            for case in _match_cases(report.path, match, number if several else 0, expect):
                suite.append(case)
                counts.add(case)
        error = _error_case(report)
        if error is not None:
            suite.append(error)
            counts.add(error)
        suite.attrib.update(counts.attributes(took))
        totals.merge(counts, took)
    root.attrib.update(totals.attributes(totals.seconds))
    ET.indent(root)
    return _DECLARATION + ET.tostring(root, encoding="unicode")


_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'


class _Counts:
    """A suite's (or the document's) counts of test cases, failures and errors."""

    def __init__(self) -> None:
        self.tests = self.failures = self.errors = 0
        self.seconds = 0.0

    def add(self, case: ET.Element) -> None:
        self.tests += 1
        self.failures += case.find("failure") is not None
        self.errors += case.find("error") is not None

    def merge(self, other: _Counts, seconds: float) -> None:
        self.tests += other.tests
        self.failures += other.failures
        self.errors += other.errors
        self.seconds += seconds

    def attributes(self, seconds: float) -> dict[str, str]:
        return {"tests": str(self.tests), "failures": str(self.failures),
                "errors": str(self.errors), "time": f"{seconds:.3f}"}


class JunitStream:
    """The document of ``render_junit``, byte for byte, written as the matches end: each test
    case is written out (to a temporary file) when its match is handed over, and the counts
    the ``testsuite`` and ``testsuites`` elements open with are written before the cases at
    the end. Memory stays flat however many deals the files hold.

    ``start_file``, then ``add_match`` for each match handed over while the file is read,
    then ``end_file`` with its report (whose own matches, if any, come after those) and the
    seconds it took; ``end`` writes the document.
    """

    def __init__(self, expect: bool) -> None:
        self.expect = expect
        self.suites = _spool()
        """The finished test suites, each written in full."""
        self.count = 0
        self.totals = _Counts()
        self.path: str | None = None
        self.cases = _spool()
        self.counts = _Counts()
        self.matches = 0
        self.first: MatchReport | None = None
        """A file's first match, held until the next: its cases are named "record 1, ..."
        only if the file has more than one."""

    def start_file(self, path: str) -> None:
        self.path = path
        self.cases.seek(0)
        self.cases.truncate()
        self.counts = _Counts()
        self.matches = 0
        self.first = None

    def add_match(self, match: MatchReport) -> None:
        self.matches += 1
        if self.matches == 1:
            self.first = match
            return
        if self.first is not None:
            self._write_match(self.first, 1)
            self.first = None
        self._write_match(match, self.matches)

    def _write_match(self, match: MatchReport, number: int) -> None:
        assert self.path is not None
        for case in _match_cases(self.path, match, number, self.expect):
            self._write_case(case)

    def _write_case(self, case: ET.Element) -> None:
        self.counts.add(case)
        ET.indent(case, level=2)  # as ET.indent indents it in the whole document
        self.cases.write("\n    " + ET.tostring(case, encoding="unicode"))

    def end_file(self, report: FileReport, seconds: float) -> None:
        if self.path is None:
            self.start_file(report.path)
        for match in report.matches:
            self.add_match(match)
        if self.first is not None:  # the file's only match
            self._write_match(self.first, 0)
        error = _error_case(report)
        if error is not None:
            self._write_case(error)
        self.suites.write("\n  ")
        attributes = {"name": _clean(report.path), **self.counts.attributes(seconds)}
        _write_element(self.suites.write, "testsuite", attributes, self.cases, "\n  ")
        self.count += 1
        self.totals.merge(self.counts, seconds)
        self.path = None

    def end(self, write: Callable[[str], Any]) -> None:
        """Write the document (and a newline after it) with ``write``."""
        self.cases.close()
        attributes = {"name": "referee check", **self.totals.attributes(self.totals.seconds)}
        write(_DECLARATION)
        _write_element(write, "testsuites", attributes, self.suites, "\n")
        write("\n")
        self.suites.close()


SPOOLED = 1 << 16
"""Bytes of test cases (or suites) held in memory before they go to a temporary file."""


def _spool() -> IO[str]:
    import tempfile

    return tempfile.SpooledTemporaryFile(SPOOLED, "w+", encoding="utf-8")


def _write_element(write: Callable[[str], Any], tag: str, attributes: dict[str, str],
                   content: IO[str], closing: str) -> None:
    """``<tag attributes>``, the content, ``closing`` and ``</tag>``, as ElementTree writes
    it (``<tag attributes />`` if there is no content)."""
    element = ET.Element(tag, attributes)
    if not content.tell():
        write(ET.tostring(element, encoding="unicode"))
        return
    element.text = "-"
    start = ET.tostring(element, encoding="unicode")[:-len(f"-</{tag}>")]
    write(start)
    content.seek(0)
    while chunk := content.read(1 << 16):
        write(chunk)
    write(f"{closing}</{tag}>")


def _match_cases(path: str, match: MatchReport, number: int,
                 expect: bool) -> Iterator[ET.Element]:
    """A match's test cases: one per deal, one for its findings outside any deal, and its
    expectations under ``expect``; ``number`` (0: the file's only match) names the record."""
    prefix = f"record {number}, " if number else ""
    for deal in match.deals:
        case = _case(path, f"{prefix}deal {deal.number}", deal.findings)
        _add_view(case, match)
        _fill(case, path, deal.findings, expect)
        if deal.unchecked:
            _append_out(case, deal.unchecked)
        yield case
    if match.findings:
        name = f"{prefix}record at line {match.line}" if match.line else f"{prefix}record"
        case = _case(path, name, match.findings)
        _add_view(case, match)
        _fill(case, path, match.findings, expect)
        yield case
    if expect:
        case = _expectations(path, f"{prefix}expectations", match)
        _add_view(case, match)
        yield case


def _add_view(case: ET.Element, match: MatchReport) -> None:
    """``<properties><property name="view" value="N" /></properties>`` for a record written
    from one seat, first in the test case (JUnit's place for properties)."""
    if match.view is None:
        return
    properties = ET.Element("properties")
    ET.SubElement(properties, "property", name="view", value=_clean(match.view))
    case.insert(0, properties)


def _error_case(report: FileReport) -> ET.Element | None:
    """The test case of a file that could not be read (None if it could)."""
    error = report.failure
    if error is None:
        return None
    case = _case(report.path, "read", [], line=error.line)
    ET.SubElement(case, "error", type=error.code,
                  message=_clean(f"{error.code}: {error.message}")).text = _clean(
        error.render())
    return case


def _case(path: str, name: str, findings: list[Finding], line: int = 0) -> ET.Element:
    """A test case at the line of its first error finding, else of its first finding
    (``line`` if given)."""
    case = ET.Element("testcase", classname=_clean(path), name=_clean(name),
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


def _expectations(path: str, name: str, match: MatchReport) -> ET.Element:
    """The record's Expect tags as one test case, failing with the unmet ones."""
    case = _case(path, name, [], line=match.line)
    if match.unmet:
        unmet = sorted(match.unmet, key=unmet_line)
        more = f" (and {len(unmet) - 1} more)" if len(unmet) > 1 else ""
        ET.SubElement(case, "failure", type="unmet expectation",
                      message=_clean(render_unmet(path, unmet[0]) + more)).text = _clean(
            "\n".join(render_unmet(path, sentence) for sentence in unmet))
    if match.expected:
        _append_out(case, "\n".join(exp.source for exp in match.expected))
    return case


def _append_out(case: ET.Element, text: str) -> None:
    out = case.find("system-out")
    if out is None:
        out = ET.SubElement(case, "system-out")
        out.text = _clean(text)
    else:
        out.text = (out.text or "") + "\n" + _clean(text)


def _clean(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


class JunitReporter:
    """``--format junit``: the test cases written out as the matches end, the document at
    the end."""

    def __init__(self, out: Output) -> None:
        self.out = out
        self.stream = JunitStream(out.expect)

    @staticmethod
    def rendering(keys: bool) -> Callable[[MatchReport], str] | None:
        return None

    @staticmethod
    def compact(match: MatchReport, keys: bool) -> Any:
        """What a ``--jobs`` worker sends back: the findings, not the deal results."""
        return slim_match(match, True)

    def handler(self, path: str) -> Callable[[MatchReport], None]:
        self.stream.start_file(path)
        return self.stream.add_match

    def file_done(self, report: FileReport, seconds: float) -> None:
        self.stream.end_file(report, seconds)

    def end(self, totals: Totals) -> None:
        self.stream.end(self.out.write)
