"""The options of one ``referee check`` run: the command line over the project's settings.

Kept apart from the command so that the merge (a command-line value wins; lists given on the
command line replace the settings' lists) and its checks can be tested without a terminal.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from referee.catalogue.lookups import all_rules, known_rule, suggest
from referee.pipeline.checking import STDIN, MatchHook
from referee.pipeline.config import Settings
from referee.pipeline.paths import files_to_read
from referee.pipeline.reading import ReadOptions
from referee.pipeline.selection import Selection, file_lines
from referee.report import FORMATS as REPORT_FORMATS

FORMATS = tuple(REPORT_FORMATS)
"""``--format``: the output formats (``referee.report.FORMATS``)."""
COLORS = ("auto", "always", "never")


def split_ids(values: Iterable[str] | None) -> list[str]:
    """Rule ids given as repeated options or comma-separated, blanks dropped."""
    return [word.strip() for value in values or () for word in value.split(",") if word.strip()]


@dataclass(slots=True)
class CheckOptions(ReadOptions):
    """Everything a check run needs to know, resolved: how records are read (``ReadOptions``,
    shared with every command that reads them) and what the check reports."""

    files: list[str] = field(default_factory=list)
    format: str = "text"
    expect: bool = False
    select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    exclude: list[str] = field(default_factory=list)
    exit_zero: bool = False
    quiet: bool = False
    color: str = "auto"
    statistics: bool = False
    """``--statistics``: a count per rule id after the findings (text), or a ``statistics``
    list in a JSON report; github, junit and sarif reports ignore it."""
    settings_source: dict[str, str] = field(default_factory=dict)
    """Setting name -> the settings file it came from, for values not given on the command
    line (so that an error names the file to fix)."""
    baseline: str | None = None
    """--baseline FILE: report only the findings not in it (referee.archive)."""
    write_baseline: str | None = None
    """--write-baseline FILE: write the findings reported to it."""
    duplicates: str | None = None
    """--duplicates: "note" or "error" for a deal seen earlier in the run (None: not looked
    for)."""
    cache_dir: str | None = None
    """The result cache's folder (--cache-dir, or the settings' ``cache = true``; None: no
    cache; referee.archive.cache)."""
    cache_size_mb: int | None = None
    """The cache's size limit (the settings' ``cache_size_mb``; None: the default)."""
    view: str | None = None
    """``--as SEAT``: check each record as that seat saw it (referee.replay.viewpoint; None:
    as written)."""

    @property
    def keys(self) -> bool:
        """Whether the matches need their records' identities and deals' keys."""
        return bool(self.baseline or self.write_baseline or self.duplicates)

    # The check's own flags by name: narrower than ReadOptions.merge(**given) on purpose,
    # so a misspelt flag is a type error here (override).
    @classmethod
    def merge(cls, settings: Settings, *, files: list[str] | None = None,  # type: ignore[override]
              output_format: str | None = None, expect: bool = False, partial: bool = False,
              select: list[str] | None = None, ignore: list[str] | None = None,
              exclude: list[str] | None = None, game: str | None = None,
              rules: str | None = None, option: list[str] | None = None,
              source: str | None = None, exit_zero: bool = False, quiet: bool = False,
              color: str | None = None, baseline: str | None = None,
              write_baseline: str | None = None, duplicates: str | None = None,
              cache_dir: str | None = None, no_cache: bool = False,
              view: str | None = None,
              ) -> CheckOptions:
        """The command line's values where given, else the settings', else the defaults."""
        return cls(
            baseline=baseline, write_baseline=write_baseline, duplicates=duplicates, view=view,
            **ReadOptions.merged(settings, game=game, rules=rules, option=option,
                                 partial=partial, source=source),
            cache_dir=None if no_cache else cache_dir or _cache_folder(settings.cache),
            cache_size_mb=settings.cache_size_mb,
            files=list(files) if files else list(settings.paths),
            format=output_format or settings.format or "text",
            expect=expect,
            select=split_ids(select) if select else split_ids(settings.select),
            ignore=split_ids(ignore) if ignore else split_ids(settings.ignore),
            exclude=[*settings.exclude, *(exclude or [])],
            exit_zero=exit_zero,
            quiet=quiet,
            color=color or settings.color or "auto",
            settings_source={name: settings.source for name, given, setting in (
                ("format", output_format, settings.format), ("color", color, settings.color),
                ("select", select, settings.select), ("ignore", ignore, settings.ignore),
            ) if not given and setting and settings.source},
        )

    def validate(self) -> None:
        """``ValueError`` for anything the run cannot use, with a suggestion where one fits."""
        if not self.files:
            raise ValueError("no files given (name files or folders, or set 'paths' in "
                             "referee.toml or [tool.referee] of pyproject.toml)")
        if self.format not in FORMATS:
            raise ValueError(f"{self._where('format')}unknown format '{self.format}'"
                             f"{suggest(self.format, FORMATS)} (formats: {', '.join(FORMATS)})")
        if self.duplicates is not None and self.duplicates not in ("note", "error"):
            raise ValueError(f"--duplicates takes note or error, not '{self.duplicates}'"
                             f"{suggest(self.duplicates, ('note', 'error'))}")
        if self.color not in COLORS:
            raise ValueError(f"{self._where('color')}--color takes {', '.join(COLORS)}, "
                             f"not '{self.color}'")
        self.validate_reading()
        for rule in (*self.select, *self.ignore):
            if not known_rule(rule):
                where = self._where("select" if rule in self.select else "ignore")
                raise ValueError(f"{where}unknown rule id '{rule}'{suggest(rule, all_rules())} "
                                 "(referee rule --list shows them all)")

    def _where(self, name: str) -> str:
        """``FILE: setting 'name': `` when the value came from a settings file, else ''."""
        source = self.settings_source.get(name)
        return f"{source}: setting '{name}': " if source else ""

    def paths(self, notes: list[str] | None = None) -> list[str]:
        """The files to read: globs expanded, folders walked, exclusions dropped; ``notes``
        collects what the walk has to tell (folder links)."""
        return files_to_read(self.files, self.exclude, notes)

    def match_hook(self, path: str) -> MatchHook | None:
        """The selection applied to each match of the file at ``path`` (None: keep all)."""
        selection = Selection(self.select, self.ignore, self.partial)
        line_of = None if path == STDIN else file_lines(path)
        return lambda match: selection.adjust(match, line_of)


def _cache_folder(wanted: bool) -> str | None:
    """The user's cache folder if the settings ask for a cache."""
    if not wanted:
        return None
    from referee.archive.cache import default_folder

    return str(default_folder())
