"""How every command that reads records reads them: in which form (TTN, or the JSON form of
schemas/record.schema.json), and with which tags for records that lack them (``--game``,
``--rules``, ``--option`` and the settings' ``game``, ``rules`` and ``options``).

``check``, ``score``, ``fmt``, ``convert``, ``annotate``, ``moves`` and ``view`` all resolve
their options through ``ReadOptions``, so a record without a Game tag reads the same in each
of them. A tag given here fills only a tag the record lacks; commands that write the record
back (``fmt``, ``convert``, ``annotate``) use it to replay the record and leave it out of
what they write (``without_given_tags``): the record stays as written.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from referee.catalogue.lookups import suggest
from referee.model.record import GivenTag, Record, RecordHeader, StreamItem
from referee.pipeline.defaults import given_by, header_defaults, parse_assignments

if TYPE_CHECKING:
    from referee.pipeline.config import Settings
    from referee.report.model import FileReport

FORMS = ("ttn", "json")
"""The forms records are read in (``--from``)."""

JSON_SUFFIXES = (".json", ".jsonl", ".ndjson")
"""File names read as the JSON form unless ``--from`` says otherwise."""


def is_json_path(path: str) -> bool:
    """True for a file name of the JSON form (.json, .jsonl, .ndjson)."""
    return str(path).lower().endswith(JSON_SUFFIXES)


@dataclass(slots=True)
class ReadOptions:
    """The settings every command that reads records shares, resolved."""

    game: str | None = None
    rules: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    option_words: list[str] = field(default_factory=list)
    partial: bool = False
    source: str | None = None
    """The form of the input: "ttn", "json", or None (by the file's extension)."""
    given_by: dict[str, str] = field(default_factory=dict)
    """"game", "rules" or an option name -> where it was given, for the game, preset and
    options taken from a settings file (the others came from their command-line flag)."""

    @staticmethod
    def merged(settings: Settings, *, game: str | None = None, rules: str | None = None,
               option: list[str] | None = None, partial: bool = False,
               source: str | None = None) -> dict[str, Any]:
        """The fields of ``ReadOptions``: the command line's values where given, else the
        settings'."""
        return {
            "game": game or settings.game,
            "rules": rules or settings.rules,
            "options": dict(settings.options),
            "option_words": list(option or []),
            "partial": partial or settings.partial,
            "source": source,
            "given_by": {name: f"{settings.source}: setting '{key}'" for key, name in (
                ("game", "game" if not game and settings.game else ""),
                ("rules", "rules" if not rules and settings.rules else ""),
                *(("options", name) for name in settings.options))
                if name and settings.source},
        }

    @classmethod
    def merge(cls, settings: Settings, **given: Any) -> ReadOptions:
        """``merged`` as a ``ReadOptions``."""
        return cls(**cls.merged(settings, **given))

    def validate_reading(self) -> None:
        """``ValueError`` for a form, game, preset or option no game has (a usage error)."""
        if self.source is not None and self.source not in FORMS:
            raise ValueError(f"--from takes {' or '.join(FORMS)}, not '{self.source}'"
                             f"{suggest(self.source, FORMS)}")
        given = parse_assignments(self.option_words)
        for name in given:
            self.given_by.pop(name, None)  # the command line's value wins
        self.options.update(given)
        self.option_words = []
        check_defaults(self.game, self.rules, self.options, self.given_by)

    @property
    def header_hook(self) -> Any:
        """Adds the tags a record lacks to its header (None if nothing is given)."""
        return header_defaults(self.game, self.rules, self.options, self.given_by)

    def reads_json(self, path: str) -> bool:
        """True if the file at ``path`` is read in the JSON form."""
        return self.source == "json" if self.source else is_json_path(path)

    def items(self, text: str, name: str) -> Iterator[StreamItem]:
        """The records of ``text`` (read from the file ``name``) as a stream, in its form,
        with the tags given here added to each header."""
        if self.reads_json(name):
            from referee.pipeline.checking import json_items

            stream = json_items(text, name)
        else:
            from referee.catalogue.lookups import record_vocabulary
            from referee.notation.parser import iter_items

            stream = iter_items(text, file=name, vocabulary=record_vocabulary)
        return with_defaults(stream, self.header_hook)

    def records(self, path: str) -> list[Record]:
        """Every record of the file at ``path``, read as ``items`` reads it."""
        from referee.notation.parser import gather
        from referee.pipeline.checking import read_text

        return list(gather(self.items(read_text(path, json=self.reads_json(path)), path)))

    def check(self, path: str, expect: bool = False, view: str | None = None) -> FileReport:
        """``check_file`` of ``path`` under these options (``--partial``: a deal stopped
        midway is a note); ``view``: as that seat saw each record (``--as``)."""
        from referee.pipeline.checking import check_file
        from referee.pipeline.selection import Selection

        selection = Selection(partial=self.partial)
        return check_file(path, expect, None, self.header_hook,
                          lambda match: selection.adjust(match), json=self.reads_json(path),
                          view=view)


def with_defaults(items: Iterable[StreamItem], hook: Any) -> Iterator[StreamItem]:
    """``items``, each header given the tags it lacks by ``hook`` (if any)."""
    for item in items:
        if hook is not None and isinstance(item, RecordHeader):
            hook(item)
        yield item


def without_given_tags(items: Iterable[StreamItem]) -> Iterator[StreamItem]:
    """``items`` with the tags added by ``with_defaults`` taken out again, for a command that
    writes the record back (the stream after it has been replayed: the game is resolved)."""
    for item in items:
        if isinstance(item, RecordHeader):
            item.tags[:] = [tag for tag in item.tags if not isinstance(tag, GivenTag)]
        yield item


def check_defaults(game: str | None, rules: str | None, options: Mapping[str, str],
                   sources: Mapping[str, str] | None = None) -> None:
    """``ValueError`` (a usage error) for a game, preset or option that no game has, or an
    option value that none of the games with that option take, naming where it was given and
    the closest name. (A name that fits some game is checked against each record's game.)"""
    from referee.games import find_game, games
    from referee.rules.options import OptionError

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
