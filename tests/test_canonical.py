"""`referee fmt` numbers tricks by replaying the deal and keeps marks the user wrote."""

from __future__ import annotations

from referee.notation.parser import iter_items
from referee.notation.writer import write_items
from referee.replay.canonical import with_trick_marks

UNMARKED = """[Game "28"]
deal 1 dealer S
E 14 N pass W pass S pass
E trump 9S
E JH N 9H W AH S 7H
E 9C N 7C W JC S 8C
"""


def _fmt(text: str) -> str:
    return "".join(write_items(with_trick_marks(iter_items(text))))


def test_plays_that_open_tricks_get_their_marks() -> None:
    out = _fmt(UNMARKED)
    assert "1. E JH  N 9H  W AH  S 7H\n2. E 9C  N 7C  W JC  S 8C\n" in out
    assert _fmt(out) == out


def test_a_written_mark_is_kept_even_when_wrong() -> None:
    out = _fmt(UNMARKED.replace("E 9C", "5. E 9C"))
    assert "5. E 9C" in out and "2. E 9C" not in out


def test_a_record_of_an_unknown_game_is_written_as_it_stands() -> None:
    out = _fmt(UNMARKED.replace('"28"', '"bridge"'))
    assert "1." not in out and "E JH  N 9H  W AH  S 7H  E 9C" in out
