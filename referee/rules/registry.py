"""The registry of games: names, aliases, and resolving a record's Game/Rules/Option tags."""

from __future__ import annotations

from typing import Any, TypeVar

from referee.defaults import GivenTag
from referee.errors import RecordError, located
from referee.record import RecordHeader, Tag
from referee.rules.base import Ruleset
from referee.rules.options import OptionError, Options, resolve_options
from referee.spelling import suggest

GameClass = type[Ruleset[Any, Any]]
"""A game: its ruleset class, whatever its match and deal states are."""
_R = TypeVar("_R", bound=Ruleset[Any, Any])

_GAMES: dict[str, GameClass] = {}
_ALIASES: dict[str, str] = {}


def register(game: type[_R]) -> type[_R]:
    """Class decorator: make ``game`` findable by its name and aliases."""
    _GAMES[game.name] = game
    for alias in (game.name, *game.aliases):
        _ALIASES[alias.lower()] = game.name
    return game


def games() -> list[GameClass]:
    """Every registered game: the referee's in their order (``GAME_MODULES``), then any
    other in registration order (a module may have been imported before the others)."""
    from referee.games import GAME_MODULES

    _load_games()
    order = {f"referee.games.{module}": index for index, module in enumerate(GAME_MODULES)}

    def place(game: GameClass) -> int:
        module = ".".join(game.__module__.split(".")[:3])
        return order.get(module, len(order))

    return sorted(_GAMES.values(), key=place)


def find_game(name: str) -> GameClass:
    """The game called ``name`` or one of its aliases; ``KeyError`` lists the known ones."""
    _load_games(name.strip().lower())
    key = _ALIASES.get(name.strip().lower())
    if key is None:
        known = ", ".join(f"{g.name} ({', '.join(g.aliases)})" if g.aliases else g.name
                          for g in games())
        raise KeyError(f"unknown game '{name}'{suggest(name.strip().lower(), _ALIASES)} "
                       f"(known: {known})")
    return _GAMES[key]


def ruleset_for(header: RecordHeader) -> Ruleset[Any, Any]:
    """Bind the record's game, preset and options to its table; ``RecordError`` if impossible."""
    game_tag = header.get("Game")
    if game_tag is None:
        from referee.tag_names import meant_tag

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
        raise located(exc, _likely_tag(header, exc.code) or header) from None
    return game(options, table)


def _likely_tag(header: RecordHeader, code: str) -> Tag | None:
    """The tag an unlocated table or option error most likely concerns."""
    names = (("Option", "Rules", "Game") if code.startswith("record.option")
             else ("Teams", "Seats", "Game"))
    for name in names:
        tag = header.get(name)
        if tag is not None:
            return tag
    return None


def resolve_header_options(game: GameClass, header: RecordHeader) -> Options:
    """Options from the game's defaults, the ``Rules`` preset and the ``Option`` tags."""
    rules_tag = header.get("Rules")
    overrides = []
    for tag in header.get_all("Option"):
        if len(tag.values) != 2:
            raise located(
                RecordError("record.option",
                            'an Option tag takes a name and a value: [Option "name" "value"]'),
                tag,
            )
        overrides.append((tag.values[0], tag.values[1]))
    try:
        return resolve_options(
            game.option_specs, game.presets, rules_tag.value if rules_tag else None, overrides
        )
    except OptionError as exc:
        culprit = rules_tag if exc.option is None else next(
            (tag for tag in header.get_all("Option") if tag.values[0] == exc.option), None)
        message = str(exc)
        if isinstance(culprit, GivenTag):  # not in the record: say where the user wrote it
            given = "=".join(culprit.values) if culprit.name == "Option" else culprit.value
            message = f"{culprit.given_by} {given} (not in the record): {message}"
        raise located(RecordError(exc.code, message), culprit or header) from None


def _load_games(alias: str | None = None) -> None:
    """Import the game modules in their order (each registers its game once): all of them,
    or only as far as the one that registers ``alias`` (a name or alias in lower case)."""
    from importlib import import_module

    from referee.games import GAME_MODULES

    for module in GAME_MODULES:
        if alias is not None and alias in _ALIASES:
            return
        import_module(f"referee.games.{module}")
