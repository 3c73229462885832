"""The games: every game's module in its order, loading them, finding one by name, and
binding a record to its game.

Each game is one folder here (the 28 family's four games share one), and registers itself in
``referee.rules.registry`` when its ruleset module is imported. The games are loaded only as
far as the one a lookup needs, so a check of a Twenty-Eight record does not load every game.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from referee.model.errors import RecordError, located
from referee.model.record import RecordHeader
from referee.model.spelling import suggest
from referee.rules.base import Ruleset
from referee.rules.registry import (
    GameClass,
    known_aliases,
    likely_tag,
    registered,
    registered_game,
    resolve_header_options,
)

GAME_MODULES = (
    "twenty_eight.ruleset",
    "twenty_eight.twenty_nine",
    "twenty_eight.forty",
    "twenty_eight.fifty_six",
    "twenty_five.ruleset",
    "avinas.ruleset",
    "twenty_two.ruleset",
)
"""The module of each game's ruleset, under ``referee.games``, in the order ``referee games``
lists them: the 28 family first, then the others."""


def games() -> list[GameClass]:
    """Every registered game: the referee's in their order (``GAME_MODULES``), then any
    other in registration order (a module may have been imported before the others)."""
    load_games()
    order = {f"referee.games.{module}": index for index, module in enumerate(GAME_MODULES)}

    def place(game: GameClass) -> int:
        return order.get(game.__module__, len(order))

    return sorted(registered(), key=place)


def find_game(name: str) -> GameClass:
    """The game called ``name`` or one of its aliases; ``KeyError`` lists the known ones."""
    alias = name.strip().lower()
    load_games(alias)
    game = registered_game(alias)
    if game is None:
        known = ", ".join(f"{g.name} ({', '.join(g.aliases)})" if g.aliases else g.name
                          for g in games())
        raise KeyError(f"unknown game '{name}'{suggest(alias, known_aliases())} "
                       f"(known: {known})")
    return game


def ruleset_for(header: RecordHeader) -> Ruleset[Any, Any]:
    """Bind the record's game, preset and options to its table; ``RecordError`` if impossible."""
    # the tags the binding reads, as written: a record whose are the same as an earlier
    # record's gets that record's shared ruleset without working its options out again
    seen = tuple([(tag.name, *tag.values) for tag in header.tags if tag.name in _BINDING_TAGS])
    ruleset = _BY_TAGS.get(seen)
    if ruleset is not None and ruleset.shared_between_matches:
        return ruleset
    game_tag = header.get("Game")
    if game_tag is None:
        from referee.notation.tag_names import meant_tag

        slip = next((tag.name for tag in header.tags if meant_tag(tag.name) == "Game"), None)
        hint = f" (is '{slip}' meant to be 'Game'? tag names are case-sensitive)" if slip else ""
        error = RecordError("record.game", f"the record has no Game tag{hint}")
        raise located(error, header.tags[0] if header.tags else header)
    try:
        game = find_game(game_tag.value)
    except KeyError as exc:
        raise located(RecordError("record.game", exc.args[0]), game_tag) from None
    options = resolve_header_options(game, header)
    try:
        table = game.make_table(header, options)
    except RecordError as exc:
        if exc.line:
            raise
        # A game's table or option check that named no tag: the likeliest one.
        raise located(exc, likely_tag(header, exc.code) or header) from None
    if not game.shared_between_matches:
        return game(options, table)
    # a record's ruleset is made once for every record of the same game, options and table
    # (a club's archive holds thousands of short matches, each record otherwise paying the
    # tables and wiring of its game again)
    key = (game, options.preset, tuple(options.items()), table)
    ruleset = _SHARED.get(key)
    if ruleset is None:
        if len(_SHARED) >= MAX_SHARED:
            _SHARED.clear()
        ruleset = _SHARED[key] = game(options, table)
    if len(_BY_TAGS) >= MAX_SHARED:
        _BY_TAGS.clear()
    _BY_TAGS[seen] = ruleset
    return ruleset


MAX_SHARED = 64
"""Rulesets kept for the records that follow (``ruleset_for``): a file rarely holds more
than a few kinds of game."""
_SHARED: dict[tuple[Any, ...], Ruleset[Any, Any]] = {}
_BINDING_TAGS = frozenset({"Game", "Rules", "Option", "Seats", "Teams"})
"""The tags ``ruleset_for`` reads: the game, its preset and options, the table."""
_BY_TAGS: dict[tuple[Any, ...], Ruleset[Any, Any]] = {}
"""Shared rulesets by the binding tags of a record that made or found them."""


def load_games(alias: str | None = None) -> None:
    """Import the game modules in their order (each registers its game once): all of them,
    or only as far as the one that registers ``alias`` (a name or alias in lower case)."""
    for module in GAME_MODULES:
        if alias is not None and registered_game(alias) is not None:
            return
        import_module(f"referee.games.{module}")
