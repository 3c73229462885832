"""The sources' variants as parts of the 28 engine.

The engine is built by phase (deal.py, auction.py, trump.py, doubles.py, play.py, pair.py,
single.py, settle.py): each phase checks and carries out its own kinds of action. A variant of
the sources ("C", the show, the second bidding round, the duel auction: c_call.py, show.py,
second_round.py, duel.py) is an object, a ``Variant``, that says what it adds:

- the kinds of action it adds (``kinds``: ``c-call``, ``show``, ``hold``), which it judges and
  carries out, and lists as candidates, whether its option is on or not (a record may hold
  them anyway: with the option off they are judged not played);
- when its option is on (``is_on``), what it does at the start of a deal (``start_deal``) and
  the hooks of the phases it wraps (``wire``): its own rule first, the phase's (``then``)
  for what it leaves alone.

The engine asks only the variants that are on (``TwentyEight.variants``), so a card, a call
or a score of a deal without a variant never passes through it. ``Hooks`` holds every point
where a variant can take part (hooks.py), each a plain callable that starts as the phase's own
method.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import ClassVar

from referee.games.twenty_eight.hooks import Hooks
from referee.games.twenty_eight.phases import Phases
from referee.games.twenty_eight.state import (
    Match28,
    TwentyEightState,
)
from referee.model.record import Action
from referee.rules.base import Exclusion


class Variant:
    """A variant of the sources, as a part of the engine (see the module's docstring)."""

    kinds: ClassVar[tuple[str, ...]] = ()
    """The kinds of action this variant adds (judged by ``check``, carried out by ``apply``)."""

    def __init__(self, engine: Phases) -> None:
        self.engine = engine

    @staticmethod
    def is_on(opts: SimpleNamespace) -> bool:
        """Whether the match's options play this variant."""
        raise NotImplementedError

    def check(self, state: TwentyEightState, action: Action) -> Exclusion | None:
        """Judge an action of one of ``kinds``."""
        raise NotImplementedError

    def apply(self, state: TwentyEightState, action: Action) -> None:
        """Carry out an action of one of ``kinds``."""
        raise NotImplementedError

    def candidates(self, state: TwentyEightState) -> Iterator[Action]:
        """The actions this variant adds that are worth judging now."""
        return iter(())

    def start_deal(self, match: Match28, state: TwentyEightState) -> None:
        """Prepare ``state``, just dealt, for this variant (only when it is on)."""

    def wire(self, hooks: Hooks) -> None:
        """Wrap the hooks this variant changes (only when it is on)."""

    def wire_off(self, hooks: Hooks) -> None:
        """Wrap the hooks that an action of this variant changes even when its option is off
        (an illegal "C" stands, as an illegal double does). Nothing, for most."""
