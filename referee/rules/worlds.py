"""The consistency model of a partial record: the placements of its unseen cards that fit.

A record may leave cards unseen (a player recorded only his own hand; a recorder missed a card
and wrote ``??``). A **world** is one placement of every unseen copy: each copy goes to one
*slot*, each slot gets one card. Slots belong to *holders* (the seats, and whatever else holds
cards nobody sees: a face-down card, a stock) and are grouped by the *moment* they leave the
holder (the index of an event in the deal; ``END`` when still held at the end). A world is then
a perfect b-matching of cards to slot groups, and whether one exists is a max-flow (source ->
card: its copies; card -> group: allowed; group -> sink: its slots). When none exists, the min
cut names the cards that cannot all be placed and the holders that could take them (the Hall
violator, `Cut`).

Two kinds of constraint remove a card's edges into a group:

- *physical* facts (`Worlds.exclude`, the allowed set of `Worlds.add_slots`), which hold
  whatever the players did;
- *presumed* facts (`Fact`), which hold only if some action was legal (a void shown by a play
  presumed legal). They live in a store; `Worlds.conflict` finds a minimal set of them that
  cannot hold together with a new one (a deletion filter), which is the certain violation of
  a rule whose culprit the record does not name.

The questions a referee asks during a replay (could he have followed? must he hold the
card?) are answered over the physical facts plus the store, and most are answered by one world
kept as a witness: a question the witness settles costs no flow, and the others repair it
with a few augmenting paths. Point totals over the worlds are a min-cost and a max-cost
perfect matching (the range is joint: the unseen cards are one multiset), and the list of
reachable totals is an enumeration of value classes bounded by ``MAX_POINT_VECTORS``.

The module knows no game: cards, holders and labels are whatever its caller gives.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from referee.model.limits import MAX_POINT_VECTORS
from referee.rules.matching import Fill, bits, card_groups, compositions, max_flow, min_cost_flow

END = 1_000_000_000
"""The moment of a slot still held at the end of the record (later than any event)."""

_Part = tuple[int, int, int, int]
"""A value class chosen for some slots of a group: its cards' mask, its slots, the group, the
value."""


@dataclass(frozen=True)
class Fact:
    """A presumed fact: ``holder`` holds none of ``cards`` among its slots that leave at
    ``after`` or later (a void proven by a play presumed legal), or, with ``only=True``, each
    such slot of ``holder`` holds a card of ``cards`` (a restricted slot), or, with
    ``holds=True``, every unseen copy of each of ``cards`` is among those slots (a card
    proven in his hand: a pair shown, a rob).

    ``label`` is whatever the caller attaches (seat, rule id, event): `Worlds.conflict`
    returns the facts themselves, labels included.
    """

    holder: str
    cards: frozenset[str]
    after: int
    label: object = None
    only: bool = False
    until: int = END
    """The last moment of the slots the fact is about: a fact on one ``??`` play has
    ``after == until`` (the winner of a trick pinned by the next lead)."""
    holds: bool = False

    def __post_init__(self) -> None:
        if self.only and self.holds:
            raise ValueError("a fact restricts slots (only) or places cards (holds), not both")


@dataclass(frozen=True)
class Cut:
    """Why no world exists, from the min cut of the physical facts.

    The usual reading (``slots=False``): the unseen ``cards`` (``need`` copies in all) can only
    go to slots of ``holders``, which have room for ``room`` cards (fewer than ``need``): "the
    2 unseen hearts can only be with W, who has 1 card left". ``holders`` is empty when the
    cards can go nowhere.

    The reverse reading (``slots=True``, when there are more slots than unseen cards): slots of
    ``holders`` need ``need`` cards and can only take ``cards``, of which ``room`` copies are
    unseen.
    """

    cards: frozenset[str]
    holders: frozenset[str]
    need: int
    room: int
    slots: bool = False


@dataclass
class _Group:
    """Slots of one holder that leave at one moment, restricted to ``allowed`` (as given)."""

    holder: str
    leave: int
    count: int
    allowed: frozenset[str] | None


class _Solution:
    """A max-flow kept between questions, and whether it is perfect for the current facts.

    ``fill`` is None before the first solve; ``fresh`` is False once the facts have changed
    in a way the fill may not meet (it then seeds the next solve).
    """

    def __init__(self) -> None:
        self.fill: Fill | None = None
        self.perfect = False
        self.fresh = False

    def stale(self) -> None:
        self.fresh = False

    def copy(self) -> _Solution:
        twin = _Solution()
        twin.fill = None if self.fill is None else [list(row) for row in self.fill]
        twin.perfect, twin.fresh = self.perfect, self.fresh
        return twin


class Worlds:
    """The worlds of one deal: unseen cards, slot groups, physical facts and presumed facts."""

    def __init__(self, unseen: Mapping[str, int]) -> None:
        """``unseen``: card -> copies nobody's line or seen play shows (1, or 2 in a double
        pack). Cards with no copy are left out."""
        if any(copies < 0 for copies in unseen.values()):
            raise ValueError("a card cannot have fewer than no unseen copies")
        self._cards = tuple(card for card, copies in unseen.items() if copies > 0)
        self._index = {card: i for i, card in enumerate(self._cards)}
        self._supply = [unseen[card] for card in self._cards]
        self._groups: list[_Group] = []
        self._of_holder: dict[str, list[int]] = {}
        self._exclusions: list[tuple[str, int, int]] = []
        self._store: list[Fact] = []
        self._mask_cache: dict[frozenset[str], int] = {}
        self._physical_masks: list[int] | None = None
        self._store_masks: list[int] | None = None
        self._store_adjacency: list[list[int]] | None = None
        self._physical = _Solution()
        self._world = _Solution()

    # ----------------------------------------------------------------- building the model

    def add_slots(self, holder: str, leave: int, count: int = 1,
                  allowed: Iterable[str] | None = None) -> None:
        """``count`` unseen cards of ``holder`` that leave its hand at moment ``leave`` (END:
        held at the end); ``allowed`` restricts which cards they may be (None: any unseen
        card). Calls with the same holder, leave and allowed set add up; a different allowed
        set makes a group of its own."""
        if count < 0:
            raise ValueError("a holder cannot have fewer than no slots")
        if count == 0:
            return
        restricted = None if allowed is None else frozenset(allowed)
        for i in self._of_holder.get(holder, []):
            group = self._groups[i]
            if group.leave == leave and group.allowed == restricted:
                group.count += count
                break
        else:
            self._of_holder.setdefault(holder, []).append(len(self._groups))
            self._groups.append(_Group(holder, leave, count, restricted))
        self._changed_physically()

    def exclude(self, holder: str, cards: Iterable[str], after: int = 0) -> None:
        """A physical (certain) fact: ``holder``'s slots leaving at ``after`` or later hold
        none of ``cards``."""
        self._exclusions.append((holder, self._mask(cards), after))
        self._changed_physically()

    def add(self, fact: Fact) -> None:
        """Presume ``fact`` from now on (the store keeps it until `remove`)."""
        self._store.append(fact)
        if self._store_masks is not None:
            self._apply(self._store_masks, fact)
            self._store_adjacency = None
        solution = self._world
        if solution.fresh and solution.perfect and not (
                solution.fill is not None and self._meets(solution.fill, [fact])):
            solution.stale()

    def remove(self, fact: Fact) -> None:
        """Stop presuming ``fact`` (one copy of it, if it was added twice)."""
        self._store.remove(fact)
        self._store_masks = None
        self._store_adjacency = None
        if not self._world.perfect:
            self._world.stale()

    def copy(self) -> Worlds:
        """An independent copy (for a replay that branches), its witness kept; the facts
        themselves are shared (they are immutable)."""
        twin = Worlds.__new__(Worlds)
        twin.__dict__.update(self.__dict__)
        twin._groups = [_Group(g.holder, g.leave, g.count, g.allowed) for g in self._groups]
        twin._of_holder = {holder: list(groups) for holder, groups in self._of_holder.items()}
        twin._exclusions = list(self._exclusions)
        twin._store = list(self._store)
        twin._mask_cache = dict(self._mask_cache)
        twin._physical_masks = _copied(self._physical_masks)
        twin._store_masks = _copied(self._store_masks)
        twin._store_adjacency = None
        twin._physical = self._physical.copy()
        twin._world = self._world.copy()
        return twin

    @property
    def facts(self) -> tuple[Fact, ...]:
        """The store of presumed facts, in the order they were added."""
        return tuple(self._store)

    @property
    def cards(self) -> tuple[str, ...]:
        """The unseen cards (each once, whatever its copies)."""
        return self._cards

    # ------------------------------------------------------------------------ questions

    def feasible(self, extra: Iterable[Fact] = ()) -> bool:
        """Whether some world meets the physical facts, the store and ``extra``."""
        return self._feasible(self._world, self._masks_of_store(), list(extra))

    def physically_feasible(self, extra: Iterable[Fact] = ()) -> bool:
        """Whether some world meets the physical facts and ``extra`` (the store aside)."""
        return self._feasible(self._physical, self._masks_physical(), list(extra))

    def cut(self) -> Cut | None:
        """The Hall violator when no world meets the physical facts (else None)."""
        fill = self._solved(self._physical, self._masks_physical())
        if self._physical.perfect:
            return None
        masks = self._masks_physical()
        caps = self._caps()
        spare = self._spare(fill)
        if any(spare):
            reached, groups = self._reach_from_cards(fill, masks, spare)
            return Cut(self._names(reached), frozenset(self._groups[g].holder for g in groups),
                       sum(self._supply[c] for c in reached), sum(caps[g] for g in groups))
        groups, reached = self._reach_to_groups(fill, masks, caps)
        return Cut(self._names(reached), frozenset(self._groups[g].holder for g in groups),
                   sum(caps[g] for g in groups), sum(self._supply[c] for c in reached),
                   slots=True)

    def conflict(self, fact: Fact) -> list[Fact] | None:
        """None if the store and ``fact`` hold together; [] if ``fact`` alone (with the
        physical facts) cannot hold; else a minimal list S of stored facts such that the
        physical facts, S and ``fact`` cannot hold together (removing any member of S lets
        them), found by a deletion filter in the order of the store."""
        if self.feasible([fact]):
            return None
        if not self.physically_feasible([fact]):
            return []
        kept = list(self._store)
        i = 0
        while i < len(kept):
            trial = kept[:i] + kept[i + 1:]
            if self.physically_feasible([*trial, fact]):
                i += 1
            else:
                kept = trial
        return kept

    def may_hold(self, holder: str, cards: Iterable[str], at: int) -> bool:
        """Whether in some world ``holder`` holds at least one of ``cards`` among its slots
        leaving at ``at`` or later."""
        fill = self._solved(self._world, self._masks_of_store())
        if not self._world.perfect:
            return False
        wanted = self._mask(cards)
        eligible = self._eligible(holder, at)
        if any(self._present(fill[g]) & wanted for g in eligible):
            return True
        masks = self._masks_of_store()
        adjacency = self._adjacency_of_store()
        return any(masks[g] & wanted and self._reach_from_group(fill, adjacency, g) & masks[g]
                   & wanted for g in eligible)

    def must_hold(self, holder: str, cards: Iterable[str], at: int) -> bool:
        """Whether in every world ``holder`` holds at least one of ``cards`` among its slots
        leaving at ``at`` or later (False when no world exists)."""
        return self.feasible() and not self.feasible([Fact(holder, frozenset(cards), at)])

    def possible_cards(self, holder: str, at: int) -> set[str]:
        """The cards ``holder`` holds in some world among its slots leaving at ``at`` or later."""
        fill = self._solved(self._world, self._masks_of_store())
        if not self._world.perfect:
            return set()
        masks = self._masks_of_store()
        adjacency = self._adjacency_of_store()
        found = 0
        for g in self._eligible(holder, at):
            found |= self._present(fill[g])
            if masks[g] & ~found:
                found |= masks[g] & self._reach_from_group(fill, adjacency, g)
        return set(self._names(found))

    def forced_cards(self, holder: str, at: int) -> Counter[str]:
        """The copies of each card ``holder`` holds in every world among its slots leaving at
        ``at`` or later (empty when no world exists)."""
        fill = self._solved(self._world, self._masks_of_store())
        forced: Counter[str] = Counter()
        if not self._world.perfect:
            return forced
        eligible = self._eligible(holder, at)
        held = [sum(fill[g][c] for g in eligible) for c in range(len(self._cards))]
        for c, copies in enumerate(held):
            card = self._cards[c]
            if not copies or self.feasible([Fact(holder, frozenset([card]), at)]):
                continue
            if copies == 1:
                forced[card] = 1
                continue
            inside = set(eligible)
            fewest = self._min_cost(self._masks_of_store(), [
                [1 if g in inside and i == c else 0 for i in range(len(self._cards))]
                for g in range(len(self._groups))])
            forced[card] = copies if fewest is None else fewest
        return forced

    def witness(self) -> dict[tuple[str, int], list[str]] | None:
        """One world of the physical facts and the store: (holder, leave) -> its cards (one
        entry per copy), or None when none exists."""
        fill = self._solved(self._world, self._masks_of_store())
        if not self._world.perfect:
            return None
        world: dict[tuple[str, int], list[str]] = {}
        for group, row in zip(self._groups, fill, strict=True):
            cards = world.setdefault((group.holder, group.leave), [])
            cards += [card for card, copies in zip(self._cards, row, strict=True)
                      for _ in range(copies)]
        for cards in world.values():
            cards.sort(key=self._index.__getitem__)
        return world

    def point_range(self, cost: Callable[[str, int, str], int]) -> tuple[int, int] | None:
        """The least and the greatest, over the worlds, of the sum of ``cost(holder, leave,
        card)`` over every placed unseen card (a min-cost and a max-cost perfect b-matching);
        None when no world exists."""
        if not self.feasible():
            return None
        costs = self._cost_table(cost)
        masks = self._masks_of_store()
        low = self._min_cost(masks, costs)
        high = self._min_cost(masks, [[-value for value in row] for row in costs])
        if low is None or high is None:
            return None
        return low, -high

    def point_values(self, cost: Callable[[str, int, str], int],
                     limit: int = MAX_POINT_VECTORS) -> set[int] | None:
        """Every total of `point_range`'s sum that some world reaches (the totals may have
        gaps), or None when no world exists or when more than ``limit`` partial choices
        would be needed.

        The search fixes, group by group, how many of its slots take a card of each value
        (its value classes); each partial choice that some world fits gets the least and the
        greatest total of its worlds (both reached), and is not split further when every total
        between them is already found."""
        if not self.feasible():
            return None
        table = self._cost_table(cost)
        store = self._masks_of_store()
        merged: dict[tuple[int, tuple[int, ...]], int] = {}   # groups no fact or cost tells apart
        for g, group in enumerate(self._groups):
            key = (store[g], tuple(table[g]))
            merged[key] = merged.get(key, 0) + group.count
        masks = [mask for mask, _ in merged]
        costs = [list(row) for _, row in merged]
        counts = list(merged.values())
        varying: list[tuple[int, list[tuple[int, int]]]] = []
        for g, mask in enumerate(masks):
            values: dict[int, int] = {}
            for c in bits(mask):
                values[costs[g][c]] = values.get(costs[g][c], 0) | 1 << c
            if len(values) > 1:
                varying.append((g, sorted(values.items())))
        varying.sort(key=lambda item: (len(item[1]), counts[item[0]]))
        varied = {g for g, _ in varying}
        base = sum(counts[g] * costs[g][next(bits(mask))] for g, mask in enumerate(masks)
                   if g not in varied and mask)
        least = [0] * (len(varying) + 1)      # the least and greatest values of the groups
        most = [0] * (len(varying) + 1)       # from a depth on, each group alone
        for depth in range(len(varying) - 1, -1, -1):
            g, classes = varying[depth]
            least[depth] = least[depth + 1] + counts[g] * classes[0][0]
            most[depth] = most[depth + 1] + counts[g] * classes[-1][0]
        totals: set[int] = set()
        budget = [limit]

        def known(low: int, high: int) -> bool:
            return sum(1 for total in totals if low <= total <= high) == high - low + 1

        def search(depth: int, split: list[_Part], value: int) -> bool:
            caps, parts, part_costs = _split_network(counts, masks, costs, split)
            low = min_cost_flow(self._supply, caps, parts, part_costs)
            high = min_cost_flow(self._supply, caps, parts,
                                 [[-cost for cost in row] for row in part_costs])
            if low is None or high is None:
                return True
            totals.update((low, -high))
            if known(low, -high):
                return True
            g, classes = varying[depth]
            for shares in compositions(counts[g], len(classes)):
                reached = value + sum(v * n for (v, _), n in zip(classes, shares, strict=True))
                if known(base + reached + least[depth + 1], base + reached + most[depth + 1]):
                    continue                  # nothing new below: skip the flow
                budget[0] -= 1
                if budget[0] < 0:
                    return False
                chosen = [*split, *((mask, n, g, v)
                                    for (v, mask), n in zip(classes, shares, strict=True) if n)]
                caps, parts, _ = _split_network(counts, masks, costs, chosen)
                if not max_flow(self._supply, caps, parts, None)[1]:
                    continue
                if depth + 1 == len(varying):
                    totals.add(base + reached)
                elif not search(depth + 1, chosen, reached):
                    return False
            return True

        return totals if search(0, [], 0) else None

    # -------------------------------------------------------------------------- internals

    def _mask(self, given: Iterable[str]) -> int:
        cards = given if isinstance(given, frozenset) else frozenset(given)
        mask = self._mask_cache.get(cards)
        if mask is None:
            mask = 0
            for card in cards:
                index = self._index.get(card)
                if index is not None:
                    mask |= 1 << index
            self._mask_cache[cards] = mask
        return mask

    def _names(self, mask: int | Iterable[int]) -> frozenset[str]:
        indices = bits(mask) if isinstance(mask, int) else mask
        return frozenset(self._cards[c] for c in indices)

    def _caps(self) -> list[int]:
        return [group.count for group in self._groups]

    def _changed_physically(self) -> None:
        self._physical_masks = None
        self._store_masks = None
        self._store_adjacency = None
        self._physical.stale()
        self._world.stale()

    def _eligible(self, holder: str, at: int) -> list[int]:
        return [g for g in self._of_holder.get(holder, []) if self._groups[g].leave >= at]

    def _masks_physical(self) -> list[int]:
        if self._physical_masks is None:
            every = (1 << len(self._cards)) - 1
            masks = [every if group.allowed is None else self._mask(group.allowed)
                     for group in self._groups]
            for holder, mask, after in self._exclusions:
                for g in self._eligible(holder, after):
                    masks[g] &= ~mask
            self._physical_masks = masks
        return self._physical_masks

    def _masks_of_store(self) -> list[int]:
        if self._store_masks is None:
            masks = list(self._masks_physical())
            for fact in self._store:
                self._apply(masks, fact)
            self._store_masks = masks
        return self._store_masks

    def _adjacency_of_store(self) -> list[list[int]]:
        if self._store_adjacency is None:
            self._store_adjacency = card_groups(self._masks_of_store(), len(self._cards))
        return self._store_adjacency

    def _apply(self, masks: list[int], fact: Fact) -> None:
        mask = self._mask(fact.cards)
        for g in self._affected(fact):
            masks[g] = masks[g] & mask if fact.only else masks[g] & ~mask

    def _affected(self, fact: Fact) -> list[int]:
        """The groups whose masks ``fact`` narrows: the holder's from its moment on, or, for
        a card placed (``holds``), every other group."""
        eligible = [g for g in self._eligible(fact.holder, fact.after)
                    if self._groups[g].leave <= fact.until]
        if not fact.holds:
            return eligible
        inside = set(eligible)
        return [g for g in range(len(self._groups)) if g not in inside]

    def _present(self, row: Sequence[int]) -> int:
        mask = 0
        for c, copies in enumerate(row):
            if copies:
                mask |= 1 << c
        return mask

    def _meets(self, fill: Fill, facts: Iterable[Fact]) -> bool:
        """Whether the placement ``fill`` meets every fact of ``facts``."""
        for fact in facts:
            mask = self._mask(fact.cards)
            for g in self._affected(fact):
                present = self._present(fill[g])
                if present & ~mask if fact.only else present & mask:
                    return False
        return True

    def _spare(self, fill: Fill) -> list[int]:
        return [supply - sum(row[c] for row in fill) for c, supply in enumerate(self._supply)]

    def _solved(self, solution: _Solution, masks: list[int]) -> Fill:
        """The max-flow of ``solution`` for ``masks``, solved again if the facts changed."""
        if not solution.fresh or solution.fill is None:
            seed = solution.fill if solution.fill is not None else self._physical.fill
            solution.fill, solution.perfect = max_flow(self._supply, self._caps(), masks, seed)
            solution.fresh = True
        return solution.fill

    def _feasible(self, solution: _Solution, masks: list[int], extra: list[Fact]) -> bool:
        fill = self._solved(solution, masks)
        if not solution.perfect:
            return False
        if self._meets(fill, extra):
            return True
        narrowed = list(masks)
        for fact in extra:
            self._apply(narrowed, fact)
        return max_flow(self._supply, self._caps(), narrowed, fill)[1]

    def _reach_from_group(self, fill: Fill, adjacency: list[list[int]], start: int) -> int:
        """The cards reachable from group ``start`` in the residual graph of ``fill``: each can
        be moved into ``start`` by a cycle of exchanges (a card out of a group, into another
        that may hold it)."""
        reached = 0
        seen = {start}
        stack = [start]
        while stack:
            g = stack.pop()
            for c, copies in enumerate(fill[g]):
                if copies and not reached >> c & 1:
                    reached |= 1 << c
                    for h in adjacency[c]:
                        if h not in seen:
                            seen.add(h)
                            stack.append(h)
        return reached

    def _reach_from_cards(self, fill: Fill, masks: list[int],
                          spare: list[int]) -> tuple[list[int], list[int]]:
        """The source side of the min cut: cards with spare copies and what they reach."""
        adjacency = card_groups(masks, len(self._cards))
        cards = [c for c, left in enumerate(spare) if left > 0]
        seen_cards = set(cards)
        seen_groups: set[int] = set()
        stack = list(cards)
        while stack:
            c = stack.pop()
            for g in adjacency[c]:
                if g not in seen_groups:
                    seen_groups.add(g)
                    for other, copies in enumerate(fill[g]):
                        if copies and other not in seen_cards:
                            seen_cards.add(other)
                            stack.append(other)
        return sorted(seen_cards), sorted(seen_groups)

    def _reach_to_groups(self, fill: Fill, masks: list[int],
                         caps: list[int]) -> tuple[list[int], list[int]]:
        """The sink side of the min cut: groups with empty slots, the cards they may take,
        the groups holding those cards, and so on."""
        groups = [g for g, row in enumerate(fill) if sum(row) < caps[g]]
        seen_groups = set(groups)
        seen_cards: set[int] = set()
        stack = list(groups)
        while stack:
            g = stack.pop()
            for c in bits(masks[g]):
                if c not in seen_cards:
                    seen_cards.add(c)
                    for h, row in enumerate(fill):
                        if row[c] and h not in seen_groups:
                            seen_groups.add(h)
                            stack.append(h)
        return sorted(seen_groups), sorted(seen_cards)

    def _cost_table(self, cost: Callable[[str, int, str], int]) -> list[list[int]]:
        return [[cost(group.holder, group.leave, card) for card in self._cards]
                for group in self._groups]

    def _min_cost(self, masks: list[int], costs: list[list[int]]) -> int | None:
        return min_cost_flow(self._supply, self._caps(), masks, costs)

# ------------------------------------------------------------------------- flow algorithms


def _copied(masks: list[int] | None) -> list[int] | None:
    return None if masks is None else list(masks)




def _split_network(counts: Sequence[int], masks: Sequence[int], costs: Sequence[list[int]],
                   split: list[_Part]) -> tuple[list[int], list[int], list[list[int]]]:
    """The capacities, masks and costs of the groups once each group of ``split`` is cut into
    its chosen value classes (mask, count, group, value); the others as they are."""
    chosen = {part[2] for part in split}
    caps = [part[1] for part in split]
    parts = [part[0] for part in split]
    part_costs = [[part[3]] * len(costs[0]) for part in split] if costs else []
    for g, count in enumerate(counts):
        if g not in chosen:
            caps.append(count)
            parts.append(masks[g])
            part_costs.append(costs[g])
    return caps, parts, part_costs
