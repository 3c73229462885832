"""What a deal of Twenty-Five, Avinas or Twenty-Two was played for: each game's typed
``DealContract`` (rules/base.py), as the score sheet and a JSON report show it.

``as_dict`` writes the facts in the order the reports have always listed them, leaving out
those that do not apply, so that a report reads the same whatever the contract's type.
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
