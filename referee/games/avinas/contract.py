"""What a deal of Avinas was played for: its typed ``DealContract`` (rules/base.py), as the
score sheet and a JSON report show it.

``as_dict`` writes the facts in the order the reports have always listed them, leaving out
those that do not apply.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Declaration:
    """Avinas: the declarer, the trump, the exposed sevens (None: not known), the knocks'
    multiplier and a false bid; then the no-sevens game's bid and pips, or the sevens
    game's rams and who received them; ``made`` once the deal is scored."""

    declarer: str
    trump: str | None
    sevens: int | None
    multiplier: int
    false_bid: bool
    bid: int | None = None
    made: bool | None = None
    pips: int | None = None
    rams: int | None = None
    rams_to: str | None = None
    target: None = None

    @property
    def bidder(self) -> str:
        """The declarer, in the score sheet's bidder column."""
        return self.declarer

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"declarer": self.declarer, "bidder": self.declarer,
                                "trump": self.trump, "sevens": self.sevens,
                                "multiplier": self.multiplier, "false_bid": self.false_bid}
        if self.pips is not None:  # the no-sevens game
            data.update(bid=self.bid, made=self.made, pips=self.pips)
            return data
        if self.made is not None:
            data["made"] = self.made
        if self.rams is not None:
            data.update(rams=self.rams, rams_to=self.rams_to)
        return data
