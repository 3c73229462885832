"""Converting records between TTN and the JSON form (``referee convert``'s library function)."""

from __future__ import annotations

import json
from collections.abc import Iterator

from referee.canonical import canonical_text, with_trick_marks
from referee.notation.parser import gather, iter_items
from referee.notation.writer import write_items

JSON_SUFFIXES = (".json", ".jsonl", ".ndjson")
"""File names read as the JSON form."""


def is_json_path(path: str) -> bool:
    """True for a file name of the JSON form (.json, .jsonl, .ndjson)."""
    return path.lower().endswith(JSON_SUFFIXES)


def convert_text(text: str, path: str, to: str, from_json: bool) -> Iterator[str]:
    """The converted text, in chunks: ``to`` "json" gives a JSON line per record, "ttn"
    canonical TTN; ``from_json``: ``text`` is records in the JSON form."""
    records = None
    if from_json:
        from referee.jsonform import iter_json_records

        records = iter_json_records(text, path)
    if to == "json":
        from referee.jsonform import record_to_json

        if records is None:
            # The same events as the canonical text (tricks marked by replaying them), so
            # that text -> JSON -> text gives what fmt gives.
            records = gather(with_trick_marks(iter_items(text, file=path)))
        for record in records:
            yield json.dumps(record_to_json(record), ensure_ascii=False) + "\n"
    elif records is None:
        yield canonical_text(text, path)
    else:
        yield from write_items(item for record in records
                               for item in (record.header, *record.deals))
