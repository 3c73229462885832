"""Reading a stream in blocks (``iter_stream``: referee.notation.lines.raw_blocks and
referee.notation.chunks.iter_block_chunks) gives exactly what reading it line by line gives
(``iter_lines`` of ``reader_lines(raw_lines(...))``): the same records (values, spans, offsets,
placed comments), the same errors (id, message, file, line, column, source line) collected or
raised, at the same point of the stream.

The blocks are made tiny as well as large, so that every line break, multi-byte character,
carriage return and comment falls on a block's edge somewhere. The inputs: every sample and
golden record, simulated records, their mutations and layout edits, and hand-made edges of the
line reader and the chunker (byte-order marks, the three line breaks, NUL and bytes that are not
UTF-8, lines and deals over the limits, comments in front of a deal, very long deals).
"""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

import pytest

from referee.model.errors import NotationSyntaxError
from referee.model.limits import MAX_DEAL_CHARS, MAX_LINE_CHARS, MAX_TAGS
from referee.notation import lines as lines_module
from referee.notation.lines import raw_blocks, raw_lines, reader_lines
from referee.notation.parser import iter_lines, iter_stream

sys.path.insert(0, str(Path(__file__).resolve().parent / "fuzz"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import inputs  # noqa: E402
from readers import MODES, _error, dump  # noqa: E402
from test_fast_reader import edited, simulated  # noqa: E402
from test_fuzz import mutate  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "samples").rglob("*.ttn")) + sorted((ROOT / "tests" / "golden").rglob(
    "*.ttn"))
SMALL_BLOCKS = (1, 2, 3, 5, 64, 4096, None)
BLOCKS = (7, 997, None)


def _reading(items_of: object, data: bytes, comments: bool, collect: bool) -> tuple:
    errors: list[NotationSyntaxError] = []
    items: list[tuple] = []
    try:
        for item in items_of(io.BytesIO(data), "t.ttn",  # type: ignore[operator]
                             errors if collect else None, comments):
            items.append(dump(item))
    except NotationSyntaxError as exc:
        return items, [_error(e) for e in errors], _error(exc)
    return items, [_error(e) for e in errors], None


def _by_lines(stream: io.BytesIO, file: str, errors: list[NotationSyntaxError] | None,
              comments: bool) -> object:
    return iter_lines(reader_lines(raw_lines(stream, file)), file, errors, comments)


def assert_same(data: bytes | str, sizes: tuple[int | None, ...] = BLOCKS) -> None:
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    for mode in MODES:
        expected = _reading(_by_lines, data, *mode)
        for size in sizes:
            before = lines_module.BLOCK_BYTES
            if size is not None:
                lines_module.BLOCK_BYTES = size
            try:
                got = _reading(iter_stream, data, *mode)
            finally:
                lines_module.BLOCK_BYTES = before
            assert got == expected, (size, mode, data[:300])


HEAD = '[Game "28"]\n[Event "x"]\n\n'
DEAL = ("deal {n} dealer N\nN: KC JC 9C QS | KS 9D 8C 7C\nE: TH TC 8H 7H | JS KH QH 9H\n"
        "W 14  S 18  E pass  N pass  W pass\nW trump 7H\n1. W 8S  S 7S  E JS  N QS\n"
        "result NS 17 EW 11\n\n")
BODY = HEAD + "".join(DEAL.format(n=n) for n in range(1, 6))

EDGES = {
    "plain": BODY,
    "no final line feed": BODY.rstrip("\n"),
    "empty": "",
    "only blanks": "\n \n\t\n",
    "byte-order mark": "\ufeff" + BODY,
    "byte-order mark alone": "\ufeff",
    "byte-order mark and a line feed": "\ufeff\n" + BODY,
    "crlf": BODY.replace("\n", "\r\n"),
    "cr": BODY.replace("\n", "\r"),
    "mixed breaks": BODY.replace("\n", "\r\n", 3).replace("\n\n", "\r\r"),
    "cr at the end": BODY + "\r",
    "nul": BODY[:120] + "\x00" + BODY[120:],
    "control": BODY[:120] + "\x0b" + BODY[120:],
    "control in a comment": BODY[:120] + "{\x0b}" + BODY[120:],
    "non-ascii in a comment": BODY[:120] + " ; é ♠\n" + BODY[120:],
    "line separator": BODY[:150] + "\u2028" + BODY[150:],
    "comments before a deal": BODY.replace("\ndeal 3", "\n; in front\n{x}\n\ndeal 3"),
    "comment under a deal": BODY.replace("\n\ndeal 3", "\n; under\n\n; in front\ndeal 3"),
    "comment after blank lines at a block edge": BODY.replace(
        "\n\ndeal 4", "\n\n\n\n; in front\n\n\ndeal 4"),
    "brace over lines": BODY.replace("\nW trump", "\n{a\n\ndeal 9\n[X]\n}W trump"),
    "tags after deals": BODY + HEAD + DEAL.format(n=1),
    "tag lines with blanks": BODY + "  [Game \"28\"]\n\t[Event \"y\"]\n" + DEAL.format(n=1),
    "indented deal lines": BODY.replace("\ndeal", "\n  deal"),
    "deal-like words": BODY.replace("\nW trump", "\ndealer N\ndeal-x\ndeals\nW trump"),
    "deal before tags": DEAL.format(n=1) + BODY,
    "comment only": "; nothing\n",
    "comments and blank lines before a deal": "; a\n\n\n; b\n\n" + DEAL.format(n=1) + BODY,
    "comments and blank lines before the tags": "; a\n\n\n; b\n\n" + BODY,
    "comments only then a record": "; a\n\n{b}\n\n" + BODY,
}


def _invalid_utf8(text: str) -> bytes:
    data = text.encode()
    return data[:130] + b"\xff\xc3" + data[130:]


BYTES = {
    "invalid utf-8": _invalid_utf8(BODY),
    "a split character": ("é" * 3000 + "\n").encode() + BODY.encode(),
    "truncated character at the end": BODY.encode() + b"\xc3",
}

LONG = "x" * (MAX_LINE_CHARS - 2)
LIMITS = {
    "line at the limit": BODY + "W pass " + "x" * (MAX_LINE_CHARS - 7) + "\n" + BODY,
    "line over the limit": BODY + "W pass " + "x" * MAX_LINE_CHARS + "\n" + BODY,
    "line over the limit, crlf": (BODY + "W " + "x" * MAX_LINE_CHARS + "\n").replace("\n", "\r\n"),
    "line at the limit, crlf": (BODY + "W " + "x" * (MAX_LINE_CHARS - 2) + "\n").replace(
        "\n", "\r\n"),
    "line over the limit, no break": BODY + "x" * (3 * MAX_LINE_CHARS),
    "byte-order mark and a line at the limit": "\ufeff" + "x" * MAX_LINE_CHARS + "\r\n" + BODY,
    "byte-order mark and a line over the limit": "\ufeff" + "x" * (MAX_LINE_CHARS + 1) + "\n",
    "nul after the limit": "y" * (MAX_LINE_CHARS + 5) + "\x00\n",
    "nul just after the first part": "y" * (MAX_LINE_CHARS + 2) + "\x00\n",
    "nul at the end of the first part": "y" * (MAX_LINE_CHARS + 1) + "\x00\n",
    "nul before the limit": "y" * (MAX_LINE_CHARS - 5) + "\x00" + "y" * 50 + "\n",
    "deal over the limit": BODY + "deal 9\n" + (LONG + "\n") * (MAX_DEAL_CHARS // MAX_LINE_CHARS
                                                             + 2) + BODY,
    "too many tags": "".join('[X "y"]\n' for _ in range(MAX_TAGS + 2)) + BODY,
    "many tags": "".join('[X "y"] ' for _ in range(MAX_TAGS - 4)) + "\n" + BODY,
    "a deal of many lines": BODY + "deal 9\n" + "W pass\n" * 5000 + "\n\n; in front\n" + BODY,
    "many blank lines": BODY + "\n" * 5000 + "; in front\n" + BODY,
}


@pytest.mark.parametrize("name", list(EDGES))
def test_edges_read_the_same(name: str) -> None:
    assert_same(EDGES[name], SMALL_BLOCKS)


@pytest.mark.parametrize("name", list(BYTES))
def test_bytes_read_the_same(name: str) -> None:
    assert_same(BYTES[name], SMALL_BLOCKS)


@pytest.mark.parametrize("name", list(LIMITS))
def test_limits_read_the_same(name: str) -> None:
    assert_same(LIMITS[name], (1000, 4093, 10_003, 65_536, None))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_samples_read_the_same(path: Path) -> None:
    assert_same(path.read_bytes())


@pytest.mark.parametrize("case", range(len(simulated())), ids=lambda i: simulated()[i][0])
def test_simulated_records_read_the_same(case: int) -> None:
    _, text, broken = simulated()[case]
    assert_same(text, (5, 997, None))
    assert_same(broken)


def test_mutations_and_edits_read_the_same() -> None:
    rng = random.Random(24)
    cases = simulated()
    for _ in range(40):
        _, text, broken = rng.choice(cases)
        assert_same(mutate(rng.choice((text, broken)), rng), (3, 61, None))
        assert_same(edited(text, rng), (3, 61, None))
        assert_same(inputs.mutated_sample(rng), (3, 61, None))
        assert_same(inputs.grammar_text(rng), (3, 61, None))


def test_blocks_are_whole_lines_and_mostly_plain() -> None:
    data = BODY.encode() * 50
    blocks = list(raw_blocks(io.BytesIO(data), "t.ttn", size=1000))
    assert len(blocks) > 10
    assert all(block.plain and block.text.endswith("\n") for block in blocks)
    assert "".join(block.text for block in blocks) == data.decode()
    numbers = [block.first for block in blocks]
    assert numbers == [1 + sum(b.text.count("\n") for b in blocks[:i]) for i in range(len(blocks))]
