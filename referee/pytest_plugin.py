"""pytest plugin: TTN records with Expect tags run as tests.

Installed with referee (the ``pytest11`` entry point ``referee.pytest_plugin``), and off until
asked for, so it never changes another project's test run::

    pytest --referee samples/              # once
    [tool.pytest.ini_options]              # always, in pyproject.toml
    referee = true

When on, every ``*.ttn`` file that pytest meets and that holds an ``[Expect ...]`` tag is
collected; each record of it is a test item, named by its ``case`` label (else by its line),
that passes when ``referee check --expect`` would pass that record: every expectation holds
and every error finding is expected. A failure shows each unmet expectation with its line of
the record, and everything the referee found in that record. A test file that cannot be read
(no permission, a link that leads nowhere or loops) fails as an item named ``read``, and so
does a folder link back to one of its own parents (not followed). pytest itself fails the
run on a folder it cannot read. ``--no-referee`` turns the plugin off for one run.

Without the entry point (a source checkout that is not installed) load it with
``-p referee.pytest_plugin`` or ``pytest_plugins = ["referee.pytest_plugin"]`` in the root
conftest.py: the entry point has the module's name, so pytest registers it only once.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

import pytest

if TYPE_CHECKING:
    from referee.report.model import FileReport, MatchReport

SUFFIX = ".ttn"
MARK = b"[Expect"
"""A file without this text has no Expect tag and is not a test: it is not even replayed."""


_BOOL: Literal["bool"] = "bool"
"""addini's tag of a flag (pytest 8 has no other spelling): a typed constant, since mypy reads
a string written in the call as a type (pytest 9.2's addini takes types too)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("referee", "referee: TTN records with Expect tags as tests")
    group.addoption("--referee", action="store_true", dest="referee", default=None,
                    help="collect *.ttn files with Expect tags as tests (ini: referee = true)")
    group.addoption("--no-referee", action="store_false", dest="referee",
                    help="do not collect *.ttn files, whatever the ini file says")
    parser.addini("referee", type=_BOOL, default=False,
                  help="collect *.ttn files with Expect tags as tests (referee's plugin)")


def enabled(config: pytest.Config) -> bool:
    """The command line's choice if it made one, else the ini setting."""
    chosen = config.getoption("referee", default=None)
    return bool(config.getini("referee")) if chosen is None else bool(chosen)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix != SUFFIX or not enabled(parent.config):
        return None
    try:
        if MARK not in file_path.read_bytes():
            return None
    except OSError:
        pass  # unreadable (permission, a link loop): its failing 'read' item says why
    return RecordFile.from_parent(parent, path=file_path)


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Any:
    """In each folder, a failing item for what pytest's walk passes over without a word: a
    ``*.ttn`` link that leads nowhere (missing, or a loop of links) and a folder link back to
    one of its own parents (walking it would never end)."""
    report = yield
    if not isinstance(collector, pytest.Dir) or not enabled(collector.config) or report.failed:
        return report
    kept: list[Any] = []
    for node in report.result:
        if isinstance(node, pytest.Dir) and _loops(Path(node.path)):
            node = LinkLoop.from_parent(collector, path=Path(node.path))
        kept.append(node)
    try:
        entries = sorted(os.scandir(collector.path), key=lambda e: e.name)
    except OSError:
        entries = []  # pytest reports a folder it cannot read
    for entry in entries:
        if entry.name.endswith(SUFFIX) and entry.is_symlink() and not os.path.exists(entry.path):
            kept.append(RecordFile.from_parent(collector, path=Path(entry.path)))
    report.result = kept
    return report


def _loops(path: Path) -> bool:
    """A folder link whose target holds the link itself."""
    if not path.is_symlink():
        return False
    target = os.path.realpath(path)
    parent = os.path.realpath(path.parent)
    return parent == target or parent.startswith(target.rstrip(os.sep) + os.sep)


class LinkLoop(pytest.File):
    """A folder link back to one of its parents: one failing item, not an endless walk."""

    def collect(self) -> list[pytest.Item]:
        return [LoopItem.from_parent(self, name="read")]


class _Item(pytest.Item):
    """An item of a record file. ``funcargs`` is empty and read-only: pytest's own test
    functions have it, and other plugins read it from every item (pytest-lsp 1.0 fails an
    item that lacks it, so that a record is failed wherever it is installed)."""

    funcargs: Mapping[str, Any] = MappingProxyType({})


class LoopItem(_Item):
    def runtest(self) -> None:
        raise RecordFailed(f"{self.path}: error [file.link]: a folder link to "
                           f"{os.path.realpath(self.path)}, which holds the link itself (a "
                           "loop); not followed")

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        return str(excinfo.value)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, self.name


class RecordFile(pytest.File):
    """A ``*.ttn`` file with Expect tags: checked once, one item per record."""

    def collect(self) -> list[pytest.Item]:
        from referee.pipeline.checking import check_file

        report = check_file(self.path, expect=True)
        # The report and its error under the path as the user wrote it.
        report = replace(report, path=shown_path(self.path, self.config.invocation_params.dir))
        items: list[pytest.Item] = []
        seen: set[str] = set()
        for index, match in enumerate(report.matches):
            name = record_name(match)
            if name in seen:
                name = f"{name} (line {match.line})"
            seen.add(name)
            items.append(RecordItem.from_parent(self, name=name, report=report, index=index))
        if report.error is not None:
            items.append(RecordItem.from_parent(self, name="read", report=report, index=None))
        return items


def shown_path(path: Path, base: Path) -> str:
    """``path`` relative to where pytest was started, if it lies inside."""
    try:
        return str(path.relative_to(base))
    except ValueError:
        return str(path)


def record_name(match: MatchReport) -> str:
    """The record's ``case`` labels, else ``record at line N``."""
    cases = [exp.text for exp in match.expected if exp.kind == "case"]
    return ", ".join(cases) if cases else f"record at line {match.line}"


class RecordFailed(Exception):
    """A record's unmet expectations (or the file's error), as the text to show."""


class RecordItem(_Item):
    """One record of a test file (``index``), or the file's read error (``index`` None)."""

    def __init__(self, *, report: FileReport, index: int | None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.report = report
        self.index = index

    @property
    def match(self) -> MatchReport | None:
        return None if self.index is None else self.report.matches[self.index]

    def runtest(self) -> None:
        if self.match is None:
            from referee.report.text import render_error

            raise RecordFailed(render_error(self.report))
        if self.match.unmet:
            raise RecordFailed(self.explain(self.match))

    def explain(self, match: MatchReport) -> str:
        """Each unmet expectation with the line it names, then what the referee found."""
        from referee.report.text import render_finding, render_match, render_unmet, unmet_line

        path = self.report.path
        lines = self._source_lines()
        out: list[str] = []
        for sentence in sorted(match.unmet, key=unmet_line):
            out.append(render_unmet(path, sentence))
            number = unmet_line(sentence)
            if 0 < number <= len(lines):
                out.append(f"  {number:>4} | {lines[number - 1]}")
        found = match.all_findings()
        out.append("")
        out.append(f"the referee found {len(found)} finding{'s' * (len(found) != 1)} in the "
                   f"record at line {match.line}" + (":" if found else ""))
        out.extend("  " + render_finding(path, f).replace("\n", "\n  ") for f in found)
        out.append("  " + render_match(path, match))
        return "\n".join(out)

    def _source_lines(self) -> list[str]:
        try:
            return self.path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            return []

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, RecordFailed):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo, style=style))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        match = self.match
        line = match.line if match is not None else self.report.error_line
        return self.path, (line - 1) if line else None, self.name
