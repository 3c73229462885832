"""How a deal is played: by two partnerships on the bid (the ordinary deal), or as a single
hand, one player against all without trumps.

The deal state holds its mode (``TwentyEightState.mode``). The phases ask it who plays to a
trick and who sits out, whose turn follows, what a single hand rules out, when the deal is
over, and what it is scored as; they never test which mode it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import SimpleNamespace
from typing import Protocol, TypeVar

from referee.games.twenty_eight.contract import Contract, Outcome, Settlement
from referee.games.twenty_eight.known import known
from referee.games.twenty_eight.scoring import (
    SCORE_TABLES,
    ContractScore,
    ScoreTable,
    single_hand_score,
)
from referee.model.seats import Table


# What the modes read of the deal and of the engine. The state holds its mode and the engine
# scores through it, so the modes name what they need as protocols, not the two classes.
class WonTrick(Protocol):
    """A completed trick, as a mode reads it: who won it."""

    @property
    def winner(self) -> str: ...


class ModeState(Protocol):
    """A deal, as a mode reads it (``TwentyEightState``): the bidder, the bid, the tricks."""

    @property
    def bidder(self) -> str | None: ...
    @property
    def bid(self) -> int | None: ...
    @property
    def tricks(self) -> Sequence[WonTrick]: ...


S = TypeVar("S", bound=ModeState)
S_contra = TypeVar("S_contra", bound=ModeState, contravariant=True)


class ScoringHooks(Protocol[S_contra]):
    """The engine's hooks a mode scores through (``Hooks``)."""

    @property
    def contract(self) -> Callable[[S_contra, str, int, str], Contract]: ...
    @property
    def contract_verdict(self) -> Callable[[S_contra, Contract], Settlement]: ...
    @property
    def score_table(self) -> Callable[[S_contra], ScoreTable]: ...


class ScoringEngine(Protocol[S_contra]):
    """The engine, as a mode scores a deal with it (``Settle``)."""

    @property
    def hooks(self) -> ScoringHooks[S_contra]: ...
    @property
    def opts(self) -> SimpleNamespace: ...
    @property
    def table(self) -> Table: ...
    @property
    def tricks_per_deal(self) -> int: ...

    def team(self, seat: str) -> str: ...

    def bid_penalty_terms(self, state: S_contra, bidder: str, made: bool, factor: int
                          ) -> tuple[Contract, ContractScore, str]: ...


_RULED_OUT_BY_SINGLE = {
    "single": "{who} already plays a single hand",
    "trump": "{who} plays a single hand without trumps",
    "call": "{who} plays a single hand: there are no trumps",
    "double": "{who} plays a single hand",
    "redouble": "{who} plays a single hand",
    "c-call": "{who} plays a single hand",
    "pair": "no pair in a single hand ({who} plays without trumps)",
}
"""What a single hand rules out, by kind of action, and why: it has no trumps, so no choice,
call or pair; it sets the bid aside, so no double, redouble or "C"."""


@dataclass(frozen=True, slots=True)
class PartnershipMode:
    """The ordinary deal: every player plays, partners together, the bidder's contract."""

    declarer: str | None = None
    """The single-hand declarer (None: nobody plays alone)."""

    def rules_out(self, kind: str) -> str | None:
        """Why an action of ``kind`` has no place in this deal (None: the mode allows it)."""
        return None

    def sits_out(self, seat: str) -> bool:
        """Whether ``seat`` takes no part in the play."""
        return False

    def trick_size(self, players: int) -> int:
        """How many cards complete a trick: one from every player."""
        return players

    def next_player(self, seat: str, next_seat: Mapping[str, str]) -> str:
        """Who plays after ``seat`` within a trick."""
        return next_seat[seat]

    def after_trick(self, number: int, winner: str,
                    same_team: Callable[[str, str], bool]) -> PartnershipMode:
        """The mode after trick ``number`` went to ``winner``."""
        return self

    @property
    def decided(self) -> bool:
        """Whether the deal is decided before its play is over (never, in the ordinary
        deal: it is decided by the card points of every trick)."""
        return False

    # scoring: the engine's contract and its score tables ----------------------------------
    def contract(self, engine: ScoringEngine[S], state: S) -> Contract | None:
        """The deal's contract: the bidder's, or None when no auction ended."""
        if state.bidder is None:
            return None
        return engine.hooks.contract(state, state.bidder, known(state.bid),
                                     engine.team(state.bidder))

    def score_table(self, engine: ScoringEngine[S], state: S) -> ScoreTable:
        """The game points of this deal by bid (what the variants' stakes make of it)."""
        return engine.hooks.score_table(state)

    def verdict(self, engine: ScoringEngine[S], state: S, contract: Contract
                ) -> Settlement:
        """The finished deal's settlement: card points against the target."""
        return engine.hooks.contract_verdict(state, contract)

    def penalty_terms(self, engine: ScoringEngine[S], state: S, bidder: str, made: bool,
                      factor: int) -> tuple[Contract, ContractScore, str]:
        """The misplay penalty's contract, score and name: the contract standing,
        or the standing bid if the auction never ended."""
        return engine.bid_penalty_terms(state, bidder, made, factor)


@dataclass(frozen=True, slots=True)
class SingleHandMode(PartnershipMode):
    """A single hand: ``declarer`` plays alone against all, without trumps; his
    partners sit out; he must win every trick, so the first trick lost decides the deal."""

    partners: tuple[str, ...] = ()
    """The declarer's partners, who sit out."""
    lost: int | None = None
    """The first trick the declarer lost."""

    def rules_out(self, kind: str) -> str | None:
        why = _RULED_OUT_BY_SINGLE.get(kind)
        return why.format(who=self.declarer) if why else None

    def sits_out(self, seat: str) -> bool:
        return seat in self.partners

    def trick_size(self, players: int) -> int:
        return players - len(self.partners)

    def next_player(self, seat: str, next_seat: Mapping[str, str]) -> str:
        nxt = next_seat[seat]
        while nxt in self.partners:
            nxt = next_seat[nxt]
        return nxt

    def after_trick(self, number: int, winner: str,
                    same_team: Callable[[str, str], bool]) -> SingleHandMode:
        if self.lost is None and not same_team(winner, known(self.declarer)):
            return replace(self, lost=number)
        return self

    @property
    def decided(self) -> bool:
        return self.lost is not None  # lost with the first trick lost

    def contract(self, engine: ScoringEngine[S], state: S) -> Contract:
        return Contract(bidder=known(self.declarer), single=self.declarer)

    def score_table(self, engine: ScoringEngine[S], state: S) -> ScoreTable:
        # the option's table: a single hand sets aside the stakes of "C" and a second round
        return SCORE_TABLES[engine.opts.score_table]

    def _score(self, engine: ScoringEngine[S], won: int) -> ContractScore:
        opts = engine.opts
        return single_hand_score(won, engine.tricks_per_deal, opts.single_hand_points,
                                 opts.single_hand_loss or None)

    def verdict(self, engine: ScoringEngine[S], state: S, contract: Contract
                ) -> Settlement:
        """A single hand is won with every trick."""
        declarer = known(self.declarer)
        won = sum(engine.table.same_team(t.winner, declarer) for t in state.tricks)
        score = self._score(engine, won if self.lost is None else 0)
        if score.made:
            outcome = Outcome.SINGLE_WON
            text = f"single hand: {declarer} won all {len(state.tricks)} tricks"
        else:
            outcome = Outcome.SINGLE_LOST
            text = f"single hand: {declarer} lost trick {self.lost}"
        return Settlement(outcome, text, contract.settled(score.made),
                          engine.team(declarer), score.delta)

    def penalty_terms(self, engine: ScoringEngine[S], state: S, bidder: str, made: bool,
                      factor: int) -> tuple[Contract, ContractScore, str]:
        score = self._score(engine, engine.tricks_per_deal if made else 0)
        return (self.contract(engine, state), score._replace(delta=score.delta * factor),
                "single hand")


PARTNERSHIP = PartnershipMode()
"""Every deal starts as an ordinary one; a single hand replaces it when declared."""
