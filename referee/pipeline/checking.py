"""Check files: parse, replay and (optionally) compare with Expect tags, one FileReport per file.

The library behind ``referee check``. Nothing here prints: every problem a file can have ends
up in its ``FileReport``, either as findings of its matches or, for input that cannot be read
(syntax, an impossible record, bytes that are not UTF-8 text, a missing file), as the report's
``error``. A file is streamed deal by deal, so an archive of many thousands of deals is never
held in memory; the matches read before an unreadable part are kept.

>>> report = check_text('[Game "28"]')
>>> report.error is None, len(report.matches)
(True, 1)
"""

from __future__ import annotations

import gc
import os
import sys
import traceback
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from referee.model.errors import NotationSyntaxError, RefereeError
from referee.model.limits import MAX_JSON_LINE_CHARS, MAX_LINE_CHARS
from referee.model.record import RecordHeader, StreamItem
from referee.replay.replay import replay_stream
from referee.report.model import FileReport, MatchReport

if TYPE_CHECKING:
    from referee.archive.keys import RecordKeys

STDIN = "-"
"""The path that stands for standard input."""

SUFFIX = ".ttn"
"""Files a directory walk picks up."""


# -- reading ---------------------------------------------------------------------------------


def file_error(path: str, exc: OSError) -> RefereeError:
    """An ``OSError`` met while reading or writing ``path``, as a ``file.*`` error."""
    if isinstance(exc, FileNotFoundError):
        return RefereeError("file.not-found", "no such file or directory", file=path)
    if isinstance(exc, IsADirectoryError):
        return RefereeError("file.unreadable", "is a directory", file=path)
    if isinstance(exc, PermissionError):
        return RefereeError("file.unreadable", "permission denied", file=path)
    reason = exc.strerror or str(exc) or type(exc).__name__
    return RefereeError("file.unreadable", reason[:1].lower() + reason[1:], file=path)


def read_text(path: str | Path, json: bool = False) -> str:
    """A file's text for commands that need it whole (``fmt``, ``convert``); ``-`` is stdin.

    Read line by line through referee.notation.lines, so a device that never ends or a file
    that is not text stops at its first bad line; ``json`` allows the longer lines of the
    JSON form (MAX_JSON_LINE_CHARS). Raises ``RefereeError`` (``file.*``,
    ``ttn.encoding``, ``ttn.limit``) for anything that is not readable UTF-8 text.
    """
    from referee.notation import lines

    name = str(path)
    limit = MAX_JSON_LINE_CHARS if json else MAX_LINE_CHARS
    try:
        if name == STDIN:
            return lines.read_text(sys.stdin.buffer, "<stdin>", limit)
        if os.path.isdir(name):
            os.listdir(name)  # an unreadable folder says so (permission denied)
            raise IsADirectoryError(name)
        with open(name, "rb") as stream:
            return lines.read_text(stream, name, limit)
    except OSError as exc:
        raise file_error(name, exc) from None


def source_line(path: str | Path, line: int) -> str | None:
    """Line ``line`` (1-based) of a file, for an error found without the text at hand."""
    if line <= 0 or str(path) == STDIN:
        return None
    try:
        with open(path, encoding="utf-8", errors="replace", newline="") as stream:
            for number, text in enumerate(stream, 1):
                if number == line:
                    return text.rstrip("\r\n")
    except OSError:
        return None
    return None


# -- checking --------------------------------------------------------------------------------


def tune_gc() -> None:
    """Run the cyclic garbage collector less often, for the command-line process.

    Checking makes millions of small objects that hold no reference cycles (events, actions,
    findings), so the default thresholds make the collector walk them again and again; raised
    thresholds gain about 8 % on a large file (bench/README.md). The ``referee`` command calls
    this; the library leaves the process's settings alone.
    """
    gc.set_threshold(50_000, 20, 20)


HeaderHook = Callable[[RecordHeader], None]
"""Called with each record's header before it is replayed (tags given on the command line)."""
MatchHook = Callable[[MatchReport], None]
"""Called with each match's report before its Expect tags are compared (``--select``...)."""


def check_items(
    items: Iterable[StreamItem], path: str = "<string>", expect: bool = False
) -> FileReport:
    """Replay parsed items into a report; the caller handles errors (see ``check_text``)."""
    report = FileReport(path)
    replay_into(report, items, expect)
    return report


def check_text(text: str, path: str = "<string>", expect: bool = False,
               header_hook: HeaderHook | None = None,
               match_hook: MatchHook | None = None) -> FileReport:
    """Check TTN text. ``expect`` fills ``expectations`` with the unmet Expect tags."""
    from referee.catalogue.lookups import record_vocabulary
    from referee.notation.parser import iter_items

    report = FileReport(path)
    syntax: list[NotationSyntaxError] = []
    try:
        items = iter_items(text, path, syntax, record_vocabulary)
        replay_into(report, items, expect, header_hook, match_hook, syntax)
        set_syntax_errors(report, syntax, text)
    except RefereeError as exc:
        # Syntax errors met before this one keep their place: the first in the file leads.
        set_syntax_errors(report, [*syntax, exc.in_file(path, text)], text)
    except Exception as exc:  # a bug, not bad input: report it and go on with other files
        report.set_error(internal_error(path, exc))
    return report


def json_items(text: str, where: str) -> Iterator[StreamItem]:
    """The records of a text in the JSON form (one record, a list, or JSON Lines), as the
    stream of headers and deals the TTN reader gives (a JSON record has no lines: its
    findings are placed by deal, trick and seat)."""
    from referee.notation.jsonform import iter_json_records

    for record in iter_json_records(text, where):
        yield record.header
        yield from record.deals


def check_file(
    path: str | Path, expect: bool = False, progress: Callable[[], None] | None = None,
    header_hook: HeaderHook | None = None, match_hook: MatchHook | None = None,
    on_match: MatchHook | None = None, json: bool = False, keys: bool = False,
    view: str | None = None,
) -> FileReport:
    """Check one TTN file, streamed deal by deal (``-`` reads standard input, streamed too),
    or, with ``json``, a file of records in the JSON form (read whole).

    ``progress``, if given, is called once per deal read (for a progress bar); the hooks, if
    given, see each record's header before its replay and each match's report after it.
    ``on_match``, if given, is handed each match's finished report (hooks applied, Expect
    tags compared) instead of the file's report keeping it, so that a report can be written
    as it goes and a file of any length is checked in flat memory. ``keys`` gives each match
    its record's identity and each deal its key (for baselines and duplicates). ``view``
    (``--as SEAT``) checks each record as that seat saw it (``replay_into``).
    """
    from referee.catalogue.lookups import record_vocabulary
    from referee.notation.parser import iter_file, iter_stream

    name = str(path)
    if name == STDIN:
        name = "<stdin>"
    report = FileReport(name)
    syntax: list[NotationSyntaxError] = []
    try:
        if json:
            items: Iterable[StreamItem] = json_items(read_text(path, json=True), name)
        elif name == "<stdin>":
            items = iter_stream(sys.stdin.buffer, name, syntax, comments=False,
                                vocabulary=record_vocabulary)
        elif os.path.isdir(path):
            os.listdir(path)  # an unreadable folder says so (permission denied)
            raise IsADirectoryError(name)
        else:
            items = iter_file(path, syntax, comments=False,  # checking needs no comments
                              vocabulary=record_vocabulary)
        if progress is not None:
            items = _counted(items, progress)
        replay_into(report, items, expect, header_hook, match_hook, syntax, on_match, keys,
                    view)
        set_syntax_errors(report, syntax)
    except Exception as exc:
        set_failure(report, exc, path, syntax, json)
    return report


def set_failure(report: FileReport, exc: Exception, path: str | Path,
                syntax: list[NotationSyntaxError], json: bool = False) -> None:
    """Put into ``report`` what made the file at ``path`` unreadable, as ``check_file``
    reports it: a located error (with the syntax errors met before it, ``syntax``, and the
    file's line where the error has none; not for ``json``, whose lines may be very long),
    bytes that are not UTF-8, a file that cannot be read, or a bug (``referee.internal``:
    reported, and the other files go on)."""
    name = report.path
    if isinstance(exc, RefereeError):
        shown = (source_line(path, exc.line) if exc.source_line is None and not json
                 and exc.code != "ttn.encoding" else None)
        # Syntax errors met before this one keep their place: the first in the file leads.
        set_syntax_errors(report, [*syntax, exc.in_file(name, source_line=shown)])
    elif isinstance(exc, UnicodeDecodeError):
        report.set_error(RefereeError("ttn.encoding", f"not UTF-8 text: {exc.reason}", file=name))
    elif isinstance(exc, OSError):
        report.set_error(file_error(name, exc))
    else:
        report.set_error(internal_error(name, exc))


def set_syntax_errors(report: FileReport, errors: Sequence[RefereeError],
                       text: str | None = None) -> None:
    """Every syntax error met while reading the file (and the record error that ended the
    reading, if one did): the first in the file is the report's error (the file is
    unreadable), the others follow it."""
    if not errors:
        return
    # In line order: an error of the line reader may be met before those of the deals
    # read ahead of it.
    errors = sorted(errors, key=lambda error: error.line)
    located = [error.in_file(report.path, text) for error in errors]
    report.set_error(located[0])
    report.more_errors = located[1:]


def _counted(items: Iterable[StreamItem], progress: Callable[[], None]) -> Iterator[StreamItem]:
    """``items`` unchanged, calling ``progress`` at each deal."""
    for item in items:
        if not isinstance(item, RecordHeader):
            progress()
        yield item


def sorted_paths(paths: Iterable[str | Path], notes: list[str] | None = None) -> list[str]:
    """``expand_paths`` sorted by path (folder by folder) with repeats dropped.

    Reports come out in this order, so findings are sorted by file and then by position
    whatever order the files were named in; standard input, if named, stays first. ``notes``
    collects what the walk has to tell (folder links).
    """
    names = dict.fromkeys(expand_paths(paths, notes))
    stdin = [STDIN] if STDIN in names else []
    return stdin + sorted((n for n in names if n != STDIN), key=lambda p: Path(p).parts)


def expand_paths(
    paths: Iterable[str | Path], notes: list[str] | None = None
) -> Iterator[str]:
    """Each path as given, except that a directory becomes its ``*.ttn`` files, sorted.

    Hidden files and folders (names starting with ``.``) are skipped in a walk; nothing else
    is. A path that does not exist, and a folder that cannot be read, is passed on for the
    reader to report (``file.*``, exit code 2). Folder links are followed, each real folder
    once: every link followed is told in ``notes``, if given, and so is every folder not
    walked again because it was walked already (a link loop, or two links to one folder).
    """
    for path in paths:
        name = str(path)
        if name != STDIN and os.path.isdir(name):
            yield from _walk(name, notes if notes is not None else [])
        else:
            yield name


def check_paths(paths: Iterable[str | Path], expect: bool = False) -> Iterator[FileReport]:
    """``check_file`` for every file named, directories walked for ``*.ttn`` (sorted)."""
    for name in expand_paths(paths):
        yield check_file(name, expect)


def _walk(directory: str, notes: list[str]) -> list[str]:
    found: list[str] = []
    walked: set[tuple[int, int]] = set()

    def unreadable(exc: OSError) -> None:
        if exc.filename:
            found.append(str(exc.filename))  # check_file says why it cannot be read

    for root, dirs, files in os.walk(directory, onerror=unreadable, followlinks=True):
        info = os.stat(root)
        if (info.st_dev, info.st_ino) in walked:
            notes.append(f"{root}: note [file.link]: not checked again: it is the folder "
                         f"{os.path.realpath(root)}, checked already (a link loop or a "
                         "second link)")
            dirs[:] = []
            continue
        walked.add((info.st_dev, info.st_ino))
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for d in dirs:
            link = os.path.join(root, d)
            if os.path.islink(link):
                notes.append(f"{link}: note [file.link]: folder link to "
                             f"{os.path.realpath(link)} followed")
        found.extend(
            os.path.join(root, f) for f in files if f.endswith(SUFFIX) and not f.startswith(".")
        )
    return sorted(found, key=lambda p: Path(p).parts)


def replay_into(report: FileReport, items: Iterable[StreamItem], expect: bool,
                 header_hook: HeaderHook | None = None,
                 match_hook: MatchHook | None = None,
                 syntax: list[NotationSyntaxError] | None = None,
                 on_match: MatchHook | None = None, keys: bool = False,
                 view: str | None = None) -> None:
    """Stream ``items`` through the replay, appending each match as soon as it ends (or
    handing it to ``on_match``).

    The Expect tags of each record are read as its header passes by, so a malformed tag is
    an error located at the tag, and compared when that record's report comes out. With
    ``keys``, each match gets its record's identity and each deal its key
    (referee.archive.keys: for baselines and duplicates), made as the items pass by.

    With ``view`` (``--as SEAT``) each record is replayed as that seat saw it
    (referee.replay.viewpoint): the parsed records are turned into their views, not the
    text, so every event the view keeps keeps its place in the file and a finding is placed
    at the user's line. Expect tags and keys are read from the records as written.
    """
    pending: deque[list] = deque()
    identities: deque[RecordKeys] = deque()

    def tap() -> Iterator[StreamItem]:
        for item in items:
            if isinstance(item, RecordHeader) and header_hook is not None:
                header_hook(item)
            if isinstance(item, RecordHeader) and expect:
                from referee.replay.expect import expectations_of

                pending.append(expectations_of(item))
            if keys:
                _key_item(item, identities)
            yield item

    # (a plain check taps nothing: the items go to the replay without a generator between)
    tapped = header_hook is not None or expect or keys
    stream: Iterable[StreamItem] = tap() if tapped else items
    if view is not None:
        from referee.replay.viewpoint import view_items

        stream = view_items(stream, view)
    for match in replay_stream(stream):
        if keys and identities:
            identities.popleft().set_on(match)
        if syntax and any(e.record_line == match.line for e in syntax):
            continue  # a deal of this record could not be read: its match is not judged
        if on_match is None:
            report.matches.append(match)
        if match_hook is not None:
            match_hook(match)
        if expect:
            from referee.replay.expect import compare

            expectations = pending.popleft() if pending else []
            match.expected = expectations
            match.unmet = compare(expectations, match)
            report.expectations.extend(match.unmet)
        if on_match is not None:
            on_match(match)


def _key_item(item: StreamItem, identities: deque[RecordKeys]) -> None:
    """Start a record's keys at its header, or add a deal's key (and, at its first deal,
    the record's identity)."""
    from referee.archive.keys import RecordKeys

    if isinstance(item, RecordHeader):
        identities.append(RecordKeys(item))
    elif identities:  # (the replay reports a deal before any tags)
        identities[-1].add(item)


def internal_error(path: str, exc: Exception) -> RefereeError:
    """A bug met while reading ``path``, as an error of that file (``referee.internal``)."""
    frame = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    where = f" at {Path(frame[0].filename).name}:{frame[0].lineno}" if frame else ""
    return RefereeError(
        "referee.internal",
        f"internal error{where}: {type(exc).__name__}: {exc} (please report this with the file)",
        file=path,
    )
