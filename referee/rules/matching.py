"""Perfect b-matchings of cards to slot groups, the algorithms under `referee.rules.worlds`.

Cards are numbered 0..n-1, each with its copies (``supply``); groups 0..m-1, each with its
slots (``caps``) and the mask of the cards it may take (bit c set: card c allowed). A placement
(``Fill``) gives, for each group, the copies of each card it holds. The sizes are small (a
pack of at most 52 cards, some 60 groups), so the algorithms are the plain ones: augmenting
paths for the max-flow, successive shortest paths (Bellman-Ford with a queue) for the
min-cost flow.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from itertools import combinations

Fill = list[list[int]]
"""A placement: for each slot group, the copies of each card (by index) it holds."""


def bits(mask: int) -> Iterator[int]:
    """The indices of the bits set in ``mask``, lowest first."""
    index = 0
    while mask:
        if mask & 1:
            yield index
        mask >>= 1
        index += 1


def card_groups(masks: Sequence[int], cards: int) -> list[list[int]]:
    """For each card, the groups that may hold it."""
    groups: list[list[int]] = [[] for _ in range(cards)]
    for g, mask in enumerate(masks):
        for c in bits(mask):
            groups[c].append(g)
    return groups


def max_flow(supply: Sequence[int], caps: Sequence[int], masks: Sequence[int],
             seed: Fill | None) -> tuple[Fill, bool]:
    """A max-flow from cards to groups, and whether it is perfect (every copy placed, every
    slot filled). ``seed``, an earlier placement, is kept where the masks still allow it, so a
    repair costs a few augmenting paths."""
    cards, groups = len(supply), len(caps)
    fill = [[0] * cards for _ in range(groups)]
    if seed is not None:
        for g, row in enumerate(seed[:groups]):
            for c in bits(masks[g]):
                if c < len(row):
                    fill[g][c] = row[c]
    room = [cap - sum(row) for cap, row in zip(caps, fill, strict=True)]
    for g in (g for g in range(groups) if room[g] < 0):    # a seed from larger groups
        for c in range(cards):
            while room[g] < 0 and fill[g][c]:
                fill[g][c] -= 1
                room[g] += 1
    spare = [copies - sum(row[c] for row in fill) for c, copies in enumerate(supply)]
    for c in (c for c in range(cards) if spare[c] < 0):     # or from more copies
        for g in range(groups):
            while spare[c] < 0 and fill[g][c]:
                fill[g][c] -= 1
                spare[c] += 1
                room[g] += 1
    if any(spare) or any(room):
        edges = card_groups(masks, cards)
        for c in range(cards):                    # greedy first: most copies go straight in
            for g in edges[c]:
                if not spare[c]:
                    break
                placed = min(spare[c], room[g])
                if placed > 0:
                    fill[g][c] += placed
                    spare[c] -= placed
                    room[g] -= placed
        while any(spare) and any(room) and _augment(fill, edges, spare, room):
            pass
    return fill, not any(spare) and not any(room)


def _augment(fill: Fill, edges: list[list[int]], spare: list[int], room: list[int]) -> bool:
    """Place one more copy along a shortest augmenting path (False when there is none)."""
    unseen = -2
    card_from = [unseen] * len(spare)             # the group a card is taken out of (-1: source)
    group_from = [-1] * len(room)                 # the card put into a group
    queue: deque[int] = deque()
    for c, left in enumerate(spare):
        if left > 0:
            card_from[c] = -1
            queue.append(c)
    while queue:
        c = queue.popleft()
        for g in edges[c]:
            if group_from[g] >= 0:
                continue
            group_from[g] = c
            if room[g] > 0:
                room[g] -= 1
                while True:
                    card = group_from[g]
                    fill[g][card] += 1
                    g = card_from[card]
                    if g == -1:
                        spare[card] -= 1
                        return True
                    fill[g][card] -= 1
            for other, copies in enumerate(fill[g]):
                if copies and card_from[other] == unseen:
                    card_from[other] = g
                    queue.append(other)
    return False


def min_cost_flow(supply: Sequence[int], caps: Sequence[int], masks: Sequence[int],
                  costs: Sequence[Sequence[int]]) -> int | None:
    """The least total cost of a perfect placement (None when there is none), by successive
    shortest paths (Bellman-Ford with a queue). Cards that no mask and no cost tells apart
    are one node (an atom)."""
    atoms: dict[tuple[int | None, ...], int] = {}
    atom_supply: list[int] = []
    atom_card: list[int] = []
    for c, copies in enumerate(supply):
        key = tuple(costs[g][c] if mask >> c & 1 else None for g, mask in enumerate(masks))
        if key in atoms:
            atom_supply[atoms[key]] += copies
        else:
            atoms[key] = len(atom_supply)
            atom_supply.append(copies)
            atom_card.append(c)
    if sum(atom_supply) != sum(caps):
        return None
    source, sink = 0, 1
    nodes = 2 + len(atom_supply) + len(caps)
    head: list[list[int]] = [[] for _ in range(nodes)]
    to: list[int] = []
    capacity: list[int] = []
    price: list[int] = []

    def edge(a: int, b: int, amount: int, value: int) -> None:
        for start, end, cap, val in ((a, b, amount, value), (b, a, 0, -value)):
            head[start].append(len(to))
            to.append(end)
            capacity.append(cap)
            price.append(val)

    first_group = 2 + len(atom_supply)
    for a, copies in enumerate(atom_supply):
        edge(source, 2 + a, copies, 0)
        c = atom_card[a]
        for g, mask in enumerate(masks):
            if mask >> c & 1:
                edge(2 + a, first_group + g, min(copies, caps[g]), costs[g][c])
    for g, cap in enumerate(caps):
        edge(first_group + g, sink, cap, 0)
    flow = total = 0
    infinite = float("inf")
    while True:
        distance: list[float] = [infinite] * nodes
        through = [-1] * nodes
        queued = [False] * nodes
        distance[source] = 0
        queue = deque([source])
        while queue:
            node = queue.popleft()
            queued[node] = False
            for e in head[node]:
                if capacity[e] > 0 and distance[node] + price[e] < distance[to[e]]:
                    distance[to[e]] = distance[node] + price[e]
                    through[to[e]] = e
                    if not queued[to[e]]:
                        queued[to[e]] = True
                        queue.append(to[e])
        if distance[sink] == infinite:
            break
        push = sum(caps)
        node = sink
        while node != source:
            e = through[node]
            push = min(push, capacity[e])
            node = to[e ^ 1]
        node = sink
        while node != source:
            e = through[node]
            capacity[e] -= push
            capacity[e ^ 1] += push
            total += push * price[e]
            node = to[e ^ 1]
        flow += push
    return total if flow == sum(caps) else None


def compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` ordered counts of at least zero."""
    for bars in combinations(range(total + parts - 1), parts - 1):
        edges = (-1, *bars, total + parts - 1)
        yield tuple(edges[i + 1] - edges[i] - 1 for i in range(parts))
