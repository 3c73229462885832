"""``referee score``'s run: the score sheet of every match of one file, then its findings and
the error of an unreadable part, all on standard output (one report); or the same as JSON
(schemas/score.schema.json)."""

from __future__ import annotations

import sys
from typing import Any

import typer

from referee.cli.output import EXIT_FINDINGS, EXIT_OK, EXIT_UNREADABLE
from referee.cli.output import echo as _echo
from referee.report import Output, score_writer
from referee.report.text import use_color


def run_score(file: str, reading: Any = None, output_format: str = "text") -> int:
    """Score ``file`` as ``reading`` (a ``ReadOptions``: --game, --partial...) says, and write
    the report in ``output_format`` (``referee.report.SCORE_FORMATS``); the exit code: 0
    legal, 1 rule findings, 2 unreadable."""
    from referee.pipeline.reading import ReadOptions

    report = (reading or ReadOptions()).check(file)
    color = use_color(sys.stdout)
    score_writer(output_format)(report, Output(
        write=lambda text: typer.echo(text, nl=False), echo=lambda text: _echo(text, color),
        color=color))
    if report.failure is not None:
        return EXIT_UNREADABLE
    return EXIT_FINDINGS if report.findings("error") else EXIT_OK
