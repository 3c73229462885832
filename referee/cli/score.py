"""``referee score``'s run: the score sheet of every match of one file, then its findings and
the error of an unreadable part, all on standard output (one report); or the same as JSON
(schemas/score.schema.json)."""

from __future__ import annotations

import json
import sys
from typing import Any

import typer

from referee.cli.output import EXIT_FINDINGS, EXIT_OK, EXIT_UNREADABLE, jsonable
from referee.cli.output import echo as _echo
from referee.reporters import render_error, render_finding, use_color


def run_score(file: str, reading: Any = None, as_json: bool = False) -> int:
    """Score ``file`` as ``reading`` (a ``ReadOptions``: --game, --partial...) says; the exit
    code: 0 legal, 1 rule findings, 2 unreadable."""
    from referee.pipeline.reading import ReadOptions

    report = (reading or ReadOptions()).check(file)
    if as_json:
        from referee.score_json import score_document

        typer.echo(json.dumps(score_document(report), indent=2, ensure_ascii=False,
                              default=jsonable))
    else:
        from referee.scoresheet import render_scoresheet

        color = use_color(sys.stdout)
        typer.echo(render_scoresheet(report.matches, report.path), nl=False)
        for match in report.matches:
            for finding in match.all_findings():
                _echo(render_finding(report.path, finding, color), color)
        _echo(render_error(report, color), color)
    if report.failure is not None:
        return EXIT_UNREADABLE
    return EXIT_FINDINGS if report.findings("error") else EXIT_OK
