"""The ``referee`` command: one thin Typer command per library function.

Exit codes are the same for every command (see ``EXIT_CODES``); bad input never ends in a
Python traceback: each unreadable file is reported as ``FILE:LINE:COL: error [id]: message``
with its source line and a caret, the other files are still processed, and the exit code is 2.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from enum import Enum
from typing import Annotated, Any, NoReturn, TypeVar

import typer

from referee.canonical import canonical_text
from referee.check import (
    STDIN,
    check_file,
    expand_paths,
    file_error,
    internal_error,
    read_text,
    sorted_paths,
)
from referee.convert import convert_text, is_json_path
from referee.errors import RefereeError
from referee.gamedoc import render_game, render_games
from referee.report import FileReport
from referee.reporters import (
    Totals,
    render_error,
    render_file,
    render_finding,
    render_github,
    render_json,
    render_summary,
    use_color,
)

EXIT_OK, EXIT_FINDINGS, EXIT_UNREADABLE = 0, 1, 2
T = TypeVar("T")

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
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class OutputFormat(str, Enum):  # noqa: UP042 - the Typer docs' form of a choice
    """How ``referee check`` writes its report."""

    text = "text"
    json = "json"
    github = "github"
    junit = "junit"


class MovesFormat(str, Enum):  # noqa: UP042
    """How ``referee moves`` writes its answer."""

    text = "text"
    json = "json"


class ConvertTarget(str, Enum):  # noqa: UP042
    """What ``referee convert`` writes."""

    json = "json"
    ttn = "ttn"




def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {version()}")
        raise typer.Exit()


def version() -> str:
    """The package's version (the installed distribution's, else the source tree's)."""
    try:
        from referee import __version__

        return __version__
    except ImportError:
        pass
    try:
        from importlib.metadata import version as dist_version

        return dist_version("referee")
    except Exception:
        return "unknown"


@app.callback()
def _root(
    show_version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True,
                     help="Show the version and exit."),
    ] = False,
) -> None:
    """A rules referee for trick-taking card games recorded in TTN.

    It reads match records, replays them against the game's rules, and reports illegal
    actions, card points, game points and the match result.
    """


# -- check -------------------------------------------------------------------------------------


@app.command(epilog=EXIT_CODES)
def check(
    files: Annotated[
        list[str],
        typer.Argument(metavar="FILES", show_default=False,
                       help="TTN files to check; a directory is searched for *.ttn files "
                            "(sorted); - reads standard input."),
    ],
    output_format: Annotated[
        OutputFormat,
        typer.Option("--format", "-f",
                     help="text for people (colour on a terminal, unless NO_COLOR is set); "
                          "json for programs (schemas/report.schema.json); github for GitHub "
                          "Actions annotations (::error file=...,line=...,col=...::); junit "
                          "for CI dashboards (JUnit XML, a test case per deal)."),
    ] = OutputFormat.text,
    expect: Annotated[
        bool,
        typer.Option("--expect", help="Compare with the records' Expect tags: every "
                                      "expectation must hold and every error must be expected."),
    ] = False,
) -> None:
    """Referee records: illegal actions, points, game points and match results.

    Files are checked in path order and findings listed by position; a summary line (files,
    deals, findings, time) ends the report. On a terminal a long run shows a progress bar on
    standard error.
    """
    raise typer.Exit(run_check(files, output_format, expect))


def run_check(files: Iterable[str], output_format: OutputFormat, expect: bool,
              clock: Callable[[], float] = time.perf_counter) -> int:
    """Check every file (in path order), print the report, and return the exit code.

    Text and GitHub output is printed as each file is done; JSON and JUnit documents at the
    end. Unreadable files are also shown on standard error, for people. The summary line goes
    to standard output, except after a JSON or JUnit document, which must stay alone there.
    """
    from referee.progress import Progress

    started = clock()
    paths = sorted_paths(files)
    progress = Progress(sys.stderr, len(paths)) if _is_terminal(sys.stderr) else None
    streamed = output_format in (OutputFormat.text, OutputFormat.github)
    color = output_format is OutputFormat.text and use_color(sys.stdout)
    err_color = use_color(sys.stderr)
    totals = Totals()
    collected: list[FileReport] = []
    seconds: list[float] = []
    for path in paths:
        began = clock()
        report = check_file(path, expect, progress.deal if progress else None)
        seconds.append(clock() - began)
        totals.add(report)
        if progress:
            progress.clear()
        _echo_err(render_error(report, err_color))
        if output_format is OutputFormat.text:
            _echo(render_file(report, color, expect))
        elif output_format is OutputFormat.github:
            _echo(render_github(report, expect))
        else:
            collected.append(report)
        if progress:
            progress.file_done()
    if progress:
        progress.clear()
    if not totals.files:
        _echo_err("referee check: no .ttn files found in " + " ".join(files))
    if output_format is OutputFormat.json:
        typer.echo(json.dumps(render_json(collected), indent=2, ensure_ascii=False,
                              default=_jsonable))
    elif output_format is OutputFormat.junit:
        from referee.junit import render_junit

        typer.echo(render_junit(collected, expect, seconds))
    elapsed = clock() - started
    if streamed:
        typer.echo(render_summary(totals, color, expect, elapsed))
    else:
        _echo_err(render_summary(totals, err_color, expect, elapsed))
    if not totals.files:
        return EXIT_UNREADABLE  # nothing was checked: a CI job must not pass on an empty folder
    return totals.exit_code(expect)


# -- score -----------------------------------------------------------------------------------


@app.command(epilog=EXIT_CODES)
def score(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A TTN file; - reads standard input.",
                                        show_default=False)],
) -> None:
    """Print the score sheet of every match: deal, dealer, contract, points, running score."""
    raise typer.Exit(run_score(file))


def run_score(file: str) -> int:
    from referee.scoresheet import render_scoresheet

    report = check_file(file)
    if report.error is not None:
        _echo_err(render_error(report, use_color(sys.stderr)))
        return EXIT_UNREADABLE
    typer.echo(render_scoresheet(report.matches, report.path), nl=False)
    errors = report.findings("error")
    if errors:
        color = use_color(sys.stderr)
        for finding in errors:
            _echo_err(render_finding(report.path, finding, color))
        return EXIT_FINDINGS
    return EXIT_OK


# -- fmt -------------------------------------------------------------------------------------


@app.command(epilog=EXIT_CODES)
def fmt(
    files: Annotated[list[str], typer.Argument(
        metavar="FILES", show_default=False,
        help="TTN files (a directory: its *.ttn files); - reads standard input.")],
    check_only: Annotated[
        bool, typer.Option("--check", help="Change nothing; exit 1 if a file is not canonical.")
    ] = False,
    in_place: Annotated[
        bool, typer.Option("--in-place", "-i", help="Rewrite the files (atomically: a "
                                                    "temporary file, then a rename).")
    ] = False,
) -> None:
    """Rewrite records in canonical TTN (to standard output unless --check or --in-place)."""
    if check_only and in_place:
        raise typer.BadParameter("use --check or --in-place, not both",
                                 param_hint="'--check' / '--in-place'")
    if in_place and STDIN in files:
        raise typer.BadParameter("standard input cannot be rewritten in place",
                                 param_hint="'--in-place'")
    raise typer.Exit(run_fmt(files, check_only, in_place))


def format_file(name: str, check_only: bool, in_place: bool) -> bool:
    """Format one file as ``fmt`` asks; True if it is not (or was not) canonical."""
    from referee.fileio import write_atomic

    text = read_text(name)
    canonical = canonical_text(text, "<stdin>" if name == STDIN else name)
    if not (check_only or in_place):
        typer.echo(canonical, nl=False)
    changed = canonical != text
    if in_place and changed:
        try:
            write_atomic(name, canonical)
        except OSError as exc:
            raise _write_error(name, exc) from None
    return changed


def run_fmt(files: Iterable[str], check_only: bool, in_place: bool) -> int:
    unreadable = changed = total = 0
    for name in expand_paths(files):
        total += 1
        try:
            if format_file(name, check_only, in_place):
                changed += 1
                if check_only or in_place:
                    _echo_err(f"{name}: {'would be rewritten' if check_only else 'rewritten'}")
        except RefereeError as exc:
            unreadable += 1
            _echo_err(exc.render())
        except Exception as exc:  # a bug, not bad input: say so and go on with other files
            unreadable += 1
            _echo_err(internal_error(name, exc).render())
    if check_only or in_place:
        verb = "would be rewritten" if check_only else "rewritten"
        _echo_err(f"{total} file{'s' * (total != 1)}, {changed} {verb}"
                  + (f", {unreadable} unreadable" if unreadable else ""))
    if unreadable:
        return EXIT_UNREADABLE
    return EXIT_FINDINGS if check_only and changed else EXIT_OK


# -- convert ---------------------------------------------------------------------------------


@app.command(epilog=EXIT_CODES)
def convert(
    file: Annotated[str, typer.Argument(
        metavar="FILE", show_default=False,
        help="A .ttn file, or a .json/.jsonl file of records in the JSON form.")],
    to: Annotated[
        ConvertTarget | None,
        typer.Option("--to", "-t", help="json: JSON Lines, one record a line; ttn: canonical "
                                        "TTN. Default: the other form of the input."),
    ] = None,
    output: Annotated[
        str | None,
        typer.Option("--output", "-o", help="Write here (atomically) instead of to standard "
                                            "output.", show_default=False),
    ] = None,
) -> None:
    """Convert records between TTN and the JSON form (schemas/record.schema.json)."""
    raise typer.Exit(run_convert(file, to, output))


def run_convert(file: str, to: ConvertTarget | None, output: str | None) -> int:
    from referee.fileio import write_atomic

    from_json = is_json_path(file)
    target = to or (ConvertTarget.ttn if from_json else ConvertTarget.json)
    shown = "<stdin>" if file == STDIN else file
    text: str | None = None
    try:
        text = read_text(file)
        chunks = convert_text(text, shown, target, from_json)
        if output is None or output == STDIN:
            for chunk in chunks:
                typer.echo(chunk, nl=False)
        else:
            converted = "".join(chunks)
            try:
                write_atomic(output, converted)
            except OSError as exc:
                raise _write_error(output, exc) from None
    except RefereeError as exc:
        file = shown if exc.file in (None, "<string>") else exc.file  # found after parsing
        readable = not from_json and text is not None and exc.code != "ttn.encoding"
        _echo_err(exc.in_file(file, text if readable else None).render())
        return EXIT_UNREADABLE
    except Exception as exc:  # a bug, not bad input
        _echo_err(internal_error(shown, exc).render())
        return EXIT_UNREADABLE
    return EXIT_OK


# -- games -----------------------------------------------------------------------------------


@app.command()
def games(
    game: Annotated[str | None, typer.Argument(
        metavar="GAME", show_default=False,
        help="A game or alias (28, twenty-eight); omit it for the list of games.")] = None,
) -> None:
    """List the games, or one game's presets, options and rule ids."""
    from referee.rules.registry import find_game
    from referee.rules.registry import games as all_games

    if game is None:
        typer.echo(render_games(all_games()), nl=False)
        return
    try:
        ruleset = find_game(game)
    except KeyError as exc:
        _echo_err(f"referee games: {exc.args[0]}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    typer.echo(render_game(ruleset), nl=False)


# -- simulate --------------------------------------------------------------------------------


@app.command(epilog=EXIT_CODES)
def simulate(
    game: Annotated[str, typer.Argument(metavar="GAME", help="A game or alias (28, twenty-eight).",
                                        show_default=False)],
    deals: Annotated[int, typer.Option("--deals", "-n", min=1, help="How many deals.")] = 1,
    seed: Annotated[int, typer.Option("--seed", "-s", help="The random seed: the same seed "
                                                           "gives the same record.")] = 0,
    preset: Annotated[str | None, typer.Option("--preset", "-p", help="A preset of the game "
                                                                      "(default: standard).",
                                               show_default=False)] = None,
    output: Annotated[str | None, typer.Option("--output", "-o", help="Write here "
                                                                      "(atomically) instead of "
                                                                      "to standard output.",
                                               show_default=False)] = None,
    players: Annotated[int | None, typer.Option("--players", min=2, help="Seat this many "
                                                "players, named P1, P2, ... (games that allow "
                                                "several table sizes).",
                                                show_default=False)] = None,
    teams: Annotated[str | None, typer.Option("--teams", help="Team size (2: pairs, 3: "
                                              "threes), 'none', or explicit teams such as "
                                              "'P1 P3,P2 P4'.", show_default=False)] = None,
    option: Annotated[list[str] | None, typer.Option("--option", help="Set a game option, "
                                                     "NAME=VALUE (repeatable).",
                                                     show_default=False)] = None,
) -> None:
    """Play random legal deals and write them as a TTN record (for fixtures and tests)."""
    raise typer.Exit(run_simulate(game, deals, seed, preset, output, players, teams,
                                  option or []))


def run_simulate(game: str, deals: int, seed: int, preset: str | None,
                 output: str | None, players: int | None = None, teams: str | None = None,
                 option: list[str] | None = None) -> int:
    try:
        from referee import simulate as simulator
    except ModuleNotFoundError as exc:
        if exc.name not in ("referee.simulate",):
            raise
        _fail("referee simulate: the simulator (referee.simulate) is not part of this "
              "installation")
    from referee.rules.options import OptionError
    from referee.rules.registry import find_game

    try:
        find_game(game)
    except KeyError as exc:
        _fail(f"referee simulate: {exc.args[0]}")
    options: dict[str, str] = {}
    for word in option or []:
        name, sep, value = word.partition("=")
        if not sep or not name.strip():
            _fail(f"referee simulate: --option takes NAME=VALUE, not '{word}'")
        options[name.strip()] = value.strip()
    try:
        table = simulator.table_spec(game, players, teams)
    except ValueError as exc:
        _fail(f"referee simulate: {exc}")
    if options:
        table["options"] = options
    try:
        text = simulator.simulate(game, deals, seed, preset, **table)
    except OptionError as exc:
        _fail(f"referee simulate: {exc}")
    except RefereeError as exc:
        _fail(f"referee simulate: {exc.message}")
    if output is None or output == STDIN:
        typer.echo(text, nl=False)
        return EXIT_OK
    from referee.fileio import write_atomic

    try:
        write_atomic(output, text)
    except OSError as exc:
        _echo_err(_write_error(output, exc).render())
        return EXIT_UNREADABLE
    return EXIT_OK


# -- annotate --------------------------------------------------------------------------------


@app.command(epilog=EXIT_CODES)
def annotate(
    file: Annotated[str, typer.Argument(metavar="FILE", show_default=False,
                                        help="A TTN file; - reads standard input.")],
    output: Annotated[str | None, typer.Option(
        "--output", "-o", show_default=False,
        help="Write here (atomically) instead of to standard output.")] = None,
    in_place: Annotated[bool, typer.Option(
        "--in-place", "-i", help="Rewrite FILE (atomically: a temporary file, then a "
                                 "rename; the original is kept if anything fails).")] = False,
) -> None:
    """Write the record back in canonical TTN with the referee's comments.

    After each trick: its winner, its points and the running points per side ({= ...});
    after each deal: its outcome, game points and the match score; at each finding: the
    rule id, what it requires and the legal alternatives ({! ...}). Annotating again
    replaces the referee's comments; your own comments stay where they were. Exit 1 when the
    record has findings (the annotated text is still written).
    """
    if in_place and output is not None:
        raise typer.BadParameter("use --output or --in-place, not both",
                                 param_hint="'--output' / '--in-place'")
    if in_place and file == STDIN:
        raise typer.BadParameter("standard input cannot be rewritten in place",
                                 param_hint="'--in-place'")
    raise typer.Exit(run_annotate(file, file if in_place else output))


def run_annotate(file: str, output: str | None) -> int:
    from referee.annotate import annotated_text
    from referee.fileio import write_atomic

    name, (annotated, errors) = _on_record(file, annotated_text)
    if output is None or output == STDIN:
        typer.echo(annotated, nl=False)
    else:
        try:
            write_atomic(output, annotated)
        except OSError as exc:
            _echo_err(_write_error(output, exc).render())
            return EXIT_UNREADABLE
    if errors:
        _echo_err(f"{name}: {errors} finding{'s' * (errors != 1)} annotated")
    return EXIT_FINDINGS if errors else EXIT_OK


# -- moves -----------------------------------------------------------------------------------


@app.command(epilog=EXIT_CODES)
def moves(
    file: Annotated[str, typer.Argument(metavar="FILE", show_default=False,
                                        help="A TTN file; - reads standard input.")],
    at: Annotated[str, typer.Option(
        "--at", "-a", show_default=False,
        help="The position: DEAL (before its first event), DEAL.TRICK (before the lead of "
             "that trick) or DEAL.TRICK.SEAT (when SEAT plays to it), e.g. 3.2.S.")],
    record: Annotated[int, typer.Option("--record", "-r", min=1,
                                        help="Which record (match) of the file.")] = 1,
    output_format: Annotated[MovesFormat, typer.Option(
        "--format", "-f", help="text for people, json for programs.")] = MovesFormat.text,
) -> None:
    """List the legal actions at a point of a record, and for each action excluded the rule
    id that excludes it and why."""
    from referee.moves import parse_position

    try:
        position = parse_position(at)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--at'") from None
    raise typer.Exit(run_moves(file, position, record, output_format))


def run_moves(file: str, position: Any, record: int, output_format: MovesFormat) -> int:
    from referee.moves import moves_at, render_moves

    _, found = _on_record(file, lambda items: moves_at(items, position, record))
    if output_format is MovesFormat.json:
        typer.echo(json.dumps(found.to_json(), indent=2, ensure_ascii=False))
    else:
        typer.echo(render_moves(found), nl=False)
    return EXIT_OK


# -- helpers ---------------------------------------------------------------------------------


def _on_record(file: str, work: Callable[[Iterator[Any]], T]) -> tuple[str, T]:
    """The file's shown name and ``work`` done on its parsed stream (``annotate``,
    ``moves``); an unreadable file or record is reported with its line and ends the command
    with exit code 2."""
    from referee.notation.parser import iter_items

    name = "<stdin>" if file == STDIN else file
    text: str | None = None
    try:
        text = read_text(file)
        return name, work(iter_items(text, file=name))
    except RefereeError as exc:
        if exc.code != "ttn.encoding" and text is not None:
            exc = exc.in_file(name, text)
        _echo_err(exc.render())
        raise typer.Exit(EXIT_UNREADABLE) from None


def _echo_err(text: str) -> None:
    if text:
        typer.echo(text, err=True)


def _echo(text: str) -> None:
    if text:
        typer.echo(text)


def _is_terminal(stream: Any) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


def _jsonable(value: Any) -> Any:
    """JSON for what a game may keep in ``DealResult.contract`` beyond plain JSON types."""
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=str)
    if isinstance(value, Enum):
        return value.value
    return str(value)


def _fail(message: str) -> NoReturn:
    _echo_err(message)
    raise typer.Exit(EXIT_UNREADABLE)


def _write_error(path: str, exc: OSError) -> RefereeError:
    reason = file_error(path, exc).message
    return RefereeError("file.write", f"not written ({reason}); the original is unchanged",
                        file=path)


def main() -> None:
    """The ``referee`` console script."""
    from referee.check import tune_gc

    tune_gc()
    try:
        app(prog_name="referee")
    except BrokenPipeError:
        # The reader went away (``referee check dir | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(EXIT_FINDINGS)
    except KeyboardInterrupt:
        sys.exit(130)

