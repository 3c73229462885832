"""``--format github``: one GitHub Actions workflow command per finding, so that each shows
on the line of the diff it is about::

    ::error file=game.ttn,line=14,col=5,title=28.follow-suit::W must follow hearts (deal 1, ...)
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.report.model import FileReport, Finding, Totals
from referee.report.text import LINE_PREFIX, FileLines, TextReporter, unmet_line

if TYPE_CHECKING:
    pass


class GithubLines(FileLines):
    """What ``render_github`` writes about one file's matches, gathered match by match: a
    command per finding (no match lines, no source lines)."""

    def __init__(self, path: str) -> None:
        super().__init__(path, quiet=True)

    def finding_text(self, finding: Finding) -> str:
        return _github_finding(github_path(self.path), finding)


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
            message = LINE_PREFIX.sub("", sentence, count=1)
            yield _command("error", path, line, 0, "unmet expectation", message)
        return
    lines = lines or GithubLines(report.path)
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


# -- the reporter ------------------------------------------------------------------------------


class GithubReporter(TextReporter):
    """``--format github``: each file's commands as soon as the file is done (gathered as the
    text report gathers its lines; no statistics at the end)."""

    def lines(self, path: str) -> FileLines:
        return GithubLines(path)

    def file_done(self, report: FileReport, seconds: float) -> None:
        held = self.gathered.pop() if self.gathered else None
        for line in github_lines(report, self.out.expect, held):
            self.out.echo(line)

    def end(self, totals: Totals) -> None:
        pass
