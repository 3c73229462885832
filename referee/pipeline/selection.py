"""Which findings a report keeps: ``--select``/``--ignore`` by rule id, findings accepted in the
record itself, and ``--partial`` (a game in progress is legal so far).

A rule id selects itself and, as a prefix, every id under it: ``28`` selects ``28.follow-suit``
and ``28.turn``; ``ttn`` every syntax id. A finding is accepted in the record by a comment on
its line::

    2. S 8D  E 9D  N 7D  W 7S   ; referee: accept 28.follow-suit  (the table allowed it)

``referee: accept`` with no id accepts every finding on that line. Accepted and ignored
findings are dropped from the report, so they neither fail a check nor count as unexpected
under ``--expect``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from referee.report.model import DealReport, Finding, MatchReport

_ACCEPT = re.compile(r"referee:\s*accept\b([^;{}\n]*)", re.IGNORECASE)
_ID = re.compile(r"[A-Za-z0-9][\w.-]*")

LineSource = Callable[[int], str | None]
"""Line N (1-based) of the file being checked, or None."""


def matches_rule(rule: str, patterns: Iterable[str]) -> bool:
    """True if ``rule`` is one of ``patterns`` or lies under one of them (``28`` > ``28.x``)."""
    return any(rule == p or rule.startswith(p.rstrip(".") + ".") for p in patterns)


def accepted_on(line: str | None) -> tuple[bool, frozenset[str]]:
    """Whether ``line`` carries a ``referee: accept`` comment, and the ids it names."""
    if not line:
        return False, frozenset()
    found = _ACCEPT.search(line)
    if found is None:
        return False, frozenset()
    return True, frozenset(_ID.findall(found.group(1).replace(",", " ")))


@dataclass(slots=True)
class Selection:
    """The filter a run applies to every match before it is reported or compared."""

    select: Sequence[str] = ()
    ignore: Sequence[str] = ()
    partial: bool = False
    dropped: int = 0

    def keeps(self, finding: Finding, line_of: LineSource | None = None) -> bool:
        """True if ``finding`` is reported."""
        if self.select and not matches_rule(finding.rule, self.select):
            return False
        if self.ignore and matches_rule(finding.rule, self.ignore):
            return False
        if line_of is not None and finding.span.line:
            accepted, ids = accepted_on(line_of(finding.span.line))
            if accepted and (not ids or matches_rule(finding.rule, ids)):
                return False
        return True

    def adjust(self, match: MatchReport, line_of: LineSource | None = None) -> None:
        """Drop the findings not kept; under ``partial``, a deal that stops early is a note."""
        match.findings[:] = self._kept(match.findings, line_of)
        for deal in match.deals:
            if not deal.findings:  # (most deals)
                continue
            if self.partial:
                _in_progress(deal)
            deal.findings[:] = self._kept(deal.findings, line_of)

    def _kept(self, findings: list[Finding], line_of: LineSource | None) -> list[Finding]:
        kept = [f for f in findings if self.keeps(f, line_of)]
        self.dropped += len(findings) - len(kept)
        return kept


def _in_progress(deal: DealReport) -> None:
    """Turn the "deal is incomplete" error of a game in progress into a note saying where it
    stands and who is to act; every other finding stays."""
    for finding in deal.findings:
        if finding.rule.endswith(".incomplete") and finding.severity == "error":
            finding.severity = "note"
            finding.message = f"in progress, legal so far: {finding.message}"


def file_lines(path: str) -> LineSource:
    """Line N of the file at ``path`` if it carries a ``referee:`` comment, else None.

    The file is scanned once, when first asked, keeping only those lines: a large archive is
    never held in memory.
    """
    marked: dict[int, str] | None = None

    def line_of(number: int) -> str | None:
        nonlocal marked
        if marked is None:
            marked = {}
            try:
                with open(path, encoding="utf-8", errors="replace", newline="") as stream:
                    for index, text in enumerate(stream, 1):
                        if "referee:" in text.lower():
                            marked[index] = text.rstrip("\r\n")
            except OSError:
                pass
        return marked.get(number)

    return line_of
