"""What a deal of the 28 family came to, as typed values: the contract, how the deal ended,
and the game points it moves. ``settle`` computes a ``Settlement`` from the state; the match
and the report are written from it in one place."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from operator import attrgetter
from typing import Any, NamedTuple


class Outcome(Enum):
    """How a deal ended."""

    MADE = "made"
    FAILED = "failed"
    SINGLE_WON = "single hand won"
    SINGLE_LOST = "single hand lost"
    PENALTY = "misplay penalty"
    VOID = "void"
    ANNULLED = "annulled"
    UNSCORED = "not scored"
    """The auction or the play did not end (the record stops early)."""

    @property
    def scored(self) -> bool:
        return self not in _UNSCORED


_UNSCORED = (Outcome.VOID, Outcome.ANNULLED, Outcome.UNSCORED)
"""The outcomes that move no game points (a tuple: a member's own hash is Python code, and
reading ``Outcome.VOID`` off the class is a lookup of ``EnumType``; every deal asks)."""


# Not frozen: a frozen dataclass sets each of its twelve fields by a call of
# ``object.__setattr__`` (about 2 us a contract, and every deal scored makes two). Nothing
# changes a contract once made: ``settled`` and ``dataclasses.replace`` make a new one, and
# ``unsafe_hash`` keeps it hashable as the frozen class was.
@dataclass(slots=True, unsafe_hash=True)
class Contract:
    """The contract as the score sheet shows it: a bid with its target, trump and multiplier,
    or a single hand (``single``: its declarer, who is then also the bidder). Never changed
    once made."""

    bidder: str
    bid: int | None = None
    target: int | None = None
    trump: str | None = None
    multiplier: int = 1
    seventh: bool = False
    """Trumps were chosen by the seventh card."""
    pair: str | None = None
    """Who showed the pair."""
    single: str | None = None
    c: str | None = None
    """Who said "C": the deal is worth a whole game (c_call.py)."""
    show: str | None = None
    """The bidder who showed his hand instead of playing it (show.py)."""
    made: bool | None = None
    """Made or not, once the deal is scored."""
    penalty: bool = False
    """``made`` is the misplay penalty's verdict, not the cards' (17-11 against a target of 19
    counts as made when the other side misplayed)."""

    def as_dict(self) -> dict[str, Any]:
        """The contract in a JSON report, its facts in the score sheet's order; facts that do
        not apply are left out (a ``DealContract``, rules/base.py)."""
        if self.single is not None:
            data: dict[str, Any] = {"single": self.single, "bidder": self.bidder}
        else:
            data = {"bidder": self.bidder, "bid": self.bid, "target": self.target,
                    "trump": self.trump, "multiplier": self.multiplier}
            if self.seventh:
                data["seventh"] = True
            if self.pair is not None:
                data["pair"] = self.pair
            if self.c is not None:
                data["c"] = self.c
            if self.show is not None:
                data["show"] = self.show
        if self.made is not None:
            data["made"] = self.made
        if self.penalty:
            data["penalty"] = True
        return data

    def settled(self, made: bool, penalty: bool = False) -> Contract:
        """This contract, made or not (``penalty``: by the misplay penalty's verdict)."""
        # what replace(self, made=made, penalty=penalty) makes, without its walk over the
        # fields (every deal scored makes one)
        return Contract(*_TERMS(self), made=made, penalty=penalty)  # type: ignore[misc]


_TERMS = attrgetter(*(field.name for field in fields(Contract)
                      if field.name not in ("made", "penalty")))
"""A contract's fields but ``made`` and ``penalty``, in order (they come first: were they
not, ``settled`` would give a field twice, a TypeError)."""


class Settlement(NamedTuple):
    """A deal's verdict: how it ended (``outcome``, in words ``text``), its contract, and
    ``delta`` game points for ``team`` (a loss paid to the opponents where the score table
    says so). A named tuple: immutable, and made in one call (every deal makes one)."""

    outcome: Outcome
    text: str
    contract: Contract | None = None
    team: str | None = None
    delta: int = 0
    disputed: bool = False
