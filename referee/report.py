"""What the referee found: findings per deal, the deal results, the match result.

Data only; rendering lives in referee.reporters.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.model.errors import RefereeError
from referee.model.record import NO_SPAN, Span
from referee.rules.base import DealResult

NOT_CHECKED = "record.not-checked"
"""The note at the action that stopped a deal's replay."""
RESULT_NOT_COMPARED = "record.result-not-compared"
"""The note at the ``result`` lines of a deal whose replay stopped."""
SCORE_FROM_RECORD = "record.score-from-record"
"""The note when the match score after a stopped, unscored deal is read from its record."""


@dataclass(slots=True)
class Finding:
    """A rule violation (severity "error") or something the referee could not check ("note").

    ``alternatives`` lists the legal actions at that point, as the record would write them.
    """

    rule: str
    message: str
    deal: int | None = None
    trick: int | None = None
    seat: str | None = None
    span: Span = NO_SPAN
    severity: str = "error"
    alternatives: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rule": self.rule,
            "severity": self.severity,
            "message": self.message,
            "deal": self.deal,
            "trick": self.trick,
            "seat": self.seat,
            "line": self.span.line or None,
            "column": self.span.column or None,
        }
        if self.alternatives:
            data["alternatives"] = list(self.alternatives)
        return data


@dataclass(slots=True)
class DealReport:
    """One deal: its findings and what it came to (``result`` is None if it was not settled)."""

    number: int
    dealer: str | None
    findings: list[Finding] = field(default_factory=list)
    result: DealResult | None = None
    unchecked: str | None = None
    key: str = ""
    """The deal's key (referee.archive.keys), made only when a run needs it."""
    line: int = 0
    """The deal line's line number, with the key."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "number": self.number,
            "dealer": self.dealer,
            "findings": [f.to_json() for f in self.findings],
        }
        if self.result is not None:
            data["result"] = self.result.to_json()
        if self.unchecked:
            data["unchecked"] = self.unchecked
        return data


@dataclass(slots=True)
class MatchReport:
    """One record (match): game, resolved options, deals, findings outside deals, result."""

    game: str
    preset: str
    options: dict[str, Any]
    line: int = 0
    deals: list[DealReport] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    result: str = ""
    finished: bool = False
    score: dict[str, int] = field(default_factory=dict)
    expected: list[Any] = field(default_factory=list)
    """The record's Expect tags, read (``referee.replay.expect.Expectation``; under --expect
    only)."""
    unmet: list[str] = field(default_factory=list)
    """This record's unmet expectations (under --expect), as in ``FileReport.expectations``."""
    team_labels: dict[str, str] = field(default_factory=dict)
    """Team name -> its spelling for people (``P1-P3-P5``); teams not in it show as named."""
    identity: str = ""
    """The record's identity (referee.archive.keys), made only when a run needs it."""
    baselined: list[Finding] = field(default_factory=list)
    """Findings a baseline holds, taken out of the report (SARIF lists them as unchanged)."""

    def all_findings(self) -> list[Finding]:
        found = list(self.findings)
        for deal in self.deals:
            found.extend(deal.findings)
        return sorted(found, key=lambda f: (f.span.line, f.span.column))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "preset": self.preset,
            "options": dict(self.options),
            "line": self.line,
            "deals": [d.to_json() for d in self.deals],
            "findings": [f.to_json() for f in self.findings],
            "result": self.result,
            "finished": self.finished,
            "score": dict(self.score),
        }


@dataclass(slots=True)
class FileReport:
    """One file: its matches, or the error that made it unreadable (``failure``, the error
    itself; ``error``, ``error_code``, ``error_line`` and ``error_column`` read it)."""

    path: str
    matches: list[MatchReport] = field(default_factory=list)
    failure: RefereeError | None = None
    expectations: list[str] = field(default_factory=list)
    """Unmet expectations (``--expect``), each a sentence."""
    more_errors: list[RefereeError] = field(default_factory=list)
    """The syntax errors after the first (reading resynchronises at the next record)."""

    def __post_init__(self) -> None:
        if self.failure is not None:
            self.set_error(self.failure)

    def set_error(self, error: RefereeError) -> None:
        """Record the error that made the file unreadable (named with this report's path)."""
        self.failure = error if error.file == self.path else error.in_file(self.path)

    @property
    def error(self) -> str | None:
        """The message of the error that made the file unreadable, if one did."""
        return None if self.failure is None else self.failure.message

    @property
    def error_code(self) -> str | None:
        return None if self.failure is None else self.failure.code

    @property
    def error_line(self) -> int:
        return 0 if self.failure is None else self.failure.line

    @property
    def error_column(self) -> int:
        return 0 if self.failure is None else self.failure.column

    @property
    def deal_count(self) -> int:
        return sum(len(m.deals) for m in self.matches)

    def findings(self, severity: str = "error") -> list[Finding]:
        return [f for m in self.matches for f in m.all_findings() if f.severity == severity]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "path": self.path,
            "matches": [m.to_json() for m in self.matches],
        }
        if self.error is not None:
            data["error"] = {
                "code": self.error_code,
                "message": self.error,
                "line": self.error_line or None,
                "column": self.error_column or None,
            }
        if self.more_errors:
            data["more_errors"] = [
                {"code": e.code, "message": e.message, "line": e.line or None,
                 "column": e.column or None} for e in self.more_errors]
        if self.expectations:
            data["expectations"] = list(self.expectations)
        return data
