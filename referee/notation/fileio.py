"""Writing output: nothing the user wrote is lost, and nothing but a plain file is replaced.

- ``-`` is standard output; a device, a FIFO or a socket (``/dev/null``, a named pipe), and
  any path under /dev or /proc (``/dev/stdout`` even when the shell sent it to a file), is
  opened and written to directly, never replaced by a file.
- A regular file is written atomically: a temporary file beside it, then a rename over it,
  so a failure half-way leaves the original as it was. Through a symbolic link the target is
  rewritten (atomically, beside the target) and the link stays a link.
- A new file gets the mode the umask allows (0666 less the umask), an existing one keeps its
  mode.
- SIGTERM, SIGHUP and SIGINT during a write remove the temporary file; the process then ends
  as the signal asks (exit 128 + the signal's number).
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

_ENDING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT")
                if hasattr(signal, name))  # no SIGHUP on Windows


class Terminated(SystemExit):
    """A signal that ends the process arrived while writing (exit code 128 + its number)."""

    def __init__(self, signum: int) -> None:
        super().__init__(128 + signum)
        self.signum = signum


def write_atomic(path: str | Path, text: str | Iterable[str]) -> None:
    """Write ``text`` (a string, or chunks of it) to ``path`` as the module says."""
    chunks = [text] if isinstance(text, str) else text
    name = str(path)
    if name == "-":
        _write_stream(sys.stdout, chunks)
        return
    try:
        mode = os.stat(name).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and (not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)
                             or _is_descriptor(name)):
        with open(name, "w", encoding="utf-8", newline="\n") as handle:
            _write_stream(handle, chunks)
        return
    target = Path(os.path.realpath(name))
    with _signals_end_the_write():
        _replace(target, chunks, None if mode is None else mode & 0o7777)


def _is_descriptor(name: str) -> bool:
    """``/dev/stdout``, ``/dev/fd/N``, ``/proc/self/fd/N``: an open descriptor's file, which
    may be a plain file the shell opened (``> out.txt``); it is written as it is."""
    real = os.path.realpath(name)
    return name.startswith("/dev/") or real.startswith(("/proc/", "/dev/"))


def _write_stream(handle: IO[str], chunks: Iterable[str]) -> None:
    for chunk in chunks:
        handle.write(chunk)
    handle.flush()


def _replace(target: Path, chunks: Iterable[str], mode: int | None) -> None:
    # the file is closed before the rename (the contexts end in reverse order)
    with (_temporary_beside(target, mode) as (fd, _),
          os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle):
        _write_stream(handle, chunks)


@contextlib.contextmanager
def atomic_path(path: str | Path) -> Iterator[str]:
    """The path of a temporary file beside ``path``'s target, for a writer that takes a
    path (a Parquet file): renamed over the target when the block ends, removed if it
    fails; the new file's mode and the signals as for ``write_atomic``."""
    target = Path(os.path.realpath(str(path)))
    try:
        mode: int | None = os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        mode = None
    with _signals_end_the_write(), _temporary_beside(target, mode) as (fd, temp):
        os.close(fd)
        yield temp


@contextlib.contextmanager
def _temporary_beside(target: Path, mode: int | None) -> Iterator[tuple[int, str]]:
    """A temporary file beside ``target`` (its descriptor and path), renamed over it with
    ``mode`` (None: what the umask allows) when the block ends, or removed."""
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        yield fd, temp
        os.chmod(temp, mode if mode is not None else 0o666 & ~_umask())
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def _signals_end_the_write() -> Iterator[None]:
    """Turn the ending signals into ``Terminated`` while writing, so cleanup runs."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise Terminated(signum)

    previous = {}
    for signum in _ENDING:
        handler = signal.getsignal(signum)
        if handler is signal.SIG_IGN:
            continue  # the caller chose to ignore it (nohup): leave it ignored
        previous[signum] = handler
        signal.signal(signum, stop)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
