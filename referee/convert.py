"""Converting records between TTN and the JSON form (``referee convert``'s library function)."""

from __future__ import annotations

import json
from collections.abc import Iterator

from referee.canonical import canonical_text

JSON_SUFFIXES = (".json", ".jsonl", ".ndjson")
"""File names read as the JSON form."""


def is_json_path(path: str) -> bool:
    """True for a file name of the JSON form (.json, .jsonl, .ndjson)."""
    return path.lower().endswith(JSON_SUFFIXES)


def convert_text(text: str, path: str, to: str, from_json: bool) -> Iterator[str]:
    """The converted text, in chunks (a JSON line per record, or canonical TTN).

    JSON to TTN refuses, with ``record.unwritable``, any record whose text would read back
    differently (referee.jsontext)."""
    if from_json:
        from referee.jsonform import iter_json_documents, record_from_json, record_to_json

        documents = iter_json_documents(text, path)
        if to == "ttn":
            from referee.jsontext import records_to_text

            yield records_to_text(documents, path)
            return
        for line, data in documents:
            yield json.dumps(record_to_json(record_from_json(data, path, line)),
                             ensure_ascii=False) + "\n"
    elif to == "json":
        from referee.canonical import with_trick_marks
        from referee.jsonform import record_to_json
        from referee.lookups import record_vocabulary
        from referee.notation.parser import gather, iter_items

        # The same events as the canonical text (tricks marked by replaying them), so that
        # text -> JSON -> text gives what fmt gives.
        for record in gather(with_trick_marks(iter_items(text, file=path,
                                                             vocabulary=record_vocabulary))):
            yield json.dumps(record_to_json(record), ensure_ascii=False) + "\n"
    else:
        yield canonical_text(text, path)
