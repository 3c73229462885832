"""Project settings: a ``referee.toml``, or the ``[tool.referee]`` table of ``pyproject.toml``.

The nearest folder (from the working folder up) that holds either file gives the settings;
``referee.toml`` wins over ``pyproject.toml`` in the same folder, as ``ruff.toml`` does over
``pyproject.toml`` for ruff. Command-line options override every setting::

    [tool.referee]
    paths = ["samples/"]          # what `referee check` and `referee fmt` read by default
    exclude = ["drafts/", "*.tmp.ttn"]
    format = "github"             # text, json, github, junit, sarif
    game = "twenty-eight"         # for records without a Game tag
    rules = "pagat"               # for records without a Rules tag
    select = ["28"]               # report only these rule ids (or prefixes)
    ignore = ["28.dealer"]        # never report these
    color = "auto"                # auto, always, never
    partial = false               # true: records of games in progress are legal so far
    cache = false                 # true: a result cache in $XDG_CACHE_HOME/referee
    cache_size_mb = 1024          # the cache's size limit (the least recently used go first)

    [tool.referee.options]        # for records that do not set these options
    min_bid = 16

Relative paths are read from the folder of the settings file.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.catalogue.lookups import suggest

FILE_NAME = "referee.toml"

KEYS = ("paths", "exclude", "format", "game", "rules", "options", "select", "ignore", "color",
        "partial", "cache", "cache_size_mb")


class ConfigError(ValueError):
    """A settings file that cannot be read or holds an unknown key or a bad value."""


@dataclass(slots=True)
class Settings:
    """What a settings file says; empty when there is none."""

    source: str | None = None
    paths: list[str] = field(default_factory=list)
    exclude: list[str] = field(default_factory=list)
    format: str | None = None
    game: str | None = None
    rules: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    color: str | None = None
    partial: bool = False
    cache: bool = False
    cache_size_mb: int | None = None


def find_settings_file(start: str | Path = ".") -> tuple[Path, bool] | None:
    """The nearest ``referee.toml`` (True) or ``pyproject.toml`` with a ``[tool.referee]``
    table (False), from ``start`` up to the file system's root."""
    folder = Path(start).resolve()
    for place in (folder, *folder.parents):
        own = place / FILE_NAME
        if own.is_file():
            return own, True
        project = place / "pyproject.toml"
        if project.is_file() and _has_table(project):
            return project, False
    return None


def load_settings(start: str | Path = ".", explicit: str | None = None) -> Settings:
    """The settings that apply in ``start`` (or those of the file ``explicit``)."""
    if explicit is not None:
        path = Path(explicit)
        found: tuple[Path, bool] | None = (path, path.name != "pyproject.toml")
    else:
        found = find_settings_file(start)
    if found is None:
        return Settings()
    path, own = found
    data = _read_toml(path)
    table = data if own else data.get("tool", {}).get("referee", {})
    if own and "tool" in table:  # a referee.toml written like a pyproject.toml
        table = table["tool"].get("referee", {})
    return settings_from(table, path)


def settings_from(table: dict[str, Any], path: Path) -> Settings:
    """Check a settings table and make paths relative to the file's folder."""
    where = str(path)
    for key in table:
        if key not in KEYS:
            raise ConfigError(f"{where}: unknown setting '{key}'{suggest(key, KEYS)} "
                              f"(settings: {', '.join(KEYS)})")
    base = path.parent
    settings = Settings(source=where)
    settings.paths = [_relative(base, p) for p in _strings(table, "paths", where)]
    settings.exclude = [_relative(base, p) if _is_path(p) else p
                        for p in _strings(table, "exclude", where)]
    settings.select = _strings(table, "select", where)
    settings.ignore = _strings(table, "ignore", where)
    for key in ("format", "game", "rules", "color"):
        value = table.get(key)
        if value is not None and not isinstance(value, str):
            raise ConfigError(f"{where}: setting '{key}' must be a string")
        setattr(settings, key, value)
    partial = table.get("partial", False)
    if not isinstance(partial, bool):
        raise ConfigError(f"{where}: setting 'partial' must be true or false")
    settings.partial = partial
    settings.cache = table.get("cache", False)
    if not isinstance(settings.cache, bool):
        raise ConfigError(f"{where}: setting 'cache' must be true or false")
    size = table.get("cache_size_mb")
    if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size < 1):
        raise ConfigError(f"{where}: setting 'cache_size_mb' must be a whole number of "
                          "megabytes (at least 1)")
    settings.cache_size_mb = size
    options = table.get("options", {})
    if not isinstance(options, dict):
        raise ConfigError(f"{where}: setting 'options' must be a table of NAME = VALUE")
    settings.options = {str(name): _option_text(value) for name, value in options.items()}
    return settings


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _strings(table: dict[str, Any], key: str, where: str) -> list[str]:
    value = table.get(key, [])
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: setting '{key}' must be a list of strings")
    return list(value)


def _is_path(pattern: str) -> bool:
    # A pattern with a folder part is a path from the settings file; a bare name such as
    # "*.tmp.ttn" or "drafts" matches at any depth, as in .gitignore.
    return "/" in pattern.rstrip("/") or pattern.startswith(".")


def _relative(base: Path, path: str) -> str:
    if os.path.isabs(path):
        return path
    joined = os.path.relpath(base / path) if base != Path(".") else path
    return joined + ("/" if path.endswith("/") and not joined.endswith("/") else "")


def _has_table(path: Path) -> bool:
    try:
        return "referee" in _read_toml(path).get("tool", {})
    except ConfigError:
        return False


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as stream:
            return tomllib.load(stream)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None
