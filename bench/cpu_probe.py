"""``referee ARGS`` run in this process, with the CPU time of each process written down.

    python bench/cpu_probe.py OUT.json check --jobs 2 FILE

Writes ``{"parent": s, "workers": [s, ...], "children": s, "peak_mb": n}`` to OUT.json: the
CPU time (user + system) of this process (the parent of ``--jobs``: reading the plan, merging
and printing), of each ``--jobs`` worker process (measured at the end of each part it checks,
so the last is its total), and of all waited-for children together; and this process's peak
resident memory. From these the ``jobs`` section of perf.py tells what limits the speed-up:
the busiest worker or the parent.

The peak is read here (``VmHWM`` on Linux), not from the ``rusage`` of the process that
started this one: Linux carries a process's peak over ``exec``, so that figure is at least
the starting process's own size at the time it started this one.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any


def _patch_workers(folder: Path) -> None:
    """Make each worker write its CPU time after each part (the task function is looked up
    by name in forked workers, so the patched one is the one they run)."""
    import referee.pipeline.parallel as parallel

    work = parallel._work

    def _work(task: Any) -> Any:
        result = work(task)
        (folder / str(os.getpid())).write_text(str(time.process_time()))
        return result

    _work.__module__, _work.__qualname__ = work.__module__, work.__qualname__
    parallel._work = _work  # type: ignore[assignment]


def _cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def peak_mb() -> int:
    """This process's peak resident memory in MB (since its ``exec``, on Linux)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) // 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def main() -> None:
    import tempfile

    out = Path(sys.argv[1])
    sys.argv[1:] = sys.argv[2:]
    with tempfile.TemporaryDirectory() as folder:
        _patch_workers(Path(folder))
        from referee.cli.app import main as referee_main

        code: Any = 0
        try:
            referee_main()
        except SystemExit as exit_:
            code = exit_.code
        finally:
            sys.stdout.flush()
            workers = [float(p.read_text()) for p in sorted(Path(folder).iterdir())]
            out.write_text(json.dumps({
                "parent": _cpu(resource.RUSAGE_SELF), "workers": workers,
                "children": _cpu(resource.RUSAGE_CHILDREN), "peak_mb": peak_mb()}))
    sys.exit(code)


if __name__ == "__main__":
    main()
