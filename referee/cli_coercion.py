"""Typer's coercion of command-line values, without pydantic, for the plain parameter types.

Recent Typer releases coerce every command-line value through a pydantic ``TypeAdapter``:
importing pydantic and building the adapters costs about 100 ms at every start of
``referee``, more than checking a small file. The referee's parameters are strings, flags,
lists of strings, flags and choices (enums); ``install`` makes Typer coerce those here, as Typer
itself does (the same values, the same messages), and leaves every other type (numbers with
bounds, paths, files, custom parsers) to Typer. On a Typer without that layer it does nothing.
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


def install() -> None:
    """Route the plain parameter types of every Typer command through ``_coerce``."""
    try:
        from typer import _coercion, core
        from typer._click.exceptions import BadParameter
        from typer._click.utils import _escape_control_characters
        from typer._param_types import coerce_cli_choice
    except ImportError:  # a Typer without the pydantic layer: nothing to do
        return
    original = getattr(core, "build_runtime_param", None)
    runtime_param = getattr(_coercion, "RuntimeParam", None)
    if original is None or runtime_param is None or getattr(original, "plain", False):
        return

    def coerce_leaf(annotation: Any, value: Any, info: Any, ctx: Any) -> Any:
        if annotation is str:
            if value is None:
                raise ValueError("None is not a valid string")
            return value if isinstance(value, str) else str(value)
        return coerce_cli_choice(value, choices=list(annotation),
                                 case_sensitive=info.case_sensitive, ctx=ctx)

    @dataclass(frozen=True)
    class PlainRuntimeParam(runtime_param):  # type: ignore[misc, valid-type]
        """Strings, flags, choices and lists of them, coerced as Typer's adapters do."""

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            annotation = self.annotation
            if annotation is bool:  # a flag gives a bool; text (from a setting) goes to Typer
                if isinstance(value, bool):
                    return value
                typer_param = original(_descriptor(annotation, self.parameter_info))
                return typer_param._coerce_value(value, param=param, ctx=ctx)
            try:
                if get_origin(annotation) is list:
                    (leaf,) = get_args(annotation)
                    items = value if isinstance(value, (list, tuple)) else [value]
                    return [coerce_leaf(leaf, item, self.parameter_info, ctx) for item in items]
                return coerce_leaf(annotation, value, self.parameter_info, ctx)
            except ValueError as exc:
                message = _escape_control_characters(f"Value error, {exc}")
                raise BadParameter(message, ctx=ctx, param=param) from exc

    def build_runtime_param(descriptor: Any) -> Any:
        info = descriptor.parameter_info
        if (descriptor.file_annotation is None and getattr(info, "parser", None) is None
                and _plain(descriptor.annotation)):
            return PlainRuntimeParam(annotation=descriptor.annotation, parameter_info=info)
        return original(descriptor)

    def _descriptor(annotation: Any, info: Any) -> Any:
        return _coercion.resolve_type_descriptor(annotation, info)

    build_runtime_param.plain = True  # type: ignore[attr-defined]
    core.build_runtime_param = build_runtime_param
