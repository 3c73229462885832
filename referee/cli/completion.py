"""Shell completion of the values the ``referee`` command takes: games, presets, options and
their values, rule ids and formats.

Typer calls these (``autocompletion=``) only when the shell asks for a completion
(``referee --install-completion`` sets that up); each returns ``(value, help)`` pairs that
Typer filters by what was typed. The games are imported here, inside the functions, never
at start-up: ``referee --help`` stays fast. A value that depends on another (the presets and
options of ``--game 28``, an option's values after ``NAME=``) reads what the command line
holds so far from the context.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import typer

from referee.report import FORMATS as REPORT_FORMATS

Items = list[tuple[str, str]]

FORMATS: dict[str, str] = {name: row.summary for name, row in REPORT_FORMATS.items()}
"""``referee check --format``: each format and what it is for."""

_SMALL_RANGE = 40
"""Whole-number options with at most this many values have them all completed."""


def _games(ctx: typer.Context | None) -> list[Any]:
    """The game the command line names (``--game``, or the ``GAME`` argument), else every
    game."""
    from referee.games import find_game, games

    named = _given(ctx, "game")
    if isinstance(named, str):
        try:
            return [find_game(named)]
        except KeyError:
            pass
    return list(games())


def _given(ctx: typer.Context | None, name: str) -> Any:
    """The value of parameter ``name`` on the command line so far. An argument before the
    option being completed is still among the context's unparsed words (the option's missing
    value stops the parse before arguments are assigned): the first of them, then."""
    if ctx is None:
        return None
    value = (ctx.params or {}).get(name)
    if value is None and ctx.args and any(
            param.name == name and param.param_type_name == "argument"
            for param in ctx.command.params):
        return ctx.args[0]
    return value


def complete_game(incomplete: str) -> Items:
    """Game names and aliases."""
    from referee.games import games

    items: Items = []
    for game in games():
        items.append((game.name, game.title))
        items.extend((alias, game.title) for alias in game.aliases)
    return _starting(items, incomplete)


def complete_preset(ctx: typer.Context, incomplete: str) -> Items:
    """The presets of the game named so far, or of every game."""
    found: dict[str, str] = {}
    for game in _games(ctx):
        for preset in game.presets.values():
            found.setdefault(preset.name, _short(preset.description) or game.title)
    return _starting(found.items(), incomplete)


def complete_option(ctx: typer.Context, incomplete: str) -> Items:
    """``NAME=`` for the options of the game named so far (or every game); after ``NAME=``,
    that option's values."""
    specs: dict[str, Any] = {}
    for game in _games(ctx):
        for spec in game.option_specs:
            specs.setdefault(spec.name, spec)
    name, equals, _ = incomplete.partition("=")
    if not equals:
        return _starting(((f"{spec.name}=", _short(spec.meaning))
                          for spec in specs.values()), incomplete)
    spec = specs.get(name)
    if spec is None:
        return []
    return _starting(((f"{name}={value}", "") for value in option_values(spec)), incomplete)


def option_values(spec: Any) -> list[str]:
    """The values to offer for an option: its choices, yes and no, or a small range of
    whole numbers (else its default)."""
    if spec.kind == "bool":
        return ["yes", "no"]
    if spec.kind == "choice":
        return list(spec.choices)
    low, high = spec.minimum, spec.maximum
    if low is not None and high is not None and high - low < _SMALL_RANGE:
        return [str(value) for value in range(low, high + 1)]
    return [spec.show(spec.default)]


def complete_rule(incomplete: str) -> Items:
    """Every rule id the referee reports, with what it requires."""
    from referee.catalogue.lookups import all_rules

    return _starting(((key, _short(entry.summary)) for key, entry in all_rules().items()),
                     incomplete)


def complete_format(incomplete: str) -> Items:
    """``check --format``: the report formats."""
    return _starting(FORMATS.items(), incomplete)


def complete_color(incomplete: str) -> Items:
    return _starting([("auto", "colour on a terminal"), ("always", ""), ("never", "")],
                     incomplete)


def complete_moves_format(incomplete: str) -> Items:
    return _starting([("text", "for people"), ("json", "for programs")], incomplete)


def complete_form(incomplete: str) -> Items:
    """``convert --to`` and ``--from``: the two forms of a record."""
    return _starting([("json", "JSON Lines, one record a line"), ("ttn", "TTN text")],
                     incomplete)


def _starting(items: Iterable[tuple[str, str]], incomplete: str) -> Items:
    return [(value, text) for value, text in items if value.startswith(incomplete)]


def _short(text: str, width: int = 60) -> str:
    """A help text in a player's words, cut to one short line (shells show it beside the
    value)."""
    line = " ".join(text.split())
    return line if len(line) <= width else line[:width - 3].rstrip() + "..."
