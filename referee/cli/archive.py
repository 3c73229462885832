"""The options of ``referee check`` for archives and clusters (``--baseline``,
``--write-baseline``, ``--duplicates``, ``--cache-dir``, ``--no-cache``, ``--dask``), and
the run of ``check`` on a Dask cluster: kept apart from referee/cli/app.py, which declares the
commands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer

from referee.cli.output import EXIT_UNREADABLE, echo_err

BaselineOption = Annotated[str | None, typer.Option(
    "--baseline", metavar="FILE", show_default=False,
    help="Report only the findings that this baseline does not hold (one for one), and say "
         "how many it matched and how many of its findings no longer occur.")]
WriteBaselineOption = Annotated[str | None, typer.Option(
    "--write-baseline", metavar="FILE", show_default=False,
    help="Write every finding reported to this baseline file (JSON, "
         "schemas/baseline.schema.json), atomically.")]
DuplicatesOption = Annotated[str | None, typer.Option(
    "--duplicates", metavar="[=error]", show_default=False,
    help="Report every deal that appears again in the files checked (record.duplicate): a "
         "note, or an error with --duplicates=error. Memory grows with the deals checked (a "
         "key each).")]
DaskOption = Annotated[str | None, typer.Option(
    "--dask", metavar="ADDRESS", show_default=False,
    help="Check on a Dask cluster: a scheduler address (tcp://host:8786), a scheduler file, "
         "or 'local' for a cluster of --jobs worker processes on this machine (auto by "
         "default). The files are read here and sent; the report is the same as with one "
         "process. Needs pip install 'referee[dask]'.")]
CacheDirOption = Annotated[str | None, typer.Option(
    "--cache-dir", metavar="DIR", show_default=False,
    help="Keep each file's report in this folder, and reuse it while the file, the settings "
         "and referee are unchanged (settings: cache = true).")]
NoCacheOption = Annotated[bool, typer.Option(
    "--no-cache", help="Use no result cache, whatever the settings say.")]


def check_on_cluster(address: str, jobs: str, work: Callable[[int, Any], int]) -> int:
    """``check --dask ADDRESS``: ``work(jobs, runner)`` (the run of ``check``) with its units
    on a Dask cluster; a usage error, or a cluster that cannot be reached, is exit code 2."""
    from referee.cli.help import parse_jobs
    from referee.pipeline import cluster

    if address != cluster.LOCAL and jobs != "1":
        echo_err("referee check: --jobs sets the workers of '--dask local' only; a cluster "
                 f"at {address} has the workers it has")
        return EXIT_UNREADABLE
    try:
        return cluster.on_cluster(address, parse_jobs("auto" if jobs == "1" else jobs), work)
    except cluster.ClusterError as exc:
        echo_err(f"referee check: {exc}")
        return EXIT_UNREADABLE
