"""What the commands share to write their output: the exit codes, echoing to standard output
and error, the version."""

from __future__ import annotations

import typer

EXIT_OK, EXIT_FINDINGS, EXIT_UNREADABLE = 0, 1, 2


def version() -> str:
    """The package's version (the installed distribution's, else the source tree's)."""
    try:
        from referee.version import __version__

        return __version__
    except ImportError:
        pass
    try:
        from importlib.metadata import version as dist_version

        return dist_version("referee")
    except Exception:
        return "unknown"


def echo_err(text: str) -> None:
    if text:
        typer.echo(text, err=True)


def echo(text: str, color: bool = False) -> None:
    # color=True keeps the styles even when standard output is not a terminal
    # (--color always, FORCE_COLOR); None lets click strip them there.
    if text:
        typer.echo(text, color=color or None)

