"""``referee check``'s run: check the files (``--jobs`` worker processes share them), write
the report in the format asked for as the matches end, and return the exit code."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import typer

from referee.cli.output import EXIT_FINDINGS, EXIT_OK, EXIT_UNREADABLE, version
from referee.cli.output import echo as _echo
from referee.cli.output import echo_err as _echo_err
from referee.cli.output import jsonable as _jsonable
from referee.report import FileReport, MatchReport
from referee.reporters import (
    FileLines,
    JsonStream,
    Totals,
    file_lines,
    github_lines,
    is_terminal,
    render_error,
    render_statistics,
    render_summary,
    slim_match,
    use_color,
)

if TYPE_CHECKING:
    from referee.archive.run import ArchiveRun
    from referee.junit import JunitStream


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
    streamed = fmt in ("text", "github")
    color = fmt == "text" and use_color(sys.stdout, options.color)
    err_color = use_color(sys.stderr, options.color)
    totals = Totals()
    from referee.archive.baseline import BaselineError
    from referee.pipeline.parallel import check_files

    try:
        archive = archive_run(options)
    except BaselineError as exc:
        _echo_err(f"referee check: {exc}")
        return EXIT_UNREADABLE
    sink = MatchSink(fmt, expect, color, options.quiet, totals, archive)
    sink.statistics = options.statistics
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
    if options.statistics and fmt == "text":  # json has them in the document
        statistics = render_statistics(totals, color)
        if statistics:
            _echo(statistics, color)
    elapsed = clock() - started
    if archive is not None:
        archive.finish(version())
        totals.baseline = archive.summary()
    if streamed:
        typer.echo(render_summary(totals, color, expect, elapsed), color=color or None)
    else:
        _echo_err(render_summary(totals, err_color, expect, elapsed))
    if not totals.files:
        return EXIT_UNREADABLE  # nothing was checked: a CI job must not pass on an empty folder
    code = totals.exit_code(expect)
    return EXIT_OK if options.exit_zero and code == EXIT_FINDINGS else code


def archive_run(options: Any) -> ArchiveRun | None:
    """The baseline and duplicate checks the options ask for (None: neither). Raises
    ``BaselineError`` for a baseline that cannot be read."""
    if not options.keys:
        return None
    from referee.archive.baseline import Baseline
    from referee.archive.run import ArchiveRun

    baseline = Baseline.read(options.baseline) if options.baseline else None
    return ArchiveRun(baseline, options.baseline, options.write_baseline, options.duplicates,
                      options.select, options.ignore)


class MatchSink:
    """Where each file's matches go as they end, and where its report is written: text,
    github, JSON and JUnit reports are written from the matches and these are dropped (memory
    stays flat however long the files); the SARIF document is built at the end, from the
    findings of the matches that have any (slim_match)."""

    def __init__(self, output_format: str, expect: bool, color: bool, quiet: bool,
                 totals: Totals, archive: ArchiveRun | None = None) -> None:
        self.format = output_format
        self.archive = archive
        self.expect = expect
        self.color = color
        self.quiet = quiet
        self.totals = totals
        self.stream: JsonStream | JunitStream | None = None
        if output_format == "json":
            self.stream = JsonStream(lambda text: typer.echo(text, nl=False), _jsonable)
        elif output_format == "junit":
            from referee.junit import JunitStream

            self.stream = JunitStream(expect)
        self.gathered: list[Any] = []  # the current file's FileLines or slim matches
        self.collected: list[FileReport] = []  # SARIF: the files' reports, slim matches
        self.statistics = False  # --statistics: a JSON document lists the counts per rule

    def handler(self, path: str) -> Callable[[MatchReport], None]:
        """Where the matches of the file at ``path`` go as they end."""
        write: Callable[[MatchReport], None] | None
        if self.stream is not None:
            self.stream.start_file(path)
            write = self.stream.add_match
        elif self.format in ("text", "github"):
            lines = FileLines(path, self.color, self.quiet, self.format == "github")
            self.gathered.append(lines)
            write = None if self.expect else lines.add  # --expect shows only the unmet
        else:
            kept: list[MatchReport] = []
            self.gathered.append(kept)

            def write(match: MatchReport) -> None:
                slim = slim_match(match, False)
                if slim.findings or slim.baselined:  # a SARIF result per finding
                    kept.append(slim)

        def on_match(match: MatchReport) -> None:
            if self.archive is not None:
                self.archive.on_match(path, match)
            self.totals.add_match(match)
            if write is not None:
                write(match)
        return on_match

    def file_done(self, report: FileReport, seconds: float) -> None:
        """Write what is left of the report of a file just checked (in ``seconds``)."""
        held = self.gathered.pop() if self.gathered else None
        if self.format == "text":
            for line in file_lines(report, self.color, self.expect, self.quiet, held):
                _echo(line, self.color)
            _echo(render_error(report, self.color), self.color)  # unreadable: why, and where
        elif self.format == "github":
            for line in github_lines(report, self.expect, held):
                _echo(line)
        elif isinstance(self.stream, JsonStream):
            self.stream.end_file(report)
        elif self.stream is not None:
            self.stream.end_file(report, seconds)
        else:
            report.matches[:0] = held or []
            self.collected.append(report)

    def end(self) -> None:
        """Close the document (JSON, JUnit) or write it (SARIF)."""
        if isinstance(self.stream, JsonStream):
            self.stream.end(self.totals, self.statistics)
        elif self.stream is not None:
            self.stream.end(lambda text: typer.echo(text, nl=False))
        elif self.format == "sarif":
            from referee.sarif import render_sarif

            baseline = self.archive is not None and self.archive.baseline is not None
            typer.echo(json.dumps(render_sarif(self.collected, self.expect, version(),
                                               baseline), indent=2, ensure_ascii=False))
