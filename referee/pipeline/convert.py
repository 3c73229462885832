"""Converting records between TTN and the JSON form (``referee convert``'s library function)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from referee.model.errors import RecordError, RefereeError
from referee.pipeline.defaults import HeaderDefaults as HeaderHook
from referee.pipeline.reading import JSON_SUFFIXES, is_json_path, with_defaults, without_given_tags
from referee.replay.canonical import canonical_text, game_spelling, in_game_spelling

__all__ = ["JSON_SUFFIXES", "canonical_with_defaults", "convert_text", "is_json_path"]


def convert_text(text: str, path: str, to: str, from_json: bool,
                 header_hook: HeaderHook | None = None, view: str | None = None
                 ) -> Iterator[str]:
    """The converted text, in chunks (a JSON line per record, or canonical TTN).

    JSON to TTN refuses, with ``record.unwritable``, any record whose text would read back
    differently (referee.replay.jsontext). ``header_hook`` (``--game``, ``--rules``, ``--option``
    and the settings) gives a TTN record the tags it lacks while its tricks are found; they
    are not written out (referee.pipeline.reading). ``view`` (``--as SEAT``) writes each
    record as that seat saw it (referee.replay.viewpoint)."""
    if from_json:
        from referee.notation.jsonform import iter_json_documents, record_from_json, record_to_json

        documents = iter_json_documents(text, path)
        if view is not None:
            documents = viewed_documents(documents, path, view)
        if to == "ttn":
            from referee.replay.jsontext import records_to_text

            yield records_to_text(documents, path)
            return
        for line, data in documents:
            record = record_from_json(data, path, line)
            yield json.dumps(record_to_json(record, game_spelling(record.header)),
                             ensure_ascii=False) + "\n"
    elif view is not None:
        yield from viewed_text(text, path, to, view, header_hook)
    elif to == "json":
        from referee.catalogue.lookups import record_vocabulary
        from referee.notation.jsonform import record_to_json
        from referee.notation.parser import gather, iter_items
        from referee.replay.canonical import with_trick_marks

        # The same events as the canonical text (tricks marked by replaying them), so that
        # text -> JSON -> text gives what fmt gives.
        items = with_defaults(iter_items(text, file=path, vocabulary=record_vocabulary),
                              header_hook)
        for record in gather(without_given_tags(in_game_spelling(with_trick_marks(items)))):
            yield json.dumps(record_to_json(record), ensure_ascii=False) + "\n"
    elif header_hook is None:
        yield canonical_text(text, path)
    else:
        yield canonical_with_defaults(text, path, header_hook)


def canonical_with_defaults(text: str, path: str, header_hook: HeaderHook) -> str:
    """``canonical_text``, the tricks found with the tags ``header_hook`` gives each record
    that lacks them (a record without a Game tag under ``--game``); those tags are not
    written."""
    from referee.notation.parser import iter_items
    from referee.notation.writer import write_items
    from referee.replay.canonical import with_trick_marks

    items = with_defaults(iter_items(text, file=path), header_hook)
    try:
        return "".join(write_items(without_given_tags(in_game_spelling(with_trick_marks(items)))))
    except RefereeError as exc:
        if exc.code == "ttn.encoding":
            raise
        raise exc.in_file(exc.file, text) from None


def viewed_documents(documents: Iterable[tuple[int, dict[str, Any]]], path: str, seat: str
                     ) -> Iterator[tuple[int, dict[str, Any]]]:
    """Records in the JSON form, each as ``seat`` saw it (still in the JSON form, with its
    line in ``path``)."""
    from referee.notation.jsonform import record_from_json, record_to_json
    from referee.replay.viewpoint import view_of

    for line, data in documents:
        try:
            record = view_of(record_from_json(data, path, line), seat)
        except RecordError as exc:  # a JSON record has no lines: its document's line
            raise (exc if exc.line else exc.at(line, 1)) from None
        yield line, record_to_json(record, game_spelling(record.header))


def viewed_text(text: str, path: str, to: str, seat: str,
                header_hook: HeaderHook | None = None) -> Iterator[str]:
    """The records of TTN ``text`` as ``seat`` saw them, as canonical TTN or JSON Lines (the
    tricks marked by replaying the whole record first; tags given by ``header_hook`` are not
    written)."""
    from referee.catalogue.lookups import record_vocabulary
    from referee.notation.jsonform import record_to_json
    from referee.notation.parser import gather, iter_items
    from referee.notation.writer import write_items
    from referee.replay.canonical import table_seats, with_trick_marks
    from referee.replay.viewpoint import view_items

    items = with_defaults(iter_items(text, file=path, vocabulary=record_vocabulary),
                          header_hook)
    viewed = without_given_tags(in_game_spelling(view_items(with_trick_marks(items), seat)))
    if to == "json":
        for record in gather(viewed):
            yield json.dumps(record_to_json(record), ensure_ascii=False) + "\n"
        return
    try:
        yield "".join(write_items(viewed, table_seats))
    except RefereeError as exc:
        if exc.code == "ttn.encoding":
            raise
        raise exc.in_file(exc.file, text) from None
