"""``referee fmt``'s run: each file as canonical TTN, on standard output, checked
(``--check``, ``--diff``) or rewritten in place (``--in-place``, atomically); a record that
``referee check`` cannot read is refused, never rewritten."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import typer

from referee.cli.output import EXIT_FINDINGS, EXIT_OK, EXIT_UNREADABLE
from referee.cli.output import echo_err as _echo_err
from referee.model.errors import RefereeError
from referee.pipeline.checking import STDIN, expand_paths, file_error, internal_error, read_text


def format_file(name: str, check_only: bool, in_place: bool, diff: bool = False,
                reading: Any = None) -> bool:
    """Format one file as ``fmt`` asks (read as ``reading``, a ``ReadOptions``, says); True
    if it is not (or was not) canonical."""
    from referee.notation.fileio import write_atomic

    from_json = reading is not None and reading.reads_json(name)
    hook = reading.header_hook if reading is not None else None
    text = read_text(name, json=from_json)
    shown = "<stdin>" if name == STDIN else name
    from referee.pipeline.convert import convert_text  # imported when used: a fast start
    from referee.replay.refusals import refuse_unreadable

    canonical = "".join(convert_text(text, shown, "ttn", from_json, hook))
    # what check cannot read is not formatted either (a JSON record: as its TTN text)
    refuse_unreadable(canonical if from_json else text, shown, hook)
    if not (check_only or in_place):
        typer.echo(canonical, nl=False)
    changed = canonical != text
    if diff and changed:
        import difflib

        typer.echo("".join(difflib.unified_diff(
            text.splitlines(keepends=True), canonical.splitlines(keepends=True),
            f"{shown} (as written)", f"{shown} (canonical)")), nl=False)
    if in_place and changed:
        try:
            write_atomic(name, canonical)
        except OSError as exc:
            raise write_error(name, exc) from None
    return changed


def run_fmt(files: Iterable[str], check_only: bool, in_place: bool, diff: bool = False,
            reading: Any = None) -> int:
    """Format every file named (folders walked); the exit code: 0, 1 for files --check would
    rewrite, 2 for an unreadable file or none found."""
    unreadable = changed = total = 0
    for name in expand_paths(files):
        total += 1
        try:
            if format_file(name, check_only, in_place, diff, reading):
                changed += 1
                if (check_only and not diff) or in_place:
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
    if not total:
        _echo_err("referee fmt: no .ttn files found in " + " ".join(map(str, files)))
    if unreadable or not total:  # as check: an empty folder is not a success
        return EXIT_UNREADABLE
    return EXIT_FINDINGS if check_only and changed else EXIT_OK


def write_error(path: str, exc: OSError) -> RefereeError:
    """An output that could not be written (``file.write``), the original left unchanged."""
    reason = file_error(path, exc).message
    return RefereeError("file.write", f"not written ({reason}); the original is unchanged",
                        file=path)
