"""``referee score --format json``: the score sheets of one file as data
(schemas/score.schema.json, whose definitions are those of the check report's)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from referee.report.json import file_json, jsonable
from referee.report.model import FileReport

if TYPE_CHECKING:
    from referee.report import Output

SCORE_FORMAT_VERSION = 1


def score_document(report: FileReport) -> dict[str, Any]:
    """The file's matches, each deal's result (contract, points, game points, running score)
    and findings, or the error that made the file unreadable."""
    data = {"version": SCORE_FORMAT_VERSION, **file_json(report)}
    data.pop("expectations", None)  # score compares no Expect tags
    return data


def write_score(report: FileReport, out: Output) -> None:
    """``referee score --format json``'s document of one file, written with ``out``."""
    out.write(json.dumps(score_document(report), indent=2, ensure_ascii=False,
                         default=jsonable) + "\n")
