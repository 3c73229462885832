"""``referee check --dask ADDRESS``: the work units of ``--jobs`` (whole files, and large files
cut at their records: referee.pipeline.parallel) checked as tasks on a Dask cluster.

The client reads every unit's bytes and sends them with the task, so the workers need no
shared file system, only referee installed. A worker checks a unit as a ``--jobs`` worker
does; a unit that is not clean there (unreadable text, a worker that failed for good) comes
back as None and its file is checked again here, so that errors, which need the file's own
lines, come out exactly as on one machine. The report is the same, byte for byte and in the
same order, as with ``--jobs 1``.

dask.distributed is an extra (``pip install 'referee[dask]'``): nothing here imports it
before a cluster is asked for.
"""

from __future__ import annotations

import os
import sys
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

from referee.pipeline.parallel import Part, Runner, check_part, part_ends, read_part
from referee.report.model import FileReport

EXTRA = "dask"
"""The extra that installs dask.distributed."""
LOCAL = "local"
"""The ADDRESS of ``--dask`` that starts a cluster on this machine."""
IN_FLIGHT_PER_THREAD = 4
"""Units sent ahead per worker thread: enough to keep every worker busy, few enough that the
client never holds the bytes of a whole archive."""
RETRIES = 2
"""Times a unit whose task raised is run again (Dask's retries); a unit whose worker died is
run again by the scheduler (its ``allowed-failures``)."""
EXIT_HOOK = "REFEREE_TEST_WORKER_EXIT"
"""Test only: ``NAME:MARKER`` makes the worker that gets the first unit of a file named NAME
exit at once, unless the file MARKER exists (it is made first, so the retry goes through)."""


class ClusterError(Exception):
    """The cluster cannot be used (the extra is missing, the scheduler cannot be reached)."""


def require_dask() -> None:
    """Raise ``ClusterError`` naming the extra when dask.distributed is not installed."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ClusterError(
            f"--dask needs dask.distributed: pip install 'referee[{EXTRA}]'") from None


def check_unit(part: Part, data: bytes, expect: bool, options: Any) -> FileReport | None:
    """A worker's task: the report of one unit from its bytes (``check_part``)."""
    from referee.pipeline.checking import tune_gc

    _exit_if_asked(part)
    tune_gc()  # as in a --jobs worker, which inherits it from the command's process
    return check_part(part, expect, options, data)


def _exit_if_asked(part: Part) -> None:
    asked = os.environ.get(EXIT_HOOK)
    if not asked or part.first != 1:
        return
    name, _, marker = asked.partition(":")
    if os.path.basename(part.path) == name and marker and not os.path.exists(marker):
        with open(marker, "w", encoding="utf-8"):
            pass
        os._exit(70)


def threads(client: Any) -> int:
    """The worker threads of the cluster (at least 1): how many units run at once."""
    return max(1, sum(client.nthreads().values()))


def runner(client: Any) -> Runner:
    """A ``check_files`` runner that sends the units to ``client``'s cluster."""

    def run(parts: list[Part], expect: bool, options: Any) -> Iterator[FileReport | None]:
        ahead = IN_FLIGHT_PER_THREAD * threads(client)
        sent: deque[Any] = deque()
        units = iter(zip(parts, part_ends(parts), strict=True))

        def send() -> bool:
            unit = next(units, None)
            if unit is None:
                return False
            part, end = unit
            try:
                data = read_part(part, end)
            except OSError:  # checked here, where the error is reported as on one machine
                sent.append(None)
                return True
            sent.append(client.submit(check_unit, part, data, expect, options,
                                      pure=False, retries=RETRIES))
            return True

        while len(sent) < ahead and send():
            pass
        while sent:
            future = sent.popleft()
            send()
            yield None if future is None else _result(future)

    return run


def _result(future: Any) -> FileReport | None:
    """A unit's report, or None (checked here again) if its task failed for good."""
    try:
        return future.result()
    except Exception as exc:  # a task that kept failing, or a cluster that went away
        print(f"referee check: a work unit failed on the cluster ({type(exc).__name__}: "
              f"{exc}); its file is checked here", file=sys.stderr)
        return None


def connect(address: str, workers: int) -> Any:
    """A Dask client: ``local`` starts a ``LocalCluster`` of ``workers`` processes on
    127.0.0.1 without a dashboard; an existing file is a scheduler file; anything else is a
    scheduler address (``tcp://host:8786``). Raises ``ClusterError``."""
    require_dask()
    import logging

    from distributed import Client, LocalCluster

    # Workers coming and going are the cluster's business; a unit that fails is reported.
    logging.getLogger("distributed").setLevel(logging.ERROR)
    try:
        if address == LOCAL:
            import dask

            # A worker samples its threads' stacks every 10 ms for the dashboard's profile:
            # some 10 % of the CPU of a check, for a dashboard a local run does not have.
            dask.config.set({"distributed.worker.profile.enabled": False})
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   host="127.0.0.1", dashboard_address=None)
            return Client(cluster, set_as_default=False)
        if os.path.isfile(address):
            return Client(scheduler_file=address, timeout="10s", set_as_default=False)
        return Client(address, timeout="10s", set_as_default=False)
    except Exception as exc:  # an address that is not one, a scheduler that is not there
        where = "a local cluster" if address == LOCAL else f"the Dask scheduler at {address}"
        raise ClusterError(f"cannot reach {where}: {type(exc).__name__}: {exc}") from None


def on_cluster(address: str, workers: int, work: Callable[[int, Runner], int]) -> int:
    """``work(jobs, runner)`` with the runner of a client of ``address`` (``connect``), the
    files cut for the cluster's threads; the client (and a local cluster) closed after."""
    client = connect(address, workers)
    try:
        return work(max(2, threads(client)), runner(client))
    finally:
        close(client)


def close(client: Any) -> None:
    """Close ``client``, and the cluster it started for ``local``."""
    cluster = client.cluster
    client.close()
    if cluster is not None:
        cluster.close()
