"""A comment written in front of something stays in front of it: on the same side of the
blank line, in the same record.

A comment on a line of its own after a blank line, above a record's tags, opens that record
(in the text fmt writes and in the JSON form), not the last result line of the record
before; one above a deal line after a blank line stays in front of that deal. A comment right
under an item, with no blank line between, still follows that item.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from referee.cli.app import app
from referee.notation.parser import lark_only

runner = CliRunner()

TWO_RECORDS = """\
; opens record 1
[Game "28"]
[Event "one"]

; in front of deal 1
deal 1 dealer S
E 14  N pass  W pass  S pass
; right under the auction
E trump 9S

; in front of deal 2
deal 2
S 14  E pass  N pass  W pass
result NS 0 EW 0
; right under the result

; in front of record 2
{ and a brace comment }
[Game "28"]

deal 1 dealer S
E 14  N pass  W pass  S pass
"""


def _run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("reader", ["fast", "lark"])
def test_fmt_keeps_each_comment_in_front_of_what_follows_it(tmp_path, reader) -> None:
    record = tmp_path / "two.ttn"
    record.write_text(TWO_RECORDS, encoding="utf-8")
    if reader == "lark":
        with lark_only():
            out = _run("fmt", str(record))
    else:
        out = _run("fmt", str(record))
    assert out == TWO_RECORDS  # already canonical: nothing moves


def test_fmt_check_passes_a_record_with_comments_in_front(tmp_path) -> None:
    record = tmp_path / "two.ttn"
    record.write_text(TWO_RECORDS, encoding="utf-8")
    assert runner.invoke(app, ["fmt", "--check", str(record)]).exit_code == 0


def test_the_json_form_gives_the_comment_to_the_record_it_opens(tmp_path) -> None:
    record = tmp_path / "two.ttn"
    record.write_text(TWO_RECORDS, encoding="utf-8")
    first, second = (json.loads(line)
                     for line in _run("convert", str(record), "--to", "json").splitlines())
    assert [c["text"] for c in second["comments"]] == [" in front of record 2",
                                                        " and a brace comment "]
    result = first["deals"][1]["events"][-1]
    assert [c["text"] for c in result["comments"]] == [" right under the result"]
    deal_1, deal_2 = first["deals"]
    assert deal_1["comments"] == [{"text": " in front of deal 1", "kind": "line",
                                   "own_line": True, "before": True}]
    assert [c["text"] for c in deal_2["comments"]] == [" in front of deal 2"]
    assert all(c["text"] != " in front of deal 1" for tag in first["tags"]
               for c in tag.get("comments", []))
    document = tmp_path / "two.json"
    document.write_text(_run("convert", str(record), "--to", "json"), encoding="utf-8")
    assert _run("convert", str(document), "--to", "ttn") == TWO_RECORDS


def test_comments_move_to_the_far_side_of_no_blank_line(tmp_path) -> None:
    # Written against the item above (no blank line), a comment follows that item; fmt
    # adds the blank line before the next deal after it.
    record = tmp_path / "tight.ttn"
    record.write_text('[Game "28"]\n\ndeal 1 dealer S\nE 14  N pass  W pass  S pass\n'
                      "; about the auction\ndeal 2\n", encoding="utf-8")
    assert "S pass\n; about the auction\n\ndeal 2\n" in _run("fmt", str(record))


def test_deals_read_together_keep_their_comments(tmp_path) -> None:
    # The reader parses up to 16 deals at once: each deal keeps the comments in front of it.
    deals = "".join(f"\n; in front of deal {n}\ndeal {n}{' dealer S' if n == 1 else ''}\n"
                    "E 14  N pass  W pass  S pass\n" for n in range(1, 21))
    text = '[Game "28"]\n' + deals
    record = tmp_path / "many.ttn"
    record.write_text(text, encoding="utf-8")
    for reader in ("fast", "lark"):
        if reader == "lark":
            with lark_only():
                out = _run("fmt", str(record))
        else:
            out = _run("fmt", str(record))
        assert out == text, reader
