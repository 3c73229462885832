"""Variant options: declared, typed, with a default, a one-line meaning and the rules they change.

A game declares its options as a tuple of ``OptionSpec``; a preset is a named set of
overrides; ``[Option "name" "value"]`` tags apply on top of the preset. The result is an
``Options`` mapping with attribute access (``options.min_bid``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.model.spelling import suggest

OptionValue = bool | int | str


class OptionError(ValueError):
    """An unknown option or preset, or a value the option does not take.

    ``option`` names the option at fault (None for an unknown preset), so a caller can point
    at the tag that set it.
    """

    def __init__(self, code: str, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.option = option


_TRUE = {"yes", "true", "on", "1"}
_FALSE = {"no", "false", "off", "0"}


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One variant option.

    ``kind`` is "bool", "int" or "choice"; ``choices`` lists the values of a choice option;
    ``minimum``/``maximum`` bound an int option; ``rules`` names the rule ids it changes.
    """

    name: str
    kind: str
    default: OptionValue
    meaning: str
    rules: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def valid_values(self) -> str:
        if self.kind == "bool":
            return "yes, no"
        if self.kind == "choice":
            return ", ".join(self.choices)
        if self.minimum is not None and self.maximum is not None:
            return f"a whole number from {self.minimum} to {self.maximum}"
        if self.minimum is not None:
            return f"a whole number of at least {self.minimum}"
        if self.maximum is not None:
            return f"a whole number of at most {self.maximum}"
        return "a whole number"

    def parse(self, text: str | OptionValue) -> OptionValue:
        """Convert a tag's text (or a preset's value) to this option's type."""
        if not isinstance(text, str):
            return self.check(text)
        word = text.strip().lower()
        if self.kind == "bool":
            if word in _TRUE:
                return True
            if word in _FALSE:
                return False
        elif self.kind == "int":
            try:
                return self.check(int(word))
            except ValueError:
                pass
        elif word in self.choices:
            return word
        raise OptionError(
            "record.option-value",
            f"option '{self.name}' does not take '{text}' (valid: {self.valid_values()})",
            self.name,
        )

    def check(self, value: OptionValue) -> OptionValue:
        ok = {
            "bool": isinstance(value, bool),
            "int": isinstance(value, int) and not isinstance(value, bool)
            and (self.minimum is None or value >= self.minimum)
            and (self.maximum is None or value <= self.maximum),
            "choice": value in self.choices,
        }[self.kind]
        if not ok:
            raise ValueError(f"option '{self.name}' does not take {value!r}")
        return value

    def show(self, value: OptionValue) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)


@dataclass(frozen=True, slots=True)
class Preset:
    """A named bundle of option values."""

    name: str
    description: str
    values: Mapping[str, OptionValue] = field(default_factory=dict)


class Options(Mapping[str, OptionValue]):
    """Resolved option values with attribute access; immutable."""

    __slots__ = ("_values", "preset")
    _values: dict[str, OptionValue]
    preset: str

    def __init__(self, values: Mapping[str, OptionValue], preset: str = "standard") -> None:
        object.__setattr__(self, "_values", dict(values))
        object.__setattr__(self, "preset", preset)

    def __getattr__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Options are immutable")

    def __getitem__(self, name: str) -> OptionValue:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def as_dict(self) -> dict[str, OptionValue]:
        """The values by name in a new dict (what ``dict(options)`` gives, without a call of
        ``__getitem__`` per option: a match's replay makes one)."""
        return dict(self._values)

    def __repr__(self) -> str:
        return f"Options({self._values!r}, preset={self.preset!r})"


def resolve_options(
    specs: Iterable[OptionSpec],
    presets: Mapping[str, Preset],
    preset: str | None = None,
    overrides: Iterable[tuple[str, str | OptionValue]] = (),
) -> Options:
    """Defaults, then the preset, then each override in order; errors name the valid values."""
    by_name = {spec.name: spec for spec in specs}
    preset_name = preset or "standard"
    if preset_name not in presets:
        raise OptionError(
            "record.preset",
            f"unknown preset '{preset_name}'{suggest(preset_name, presets)} "
            f"(valid: {', '.join(presets)})",
        )
    values = {spec.name: spec.default for spec in by_name.values()}
    for name, value in presets[preset_name].values.items():
        values[name] = by_name[name].parse(value)
    for name, value in overrides:
        spec = by_name.get(name)
        if spec is None:
            raise OptionError(
                "record.option",
                f"unknown option '{name}'{suggest(name, by_name)} "
                f"(valid: {', '.join(sorted(by_name))})",
                name,
            )
        values[name] = spec.parse(value)
    return Options(values, preset_name)
