"""``referee table``: the deals of an archive (or, with ``--plays``, its actions) as one table,
for pandas, polars or DuckDB: CSV (the standard library) or Parquet (pyarrow, the
``parquet`` extra, typed columns).

Every record is replayed as ``referee check`` replays it, so a deal's row holds what the
check found: points, game points, the match score after it, the outcome, the findings, and
what the deal was played for in its game's own words (the bidder, bid, trump and doubles of
the 28 family, Twenty-Five's turn-up, Avinas's declaration, Twenty-Two's damage). The columns
are the same for every game (those of other games empty), so files of several games make
one table; docs/corpora.md lists them. Rows are written as they are made: memory stays flat
however long the archive.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from referee.model.record import Deal, Event, RecordHeader, StreamItem
from referee.report.model import DealReport, FileReport, Finding, MatchReport
from referee.report.values import either, is_open, runs

FORMATS = ("csv", "parquet")
PARQUET_EXTRA = "parquet"
BATCH_ROWS = 10_000
"""Rows in each Parquet row group (and each chunk of CSV written)."""
FAMILY_28 = frozenset({"twenty-eight", "twenty-nine", "forty", "fifty-six"})
TRICK_KINDS = frozenset({"play", "call", "down"})
"""The actions that are laid in a trick (the others, bids and declarations, have no trick)."""


@dataclass(frozen=True, slots=True)
class Column:
    """A column: its name, its type (string, int, bool, map of team to int, runs: map of
    team to its possible values written as runs, list of strings) and what it holds."""

    name: str
    kind: str
    text: str


_WHERE = (
    Column("file", "string", "the file, as named on the command line (or found in a folder)"),
    Column("record", "int", "the record's place in its file, from 1"),
    Column("record_line", "int", "the line of the record's first tag"),
    Column("game", "string", "the game (twenty-eight, twenty-nine, forty, fifty-six, "
                             "twenty-five, avinas, twenty-two)"),
    Column("rules", "string", "the preset the record is played under"),
    Column("deal", "int", "the deal's number"),
)
_FINDINGS = (
    Column("errors", "int", "rule findings (errors)"),
    Column("notes", "int", "notes (what the referee could not check)"),
    Column("rule_ids", "list", "the rule ids of the errors and notes, in the order found "
                               "(a CSV cell: separated by spaces)"),
)
DEAL_COLUMNS: tuple[Column, ...] = (
    *_WHERE,
    Column("dealer", "string", "the dealer's seat"),
    Column("points", "map", "card points (or the game's measure) per team or player "
                            "(a CSV cell: a JSON object)"),
    Column("game_points", "map", "the change of the match score per team or player"),
    Column("score", "map", "the match score after the deal"),
    Column("point_sets", "runs", "when some cards were not seen: the teams whose points are "
                                 "open, with every value they may have as runs (14-18, "
                                 "29, 31-33); those teams are left out of points"),
    Column("game_point_sets", "runs", "the same for the game points"),
    Column("score_sets", "runs", "the same for the match score after the deal"),
    Column("outcomes", "string", "when more than one outcome is possible, all of them in "
                                 "words (made or failed)"),
    Column("presumed", "bool", "whether the open values are those of the unseen cards that "
                               "make every play that could not be checked legal"),
    Column("outcome", "string", "how the deal ended, in words"),
    Column("scored", "bool", "whether the deal changed the match score's count of deals "
                             "(false: void, annulled, not scored)"),
    Column("disputed", "bool", "whether the record's own result lines disagree with the "
                               "referee's"),
    Column("unchecked", "string", "why the replay stopped early, if it did"),
    *_FINDINGS,
    Column("bidder", "string", "the 28 family: the bidder (Avinas: the declarer)"),
    Column("bid", "int", "the 28 family: the winning bid (Avinas: the no-sevens bid)"),
    Column("target", "int", "the 28 family: the points the bidder's side needs"),
    Column("trump", "string", "the trump suit (28 family, Twenty-Five, Avinas)"),
    Column("doubles", "int", "the 28 family: the stake's multiplier (1, 2 doubled, 4 "
                             "redoubled, ...)"),
    Column("single", "string", "the 28 family: who played a single hand"),
    Column("seventh", "bool", "the 28 family: trumps chosen by the seventh card"),
    Column("pair", "string", "the 28 family: who showed the pair"),
    Column("c", "string", "Twenty-Nine: who said C"),
    Column("show", "string", "the 28 family: the bidder who showed his hand"),
    Column("made", "bool", "whether the contract (or Avinas's declaration) was made"),
    Column("penalty", "bool", "the 28 family: the misplay penalty, not the cards, decided "
           "whether the contract was made"),
    Column("turnup", "string", "Twenty-Five: the turned-up card"),
    Column("robbed_by", "string", "Twenty-Five: who robbed the turn-up"),
    Column("declarer", "string", "Avinas: the declarer"),
    Column("sevens", "int", "Avinas: the sevens exposed"),
    Column("multiplier", "int", "Avinas: the knocks' multiplier"),
    Column("false_bid", "bool", "Avinas: a false bid"),
    Column("pips", "int", "Avinas: the no-sevens game's pips"),
    Column("rams", "int", "Avinas: the sevens game's rams"),
    Column("rams_to", "string", "Avinas: who received the rams"),
    Column("size", "int", "Twenty-Two: the cards dealt to each player"),
    Column("stock", "int", "Twenty-Two: the cards left in the stock"),
    Column("losers", "list", "Twenty-Two: the deal's losers"),
    Column("damage", "int", "Twenty-Two: the damage each loser took"),
    Column("died", "list", "Twenty-Two: who died in the deal"),
    Column("alive", "list", "Twenty-Two: who is left alive"),
)
PLAY_COLUMNS: tuple[Column, ...] = (
    *_WHERE,
    Column("index", "int", "the action's place in its deal, from 1"),
    Column("line", "int", "the action's line"),
    Column("column", "int", "the action's column"),
    Column("trick", "int", "the trick a card (or call) is laid in, from 1; empty for bids "
                           "and declarations"),
    Column("seat", "string", "who acted (empty for the table's turn-up)"),
    Column("kind", "string", "the action: bid, pass, play, trump, double, ..."),
    Column("action", "string", "the action as the record writes it (N 16, E QS)"),
    Column("cards", "list", "the cards played, laid or discarded (then those drawn, in "
                            "an exchange)"),
    Column("value", "string", "a bid's value or a named suit"),
    *_FINDINGS,
)
_CONTRACT_NAMES_28 = {"multiplier": "doubles"}
"""The 28 family's multiplier is its doubles (Avinas's is its knocks)."""


def columns(plays: bool = False) -> tuple[Column, ...]:
    """The table's columns, in order."""
    return PLAY_COLUMNS if plays else DEAL_COLUMNS


def table_rows(paths: Iterable[str], plays: bool = False,
               unreadable: list[FileReport] | None = None) -> Iterator[dict[str, Any]]:
    """A row (column name -> value) per deal of every file (per action, with ``plays``), in
    order. A file that cannot be read gives the rows of the records read before the
    problem; its report (the error) is added to ``unreadable``."""
    for path in paths:
        report = FileReport("<stdin>" if path == "-" else path)
        yield from _file_rows(path, report, plays)
        if report.failure is not None and unreadable is not None:
            unreadable.append(report)


def _file_rows(path: str, report: FileReport, plays: bool) -> Iterator[dict[str, Any]]:
    from referee.pipeline.checking import set_failure, set_syntax_errors

    syntax: list[Any] = []
    try:
        items = _items(path, syntax, plays)
        yield from _rows(report.path, items, syntax, plays)
        set_syntax_errors(report, syntax)
    except Exception as exc:  # said as check says it, and the other files go on
        set_failure(report, exc, path, syntax)


def _items(path: str, syntax: list[Any], plays: bool) -> Iterable[StreamItem]:
    """The file's records as a stream (TTN, or the JSON form by the file's name), tricks
    marked by replaying them when each action's trick is asked for."""
    import sys

    from referee.catalogue.lookups import record_vocabulary
    from referee.notation.parser import iter_file, iter_stream
    from referee.pipeline.convert import is_json_path

    items: Iterable[StreamItem]
    if is_json_path(path):
        from referee.notation.jsonform import iter_json_records
        from referee.pipeline.checking import read_text

        items = _flattened(iter_json_records(read_text(path, json=True), path))
    elif path == "-":
        items = iter_stream(sys.stdin.buffer, "<stdin>", syntax, comments=False,
                            vocabulary=record_vocabulary)
    else:
        items = iter_file(path, syntax, comments=False, vocabulary=record_vocabulary)
    if plays:
        from referee.replay.canonical import with_trick_marks

        items = with_trick_marks(items)
    return items


def _flattened(records: Iterable[Any]) -> Iterator[StreamItem]:
    for record in records:
        yield record.header
        yield from record.deals


def _rows(path: str, items: Iterable[StreamItem], syntax: list[Any],
          plays: bool) -> Iterator[dict[str, Any]]:
    """The rows of a stream's matches, as each ends."""
    from referee.replay.replay import replay_stream

    records: deque[list[Deal]] = deque()

    def tap() -> Iterator[StreamItem]:
        for item in items:
            if isinstance(item, RecordHeader):
                records.append([])
            elif records and plays:
                records[-1].append(item)
            yield item

    for number, match in enumerate(replay_stream(tap()), 1):
        deals = records.popleft() if records else []
        if syntax and any(error.record_line == match.line for error in syntax):
            continue  # a deal of this record could not be read: its match is not judged
        where = {"file": path, "record": number, "record_line": match.line,
                 "game": match.game, "rules": match.preset}
        if plays:
            for deal, report in zip(deals, match.deals, strict=False):
                yield from _play_rows(where, deal, report)
        else:
            for report in match.deals:
                yield _deal_row(where, match, report)


def _deal_row(where: dict[str, Any], match: MatchReport, report: DealReport) -> dict[str, Any]:
    row = dict(where, deal=report.number, dealer=report.dealer, unchecked=report.unchecked)
    row.update(_findings(report.findings))
    result = report.result
    if result is None:
        return row
    row.update(points=_exact(result.points, result.point_sets),
               game_points=_exact(result.game_points, result.game_point_sets),
               score=_exact(result.score, result.score_sets), outcome=result.outcome,
               scored=result.scored, disputed=result.disputed)
    if is_open(result) or result.presumed:
        row.update(point_sets=_runs(result.point_sets),
                   game_point_sets=_runs(result.game_point_sets, signed=True),
                   score_sets=_runs(result.score_sets),
                   outcomes=either(result.outcomes) or None, presumed=result.presumed)
    names = _CONTRACT_NAMES_28 if match.game in FAMILY_28 else {}
    for key, value in result.contract.as_dict().items():
        row[names.get(key, key)] = value
    return row


def _exact(values: dict[str, int], sets: dict[str, tuple[int, ...]]) -> dict[str, int]:
    """The teams whose value is exact (an open team's value is in its ``*_sets`` column)."""
    return {team: value for team, value in values.items() if team not in sets}


def _runs(sets: dict[str, tuple[int, ...]], signed: bool = False) -> dict[str, str]:
    return {team: runs(values, signed) for team, values in sets.items()}


def _findings(findings: list[Finding]) -> dict[str, Any]:
    errors = sum(1 for finding in findings if finding.severity == "error")
    return {"errors": errors, "notes": len(findings) - errors,
            "rule_ids": [finding.rule for finding in findings]}


def _play_rows(where: dict[str, Any], deal: Deal, report: DealReport
               ) -> Iterator[dict[str, Any]]:
    from referee.notation.writer import format_action

    at: dict[tuple[int, int], list[Finding]] = {}
    for finding in report.findings:
        at.setdefault((finding.span.line, finding.span.column), []).append(finding)
    trick: int | None = None
    index = 0
    for item in deal.items:
        if not isinstance(item, Event):
            continue
        index += 1
        action, span = item.action, item.span
        if item.trick is not None:
            trick = item.trick
        value = action.value
        row = dict(where, deal=report.number, index=index, line=span.line or None,
                   column=span.column or None,
                   trick=trick if action.kind in TRICK_KINDS else None, seat=action.seat,
                   kind=action.kind, action=format_action(action),
                   cards=[*action.cards, *action.drawn],
                   value=None if value is None else str(value))
        row.update(_findings(at.get((span.line, span.column), [])))
        yield row


# -- writing ---------------------------------------------------------------------------------


def csv_chunks(rows: Iterable[dict[str, Any]], plays: bool = False) -> Iterator[str]:
    """The table as CSV text (a header row, then a row each), in chunks: empty cells for no
    value, ``true``/``false``, lists separated by spaces, maps as JSON objects."""
    import csv
    import io

    names = [column.name for column in columns(plays)]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(names)
    for count, row in enumerate(rows, 1):
        writer.writerow([_cell(row.get(name)) for name in names])
        if count % BATCH_ROWS == 0:
            yield buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()
    yield buffer.getvalue()


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    if isinstance(value, list | tuple):
        return " ".join(str(item) for item in value)
    return str(value)


class ParquetMissing(Exception):
    """pyarrow is not installed."""


def arrow_schema(plays: bool = False) -> Any:
    """The table's columns as a pyarrow schema (typed columns)."""
    try:
        import pyarrow as pa
    except ImportError:
        raise ParquetMissing(f"Parquet needs pyarrow: pip install 'referee[{PARQUET_EXTRA}]'"
                             ) from None
    types = {"string": pa.string(), "int": pa.int64(), "bool": pa.bool_(),
             "map": pa.map_(pa.string(), pa.int64()),
             "runs": pa.map_(pa.string(), pa.string()), "list": pa.list_(pa.string())}
    return pa.schema([pa.field(column.name, types[column.kind]) for column in columns(plays)])


def write_parquet(path: str, rows: Iterable[dict[str, Any]], plays: bool = False) -> None:
    """Write the table to ``path`` as Parquet, a row group at a time, atomically (a
    temporary file beside it, then a rename: referee.notation.fileio)."""
    from referee.notation.fileio import atomic_path

    schema = arrow_schema(plays)
    import pyarrow as pa
    import pyarrow.parquet as pq

    maps = [column.name for column in columns(plays) if column.kind in ("map", "runs")]
    with atomic_path(path) as temp, pq.ParquetWriter(temp, schema) as writer:
        batch: list[dict[str, Any]] = []
        written = False
        for row in rows:
            for name in maps:  # pyarrow takes a map as its (key, value) pairs
                if row.get(name) is not None:
                    row[name] = list(row[name].items())
            batch.append(row)
            if len(batch) == BATCH_ROWS:
                writer.write_batch(pa.RecordBatch.from_pylist(batch, schema=schema))
                batch, written = [], True
        if batch or not written:  # an empty table still has its columns
            writer.write_batch(pa.RecordBatch.from_pylist(batch, schema=schema))
