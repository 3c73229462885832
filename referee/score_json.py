"""``referee score --format json``: the score sheets of one file as data
(schemas/score.schema.json, whose definitions are those of the check report's)."""

from __future__ import annotations

from typing import Any

from referee.report import FileReport

SCORE_FORMAT_VERSION = 1


def score_document(report: FileReport) -> dict[str, Any]:
    """The file's matches, each deal's result (contract, points, game points, running score)
    and findings, or the error that made the file unreadable."""
    data = {"version": SCORE_FORMAT_VERSION, **report.to_json()}
    data.pop("expectations", None)  # score compares no Expect tags
    return data
