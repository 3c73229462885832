"""The JSON report, ``{"version": 1, "files": [...], "summary": {...}}``: its shape, written
here and nowhere else, and validated by schemas/report.schema.json.

``render_json`` builds the document at once; ``JsonStream`` writes the same document byte
for byte, file by file and match by match, from the same functions (the envelope and a
file's object are dumped around the list that is streamed into them). ``referee score
--format json`` (referee.report.score_json) and ``referee view`` use the same shapes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from enum import Enum
from typing import TYPE_CHECKING, Any

from referee.report.model import (
    DealReport,
    FileReport,
    Finding,
    MatchReport,
    RenderedMatch,
    Totals,
)
from referee.rules.base import with_sets

if TYPE_CHECKING:
    from referee.report import Output

JSON_VERSION = 1


def jsonable(value: Any) -> Any:
    """JSON for what a game may keep in ``DealResult.contract`` beyond plain JSON types."""
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=str)
    if isinstance(value, Enum):
        return value.value
    return str(value)


# -- the shape ---------------------------------------------------------------------------------


def finding_json(finding: Finding) -> dict[str, Any]:
    """A finding (``$defs/finding``)."""
    data: dict[str, Any] = {
        "rule": finding.rule,
        "severity": finding.severity,
        "message": finding.message,
        "deal": finding.deal,
        "trick": finding.trick,
        "seat": finding.seat,
        "line": finding.span.line or None,
        "column": finding.span.column or None,
    }
    if finding.alternatives:
        data["alternatives"] = list(finding.alternatives)
    return data


def deal_json(deal: DealReport) -> dict[str, Any]:
    """A deal: its findings, its result if it was settled, why it was not checked."""
    data: dict[str, Any] = {
        "number": deal.number,
        "dealer": deal.dealer,
        "findings": [finding_json(f) for f in deal.findings] if deal.findings else [],
    }
    if deal.result is not None:
        data["result"] = deal.result.to_json()
    if deal.unchecked:
        data["unchecked"] = deal.unchecked
    return data


def match_json(match: MatchReport) -> dict[str, Any]:
    """A match (one record): game, options, deals, findings outside deals, result, score
    (an open team's as its sorted possible values, and ``presumed`` when they hold only if
    the plays that could not be checked were legal), and the seat it is seen from
    (``view``, only when the record has a View tag)."""
    data: dict[str, Any] = {
        "game": match.game,
        "preset": match.preset,
        "options": dict(match.options),
        "line": match.line,
        "deals": [deal_json(d) for d in match.deals],
        "findings": [finding_json(f) for f in match.findings],
        "result": match.result,
        "finished": match.finished,
        "score": with_sets(match.score, match.score_sets),
    }
    if match.presumed:
        data["presumed"] = True
    if match.view is not None:
        data["view"] = match.view
    return data


def file_json(report: FileReport, matches: list[Any] | None = None) -> dict[str, Any]:
    """A file: its matches (``matches``, if given, in their place), the error that made it
    unreadable, the syntax errors after it, its unmet expectations."""
    data: dict[str, Any] = {
        "path": report.path,
        "matches": [match_json(m) for m in report.matches] if matches is None else matches,
    }
    if report.failure is not None:
        data["error"] = _error_json(report.failure.code, report.failure.message,
                                    report.error_line, report.error_column)
    if report.more_errors:
        data["more_errors"] = [_error_json(e.code, e.message, e.line, e.column)
                               for e in report.more_errors]
    if report.expectations:
        data["expectations"] = list(report.expectations)
    return data


def _error_json(code: str | None, message: str, line: int, column: int) -> dict[str, Any]:
    return {"code": code, "message": message, "line": line or None, "column": column or None}


def summary_json(totals: Totals) -> dict[str, int]:
    """The ``summary``: what the summary line counts."""
    return {
        "files": totals.files,
        "deals": totals.deals,
        "findings": totals.findings,
        "notes": totals.notes,
        "errors": totals.errors,
        "expectations": totals.unmet,
    }


def statistics_json(totals: Totals) -> list[dict[str, Any]]:
    """The ``statistics`` (``--statistics``): the findings and notes of each rule id."""
    return [{"rule": rule, "severity": severity, "count": count}
            for rule, severity, count in totals.statistics()]


def envelope(files: list[Any], totals: Totals, statistics: bool = False) -> dict[str, Any]:
    """The document around its ``files``: the version, the statistics if asked for, the
    summary."""
    data: dict[str, Any] = {"version": JSON_VERSION, "files": files}
    if statistics:
        data["statistics"] = statistics_json(totals)
    data["summary"] = summary_json(totals)
    return data


def render_json(reports: Iterable[FileReport], statistics: bool = False) -> dict[str, Any]:
    """The whole document of ``reports`` (schemas/report.schema.json)."""
    totals = Totals()
    files = []
    for report in reports:
        totals.add(report)
        files.append(file_json(report))
    return envelope(files, totals, statistics)


# -- the text, as it streams ---------------------------------------------------------------------


def dump(value: Any, indent: int, default: Callable[[Any], Any] = jsonable) -> str:
    """``value`` as ``json.dumps(..., indent=2, ensure_ascii=False)`` writes it, ``indent``
    spaces in, byte for byte (the standard encoder writes an indented document in Python,
    a generator a value: several times slower than this, on every deal of a JSON report)."""
    return _text(value, "\n" + " " * indent, default)


_string = json.encoder.encode_basestring  # (ensure_ascii=False)
_INFINITY = float("inf")


def _text(value: Any, newline: str, default: Callable[[Any], Any]) -> str:
    """``value``'s JSON, its lines after the first starting with ``newline``: the plain
    types by their exact type, anything else as ``json`` tells it apart (``_other``)."""
    kind = type(value)
    if kind is str:
        return _string(value)
    if kind is dict:
        return _object(value, newline, default)
    if kind is list or kind is tuple:
        return _array(value, newline, default)
    if kind is int:
        return repr(value)  # (an int's own: a subclass of int is written by int.__repr__)
    return _other(value, newline, default)


def _object(value: dict[Any, Any], newline: str, default: Callable[[Any], Any]) -> str:
    if not value:
        return "{}"
    inner = newline + "  "
    parts = []
    known = _KEYS.get
    for key, item in value.items():
        kind = type(item)
        parts.append((known(key) or _key_text(key)) + (
            _string(item) if kind is str else repr(item) if kind is int
            else ("true" if item else "false") if kind is bool
            else _object(item, inner, default) if kind is dict
            else "[]" if kind is list and not item
            else "null" if item is None else _text(item, inner, default)))
    # (one string made: the text of an object is copied once into its parent's)
    return f"{{{inner}{(',' + inner).join(parts)}{newline}}}"


_KEYS: dict[Any, str] = {}
"""``"key": `` of the ``str`` keys met so far (a report repeats a few dozen keys on every
deal)."""
MAX_KEYS = 4096


def _key_text(key: Any) -> str:
    if type(key) is not str:
        return _string(_key(key)) + ": "  # (not kept: 1, True and 1.0 are one dict key)
    text = _KEYS[key] = _string(key) + ": "
    if len(_KEYS) > MAX_KEYS:
        _KEYS.clear()
    return text


def _array(value: list[Any] | tuple[Any, ...], newline: str,
           default: Callable[[Any], Any]) -> str:
    if not value:
        return "[]"
    inner = newline + "  "
    items = ("," + inner).join([
        _string(item) if type(item) is str else repr(item) if type(item) is int
        else _object(item, inner, default) if type(item) is dict
        else _text(item, inner, default) for item in value])
    return f"[{inner}{items}{newline}]"


def _other(value: Any, newline: str, default: Callable[[Any], Any]) -> str:
    """A value that is not of a plain type itself, tried in the order ``json`` tries it
    (a subclass of ``str`` or ``int`` is written as one, a named tuple as a list)."""
    if isinstance(value, str):
        return _string(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return _float(value)
    if isinstance(value, list | tuple):
        return _array(value, newline, default)
    if isinstance(value, dict):
        return _object(value, newline, default)
    return _text(default(value), newline, default)


def _float(value: float) -> str:
    if value != value:
        return "NaN"
    if value == _INFINITY:
        return "Infinity"
    if value == -_INFINITY:
        return "-Infinity"
    return float.__repr__(value)


def _key(key: Any) -> str:
    """A key that is not a ``str``, as ``json`` writes it (or refuses it)."""
    if isinstance(key, str):
        return key
    if isinstance(key, float):
        return _float(key)
    if key is True:
        return "true"
    if key is False:
        return "false"
    if key is None:
        return "null"
    if isinstance(key, int):
        return int.__repr__(key)
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")


def around(data: dict[str, Any], key: str, indent: int,
           default: Callable[[Any], Any] = jsonable) -> tuple[str, str]:
    """The text of ``data`` as ``dump`` writes it ``indent`` spaces in, cut where the value of
    ``key`` goes: what comes before that value and what comes after it."""
    pad = " " * (indent + 2)
    keys = list(data)
    at = keys.index(key)
    before = "".join(f"\n{pad}{json.dumps(k)}: {dump(data[k], indent + 2, default)},"
                     for k in keys[:at])
    after = "".join(f",\n{pad}{json.dumps(k)}: {dump(data[k], indent + 2, default)}"
                    for k in keys[at + 1:])
    return "{" + before + f"\n{pad}{json.dumps(key)}: ", after + "\n" + " " * indent + "}"


def rendered_match(match: MatchReport,
                   default: Callable[[Any], Any] = jsonable) -> RenderedMatch:
    """``match`` as a ``--jobs`` worker sends it back for a JSON report: its text in the
    document and what the totals count of it."""
    counts = Totals()
    counts.add_match(match)
    return RenderedMatch(counts.deals, counts.findings, counts.notes,
                         dump(match_json(match), 8, default), tuple(counts.statistics()))


class JsonStream:
    """The document of ``render_json``, byte for byte as ``json.dumps(..., indent=2)`` writes
    it, written file by file and match by match: a report of any length in flat memory.

    ``start_file``, then ``add_match`` for each match handed over while the file is read,
    then ``end_file`` with its report (whose own matches, if any, come after those); ``end``
    with the totals closes the document.
    """

    def __init__(self, write: Callable[[str], Any],
                 default: Callable[[Any], Any] = jsonable) -> None:
        self.write = write
        self.default = default
        self.files = 0
        self.matches = 0
        self.open = False
        head, _ = around(envelope([], Totals()), "files", 0, default)
        write(head + "[")

    def start_file(self, path: str) -> None:
        head, _ = around(file_json(FileReport(path), []), "matches", 4, self.default)
        self.write(("," if self.files else "") + "\n    " + head + "[")
        self.files += 1
        self.matches = 0
        self.open = True

    def add_match(self, match: MatchReport | RenderedMatch) -> None:
        text = (match.text if isinstance(match, RenderedMatch)
                else dump(match_json(match), 8, self.default))
        self.write(("," if self.matches else "") + "\n        " + text)
        self.matches += 1

    def end_file(self, report: FileReport) -> None:
        if not self.open:
            self.start_file(report.path)
        for match in report.matches:
            self.add_match(match)
        self.write("\n      ]" if self.matches else "]")
        _, tail = around(file_json(report, []), "matches", 4, self.default)
        self.write(tail)
        self.open = False

    def end(self, totals: Totals, statistics: bool = False) -> None:
        """Close the document: the ``statistics`` (if asked for) and the ``summary``."""
        self.write("\n  ]" if self.files else "]")
        _, tail = around(envelope([], totals, statistics), "files", 0, self.default)
        self.write(tail + "\n")


# -- the reporter ------------------------------------------------------------------------------


class JsonReporter:
    """``--format json``: the document written as the matches end (a ``--jobs`` worker
    renders its matches' text itself, unless a baseline or duplicate check needs them)."""

    def __init__(self, out: Output) -> None:
        self.out = out
        self.stream = JsonStream(out.write)

    @staticmethod
    def rendering(keys: bool) -> Callable[[MatchReport], str] | None:
        """How a match is written into the document before it is handed over (its text is
        then stored with it in a result cache); None when a baseline or duplicate check
        (``keys``) must see it first."""
        return None if keys else (lambda match: rendered_match(match).text)

    @staticmethod
    def compact(match: MatchReport, keys: bool) -> Any:
        """What a ``--jobs`` worker sends back of a match: its text in the document."""
        return match if keys else rendered_match(match)

    def handler(self, path: str) -> Callable[[MatchReport], None]:
        self.stream.start_file(path)
        return self.stream.add_match

    def file_done(self, report: FileReport, seconds: float) -> None:
        self.stream.end_file(report)

    def end(self, totals: Totals) -> None:
        self.stream.end(totals, self.out.statistics)
