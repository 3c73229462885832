"""Check a document as ``referee check --expect`` checks a file, record by record, with the
settings of the document's folder (``referee.toml`` or ``[tool.referee]``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from referee.lsp.document import (
    Problem,
    ProblemCache,
    Unit,
    error_problem,
    finding_problem,
    split_lines,
    split_units,
    unmet_problem,
)
from referee.model.record import RecordHeader
from referee.pipeline.checking import check_text
from referee.pipeline.config import ConfigError, Settings, load_settings
from referee.pipeline.selection import Selection, accepted_on
from referee.report.model import FileReport


@dataclass(slots=True)
class Setup:
    """What a check of one folder's documents uses: its settings, resolved, or why they
    cannot be used."""

    settings: Settings = field(default_factory=Settings)
    problem: str | None = None
    hook: Callable[[RecordHeader], None] | None = None
    """What the settings add to a record's header (the game, preset, options it omits);
    made once, so that what is kept per record and hook stays kept."""

    def __post_init__(self) -> None:
        from referee.pipeline.defaults import header_defaults

        s = self.settings
        if self.hook is None and self.problem is None:
            self.hook = header_defaults(s.game, s.rules, dict(s.options), sources_of(s))

    @property
    def key(self) -> object:
        """What the cached verdicts depend on besides the record's text."""
        s = self.settings
        return (s.source, s.game, s.rules, tuple(sorted(s.options.items())), tuple(s.select),
                tuple(s.ignore), s.partial)


def sources_of(settings: Settings) -> dict[str, str]:
    """Where the settings file gave the game, the preset and each option (for messages)."""
    where = settings.source
    return {"game": f"{where}: setting 'game'", "rules": f"{where}: setting 'rules'",
            **{name: f"{where}: setting 'options'" for name in settings.options}}


def setup_for(folder: str | Path | None) -> Setup:
    """The settings that apply to documents of ``folder`` (none for a document not saved)."""
    if folder is None:
        return Setup()
    try:
        settings = load_settings(folder)
        from referee.pipeline.reading import check_defaults

        check_defaults(settings.game, settings.rules, dict(settings.options),
                       sources_of(settings))
    except (ConfigError, ValueError) as exc:
        return Setup(problem=str(exc))
    return Setup(settings)


class DocumentChecker:
    """Checks documents record by record, keeping each record's verdict (``ProblemCache``)."""

    def __init__(self, cache: ProblemCache | None = None) -> None:
        self.cache = cache or ProblemCache()

    def problems(self, text: str, path: str = "<string>",
                 setup: Setup | None = None) -> list[Problem]:
        """Every problem of ``text``: findings, notes, syntax and record errors, unmet Expect
        tags, in document order."""
        setup = setup or Setup()
        if setup.problem is not None:
            return [Problem(1, 1, 1, 2, "error", "config", setup.problem)]
        found: list[Problem] = []
        units = split_units(text)
        # Every record of the document stays kept, however many: an edit re-checks one.
        self.cache.size = max(self.cache.size, 2 * len(units))
        for unit in units:
            key = (setup.key, unit.text)
            kept = self.cache.get(key)
            if kept is None:
                kept = tuple(check_unit(unit, path, setup))
                self.cache.put(key, kept)
                self.cache.checked += 1
            found.extend(p.shifted(unit.first_line - 1) for p in kept)
        return sorted(found, key=lambda p: (p.line, p.column))


def check_unit(unit: Unit, path: str, setup: Setup) -> list[Problem]:
    """The problems of one record, its lines counted from 1."""
    settings = setup.settings
    lines = split_lines(unit.text)
    selection = Selection(settings.select, settings.ignore, settings.partial)

    def line_of(number: int) -> str | None:
        return lines[number - 1] if 0 < number <= len(lines) else None

    report = check_text(unit.text, path, expect=True, header_hook=setup.hook,
                        match_hook=lambda match: selection.adjust(match, line_of))
    from referee.lsp.completion import parsed
    from referee.lsp.related import with_related

    return with_related(report_problems(report, lines), parsed(unit.text) or (), lines)


def report_problems(report: FileReport, lines: list[str]) -> list[Problem]:
    """A file report's problems (``--expect`` comparisons only where a record has Expect
    tags: a record without them is not a test, and its findings are shown once)."""
    found: list[Problem] = []
    for match in report.matches:
        found.extend(finding_problem(f, match, lines) for f in match.all_findings())
        if match.expected:
            found.extend(unmet_problem(s, match, lines) for s in match.unmet
                         if " unexpected finding " not in s)
    for error in ([report.failure] if report.failure else []) + report.more_errors:
        found.append(error_problem(error, lines))
    return found


def is_accepted(line: str, rule: str) -> bool:
    """Whether ``line`` already accepts findings of ``rule``."""
    accepted, ids = accepted_on(line)
    return accepted and (not ids or rule in ids)
