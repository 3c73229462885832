"""How the ``referee`` command's help names its arguments and reports bad values.

Typer writes a required argument as ``{FILES}...`` on the usage line and adds the Python type
(``FILES <list[str]>``) in the list of arguments, and its own messages for a bad choice or a
number out of range read like a library's (``Value error, 'xml' is not one of ...``). The
command line convention people know is ``FILE...`` and ``[FILE]...``, with messages that say
what to write instead; this module gives both.
"""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

import typer

from referee.catalogue.lookups import suggest

E = TypeVar("E", bound=Enum)


def plain_argument_names() -> None:
    """Show arguments as ``FILE...`` (usage line) and ``FILE`` (argument list), no type."""
    from typer.core import TyperArgument

    def usage_name(self: TyperArgument) -> str:
        name = self.metavar or self.name.upper()
        name = name if self.required else f"[{name}]"
        return name + ("..." if self.nargs != 1 else "")

    def no_type(self: object, ctx: object) -> str | None:
        return None

    # Older Typer releases have neither method and already write plain names. Replacing a
    # method of Typer's class is the point here (method-assign).
    if hasattr(TyperArgument, "_usage_display_name"):
        TyperArgument._usage_display_name = usage_name  # type: ignore[method-assign]
    if hasattr(TyperArgument, "display_type_rich"):
        TyperArgument.display_type_rich = no_type  # type: ignore[method-assign]


def choice(kind: type[E], value: str | None, flag: str) -> E | None:
    """``value`` as a member of ``kind``; a usage error that lists the choices otherwise."""
    if value is None:
        return None
    names = [member.value for member in kind]
    if value not in names:
        raise typer.BadParameter(
            f"'{value}' is not one of {', '.join(names)}{suggest(value, names)}",
            param_hint=f"'{flag}'")
    return kind(value)


def whole_number(value: str | int | None, flag: str, minimum: int | None = None) -> int | None:
    """``value`` as a whole number (None stays None); a usage error in words otherwise."""
    if value is None or isinstance(value, int):
        number = value
    else:
        try:
            number = int(value.strip())
        except ValueError:
            raise typer.BadParameter(f"'{value}' is not a whole number",
                                     param_hint=f"'{flag}'") from None
    if number is not None and minimum is not None and number < minimum:
        raise typer.BadParameter(f"must be at least {minimum}, not {number}",
                                 param_hint=f"'{flag}'")
    return number


def choices(kind: type[Enum]) -> str:
    """``a|b|c``: the metavar of a choice option."""
    return "|".join(member.value for member in kind)


OPTIONAL_VALUES = {"--duplicates": "note"}
"""Options whose value may be left out (``--duplicates`` or ``--duplicates=error``), and the
value they then take. The value is joined to the option with ``=``: a bare option never takes
the next word (a file name) as its value."""


def optional_values(args: list[str]) -> list[str]:
    """``args`` with each bare option of OPTIONAL_VALUES given its value (up to ``--``)."""
    given = list(args)
    for index, word in enumerate(given):
        if word == "--":
            break
        if word in OPTIONAL_VALUES:
            given[index] = f"{word}={OPTIONAL_VALUES[word]}"
    return given


def parse_jobs(text: str) -> int:
    """``--jobs``: a number of processes of at least 1, or ``auto`` (the cores available)."""
    from referee.pipeline.parallel import available_cores

    if text == "auto":
        return available_cores()
    if text.isascii() and text.isdigit() and 0 < int(text) <= 1024:
        return int(text)
    raise typer.BadParameter(f"'{text}' is not a number of processes (1 to 1024) or 'auto'",
                             param_hint="'--jobs'")
