"""The JSON form of a record (schemas/record.schema.json), both ways.

One record is one JSON object; a file of several records is JSON Lines. Comments travel with
the item they are attached to, so text -> JSON -> text keeps every one of them. Source
positions do not travel: they belong to a text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator

from referee.model.errors import RecordError, located
from referee.model.limits import MAX_JSON_DEPTH, MAX_NUMBER_DIGITS
from referee.model.record import (
    Action,
    Comment,
    Deal,
    Event,
    Hand,
    Record,
    RecordHeader,
    ResultLine,
    Tag,
)
from referee.notation.lines import split_lines
from referee.notation.resources import load_schema
from referee.notation.writer import Spelling

FORMAT = "ttn/1"


def _comments(comments: list[Comment]) -> dict[str, Any]:
    if not comments:
        return {}
    return {"comments": [_comment(c) for c in comments]}


def _comment(comment: Comment) -> dict[str, Any]:
    """A comment and, where the text form needs it, where it stands."""
    data: dict[str, Any] = {"text": comment.text, "kind": comment.kind}
    if comment.own_line:
        data["own_line"] = True
    elif comment.column > 1:
        data["column"] = comment.column
    if comment.before:
        data["before"] = True
    return data


def event_to_json(item: Event | ResultLine, deal: Deal | None = None,
                  spelling: Spelling | None = None) -> dict[str, Any]:
    """One event (or result line) as a JSON object; with its ``deal`` and its game's
    ``spelling``, an action is written as the game writes it (the 28 family's ``trump
    seventh`` as ``trump CARD``), else as the record holds it."""
    if isinstance(item, ResultLine):
        data: dict[str, Any] = {
            "action": "result",
            "kind": item.kind,
            "values": [[team, value] for team, value in item.values],
        }
        data.update(_comments(item.comments))
        return data
    action = item.action if deal is None or spelling is None else spelling(deal, item.action)
    data = {"action": action.kind}
    if action.seat is not None:
        data["seat"] = action.seat
    if action.cards or action.kind in ("play", "exchange"):
        data["cards"] = list(action.cards)
    if action.drawn or action.kind == "exchange":
        data["drawn"] = list(action.drawn)
    if action.value is not None:
        data["value"] = action.value
    if item.trick is not None:
        data["trick"] = item.trick
    data.update(_comments(item.comments))
    return data


def deal_to_json(deal: Deal, spelling: Spelling | None = None) -> dict[str, Any]:
    """A deal as a JSON object (``spelling``: see ``event_to_json``)."""
    data: dict[str, Any] = {"number": deal.number}
    if deal.dealer is not None:
        data["dealer"] = deal.dealer
    seen: set[str] = set()
    for hand in deal.hands:  # the JSON form keys hands by seat: a second one would be lost
        if hand.seat in seen:
            raise located(RecordError("record.hand-twice",
                                      f"{hand.seat}'s hand is given twice"), hand)
        seen.add(hand.seat)
    data["hands"] = {hand.seat: [list(r) for r in hand.rounds] for hand in deal.hands}
    hand_comments = {
        hand.seat: _comments(hand.comments)["comments"] for hand in deal.hands if hand.comments
    }
    if hand_comments:
        data["hand_comments"] = hand_comments
    data["events"] = [event_to_json(item, deal, spelling) for item in deal.items]
    data.update(_comments(deal.comments))
    return data


def header_to_json(header: RecordHeader) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT}
    data.update(_comments(header.comments))
    data["tags"] = []
    for tag in header.tags:
        entry: dict[str, Any] = {"name": tag.name, "values": list(tag.values)}
        entry.update(_comments(tag.comments))
        data["tags"].append(entry)
    return data


def record_to_json(record: Record, spelling: Spelling | None = None) -> dict[str, Any]:
    """A record as a JSON-ready dict that validates against record.schema.json; each action
    as its game's ``spelling`` writes it (the reader knows no game: its caller gives it, as
    ``referee.to_json`` does), else as the record holds it."""
    data = header_to_json(record.header)
    data["deals"] = [deal_to_json(deal, spelling) for deal in record.deals]
    return data


@cache
def _validator() -> Draft202012Validator:
    return Draft202012Validator(load_schema("record.schema.json"))


def check_format(data: Any, where: str = "<json>", line: int = 0) -> None:
    """Raise RecordError ``record.json`` for a record of another format version, whatever
    else it holds: a later version may be shaped otherwise, so its other faults mean
    nothing (a record without ``format`` is left to the schema)."""
    if not isinstance(data, dict) or "format" not in data or data["format"] == FORMAT:
        return
    given = data["format"]
    shown = f"'{given}'" if isinstance(given, str) else json.dumps(given)[:40]
    raise RecordError("record.json", f"unsupported format version {shown} (this referee "
                      f"reads {FORMAT})", file=where, line=line, column=1 if line else 0)


def validate(data: Any, where: str = "<json>", line: int = 0) -> None:
    """Raise RecordError ``record.json`` at the first schema violation, with its JSON path
    (a record of another format version says so first)."""
    check_format(data, where, line)
    # The first error the validator meets, not the first of all of them sorted: collecting
    # every error of a large document that breaks the schema everywhere takes seconds.
    error = next(iter(_validator().iter_errors(data)), None)
    if error is not None:
        message = error.message if len(error.message) <= 200 else error.message[:197] + "..."
        raise RecordError(
            "record.json", f"{error.json_path}: {message}", file=where, line=line,
            column=1 if line else 0,
        )


def _comments_from(data: dict[str, Any]) -> list[Comment]:
    return [Comment(c["text"], c.get("kind", "brace"), column=c.get("column", 0),
                    own_line=c.get("own_line", False), before=c.get("before", False))
            for c in data.get("comments", [])]


def _event_from(data: dict[str, Any]) -> Event | ResultLine:
    if data["action"] == "result":
        return ResultLine(
            data["kind"], tuple((team, value) for team, value in data["values"]),
            comments=_comments_from(data),
        )
    action = Action(
        data.get("seat"), data["action"], tuple(data.get("cards", ())), data.get("value"),
        tuple(data.get("drawn", ())),
    )
    return Event(action, trick=data.get("trick"), comments=_comments_from(data))


def record_from_json(
    data: dict[str, Any], where: str = "<json>", line: int = 0, *, check_schema: bool = True
) -> Record:
    """A Record from its JSON form, validated against the schema first unless told not to.

    Validation costs about 20 ms a deal (jsonschema walks every event); a caller that made the
    data itself, or validates a sample, may skip it.
    """
    if check_schema:
        validate(data, where, line)
    else:
        check_format(data, where, line)
    header = RecordHeader(
        [Tag(t["name"], list(t["values"]), comments=_comments_from(t)) for t in data["tags"]],
        _comments_from(data),
    )
    record = Record(header)
    for deal_data in data["deals"]:
        hand_comments = deal_data.get("hand_comments", {})
        deal = Deal(
            deal_data["number"], deal_data.get("dealer"),
            [
                Hand(seat, [list(r) for r in rounds],
                     comments=_comments_from({"comments": hand_comments.get(seat, [])}))
                for seat, rounds in deal_data["hands"].items()
            ],
            [_event_from(e) for e in deal_data["events"]],
            comments=_comments_from(deal_data),
        )
        record.deals.append(deal)
    return record


def iter_json_records(text: str, where: str = "<json>") -> Iterator[Record]:
    """Records from a JSON document (one record, or a list) or from JSON Lines."""
    for line, data in iter_json_documents(text, where):
        yield record_from_json(data, where, line)


def iter_json_documents(text: str, where: str = "<json>") -> Iterator[tuple[int, Any]]:
    """Each record's JSON value with its line (for one JSON document, the line it opens).

    Raises ``record.json`` for text that is not JSON, and ``record.limit`` for nesting
    deeper than MAX_JSON_DEPTH or a number of more than MAX_NUMBER_DIGITS digits.
    """
    stripped = text.lstrip()
    if not stripped:
        raise RecordError("record.json", "no JSON record in the input", file=where)
    try:
        whole = _loads(text, where, 0)
    except RecordError as exc:
        if exc.code != "record.json":
            raise
    else:
        first = text.count("\n", 0, len(text) - len(stripped)) + 1  # where the document starts
        for item in whole if isinstance(whole, list) else [whole]:
            yield first, item
        return
    for number, line in enumerate(split_lines(text), 1):
        if not line.strip():
            continue
        yield number, _loads(line, where, number)


def _loads(text: str, where: str, line: int) -> Any:
    """``json.loads`` within the limits, every failure a located ``RecordError``."""
    deep = False
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError("record.json", f"invalid JSON: {exc.msg}", file=where,
                          line=line or exc.lineno, column=exc.colno) from None
    except RecursionError:
        data, deep = None, True  # nested past the interpreter's limit: located below
    except ValueError:  # an integer of more digits than Python converts
        found = re.search(rf"[0-9]{{{MAX_NUMBER_DIGITS + 1},}}", text)
        raise _limit(where, text, line, found.start() if found else 0,
                     f"a number of more than {MAX_NUMBER_DIGITS} digits (limit)") from None
    if deep or _too_deep(data):
        offset = _deep_offset(text)
        raise _limit(where, text, line, offset,
                     f"JSON nested more than {MAX_JSON_DEPTH} levels deep (limit)") from None
    return data


def _too_deep(data: Any) -> bool:
    """Whether arrays and objects nest deeper than MAX_JSON_DEPTH (walked without recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            value = list(value.values())
        elif not isinstance(value, list):
            continue
        if depth > MAX_JSON_DEPTH:
            return True
        stack.extend((item, depth + 1) for item in value if isinstance(item, (list, dict)))
    return False


def _deep_offset(text: str) -> int:
    """Where the nesting of ``text`` first passes MAX_JSON_DEPTH (strings skipped)."""
    depth = 0
    for token in re.finditer(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', text):
        char = token.group()
        if char in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                return token.start()
        elif char in "]}":
            depth -= 1
    return 0


def _limit(where: str, text: str, line: int, offset: int, message: str) -> RecordError:
    """``record.limit`` at ``offset`` of ``text`` (a JSON line, or the whole document)."""
    if not line:
        line = text.count("\n", 0, offset) + 1
        offset -= text.rfind("\n", 0, offset) + 1
    return RecordError("record.limit", message, file=where, line=line, column=offset + 1)


def json_lines(records: Iterable[Record]) -> str:
    """Records as JSON Lines (one compact JSON object per line)."""
    return "".join(json.dumps(record_to_json(r), ensure_ascii=False) + "\n" for r in records)


def json_lines_to_records(text: str, where: str = "<json>") -> list[Record]:
    return list(iter_json_records(text, where))
