"""``referee view``: replay pages written to disk, one per record file, and an index page.

One record file gives one page (``-o`` names it; by default the record's name with
``.html``). A folder, or several files, give a folder of pages (``-o``; by default
``referee-view/``) that mirrors where the records lie, with ``index.html`` listing each one.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from referee.notation.fileio import write_atomic
from referee.pipeline.checking import check_file, expand_paths
from referee.report.model import FileReport
from referee.view.data import page_data, shown_name
from referee.view.page import index_entries, render_index, render_page

if TYPE_CHECKING:
    from referee.pipeline.reading import ReadOptions

DEFAULT_FOLDER = "referee-view"
INDEX = "index.html"
VIEW_ERROR = "record.view"
"""The error of a record that cannot be written from the seat ``--as`` names."""


@dataclass(slots=True)
class ViewRun:
    """What ``write_pages`` wrote and what it found."""

    pages: list[Path] = field(default_factory=list)
    index: Path | None = None
    findings: int = 0
    errors: list[FileReport] = field(default_factory=list)
    """Files that could not be read (their pages say why, except for a missing file)."""


def write_pages(paths: list[str], output: str | None = None,
                reading: ReadOptions | None = None, bottom: str | None = None,
                seat: str | None = None) -> ViewRun:
    """Write the pages of every record file in ``paths`` (folders walked for ``*.ttn``),
    each read as ``reading`` says (``referee view``'s --game, --partial, --from...);
    ``bottom``: the seat each table shows at the bottom unless the link says otherwise.
    ``seat`` (``--as SEAT``): every record as that seat saw it; a file whose records cannot
    be written from that seat (``record.view``: a game whose views are not written yet, a
    seat not at the table) gets no page, only its error."""
    names = list(dict.fromkeys(expand_paths(paths)))
    single = len(names) == 1 and len(paths) == 1 and not os.path.isdir(paths[0])
    run = ViewRun()
    if single:
        target = Path(output) if output else Path(Path(names[0]).stem + ".html")
        _write_one(names[0], target, run, None, shown_name(names[0]), reading, bottom, seat)
        return run
    if not names:
        return run
    folder = Path(output or DEFAULT_FOLDER)
    base = _common_folder(names)
    entries = []
    for name in names:
        shown = Path(os.path.relpath(os.path.abspath(name), base))
        relative = shown.with_suffix(".html")
        target = folder / relative
        back = os.path.relpath(folder / INDEX, target.parent).replace(os.sep, "/")
        data = _write_one(name, target, run, back, shown.as_posix(), reading, bottom, seat)
        if data is not None:
            entries.extend(index_entries(data, relative.as_posix(), shown.as_posix()))
    run.index = folder / INDEX
    folder.mkdir(parents=True, exist_ok=True)
    _write(run.index, render_index(entries, f"Records in {_title(paths)}"))
    return run


def _write_one(name: str, target: Path, run: ViewRun, back: str | None, shown: str,
               reading: ReadOptions | None = None, bottom: str | None = None,
               seat: str | None = None) -> dict | None:
    report = (check_file(name, view=seat) if reading is None
              else reading.check(name, view=seat))
    if report.error is not None:
        run.errors.append(report)
        if report.error_code == VIEW_ERROR:
            return None  # no view to show: no page (a page of the whole record would tell all)
    data = page_data(report, shown, bottom, None if reading is None else reading.records,
                     seat)
    if (report.error_code or "").startswith("file."):
        return data  # no such file, or not a file: there is no record to show
    target.parent.mkdir(parents=True, exist_ok=True)
    _write(target, render_page(data, back, shown))
    run.pages.append(target)
    run.findings += len(report.findings("error"))  # as checked: --partial counts
    return data


def _write(target: Path, text: str) -> None:
    """Atomically; a new page is readable by all, like any file the user makes (pages are
    for sharing), where the atomic write's temporary file would leave it private."""
    new = not target.exists()
    try:
        write_atomic(target, text)
    except OSError as exc:
        exc.filename = str(target)  # not the temporary file's name
        raise
    if new:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(target, 0o666 & ~umask)


def _common_folder(names: list[str]) -> str:
    folders = [os.path.dirname(os.path.abspath(name)) for name in names]
    return os.path.commonpath(folders) if folders else os.getcwd()


def _title(paths: list[str]) -> str:
    """The index's title: the places as given, an absolute one by its last name only."""
    names = [shown_name(os.path.normpath(path)) for path in paths]
    return ", ".join(names) if len(names) <= 3 else f"{len(names)} places"
