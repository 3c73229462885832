"""The JSON report's own writer (referee.report.json.dump) writes what ``json.dumps(...,
indent=2, ensure_ascii=False)`` writes, byte for byte, for every kind of value the standard
encoder takes: plain types, their subclasses, enums, named tuples, sets (by ``jsonable``),
odd keys and floats, nested to any depth."""

from __future__ import annotations

import enum
import json
import random
from collections import OrderedDict, namedtuple
from typing import Any

import pytest

from referee.report.json import dump, jsonable


class Colour(enum.Enum):
    RED = "red"


class Level(enum.IntEnum):
    HIGH = 3


class Name(str):
    pass


class Count(int):
    pass


Pair = namedtuple("Pair", "left right")

LEAVES: list[Any] = [
    0, -5, 10**20, True, False, None, 1.5, -0.0, 1e300, float("nan"), float("inf"),
    -float("inf"), "", "x", "é\n\"\\\u2028\x01\t", Name("n"), Count(7), Colour.RED,
    Level.HIGH, frozenset({"b", "a"}), {3, 1}, Pair(1, "z"), (), [], {},
]
KEYS: list[Any] = ["k", "é", 1, 2.5, True, False, None, Name("q"), Level.HIGH, Count(2)]


def standard(value: Any, indent: int) -> str:
    text = json.dumps(value, indent=2, ensure_ascii=False, default=jsonable)
    return text.replace("\n", "\n" + " " * indent)


def made(chance: random.Random, depth: int = 0) -> Any:
    roll = chance.random()
    if depth > 4 or roll < 0.4:
        return chance.choice(LEAVES)
    size = chance.randint(0, 4)
    if roll < 0.6:
        return [made(chance, depth + 1) for _ in range(size)]
    if roll < 0.7:
        return tuple(made(chance, depth + 1) for _ in range(size))
    if roll < 0.75:
        return OrderedDict((chance.choice(KEYS), made(chance, depth + 1)) for _ in range(size))
    return {chance.choice(KEYS): made(chance, depth + 1) for _ in range(size)}


@pytest.mark.parametrize("indent", [0, 4, 8])
def test_dump_writes_what_json_dumps_writes(indent: int) -> None:
    chance = random.Random(indent)
    for _ in range(3000):
        value = made(chance)
        assert dump(value, indent) == standard(value, indent), value


def test_leaves_alone() -> None:
    for value in LEAVES:
        assert dump(value, 2) == standard(value, 2), value


def test_a_key_json_refuses_is_refused() -> None:
    with pytest.raises(TypeError):
        dump({(1, 2): 0}, 0)
