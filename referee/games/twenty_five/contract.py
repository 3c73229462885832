"""What a deal of Twenty-Five was played for: its typed ``DealContract`` (rules/base.py), as
the score sheet and a JSON report show it.

``as_dict`` writes the facts in the order the reports have always listed them, leaving out
those that do not apply.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class TurnUp:
    """Twenty-Five: the turned-up card, the trump suit it made, and who robbed it."""

    turnup: str | None = None
    trump: str | None = None
    robbed_by: str | None = None
    bidder: None = None
    bid: None = None
    target: None = None
    made: None = None

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.turnup is not None:
            data.update(turnup=self.turnup, trump=self.trump)
        if self.robbed_by is not None:
            data["robbed_by"] = self.robbed_by
        return data
