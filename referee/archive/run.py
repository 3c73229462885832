"""What ``referee check --baseline``, ``--write-baseline`` and ``--duplicates`` do to each
match as it comes out, in the order of the report (in this process, after the workers of
``--jobs`` or a cluster: a baseline and duplicates span every file of the run).

For each match, in this order: a deal seen earlier in the run gets a ``record.duplicate``
finding (subject to ``--select`` and ``--ignore``); every finding is fingerprinted (for the
baseline to write, and to compare); a finding the baseline holds is taken out of the report
(kept aside, so that SARIF can list it as unchanged).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.archive.baseline import Baseline, fingerprint, relative_name, write_baseline
from referee.model.record import Span
from referee.pipeline.selection import Selection
from referee.report.model import Finding, MatchReport

DUPLICATE = "record.duplicate"
DUPLICATE_LEVELS = ("note", "error")


class ArchiveRun:
    """The baseline and duplicate checks of one run, across its files."""

    def __init__(self, baseline: Baseline | None = None, baseline_path: str | None = None,
                 write_path: str | None = None, duplicates: str | None = None,
                 select: Sequence[str] = (), ignore: Sequence[str] = ()) -> None:
        self.baseline = baseline
        self.baseline_path = baseline_path
        self.write_path = write_path
        self.duplicates = duplicates
        self.selection = Selection(select, ignore)
        self.written: list[dict[str, Any]] = []
        self.first_place: dict[tuple[str, str], str] = {}
        """(game, deal key) -> where the deal was first seen (``FILE:LINE, deal N there``)."""
        self.ordinals: dict[tuple[str, str], int] = {}
        self.files: set[str] = set()

    def on_match(self, path: str, match: MatchReport) -> None:
        """Add duplicate findings to ``match`` and take out those the baseline holds."""
        if self.duplicates:
            self._mark_duplicates(path, match)
        if self.baseline is None and self.write_path is None:
            return
        name = relative_name(path, self.baseline_path or self.write_path or ".")
        self.files.add(name)
        ordinal = self.ordinals.get((name, match.identity), 0)
        self.ordinals[(name, match.identity)] = ordinal + 1
        taken: list[Finding] = []
        for findings in (match.findings, *(deal.findings for deal in match.deals)):
            kept = []
            for finding in findings:
                found = fingerprint(name, match, ordinal, finding)
                if self.write_path is not None:
                    self.written.append(found.to_json(finding.message))
                if self.baseline is not None and self.baseline.take(found):
                    taken.append(finding)
                else:
                    kept.append(finding)
            findings[:] = kept
        match.baselined = taken

    def _mark_duplicates(self, path: str, match: MatchReport) -> None:
        for deal in match.deals:
            if not deal.key:
                continue
            key = (match.game, deal.key)
            place = f"{path}:{deal.line}, deal {deal.number} there"
            first = self.first_place.setdefault(key, place)
            if first is place:
                continue
            finding = Finding(DUPLICATE, f"the same deal (dealer, hands and play) is at "
                                         f"{first}", deal=deal.number,
                              span=Span(deal.line, 1, deal.line, 5),
                              severity=self.duplicates or "note")
            if self.selection.keeps(finding):
                deal.findings.insert(0, finding)

    def finish(self, version: str) -> None:
        """Write the baseline asked for (atomically)."""
        if self.write_path is not None:
            write_baseline(self.write_path, self.written, version)

    def summary(self) -> str:
        """What the baseline did, for the summary line ('' without one)."""
        if self.baseline is None:
            return ""
        parts = [_count(self.baseline.matched, "baseline finding matched",
                        "baseline findings matched")]
        gone = self.baseline.gone(self.files)
        if gone:
            parts.append(_count(gone, "baseline finding no longer occurs",
                                "baseline findings no longer occur"))
        return ", ".join(parts)


def _count(number: int, one: str, many: str) -> str:
    return f"{number:,} {one if number == 1 else many}"


def archive_run(options: Any) -> ArchiveRun | None:
    """The baseline and duplicate checks the options ask for (None: neither). Raises
    ``BaselineError`` for a baseline that cannot be read."""
    if not options.keys:
        return None
    baseline = Baseline.read(options.baseline) if options.baseline else None
    return ArchiveRun(baseline, options.baseline, options.write_baseline, options.duplicates,
                      options.select, options.ignore)
