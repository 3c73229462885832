"""Seeded random inputs, cheap enough for millions: grammar-shaped text, byte, token and line
mutations of every sample, and mutations of the samples' JSON form.

Each generator takes a ``random.Random`` and returns bytes (TTN) or text (JSON). The Hypothesis
strategies (strategies.py) draw the same shapes; this module is what the long driver runs.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

SEATS = ["N", "E", "S", "W", "P1", "P2", "P3", "NS", "EW", "x", "pass", "AH", "3.E"]
CARDS = ["AS", "KH", "QD", "JC", "TS", "10H", "9D", "8C", "7S", "2H", "♠A", "A♠", "??", "1OS",
         "ah", "10s"]
WORDS = ["pass", "double", "redouble", "trump", "call", "pair", "single", "rob", "exchange",
         "none", "knock", "down", "stop", "claim", "result", "score", "seventh", "redeal",
         "turnup", ">", "|", ",", "16", "0", "99", "-3", "+4", "1.", "3.E", "١٤", "𝟙𝟜", "१२",
         "9" * 12, "9" * 4400, "deal", "dealer"]
HOSTILE = ["\x00", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f", "\x7f", "\x85", "\u2028",
           "\u2029", "\r", "\r\n", "\n", "\t", "\ufeff", "\u00a0", "{", "}", ";", '"', "\\",
           "[", "]", ":", "é", "♥", "\U0001f0a1"]
TAGS = ["Game", "Rules", "Option", "Seats", "Teams", "Player", "Event", "Expect", "Date", "X"]
GAMES = ["28", "29", "twenty-eight", "twenty-nine", "forty", "fifty-six", "twenty-five",
         "avinas", "twenty-two", "nope"]
BREAKS = ["\n", "\n", "\n", "\r\n", "\r", "\u2028", "\x0c", "\x0b", "\x85"]


@cache
def samples() -> tuple[str, ...]:
    """Every sample record's text."""
    return tuple(p.read_text(encoding="utf-8") for p in sorted((ROOT / "samples").rglob("*.ttn")))


@cache
def sample_json() -> tuple[str, ...]:
    """Every readable sample's JSON form, one JSON line per record."""
    from referee import to_json
    from referee.notation.parser import parse_records

    out = []
    for text in samples():
        try:
            out.append("".join(json.dumps(to_json(r), ensure_ascii=False) + "\n"
                               for r in parse_records(text)))
        except Exception:  # noqa: S112 - an unreadable sample has no JSON form
            continue
    return tuple(out)


def _comment(rng: random.Random) -> str:
    body = "".join(rng.choice(HOSTILE + WORDS + [" "]) for _ in range(rng.randint(0, 4)))
    return "{" + body.replace("}", "") + "}" if rng.random() < 0.5 else ";" + body.replace(
        "\n", " ").replace("\r", " ")


def _piece(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.25:
        return f"{rng.choice(SEATS)} {rng.choice(CARDS)}"
    if roll < 0.45:
        return f"{rng.choice(SEATS)} {rng.choice(WORDS)}"
    if roll < 0.55:
        return f"{rng.randint(1, 9)}.{rng.choice(['', ' '])}{rng.choice(SEATS)} {rng.choice(CARDS)}"
    if roll < 0.65:
        return _comment(rng)
    if roll < 0.75:
        return rng.choice(HOSTILE)
    if roll < 0.85:
        return f"result {rng.choice(SEATS)} {rng.choice(WORDS[20:])} {rng.choice(SEATS)} 9"
    return rng.choice(WORDS + CARDS)


def grammar_text(rng: random.Random) -> bytes:
    """A record-shaped text: tags, deal lines, hands, events, comments, hostile characters."""
    out = [f'[Game "{rng.choice(GAMES)}"]']
    for _ in range(rng.randint(0, 3)):
        values = " ".join(f'"{rng.choice(WORDS + SEATS + HOSTILE)}"' for _ in range(
            rng.randint(0, 2)))
        out.append(f"[{rng.choice(TAGS)} {values}]")
    for deal in range(rng.randint(0, 2)):
        out.append(f"deal {rng.choice([str(deal + 1), '1', '١', '0', '9' * 10])} dealer "
                   f"{rng.choice(SEATS)}")
        for seat in rng.sample(SEATS[:4], rng.randint(0, 4)):
            out.append(f"{seat}: " + " ".join(rng.choice(CARDS) for _ in range(rng.randint(0, 8))))
        line = []
        for _ in range(rng.randint(0, 12)):
            line.append(_piece(rng))
            if rng.random() < 0.3:
                out.append(" ".join(line))
                line = []
        out.append(" ".join(line))
    text = "".join(part + rng.choice(BREAKS) for part in out)
    return _encode(text, rng)


def _encode(text: str, rng: random.Random) -> bytes:
    data = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.05:
        data = data[: rng.randint(0, len(data))] + bytes([rng.randint(0x80, 0xff)]) + data
    return data


def mutated_sample(rng: random.Random) -> bytes:
    """A sample after a few byte, character, token or line edits."""
    text = rng.choice(samples())
    for _ in range(rng.choice((1, 1, 2, 3))):
        text = rng.choice(_TEXT_EDITS)(text, rng)
    data = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.2:
        data = _byte_edit(data, rng)
    return data


def _insert_hostile(text: str, rng: random.Random) -> str:
    at = rng.randint(0, len(text))
    return text[:at] + rng.choice(HOSTILE + WORDS + CARDS) + text[at:]


def _delete_span(text: str, rng: random.Random) -> str:
    at = rng.randint(0, len(text))
    return text[:at] + text[at + rng.randint(1, 8):]


def _token_edit(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    if len(words) < 2:
        return text
    i = rng.randrange(len(words))
    choice = rng.random()
    if choice < 0.3:
        del words[i]
    elif choice < 0.6:
        words.insert(i, words[rng.randrange(len(words))])
    else:
        words[i] = rng.choice(WORDS + CARDS + SEATS)
    return " ".join(words)


def _line_edit(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    choice = rng.random()
    if choice < 0.3:
        lines[i], lines[j] = lines[j], lines[i]
    elif choice < 0.6:
        lines.insert(i, lines[j])
    elif choice < 0.8:
        del lines[i]
    else:
        return rng.choice(BREAKS).join(lines)
    return "\n".join(lines)


def _comment_edit(text: str, rng: random.Random) -> str:
    at = text.find("\n", rng.randint(0, len(text)))
    at = len(text) if at < 0 else at
    return text[:at] + " " + _comment(rng) + text[at:]


def _byte_edit(data: bytes, rng: random.Random) -> bytes:
    if not data:
        return bytes([rng.randint(0, 255)])
    at = rng.randrange(len(data))
    choice = rng.random()
    if choice < 0.4:
        return data[:at] + bytes([rng.randint(0, 255)]) + data[at + 1:]
    if choice < 0.7:
        return data[:at] + bytes([rng.randint(0, 255)]) + data[at:]
    return data[:at] + data[at + rng.randint(1, 16):]


_TEXT_EDITS = [_insert_hostile, _delete_span, _token_edit, _token_edit, _line_edit,
               _comment_edit]


HOSTILE_STRINGS = ["", "}", "{", "\n", "\r", "x\nresult NS 99 EW 1", "note} [Rules \"k\"] {",
                   "\x00", "\x0c", "\u2028", "\ud800", "pass", "AH", "3.E", "deal", "é",
                   '"', "\\", ";", "N", "E", "??"]


def mutated_json(rng: random.Random) -> str:
    """A sample's JSON form with a few values replaced (strings, numbers, lists, nesting)."""
    text = rng.choice(sample_json())
    docs = [json.loads(line) for line in text.splitlines() if line]
    for _ in range(rng.randint(1, 3)):
        _mutate_value(rng.choice(docs), rng)
    return "".join(json.dumps(d, ensure_ascii=rng.random() < 0.5) + "\n" for d in docs)


def _mutate_value(doc: Any, rng: random.Random) -> None:
    """Replace one value somewhere inside ``doc`` (a dict or list)."""
    node = doc
    for _ in range(rng.randint(1, 6)):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = rng.choice(keys)
        child = node[key]
        if isinstance(child, (dict, list)) and child and rng.random() < 0.7:
            node = child
            continue
        node[key] = _hostile_value(child, rng)
        return
    if isinstance(node, list):
        node.append(_hostile_value(None, rng))


def _hostile_value(old: Any, rng: random.Random) -> Any:
    roll = rng.random()
    if isinstance(old, str) or roll < 0.4:
        return rng.choice(HOSTILE_STRINGS)
    if isinstance(old, int) or roll < 0.6:
        return rng.choice([0, -1, 10 ** 9, 10 ** 12, 10 ** 30, 1])
    if roll < 0.8:
        return []
    return {}
