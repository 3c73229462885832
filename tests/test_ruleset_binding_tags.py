"""``ruleset_for`` finds the shared ruleset of a record whose game, preset, options and table
tags are an earlier record's without working them out again: the other tags (the event, the
players) do not matter, those tags do, and a faulty header is refused as before."""

from __future__ import annotations

import pytest

import referee.games as games
from referee.model.errors import RecordError
from referee.notation.parser import parse_records


def header(text: str):
    return parse_records(text)[0].header


BASE = '[Game "twenty-eight"]\n[Rules "standard"]\n'


def test_other_tags_share_the_ruleset() -> None:
    first = games.ruleset_for(header(BASE + '[Event "one"]\n'))
    assert games.ruleset_for(header(BASE + '[Event "two"]\n[North "A"]\n')) is first


def test_binding_tags_make_their_own() -> None:
    first = games.ruleset_for(header(BASE))
    option = games.ruleset_for(header(BASE + '[Option "pass_final" "yes"]\n'))
    assert option is not first and option.opts.pass_final
    seats = games.ruleset_for(header(BASE + '[Seats "N W S E"]\n'))
    assert seats is not first and seats.table.seats == ("N", "W", "S", "E")
    assert games.ruleset_for(header(BASE + '[Option "pass_final" "yes"]\n')) is option


def test_a_faulty_header_is_refused_after_a_good_one() -> None:
    games.ruleset_for(header(BASE))
    with pytest.raises(RecordError, match="option"):
        games.ruleset_for(header(BASE + '[Option "no_such_option" "yes"]\n'))
    with pytest.raises(RecordError):
        games.ruleset_for(header(BASE + '[Seats "N E S"]\n'))
