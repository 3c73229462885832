"""What the referee found: findings per deal, the deal results, the match result, and what a
report counts of them (``Totals``) or keeps of a match while a long file is read.

Data only: each output format renders it in a module of its own (referee.report), the JSON
form in referee.report.json.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from referee.model.errors import INCONSISTENT, RefereeError
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
    view: str | None = None
    """The seat the record is written from (its View tag): every report says so; None
    without the tag."""
    score_sets: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """The teams whose match score is open (some cards were not seen), with every value it
    may have, sorted (``DealResult.score_sets`` of the last deal)."""
    presumed: bool = False
    """The open score is over the unseen cards that make every play that could not be
    checked legal (``DealResult.presumed`` of the last deal)."""

    def all_findings(self) -> list[Finding]:
        found = list(self.findings)
        for deal in self.deals:
            found.extend(deal.findings)
        return sorted(found, key=lambda f: (f.span.line, f.span.column))


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


@dataclass(slots=True)
class Totals:
    """What the final summary line counts, and (``by_rule``) the findings and notes of each
    rule id, for ``--statistics``."""

    files: int = 0
    deals: int = 0
    findings: int = 0
    notes: int = 0
    errors: int = 0
    unmet: int = 0
    baseline: str = ""
    """What a baseline matched, in words ('' without one)."""
    by_rule: dict[tuple[str, str], int] = field(default_factory=dict)
    """(rule id, severity) -> how many."""

    def add(self, report: FileReport) -> None:
        """Count a file, its error, its unmet expectations and the matches it kept."""
        self.files += 1
        for match in report.matches:
            self.add_match(match)
        self.errors += report.error is not None
        self.unmet += len(report.expectations)

    def add_match(self, match: MatchReport | RenderedMatch) -> None:
        """Count a match's deals and findings (one handed over while its file was read)."""
        if isinstance(match, RenderedMatch):
            self.deals += match.deals
            self.findings += match.findings
            self.notes += match.notes
            for rule, severity, count in match.rules:
                self.count_rule(rule, severity, count)
            return
        self.deals += len(match.deals)
        for finding in match.all_findings():
            if finding.severity == "error":
                self.findings += 1
            elif finding.severity == "note":
                self.notes += 1
            self.count_rule(finding.rule, finding.severity)

    def count_rule(self, rule: str, severity: str, count: int = 1) -> None:
        key = (rule, severity)
        self.by_rule[key] = self.by_rule.get(key, 0) + count

    def statistics(self) -> list[tuple[str, str, int]]:
        """(rule id, severity, count), the commonest first (errors before notes, then by id
        on a tie), as ``--statistics`` lists them."""
        return sorted(((rule, severity, count) for (rule, severity), count
                       in self.by_rule.items()),
                      key=lambda row: (-row[2], row[1] != "error", row[0]))

    @classmethod
    def of(cls, reports: Iterable[FileReport]) -> Totals:
        totals = cls()
        for report in reports:
            totals.add(report)
        return totals

    def exit_code(self, expect: bool = False) -> int:
        """2 if a file was unreadable, else 1 for findings (unmet expectations), else 0."""
        if self.errors or self.by_rule.get((INCONSISTENT, "error")):
            return 2  # (a deal whose unseen cards cannot be placed is a record error)
        return int(bool(self.unmet if expect else self.findings))


def slim_match(match: MatchReport, deals: bool) -> MatchReport:
    """What a report needs of a match, kept while a long file is read or sent back by a
    ``--jobs`` worker: its findings and Expect tags, and (``deals``) the deals' numbers,
    findings and unchecked text (not their results); never the options or the score. Without
    ``deals`` (a SARIF document, once the deals are counted) the deals' findings are the
    match's. An open score is kept (``score``, ``score_sets``): the text report's match line
    says it."""
    score = dict(match.score) if match.score_sets else {}
    if not deals:
        return replace(match, options={}, score=score, deals=[],
                       findings=match.all_findings())
    return replace(match, options={}, score=score, deals=[
        DealReport(deal.number, deal.dealer, deal.findings, None, deal.unchecked, deal.key,
                   deal.line)
        for deal in match.deals])


@dataclass(frozen=True, slots=True)
class RenderedMatch:
    """A match as a ``--jobs`` worker sends it back for a JSON report: what the totals count
    (``rules``: rule id, severity, count), and its text in the document, rendered by the
    worker (``referee.report.json.rendered_match``)."""

    deals: int
    findings: int
    notes: int
    text: str
    rules: tuple[tuple[str, str, int], ...] = ()
