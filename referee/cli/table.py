"""``referee table``'s run: the format from ``--format`` or the output's extension, the rows
written (atomically to a file, or CSV to standard output), unreadable files shown on standard
error; exit 0, or 2 for unreadable input or a usage error."""

from __future__ import annotations

import os
import sys

from referee.cli.output import EXIT_OK, EXIT_UNREADABLE
from referee.cli.output import echo_err as _echo_err

EXTENSIONS = {".csv": "csv", ".parquet": "parquet", ".pq": "parquet"}


class TableUsageError(ValueError):
    """A format that cannot be told or written where asked."""


def table_format(output: str | None, given: str | None) -> str:
    """The format to write: ``given`` (csv or parquet), else the output's extension, else
    CSV; ``TableUsageError`` where that cannot be."""
    from referee.archive.table import FORMATS
    from referee.catalogue.lookups import suggest

    if given is not None:
        if given not in FORMATS:
            raise TableUsageError(f"unknown format '{given}'{suggest(given, FORMATS)} "
                                  f"(formats: {', '.join(FORMATS)})")
        fmt = given
    elif output is None or output == "-":
        fmt = "csv"
    else:
        extension = os.path.splitext(output)[1].lower()
        if extension not in EXTENSIONS:
            raise TableUsageError(f"cannot tell the format of {output} from its extension "
                                  "(.csv, .parquet): give --format csv or --format parquet")
        fmt = EXTENSIONS[extension]
    if fmt == "parquet" and (output is None or output == "-"):
        raise TableUsageError("Parquet is written to a file: give -o FILE.parquet")
    return fmt


def run_table(files: list[str], output: str | None, given: str | None, plays: bool) -> int:
    """Write the table of ``files`` and return the exit code."""
    from referee.archive.table import ParquetMissing, arrow_schema, csv_chunks, table_rows
    from referee.notation.fileio import write_atomic
    from referee.pipeline.checking import sorted_paths
    from referee.report.text import render_error, use_color

    try:
        fmt = table_format(output, given)
        if fmt == "parquet":
            arrow_schema(plays)  # pyarrow is there, before anything is read
    except (TableUsageError, ParquetMissing) as exc:
        _echo_err(f"referee table: {exc}")
        return EXIT_UNREADABLE
    notes: list[str] = []
    paths = sorted_paths(files, notes)
    for note in notes:
        _echo_err(note)
    if not paths:
        _echo_err("referee table: no .ttn files found in " + " ".join(files))
        return EXIT_UNREADABLE
    unreadable: list = []
    rows = table_rows(paths, plays, unreadable)
    try:
        if fmt == "parquet":
            from referee.archive.table import write_parquet

            write_parquet(str(output), rows, plays)
        else:
            write_atomic(output or "-", csv_chunks(rows, plays))
    except OSError as exc:
        _echo_err(f"referee table: cannot write {output}: {exc.strerror or exc}")
        return EXIT_UNREADABLE
    color = use_color(sys.stderr, "auto")
    for report in unreadable:
        _echo_err(render_error(report, color))
    return EXIT_UNREADABLE if unreadable else EXIT_OK
