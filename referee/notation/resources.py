"""The grammar and the JSON schemas, loaded through one function.

In an installed package they sit inside it (the wheel maps the top-level ``grammar/`` and
``schemas/`` folders into ``referee/``); in a source checkout they are read from the top
level, so there is exactly one copy of each file in the repository.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

_CHECKOUT = Path(__file__).resolve().parents[2]  # the checkout, from referee/notation/


def resource_text(folder: str, name: str) -> str:
    """The text of ``folder/name`` (folder is "grammar" or "schemas")."""
    packaged = resources.files("referee").joinpath(folder).joinpath(name)
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    return (_CHECKOUT / folder / name).read_text(encoding="utf-8")


def grammar_text() -> str:
    """The TTN Lark grammar."""
    return resource_text("grammar", "ttn.lark")


@cache
def load_schema(name: str) -> dict[str, Any]:
    """A JSON schema by file name, e.g. ``record.schema.json``."""
    schema: dict[str, Any] = json.loads(resource_text("schemas", name))
    return schema
