"""``referee convert``'s run: TTN to the JSON form and back, or a record as one seat saw it
(``--as``), on standard output or written atomically."""

from __future__ import annotations

from enum import Enum
from typing import Any

import typer

from referee.cli.fmt import write_error
from referee.cli.output import EXIT_OK, EXIT_UNREADABLE
from referee.cli.output import echo_err as _echo_err
from referee.model.errors import RefereeError
from referee.pipeline.checking import STDIN, internal_error, read_text


class ConvertTarget(str, Enum):  # noqa: UP042
    """What ``referee convert`` writes."""

    json = "json"
    ttn = "ttn"



def run_convert(file: str, to: ConvertTarget | None, output: str | None,
                source: ConvertTarget | None = None, reading: Any = None,
                view: str | None = None) -> int:
    from referee.notation.fileio import write_atomic
    from referee.pipeline.convert import convert_text, is_json_path

    from_json = is_json_path(file) if source is None else source is ConvertTarget.json
    # a view is the same form as its record unless --to says otherwise; else the other form
    target = to or (ConvertTarget.ttn if from_json is (view is None) else ConvertTarget.json)
    shown = "<stdin>" if file == STDIN else file
    text: str | None = None
    try:
        text = read_text(file, json=from_json)
        chunks = convert_text(text, shown, target, from_json,
                              reading.header_hook if reading is not None else None, view)
        if output is None or output == STDIN:
            for chunk in chunks:
                typer.echo(chunk, nl=False)
        else:
            try:
                write_atomic(output, chunks)
            except OSError as exc:
                raise write_error(output, exc) from None
    except RefereeError as exc:
        file = shown if exc.file in (None, "<string>") else exc.file  # found after parsing
        readable = not from_json and text is not None and exc.code != "ttn.encoding"
        _echo_err(exc.in_file(file, text if readable else None).render())
        return EXIT_UNREADABLE
    except Exception as exc:  # a bug, not bad input
        _echo_err(internal_error(shown, exc).render())
        return EXIT_UNREADABLE
    return EXIT_OK
