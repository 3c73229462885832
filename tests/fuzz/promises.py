"""What referee promises for every input, checked in process, so that millions of inputs are
cheap: each command's library path is run as the command runs it.

For TTN bytes: no exception but ``RefereeError``, never ``referee.internal``; every error of
the text located (line and column); ``check FILE`` and ``check -`` (the streamed reader) agree
with the whole-text reader of fmt, convert, annotate and moves (the same verdict, the same
error or findings); the exit code is 0, 1 or 2; fmt is idempotent and keeps the findings;
text -> JSON -> text gives the canonical text back; annotate, score and moves run; the fast
reader of the common spelling and Lark alone read the same records and errors (readers.py).

For JSON documents: convert to TTN either refuses with a located error or writes text that
reads back as the same records.
"""

from __future__ import annotations

import atexit
import io
import json
import random
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from readers import differences

from referee import to_json
from referee.cli.app import canonical_text
from referee.model.errors import RefereeError
from referee.notation import lines
from referee.notation.jsonform import iter_json_documents, record_from_json
from referee.notation.parser import iter_items, parse_records
from referee.notation.writer import sorted_tags
from referee.pipeline.annotate import annotated_text
from referee.pipeline.checking import STDIN, check_file, check_text
from referee.replay.jsontext import records_to_text, without_columns
from referee.replay.moves import Position, moves_at
from referee.report.model import FileReport
from referee.report.scoresheet import render_scoresheet


class Broken(AssertionError):
    """A promise broken: which, and the input."""


def _guard(what: str, call: Callable[[], Any]) -> Any:
    """``call()``; a ``RefereeError`` is returned (a refusal), anything else is ``Broken``."""
    try:
        return call()
    except RefereeError as exc:
        if exc.code == "referee.internal":
            raise Broken(f"{what}: {exc.render()}") from exc
        return exc
    except Broken:
        raise
    except Exception as exc:
        raise Broken(f"{what}: {type(exc).__name__}: {exc}") from exc


def verdict(report: FileReport) -> tuple[Any, ...]:
    """What two reads of one input must agree on: the error, else the findings and exit."""
    if report.error is not None:
        return ("error", report.error_code, report.error_line, report.error_column)
    findings = sorted((f.rule, f.span.line, f.span.column) for m in report.matches
                      for f in m.all_findings() if f.severity == "error")
    return ("read", len(report.matches), tuple(findings))


def _scratch() -> Path:
    """A file the inputs are written to, to be checked as ``check FILE`` checks them."""
    global _SCRATCH
    if _SCRATCH is None:
        folder = Path(tempfile.mkdtemp(prefix="referee-fuzz-"))
        atexit.register(shutil.rmtree, folder, True)
        _SCRATCH = folder / "fuzz.ttn"
    return _SCRATCH


_SCRATCH: Path | None = None


def _file_reports(data: bytes) -> tuple[FileReport, FileReport]:
    """``check FILE`` and ``check -`` on the bytes: the command's own function, on a file and
    on standard input."""
    path = _scratch()
    path.write_bytes(data)
    by_file = check_file(path)
    stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        by_stdin = check_file(STDIN)
    finally:
        sys.stdin = stdin
    return by_file, by_stdin


def _exit_code(report: FileReport) -> int:
    if report.error is not None:
        return 2
    return 1 if any(f.severity == "error" for m in report.matches for f in m.all_findings()) else 0


def check_ttn(data: bytes, rng: random.Random, every: bool = True) -> None:
    """Every promise for one TTN input (raises ``Broken``).

    Both readers (``check FILE`` / ``check -`` and the whole-text reader) and ``score`` run
    on every input; with ``every`` off, one of fmt (with the JSON round trip), annotate and
    moves is drawn instead of all three, so a long run covers more inputs across the
    commands in the same time.
    """
    disagreement = _guard("both readers", lambda: differences(data, ((True, True),)))
    if isinstance(disagreement, str):
        raise Broken(disagreement)
    streamed, by_stdin = _guard("check", lambda: _file_reports(data))
    if verdict(streamed) != verdict(by_stdin):
        raise Broken(f"check FILE and check - disagree: {verdict(streamed)} / "
                     f"{verdict(by_stdin)}")
    if streamed.error_code == "referee.internal":
        raise Broken(f"check: {streamed.error}")
    if streamed.error is not None and streamed.error_code.startswith("ttn.") and not (
            streamed.error_line and streamed.error_column):
        raise Broken(f"check: unlocated {streamed.error_code}: {streamed.error}")
    if _exit_code(streamed) not in (0, 1, 2):  # pragma: no cover - by construction
        raise Broken("exit code")
    text = _guard("read_text", lambda: lines.read_text(io.BytesIO(data), "fuzz.ttn"))
    if isinstance(text, RefereeError):
        # The streamed reader stops at the first problem, which may stand before this one.
        if streamed.error is None or streamed.error_line > text.line:
            raise Broken(f"the whole-text reader says {text.code} at {text.line}, check says "
                         f"{verdict(streamed)}")
        return
    whole = _guard("check_text", lambda: check_text(text, "fuzz.ttn"))
    if verdict(whole) != verdict(streamed):
        raise Broken(f"check FILE and the whole-text reader disagree: {verdict(streamed)} / "
                     f"{verdict(whole)}")
    _guard("score", lambda: render_scoresheet(whole.matches, "fuzz.ttn"))
    chosen = {"fmt", "annotate", "moves"} if every else {rng.choice(("fmt", "fmt", "annotate",
                                                                     "moves"))}
    if "moves" in chosen:
        _guard("moves", lambda: moves_at(iter_items(text, file="fuzz.ttn"), _position(rng),
                                         rng.randint(1, 2)))
    if "annotate" in chosen:
        annotated = _guard("annotate",
                           lambda: annotated_text(iter_items(text, file="fuzz.ttn")))
        if whole.error_code and whole.error_code.startswith("ttn.") and not isinstance(
                annotated, RefereeError):
            raise Broken(f"annotate reads what check cannot ({whole.error_code})")
    if "fmt" not in chosen:
        return
    canonical = _guard("fmt", lambda: canonical_text(text, "fuzz.ttn"))
    if whole.error is not None:
        if whole.error_code.startswith("ttn.") and not isinstance(canonical, RefereeError):
            raise Broken(f"fmt reads what check cannot ({whole.error_code})")
        return
    if isinstance(canonical, RefereeError):
        raise Broken(f"fmt refuses a readable record: {canonical.render()}")
    again = _guard("fmt twice", lambda: canonical_text(canonical, "fuzz.ttn"))
    if again != canonical:
        raise Broken("fmt is not idempotent")
    rechecked = _guard("check of fmt's text", lambda: check_text(canonical, "fuzz.ttn"))
    if _rules(rechecked) != _rules(whole):
        raise Broken(f"fmt changed the findings: {_rules(whole)} -> {_rules(rechecked)}")
    _json_round_trip(canonical, rng)


def _rules(report: FileReport) -> Any:
    if report.error is not None:
        return ("error", report.error_code)
    return sorted(f.rule for m in report.matches for f in m.all_findings())


def _json_round_trip(canonical: str, rng: random.Random) -> None:
    """Canonical text -> JSON (convert --to json) -> text (convert --to ttn): the same text."""
    documents = _guard("convert --to json", lambda: [
        json.dumps(to_json(r), ensure_ascii=False) for r in parse_records(canonical)])
    if isinstance(documents, RefereeError):
        if documents.code == "record.hand-twice":
            return  # refused, located: the JSON form keys hands by seat
        raise Broken(f"convert --to json refuses fmt's text: {documents.render()}")
    # Schema validation costs most of the time and is tested on its own; one in ten here.
    back = _guard("convert --to ttn", lambda: records_to_text(
        iter_json_documents("\n".join(documents) + "\n", "fuzz.jsonl"), "fuzz.jsonl",
        check_schema=rng.random() < 0.1))
    if isinstance(back, RefereeError):
        raise Broken(f"convert --to ttn refuses convert's own JSON: {back.render()}")
    if back != canonical:
        raise Broken("text -> JSON -> text changed the text")


def _position(rng: random.Random) -> Position:
    trick = rng.choice((None, 1, 2, 5))
    return Position(rng.randint(1, 3), trick, rng.choice((None, "N", "E", "P1")) if trick else None)


def check_json(text: str) -> None:
    """JSON -> TTN: a located refusal, or text that reads back as the same records."""
    def convert() -> str:
        return records_to_text(iter_json_documents(text, "fuzz.jsonl"), "fuzz.jsonl")

    written = _guard("convert --to ttn", convert)
    if isinstance(written, RefereeError):
        if not written.line:
            raise Broken(f"unlocated refusal: {written.render()}")
        return
    wanted = []
    for line, data in iter_json_documents(text, "fuzz.jsonl"):
        record = record_from_json(data, "fuzz.jsonl", line)
        record.header.tags[:] = sorted_tags(record.header.tags)
        wanted.append(to_json(record))
    got = _guard("read back", lambda: [to_json(r) for r in parse_records(written)])
    if without_columns(got) != without_columns(wanted):
        raise Broken("convert wrote text that reads back differently")
