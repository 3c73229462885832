"""What the referee found (referee.report.model) and one module per output format.

``FORMATS`` is the one table of ``referee check --format``: each format's name, what it is
for, and the module whose reporter writes it. A reporter (``Reporter``) is handed each
file's matches as they end and each file's report when it is done, and writes the report as
it goes (text, GitHub annotations, the JSON and JUnit documents) or at the end (SARIF).
``SCORE_FORMATS`` is the table of ``referee score --format``. A format's module is imported
only when the format is asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from referee.report.model import FileReport, MatchReport, Totals

    MatchHook = Callable[[MatchReport], None]


@dataclass(frozen=True, slots=True)
class Output:
    """What a reporter is told of the run: where its text goes and how it is written."""

    write: Callable[[str], Any]
    """Writes text to standard output as it is (a document)."""
    echo: Callable[[str], Any]
    """Writes a line to standard output (nothing for ""), in colour if ``color``."""
    expect: bool = False
    color: bool = False
    quiet: bool = False
    statistics: bool = False
    version: Callable[[], str] = lambda: "unknown"
    """The package's version, asked for only by a format that writes it (SARIF)."""
    baseline: bool = False
    """A baseline is in use (SARIF marks each result new or unchanged)."""


class Reporter(Protocol):
    """One output format of ``referee check``.

    ``handler`` is asked, as each file starts, where its matches go as they end (None: they
    are not needed, the file's report will do); ``file_done`` writes what is left of the
    file's report; ``end`` closes the report. ``compact`` and ``rendering`` say what a
    ``--jobs`` worker sends back of a match for this format.
    """

    def __init__(self, out: Output) -> None: ...

    @staticmethod
    def compact(match: MatchReport, keys: bool) -> Any:
        """What a worker sends back of ``match`` (``keys``: a baseline or duplicate check
        needs the whole match)."""
        ...

    @staticmethod
    def rendering(keys: bool) -> Callable[[MatchReport], str] | None:
        """How the worker writes a match's text for the report, kept in the result cache
        with it (None: it does not)."""
        ...

    def handler(self, path: str) -> MatchHook | None: ...

    def file_done(self, report: FileReport, seconds: float) -> None: ...

    def end(self, totals: Totals) -> None: ...


@dataclass(frozen=True, slots=True)
class Format:
    """A row of ``FORMATS``."""

    name: str
    summary: str
    """What it is for (``--format``'s completion)."""
    reporter_path: str
    """``module:class`` of its reporter."""
    document: bool = True
    """One document, alone on standard output (the summary line goes to standard error)."""
    colored: bool = False
    """Styled for a terminal (``--color``)."""

    def reporter(self) -> type[Reporter]:
        """The class that writes this format (its module imported now)."""
        module, _, name = self.reporter_path.partition(":")
        found: type[Reporter] = getattr(import_module(module), name)
        return found


FORMATS: dict[str, Format] = {row.name: row for row in (
    Format("text", "for people", "referee.report.text:TextReporter", document=False,
           colored=True),
    Format("json", "for programs (schemas/report.schema.json)",
           "referee.report.json:JsonReporter"),
    Format("github", "GitHub Actions annotations", "referee.report.github:GithubReporter",
           document=False),
    Format("junit", "JUnit XML for CI dashboards", "referee.report.junit:JunitReporter"),
    Format("sarif", "SARIF 2.1.0 for code scanning", "referee.report.sarif:SarifReporter"),
)}
"""``referee check --format``: every output format, in the order ``--help`` lists them."""


def reporter_for(name: str) -> type[Reporter]:
    """The reporter of ``--format NAME`` (raises ``KeyError`` for a name not in FORMATS)."""
    return FORMATS[name].reporter()


ScoreWriter = Callable[["FileReport", Output], None]
"""Writes the score report of one file (``referee score``)."""

SCORE_FORMATS: dict[str, str] = {
    "text": "referee.report.scoresheet:write_score",
    "json": "referee.report.score_json:write_score",
}
"""``referee score --format``: ``module:function`` of each format's ``ScoreWriter``."""


def score_writer(name: str) -> ScoreWriter:
    """The writer of ``referee score --format NAME``."""
    module, _, function = SCORE_FORMATS[name].partition(":")
    found: ScoreWriter = getattr(import_module(module), function)
    return found
