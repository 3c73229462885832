"""Completion offers exactly what ``referee moves`` lists, at every position ``moves``
answers in every sample: before each deal's first event, before each trick's lead and
when each seat acts (after its name is typed, that seat's actions)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.lsp.completion import action_choices, at_cursor, tag_choices
from referee.lsp.document import Unit, split_lines, split_units
from referee.model.errors import RefereeError
from referee.model.record import Deal, RecordHeader
from referee.notation.parser import iter_items
from referee.notation.writer import format_action
from referee.replay.moves import Position, moves_at
from referee.replay.replay import MatchReplay
from tests.lsp_support import REVOKE

SAMPLES = sorted(Path(__file__).parent.parent.joinpath("samples").rglob("*.ttn"))


def positions(items: list, record: int):
    """Every position of the ``record``-th record that ``moves`` answers, with its answer."""
    headers = [i for i in items if isinstance(i, RecordHeader)]
    header = headers[record - 1]
    start = items.index(header)
    deals = []
    for item in items[start + 1:]:
        if isinstance(item, RecordHeader):
            break
        deals.append(item)
    try:
        seats = MatchReplay(header).ruleset.table.seats
    except RefereeError:
        return
    for deal in deals:
        asked = [Position(deal.number)]
        for trick in range(1, 14):
            asked.append(Position(deal.number, trick))
            asked.extend(Position(deal.number, trick, seat) for seat in seats)
        for position in asked:
            try:
                yield position, deal, moves_at(items, position, record)
            except RefereeError:
                continue


def unit_of(units: list[Unit], line: int) -> Unit:
    return next(u for u in reversed(units) if u.first_line <= line)


def cursor(unit: Unit, deal: Deal, moves, seat: str | None) -> tuple[Unit, int, int]:
    """Where a person would stand to ask: at the recorded event (after its seat's name,
    when a seat is asked about); where the record stops, after its last event, with the
    seat's name typed there."""
    lines = split_lines(unit.text)
    if moves.recorded is not None:
        span = moves.recorded.span
        line, column = span.line, span.column
        if seat is not None:
            text = lines[line - unit.first_line]
            found = re.compile(rf"(?<![\w-]){re.escape(seat)}(?![\w-])").search(text,
                                                                               column - 1)
            column = found.end() + 2
        return unit, line, column
    last = (deal.events[-1].span if deal.events else
            deal.hands[-1].span if deal.hands else deal.span)
    index = last.end_line - unit.first_line
    typed = f" {seat} " if seat else " "
    text = lines[index][:last.end_column - 1] + typed + lines[index][last.end_column - 1:]
    lines[index] = text
    edited = Unit(unit.first_line, "\n".join(lines))
    return edited, last.end_line, last.end_column + len(typed)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_completion_is_what_moves_lists(path):
    text = path.read_text(encoding="utf-8")
    try:
        items = list(iter_items(text, str(path)))
    except RefereeError:
        pytest.skip("the sample is unreadable on purpose: moves answers nothing")
    units = split_units(text)
    records = sum(isinstance(i, RecordHeader) for i in items)
    asked = 0
    for record in range(1, records + 1):
        for position, deal, moves in positions(items, record):
            unit = unit_of(units, deal.span.line)
            where, line, column = cursor(unit, deal, moves, position.seat)
            found = at_cursor(where, line, column)
            assert found is not None, f"{position} at {line}:{column}"
            offered = [c.label for c in action_choices(found)]
            prefix = f"{position.seat} " if position.seat else ""
            listed = [format_action(a)[len(prefix):] for a in moves.allowed]
            assert sorted(offered) == sorted(listed), f"{position} at {line}:{column}"
            asked += 1
    assert asked or not records


def test_cards_come_by_suit_as_the_hand_is_written_ranks_in_the_game_order():
    unit = split_units(REVOKE)[0]
    # Trick 3, after N's 10 of clubs: W holds 8S AS 9S 7S KS and KH, and may call.
    found = at_cursor(unit, 12, 9)
    assert [c.label for c in action_choices(found)] == [
        "W call", "W 9S", "W AS", "W KS", "W 8S", "W 7S", "W KH"]
    found = at_cursor(unit, 12, 11)  # after "W "
    assert [c.label for c in action_choices(found)][:2] == ["call", "9S"]


def test_nothing_is_offered_in_a_comment():
    unit = split_units(REVOKE.replace("3. N TC", "3. N TC ; W"))[0]
    assert at_cursor(unit, 12, 12) is None


def test_tag_names_games_presets_options_and_values():
    names = [c.label for c in tag_choices("[G", None)]
    assert names[:3] == ["Game", "Rules", "Option"] and "Expect" in names
    games = [c.label for c in tag_choices('[Game "', None)]
    assert {"twenty-eight", "28", "avinas", "twenty-two"} <= set(games)
    header = next(iter_items(REVOKE))
    presets = [c.label for c in tag_choices('[Rules "', header)]
    assert presets == ["standard", "pagat", "west-bengal", "kerala"]
    options = [c.label for c in tag_choices('[Option "', header)]
    assert "min_bid" in options
    values = [c.label for c in tag_choices('[Option "min_bid" "', header)]
    assert values and all(v.isdigit() for v in values)
    assert tag_choices("N 16 W pass", header) is None
