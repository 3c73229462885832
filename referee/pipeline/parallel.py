"""``referee check --jobs N``: files, and large files cut at their records, checked by N worker
processes, the reports put back together in order.

Records are independent (each is a match of its own), so a file is cut only where a tag
section starts after a deal; each part is checked by a worker as lines ``first`` to ``last``
of the file, with the file's own line numbers, and the parts' matches are joined into one
``FileReport``. The result is the report ``check_file`` makes of the whole file: if any part
of a file is unreadable, or a worker fails, the whole file is checked again in this process,
so errors (which may depend on what came before) come out exactly as without ``--jobs``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Any

from referee.pipeline.checking import MatchHook
from referee.report import Reporter, reporter_for
from referee.report.model import FileReport, MatchReport, RenderedMatch, Totals

if TYPE_CHECKING:
    from referee.archive.cache import Cached, ResultCache

PART_LINES = 20_000
"""Fewest lines in a part (about 1,000 deals): smaller parts cost more to send than to check."""
PARTS_PER_JOB = 4
"""A file is cut into about this many parts per worker, so that the workers finish together."""
MAX_PART_LINES = 200_000
"""Most lines in a part (about 10,000 deals): a worker holds its part's report until it ends."""


@dataclass(frozen=True, slots=True)
class Part:
    """Lines ``first`` to ``last`` (1-based, inclusive; ``last`` 0: to the end) of ``path``;
    line ``first`` starts at byte ``offset``."""

    path: str
    first: int = 1
    last: int = 0
    offset: int = 0

    @property
    def whole(self) -> bool:
        return self.first == 1 and self.last == 0


def available_cores() -> int:
    """The cores this process may run on (``--jobs auto``)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


_DEAL_START = re.compile(rb"[ \t]*deal(?![\w-])")
_LINE_START = re.compile(rb"^(?:(\[|[ \t][ \t\x0b\x0c]*\[)|[ \t]*deal(?![\w-]))", re.M)
"""A tag line (group 1) or a deal line, as ``_record_starts_by_line`` tells them."""
_BLOCK = 1 << 24
"""Bytes read at a time by the fast scan."""


def record_starts(path: str) -> list[tuple[int, int]]:
    """(line number, byte offset) of each record of the file after the first: each tag
    section that follows a deal.

    The same test as the chunker's (a line opening with ``[`` after a deal, outside a brace
    comment). A file whose lines may end in a lone carriage return is not cut. A wrong cut
    would only cost time: the part before it would be unreadable, and the file is then
    checked again whole. A file without braces or carriage returns is scanned a block at a
    time with one regular expression (the workers wait for this scan).
    """
    starts: list[tuple[int, int]] = []
    after_deal = False
    line = offset = 0  # the line number and offset of the current block's first line
    try:
        with open(path, "rb") as handle:
            while block := handle.read(_BLOCK):
                block += handle.readline()  # whole lines
                if b"{" in block or b"\r" in block:
                    return _record_starts_by_line(path)
                counted = 0
                for found in _LINE_START.finditer(block):
                    if found.group(1):
                        if after_deal:
                            line += block.count(b"\n", counted, found.start())
                            counted = found.start()
                            starts.append((line + 1, offset + counted))
                        after_deal = False
                    else:
                        after_deal = True
                line += block.count(b"\n", counted)
                offset += len(block)
    except OSError:
        return []
    return starts


def _record_starts_by_line(path: str) -> list[tuple[int, int]]:
    """``record_starts`` line by line, following brace comments and line breaks."""
    from referee.notation.chunks import brace_state

    starts: list[tuple[int, int]] = []
    after_deal = in_brace = False
    offset = 0
    try:
        with open(path, "rb") as handle:
            for number, line in enumerate(handle, 1):
                if b"\r" in line and line.count(b"\r") > line.endswith(b"\r\n"):
                    return []
                if not in_brace:
                    first = line[:1]
                    if first == b"[" or (first in b" \t" and line.lstrip().startswith(b"[")):
                        if after_deal:
                            starts.append((number, offset))
                        after_deal = False
                    elif first in b"d \t" and _DEAL_START.match(line):
                        after_deal = True
                if in_brace or b"{" in line:
                    in_brace = brace_state(line.decode("utf-8", "replace"), in_brace)
                offset += len(line)
    except OSError:
        return []
    return starts


def plan(paths: Iterable[str], jobs: int) -> list[Part]:
    """The parts to check, in output order: whole files, large ones cut at record starts."""
    parts: list[Part] = []
    for path in paths:
        size = _size(path)
        starts = record_starts(path) if jobs > 1 and size >= PART_LINES * 20 else []
        if not starts:  # about 20 bytes a line: too small to cut, or one record
            parts.append(Part(path))
            continue
        lines_per_part = min(MAX_PART_LINES,
                             max(PART_LINES, starts[-1][0] // (jobs * PARTS_PER_JOB)))
        first, offset = 1, 0
        for start, start_offset in starts:
            if start - first >= lines_per_part:
                parts.append(Part(path, first, start - 1, offset))
                first, offset = start, start_offset
        parts.append(Part(path, first, 0, offset))
    return parts


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size if os.path.isfile(path) else 0
    except OSError:
        return 0


def part_lines(part: Part) -> Iterator[str]:
    """The lines of ``part``, read as ``check_file`` reads the file (referee.notation.lines:
    the same line breaks, and the same errors, though numbered from the part's start: any
    error sends the file back to be checked whole)."""
    from referee.notation.lines import raw_lines, reader_lines

    count = part.last - part.first + 1 if part.last else None
    with open(part.path, "rb") as raw:
        raw.seek(part.offset)
        yield from islice(reader_lines(raw_lines(raw, part.path)), count)


def _hooks(options: Any, path: str) -> tuple[Any, Any]:
    """The header and match hooks of ``referee check``'s options for ``path`` (or none)."""
    if options is None:
        return None, None
    return options.header_hook, options.match_hook(path)


def _json(options: Any, path: str) -> bool:
    """True if ``referee check``'s options read ``path`` in the JSON form (by its name, or
    ``--from json``); such a file is checked whole."""
    return options is not None and options.reads_json(path)


def _view(options: Any) -> str | None:
    """The seat ``referee check --as`` checks the records as (None: as written)."""
    return None if options is None else getattr(options, "view", None)


def _keys(options: Any) -> bool:
    """Whether the run needs the records' identities and the deals' keys."""
    return options is not None and bool(options.keys)


def check_part(part: Part, expect: bool, options: Any = None,
               data: bytes | None = None, cache: ResultCache | None = None,
               digest: str | None = None) -> FileReport | None:
    """The report of one part, or None if it is not clean (the caller checks the file whole).

    ``options`` are ``referee check``'s (``CheckOptions``: the hooks of --game, --select...).
    ``data``, if given, is the part's bytes, read by the caller (a worker on another machine
    has no file to read): the part is then read from those, and any error, even in a whole
    file, sends the file back to the caller, which alone can show the line in error.
    ``cache``, for a whole file read here whose bytes had ``digest``, stores its report.
    """
    from referee.notation.parser import iter_lines
    from referee.pipeline.checking import check_file, json_items, replay_into

    header_hook, match_hook = _hooks(options, part.path)
    kept: list[Any] = []
    compact = _compactor(options)
    writer = cache.writer(part.path, digest) if cache is not None and part.whole else None

    def keep(match: MatchReport) -> None:  # compacted as it ends: less for the collector
        compacted = compact(match)
        if writer is not None:  # whole, as it was before it is compacted
            writer.add(match, getattr(compacted, "text", None))
        kept.append(compacted)

    if part.whole and data is None:
        report = check_file(part.path, expect, None, header_hook, match_hook, keep,
                            json=_json(options, part.path), keys=_keys(options),
                            view=_view(options))
        if writer is not None:
            writer.commit(report)
        report.matches = kept
        return report
    report = FileReport(part.path)
    syntax: list[Any] = []
    try:
        if data is not None and _json(options, part.path):  # the JSON form, sent whole
            items: Any = json_items(data.decode("utf-8"), part.path)
        else:
            lines = part_lines(part) if data is None else _data_lines(part, data)
            items = iter_lines(lines, part.path, syntax, comments=False,
                               first_line=part.first)  # as check_file reads a file
        replay_into(report, items, expect, header_hook, match_hook, syntax, keep,
                     _keys(options), _view(options))
    except Exception:  # unreadable here: the whole file is checked again, in order
        return None
    report.matches = kept
    return None if syntax or report.error is not None else report


def _data_lines(part: Part, data: bytes) -> Iterator[str]:
    """The lines of ``part`` from its bytes, read as ``part_lines`` reads them from the file."""
    import io

    from referee.notation.lines import raw_lines, reader_lines

    return reader_lines(raw_lines(io.BytesIO(data), part.path))


def part_ends(parts: list[Part]) -> list[int | None]:
    """The byte offset where each part ends (None: at the end of its file): the next part's
    offset, where that part continues the same file."""
    ends: list[int | None] = []
    for part, after in zip(parts, [*parts[1:], None], strict=True):
        cut = after is not None and after.path == part.path and after.first > 1
        ends.append(after.offset if cut and after is not None else None)
    return ends


def read_part(part: Part, end: int | None) -> bytes:
    """The bytes of ``part`` (raises ``OSError`` if its file cannot be read)."""
    with open(part.path, "rb") as raw:
        raw.seek(part.offset)
        return raw.read() if end is None else raw.read(end - part.offset)


def _compactor(options: Any) -> Callable[[MatchReport], Any]:
    """What a worker sends back of a match: what its output format needs, so that there is
    less to send and the parent has less to do (``Reporter.compact``: a JSON report's
    matches are rendered here, the others' keep no deal results)."""
    reporter = _reporter(options)
    if reporter is None:  # the library's check_many: the whole match
        return lambda match: match
    keys = _keys(options)
    return lambda match: reporter.compact(match, keys)


def _reporter(options: Any) -> type[Reporter] | None:
    """The reporter of ``referee check``'s output format (None: no format, a library run)."""
    output_format = getattr(options, "format", "")
    return reporter_for(output_format) if output_format else None


def _work(task: tuple[Any, ...]) -> FileReport | None:
    return check_part(*task)


Runner = Callable[[list[Part], bool, Any], Iterator[FileReport | None]]
"""Checks parts elsewhere: given the parts, ``expect`` and the options, yields each part's
``check_part`` report (None: checked here again) in the parts' order."""


def check_files(paths: list[str], expect: bool = False, jobs: int = 1,
                progress: Callable[[], None] | None = None, options: Any = None,
                handler: Callable[[str], MatchHook] | None = None,
                runner: Runner | None = None, cache: ResultCache | None = None,
                ) -> Iterator[FileReport]:
    """``check_file`` of each path in order, by ``jobs`` worker processes when ``jobs`` > 1.

    ``progress`` is called once per deal checked (by the workers, once their part is done);
    ``options`` are ``referee check``'s (``CheckOptions``), for their hooks. ``handler``, if
    given, is asked for each file's match handler (given the file's name as reports write
    it), and the file's matches are handed to that as they end (as a worker's part comes
    back) instead of kept in its report (``check_file``'s ``on_match``). ``runner``, if
    given, checks the parts instead of a pool of ``jobs`` processes (a Dask cluster:
    referee.pipeline.cluster), files cut for ``jobs`` workers; standard input is still read here.

    ``cache`` (or the options' ``cache_dir``) serves the reports of files it holds and
    stores those of whole files checked here or by the ``--jobs`` workers (referee.archive.
    cache). With a cache, a file is cut only when fewer files are left to check than there
    are workers (a cut file is not stored): the workers share whole files.
    """
    from referee.pipeline.checking import STDIN

    cache = cache or _cache_of(options, expect)
    # Standard input (first if named) is read here, not by a worker.
    alone = jobs < 2 and runner is None
    here = paths if alone else [path for path in paths[:1] if path == STDIN]
    rest = paths[len(here):]
    probed: list[tuple[str | None, bool]] = [(None, False)] * len(rest)
    if cache is not None and not alone:  # entries are read as their files come up
        probed = [cache.probe(path) for path in rest]
    misses = [path for path, (_, held) in zip(rest, probed, strict=True) if not held]
    parts = plan(misses, jobs if cache is None or len(misses) < jobs else 1)
    pooled = not alone and (len(parts) >= 2 or runner is not None)
    for path in here:
        yield _check_here(path, expect, progress, options, handler, cache)
    if not pooled:
        for path, found in zip(rest, probed, strict=True):
            yield _check_here(path, expect, progress, options, handler, cache, found)
    else:
        digests = {path: digest for path, (digest, _) in zip(rest, probed, strict=True)}
        results = (runner or _pool(jobs, cache, digests))(parts, expect, options)
        joined = _joined(parts, results, expect, progress, options, handler)
        for path, found in zip(rest, probed, strict=True):
            yield (_check_here(path, expect, progress, options, handler, cache, found)
                   if found[1] else next(joined))
    if cache is not None and (misses if not alone else cache.written):
        cache.prune()  # only after a run that wrote entries


def _cache_of(options: Any, expect: bool) -> ResultCache | None:
    """The result cache the options ask for (None: none)."""
    folder = getattr(options, "cache_dir", None)
    if not folder:
        return None
    from referee.archive.cache import ResultCache

    return ResultCache.open(folder, options, expect, _keys(options),
                            getattr(options, "cache_size_mb", None))


def _check_here(path: str, expect: bool, progress: Callable[[], None] | None, options: Any,
                handler: Callable[[str], MatchHook] | None,
                cache: ResultCache | None,
                probed: tuple[str | None, bool] | None = None) -> FileReport:
    """``check_file`` of ``path`` in this process, served from or stored in ``cache``
    (``probed``: what ``cache.probe`` said of it already; an entry that cannot be read
    is checked here)."""
    from referee.pipeline.checking import STDIN, check_file

    on_match = handler("<stdin>" if path == STDIN else path) if handler else None
    writer = None
    if cache is not None and path != STDIN:  # standard input is never cached
        digest, held = probed or cache.probe(path)
        hit = cache.load(path, digest) if held and digest is not None else None
        if hit is not None:
            return _served(hit, on_match, progress, options)
        writer = cache.writer(path, digest)
        cache.written.append(path)
    tee = on_match
    if writer is not None and on_match is not None:
        hand = on_match
        rendered = _rendered_json(options)

        def tee(match: MatchReport) -> None:
            text = rendered(match) if rendered is not None else None
            writer.add(match, text)  # before the handler changes it (a baseline, duplicates)
            hand(match if text is None else _with_text(match, text))

    report = check_file(path, expect, progress, *_hooks(options, path), tee,
                        json=_json(options, path), keys=_keys(options),
                        view=_view(options))
    if writer is not None:
        writer.commit(report)
    return report


def _rendered_json(options: Any) -> Callable[[MatchReport], str] | None:
    """How the output format writes a match's text into its report before the match is
    handed over (a JSON report without baseline or duplicates; the text is then stored with
    it), or None (``Reporter.rendering``)."""
    reporter = _reporter(options)
    return None if reporter is None else reporter.rendering(_keys(options))


def _with_text(match: MatchReport, text: str) -> Any:
    """``match`` as a --jobs worker sends it back for a JSON report, its text given."""
    counts = Totals()
    counts.add_match(match)
    return RenderedMatch(counts.deals, counts.findings, counts.notes, text)


def _served(cached: Cached, on_match: MatchHook | None,
            progress: Callable[[], None] | None, options: Any = None) -> FileReport:
    """A report from the cache, its matches handed to ``on_match`` as a check would (in a
    JSON report without baseline or duplicates, as their stored text where there is one)."""
    report = cached.report
    if progress is not None:
        for _ in range(report.deal_count):
            progress()
    if on_match is not None:
        matches, report.matches = report.matches, []
        texts = (cached.json_texts if _rendered_json(options) is not None
                 else [None] * len(matches))
        for match, text in zip(matches, texts, strict=True):
            on_match(match if text is None else _with_text(match, text))
    return report


def _joined(parts: list[Part], results: Iterator[FileReport | None], expect: bool,
            progress: Callable[[], None] | None, options: Any,
            handler: Callable[[str], MatchHook] | None) -> Iterator[FileReport]:
    """Each file's report, joined from its parts' as they come back, in order."""
    joined: _Joined | None = None
    for part, report in zip(parts, results, strict=True):
        if part.first == 1:  # a new file
            if joined is not None:
                yield joined.finish(expect, progress, options)
            joined = _Joined(part.path, handler(part.path) if handler else None)
        assert joined is not None
        joined.add(part, report, progress)
    if joined is not None:
        yield joined.finish(expect, progress, options)


def _pool(jobs: int, cache: ResultCache | None = None,
          digests: dict[str, str | None] | None = None) -> Runner:
    """A runner of ``jobs`` worker processes on this machine (``--jobs``); whole files whose
    bytes had ``digests`` are stored in ``cache`` by the workers."""

    def run(parts: list[Part], expect: bool, options: Any) -> Iterator[FileReport | None]:
        import multiprocessing

        from referee.notation.parser import lark_parser

        lark_parser()  # built once here: forked workers inherit it instead of each building it
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        known = digests or {}
        tasks = [(part, expect, options, None, cache, known.get(part.path))
                 if cache is not None and part.whole else (part, expect, options)
                 for part in parts]
        with context.Pool(min(jobs, len(parts))) as pool:
            yield from pool.imap(_work, tasks)

    return run


class _Joined:
    """One file's report, joined from its parts' as they come back, in order."""

    def __init__(self, path: str, on_match: MatchHook | None) -> None:
        self.report = FileReport(path)
        self.on_match = on_match
        self.failed_from = 0
        """The first line of the first part that was not clean (0: none)."""

    def add(self, part: Part, report: FileReport | None,
            progress: Callable[[], None] | None) -> None:
        if self.failed_from:
            return
        if report is None:
            self.failed_from = part.first
            return
        if part.whole:  # the whole file's report, unreadable or not
            self.report, matches = report, report.matches
            report.matches = []
        else:
            matches = report.matches
            self.report.expectations.extend(report.expectations)
        if self.on_match is None:
            self.report.matches.extend(matches)
        else:
            for match in matches:
                self.on_match(match)
        if progress is not None:
            for _ in range(sum(_deals(match) for match in matches)):
                progress()

    def finish(self, expect: bool, progress: Callable[[], None] | None,
               options: Any) -> FileReport:
        """The joined report; if a part was not clean, the report of the whole file checked
        here (only its matches from that part on are handed over: the others were)."""
        from referee.pipeline.checking import check_file

        if not self.failed_from:
            return self.report
        on_match = self.on_match
        if on_match is not None:
            handed, failed_from = on_match, self.failed_from

            def on_match(match: MatchReport) -> None:
                if match.line >= failed_from:
                    handed(match)

        path = self.report.path
        return check_file(path, expect, progress, *_hooks(options, path), on_match,
                          json=_json(options, path), keys=_keys(options),
                          view=_view(options))


def _deals(match: Any) -> int:
    """The deals of a match as a worker sent it back (a MatchReport or a RenderedMatch)."""
    return match.deals if isinstance(match.deals, int) else len(match.deals)
