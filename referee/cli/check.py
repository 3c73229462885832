"""``referee check``'s run: check the files (``--jobs`` worker processes share them), write
the report in the format asked for as the matches end, and return the exit code."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import typer

from referee.cli.output import EXIT_FINDINGS, EXIT_OK, EXIT_UNREADABLE, version
from referee.cli.output import echo as _echo
from referee.cli.output import echo_err as _echo_err
from referee.report import FORMATS, Output, Reporter
from referee.report.model import FileReport, MatchReport, Totals
from referee.report.text import is_terminal, render_summary, use_color

if TYPE_CHECKING:
    from referee.archive.run import ArchiveRun


def run_check(files: Iterable[str], output_format: Any, expect: bool,
              clock: Callable[[], float] = time.perf_counter, options: Any = None,
              jobs: int = 1, runner: Any = None) -> int:
    """Check every file (in path order), print the report, and return the exit code.

    Text and GitHub output is printed as each file is done, the JSON document as each match
    ends; the JUnit document at the end, from test cases written out as each match ends; the
    SARIF document at the end. ``jobs`` worker processes share the files
    (``referee.pipeline.parallel``), or ``runner`` sends them to a cluster
    (``referee.pipeline.cluster``) cut for ``jobs`` workers; the output is the same. Every
    diagnostic is in the report, the located error of an unreadable file too (in its file's
    place, as ruff and mypy write theirs), so ``-o report.txt`` or ``> report.txt`` keeps them
    all; standard error has the progress bar, the notes of the folder walk and usage errors.
    The summary line goes to standard output, except after a document, which must stay alone
    there.
    """
    from referee.pipeline.options import CheckOptions
    from referee.pipeline.progress import Progress

    fmt = str(output_format.value)  # an OutputFormat (referee.cli.app)
    options = options or CheckOptions(files=list(files), format=fmt,
                                      expect=expect)
    started = clock()
    notes: list[str] = []
    paths = options.paths(notes)
    for note in notes:
        _echo_err(note)
    progress = Progress(sys.stderr, len(paths)) if is_terminal(sys.stderr) else None
    shape = FORMATS[fmt]
    color = shape.colored and use_color(sys.stdout, options.color)
    err_color = use_color(sys.stderr, options.color)
    totals = Totals()
    from referee.archive.baseline import BaselineError
    from referee.pipeline.parallel import check_files

    try:
        from referee.archive.run import archive_run

        archive = archive_run(options)
    except BaselineError as exc:
        _echo_err(f"referee check: {exc}")
        return EXIT_UNREADABLE
    out = Output(write=lambda text: typer.echo(text, nl=False),
                 echo=lambda text: _echo(text, color), expect=expect, color=color,
                 quiet=options.quiet, statistics=options.statistics, version=version,
                 baseline=archive is not None and archive.baseline is not None)
    sink = MatchSink(shape.reporter()(out), totals, archive)
    began = clock()
    for report in check_files(paths, expect, jobs, progress.deal if progress else None,
                              options, sink.handler, runner):
        done = clock()
        took, began = done - began, done  # the file's check (and writing the one before it)
        totals.add(report)
        if progress:
            progress.clear()
        sink.file_done(report, took)
        if progress:
            progress.file_done()
    if progress:
        progress.clear()
    if not totals.files:
        _echo_err("referee check: no .ttn files found in " + " ".join(options.files))
    sink.end()
    elapsed = clock() - started
    if archive is not None:
        archive.finish(version())
        totals.baseline = archive.summary()
    if not shape.document:  # a document stays alone on standard output
        typer.echo(render_summary(totals, color, expect, elapsed), color=color or None)
    else:
        _echo_err(render_summary(totals, err_color, expect, elapsed))
    if not totals.files:
        return EXIT_UNREADABLE  # nothing was checked: a CI job must not pass on an empty folder
    code = totals.exit_code(expect)
    return EXIT_OK if options.exit_zero and code == EXIT_FINDINGS else code


class MatchSink:
    """Where each file's matches go as they end, and where its report is written: the
    baseline and duplicate checks and the totals see every match, then the reporter of the
    output format (``referee.report.FORMATS``), which keeps of it only what it still has to
    write (memory stays flat however long the files)."""

    def __init__(self, reporter: Reporter, totals: Totals,
                 archive: ArchiveRun | None = None) -> None:
        self.reporter = reporter
        self.archive = archive
        self.totals = totals

    def handler(self, path: str) -> Callable[[MatchReport], None]:
        """Where the matches of the file at ``path`` go as they end."""
        write = self.reporter.handler(path)

        def on_match(match: MatchReport) -> None:
            if self.archive is not None:
                self.archive.on_match(path, match)
            self.totals.add_match(match)
            if write is not None:
                write(match)
        return on_match

    def file_done(self, report: FileReport, seconds: float) -> None:
        """Write what is left of the report of a file just checked (in ``seconds``)."""
        self.reporter.file_done(report, seconds)

    def end(self) -> None:
        """Close the report (the JSON and JUnit documents), or write it (SARIF)."""
        self.reporter.end(self.totals)
