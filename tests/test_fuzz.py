"""Seeded fuzzing: mutated records never crash referee, whatever the game or the command.

Every registered game simulates a few legal deals (``referee.replay.simulate``; other table sizes
and teams for Twenty-Five and Twenty-Two, two packs for Twenty-Two, every preset); each record is
then mutated by seeded text edits (a token deleted or duplicated, cards swapped or changed, a seat
renamed, a hand line or a ``|`` dropped, the text cut short, a keyword or an event inserted, a bid
or mark changed, the Seats/Teams tag removed or changed, the preset or options changed, an event
moved after the result line, Expect tags, comments, CRLF, ...). Every library entry point must then
either succeed or raise a ``RefereeError``: ``check_text`` with and without Expect tags (exit code
0, 1 or 2, never ``referee.internal``, an error always with line and column) with every reporter
and the score sheet, ``annotated_text``, ``moves_at`` at a random position, ``fmt``'s
``canonical_text`` and the JSON round trip (``referee.notation.jsonform``: the same record back). A
few mutated files also go through every command of the command line (``typer.testing.CliRunner``):
exit codes 0, 1 or 2, no traceback, the same verdict from check (every format), score and annotate.

What the fuzzing found is kept below as regression cases (a minimal record per crash, each
now fixed): each must pass its entry point cleanly, and nothing is tolerated.

The mutators and ``run_entry_points`` are importable, for a larger campaign than this test
runs (``PYTHONPATH=. python tests/test_fuzz.py [GAME...] [--cases N] [--seed S]``).
"""

from __future__ import annotations

import json
import random
import re
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from referee.games import find_game, games
from referee.model.errors import RefereeError
from referee.notation.jsonform import json_lines, json_lines_to_records, record_from_json
from referee.notation.parser import iter_items, parse_records
from referee.notation.writer import dumps
from referee.pipeline.annotate import annotated_text
from referee.pipeline.checking import check_text
from referee.replay.moves import Position, moves_at
from referee.replay.simulate import simulate, table_spec
from referee.report.github import render_github
from referee.report.json import render_json
from referee.report.junit import render_junit
from referee.report.model import Totals
from referee.report.scoresheet import render_scoresheet
from referee.report.text import render_file

# -- the seed records -------------------------------------------------------------------------

TABLES: dict[str, list[dict]] = {
    "twenty-five": [
        {},
        {"players": 5},
        {"players": 6, "teams": "2"},
        {"players": 6, "teams": "3"},
        {"players": 4, "teams": "2"},
        {"players": 3, "teams": "none"},
    ],
    "twenty-two": [
        {},
        {"players": 3},
        {"players": 6},
        {"players": 2},
        {"players": 8, "options": {"packs": 2}},
    ],
}
"""Table variants per game (``referee simulate --players N --teams K``); others: default."""


@cache
def seed_texts(game: str) -> tuple[str, ...]:
    """Simulated records of ``game``: every table variant, every preset, a few deals each."""
    cls = find_game(game)
    texts = []
    variants = TABLES.get(game, [{}])
    presets = [None, *sorted(p for p in cls.presets if p != "standard")]
    for index, variant in enumerate(variants):
        spec = table_spec(game, variant.get("players"), variant.get("teams"))
        if "options" in variant:
            spec["options"] = variant["options"]
        preset = presets[index % len(presets)] if index else None
        texts.append(simulate(game, 3, 11 + index, preset, **spec))
    for index, preset in enumerate(presets[1:]):
        texts.append(simulate(game, 2, 101 + index, preset))
    return tuple(texts)


# -- mutations --------------------------------------------------------------------------------

RANKS = ["A", "K", "Q", "J", "T", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
SUITS = ["S", "H", "D", "C", "♠", "♥", "♦", "♣"]
KEYWORDS = [
    "deal", "dealer", "pass", "double", "redouble", "trump", "call", "pair", "single",
    "turnup", "rob", "exchange", "none", "knock", "down", "stop", "claim", "result", "score",
    "seventh", "redeal",
]
CARD = re.compile(r"(?:10|[AKQJT2-9])[SHDC♠♥♦♣♤♡♢♧]", re.IGNORECASE)
TOKEN = re.compile(r"[^\s\[\]\"]+")
SEAT = re.compile(r"[A-Za-z][\w-]*")
JUNK = ["??", "0", "-1", "99999999999999999999", "1.", "0.", ">", "|", ",", "{x}", "; x",
        '""', "[", "]", "AH>", "1OS", "N:", "\t", "\r\n", "\u00a0", "♠", "10♥", "deal"]


def _card(rng: random.Random) -> str:
    return rng.choice(RANKS) + rng.choice(SUITS)


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _seats(text: str) -> list[str]:
    match = re.search(r'^\[Seats "([^"]*)"\]', text, re.MULTILINE)
    if match:
        return match.group(1).split() or ["N"]
    return ["N", "E", "S", "W"]


def _tokens(text: str) -> list[re.Match]:
    return list(TOKEN.finditer(text))


def _replace(text: str, match: re.Match, new: str) -> str:
    return text[:match.start()] + new + text[match.end():]


def _event_line(line: str) -> bool:
    return bool(line.strip()) and not line.startswith(("[", "deal", "result", ";")) \
        and not re.match(r"\S+:", line)


def m_delete_token(text: str, rng: random.Random) -> str:
    tokens = _tokens(text)
    return _replace(text, rng.choice(tokens), "") if tokens else text


def m_duplicate_token(text: str, rng: random.Random) -> str:
    tokens = _tokens(text)
    if not tokens:
        return text
    token = rng.choice(tokens)
    return _replace(text, token, token.group() + " " + token.group())


def m_swap_cards(text: str, rng: random.Random) -> str:
    cards = list(CARD.finditer(text))
    if len(cards) < 2:
        return text
    a, b = sorted(rng.sample(cards, 2), key=lambda m: m.start())
    return (text[:a.start()] + b.group() + text[a.end():b.start()] + a.group()
            + text[b.end():])


def m_change_card(text: str, rng: random.Random) -> str:
    cards = list(CARD.finditer(text))
    if not cards:
        return text
    target = rng.choice(cards)
    if rng.random() < 0.5:  # another card of the same record: most often a valid card
        return _replace(text, target, rng.choice(cards).group())
    return _replace(text, target, _card(rng))


def m_change_seat(text: str, rng: random.Random) -> str:
    seats = _seats(text)
    found = [m for m in _tokens(text) if m.group().rstrip(":") in seats]
    if not found:
        return text
    target = rng.choice(found)
    new = rng.choice(seats + ["X", "n", "P0", "P99", "Q"])
    return _replace(text, target, new + (":" if target.group().endswith(":") else ""))


def m_drop_hand_line(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    hands = [i for i, line in enumerate(lines) if re.match(r"[^\s\[;{]\S*:", line)]
    if hands:
        del lines[rng.choice(hands)]
    return "\n".join(lines)


def m_drop_all_hands_of_a_deal(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    deals = [i for i, line in enumerate(lines) if line.startswith("deal ")]
    if not deals:
        return text
    start = rng.choice(deals) + 1
    while start < len(lines) and re.match(r"[^\s\[;{]\S*:", lines[start]):
        del lines[start]
    return "\n".join(lines)


def m_drop_bar(text: str, rng: random.Random) -> str:
    bars = [m.start() for m in re.finditer(r"\|", text)]
    if not bars:
        return text
    at = rng.choice(bars)
    return text[:at] + text[at + 1:]


def m_move_bar(text: str, rng: random.Random) -> str:
    text = m_drop_bar(text, rng)
    lines = _lines(text)
    hands = [i for i, line in enumerate(lines) if re.match(r"[^\s\[;{]\S*:", line)]
    if not hands:
        return text
    index = rng.choice(hands)
    words = lines[index].split(" ")
    words.insert(rng.randrange(1, len(words) + 1), "|")
    lines[index] = " ".join(words)
    return "\n".join(lines)


def m_truncate(text: str, rng: random.Random) -> str:
    return text[:rng.randrange(len(text) + 1)]


def m_insert_keyword(text: str, rng: random.Random) -> str:
    tokens = _tokens(text)
    if not tokens:
        return text
    target = rng.choice(tokens)
    word = rng.choice(KEYWORDS)
    if rng.random() < 0.6:
        word = f"{rng.choice(_seats(text))} {word}"
        if word.endswith(("trump", "rob", "down", "turnup")):
            word += " " + rng.choice([_card(rng), "S", "seventh", "H"])
        elif word.endswith("exchange"):
            word += rng.choice([" none", f" {_card(rng)} > {_card(rng)}", f" > {_card(rng)}"])
    at = target.start() if rng.random() < 0.5 else target.end()
    return text[:at] + " " + word + " " + text[at:]


def m_insert_event_line(text: str, rng: random.Random) -> str:
    """A whole line of one plausible event, anywhere after the first deal line."""
    lines = _lines(text)
    deals = [i for i, line in enumerate(lines) if line.startswith("deal ")]
    if not deals:
        return text
    seat = rng.choice(_seats(text))
    event = rng.choice([
        f"{seat} {rng.choice(KEYWORDS[2:])}", f"{seat} {rng.randint(0, 70)}",
        f"{seat} {_card(rng)}", f"{seat} trump {_card(rng)}", f"turnup {_card(rng)}",
        f"{seat} rob {_card(rng)}", f"{seat} exchange {_card(rng)} > {_card(rng)}",
        f"{seat} down {_card(rng)}", f"{rng.randint(0, 12)}. {seat} {_card(rng)}",
        f"result {seat} {rng.randint(-5, 60)}", f"result score {seat} {rng.randint(-5, 30)}",
        f"{seat} trump seventh", f"{seat} trump {rng.choice('SHDC')}", f"{seat} exchange none",
    ])
    lines.insert(rng.randrange(deals[0] + 1, len(lines) + 1), event)
    return "\n".join(lines)


def m_change_number(text: str, rng: random.Random) -> str:
    """A bid, a trick mark, a result value or a deal number."""
    numbers = list(re.finditer(r"(?<![\w.-])-?\d+(?=\.?(\s|$))", text))
    numbers = [m for m in numbers if not CARD.fullmatch(text[m.start():m.end() + 1])]
    if not numbers:
        return text
    new = rng.choice([0, 1, 2, 13, 14, 15, 16, 19, 20, 28, 29, 40, 56, 57, 64, 65, 99, -1,
                      rng.randint(0, 100)])
    return _replace(text, rng.choice(numbers), str(new))


def m_remove_table_tag(text: str, rng: random.Random) -> str:
    name = rng.choice(["Seats", "Teams", "Game"]) if rng.random() < 0.3 else \
        rng.choice(["Seats", "Teams"])
    return re.sub(rf'^\[{name} [^\n]*\n', "", text, count=1, flags=re.MULTILINE)


def m_change_table_tag(text: str, rng: random.Random) -> str:
    seats = _seats(text)
    choice = rng.random()
    if choice < 0.4:
        shuffled = seats[:]
        rng.shuffle(shuffled)
        shuffled = shuffled[:rng.randint(1, len(shuffled))] + (["X"] if rng.random() < 0.3 else [])
        new = '[Seats "' + " ".join(shuffled) + '"]'
        tag = "Seats"
    else:
        shuffled = seats[:]
        rng.shuffle(shuffled)
        cut = rng.randint(0, len(shuffled))
        parts = [shuffled[:cut], shuffled[cut:]]
        if rng.random() < 0.3:
            parts.append([rng.choice(seats)])
        new = "[Teams " + " ".join('"' + " ".join(p) + '"' for p in parts) + "]"
        tag = "Teams"
    if re.search(rf"^\[{tag} ", text, re.MULTILINE):
        return re.sub(rf"^\[{tag} [^\n]*", lambda _: new, text, count=1, flags=re.MULTILINE)
    return re.sub(r"^(\[Game [^\n]*\n)", lambda m: m.group(1) + new + "\n", text, count=1,
                  flags=re.MULTILINE)


def _game_of(text: str):
    match = re.search(r'^\[Game "([^"]*)"', text, re.MULTILINE)
    try:
        return find_game(match.group(1)) if match else None
    except KeyError:
        return None


def _set_tag(text: str, tag: str, new: str, where: str | None = None) -> str:
    """Replace the first ``tag`` line (or the one starting ``where``) or add one after Game."""
    pattern = rf'^\[{tag} "{re.escape(where)}"[^\n]*' if where else rf"^\[{tag} [^\n]*"
    if re.search(pattern, text, re.MULTILINE):
        return re.sub(pattern, lambda _: new, text, count=1, flags=re.MULTILINE)
    return re.sub(r"^(\[Game [^\n]*\n)", lambda m: m.group(1) + new + "\n", text, count=1,
                  flags=re.MULTILINE)


def m_change_preset(text: str, rng: random.Random) -> str:
    names = [p for g in games() for p in g.presets] + ["mars", "", "STANDARD"]
    return _set_tag(text, "Rules", f'[Rules "{rng.choice(names)}"]')


def m_change_game(text: str, rng: random.Random) -> str:
    names = [g.name for g in games()] + ["28", "22", "25", "bridge"]
    return _set_tag(text, "Game", f'[Game "{rng.choice(names)}"]')


def _option_values(spec) -> list[str]:
    if spec.kind == "bool":
        return ["yes", "no", "maybe"]
    if spec.kind == "choice":
        return [*spec.choices, "nonsense"]
    low = spec.minimum if spec.minimum is not None else 0
    high = spec.maximum if spec.maximum is not None else low + 100
    return [str(v) for v in (low, low + 1, high, high - 1, (low + high) // 2, low - 1,
                             high + 1)] + ["x"]


def m_change_option(text: str, rng: random.Random) -> str:
    cls = _game_of(text)
    specs = list(cls.option_specs) if cls else []
    if not specs:
        return text
    spec = rng.choice(specs)
    new = f'[Option "{spec.name}" "{rng.choice(_option_values(spec))}"]'
    if rng.random() < 0.1:
        new = f'[Option "{spec.name}"]'
    return _set_tag(text, "Option", new, where=spec.name)


def m_option_combination(text: str, rng: random.Random) -> str:
    """Two to four options at once, each at a valid value (extremes included)."""
    cls = _game_of(text)
    specs = list(cls.option_specs) if cls else []
    for spec in rng.sample(specs, min(len(specs), rng.randint(2, 4))):
        value = rng.choice(_option_values(spec)[:-1] if spec.kind != "int"
                           else _option_values(spec)[:5])
        text = _set_tag(text, "Option", f'[Option "{spec.name}" "{value}"]', where=spec.name)
    return text


def m_event_after_result(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    results = [i for i, line in enumerate(lines) if line.startswith("result")]
    if not results:
        return text
    after = rng.choice(results)
    events = [i for i in range(after) if _event_line(lines[i])]
    if not events:
        return text
    moved = lines.pop(rng.choice(events))
    lines.insert(after, moved)  # the result line moved up one: the event is now after it
    return "\n".join(lines)


def m_swap_lines(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    if len(lines) < 2:
        return text
    i, j = rng.sample(range(len(lines)), 2)
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def m_swap_events(text: str, rng: random.Random) -> str:
    """Two events of one line (two plays of a trick, two bids) change places."""
    lines = _lines(text)
    candidates = [i for i, line in enumerate(lines) if _event_line(line) and "  " in line]
    if not candidates:
        return text
    index = rng.choice(candidates)
    parts = lines[index].split("  ")
    if len(parts) >= 2:
        a, b = rng.sample(range(len(parts)), 2)
        parts[a], parts[b] = parts[b], parts[a]
    lines[index] = "  ".join(parts)
    return "\n".join(lines)


def m_drop_event_line(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    events = [i for i, line in enumerate(lines) if _event_line(line)]
    if events:
        del lines[rng.choice(events)]
    return "\n".join(lines)


def m_duplicate_line(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    index = rng.randrange(len(lines))
    lines.insert(rng.randrange(len(lines) + 1), lines[index])
    return "\n".join(lines)


def m_drop_deal(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    deals = [i for i, line in enumerate(lines) if line.startswith("deal ")]
    if not deals:
        return text
    k = rng.randrange(len(deals))
    end = deals[k + 1] if k + 1 < len(deals) else len(lines)
    if rng.random() < 0.5:
        del lines[deals[k]:end]
    else:  # keep the deal line, drop its content
        del lines[deals[k] + 1:end]
    return "\n".join(lines)


def m_change_dealer(text: str, rng: random.Random) -> str:
    seats = _seats(text)
    lines = _lines(text)
    deals = [i for i, line in enumerate(lines) if line.startswith("deal ")]
    if not deals:
        return text
    index = rng.choice(deals)
    number = lines[index].split()[1] if len(lines[index].split()) > 1 else "1"
    lines[index] = rng.choice([f"deal {number}", f"deal {number} dealer {rng.choice(seats)}",
                               f"deal {number} dealer X"])
    return "\n".join(lines)


def m_two_records(text: str, rng: random.Random) -> str:
    """The record twice in one file, the second maybe cut short or of another game."""
    second = text[:rng.randrange(len(text) + 1)] if rng.random() < 0.5 else text
    if not second.lstrip().startswith("["):
        second = '[Game "28"]\n' + second
    return text + "\n" + second


def m_junk(text: str, rng: random.Random) -> str:
    tokens = _tokens(text)
    if not tokens:
        return text
    target = rng.choice(tokens)
    junk = rng.choice(JUNK)
    return text[:target.start()] + junk + " " + text[target.start():] if rng.random() < 0.5 \
        else _replace(text, target, junk)


def m_case(text: str, rng: random.Random) -> str:
    tokens = _tokens(text)
    if not tokens:
        return text
    target = rng.choice(tokens)
    return _replace(text, target, target.group().swapcase())


EXPECTS = [
    '"valid"', '"valid" "x"', '"illegal"', '"illegal" "deal 1" "trick 3" "{seat}" "{rule}"',
    '"illegal" "deal 0" "trick -1"', '"illegal" "deal 99999999999999999999"', '"note" "{rule}"',
    '"note" "deal 1" "{seat}"', '"score" "{team} 2" "{team2} -1"', '"score" "{team}"',
    '"score" "{team} x"', '"points" "deal 1" "{team} 17"', '"points" "{team} 17"',
    '"game-points" "deal 2" "{team} +1"', '"game-points" "deal 1"', '"outcome" "deal 1" "void"',
    '"outcome" "deal 1"', '"outcome"', '"result" "win"', '"result"', '"case" "28-13"', '"case"',
    '""', '"bogus"', '"illegal" "trick 1 2"', '"points" "deal 1" "{team} 1" "{team} 2"',
]


def m_expect_tag(text: str, rng: random.Random) -> str:
    """An Expect tag (well formed or not) after the Game tag."""
    seats = _seats(text)
    team = rng.choice(seats + ["NS", "EW", "X"])
    tag = rng.choice(EXPECTS).format(seat=rng.choice(seats + ["X"]), team=team,
                                     team2=rng.choice(seats + ["EW"]),
                                     rule=rng.choice(["28.follow-suit", "25.renege", "x.y",
                                                      "22.follow", "avinas.turn", "record.x"]))
    return re.sub(r"^(\[Game [^\n]*\n)", lambda m: m.group(1) + f"[Expect {tag}]\n", text,
                  count=1, flags=re.MULTILINE)


def m_layout(text: str, rng: random.Random) -> str:
    """CRLF line ends, a byte order mark, tabs, commas, blank lines, trailing blanks."""
    choice = rng.randrange(6)
    if choice == 0:
        return text.replace("\n", "\r\n")
    if choice == 1:
        return "\ufeff" + text
    if choice == 2:
        return text.replace("  ", rng.choice(["\t", ", ", " ,", "\n", "\n\n"]))
    if choice == 3:
        return text.replace("\n", rng.choice([" \n", "\t\n", "\n\n"]))
    if choice == 4:
        return text.rstrip("\n")
    return text.replace("\n", "\r")


def m_comment(text: str, rng: random.Random) -> str:
    """A brace or line comment somewhere, closed or not."""
    tokens = _tokens(text)
    if not tokens:
        return text
    at = rng.choice(tokens).start()
    comment = rng.choice(["{ c }", "{}", "{ a\nb }", "; c\n", ";", "{ {x} }", "{", "}", "{=x}",
                          "{! 28.follow-suit: x}", "{= trick 1: N wins}"])
    return text[:at] + comment + " " + text[at:]


CHARS = "??..::||>>{};,\"[]\\\n\t 0123456789AKQJTSHDCNEWPsx-_♠♥"


def m_char(text: str, rng: random.Random) -> str:
    """One character inserted, deleted or replaced (mostly the notation's punctuation)."""
    if not text:
        return rng.choice(CHARS)
    at = rng.randrange(len(text))
    choice = rng.randrange(3)
    if choice == 0:
        return text[:at] + rng.choice(CHARS) + text[at:]
    if choice == 1:
        return text[:at] + text[at + 1:]
    return text[:at] + rng.choice(CHARS) + text[at + 1:]


MUTATORS: list[Callable[[str, random.Random], str]] = [
    m_char,
    m_expect_tag, m_layout, m_comment, m_option_combination,
    m_delete_token, m_duplicate_token, m_swap_cards, m_change_card, m_change_seat,
    m_drop_hand_line, m_drop_all_hands_of_a_deal, m_drop_bar, m_move_bar, m_truncate,
    m_insert_keyword, m_insert_event_line, m_change_number, m_remove_table_tag,
    m_change_table_tag, m_change_preset, m_change_game, m_change_option, m_event_after_result,
    m_swap_lines, m_swap_events, m_drop_event_line, m_duplicate_line, m_drop_deal,
    m_change_dealer, m_two_records, m_junk, m_case,
]


def mutate(text: str, rng: random.Random, edits: int | None = None) -> str:
    """``text`` after one to three random mutations (``edits`` of them if given)."""
    for _ in range(edits or rng.choice((1, 1, 1, 2, 2, 3))):
        text = rng.choice(MUTATORS)(text, rng)
    return text


# -- the entry points -------------------------------------------------------------------------


class Crash(AssertionError):
    """An entry point raised something other than a ``RefereeError`` (or reported a bug)."""

    def __init__(self, entry: str, text: str, detail: str, where: str = "") -> None:
        super().__init__(f"{entry} crashed: {detail}\n--- record ---\n{text}")
        self.entry = entry
        self.text = text
        self.detail = detail
        self.where = where
        """``file:function: ExceptionType`` of the innermost frame: the crash's signature."""


def _guard(entry: str, text: str, call: Callable[[], object]) -> object:
    try:
        return call()
    except Crash:
        raise
    except RefereeError as exc:
        if exc.code == "referee.internal":
            raise Crash(entry, text, exc.render(), exc.message) from None
        return None
    except Exception as exc:
        tail = "".join(traceback.format_exception(exc)[-4:])
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        where = f"{Path(frame.filename).name}:{frame.name}: {type(exc).__name__}"
        raise Crash(entry, text, tail, where) from exc


def check_entry(text: str) -> int:
    """``check_text`` plus every reporter; the exit code ``referee check`` would give."""
    code = 0
    for expect in (False, True):
        report = check_text(text, "fuzz.ttn", expect=expect)
        if report.error_code == "referee.internal":  # where: without line numbers
            where = re.sub(r"(\.py):\d+", r"\1", report.error or "")
            raise Crash("check_text", text, report.error or "", where)
        if report.error is not None and not (report.error_line and report.error_column):
            where = f"unlocated {report.error_code}: {report.error}"
            raise Crash("check_text", text, f"an error without line and column: {where}", where)
        code = Totals.of([report]).exit_code(expect)
        assert code in (0, 1, 2)
        assert (report.error is not None) == (code == 2)
        render_file(report, expect=expect)
        render_github(report, expect)
        json.dumps(render_json([report]), default=str)
        render_junit([report], expect, [0.0])
        if report.error is None and not expect:
            render_scoresheet(report.matches, report.path)
    return code


def moves_entry(text: str, rng: random.Random) -> None:
    deal = rng.choice([1, 1, 2, 3, 9])
    trick = rng.choice([None, 1, 2, 3, rng.randint(1, 15)])
    seat = rng.choice([None, *_seats(text), "Z"]) if trick is not None else None
    moves_at(iter_items(text, file="fuzz.ttn"), Position(deal, trick, seat),
             record=rng.choice([1, 1, 1, 2]))


class RoundTripChanged(AssertionError):
    """TTN -> JSON -> TTN gave another record."""


class HandLineLost(RoundTripChanged):
    """A deal with two hand lines of one seat lost one of them in its JSON form."""


def json_entry(text: str, validate: bool = True) -> None:
    """TTN -> JSON Lines -> records -> TTN: the same canonical text.

    ``validate`` checks the JSON against the schema on the way back (``convert`` does), which
    costs about 20 ms a deal: the fuzz tests do it for a tenth of the cases.
    """
    records = parse_records(text, "fuzz.ttn")
    lines = json_lines(records)
    if validate:
        again = json_lines_to_records(lines, "fuzz.jsonl")
    else:
        again = [record_from_json(json.loads(line), check_schema=False)
                 for line in lines.splitlines()]
    if dumps(again) != dumps(records):
        doubled = any(len({h.seat for h in deal.hands}) < len(deal.hands)
                      for record in records for deal in record.deals)
        raise (HandLineLost if doubled else RoundTripChanged)(
            "the JSON round trip changed the record")


def canonical_entry(text: str) -> None:
    from referee.cli.app import canonical_text

    canonical_text(text, "fuzz.ttn")


def run_entry_points(text: str, rng: random.Random) -> None:
    """Every library entry point on ``text``: success or ``RefereeError``, else ``Crash``."""
    _guard("check_text", text, lambda: check_entry(text))
    _guard("annotated_text", text, lambda: annotated_text(iter_items(text, file="fuzz.ttn")))
    _guard("moves_at", text, lambda: moves_entry(text, rng))
    _guard("canonical_text", text, lambda: canonical_entry(text))
    _guard("jsonform", text, lambda: json_entry(text, validate=rng.random() < 0.1))


ENTRIES: dict[str, Callable[[str, random.Random], None]] = {
    "check_text": lambda text, rng: _guard("check_text", text, lambda: check_entry(text)),
    "annotated_text": lambda text, rng: _guard(
        "annotated_text", text, lambda: annotated_text(iter_items(text, file="fuzz.ttn"))),
    "moves_at": lambda text, rng: _guard("moves_at", text, lambda: moves_entry(text, rng)),
    "canonical_text": lambda text, rng: _guard("canonical_text", text,
                                               lambda: canonical_entry(text)),
    "jsonform": lambda text, rng: _guard("jsonform", text, lambda: json_entry(text)),
}
"""Each entry point alone, guarded as in ``run_entry_points``."""


# -- regressions: what fuzzing found, fixed ------------------------------------------------


@dataclass(frozen=True)
class Regression:
    """A minimal record that crashed ``entry`` (or broke one of its promises: an error
    without line and column, a JSON round trip that loses data); ``where`` is in the
    crash's signature (``Crash.where``)."""

    name: str
    record: str
    entry: str
    where: str
    reason: str
    """What was wrong, where (kept as the regression's documentation)."""

    def crashes(self) -> Crash | None:
        """The crash the record still causes, or None."""
        try:
            ENTRIES[self.entry](self.record, random.Random(0))
        except Crash as crash:
            return crash
        return None


UNDECLARED_DEALER = (
    "canonical.py _mark_deal replays a deal without the seat checks of "
    "replay.MatchReplay._check_seats (dealer, hand seats) and catches RefereeError only, so "
    "the game's start_deal meets an undeclared dealer as a KeyError: fmt and convert say "
    "'internal error', annotate prints a traceback and exits 1 (check and moves give "
    "record.seat)"
)

OPTION_CONFLICT = (
    "twenty_eight.py TwentyEight.check_options locates a conflict of two options at the "
    "Option tag of the first one named; when that one comes from the preset or the default "
    "(the other was set), the record.option error has no line and column"
)
UNSEEN = (
    "notation/parser.py _Builder.events: '??' after the first card of a play ('W 7S ??') is "
    "taken for the next seat, so words[i + 1] runs off the list (line 237), or ('B 7S ?? 8S') "
    "the events no longer match the run's offsets (_Run.span, line 117): IndexError, "
    "'internal error' in check/score/fmt/convert, a traceback with exit 1 in annotate and "
    "moves, instead of a located message; every game"
)
UNLOCATED_28 = (
    "twenty_eight.py TwentyEight.check_table raises record.seats without located(..., the "
    "Seats or Teams tag): the message has no line and column (22 and 25 point at the tag)"
)
MISSING_SEATS = (
    "rules/base.py Ruleset.make_table raises 'GAME needs a Seats tag' without a location "
    "(ruleset_for points a missing Game tag at the first tag)"
)

REGRESSIONS: list[Regression] = [
    Regression("28-undeclared-dealer-fmt", '[Game "28"]\n\ndeal 1 dealer X\n',
               "canonical_text", "twenty_eight.py:_next: KeyError", UNDECLARED_DEALER),
    Regression("28-undeclared-dealer-annotate", '[Game "28"]\n\ndeal 1 dealer X\n',
               "annotated_text", "twenty_eight.py:_next: KeyError", UNDECLARED_DEALER),
    Regression("29-dealer-not-in-seats-fmt", '[Game "29"]\n[Seats "N E W X"]\n\n'
               "deal 1 dealer S\n", "canonical_text", "twenty_eight.py:_next: KeyError",
               UNDECLARED_DEALER),
    Regression("40-undeclared-dealer-annotate", '[Game "40"]\n\ndeal 1 dealer N\n',
               "annotated_text", "twenty_eight.py:_next: KeyError", UNDECLARED_DEALER),
    Regression("56-undeclared-dealer-fmt", '[Game "56"]\n\ndeal 1 dealer P7\n',
               "canonical_text", "twenty_eight.py:_next: KeyError", UNDECLARED_DEALER),
    Regression("25-undeclared-dealer-fmt", '[Game "25"]\n[Seats "P1 P2 P3"]\n\n'
               "deal 1 dealer X\n", "canonical_text", "twenty_five.py:start_deal: KeyError",
               UNDECLARED_DEALER),
    Regression("25-undeclared-dealer-annotate", '[Game "25"]\n[Seats "P1 P2 P3"]\n\n'
               "deal 1 dealer X\n", "annotated_text", "twenty_five.py:start_deal: KeyError",
               UNDECLARED_DEALER),
    Regression("avinas-undeclared-dealer-fmt", '[Game "avinas"]\n\ndeal 1 dealer X\n'
               "N: JD QD 8C TH | 7C AS 7D TD\nE: JH KH 9D 9C | AH QS 8H JS\n"
               "S: KD QC 9S 9H | AD AC TC 8D\nW: QH JC 8S 7H | TS 7S KC KS\n",
               "canonical_text", "avinas.py:_expose: KeyError", UNDECLARED_DEALER),
    Regression("avinas-undeclared-dealer-annotate", '[Game "avinas"]\n\ndeal 1 dealer X\n'
               "N: JD QD 8C TH | 7C AS 7D TD\nE: JH KH 9D 9C | AH QS 8H JS\n"
               "S: KD QC 9S 9H | AD AC TC 8D\nW: QH JC 8S 7H | TS 7S KC KS\n",
               "annotated_text", "avinas.py:_expose: KeyError", UNDECLARED_DEALER),
    Regression("22-undeclared-dealer-fmt", '[Game "22"]\n[Seats "P1 P2"]\n\n'
               "deal 1 dealer p2\n", "canonical_text", "seats.py:next: KeyError",
               UNDECLARED_DEALER),
    Regression("22-undeclared-dealer-annotate", '[Game "22"]\n[Seats "P1 P2"]\n\n'
               "deal 1 dealer p2\n", "annotated_text", "seats.py:next: KeyError",
               UNDECLARED_DEALER),
    Regression("28-seats-error-unlocated", '[Game "28"]\n[Seats "N E S"]\n', "check_text",
               "unlocated record.seats: Twenty-Eight is played by 4", UNLOCATED_28),
    Regression("29-seats-error-unlocated", '[Game "29"]\n[Seats "N E S W X"]\n',
               "check_text", "unlocated record.seats: Twenty-Nine is played by 4", UNLOCATED_28),
    Regression("40-teams-error-unlocated", '[Game "40"]\n[Teams "P1 P2 P3" "P4 P5 P6"]\n',
               "check_text", "unlocated record.seats: Forty is played by 6", UNLOCATED_28),
    Regression("56-seats-error-unlocated", '[Game "56"]\n[Seats "N E S W"]\n', "check_text",
               "unlocated record.seats: Fifty-Six is played by 6", UNLOCATED_28),
    Regression("avinas-seats-error-unlocated", '[Game "avinas"]\n[Seats "N E S"]\n',
               "check_text", "unlocated record.seats: Avinas is played by four",
               "avinas.py Avinas.check_table raises record.seats without located(..., the "
               "Seats tag): no line and column"),
    Regression("avinas-teams-error-unlocated", '[Game "avinas"]\n[Teams "W N" "E S"]\n',
               "check_text", "unlocated record.teams: partners sit opposite each other in "
               "Avinas", "avinas.py Avinas.check_table raises record.teams without "
               "located(..., the Teams tag): no line and column"),
    Regression("25-missing-seats-unlocated", '[Game "25"]\n\ndeal 1 dealer N\n', "check_text",
               "unlocated record.seats: twenty-five needs a Seats tag", MISSING_SEATS),
    Regression("22-missing-seats-unlocated", '[Game "22"]\n', "check_text",
               "unlocated record.seats: twenty-two needs a Seats tag", MISSING_SEATS),
    Regression("28-option-conflict-unlocated", '[Game "28"]\n[Option "max_bid" "13"]\n',
               "check_text", "unlocated record.option: min_bid is above max_bid",
               OPTION_CONFLICT),
    Regression("28-preset-option-conflict-unlocated", '[Game "28"]\n[Rules "pagat"]\n'
               '[Option "trump_indicator" "spare"]\n', "check_text",
               "unlocated record.option: void_if_trump_never_called", OPTION_CONFLICT),
    Regression("29-default-option-conflict-unlocated", '[Game "29"]\n'
               '[Option "trump_indicator" "own_card"]\n', "check_text",
               "unlocated record.option: void_if_trump_never_called", OPTION_CONFLICT),
    Regression("unseen-second-card-check", '[Game "28"]\n\ndeal 1 dealer S\nW 7S ??\n',
               "check_text", "parser.py: IndexError", UNSEEN),
    Regression("unseen-second-card-annotate", '[Game "29"]\n\ndeal 1 dealer S\nW 7S ??\n',
               "annotated_text", "parser.py:events: IndexError", UNSEEN),
    Regression("unseen-second-card-moves", '[Game "avinas"]\n\ndeal 1 dealer S\n'
               "W 7S N 8S ??\n", "moves_at", "parser.py:events: IndexError", UNSEEN),
    Regression("unseen-between-cards-22", '[Game "22"]\n[Seats "A B"]\n\ndeal 1 dealer A\n'
               "B 7S ?? 8S\n", "check_text", "parser.py: IndexError", UNSEEN),
    Regression("json-drops-a-repeated-hand-line", '[Game "28"]\n\ndeal 1 dealer N\n'
               "N: JS\nN: 9S\n", "jsonform", "HandLineLost",
               "jsonform.deal_to_json keys hands by seat: a deal with two hand lines of one "
               "seat (a record error that check reports) loses the first in convert --to json, "
               "silently (exit 0); convert should refuse it with a record.* error"),
]


@pytest.mark.parametrize(
    "regression",
    [pytest.param(r, id=r.name) for r in REGRESSIONS],
)
def test_fuzz_regression(regression: Regression) -> None:
    crash = regression.crashes()
    assert crash is None, str(crash)


@pytest.mark.parametrize("game", ["28", "29"])
def test_neighbours_are_not_partners(game: str) -> None:
    report = check_text(f'[Game "{game}"]\n[Teams "W N" "E S"]\n')
    assert report.error_code in ("record.teams", "record.seats")


def test_annotate_error_names_the_file(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from referee.cli.app import app

    path = tmp_path / "seat.ttn"
    path.write_text('[Game "28"]\ndeal 1 dealer S\nX 14\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["annotate", str(path)])
    assert result.exit_code == 2
    assert result.output.startswith(f"{path}:3:1: error [record.seat]"), result.output


# -- the tests --------------------------------------------------------------------------------

GAMES = [g.name for g in games()]
CASES_PER_GAME = 25


def fuzz_game(game: str, seed: int, cases: int) -> list[Crash]:
    """Crashes of ``cases`` mutations of ``game``'s records."""
    rng = random.Random(f"test_fuzz/{game}/{seed}")
    texts = seed_texts(game)
    crashes = []
    for _ in range(cases):
        text = mutate(rng.choice(texts), rng)
        try:
            run_entry_points(text, rng)
        except Crash as crash:
            crashes.append(crash)
    return crashes


@pytest.mark.parametrize("game", GAMES)
def test_simulated_records_are_clean(game: str) -> None:
    """The unmutated seeds: legal, and every entry point succeeds."""
    rng = random.Random(game)
    for text in seed_texts(game):
        assert check_entry(text) == 0, text
        run_entry_points(text, rng)


@pytest.mark.parametrize("game", GAMES)
def test_mutated_records_never_crash(game: str) -> None:
    crashes = fuzz_game(game, 0, CASES_PER_GAME)
    assert not crashes, "\n\n".join(str(c) for c in crashes[:3])


@pytest.mark.parametrize("game", GAMES)
def test_cli_on_mutated_files(game: str, tmp_path: Path) -> None:
    """Every command on a few mutated files: exit code 0, 1 or 2, no traceback."""
    from typer.testing import CliRunner

    from referee.cli.app import app

    runner = CliRunner()
    rng = random.Random(f"test_fuzz/cli/{game}")
    texts = seed_texts(game)
    for index in range(2):
        path = tmp_path / f"m{index}.ttn"
        text = mutate(rng.choice(texts), rng)
        path.write_text(text, encoding="utf-8")
        commands = [
            ["check", str(path)], ["check", "--format", "json", str(path)],
            ["check", "--format", "junit", str(path)], ["check", "--expect", str(path)],
            ["check", "--format", "github", str(path)],
            ["score", str(path)], ["fmt", "--check", str(path)], ["fmt", str(path)],
            ["convert", str(path), "--to", "json"], ["annotate", str(path)],
            ["moves", str(path), "--at", rng.choice(["1", "1.1", "1.2.N", "2.3", "1.1.P1"])],
        ]
        codes = {}
        for args in commands:
            result = runner.invoke(app, args)
            codes[" ".join(args[:3])] = result.exit_code
            problems = []
            if result.exit_code not in (0, 1, 2):
                problems.append(f"exit code {result.exit_code}")
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                problems.append("".join(traceback.format_exception(result.exception)))
            if "Traceback" in result.output or "internal error" in result.output:
                problems.append(result.output)
            assert not problems, (args, problems, text)
        # The same verdict whatever the report's form: check's formats, score and annotate.
        verdicts = {name: code for name, code in codes.items()
                    if name.startswith(("check", "score", "annotate")) and "--expect" not in name}
        assert len(set(verdicts.values())) == 1, (verdicts, text)
        assert codes[f"check {path}"] == check_entry(text), text
    # simulate and games, with random (sometimes impossible) tables and options
    cls = find_game(game)
    for _ in range(2):
        args = ["simulate", game, "--deals", str(rng.randint(1, 3)), "--seed",
                str(rng.randint(0, 999))]
        if rng.random() < 0.5:
            args += ["--preset", rng.choice([*cls.presets, "mars"])]
        if rng.random() < 0.5:
            args += ["--players", str(rng.randint(2, 10))]
        if rng.random() < 0.4:
            args += ["--teams", rng.choice(["2", "3", "none", "4", "P1 P3,P2 P4", "0"])]
        for spec in rng.sample(cls.option_specs, min(2, len(cls.option_specs))):
            args += ["--option", f"{spec.name}={rng.choice(_option_values(spec))}"]
        for command in (args, ["games", game]):
            result = runner.invoke(app, command)
            assert result.exit_code in (0, 2), (command, result.output)
            assert result.exception is None or isinstance(result.exception, SystemExit), \
                (command, "".join(traceback.format_exception(result.exception)))


# -- a larger campaign ------------------------------------------------------------------------


def main(argv: list[str]) -> int:
    """``python tests/test_fuzz.py [GAME...] [--cases N] [--seed S]``: print each crash."""
    cases, seed, chosen = 2000, 1, []
    args = iter(argv)
    for arg in args:
        if arg == "--cases":
            cases = int(next(args))
        elif arg == "--seed":
            seed = int(next(args))
        else:
            chosen.append(arg)
    total = 0
    for game in chosen or GAMES:
        crashes = fuzz_game(game, seed, cases)
        total += len(crashes)
        print(f"{game}: {cases} cases, {len(crashes)} crashes", flush=True)
        for crash in crashes:
            print(f"=== {crash.entry}\n{crash.detail}\n--- record ---\n{crash.text}\n===",
                  flush=True)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
