"""What the sample records say of themselves: their Expect tags, read once per run."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

from referee.notation.parser import parse_records
from referee.replay.expect import Expectation, expectations_of


def expectations_in(paths: Sequence[Path]) -> list[tuple[Path, Expectation]]:
    """Every Expect tag of the records in ``paths``, with the file it is in."""
    return _read(tuple(paths))


@cache
def _read(paths: tuple[Path, ...]) -> list[tuple[Path, Expectation]]:
    found = []
    for path in paths:
        for record in parse_records(path.read_text(encoding="utf-8"), str(path)):
            found.extend((path, exp) for exp in expectations_of(record.header))
    return found
