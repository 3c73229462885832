"""JSON form -> TTN text that reads back as the same records, or a located refusal.

The JSON schema admits documents that no text can say (a comment holding ``}``, a seat
named ``pass``, a hand without cards, ...). ``convert`` writes none of them: it refuses each
with ``record.unwritable``, naming the JSON line and path and why. Specific checks name the
common cases; every written text is then read back and compared with its documents, so
nothing else can slip through either.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

from referee.model.errors import RecordError, RefereeError
from referee.model.limits import MAX_NUMBER_DIGITS
from referee.model.record import Record
from referee.notation.jsonform import record_from_json, record_to_json
from referee.notation.writer import sorted_tags

_UNSAFE_VALUE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
"""What a tag value cannot hold: control characters but tab (line breaks included),
surrogates."""
_UNSAFE_COMMENT = re.compile("[\x00\r\ud800-\udfff]")
"""What no comment can hold: NUL (not text), a carriage return (read as a line break),
a surrogate (not UTF-8)."""


@cache
def _seat_pattern() -> re.Pattern[str]:
    """The grammar's own SEAT terminal: no keyword, nothing spelled like a card."""
    from referee.notation.parser import lark_parser

    return re.compile(lark_parser().lark.get_terminal("SEAT").pattern.to_regexp())


def unwritable(data: dict[str, Any]) -> tuple[str, str] | None:
    """The JSON path and the reason of the first thing in a record's JSON form that TTN text
    cannot say, or None."""
    if not data.get("tags"):
        return "$.tags", "a record needs at least one tag, or its text would not read"
    for problem in _problems(data):
        return problem
    return None


def _problems(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    yield from _comment_problems("$", data)
    for i, tag in enumerate(data["tags"]):
        yield from _comment_problems(f"$.tags[{i}]", tag)
        for j, value in enumerate(tag["values"]):
            found = _UNSAFE_VALUE.search(value)
            if found:
                yield (f"$.tags[{i}].values[{j}]",
                       f"a tag value cannot hold U+{ord(found.group()):04X} "
                       "(a control character or a line break)")
    for d, deal in enumerate(data["deals"]):
        where = f"$.deals[{d}]"
        yield from _comment_problems(where, deal)
        yield from _number_problems(f"{where}.number", deal["number"])
        if "dealer" in deal:
            yield from _seat_problems(f"{where}.dealer", deal["dealer"])
        for seat, rounds in deal["hands"].items():
            yield from _seat_problems(f"{where}.hands.{seat}", seat)
            cards = [card for round_ in rounds for card in round_]
            if not cards:
                yield f"{where}.hands.{seat}", "a hand line needs at least one card"
        for seat, comments in deal.get("hand_comments", {}).items():
            yield from _comment_problems(f"{where}.hand_comments.{seat}", {"comments": comments})
        for e, event in enumerate(deal["events"]):
            yield from _event_problems(f"{where}.events[{e}]", event)


def _event_problems(where: str, event: dict[str, Any]) -> Iterator[tuple[str, str]]:
    yield from _comment_problems(where, event)
    if "seat" in event:
        yield from _seat_problems(f"{where}.seat", event["seat"])
    for key in ("value", "trick"):
        if isinstance(event.get(key), int):
            yield from _number_problems(f"{where}.{key}", event[key])
    for v, (team, value) in enumerate(event.get("values", [])):
        yield from _seat_problems(f"{where}.values[{v}][0]", team)
        yield from _number_problems(f"{where}.values[{v}][1]", value)


def _comment_problems(where: str, data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    for c, comment in enumerate(data.get("comments", [])):
        text, kind = comment["text"], comment.get("kind", "brace")
        path = f"{where}.comments[{c}].text"
        found = _UNSAFE_COMMENT.search(text)
        if found:
            yield path, f"a comment cannot hold U+{ord(found.group()):04X}"
        elif kind == "brace" and "}" in text:
            yield path, "a brace comment cannot hold '}' (it would end the comment there)"
        elif kind == "line" and "\n" in text:
            yield path, "a ';' comment cannot hold a line break (it ends at the line's end)"


def _seat_problems(where: str, seat: str) -> Iterator[tuple[str, str]]:
    if not _seat_pattern().fullmatch(seat):
        yield where, f"'{seat}' cannot be written as a seat: it is a keyword or spelled like a card"


def _number_problems(where: str, number: int) -> Iterator[tuple[str, str]]:
    if abs(number) >= 10 ** MAX_NUMBER_DIGITS:
        yield where, f"a number of more than {MAX_NUMBER_DIGITS} digits (limit)"


def records_to_text(documents: Iterable[tuple[int, dict[str, Any]]], where: str, *,
                    check_schema: bool = True) -> str:
    """TTN text for records in the JSON form, given with their line in ``where``;
    ``record.json`` for a document the schema refuses (unless ``check_schema`` is off, for
    documents referee made itself), ``record.unwritable`` for anything the text would not
    say the same."""
    records: list[tuple[int, Record]] = []
    for line, data in documents:
        record = record_from_json(data, where, line, check_schema=check_schema)
        problem = unwritable(data)
        if problem is not None:
            raise _refusal(where, line, *problem)
        records.append((line, record))
    from referee.replay.canonical import records_text

    text = records_text(record for _, record in records)
    _read_back(text, records, where)
    return text


def _read_back(text: str, records: list[tuple[int, Record]], where: str) -> None:
    """Refuse, at the first record that differs, a text that does not read back the same."""
    from referee.notation.parser import parse_records

    try:
        back = [_to_json(record) for record in parse_records(text)]
    except RefereeError as exc:
        index = _record_at(text, exc.line, len(records))
        raise _refusal(where, records[index][0], "$",
                       f"its text would not read back ({exc.code}: {exc.message})") from None
    for index, (line, record) in enumerate(records):
        wanted = without_columns(_as_written(record))
        got = without_columns(back[index]) if index < len(back) else None
        if got != wanted:
            path, reason = _difference("$", wanted, got)
            raise _refusal(where, line, path, reason)
    if len(back) > len(records):  # pragma: no cover - every record was compared above
        raise _refusal(where, records[-1][0], "$", "its text would read as more records")


def _as_written(record: Record) -> dict[str, Any]:
    """The JSON form the writer's text should read back as (tags in the writer's order)."""
    data = _to_json(record)
    order = {id(tag): i for i, tag in enumerate(sorted_tags(record.header.tags))}
    ranked = sorted(zip(record.header.tags, data["tags"], strict=True),
                    key=lambda pair: order[id(pair[0])])
    data["tags"] = [entry for _, entry in ranked]
    return data


def _to_json(record: Record) -> dict[str, Any]:
    """The JSON form of ``record``, its actions in its game's spelling (as the text writes
    them)."""
    from referee.replay.canonical import game_spelling

    return record_to_json(record, game_spelling(record.header))


def without_columns(data: Any) -> Any:
    """``data`` without the comments' ``column``: where a comment was aligned is a matter of
    layout, which the writer follows as far as the text before the comment allows."""
    if isinstance(data, list):
        return [without_columns(item) for item in data]
    if isinstance(data, dict):
        return {key: without_columns(value) for key, value in data.items()
                if not (key == "column" and "text" in data)}
    return data


def _record_at(text: str, line: int, count: int) -> int:
    """Which record of the written ``text`` holds ``line`` (each opens with a run of tags)."""
    index = -1
    previous = ""
    for written in text.split("\n")[:line]:
        if written.startswith("[") and not previous.startswith("["):
            index += 1
        previous = written
    return min(max(index, 0), count - 1)


def _difference(path: str, wanted: Any, got: Any) -> tuple[str, str]:
    """The first JSON path where ``got`` differs from ``wanted``, and how."""
    if isinstance(wanted, dict) and isinstance(got, dict):
        for key in list(wanted) + [k for k in got if k not in wanted]:
            if wanted.get(key) != got.get(key):
                return _difference(f"{path}.{key}", wanted.get(key), got.get(key))
    if isinstance(wanted, list) and isinstance(got, list):
        for i in range(max(len(wanted), len(got))):
            a = wanted[i] if i < len(wanted) else None
            b = got[i] if i < len(got) else None
            if a != b:
                return _difference(f"{path}[{i}]", a, b)
    return path, (f"its text would read back as {_short(got)} instead of {_short(wanted)}")


def _short(value: Any) -> str:
    shown = "nothing" if value is None else repr(value)
    return shown if len(shown) <= 80 else shown[:77] + "..."


def _refusal(where: str, line: int, path: str, reason: str) -> RecordError:
    return RecordError(
        "record.unwritable",
        f"{path}: {reason}; convert writes no text that would read back differently",
        file=where, line=line or 1, column=1,
    )
