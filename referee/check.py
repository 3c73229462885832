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
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from referee.errors import NotationSyntaxError, RefereeError
from referee.record import RecordHeader, StreamItem
from referee.replay import replay_stream
from referee.report import FileReport, MatchReport

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


def encoding_error(path: str, data: bytes, start: int) -> RefereeError:
    """``ttn.encoding`` for the byte at ``start`` of ``data`` (a NUL, or not UTF-8)."""
    line = data.count(b"\n", 0, start) + 1
    line_start = data.rfind(b"\n", 0, start) + 1
    column = len(data[line_start:start].decode("utf-8", "replace")) + 1
    if data[start] == 0:
        message = "this is not a text file (it holds NUL bytes)"
    else:
        message = f"invalid UTF-8 (byte 0x{data[start]:02x}); TTN files are UTF-8 text"
    return RefereeError("ttn.encoding", message, file=path, line=line, column=column)


def decode(data: bytes, path: str = "<string>") -> str:
    """UTF-8 bytes as text (line endings untouched), or ``ttn.encoding``."""
    nul = data.find(b"\0")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = exc.start if nul < 0 else min(nul, exc.start)
        raise encoding_error(path, data, start) from None
    if nul >= 0:
        raise encoding_error(path, data, nul)
    return text


def read_text(path: str | Path) -> str:
    """A file's text for commands that need it whole (``fmt``, ``convert``); ``-`` is stdin.

    Raises ``RefereeError`` (``file.*``, ``ttn.encoding``) for anything that is not readable
    UTF-8 text.
    """
    name = str(path)
    try:
        data = sys.stdin.buffer.read() if name == STDIN else Path(path).read_bytes()
    except OSError as exc:
        raise file_error(name, exc) from None
    return decode(data, "<stdin>" if name == STDIN else name)


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
    _replay_into(report, items, expect)
    return report


def check_text(text: str, path: str = "<string>", expect: bool = False,
               header_hook: HeaderHook | None = None,
               match_hook: MatchHook | None = None) -> FileReport:
    """Check TTN text. ``expect`` fills ``expectations`` with the unmet Expect tags."""
    from referee.notation.parser import iter_items

    report = FileReport(path)
    syntax: list[NotationSyntaxError] = []
    try:
        _replay_into(report, iter_items(text, path, syntax), expect, header_hook, match_hook,
                     syntax)
        _set_syntax_errors(report, syntax, text)
    except RefereeError as exc:
        report.set_error(exc.in_file(path, text))
    except Exception as exc:  # a bug, not bad input: report it and go on with other files
        report.set_error(internal_error(path, exc))
    return report


def check_file(
    path: str | Path, expect: bool = False, progress: Callable[[], None] | None = None,
    header_hook: HeaderHook | None = None, match_hook: MatchHook | None = None,
) -> FileReport:
    """Check one TTN file, streamed from disk deal by deal (``-`` reads standard input).

    ``progress``, if given, is called once per deal read (for a progress bar); the hooks, if
    given, see each record's header before its replay and each match's report after it.
    """
    name = str(path)
    if name == STDIN:
        try:
            text = read_text(STDIN)
        except RefereeError as exc:
            report = FileReport("<stdin>")
            report.set_error(exc)
            return report
        return check_text(text, "<stdin>", expect, header_hook, match_hook)
    from referee.notation.parser import iter_file

    report = FileReport(name)
    try:
        if os.path.isdir(path):
            raise IsADirectoryError(name)
        syntax: list[NotationSyntaxError] = []
        items: Iterable[StreamItem] = iter_file(path, syntax)
        if progress is not None:
            items = _counted(items, progress)
        _replay_into(report, items, expect, header_hook, match_hook, syntax)
        _set_syntax_errors(report, syntax)
    except RefereeError as exc:
        shown = (source_line(path, exc.line)
                 if exc.source_line is None and exc.code != "ttn.encoding" else None)
        report.set_error(exc.in_file(name, source_line=shown))
    except UnicodeDecodeError as exc:
        report.set_error(RefereeError("ttn.encoding", f"not UTF-8 text: {exc.reason}", file=name))
    except OSError as exc:
        report.set_error(file_error(name, exc))
    except Exception as exc:  # a bug, not bad input: report it and go on with other files
        report.set_error(internal_error(name, exc))
    return report


def _set_syntax_errors(report: FileReport, errors: list[NotationSyntaxError],
                       text: str | None = None) -> None:
    """Every syntax error met while reading the file: the first is the report's error (the
    file is unreadable), the others follow it."""
    if not errors:
        return
    located = [error.in_file(report.path, text) for error in errors]
    report.set_error(located[0])
    report.more_errors = located[1:]


def _counted(items: Iterable[StreamItem], progress: Callable[[], None]) -> Iterator[StreamItem]:
    """``items`` unchanged, calling ``progress`` at each deal."""
    for item in items:
        if not isinstance(item, RecordHeader):
            progress()
        yield item


def sorted_paths(paths: Iterable[str | Path]) -> list[str]:
    """``expand_paths`` sorted by path (folder by folder) with repeats dropped.

    Reports come out in this order, so findings are sorted by file and then by position
    whatever order the files were named in; standard input, if named, stays first.
    """
    names = dict.fromkeys(expand_paths(paths))
    stdin = [STDIN] if STDIN in names else []
    return stdin + sorted((n for n in names if n != STDIN), key=lambda p: Path(p).parts)


def expand_paths(paths: Iterable[str | Path]) -> Iterator[str]:
    """Each path as given, except that a directory becomes its ``*.ttn`` files, sorted.

    Hidden files and folders (names starting with ``.``) are skipped in a walk. A path that
    does not exist is passed on, for the reader to report.
    """
    for path in paths:
        name = str(path)
        if name != STDIN and os.path.isdir(name):
            yield from _walk(name)
        else:
            yield name


def check_paths(paths: Iterable[str | Path], expect: bool = False) -> Iterator[FileReport]:
    """``check_file`` for every file named, directories walked for ``*.ttn`` (sorted)."""
    for name in expand_paths(paths):
        yield check_file(name, expect)


def _walk(directory: str) -> list[str]:
    found: list[str] = []
    for root, dirs, files in os.walk(directory):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        found.extend(
            os.path.join(root, f) for f in files if f.endswith(SUFFIX) and not f.startswith(".")
        )
    return sorted(found, key=lambda p: Path(p).parts)


def _replay_into(report: FileReport, items: Iterable[StreamItem], expect: bool,
                 header_hook: HeaderHook | None = None,
                 match_hook: MatchHook | None = None,
                 syntax: list[NotationSyntaxError] | None = None) -> None:
    """Stream ``items`` through the replay, appending each match as soon as it ends.

    The Expect tags of each record are read as its header passes by, so a malformed tag is
    an error located at the tag, and compared when that record's report comes out.
    """
    pending: deque[list] = deque()

    def tap() -> Iterator[StreamItem]:
        for item in items:
            if isinstance(item, RecordHeader) and header_hook is not None:
                header_hook(item)
            if isinstance(item, RecordHeader) and expect:
                from referee.expect import expectations_of

                pending.append(expectations_of(item))
            yield item

    for match in replay_stream(tap()):
        if syntax and any(e.record_line == match.line for e in syntax):
            continue  # a deal of this record could not be read: its match is not judged
        report.matches.append(match)
        if match_hook is not None:
            match_hook(match)
        if expect:
            from referee.expect import compare

            expectations = pending.popleft() if pending else []
            match.expected = expectations
            match.unmet = compare(expectations, match)
            report.expectations.extend(match.unmet)


def internal_error(path: str, exc: Exception) -> RefereeError:
    """A bug met while reading ``path``, as an error of that file (``referee.internal``)."""
    frame = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    where = f" at {Path(frame[0].filename).name}:{frame[0].lineno}" if frame else ""
    return RefereeError(
        "referee.internal",
        f"internal error{where}: {type(exc).__name__}: {exc} (please report this with the file)",
        file=path,
    )
