"""The result cache of ``referee check --cache-dir DIR`` (or ``cache = true`` in the settings):
a file whose report would be the same as last time is not refereed again.

A file's entry is named by a digest of everything its report depends on: the file's name as
the report writes it and its bytes, the settings that change a report (game, rules, options
and where they were given, ``--select``, ``--ignore``, ``--partial``, ``--expect``, and
whether the run needs match keys for a baseline or duplicates), the Python version, and the
installed referee (a digest of the package's own files, made once per run, so that a
development install is never served a report of other code). The output format is not in
it: the entry holds the whole report, and each format is written from it as from a fresh
check.

An entry is a header (the format and the entry's full key), the file's matches and then its
report, pickled one by one as the matches end (so that writing one keeps the check's memory
flat), and a digest of all that. It is written beside its final place and renamed over it
(``os.replace``: a reader sees a whole entry or none, also with ``--jobs`` workers writing at
once). An entry whose digest, format or key is not what it should be is ignored with a
warning, and the file is checked; its objects are unpickled only if they are referee's own
report types, so an entry cannot run code. The cache keeps under a size limit: at the end of
a run that wrote entries, the least recently used go first. Standard input is never cached.
"""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import sys
import tempfile
from dataclasses import dataclass, field, is_dataclass
from enum import Enum
from hashlib import blake2b
from pathlib import Path
from typing import Any

from referee.report.model import FileReport, MatchReport

FORMAT = b"referee-cache/1"
"""The first bytes of every entry (and the folder the entries live in, ``v1``)."""
FOLDER = "v1"
DEFAULT_SIZE_MB = 1024
"""The size limit of the cache folder by default (setting ``cache_size_mb``)."""
DIGEST = 32
"""Bytes of the digest that ends an entry."""
TAG_FILE = "CACHEDIR.TAG"
TAG = (b"Signature: 8a477f597d28d172789f06886806bc55\n"
       b"# This file is a cache tag created by referee check (https://bford.info/cachedir/).\n")
"""Tells backup tools that the folder is a cache."""
UNSTORED_ERRORS = ("file.", "referee.")
"""Reports whose error comes from the machine (an unreadable file, a bug), not from the
file's contents: not stored."""

REBUILDERS = {("referee.model.errors", "_rebuild")}
"""Functions an entry may call: each makes a report object from its fields, and nothing else
(an error of referee.model.errors is pickled through it)."""

_package_digest: str | None = None


def default_folder() -> Path:
    """The user's cache folder for referee: ``$XDG_CACHE_HOME/referee``, else
    ``~/.cache/referee``."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".cache"
    return root / "referee"


def package_digest() -> str:
    """A digest of the installed referee's own files (code, grammar, schemas), made once per
    process: a changed file of a development install changes every key."""
    global _package_digest
    if _package_digest is None:
        package = Path(__file__).resolve().parent.parent  # referee/, from referee/archive/
        roots = [package]
        if not (package / "grammar").is_dir():  # a checkout: the two folders at the top
            roots += [package.parent / "grammar", package.parent / "schemas"]
        digest = blake2b(digest_size=16)
        for root in roots:
            for path in sorted(root.rglob("*")):
                if "__pycache__" in path.parts or path.suffix == ".pyc" or not path.is_file():
                    continue
                digest.update(path.relative_to(root.parent).as_posix().encode() + b"\0")
                digest.update(path.read_bytes() + b"\0")
        _package_digest = digest.hexdigest()
    return _package_digest


def run_key(options: Any, expect: bool, keys: bool) -> str:
    """The part of every key this run shares: settings, Python and referee."""
    from referee.version import __version__

    settings: tuple[Any, ...] = ()
    if options is not None:
        settings = (options.game, options.rules, sorted(options.options.items()),
                    sorted(options.given_by.items()), list(options.select),
                    list(options.ignore), options.partial,
                    getattr(options, "source", None))  # --from: the form files are read in
        view = getattr(options, "view", None)
        if view is not None:  # --as SEAT: a view's report is not the record's
            settings += (("view", view),)
    parts = (FORMAT, sys.version, sys.implementation.cache_tag, __version__, _lark(),
             package_digest(), settings, expect, keys)
    return blake2b(repr(parts).encode("utf-8"), digest_size=16).hexdigest()


def _lark() -> str:
    """The parser library's version (the grammar is read by it)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("lark")
    except PackageNotFoundError:
        return ""


def content_digest(data: bytes) -> str:
    return blake2b(data, digest_size=16).hexdigest()


def file_digest(path: str) -> str | None:
    """The digest of a regular file's bytes (None: not a plain readable file, not cached)."""
    try:
        if not os.path.isfile(path):  # a FIFO or a device is read once, by the check
            return None
        with open(path, "rb") as handle:
            return content_digest(handle.read())
    except OSError:
        return None


class CacheWarning:
    """Warnings on standard error, each said once per process."""

    said: set[str] = set()

    @classmethod
    def say(cls, message: str) -> None:
        if message not in cls.said:
            cls.said.add(message)
            print(f"referee check: warning: {message}", file=sys.stderr, flush=True)


@dataclass(frozen=True, slots=True)
class ResultCache:
    """The cache of one run (small: it travels to the ``--jobs`` workers)."""

    folder: str
    key: str
    limit: int = DEFAULT_SIZE_MB * 1024 * 1024
    written: list[str] = field(default_factory=list, compare=False)
    """The files this process checked for the cache (to prune after a run that wrote)."""

    @classmethod
    def open(cls, folder: str | Path, options: Any = None, expect: bool = False,
             keys: bool = False, size_mb: int | None = None) -> ResultCache:
        """The cache in ``folder`` for a run with these settings."""
        limit = (DEFAULT_SIZE_MB if size_mb is None else size_mb) * 1024 * 1024
        return cls(str(folder), run_key(options, expect, keys), limit)

    def entry_key(self, path: str, digest: str) -> str:
        return blake2b(f"{self.key}\0{path}\0{digest}".encode(), digest_size=20).hexdigest()

    def entry_path(self, key: str) -> str:
        return os.path.join(self.folder, FOLDER, key[:2], key)

    def probe(self, path: str) -> tuple[str | None, bool]:
        """The digest of ``path``'s bytes (None: not a file the cache stores) and whether
        the cache has an entry for it (read by ``load``)."""
        digest = file_digest(path)
        if digest is None:
            return None, False
        return digest, os.path.isfile(self.entry_path(self.entry_key(path, digest)))

    def load(self, path: str, digest: str) -> Cached | None:
        """The cached report of ``path`` whose bytes have ``digest`` (None: not cached, or
        an entry that cannot be trusted, with a warning)."""
        key = self.entry_key(path, digest)
        entry = self.entry_path(key)
        try:
            with open(entry, "rb") as handle:
                data = handle.read()
        except FileNotFoundError:
            return None
        except OSError as exc:
            CacheWarning.say(f"cache entry {entry} cannot be read ({exc.strerror}): ignored")
            return None
        try:
            report = decode(data, key)
        except EntryError as exc:
            CacheWarning.say(f"cache entry {entry} {exc}: ignored, {path} is checked")
            return None
        with contextlib.suppress(OSError):
            os.utime(entry)  # recently used: the last to go when the cache is too big
        return report

    def writer(self, path: str, digest: str | None) -> EntryWriter | None:
        """A writer of the entry of ``path`` (whose bytes had ``digest``), or None."""
        if digest is None:
            return None
        return EntryWriter(self, path, digest)

    def prune(self) -> None:
        """Remove the least recently used entries until the cache is under its limit (and
        temporary files that a killed writer left, after an hour)."""
        import time

        entries: list[tuple[float, int, str]] = []
        old = time.time() - 3600
        try:
            folders = list(os.scandir(os.path.join(self.folder, FOLDER)))
        except OSError:
            return
        for folder in folders:
            if not folder.is_dir():
                continue
            with contextlib.suppress(OSError):
                for item in os.scandir(folder.path):
                    info = item.stat()
                    if item.name.startswith("."):
                        if info.st_mtime < old:
                            os.unlink(item.path)
                        continue
                    entries.append((info.st_mtime, info.st_size, item.path))
        total = sum(size for _, size, _ in entries)
        for _, size, name in sorted(entries):
            if total <= self.limit:
                break
            with contextlib.suppress(OSError):
                os.unlink(name)
                total -= size


class EntryWriter:
    """One entry, written as the file's matches end (``add``) and made visible by
    ``commit``."""

    def __init__(self, cache: ResultCache, path: str, digest: str) -> None:
        self.cache = cache
        self.path = path
        self.digest = digest
        self.key = cache.entry_key(path, digest)
        self.hash = blake2b(digest_size=DIGEST)
        self.handle: Any = None
        self.temp = ""
        try:
            final = cache.entry_path(self.key)
            os.makedirs(os.path.dirname(final), exist_ok=True)
            _tag(cache.folder)
            fd, self.temp = tempfile.mkstemp(prefix=".", suffix=".tmp",
                                             dir=os.path.dirname(final))
            self.handle = os.fdopen(fd, "wb")
            self._write(FORMAT + b"\n" + self.key.encode() + b"\n")
        except OSError as exc:
            self._fail(exc)

    def _write(self, data: bytes) -> None:
        self.hash.update(data)
        self.handle.write(data)

    def _fail(self, exc: OSError) -> None:
        CacheWarning.say(f"cannot write to the cache in {self.cache.folder} "
                         f"({exc.strerror or exc}): files are checked without it")
        self.abort()

    def add(self, match: MatchReport, json_text: str | None = None) -> None:
        """Add a finished match (before anything after the check changes it), and its text
        in a JSON report if the run made it (a JSON run served from the cache then writes
        that instead of rendering the match again)."""
        if self.handle is None:
            return
        try:
            self._write(_dumps(match))
            if json_text is not None:
                self._write(_dumps(json_text))
        except OSError as exc:
            self._fail(exc)

    def commit(self, report: FileReport) -> None:
        """End the entry with the file's report (its matches, if it kept them, after those
        added) and put it in place, if the file is still as it was when its digest was
        made."""
        if self.handle is None:
            return
        code = report.error_code or ""
        if code.startswith(UNSTORED_ERRORS) or file_digest(self.path) != self.digest:
            self.abort()
            return
        try:
            for match in report.matches:
                self.add(match)
            kept, report.matches = report.matches, []
            try:
                self._write(_dumps(report))
            finally:
                report.matches = kept
            self.handle.write(self.hash.digest())
            self.handle.close()
            self.handle = None
            os.replace(self.temp, self.cache.entry_path(self.key))
        except OSError as exc:
            self._fail(exc)

    def abort(self) -> None:
        if self.handle is not None:
            with contextlib.suppress(OSError):
                self.handle.close()
            self.handle = None
        if self.temp:
            with contextlib.suppress(OSError):
                os.unlink(self.temp)
            self.temp = ""


def _dumps(value: Any) -> bytes:
    """``value`` pickled by each class's own reduction: with a dispatch table of its own,
    the pickler ignores what a library registered for all exceptions (distributed's tblib
    does, for the errors in a report), which only that library could read back."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {}
    pickler.dump(value)
    return buffer.getvalue()


def _tag(folder: str) -> None:
    tag = os.path.join(folder, TAG_FILE)
    if not os.path.exists(tag):
        with contextlib.suppress(OSError), open(tag, "wb") as handle:
            handle.write(TAG)


class EntryError(Exception):
    """An entry that is damaged or not this run's (its message says which)."""


@dataclass(slots=True)
class Cached:
    """A report from the cache (its matches in ``matches``), and each match's text in a JSON
    report where the entry has it (None where not)."""

    report: FileReport
    json_texts: list[str | None]


def decode(data: bytes, key: str) -> Cached:
    """What an entry holds; ``EntryError`` if it is damaged or foreign."""
    header = FORMAT + b"\n" + key.encode() + b"\n"
    if len(data) < len(header) + DIGEST or not data.startswith(FORMAT + b"\n"):
        raise EntryError("is not a referee cache entry")
    body, digest = data[:-DIGEST], data[-DIGEST:]
    if blake2b(body, digest_size=DIGEST).digest() != digest:
        raise EntryError("is damaged (its checksum does not match)")
    if not body.startswith(header):
        raise EntryError("belongs to another file or other settings")
    stream = io.BytesIO(body)
    stream.seek(len(header))
    matches: list[MatchReport] = []
    texts: list[str | None] = []
    try:
        while True:
            item = _Unpickler(stream).load()
            if isinstance(item, FileReport):
                break
            if isinstance(item, str) and texts and texts[-1] is None:
                texts[-1] = item  # the JSON text of the match before it
                continue
            if not isinstance(item, MatchReport):
                raise EntryError("holds an object that is not a report")
            matches.append(item)
            texts.append(None)
        if stream.tell() != len(body):
            raise EntryError("has bytes after its report")
    except EntryError:
        raise
    except Exception as exc:  # a pickle made by other code: never trusted
        raise EntryError(f"cannot be read ({type(exc).__name__}: {exc})") from None
    item.matches = matches
    return Cached(item, texts)


class _Unpickler(pickle.Unpickler):
    """Unpickles referee's report types (data classes, named tuples, enums, errors) and
    nothing else: making one of those runs no code of the entry's choosing."""

    def find_class(self, module: str, name: str) -> Any:
        if module == "referee" or module.startswith("referee."):
            found = super().find_class(module, name)
            if (module, name) in REBUILDERS:
                return found
            if isinstance(found, type) and (
                    is_dataclass(found) or issubclass(found, Enum | BaseException)
                    or (issubclass(found, tuple) and hasattr(found, "_fields"))):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not a report type")
