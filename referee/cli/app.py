"""The ``referee`` command: one thin Typer command per library function.

Exit codes are the same for every command (see ``EXIT_CODES``); bad input never ends in a
Python traceback: each unreadable file is reported as ``FILE:LINE:COL: error [id]: message``
with its source line and a caret, the other files are still processed, and the exit code is 2.
"""

from __future__ import annotations

import itertools
import json
import os
import sys
from collections.abc import Callable, Iterable
from enum import Enum
from typing import Annotated, Any, NoReturn

import typer

from referee.cli import coercion as cli_coercion
from referee.cli import completion
from referee.cli.archive import (
    BaselineOption,
    CacheDirOption,
    DaskOption,
    DuplicatesOption,
    NoCacheOption,
    WriteBaselineOption,
)
from referee.cli.check import run_check
from referee.cli.convert import ConvertTarget, run_convert
from referee.cli.help import choice, choices, parse_jobs, plain_argument_names, whole_number
from referee.cli.output import EXIT_FINDINGS, EXIT_OK, EXIT_UNREADABLE, version
from referee.cli.output import echo as _echo
from referee.cli.output import echo_err as _echo_err
from referee.cli.records import (
    AsOption,
    ConfigOption,
    FromOption,
    GameOption,
    IsolatedOption,
    OptionOption,
    PartialOption,
    RulesOption,
    load_settings,
    on_record,
    reading_options,
)
from referee.model.errors import RefereeError
from referee.pipeline.checking import STDIN
from referee.report.text import render_error, use_color

_LAZY = {
    "canonical_text": "referee.replay.canonical",
    "convert_text": "referee.pipeline.convert",
    "is_json_path": "referee.pipeline.convert",
    "render_game": "referee.catalogue.gamedoc",
    "render_games": "referee.catalogue.gamedoc",
}
"""Names the commands import when they run, not at start-up (they pull in the parser and the
replay), still importable from here."""


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


EXIT_CODES = (
    "Exit codes: 0 valid (no error findings; with --expect, every expectation met); "
    "1 rule findings (with --expect, unmet expectations; for fmt --check, a file would be "
    "rewritten); 2 unreadable input or usage error (syntax or record error, missing file, "
    "no .ttn file in the folders given, bad option)."
)

app = typer.Typer(
    name="referee",
    epilog=EXIT_CODES,
    no_args_is_help=True,
    add_completion=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    cls=cli_coercion.plain_group(),  # strings, flags and choices coerced without pydantic
)
plain_argument_names()


class OutputFormat(str, Enum):  # noqa: UP042 - the Typer docs' form of a choice
    """How ``referee check`` writes its report."""

    text = "text"
    json = "json"
    github = "github"
    junit = "junit"
    sarif = "sarif"


class ColorMode(str, Enum):  # noqa: UP042
    """When to colour the output."""

    auto = "auto"
    always = "always"
    never = "never"


class MovesFormat(str, Enum):  # noqa: UP042
    """How ``referee moves`` writes its answer."""

    text = "text"
    json = "json"


class ScoreFormat(str, Enum):  # noqa: UP042
    """How ``referee score`` writes its sheet."""

    text = "text"
    json = "json"


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {version()}")
        raise typer.Exit()


@app.callback()
def _root(
    show_version: Annotated[
        bool,
        typer.Option("--version", "-V", callback=_version, is_eager=True,
                     help="Show the version and exit."),
    ] = False,
) -> None:
    """A rules referee for trick-taking card games recorded in TTN.

    It reads match records, replays them against the game's rules, and reports illegal
    actions, card points, game points and the match result.
    """


# -- check -------------------------------------------------------------------------------------


@app.command()
def check(
    files: Annotated[
        list[str] | None,
        typer.Argument(metavar="FILE", show_default=False,
                       help="TTN files to check; a folder is searched for *.ttn files "
                            "(sorted); glob patterns such as 'samples/**/*.ttn' are expanded; "
                            "- reads standard input. Default: the settings' paths."),
    ] = None,
    output_format: Annotated[
        str | None,
        typer.Option("--format", "-f", show_default=False, metavar=choices(OutputFormat),
                     autocompletion=completion.complete_format,
                     help="text for people (the default); json for programs "
                          "(schemas/report.schema.json); github for GitHub Actions "
                          "annotations; junit for CI dashboards (JUnit XML, a test case per "
                          "deal); sarif for code scanning (SARIF 2.1.0)."),
    ] = None,
    expect: Annotated[
        bool,
        typer.Option("--expect", help="Compare with the records' Expect tags: every "
                                      "expectation must hold and every error must be expected."),
    ] = False,
    partial: PartialOption = False,
    as_seat: AsOption = None,
    select: Annotated[
        list[str] | None,
        typer.Option("--select", metavar="RULE", show_default=False,
                     autocompletion=completion.complete_rule,
                     help="Report only these rule ids, or ids under a prefix (28, ttn); "
                          "repeatable, or comma-separated."),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option("--ignore", metavar="RULE", show_default=False,
                     autocompletion=completion.complete_rule,
                     help="Never report these rule ids (or prefixes). A single finding is "
                          "accepted in the record by a comment on its line: "
                          "'; referee: accept RULE'."),
    ] = None,
    exclude: Annotated[
        list[str] | None,
        typer.Option("--exclude", metavar="PATH", show_default=False,
                     help="Skip this file or folder, or names matching this pattern "
                          "(repeatable)."),
    ] = None,
    game: GameOption = None,
    rules: RulesOption = None,
    option: OptionOption = None,
    source: FromOption = None,
    output: Annotated[
        str | None,
        typer.Option("--output", "-o", metavar="FILE", show_default=False,
                     help="Write the report here (atomically) instead of to standard output."),
    ] = None,
    exit_zero: Annotated[
        bool,
        typer.Option("--exit-zero", help="Exit 0 even when there are findings (unreadable "
                                         "input still exits 2)."),
    ] = False,
    quiet: Annotated[
        bool,
        typer.Option("--quiet", "-q", help="Only findings and the summary: no line per match."),
    ] = False,
    statistics: Annotated[
        bool,
        typer.Option("--statistics", help="After the findings, a count per rule id, the "
                                          "commonest first (json: a 'statistics' list; "
                                          "github, junit and sarif ignore it)."),
    ] = False,
    color: Annotated[
        str | None,
        typer.Option("--color", show_default=False, metavar=choices(ColorMode),
                     autocompletion=completion.complete_color,
                     help="auto (the default: colour on a terminal, unless NO_COLOR is set; "
                          "FORCE_COLOR forces it), always, never."),
    ] = None,
    config: ConfigOption = None,
    isolated: IsolatedOption = False,
    jobs: Annotated[
        str,
        typer.Option("--jobs", "-j", metavar="N|auto",
                     help="Check with N worker processes (auto: one per core available); "
                          "files, and large files at their records, are shared out, and the "
                          "report is the same, in the same order, as with one."),
    ] = "1",
    baseline: BaselineOption = None,
    write_baseline: WriteBaselineOption = None,
    duplicates: DuplicatesOption = None,
    dask: DaskOption = None,
    cache_dir: CacheDirOption = None,
    no_cache: NoCacheOption = False,
) -> None:
    """Referee records: illegal actions, points, game points and match results.

    Files are checked in path order and findings listed by position; a summary line (files,
    deals, findings, time) ends the report. On a terminal a long run shows a progress bar on
    standard error. Settings come from the nearest referee.toml or [tool.referee] table of
    pyproject.toml; options given here win.

    Exit codes: 0 valid (with --expect, every expectation met); 1 rule findings (with
    --expect, unmet expectations); 2 unreadable input or a usage error.
    """
    from referee.pipeline.options import CheckOptions

    settings = load_settings(config, isolated)
    options = CheckOptions.merge(
        settings, files=files, output_format=output_format,
        expect=expect, partial=partial, select=select, ignore=ignore, exclude=exclude,
        game=game, rules=rules, option=option, source=source, exit_zero=exit_zero,
        quiet=quiet, color=color, baseline=baseline, write_baseline=write_baseline,
        duplicates=duplicates, cache_dir=cache_dir, no_cache=no_cache, view=as_seat)
    options.statistics = statistics
    try:
        options.validate()
    except ValueError as exc:
        _fail(f"referee check: {exc}")
    if dask is not None:
        from referee.cli.archive import check_on_cluster

        raise typer.Exit(check_on_cluster(dask, jobs, lambda workers, runner: _to_output(
            output, lambda: run_check(options.files, OutputFormat(options.format),
                                      options.expect, options=options, jobs=workers,
                                      runner=runner))))
    workers = parse_jobs(jobs)
    raise typer.Exit(_to_output(output, lambda: run_check(
        options.files, OutputFormat(options.format), options.expect, options=options,
        jobs=workers)))




def _to_output(output: str | None, work: Callable[[], int]) -> int:
    """Run ``work``; what it prints on standard output goes to ``output`` if given
    (written atomically once the work is done)."""
    if output is None or output == STDIN:
        return work()
    import contextlib
    import io

    from referee.notation.fileio import write_atomic

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = work()
    try:
        write_atomic(output, buffer.getvalue())
    except OSError as exc:
        _echo_err(_write_error(output, exc).render())
        return EXIT_UNREADABLE
    return code


# -- score -----------------------------------------------------------------------------------


@app.command()
def score(
    file: Annotated[str, typer.Argument(
        metavar="FILE", show_default=False,
        help="A TTN file, or a .json/.jsonl file of records in the JSON form; - reads "
             "standard input.")],
    output_format: Annotated[str, typer.Option(
        "--format", "-f", metavar=choices(ScoreFormat),
        help="text: the score sheet for people; json for programs "
             "(schemas/score.schema.json).")] = "text",
    game: GameOption = None,
    rules: RulesOption = None,
    option: OptionOption = None,
    partial: PartialOption = False,
    source: FromOption = None,
    config: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Print the score sheet of every match: deal, dealer, contract, points, running score.

    The findings follow the sheet, and so does the error of an unreadable file: the report
    is the whole answer (standard error is for usage errors).

    Exit codes: 0 the record is legal; 1 it has rule findings; 2 unreadable input or a
    usage error.
    """
    from referee.cli.score import run_score

    shape = choice(ScoreFormat, output_format, "--format") or ScoreFormat.text
    reading = reading_options("score", config, isolated, game=game, rules=rules,
                              option=option, partial=partial, source=source)
    raise typer.Exit(run_score(file, reading, shape.value))


# -- fmt -------------------------------------------------------------------------------------


@app.command()
def fmt(
    files: Annotated[list[str] | None, typer.Argument(
        metavar="FILE", show_default=False,
        help="TTN files (a folder: its *.ttn files; glob patterns are expanded); - reads "
             "standard input; a .json/.jsonl file of records in the JSON form is written as "
             "canonical TTN. Default: the settings' paths.")] = None,
    check_only: Annotated[
        bool, typer.Option("--check", help="Change nothing; exit 1 if a file is not canonical.")
    ] = False,
    diff: Annotated[
        bool, typer.Option("--diff", help="Change nothing; print what would change as a "
                                          "unified diff, and exit 1 if anything would.")
    ] = False,
    in_place: Annotated[
        bool, typer.Option("--in-place", "-i", help="Rewrite the files (atomically: a "
                                                    "temporary file, then a rename).")
    ] = False,
    exclude: Annotated[list[str] | None, typer.Option(
        "--exclude", metavar="PATH", show_default=False,
        help="Skip this file or folder, or names matching this pattern (repeatable).")] = None,
    game: GameOption = None,
    rules: RulesOption = None,
    option: OptionOption = None,
    source: FromOption = None,
    config: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Rewrite records in canonical TTN (to standard output unless --check, --diff or
    --in-place). A record that check cannot read (an unknown game, a seat not at the table)
    is refused and left as it is.

    Exit codes: 0 done (or, with --check/--diff, every file is canonical); 1 a file would be
    rewritten; 2 unreadable input, no .ttn file found, or a usage error.
    """
    if sum((check_only, in_place, diff)) > 1:
        raise typer.BadParameter("use one of --check, --diff and --in-place",
                                 param_hint="'--check' / '--diff' / '--in-place'")
    settings = load_settings(config, isolated)
    reading = reading_options("fmt", config, isolated, game=game, rules=rules, option=option,
                              source=source, settings=settings)
    files = list(files or settings.paths)
    if not files:
        _fail("referee fmt: no files given (name files or folders, or set 'paths' in "
              "referee.toml or [tool.referee] of pyproject.toml)")
    if in_place and STDIN in files:
        raise typer.BadParameter("standard input cannot be rewritten in place",
                                 param_hint="'--in-place'")
    from referee.pipeline.paths import files_to_read

    names = files_to_read(files, [*settings.exclude, *(exclude or [])])
    if not names:
        _fail("referee fmt: no .ttn files found in " + " ".join(files))
    in_json = [name for name in names if reading.reads_json(name)]
    if in_json and (check_only or in_place or diff):
        _fail(f"referee fmt: {in_json[0]} holds records in the JSON form, which fmt writes "
              "as canonical TTN on standard output; --check, --diff and --in-place take TTN "
              "files (referee convert writes the JSON form)")
    from referee.cli.fmt import run_fmt

    raise typer.Exit(run_fmt(names, check_only or diff, in_place, diff, reading))


# -- convert ---------------------------------------------------------------------------------


@app.command()
def convert(
    file: Annotated[str, typer.Argument(
        metavar="FILE", show_default=False,
        help="A .ttn file, or a .json/.jsonl file of records in the JSON form; - reads "
             "standard input (TTN unless --from json).")],
    to: Annotated[
        str | None,
        typer.Option("--to", "-t", metavar=choices(ConvertTarget), show_default=False,
                     autocompletion=completion.complete_form,
                     help="json: JSON Lines, one record a line; ttn: canonical "
                          "TTN. Default: the other form of the input (with --as, its "
                          "own form)."),
    ] = None,
    source: FromOption = None,
    output: Annotated[
        str | None,
        typer.Option("--output", "-o", metavar="FILE", show_default=False,
                     help="Write here (atomically) instead of to standard output."),
    ] = None,
    as_seat: AsOption = None,
    game: GameOption = None,
    rules: RulesOption = None,
    option: OptionOption = None,
    config: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Convert records between TTN and the JSON form (schemas/record.schema.json).

    The game (a Game tag, or --game and the settings for records without one) tells where
    each trick starts; tags given on the command line are not written into the output.
    --as SEAT writes each record as that seat saw it (in the input's form unless --to says).

    Exit codes: 0 converted; 2 unreadable input or a usage error.
    """
    target = choice(ConvertTarget, to, "--to")
    origin = choice(ConvertTarget, source, "--from")
    reading = reading_options("convert", config, isolated, game=game, rules=rules,
                              option=option, source=source)
    raise typer.Exit(run_convert(file, target, output, origin, reading, as_seat))


# -- games -----------------------------------------------------------------------------------


@app.command()
def games(
    game: Annotated[str | None, typer.Argument(
        metavar="GAME", show_default=False, autocompletion=completion.complete_game,
        help="A game or alias (28, twenty-eight); omit it for the list of games.")] = None,
) -> None:
    """List the games, or one game's presets, options and rule ids."""
    from referee.catalogue.gamedoc import render_game, render_games
    from referee.games import find_game
    from referee.games import games as all_games

    if game is None:
        typer.echo(render_games(all_games()), nl=False)
        return
    try:
        ruleset = find_game(game)
    except KeyError as exc:
        _echo_err(f"referee games: {exc.args[0]}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    typer.echo(render_game(ruleset), nl=False)


# -- rule ------------------------------------------------------------------------------------


@app.command()
def rule(
    rule_id: Annotated[str | None, typer.Argument(
        metavar="RULE", show_default=False, autocompletion=completion.complete_rule,
        help="A rule id as reports show it (28.follow-suit, ttn.card, record.game); a name "
             "without its game (follow-suit) lists the ids that match.")] = None,
    list_all: Annotated[bool, typer.Option("--list", help="List every id, game by game.")
                        ] = False,
) -> None:
    """Explain a rule id: its game, what it requires, and the options that change it.

    Exit codes: 0 found; 2 unknown id.
    """
    from referee.catalogue.rule_help import explain_rule, list_rules

    if list_all or rule_id is None:
        typer.echo(list_rules(), nl=False)
        return
    try:
        typer.echo(explain_rule(rule_id), nl=False)
    except KeyError as exc:
        _fail(f"referee rule: {exc.args[0]}")


# -- simulate --------------------------------------------------------------------------------


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(metavar="GAME", help="A game or alias (28, twenty-eight).",
                                        show_default=False,
                                        autocompletion=completion.complete_game)],
    deals: Annotated[str, typer.Option("--deals", "-n", metavar="N",
                                       help="How many deals.")] = "1",
    seed: Annotated[str, typer.Option("--seed", "-s", metavar="SEED",
                                      help="The random seed: the same seed gives the same "
                                           "record.")] = "0",
    preset: Annotated[str | None, typer.Option("--preset", "-p", "--rules", metavar="PRESET",
                                               autocompletion=completion.complete_preset,
                                               help="A preset of the game (default: "
                                                    "standard).",
                                               show_default=False)] = None,
    output: Annotated[str | None, typer.Option("--output", "-o", metavar="FILE",
                                               help="Write here (atomically) instead of to "
                                                    "standard output.",
                                               show_default=False)] = None,
    players: Annotated[str | None, typer.Option("--players", metavar="N",
                                                help="Seat this many players, named P1, P2, "
                                                     "... (games that allow several table "
                                                     "sizes).",
                                                show_default=False)] = None,
    teams: Annotated[str | None, typer.Option("--teams", metavar="TEAMS",
                                              help="Team size (2: pairs, 3: threes), 'none', "
                                                   "or explicit teams such as 'P1 P3,P2 P4'.",
                                              show_default=False)] = None,
    option: Annotated[list[str] | None, typer.Option("--option", metavar="NAME=VALUE",
                                                     autocompletion=completion.complete_option,
                                                     help="Set a game option (repeatable).",
                                                     show_default=False)] = None,
    as_seat: AsOption = None,
) -> None:
    """Play random legal deals and write them as a TTN record (for fixtures and tests).

    --as SEAT writes them as that seat saw them (a View tag, one hand line).

    Exit codes: 0 written; 2 a usage error (unknown game, preset, option or seat).
    """
    raise typer.Exit(run_simulate(
        game, whole_number(deals, "--deals", 1) or 1, whole_number(seed, "--seed") or 0,
        preset, output, whole_number(players, "--players", 2), teams, option or [], as_seat))


def run_simulate(game: str, deals: int, seed: int, preset: str | None,
                 output: str | None, players: int | None = None, teams: str | None = None,
                 option: list[str] | None = None, view: str | None = None) -> int:
    try:
        from referee.replay.simulate import simulate_from_words
    except ModuleNotFoundError as exc:
        if exc.name not in ("referee.replay.simulate",):
            raise
        _fail("referee simulate: the simulator (referee.replay.simulate) is not part of this "
              "installation")
    try:
        chunks = simulate_from_words(game, deals, seed, preset, players, teams, option or [],
                                     view)
        first = next(chunks)  # a bad preset or option is said before anything is written
    except KeyError as exc:  # an unknown game
        _fail(f"referee simulate: {exc.args[0]}")
    except ValueError as exc:  # a malformed --option, a table the game cannot seat, a refused
        _fail(f"referee simulate: {exc}")  # option (OptionError is a ValueError)
    except RefereeError as exc:
        _fail(f"referee simulate: {exc.message}")
    return _write_output(output, itertools.chain([first], chunks))


# -- annotate --------------------------------------------------------------------------------


@app.command()
def annotate(
    file: Annotated[str, typer.Argument(
        metavar="FILE", show_default=False,
        help="A TTN file, or a .json/.jsonl file of records in the JSON form (written back "
             "as TTN); - reads standard input.")],
    output: Annotated[str | None, typer.Option(
        "--output", "-o", metavar="FILE", show_default=False,
        help="Write here (atomically) instead of to standard output.")] = None,
    in_place: Annotated[bool, typer.Option(
        "--in-place", "-i", help="Rewrite FILE (atomically: a temporary file, then a "
                                 "rename; the original is kept if anything fails).")] = False,
    game: GameOption = None,
    rules: RulesOption = None,
    option: OptionOption = None,
    source: FromOption = None,
    config: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """Write the record back in canonical TTN with the referee's comments.

    After each trick: its winner, its points and the running points per side ({= ...});
    after each deal: its outcome, game points and the match score; at each finding: the
    rule id, what it requires and the legal alternatives ({! ...}). Annotating again
    replaces the referee's comments; your own comments stay where they were.

    Exit codes: 0 the record is legal; 1 it has findings (the annotated text is still
    written); 2 unreadable input or a usage error.
    """
    if in_place and output is not None:
        raise typer.BadParameter("use --output or --in-place, not both",
                                 param_hint="'--output' / '--in-place'")
    if in_place and file == STDIN:
        raise typer.BadParameter("standard input cannot be rewritten in place",
                                 param_hint="'--in-place'")
    reading = reading_options("annotate", config, isolated, game=game, rules=rules,
                              option=option, source=source)
    if in_place and reading.reads_json(file):
        _fail(f"referee annotate: {file} holds records in the JSON form: annotate writes TTN, "
              "so write it elsewhere with --output")
    raise typer.Exit(run_annotate(file, file if in_place else output, reading))


def run_annotate(file: str, output: str | None, reading: Any = None) -> int:
    from referee.pipeline.annotate import annotated_text

    name, (annotated, errors) = on_record(file, annotated_text, reading)
    if _write_output(output, [annotated]) != EXIT_OK:
        return EXIT_UNREADABLE
    if errors:
        _echo_err(f"{name}: {errors} finding{'s' * (errors != 1)} annotated")
    return EXIT_FINDINGS if errors else EXIT_OK


# -- moves -----------------------------------------------------------------------------------


@app.command()
def moves(
    file: Annotated[str, typer.Argument(
        metavar="FILE", show_default=False,
        help="A TTN file, or a .json/.jsonl file of records in the JSON form; - reads "
             "standard input.")],
    at: Annotated[str, typer.Option(
        "--at", "-a", metavar="POSITION", show_default=False,
        help="The position: DEAL (before its first event), DEAL.TRICK (before the lead of "
             "that trick), DEAL.TRICK.SEAT (when SEAT acts in it), e.g. 3.2.S, or end "
             "(where the record stops).")],
    record: Annotated[str, typer.Option("--record", "-r", metavar="N",
                                        help="Which record (match) of the file.")] = "1",
    output_format: Annotated[str, typer.Option(
        "--format", "-f", metavar=choices(MovesFormat),
        autocompletion=completion.complete_moves_format,
        help="text for people, json for programs.")] = "text",
    game: GameOption = None,
    rules: RulesOption = None,
    option: OptionOption = None,
    source: FromOption = None,
    config: ConfigOption = None,
    isolated: IsolatedOption = False,
) -> None:
    """List the legal actions at a point of a record, and for each action excluded the rule
    id that excludes it and why. An unreadable record, or a position it does not have, is
    the answer too (in the format asked for).

    Exit codes: 0 answered; 2 unreadable input, no such position, or a usage error.
    """
    from referee.replay.moves import parse_position

    number = whole_number(record, "--record", 1) or 1
    shape = choice(MovesFormat, output_format, "--format") or MovesFormat.text

    try:
        position = parse_position(at)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--at'") from None
    reading = reading_options("moves", config, isolated, game=game, rules=rules,
                              option=option, source=source)
    raise typer.Exit(run_moves(file, position, number, shape, reading))


def run_moves(file: str, position: Any, record: int, output_format: MovesFormat,
              reading: Any = None) -> int:
    from referee.replay.moves import moves_at, render_moves

    def show(error: RefereeError) -> None:  # the answer: on standard output
        if output_format is MovesFormat.json:
            typer.echo(json.dumps({"file": error.file, "error": {
                "code": error.code, "message": error.message, "line": error.line or None,
                "column": error.column or None}}, indent=2, ensure_ascii=False))
        else:
            _echo(error.render())

    _, found = on_record(file, lambda items: moves_at(items, position, record), reading,
                          show)
    if output_format is MovesFormat.json:
        typer.echo(json.dumps(found.to_json(), indent=2, ensure_ascii=False))
    else:
        typer.echo(render_moves(found), nl=False)
    return EXIT_OK


# -- view ------------------------------------------------------------------------------------


@app.command()
def view(
    files: Annotated[list[str], typer.Argument(
        metavar="FILES", show_default=False,
        help="TTN files (or .json/.jsonl files of records in the JSON form); a directory is "
             "searched for *.ttn files (sorted).")],
    output: Annotated[str | None, typer.Option(
        "--output", "-o", metavar="OUT", show_default=False,
        help="For one file: the page to write (default: its name with .html, here). For a "
             "folder or several files: the folder of pages (default: referee-view).")] = None,
    game: GameOption = None,
    rules: RulesOption = None,
    option: OptionOption = None,
    partial: PartialOption = False,
    source: FromOption = None,
    config: ConfigOption = None,
    isolated: IsolatedOption = False,
    as_seat: Annotated[str | None, typer.Option(
        "--as", metavar="SEAT", show_default=False,
        help="Each record as SEAT saw it at the table (the games whose records can be "
             "written from one seat: docs/notation.md): SEAT at the bottom, "
             "the other hands as card backs, and no card SEAT did not see anywhere in the "
             "page, so that it can be shared (docs/viewing.md, \"Pages from one seat\"). "
             "A record with a View tag is shown from its seat without it.")] = None,
) -> None:
    """Write a self-contained HTML replay page per record file (a folder: one page per file
    and an index.html): the table step by step, the findings at their moment, the score
    sheet and the running score.

    Exit codes: 0 the records are legal; 1 they have findings (the pages are still
    written); 2 a file cannot be read (its page says why), no .ttn file was found, or a
    page cannot be written.
    The summary (the pages written, and why a file could not be read) is on standard output.
    """
    reading = reading_options("view", config, isolated, game=game, rules=rules,
                              option=option, partial=partial, source=source)
    raise typer.Exit(run_view(files, output, reading, as_seat))


def run_view(files: list[str], output: str | None, reading: Any = None,
             seat: str | None = None) -> int:
    from referee.pipeline.reading import ReadOptions
    from referee.view.site import write_pages

    if STDIN in files:
        _fail("referee view: name files, not standard input (-)")
    try:
        run = write_pages(files, output, reading or ReadOptions(), seat=seat)
    except OSError as exc:
        _fail(_write_error(exc.filename or output or ".", exc).render())
    color = use_color(sys.stdout)
    for report in run.errors:
        _echo(render_error(report, color), color)
    if not run.pages and not run.errors:
        _fail("referee view: no .ttn files found in " + " ".join(files))
    where = run.index or (run.pages[0] if run.pages else None)
    if where is not None:
        _echo(f"wrote {len(run.pages)} page{'s' * (len(run.pages) != 1)}: {where}")
    if run.errors:
        return EXIT_UNREADABLE
    return EXIT_FINDINGS if run.findings else EXIT_OK


# -- lsp -------------------------------------------------------------------------------------


@app.command()
def table(
    files: Annotated[list[str], typer.Argument(metavar="FILE", help="TTN files or folders, "
                                               "JSON form files (.json, .jsonl), or -.")],
    output: Annotated[str | None, typer.Option(
        "--output", "-o", metavar="FILE", show_default=False,
        help="Write the table here (atomically): .csv or .parquet. Default: CSV to "
             "standard output.")] = None,
    table_format: Annotated[str | None, typer.Option(
        "--format", "-f", metavar="csv|parquet", show_default=False,
        help="csv or parquet (pip install 'referee[parquet]'); default: from the "
             "output's extension.")] = None,
    plays: Annotated[bool, typer.Option("--plays", help="A row per action, not per deal.")
                     ] = False,
) -> None:
    """A row per deal (points, outcome, findings, contract) or per action of the records, for
    pandas, polars or DuckDB; docs/corpora.md lists the columns. Exit 0, 2: unreadable."""
    from referee.cli.table import run_table

    raise typer.Exit(run_table(files, output, table_format, plays))


@app.command(epilog=(
    "Editors: VS Code, the extension in editors/vscode (its referee.serverCommand setting "
    "names this command); Neovim, vim.lsp.config('referee', {cmd = {'referee', 'lsp'}, "
    "filetypes = {'ttn'}}); Emacs, (add-to-list 'eglot-server-programs '(ttn-mode "
    "\"referee\" \"lsp\")); Helix, a [language-server.referee] with command = \"referee\" "
    "and args = [\"lsp\"] in languages.toml. The documentation's Editors page has the "
    "full settings."))
def lsp(
    tcp: Annotated[bool, typer.Option(
        "--tcp", help="Listen on TCP at --host:--port instead of standard input and output "
                      "(for debugging: the editor connects to the port).")] = False,
    host: Annotated[str, typer.Option("--host", metavar="HOST",
                                      help="The address to listen at, with --tcp.")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="PORT",
                                      help="The port to listen at, with --tcp.")] = 8888,
) -> None:
    """Run the TTN language server, for editors: diagnostics as you type, legal actions as
    completions, formatting, outline, hover, quick fixes, inlay hints and highlighting.

    An editor starts it and talks to it over standard input and output (the Language Server
    Protocol); nothing is to be typed here. It needs the lsp extra: pip install
    'referee[lsp]'. Each document is checked as referee check --expect checks a file, with
    the settings (referee.toml or [tool.referee]) of the document's folder.

    Exit codes: 0 when the editor ends the session; 2 the lsp extra is not installed.
    """
    try:
        import lsprotocol  # noqa: F401
        import pygls  # noqa: F401
    except ImportError:
        _fail("referee lsp: the language server needs the lsp extra: "
              "pip install 'referee[lsp]' (pygls and lsprotocol)")
    from referee.lsp.server import serve

    serve(tcp, host, port)


# -- helpers ---------------------------------------------------------------------------------


def _fail(message: str) -> NoReturn:
    _echo_err(message)
    raise typer.Exit(EXIT_UNREADABLE)


def _write_output(output: str | None, chunks: Iterable[str]) -> int:
    """Write ``chunks`` to standard output (``output`` None or ``-``) or to ``output``
    (referee.notation.fileio: atomically for a plain file, directly to a device or a FIFO)."""
    if output is None or output == STDIN:
        for chunk in chunks:
            typer.echo(chunk, nl=False)
        return EXIT_OK
    from referee.notation.fileio import write_atomic

    try:
        write_atomic(output, chunks)
    except OSError as exc:
        _echo_err(_write_error(output, exc).render())
        return EXIT_UNREADABLE
    return EXIT_OK


def _write_error(path: str, exc: OSError) -> RefereeError:
    from referee.cli.fmt import write_error

    return write_error(path, exc)


def main() -> None:
    """The ``referee`` console script."""
    from referee.pipeline.checking import tune_gc

    tune_gc()
    try:
        from referee.cli.help import optional_values

        app(args=optional_values(sys.argv[1:]), prog_name="referee")
    except BrokenPipeError:
        # The reader went away (``referee check dir | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(EXIT_FINDINGS)
    except KeyboardInterrupt:
        sys.exit(130)

