"""The registry of games: names and aliases, and resolving a record's Rules and Option tags.

The games register themselves here when their modules are imported; loading them, finding one
by name and binding a record to its game are ``referee.games``' (this layer knows no game)."""

from __future__ import annotations

from typing import Any, TypeVar

from referee.model.errors import RecordError, located
from referee.model.record import GivenTag, RecordHeader, Tag
from referee.rules.base import Ruleset
from referee.rules.options import OptionError, Options, resolve_options

GameClass = type[Ruleset[Any, Any]]
"""A game: its ruleset class, whatever its match and deal states are."""
_R = TypeVar("_R", bound=Ruleset[Any, Any])

_GAMES: dict[str, GameClass] = {}
_ALIASES: dict[str, str] = {}


def registered() -> list[GameClass]:
    """The registered games, in registration order."""
    return list(_GAMES.values())


def registered_game(alias: str) -> GameClass | None:
    """The registered game called ``alias`` (a name or alias in lower case), or None."""
    name = _ALIASES.get(alias)
    return None if name is None else _GAMES[name]


def known_aliases() -> list[str]:
    """Every registered name and alias, in lower case."""
    return list(_ALIASES)


def register(game: type[_R]) -> type[_R]:
    """Class decorator: make ``game`` findable by its name and aliases."""
    _GAMES[game.name] = game
    for alias in (game.name, *game.aliases):
        _ALIASES[alias.lower()] = game.name
    return game


def likely_tag(header: RecordHeader, code: str) -> Tag | None:
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
