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

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import IO, Any

import typer

from referee.report import FileReport, Finding, MatchReport

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
    """What the final summary line counts."""

    files: int = 0
    deals: int = 0
    findings: int = 0
    notes: int = 0
    errors: int = 0
    unmet: int = 0

    def add(self, report: FileReport) -> None:
        self.files += 1
        self.deals += report.deal_count
        self.findings += len(report.findings("error"))
        self.notes += len(report.findings("note"))
        self.errors += report.error is not None
        self.unmet += len(report.expectations)

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


def render_file(report: FileReport, color: bool = False, expect: bool = False,
                quiet: bool = False) -> str:
    """A readable file's lines: findings and notes by position, then one line per match
    (not under ``quiet``).

    Under ``expect`` the findings are not listed one by one (the expected ones are fine, the
    others are unmet expectations); the unmet expectations are, with their lines.
    """
    lines: list[str] = []
    if expect:
        for sentence in sorted(report.expectations, key=unmet_line):
            lines.append(render_unmet(report.path, sentence, color))
        return "\n".join(lines)
    findings = sorted(
        (f for match in report.matches for f in match.all_findings()),
        key=lambda f: (f.span.line, f.span.column),
    )
    lines.extend(render_finding(report.path, f, color) for f in findings)
    if not quiet:
        lines.extend(render_match(report.path, match, color) for match in report.matches)
    return "\n".join(lines)


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


# -- GitHub Actions --------------------------------------------------------------------------


def render_github(report: FileReport, expect: bool = False) -> str:
    """One GitHub Actions workflow command per finding (``::error`` or ``::notice``), so that
    each shows on the line of the diff it is about; under ``expect`` one per unmet expectation.

    An unreadable file is an ``::error`` at the place it stopped being readable. Paths are
    written as given, made relative to the workspace when they lie inside it (GitHub matches
    annotations to files by their path from the repository root).
    """
    path = github_path(report.path)
    lines: list[str] = []
    if report.error is not None:
        lines.append(_command("error", path, report.error_line, report.error_column,
                              report.error_code or "error", report.error))
        lines.extend(_command("error", path, e.line, e.column, e.code, e.message)
                     for e in report.more_errors)
    if expect:
        for sentence in sorted(report.expectations, key=unmet_line):
            line = unmet_line(sentence)
            message = _LINE_PREFIX.sub("", sentence, count=1)
            lines.append(_command("error", path, line, 0, "unmet expectation", message))
        return "\n".join(lines)
    findings = sorted((f for match in report.matches for f in match.all_findings()),
                      key=lambda f: (f.span.line, f.span.column))
    for finding in findings:
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
        lines.append(_command(kind, path, finding.span.line, finding.span.column, finding.rule,
                              message))
    return "\n".join(lines)


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
