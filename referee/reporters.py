"""Render FileReports for people (text), for programs (JSON) and for GitHub Actions.

Text, one line per finding, in the form editors and CI annotators read::

    game.ttn:14:5: error [28.follow-suit]: W must follow hearts (deal 1, trick 3, seat W)
    game.ttn:1: twenty-eight (standard), 3 deals: N-S win +6 to 0
    1 file, 3 deals, 1 finding, 0 notes (0.02 s)

An unreadable file shows its error with the source line and a caret (``RefereeError.render``).
The JSON form is ``{"version": 1, "files": [...], "summary": {...}}`` and validates against
schemas/report.schema.json. The GitHub form is one workflow command per finding::

    ::error file=game.ttn,line=14,col=5,title=28.follow-suit::W must follow hearts (deal 1, ...)

JUnit XML lives in referee.junit.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import IO, Any

import typer

from referee.model.record import Span
from referee.report import DealReport, FileReport, Finding, MatchReport

JSON_VERSION = 1

_LINE_PREFIX = re.compile(r"line (\d+): ")


def is_terminal(stream: object) -> bool:
    """True if ``stream`` is a terminal (False for a closed or unknown stream)."""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


def use_color(stream: IO[str] | None, mode: str = "auto") -> bool:
    """Colour as ``mode`` says: ``always``, ``never``, or ``auto``: colour for a terminal,
    never when ``NO_COLOR`` is set (https://no-color.org), always when ``FORCE_COLOR`` is
    (https://force-color.org; ``FORCE_COLOR=0`` does not force it)."""
    if mode != "auto":
        return mode == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR", "0") not in ("", "0"):
        return True
    return is_terminal(stream)


@dataclass(slots=True)
class Totals:
    """What the final summary line counts, and (``by_rule``) the findings and notes of each
    rule id, for ``--statistics``."""

    files: int = 0
    deals: int = 0
    findings: int = 0
    notes: int = 0
    errors: int = 0
    unmet: int = 0
    baseline: str = ""
    """What a baseline matched, in words ('' without one)."""
    by_rule: dict[tuple[str, str], int] = field(default_factory=dict)
    """(rule id, severity) -> how many."""

    def add(self, report: FileReport) -> None:
        """Count a file, its error, its unmet expectations and the matches it kept."""
        self.files += 1
        for match in report.matches:
            self.add_match(match)
        self.errors += report.error is not None
        self.unmet += len(report.expectations)

    def add_match(self, match: MatchReport | RenderedMatch) -> None:
        """Count a match's deals and findings (one handed over while its file was read)."""
        if isinstance(match, RenderedMatch):
            self.deals += match.deals
            self.findings += match.findings
            self.notes += match.notes
            for rule, severity, count in match.rules:
                self.count_rule(rule, severity, count)
            return
        self.deals += len(match.deals)
        for finding in match.all_findings():
            if finding.severity == "error":
                self.findings += 1
            elif finding.severity == "note":
                self.notes += 1
            self.count_rule(finding.rule, finding.severity)

    def count_rule(self, rule: str, severity: str, count: int = 1) -> None:
        key = (rule, severity)
        self.by_rule[key] = self.by_rule.get(key, 0) + count

    def statistics(self) -> list[tuple[str, str, int]]:
        """(rule id, severity, count), the commonest first (errors before notes, then by id
        on a tie), as ``--statistics`` lists them."""
        return sorted(((rule, severity, count) for (rule, severity), count
                       in self.by_rule.items()),
                      key=lambda row: (-row[2], row[1] != "error", row[0]))

    def statistics_json(self) -> list[dict[str, Any]]:
        """The ``statistics`` of a JSON report (schemas/report.schema.json)."""
        return [{"rule": rule, "severity": severity, "count": count}
                for rule, severity, count in self.statistics()]

    @classmethod
    def of(cls, reports: Iterable[FileReport]) -> Totals:
        totals = cls()
        for report in reports:
            totals.add(report)
        return totals

    def exit_code(self, expect: bool = False) -> int:
        """2 if a file was unreadable, else 1 for findings (unmet expectations), else 0."""
        if self.errors:
            return 2
        return int(bool(self.unmet if expect else self.findings))

    def to_json(self) -> dict[str, int]:
        return {
            "files": self.files,
            "deals": self.deals,
            "findings": self.findings,
            "notes": self.notes,
            "errors": self.errors,
            "expectations": self.unmet,
        }


# -- text --------------------------------------------------------------------------------------


def render_text(reports: Iterable[FileReport], color: bool = False, expect: bool = False) -> str:
    """Every report (errors included) and the summary line, as one text."""
    totals = Totals()
    parts: list[str] = []
    for report in reports:
        totals.add(report)
        parts.extend(p for p in (render_error(report, color), render_file(report, color, expect))
                     if p)
    parts.append(render_summary(totals, color, expect))
    return "\n".join(parts) + "\n"


class FileLines:
    """What ``render_file`` (or ``render_github``) writes about one file's matches, gathered
    match by match: a finding's line and one line per match are kept, not the match, so a
    file of any length is reported in memory that grows with its findings, not its deals
    (the match lines, which come after every finding, wait in a temporary file when there
    are many). In a text report (not under ``quiet``) each finding shows its source line
    with a caret under the event, read from the file once it is done."""

    HELD = 10_000
    """Match lines held in memory before they go to the temporary file."""

    def __init__(self, path: str, color: bool = False, quiet: bool = False,
                 github: bool = False) -> None:
        self.path = path
        self.color = color
        self.quiet = quiet
        self.github = github
        self.findings: list[tuple[int, int, str, Span]] = []
        self.match_lines: list[str] = []
        self.spilled: IO[str] | None = None

    def add(self, match: MatchReport) -> None:
        for finding in match.all_findings():
            text = (_github_finding(github_path(self.path), finding) if self.github
                    else render_finding(self.path, finding, self.color))
            self.findings.append((finding.span.line, finding.span.column, text, finding.span))
        if not (self.quiet or self.github):
            self.match_lines.append(render_match(self.path, match, self.color))
            if len(self.match_lines) >= self.HELD:
                self._spill()

    def _spill(self) -> None:
        import tempfile

        if self.spilled is None:
            self.spilled = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115 - closed by lines()
        self.spilled.write("".join(line + "\n" for line in self.match_lines))
        self.match_lines = []

    def lines(self) -> Iterator[str]:
        """The findings by position (a stable sort: ties keep the order found), then the
        matches' lines."""
        found = sorted(self.findings, key=lambda item: (item[0], item[1]))
        shown = not (self.quiet or self.github)
        sources = source_lines(self.path, {item[0] for item in found}) if shown else {}
        for _, _, text, span in found:
            yield with_source(text, sources.get(span.line), span)
        if self.spilled is not None:
            self.spilled.seek(0)
            yield from (line[:-1] for line in self.spilled)
            self.spilled.close()
            self.spilled = None
        yield from self.match_lines


def source_lines(path: str, wanted: set[int]) -> dict[int, str]:
    """The lines numbered in ``wanted`` of the file at ``path``, read once and only as far
    as the last of them; nothing for standard input or a file that cannot be read."""
    wanted = {line for line in wanted if line > 0}
    if not wanted or path in ("<stdin>", "<string>") or not os.path.isfile(path):
        return {}
    last = max(wanted)
    found: dict[int, str] = {}
    try:
        with open(path, encoding="utf-8", errors="replace", newline="") as stream:
            for number, text in enumerate(stream, 1):
                if number in wanted:
                    found[number] = text.rstrip("\r\n")
                if number >= last:
                    break
    except OSError:
        return {}
    return found


def with_source(text: str, source: str | None, span: Span) -> str:
    """A finding's text with its source line and carets under the event (as a syntax error
    shows its line) after the first line, before the legal alternatives."""
    if source is None:
        return text
    from referee.model.errors import caret_window

    line = source.replace("\t", " ")
    start = max(span.column - 1, 0)
    end = span.end_column - 1 if span.end_line == span.line else start + 1
    width = max(1, min(end, len(line)) - start)
    shown, caret = caret_window(line, start)
    head, newline, rest = text.partition("\n")
    return f"{head}\n  {shown}\n  {' ' * caret}{'^' * width}" + (newline + rest if rest else "")


def render_file(report: FileReport, color: bool = False, expect: bool = False,
                quiet: bool = False, lines: FileLines | None = None) -> str:
    """A readable file's lines: findings and notes by position, then one line per match
    (not under ``quiet``). ``lines`` holds what was gathered of matches handed over while the
    file was read (``check_file``'s ``on_match``); the report's own matches are added to it.

    Under ``expect`` the findings are not listed one by one (the expected ones are fine, the
    others are unmet expectations); the unmet expectations are, with their lines.
    """
    return "\n".join(file_lines(report, color, expect, quiet, lines))


def file_lines(report: FileReport, color: bool = False, expect: bool = False,
               quiet: bool = False, lines: FileLines | None = None) -> Iterator[str]:
    """``render_file``'s lines one by one (a long file's report is written as it goes)."""
    if expect:
        yield from (render_unmet(report.path, sentence, color)
                    for sentence in sorted(report.expectations, key=unmet_line))
        return
    lines = lines or FileLines(report.path, color, quiet)
    for match in report.matches:
        lines.add(match)
    yield from lines.lines()


def render_finding(path: str, finding: Finding, color: bool = False) -> str:
    """``FILE:LINE:COL: error [rule]: message (deal D, trick T, seat S)`` and the legal actions."""
    span = finding.span
    where = f"{path}:{span.line}:{span.column}" if span.line else path
    context = [
        f"{name} {value}"
        for name, value in (("deal", finding.deal), ("trick", finding.trick),
                            ("seat", finding.seat))
        if value is not None
    ]
    severity = finding.severity
    label = _style(severity, color, fg="red" if severity == "error" else "cyan", bold=True)
    rule = _style(f"[{finding.rule}]", color, bold=True)
    text = f"{where}: {label} {rule}: {finding.message}"
    if context:
        text += f" ({', '.join(context)})"
    if finding.alternatives:
        text += "\n  " + _style("legal here:", color, dim=True) + " " + ", ".join(
            finding.alternatives
        )
    return text


def render_match(path: str, match: MatchReport, color: bool = False) -> str:
    """``FILE:LINE: twenty-eight (standard), 3 deals: N-S win +6 to 0``."""
    where = f"{path}:{match.line}" if match.line else path
    deals = f"{len(match.deals)} deal" + ("" if len(match.deals) == 1 else "s")
    result = match.result or ("finished" if match.finished else "not finished")
    game = _style(match.game, color, bold=True)
    return f"{where}: {game} ({match.preset}), {deals}: {result}"


def render_error(report: FileReport, color: bool = False) -> str:
    """The error that made the file unreadable, with its source line and caret; "" if none."""
    error = report.failure
    if error is None:
        return ""
    return "\n".join(_styled_error(e.render(), color) for e in (error, *report.more_errors))


def _styled_error(text: str, color: bool) -> str:
    if color:
        head, _, rest = text.partition("\n")
        prefix, _, message = head.partition(": error ")
        head = f"{prefix}: {_style('error', True, fg='red', bold=True)} {message}"
        text = head + ("\n" + rest if rest else "")
    return text


def render_unmet(path: str, sentence: str, color: bool = False) -> str:
    """An unmet expectation as ``FILE:LINE: expectation: ...``."""
    label = _style("unmet", color, fg="red", bold=True)
    found = _LINE_PREFIX.match(sentence)
    if found and found.group(1) != "0":
        return f"{path}:{found.group(1)}: {label} {sentence[found.end():]}"
    return f"{path}: {label} {sentence}"


def unmet_line(sentence: str) -> int:
    """The line an unmet expectation names (``line 12: ...``), 0 if none: its sort key."""
    found = _LINE_PREFIX.match(sentence)
    return int(found.group(1)) if found else 0


def render_statistics(totals: Totals, color: bool = False) -> str:
    """``--statistics``: a line per rule id, the commonest first: its count, the id, error or
    note, and what the rule requires ("" when nothing was found)."""
    rows = totals.statistics()
    if not rows:
        return ""
    from referee.catalogue.lookups import all_rules

    known = all_rules()
    width = max(len(str(count)) for _, _, count in rows)
    id_width = max(len(rule) for rule, _, _ in rows)
    lines = []
    for rule, severity, count in rows:
        entry = known.get(rule)
        summary = entry.summary if entry is not None else ""
        label = _style(severity.ljust(5), color, fg="red" if severity == "error" else "cyan")
        lines.append(f"{str(count).rjust(width)}  {rule.ljust(id_width)}  {label}  "
                     f"{summary}".rstrip())
    return "\n".join(lines)


def render_summary(
    totals: Totals, color: bool = False, expect: bool = False, seconds: float | None = None
) -> str:
    """``N files, N deals, N findings, N notes`` (and unreadable files, unmet expectations),
    then the time taken if ``seconds`` is given."""
    parts = [
        _plural(totals.files, "file"),
        _plural(totals.deals, "deal"),
        _plural(totals.findings, "finding"),
        _plural(totals.notes, "note"),
    ]
    if totals.errors:
        parts.append(_plural(totals.errors, "unreadable file", "unreadable files"))
    if expect:
        # An unreadable file's expectations were never compared: "all met" would be a lie.
        parts.append(
            _plural(totals.unmet, "unmet expectation") if totals.unmet
            else "expectations not checked in unreadable files" if totals.errors
            else "all expectations met"
        )
    if totals.baseline:
        parts.append(totals.baseline)
    text = ", ".join(parts)
    if seconds is not None:
        text += f" ({seconds:.2f} s)"
    bad = totals.errors or (totals.unmet if expect else totals.findings)
    return _style(text, color, fg="red" if bad else "green", bold=True)


# -- json ------------------------------------------------------------------------------------


def render_json(reports: Iterable[FileReport]) -> dict[str, Any]:
    """``{"version": 1, "files": [...], "summary": {...}}`` (schemas/report.schema.json)."""
    totals = Totals()
    files = []
    for report in reports:
        totals.add(report)
        files.append(report.to_json())
    return {"version": JSON_VERSION, "files": files, "summary": totals.to_json()}


def slim_match(match: MatchReport, deals: bool) -> MatchReport:
    """What a report needs of a match, kept while a long file is read or sent back by a
    ``--jobs`` worker: its findings and Expect tags, and (``deals``) the deals' numbers,
    findings and unchecked text (not their results); never the options or the score. Without
    ``deals`` (a SARIF document, once the deals are counted) the deals' findings are the
    match's."""
    if not deals:
        return replace(match, options={}, score={}, deals=[], findings=match.all_findings())
    return replace(match, options={}, score={}, deals=[
        DealReport(deal.number, deal.dealer, deal.findings, None, deal.unchecked, deal.key,
                   deal.line)
        for deal in match.deals])


@dataclass(frozen=True, slots=True)
class RenderedMatch:
    """A match as a ``--jobs`` worker sends it back for a JSON report: what the totals count
    (``rules``: rule id, severity, count), and its text in the document (``JsonStream``),
    rendered by the worker."""

    deals: int
    findings: int
    notes: int
    text: str
    rules: tuple[tuple[str, str, int], ...] = ()

    @classmethod
    def of(cls, match: MatchReport, default: Callable[[Any], Any]) -> RenderedMatch:
        counts = Totals()
        counts.add_match(match)
        return cls(counts.deals, counts.findings, counts.notes,
                   _json_text(match.to_json(), 8, default), tuple(counts.statistics()))


def _json_text(value: Any, indent: int, default: Callable[[Any], Any]) -> str:
    """``value`` as ``json.dumps(..., indent=2)`` writes it ``indent`` spaces in."""
    text = json.dumps(value, indent=2, ensure_ascii=False, default=default)
    return text.replace("\n", "\n" + " " * indent)


class JsonStream:
    """The document of ``render_json``, byte for byte as ``json.dumps(..., indent=2)`` writes
    it, written file by file and match by match: a report of any length in flat memory.

    ``start_file``, then ``add_match`` for each match handed over while the file is read,
    then ``end_file`` with its report (whose own matches, if any, come after those); ``end``
    with the totals closes the document.
    """

    def __init__(self, write: Callable[[str], Any], default: Callable[[Any], Any]) -> None:
        self.write = write
        self.default = default
        self.files = 0
        self.matches = 0
        self.open = False
        write('{\n  "version": ' + self._dump(JSON_VERSION, 2) + ',\n  "files": [')

    def _dump(self, value: Any, indent: int) -> str:
        return _json_text(value, indent, self.default)

    def start_file(self, path: str) -> None:
        self.write(("," if self.files else "") + '\n    {\n      "path": '
                   + self._dump(path, 6) + ',\n      "matches": [')
        self.files += 1
        self.matches = 0
        self.open = True

    def add_match(self, match: MatchReport | RenderedMatch) -> None:
        text = match.text if isinstance(match, RenderedMatch) else self._dump(match.to_json(), 8)
        self.write(("," if self.matches else "") + "\n        " + text)
        self.matches += 1

    def end_file(self, report: FileReport) -> None:
        if not self.open:
            self.start_file(report.path)
        for match in report.matches:
            self.add_match(match)
        self.write("\n      ]" if self.matches else "]")
        data = report.to_json()
        keys = list(data)
        assert keys[:2] == ["path", "matches"], keys  # the order the document is written in
        for key in keys[2:]:
            self.write(",\n      " + json.dumps(key) + ": " + self._dump(data[key], 6))
        self.write("\n    }")
        self.open = False

    def end(self, totals: Totals, statistics: bool = False) -> None:
        """Close the document: the ``statistics`` (if asked for) and the ``summary``."""
        self.write("\n  ]" if self.files else "]")
        if statistics:
            self.write(',\n  "statistics": ' + self._dump(totals.statistics_json(), 2))
        self.write(',\n  "summary": ' + self._dump(totals.to_json(), 2) + "\n}\n")


# -- GitHub Actions --------------------------------------------------------------------------


def render_github(report: FileReport, expect: bool = False,
                  lines: FileLines | None = None) -> str:
    """One GitHub Actions workflow command per finding (``::error`` or ``::notice``), so that
    each shows on the line of the diff it is about; under ``expect`` one per unmet expectation.
    ``lines`` holds what was gathered of matches handed over while the file was read.

    An unreadable file is an ``::error`` at the place it stopped being readable. Paths are
    written as given, made relative to the workspace when they lie inside it (GitHub matches
    annotations to files by their path from the repository root).
    """
    return "\n".join(github_lines(report, expect, lines))


def github_lines(report: FileReport, expect: bool = False,
                 lines: FileLines | None = None) -> Iterator[str]:
    """``render_github``'s commands one by one."""
    path = github_path(report.path)
    if report.error is not None:
        yield _command("error", path, report.error_line, report.error_column,
                       report.error_code or "error", report.error)
        yield from (_command("error", path, e.line, e.column, e.code, e.message)
                    for e in report.more_errors)
    if expect:
        for sentence in sorted(report.expectations, key=unmet_line):
            line = unmet_line(sentence)
            message = _LINE_PREFIX.sub("", sentence, count=1)
            yield _command("error", path, line, 0, "unmet expectation", message)
        return
    lines = lines or FileLines(report.path, github=True)
    for match in report.matches:
        lines.add(match)
    yield from lines.lines()


def _github_finding(path: str, finding: Finding) -> str:
    """A finding as a workflow command (``::error`` or ``::notice``)."""
    context = ", ".join(
        f"{name} {value}"
        for name, value in (("deal", finding.deal), ("trick", finding.trick),
                            ("seat", finding.seat))
        if value is not None
    )
    message = finding.message + (f" ({context})" if context else "")
    if finding.alternatives:
        message += "\nlegal here: " + ", ".join(finding.alternatives)
    kind = "error" if finding.severity == "error" else "notice"
    return _command(kind, path, finding.span.line, finding.span.column, finding.rule, message)


def github_path(path: str) -> str:
    """``path`` relative to ``$GITHUB_WORKSPACE`` (else the working folder) if inside it."""
    if not os.path.isabs(path):
        return path
    base = os.environ.get("GITHUB_WORKSPACE") or os.getcwd()
    try:
        relative = os.path.relpath(path, base)
    except ValueError:  # another drive on Windows
        return path
    return path if relative.startswith("..") else relative


def _command(kind: str, path: str, line: int, column: int, title: str, message: str) -> str:
    """``::KIND file=...,line=...,col=...,title=...::MESSAGE`` with GitHub's escaping."""
    properties = [f"file={_escape_property(path)}"]
    if line:
        properties.append(f"line={line}")
        if column:
            properties.append(f"col={column}")
    properties.append(f"title={_escape_property(title)}")
    return f"::{kind} {','.join(properties)}::{_escape_data(message)}"


def _escape_data(text: str) -> str:
    # The escaping of @actions/core: a newline would end the command, % starts an escape.
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


# -- helpers ---------------------------------------------------------------------------------


def _style(text: str, color: bool, **style: Any) -> str:
    return typer.style(text, **style) if color else text


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"
