"""Random legal play for every registered game, seeded: fixtures, fuzzing and benchmarks.

The simulator asks the game's ``Ruleset`` for everything: ``legal_actions(state).allowed`` is
the only menu it chooses from, so a simulated record is legal by construction and the referee
must find nothing in it (the random self-play oracle of docs/architecture.md). Choices are
weighted by action kind so that the rare actions (doubles, calls, pairs, single hands,
redeals) still turn up regularly in a few hundred deals.

Determinism: every deal draws from two private ``random.Random`` streams seeded from
``(seed, deal ordinal)``, one for the cards and one for the choices, and the allowed actions
are put in a fixed order before choosing. The same seed therefore always gives the same text,
whatever order a game's ``candidates`` happens to yield (sets of ``str`` iterate in a
hash-dependent order).

Dealing is the game's ``Ruleset.deal_hands`` (its ``pack`` dealt by ``deal_rounds`` unless
the game deals otherwise); each deal goes through the referee loop (``referee.rules.loop``)
like a recorded one, so a chosen action the loop would not accept is a bug, raised at once.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from referee.games import find_game, ruleset_for
from referee.model.record import (
    Action,
    Deal,
    Event,
    Record,
    RecordHeader,
    ResultLine,
    Tag,
)
from referee.rules.base import DealState, Exclusion, MatchState, Ruleset
from referee.rules.loop import DealRun

EVENT_TAG = "referee simulate"

KIND_WEIGHTS: Mapping[str, float] = {
    "play": 1.0,
    "bid": 1.0,
    "pass": 2.2,
    "trump": 1.0,
    "double": 0.35,
    "redouble": 0.6,
    "call": 2.5,
    "pair": 6.0,
    "single": 0.03,
    "redeal": 1.0,
    "turnup": 1.0,
    "rob": 1.0,
    "exchange": 1.0,
    "knock": 0.1,
    "down": 1.0,
    "stop": 0.2,
    "claim": 0.0,
    "hold": 1.0,
    "c-call": 1.0,
    "show": 4.0,
}
"""How likely each kind of action is, among the kinds allowed at a moment.

A kind is drawn first (by these weights), then one action of that kind. ``pass`` outweighs
``bid`` so that auctions end after a few rounds; ``call`` and ``pair`` are taken most of the
times they are allowed; ``single`` is offered at several moments of every deal and so has a
small weight. ``claim`` is never chosen: the simulator plays every card. A sure hand is rare,
so ``show`` is taken most of the times it is allowed (28 family variants).
"""

BID_DECAY = 0.55
"""Among the allowed bids, the k-th lowest has weight ``BID_DECAY ** k``: small raises."""

_MAX_STEPS = 2000


class Break(NamedTuple):
    """One substituted action: ``deal_no`` counts deals across all records (1-based, in the
    order ``replay_stream`` reports them); ``event_index`` indexes ``Deal.events``."""

    deal_no: int
    event_index: int
    action: Action
    rule: str


# -- the header and the table ----------------------------------------------------------------


def make_header(
    game: str,
    preset: str | None = None,
    *,
    seats: Sequence[str] | None = None,
    teams: Sequence[Sequence[str]] | None = None,
    options: Mapping[str, Any] | None = None,
    event: str = EVENT_TAG,
) -> RecordHeader:
    """The tags of a simulated record; ``Seats`` is added when the game has no default seats."""
    cls = find_game(game)
    tags = [Tag("Game", [cls.name])]
    if preset is not None:
        tags.append(Tag("Rules", [preset]))
    for name, value in (options or {}).items():
        shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
        tags.append(Tag("Option", [name, shown]))
    if seats is None and cls.default_seats is None:
        seats = _default_seat_names(cls)
    if seats is not None:
        tags.append(Tag("Seats", [" ".join(seats)]))
    if teams is not None:
        tags.append(Tag("Teams", [" ".join(team) for team in teams]))
    tags.append(Tag("Event", [event]))
    return RecordHeader(tags=tags)


def seat_names(count: int) -> tuple[str, ...]:
    """``count`` seats named P1, P2, ... in clockwise order (for ``--players``)."""
    return tuple(f"P{i}" for i in range(1, count + 1))


def table_spec(game: str, players: int | None = None, teams: str | None = None
               ) -> dict[str, Any]:
    """``seats``/``teams`` keywords for ``simulate_records`` from the CLI's words.

    ``teams`` is a team size ("2" for pairs, "3" for threes: partners sit alternately, every
    k-th seat, unless the game's ``teams_of_size`` seats them otherwise), "none" for
    individual play, or explicit teams: "P1 P3,P2 P4".
    """
    cls = find_game(game)
    spec: dict[str, Any] = {}
    seats = seat_names(players) if players is not None else None
    if teams is None:
        if seats is not None:
            spec["seats"] = seats
        return spec
    if seats is None:
        seats = cls.default_seats or _default_seat_names(cls)
    spec["seats"] = seats
    word = teams.strip().lower()
    if word in ("none", "1", "individual"):
        spec["teams"] = tuple((seat,) for seat in seats)
    elif word.isdigit():
        size = int(word)
        if size < 1 or len(seats) % size:
            raise ValueError(f"{len(seats)} players cannot sit in teams of {size}")
        spec["teams"] = tuple(cls.teams_of_size(tuple(seats), size))
    else:
        spec["teams"] = tuple(tuple(part.split()) for part in teams.split(","))
    return spec


def _default_seat_names(cls: type[Ruleset]) -> tuple[str, ...]:
    return seat_names(cls.default_player_count)


# -- choosing ---------------------------------------------------------------------------------


def _action_key(action: Action) -> tuple:
    return (action.kind, action.seat or "", str(action.value), action.cards, action.drawn)


def choose_action(allowed: Iterable[Action], rng: random.Random) -> Action:
    """One of ``allowed``: a kind by ``KIND_WEIGHTS``, then an action of that kind."""
    by_kind: dict[str, list[Action]] = {}
    for action in sorted(allowed, key=_action_key):
        by_kind.setdefault(action.kind, []).append(action)
    if not by_kind:
        raise ValueError("no action to choose from")
    kinds = sorted(by_kind)
    weights = [KIND_WEIGHTS.get(kind, 1.0) for kind in kinds]
    if not any(weights):
        weights = [1.0] * len(kinds)
    kind = rng.choices(kinds, weights)[0]
    options = by_kind[kind]
    if kind == "bid":
        bids = [(a.value, a) for a in options if isinstance(a.value, int)]
        if len(bids) == len(options):  # numbers only: the lower, the likelier
            ranked = [a for _, a in sorted(bids, key=lambda bid: bid[0])]
            return rng.choices(ranked, [BID_DECAY**i for i in range(len(ranked))])[0]
    if kind == "trump":
        # choices(), not choice(): the same draw as when the seventh card had a weight of its
        # own, so a seed still simulates the same match.
        return rng.choices(options)[0]
    return rng.choice(options)


def trick_mark(state: DealState, action: Action) -> int | None:
    """The trick mark the canonical record gives ``action``: the number of a trick it opens."""
    if action.kind in ("play", "down") and state.trick_len == 0:  # "down": a face-down lead
        return state.trick_no + 1
    return None


# -- the simulator ----------------------------------------------------------------------------


def _rng(seed: int, ordinal: int, stream: str) -> random.Random:
    # str seeds are hashed with SHA-512 by random.seed: stable across runs and platforms.
    return random.Random(f"referee-simulate/{seed}/{ordinal}/{stream}")


def simulate_records(
    game: str, deals: int, seed: int, preset: str | None = None, **table: Any
) -> list[Record]:
    """``deals`` deals of random legal play, as matches: a new record whenever one ends.

    ``table`` may give ``seats``, ``teams`` and ``options`` (a mapping written as Option
    tags). Each deal ends with a ``result`` line of the computed card points when the deal
    was scored.
    """
    from referee.notation.parser import gather

    return list(gather(simulate_items(game, deals, seed, preset, **table)))


def simulate_items(
    game: str, deals: int, seed: int, preset: str | None = None, **table: Any
) -> Iterator[RecordHeader | Deal]:
    """``simulate_records`` as a stream of headers and deals, made one at a time (a long
    simulation is written as it is played, never held)."""
    unknown = set(table) - {"seats", "teams", "options"}
    if unknown:
        raise TypeError(f"unknown keyword(s): {', '.join(sorted(unknown))}")
    ordinal = 0
    while ordinal < deals:
        header = make_header(game, preset, **table)
        ruleset = ruleset_for(header)
        match = ruleset.new_match()
        yield header
        played = 0
        dealer: str | None = _rng(seed, ordinal, "dealer").choice(ruleset.table.seats)
        while ordinal < deals and not ruleset.is_match_over(match):
            ordinal += 1
            played += 1
            yield _play_deal(ruleset, match, played, dealer, seed, ordinal)
            dealer = match.next_dealer  # later deals: the game's own rule


def _play_deal(
    ruleset: Ruleset, match: MatchState, number: int, dealer: str | None, seed: int,
    ordinal: int,
) -> Deal:
    hands = ruleset.deal_hands(_rng(seed, ordinal, "cards"), dealer)
    deal = Deal(number, dealer, hands, [])
    run = DealRun(ruleset, match, deal)
    state = run.state
    # State the dealer the rotation gave, so that the record reads on its own.
    deal.dealer = state.dealer
    if state.deal_findings:
        raise RuntimeError(f"simulated deal {number} starts with findings: {state.deal_findings}")
    rng = _rng(seed, ordinal, "choices")
    for _ in range(_MAX_STEPS):
        if ruleset.is_deal_over(state):
            break
        allowed = ruleset.legal_actions(state).allowed
        if not allowed:
            raise RuntimeError(
                f"{ruleset.name}: no legal action in deal {number} before it is over"
            )
        action = choose_action(allowed, rng)
        deal.items.append(Event(action, trick=trick_mark(state, action)))
        exclusion = run.step(action)
        if exclusion is not None:
            raise RuntimeError(f"{ruleset.name}: legal_actions offered {action}, which "
                               f"check excludes ({exclusion.rule})")
    else:
        raise RuntimeError(f"{ruleset.name}: deal {number} did not end in {_MAX_STEPS} actions")
    result = run.settle()
    if result.scored and result.points:
        deal.items.append(ResultLine("points", tuple(result.points.items())))
    return deal


def simulate(game: str, deals: int, seed: int, preset: str | None = None, **table: Any) -> str:
    """``simulate_records`` as canonical TTN text."""
    return "".join(simulate_text(game, deals, seed, preset, **table))


def simulate_text(
    game: str, deals: int, seed: int, preset: str | None = None, *, view: str | None = None,
    **table: Any
) -> Iterator[str]:
    """``simulate`` in chunks, a header or a deal each, written as they are played; with
    ``view``, as that seat saw them (referee.replay.viewpoint)."""
    from referee.notation.writer import write_items
    from referee.replay.canonical import game_spelling, table_seats

    items: Iterable[RecordHeader | Deal] = simulate_items(game, deals, seed, preset, **table)
    if view is not None:
        from referee.replay.viewpoint import view_items

        items = view_items(items, view)
    return write_items(items, table_seats, game_spelling)


def simulate_from_words(game: str, deals: int, seed: int, preset: str | None = None,
                        players: int | None = None, teams: str | None = None,
                        option_words: Sequence[str] = (), view: str | None = None
                        ) -> Iterator[str]:
    """What ``referee simulate`` writes, in chunks, from its words: ``option_words`` are
    NAME=VALUE; ``view`` (``--as SEAT``) writes the records as that seat saw them.

    ``KeyError`` for an unknown game, ``ValueError`` for a malformed option word or a table
    the game cannot seat, ``OptionError`` or ``RecordError`` for options the game refuses.
    """
    find_game(game)
    options: dict[str, str] = {}
    for word in option_words:
        name, sep, value = word.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"--option takes NAME=VALUE, not '{word}'")
        options[name.strip()] = value.strip()
    table = table_spec(game, players, teams)
    if options:
        table["options"] = options
    return simulate_text(game, deals, seed, preset, view=view, **table)


# -- breaking a record ------------------------------------------------------------------------


def break_one_action(records: list[Record], rng: random.Random,
                     rules: Collection[str] | None = None) -> list[Break]:
    """Replace one event of every deal by an action ``legal_actions`` excludes there.

    ``records`` must be legal (as simulated) and are changed in place. For each deal one event
    is drawn (or the next one with an exclusion, if nothing is excluded there); half of the
    time the substitute is drawn from the non-fatal exclusions, otherwise from the fatal ones
    (when both kinds exist), by rule id first and then among the actions of that rule. Besides
    the excluded candidates of ``legal_actions``, plays of a card dealt to another seat are
    probed (see ``_excluded``). The rest of the deal is kept as it was. Returns what was
    substituted, with the rule id ``check`` gave, one entry per broken deal.

    With ``rules``, only exclusions under those rule ids are substituted, at the first event
    of a deal where one exists (so that a rare action, a variant's, is broken in every deal
    that reaches it); deals without one are left as they are.

    Each deal is judged from the match state the original deals lead to; a referee replaying
    the broken records scores a broken deal differently (penalties), which can shift the
    dealer or end the match earlier, so check every broken deal after the original deals
    before it (see tests/test_random_play.py).
    """
    breaks: list[Break] = []
    ordinal = 0
    for record in records:
        ruleset = ruleset_for(record.header)
        match = ruleset.new_match()
        for deal in record.deals:
            ordinal += 1
            events = deal.events
            # Draw the event first and judge only there: one legal_actions call a deal. Where
            # nothing is excluded (rare), the next event that has an exclusion is taken.
            target = rng.randrange(len(events)) if events and rules is None else 0
            found: tuple[int, list[tuple[Action, Exclusion]]] | None = None
            run = DealRun(ruleset, match, deal)
            for index, (_, _) in enumerate(run.events()):
                if found is None and index >= target:
                    excluded = _excluded(ruleset, run.state, deal)
                    if rules is not None:
                        excluded = [pair for pair in excluded if pair[1].rule in rules]
                    if excluded:
                        found = (index, excluded)
            run.settle()
            if found is None:
                continue
            index, excluded = found
            gentle = [pair for pair in excluded if not pair[1].fatal]
            fatal = [pair for pair in excluded if pair[1].fatal]
            pool = gentle if gentle and (not fatal or rng.random() < 0.5) else fatal
            # A rule first, then an action it excludes: many candidates share one rule (every
            # seat's "pair" during play), and the rarer rules deserve their turn.
            by_rule: dict[str, list[tuple[Action, Exclusion]]] = {}
            for pair in pool:
                by_rule.setdefault(pair[1].rule, []).append(pair)
            action, exclusion = rng.choice(by_rule[rng.choice(sorted(by_rule))])
            original = events[index]
            substitute = Event(action, trick=original.trick if action.kind == "play" else None)
            position = next(i for i, item in enumerate(deal.items) if item is original)
            deal.items[position] = substitute
            breaks.append(Break(ordinal, index, action, exclusion.rule))
    return breaks


def _excluded(
    ruleset: Ruleset, state: DealState, deal: Deal
) -> list[tuple[Action, Exclusion]]:
    """What may be substituted now: the excluded candidates, and the probes ``check`` excludes.

    A game's ``candidates`` need not offer the actions that would stop a replay (a card the
    seat does not hold, a play out of turn), so each seat is also probed with a play of a card
    dealt to another seat, judged by the same ``check`` that ``legal_actions`` runs.
    """
    judged = list(ruleset.legal_actions(state).excluded)
    if "play" in ruleset.accepted_actions:
        for hand in deal.hands:
            foreign = sorted(c for other in deal.hands if other.seat != hand.seat
                             for c in other.cards)
            if foreign:
                probe = Action(hand.seat, "play", cards=(foreign[0],))
                exclusion = ruleset.check(state, probe)
                if exclusion is not None:
                    judged.append((probe, exclusion))
    excluded = [
        (action, exclusion)
        for action, exclusion in judged
        if action.kind in ruleset.accepted_actions
        and (action.seat is None or action.seat in ruleset.table)
    ]
    excluded.sort(key=lambda pair: _action_key(pair[0]))
    return excluded
