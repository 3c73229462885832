"""The options of every command that reads records, defined once: ``--game``, ``--rules``,
``--option``, ``--partial``, ``--from``, ``--config`` and ``--isolated``.

``check``, ``score``, ``fmt``, ``convert``, ``annotate``, ``moves`` and ``view`` take these
same parameters (the aliases below) and resolve them, over the settings of referee.toml or
``[tool.referee]``, through ``reading_options``; referee.pipeline.reading says how records
are then read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar

import typer

from referee.cli import completion
from referee.cli.output import EXIT_UNREADABLE
from referee.cli.output import echo_err as _echo_err

if TYPE_CHECKING:  # imported when a command runs: --help stays fast
    from referee.model.errors import RefereeError
    from referee.pipeline.config import Settings
    from referee.pipeline.reading import ReadOptions

T = TypeVar("T")

GameOption = Annotated[str | None, typer.Option(
    "--game", metavar="GAME", show_default=False, autocompletion=completion.complete_game,
    help="The game of records without a Game tag (default: the settings' game).")]
RulesOption = Annotated[str | None, typer.Option(
    "--rules", metavar="PRESET", show_default=False, autocompletion=completion.complete_preset,
    help="The preset of records without a Rules tag.")]
OptionOption = Annotated[list[str] | None, typer.Option(
    "--option", metavar="NAME=VALUE", show_default=False,
    autocompletion=completion.complete_option,
    help="An option for records that do not set it (repeatable).")]
PartialOption = Annotated[bool, typer.Option(
    "--partial",
    help="Records may stop before the end (a game in progress): legal so far is exit 0, and "
         "the report says where each unfinished deal stands and who is to act.")]
AsOption = Annotated[str | None, typer.Option(
    "--as", metavar="SEAT", show_default=False,
    help="Each record as SEAT saw it at the table: the other hands left out, the concealed "
         "trump card '??' until a call shows it (the 28 family), a rob's discard '??' "
         "(Twenty-Five), the other exchanges as their counts '?? > ??' (Twenty-Two); "
         "docs/notation.md, \"Writing a record from one seat\".")]
FromOption = Annotated[str | None, typer.Option(
    "--from", metavar="ttn|json", show_default=False, autocompletion=completion.complete_form,
    help="The form of the input: ttn, or json (the JSON form, schemas/record.schema.json: "
         "one record, a list, or JSON Lines). Default: json for a .json, .jsonl or .ndjson "
         "file, else ttn.")]
ConfigOption = Annotated[str | None, typer.Option(
    "--config", metavar="FILE", show_default=False,
    help="Read the settings from this file instead of the nearest referee.toml or "
         "pyproject.toml ([tool.referee]).")]
IsolatedOption = Annotated[bool, typer.Option(
    "--isolated",
    help="Ignore every settings file (referee.toml, [tool.referee]): only the command line "
         "counts.")]


def fail(message: str) -> NoReturn:
    """A usage error: ``message`` on standard error, exit code 2."""
    _echo_err(message)
    raise typer.Exit(EXIT_UNREADABLE)


def load_settings(config: str | None, isolated: bool = False) -> Settings:
    """The settings that apply (none under ``--isolated``); a bad file is a usage error."""
    from referee.pipeline.config import ConfigError, Settings
    from referee.pipeline.config import load_settings as load

    if isolated:
        if config is not None:
            fail("referee: use --config or --isolated, not both")
        return Settings()
    try:
        return load(explicit=config)
    except ConfigError as exc:
        fail(f"referee: {exc}")


def reading_options(command: str, config: str | None, isolated: bool, *,
                    game: str | None = None, rules: str | None = None,
                    option: list[str] | None = None, partial: bool = False,
                    source: str | None = None,
                    settings: Settings | None = None) -> ReadOptions:
    """How ``command`` reads records: the command line over the settings (``settings`` if
    already loaded), checked; a game, preset, option or form no game has is a usage error."""
    from referee.pipeline.reading import ReadOptions

    if settings is None:
        settings = load_settings(config, isolated)
    options = ReadOptions.merge(settings, game=game, rules=rules, option=option,
                                partial=partial, source=source)
    try:
        options.validate_reading()
    except ValueError as exc:
        fail(f"referee {command}: {exc}")
    return options


def on_record(file: str, work: Callable[[Iterator[Any]], T], reading: ReadOptions | None = None,
              show: Callable[[RefereeError], None] | None = None) -> tuple[str, T]:
    """The file's shown name and ``work`` done on its records (``annotate``, ``moves``), read
    as ``reading`` says (TTN or the JSON form, the tags it gives); an unreadable file or
    record is shown (by ``show``; by default on standard error) with its line, and ends the
    command with exit code 2."""
    from referee.model.errors import RefereeError
    from referee.pipeline.checking import STDIN, read_text
    from referee.pipeline.reading import ReadOptions

    reading = reading or ReadOptions()
    name = "<stdin>" if file == STDIN else file
    from_json = reading.reads_json(file)
    text: str | None = None
    try:
        text = read_text(file, json=from_json)
        return name, work(reading.items(text, name))
    except RefereeError as exc:
        readable = exc.code != "ttn.encoding" and text is not None and not from_json
        exc = exc.in_file(name if exc.file in (None, "<string>") else exc.file,
                          text if readable else None)
        (show or (lambda error: _echo_err(error.render())))(exc)
        raise typer.Exit(EXIT_UNREADABLE) from None
