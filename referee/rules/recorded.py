"""What a deal whose replay did not finish takes from its record.

A deal stopped at an action that leaves the state undefined (or whose record ends early) has
no computed result; where the next deals depend on it (Twenty-Two's hand size and damage,
Twenty-Five's match score), the referee reads the deal's own ``result`` line instead.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from referee.model.record import ResultLine


def recorded_change(lines: Iterable[ResultLine], before: Mapping[str, int],
                    keys: Collection[str]) -> dict[str, int] | None:
    """The change of the match score for ``keys`` that the first result line gives: a
    ``result`` line gives it directly, a ``result score`` line as its totals less ``before``.
    None when the deal has no result line."""
    for line in lines:
        values = dict(line.values)
        if line.kind == "score":
            values = {key: value - before.get(key, 0) for key, value in values.items()}
        return {key: value for key, value in values.items() if key in keys}
    return None
