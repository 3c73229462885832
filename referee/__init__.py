"""referee: a rules referee for trick-taking card games recorded in TTN.

A json-module-style API::

    records = referee.load(open("match.ttn"))   # or load("match.ttn"), loads(text)
    text = referee.dumps(records)            # canonical TTN
    data = referee.to_json(records[0])       # the JSON form (schemas/record.schema.json)
    report = referee.check("match.ttn")      # findings, deal results, match result
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from referee.model.errors import NotationSyntaxError, RecordError, RefereeError
from referee.model.record import Record
from referee.version import __version__

if TYPE_CHECKING:
    from referee.report.model import FileReport

__all__ = [
    "NotationSyntaxError", "Record", "RecordError", "RefereeError", "__version__", "check",
    "check_many", "dump", "dumps", "from_json", "load", "loads", "to_json",
]


def loads(text: str, file: str = "<string>") -> list[Record]:
    """Parse every record in ``text``."""
    from referee.catalogue.lookups import record_vocabulary
    from referee.notation.parser import parse_records

    return parse_records(text, file, record_vocabulary)


def load(fp: IO[str] | str | Path) -> list[Record]:
    """Parse every record of an open text file ``fp`` (as ``json.load``), or of the file at
    a path."""
    from referee.catalogue.lookups import record_vocabulary
    from referee.notation.parser import read_records

    if hasattr(fp, "read"):
        return loads(fp.read(), str(getattr(fp, "name", "<string>")))
    return read_records(fp, record_vocabulary)


def dumps(records: Record | list[Record]) -> str:
    """Canonical TTN text of one record or several (each in its game's layout and spelling;
    a record of no known game as it holds its actions)."""
    from referee.replay.canonical import records_text

    return records_text([records] if isinstance(records, Record) else records)


def dump(records: Record | list[Record], fp: IO[str] | str | Path) -> None:
    """Write canonical TTN to an open text file ``fp`` (as ``json.dump``), or to the file at
    a path (atomically: a temporary file, then a rename)."""
    if hasattr(fp, "write"):
        fp.write(dumps(records))
        return
    from referee.notation.fileio import write_atomic

    write_atomic(fp, dumps(records))


def to_json(record: Record) -> dict[str, Any]:
    """The JSON form of a record (actions in its game's spelling, as ``dumps``)."""
    from referee.notation.jsonform import record_to_json
    from referee.replay.canonical import game_spelling

    return record_to_json(record, game_spelling(record.header))


def from_json(data: dict[str, Any]) -> Record:
    """A record from its JSON form (validated against schemas/record.schema.json)."""
    from referee.notation.jsonform import record_from_json

    return record_from_json(data)


def check(path: str | Path, expect: bool = False):
    """Referee the file at ``path`` (TTN, or the JSON form for a .json, .jsonl or .ndjson
    file): a ``FileReport`` (errors are caught into it)."""
    from referee.pipeline.checking import check_file
    from referee.pipeline.reading import is_json_path

    return check_file(path, expect=expect, json=is_json_path(str(path)))


def check_many(paths: Iterable[str | Path], expect: bool = False, jobs: int = 1,
               client: Any = None, cache_dir: str | Path | None = None,
               baseline: str | Path | None = None, write_baseline: str | Path | None = None,
               duplicates: str | None = None) -> Iterator[FileReport]:
    """Referee every file named (folders walked for ``*.ttn``), in path order: the
    ``FileReport`` that ``check`` gives of each, as each is done.

    ``jobs`` worker processes share the files (large files cut at their records), or, given
    a ``dask.distributed`` ``Client``, the tasks of its cluster do (the files are read here
    and sent, so the workers need referee installed but not the files). ``cache_dir``, if
    given, is a result cache: a file unchanged since it was stored there is not refereed
    again (``referee check --cache-dir``). ``baseline``, ``write_baseline`` and
    ``duplicates`` ("note" or "error") do what ``referee check``'s options of those names
    do: findings a baseline holds move to each match's ``baselined`` list, ``; referee:
    accept`` comments apply first, and the baseline file is written once every report has
    been taken. A baseline that cannot be read raises ``referee.archive.baseline.
    BaselineError``.
    """
    from referee.pipeline.checking import sorted_paths
    from referee.pipeline.parallel import check_files

    runner = None
    if client is not None:
        from referee.pipeline import cluster

        runner, jobs = cluster.runner(client), max(2, cluster.threads(client))
    options = archive = None
    if baseline is not None or write_baseline is not None or duplicates is not None:
        from referee.archive.run import archive_run
        from referee.pipeline.options import CheckOptions

        # no format: the workers send whole reports back, as for check()
        options = CheckOptions(format="", baseline=_name(baseline),
                               write_baseline=_name(write_baseline), duplicates=duplicates)
        archive = archive_run(options)
    cache = None
    if cache_dir is not None:
        from referee.archive.cache import ResultCache

        cache = ResultCache.open(cache_dir, options, expect, options is not None)
    reports = check_files(sorted_paths(paths), expect, jobs, options=options, runner=runner,
                          cache=cache)
    return reports if archive is None else _with_archive(reports, archive)


def _name(path: str | Path | None) -> str | None:
    return None if path is None else str(path)


def _with_archive(reports: Iterator[FileReport], archive: Any) -> Iterator[FileReport]:
    """``reports`` with the baseline and duplicate checks applied, in order; the baseline
    asked for is written at the end."""
    for report in reports:
        for match in report.matches:
            archive.on_match(report.path, match)
        yield report
    archive.finish(__version__)
