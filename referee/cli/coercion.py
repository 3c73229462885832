"""Typer's coercion of command-line values, without pydantic, for the plain parameter types.

Recent Typer releases coerce every command-line value through a pydantic ``TypeAdapter``:
importing pydantic and building the adapters costs about 100 ms at every start of
``referee``, more than checking a small file. The referee's parameters are strings, flags,
lists of strings, flags and choices (enums); these are coerced here, as Typer
itself does (the same values, the same messages), and leaves every other type (numbers with
bounds, paths, files, custom parsers) to Typer. The referee's app gets this through its
group class (``plain_group``), so other Typer apps in the same process are left alone. On a
Typer without that layer it does nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, get_args, get_origin


def _plain(annotation: Any) -> bool:
    """Whether Typer's adapter for ``annotation`` does what ``_coerce`` does."""
    if get_origin(annotation) is list:
        (annotation,) = get_args(annotation) or (None,)
    return annotation in (str, bool) or (isinstance(annotation, type)
                                         and issubclass(annotation, Enum))


def plain_group() -> type:
    """The Typer group class for the referee's app: its commands' plain parameters are
    coerced by ``_coerce``, every other parameter (and every other Typer app in the process)
    as Typer does. On a Typer without the pydantic layer it is Typer's own group class."""
    from typer.core import TyperGroup

    plain = _plain_runtime_param()
    return TyperGroup if plain is None else _plain_coercion_group(plain)


def _plain_coercion_group(plain: type) -> type:
    """The Typer group class whose commands' plain parameters get ``plain``, the runtime
    parameter class of ``_plain_runtime_param``."""
    from typer.core import TyperGroup

    class PlainCoercionGroup(TyperGroup):
        """A Typer group whose commands coerce strings, flags and choices without pydantic."""

        def use_plain(self, ctx: Any) -> None:
            """Give the plain parameters of the group and its commands the plain coercion."""
            for command in (self, *self.commands.values()):
                for param in command.get_params(ctx):
                    _use_plain(param, plain)

        def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
            # Here, not at __init__: Typer adds the completion options after that, and the
            # help options are made (once) when asked for.
            self.use_plain(ctx)
            return super().parse_args(ctx, args)

    return PlainCoercionGroup


def _use_plain(param: Any, plain: type) -> None:
    """Give ``param`` the plain coercion if Typer's adapter for it would do the same."""
    descriptor = getattr(param, "type_descriptor", None)
    if (descriptor is None or not hasattr(param, "get_runtime_param")
            or getattr(param, "_runtime_param", None) is not None
            or descriptor.file_annotation is not None
            or getattr(descriptor.parameter_info, "parser", None) is not None
            or not _plain(descriptor.annotation)):
        return
    param._runtime_param = plain(annotation=descriptor.annotation,
                                 parameter_info=descriptor.parameter_info)


def _plain_runtime_param() -> type | None:
    """Typer's runtime parameter class made to coerce plain values here (None: a Typer
    without the pydantic layer, nothing to do)."""
    try:
        from typer import _coercion
        from typer._click.exceptions import BadParameter
        from typer._click.utils import _escape_control_characters
        from typer._param_types import coerce_cli_choice
    except ImportError:
        return None
    typers_own = getattr(_coercion, "build_runtime_param", None)
    runtime_param = getattr(_coercion, "RuntimeParam", None)
    if typers_own is None or runtime_param is None:
        return None

    def typers_coercion(annotation: Any, info: Any) -> Any:
        """Typer's own runtime parameter for ``annotation`` (its pydantic adapter)."""
        return typers_own(_coercion.resolve_type_descriptor(annotation, info))

    def coerce_leaf(annotation: Any, value: Any, info: Any, ctx: Any) -> Any:
        if annotation is str:
            if value is None:
                raise ValueError("None is not a valid string")
            return value if isinstance(value, str) else str(value)
        return coerce_cli_choice(value, choices=list(annotation),
                                 case_sensitive=info.case_sensitive, ctx=ctx)

    # runtime_param is Typer's class found at run time (getattr, since older Typers lack it):
    # to mypy a variable, which it does not take as a base class.
    @dataclass(frozen=True)
    class PlainRuntimeParam(runtime_param):  # type: ignore[misc, valid-type]
        """Strings, flags, choices and lists of them, coerced as Typer's adapters do."""

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            annotation = self.annotation
            if annotation is bool:  # a flag gives a bool; text (from a setting) goes to Typer
                if isinstance(value, bool):
                    return value
                own = typers_coercion(annotation, self.parameter_info)
                return own._coerce_value(value, param=param, ctx=ctx)
            try:
                if get_origin(annotation) is list:
                    (leaf,) = get_args(annotation)
                    items = value if isinstance(value, (list, tuple)) else [value]
                    return [coerce_leaf(leaf, item, self.parameter_info, ctx) for item in items]
                return coerce_leaf(annotation, value, self.parameter_info, ctx)
            except ValueError as exc:
                message = _escape_control_characters(f"Value error, {exc}")
                raise BadParameter(message, ctx=ctx, param=param) from exc

    return PlainRuntimeParam
