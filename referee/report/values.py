"""The values of a deal's result as people read them, open ones included: a team's value is a
number, or, when some cards were not seen, every value it may have, written as runs
(``14-18``; ``29, 31-33, 39-40``); the possible outcomes joined in words ("made or failed");
and, when the sets are presumed, the condition they hold under.

Used by the score sheet (``referee score``), the table (``referee table``) and the Expect
tags' messages, so that every report writes an open value the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from referee.rules.base import DealResult

PRESUMED = "if the plays that could not be checked were legal"
"""What the sets of a presumed result hold under, said after them."""


def runs(values: Iterable[int], signed: bool = False) -> str:
    """``values`` (any order, repeats ignored) as runs of consecutive numbers, separated by
    ", ": ``runs([14, 15, 16, 17, 18]) == "14-18"``, ``runs([29, 31, 32, 33, 39, 40]) ==
    "29, 31-33, 39-40"``. A run with a negative end is written "-3 to -1", so that the minus
    sign is never mistaken for the dash; ``signed`` writes a plus sign before positive
    numbers and every run with "to" (game points: "-2 to +1", "0 to +1"). Two consecutive
    numbers are a run ("39-40")."""
    ordered = sorted(set(values))
    parts: list[str] = []
    start = 0
    for index in range(1, len(ordered) + 1):
        if index < len(ordered) and ordered[index] == ordered[index - 1] + 1:
            continue
        low, high = ordered[start], ordered[index - 1]
        parts.append(_run(low, high, signed))
        start = index
    return ", ".join(parts)


def _run(low: int, high: int, signed: bool) -> str:
    if low == high:
        return _number(low, signed)
    dash = " to " if signed or low < 0 or high < 0 else "-"
    return f"{_number(low, signed)}{dash}{_number(high, signed)}"


def _number(value: int, signed: bool) -> str:
    return f"{value:+d}" if signed and value else str(value)


def value_text(team: str, exact: Mapping[str, int], sets: Mapping[str, tuple[int, ...]],
               signed: bool = False) -> str | None:
    """A team's value as a cell shows it: its runs when it is open, else its number (signed:
    "+1", "0"), None when the team has neither."""
    if team in sets:
        return runs(sets[team], signed)
    if team not in exact:
        return None
    return _number(exact[team], signed)


def possible(team: str, exact: Mapping[str, int], sets: Mapping[str, tuple[int, ...]]
             ) -> tuple[int, ...] | None:
    """Every value a team's figure may have: its set when open, else its one value (None
    when the team has neither)."""
    if team in sets:
        return tuple(sorted(sets[team]))
    return (exact[team],) if team in exact else None


def either(words: Iterable[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def outcome_text(result: DealResult) -> str:
    """The deal's outcome in words: its one outcome, or its possible outcomes ("made or
    failed"); then, when its sets are presumed, the condition they hold under."""
    text = either(result.outcomes) if result.outcomes else result.outcome
    if result.presumed:
        text = f"{text} ({PRESUMED})" if text else PRESUMED
    return text


def is_open(result: DealResult) -> bool:
    """True if some value of the result is a set (a partly seen deal)."""
    return bool(result.point_sets or result.game_point_sets or result.score_sets
                or result.outcomes)
