"""Tags a record lacks, given on the command line or in the settings: ``check --game 28
--rules pagat --option min_bid=16`` referees records written without those tags.

A record's own tags always win: a default only fills a tag the record does not have (an
option the record sets itself keeps the record's value).

A name no game knows (``--option min_bidd=15``, ``--rules pagatt``, ``--game twentyeigth``)
is a usage error before any file is read; a name that fits some games but not a record's
game is that record's error, and its message says where the name was given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from referee.record import RecordHeader, Tag
from referee.spelling import suggest

HeaderDefaults = Callable[[RecordHeader], None]
FLAGS = {"game": "--game", "rules": "--rules"}


@dataclass(slots=True)
class GivenTag(Tag):
    """A tag the record does not have, added from ``given_by`` (``--option``, a settings
    file...), so that an error about it can say where the user wrote it."""

    given_by: str = ""


def given_by(sources: Mapping[str, str] | None, key: str) -> str:
    """Where the default ``key`` ("game", "rules" or an option name) was given."""
    return (sources or {}).get(key) or FLAGS.get(key, "--option")


def parse_assignments(words: list[str], flag: str = "--option") -> dict[str, str]:
    """``NAME=VALUE`` words as a mapping; ``ValueError`` naming the word that is not one."""
    found: dict[str, str] = {}
    for word in words:
        name, sep, value = word.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"{flag} takes NAME=VALUE, not '{word}'")
        found[name.strip()] = value.strip()
    return found


def header_defaults(game: str | None = None, rules: str | None = None,
                    options: Mapping[str, str] | None = None,
                    sources: Mapping[str, str] | None = None) -> HeaderDefaults | None:
    """A function that adds the missing tags to a record's header, or None if nothing is set;
    ``sources`` says where each was given (the default: its command-line flag)."""
    if not (game or rules or options):
        return None
    chosen = dict(options or {})

    def fill(header: RecordHeader) -> None:
        span = header.span
        if game and header.get("Game") is None:
            header.tags.insert(0, GivenTag("Game", [game], span,
                                           given_by=given_by(sources, "game")))
        if rules and header.get("Rules") is None:
            header.tags.append(GivenTag("Rules", [rules], span,
                                        given_by=given_by(sources, "rules")))
        own = {tag.values[0] for tag in header.get_all("Option") if tag.values}
        header.tags.extend(GivenTag("Option", [name, value], span,
                                    given_by=given_by(sources, name))
                           for name, value in chosen.items() if name not in own)

    return fill


def check_defaults(game: str | None, rules: str | None, options: Mapping[str, str],
                   sources: Mapping[str, str] | None = None) -> None:
    """``ValueError`` (a usage error) for a game, preset or option that no game has, or an
    option value that none of the games with that option take, naming where it was given and
    the closest name. (A name that fits some game is checked against each record's game.)"""
    from referee.rules.options import OptionError
    from referee.rules.registry import find_game, games

    where = {key: given_by(sources, key) for key in ("game", "rules", *options)}
    if game:
        try:
            find_game(game)
        except KeyError as exc:
            raise ValueError(f"{where['game']}: {exc.args[0]}") from None
    every = games()
    if rules:
        presets = sorted({name for each in every for name in each.presets})
        if rules not in presets:
            raise ValueError(f"{where['rules']}: no game has a preset '{rules}'"
                             f"{suggest(rules, presets)} (presets: {', '.join(presets)})")
    for name, value in options.items():
        specs = [spec for each in every for spec in each.option_specs if spec.name == name]
        if not specs:
            names = sorted({spec.name for each in every for spec in each.option_specs})
            raise ValueError(f"{where[name]} {name}={value}: no game has an option '{name}'"
                             f"{suggest(name, names)} ('referee games GAME' lists a game's "
                             "options)")
        errors = []
        for spec in specs:
            try:
                spec.parse(value)
            except OptionError as exc:
                errors.append(str(exc))
        if len(errors) == len(specs):
            raise ValueError(f"{where[name]} {name}={value}: {errors[0]}")
