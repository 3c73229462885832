"""docs/annotating.md stays true: its "after" is what ``referee annotate`` makes of its
"before", and its ``referee moves`` excerpt is what the command prints."""

from __future__ import annotations

import re
from pathlib import Path

from referee.notation.parser import iter_items
from referee.pipeline.annotate import annotated_text
from referee.replay.moves import moves_at, parse_position, render_moves

DOC = Path(__file__).resolve().parent.parent / "docs" / "annotating.md"


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC.read_text(), re.S)


def test_after_is_the_annotation_of_before():
    before, after = blocks("ttn")
    text, errors = annotated_text(iter_items(before, "game.ttn"))
    assert text == after
    assert errors == 1


def test_moves_excerpt_is_what_moves_prints():
    before = blocks("ttn")[0]
    shown = blocks("text")[0].splitlines()
    assert shown[0] == "$ referee moves game.ttn --at 1.2.E"
    printed = render_moves(moves_at(iter_items(before, "game.ttn"),
                                    parse_position("1.2.E"))).splitlines()
    excerpt = [line for line in shown[1:] if line.strip() != "..."]
    assert excerpt == [line for line in printed if line in excerpt]
    assert printed[:len(excerpt) - 1] == excerpt[:-1]
