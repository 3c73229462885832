"""Errors are immutable values, located once; a file report holds the error itself."""

from __future__ import annotations

import pytest

from referee.model.errors import NotationSyntaxError, RecordError, located
from referee.model.record import Span, Tag
from referee.pipeline.checking import check_text


def test_an_error_cannot_be_patched():
    error = RecordError("record.seat", "seat 'X' is not declared")
    with pytest.raises(AttributeError):
        error.line = 3  # type: ignore[misc]
    assert error.line == 0


def test_located_and_in_file_give_copies_of_the_same_kind():
    error = RecordError("record.seat", "seat 'X' is not declared")
    tag = Tag("Seats", ["N X"], span=Span(2, 1, 2, 12))
    moved = located(error, tag)
    assert isinstance(moved, RecordError) and (moved.line, moved.column) == (2, 1)
    assert error.line == 0  # the original is untouched
    shown = moved.in_file("game.ttn", '[Game "28"]\n[Seats "N X"]\n')
    assert (shown.file, shown.source_line) == ("game.ttn", '[Seats "N X"]')
    assert shown.render().startswith("game.ttn:2:1: error [record.seat]")
    assert located(error, Tag("Seats", [])) is error  # a built tag has no position


def test_the_report_holds_the_error_it_was_given():
    report = check_text('[Game "28"]\ndeal 1 dealer S\nN: JS 1OS\n', "bad.ttn")
    assert isinstance(report.failure, NotationSyntaxError)
    assert report.failure.file == "bad.ttn" and report.failure.source_line == "N: JS 1OS"
    assert (report.error_code, report.error_line, report.error_column) == ("ttn.card", 3, 7)
    assert report.error == report.failure.message
