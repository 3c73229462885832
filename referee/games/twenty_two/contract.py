"""What a deal of Twenty-Two was played for: its typed ``DealContract`` (rules/base.py), as
the score sheet and a JSON report show it.

``as_dict`` writes the facts in the order the reports have always listed them, leaving out
those that do not apply.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Damage:
    """Twenty-Two: the deal's size and stock; then its losers, the damage each took (not
    known when the record gave it), who died and who is left alive."""

    size: int
    stock: int
    losers: tuple[str, ...] | None = None
    damage: int | None = None
    died: tuple[str, ...] | None = None
    alive: tuple[str, ...] | None = None
    bidder: None = None
    bid: None = None
    target: None = None
    made: None = None

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"size": self.size, "stock": self.stock}
        if self.losers is not None:
            data["losers"] = list(self.losers)
        if self.damage is not None:
            data["damage"] = self.damage
        if self.died is not None:
            data["died"] = list(self.died)
        if self.alive is not None:
            data["alive"] = list(self.alive)
        return data
