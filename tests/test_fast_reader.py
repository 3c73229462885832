"""The fast reader (referee.notation.fast) reads exactly what Lark reads, or gives up.

Every input is read twice through the streamed reader (``iter_stream``, as ``check``, ``fmt``,
``convert`` and the rest read), once as it is (the fast reader first, Lark for what it gives
up) and once with Lark alone, with and without comments, collecting errors and raising the
first: the records (every value, span, offset and comment, with its place), the errors (id,
message, file, line, column, source line, expected, record) and the error raised must be the
same. The inputs: every sample, the golden records, the fuzzing's regression records,
simulated records of every game and preset with one action broken in each deal, their seeded
mutations, the fuzz inputs (grammar-shaped text, mutated samples), layout edits aimed at what
the fast reader leaves to Lark (comments inside events, line breaks inside events, commas,
trick marks alone, non-ASCII), and Hypothesis' versions of them. The fast reader must also read
the samples and simulated records itself, or it would be of no use.
"""

from __future__ import annotations

import io
import os
import random
import sys
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games import games
from referee.notation.chunks import iter_chunks
from referee.notation.fast import read_deals, read_tags
from referee.notation.lines import raw_lines, reader_lines, text_lines
from referee.notation.parser import BATCH
from referee.notation.writer import dumps
from referee.replay.simulate import break_one_action, simulate_records

sys.path.insert(0, str(Path(__file__).resolve().parent / "fuzz"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import inputs  # noqa: E402
import strategies  # noqa: E402
from readers import differences  # noqa: E402
from test_fuzz import REGRESSIONS, mutate  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "samples").rglob("*.ttn"))
GOLDEN = sorted((ROOT / "tests" / "golden").rglob("*.ttn"))
CASES = int(os.environ.get("REFEREE_FAST_READER_CASES", "40"))
"""Seeded inputs a test draws (a few seconds in all; raise it for a longer run)."""
QUICK = settings(max_examples=CASES, derandomize=True, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def assert_same(data: bytes | str) -> None:
    """Both readers give the same records and the same errors for ``data``."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    assert differences(data) is None, data[:2000]


def chunks_read_fast(text: str) -> tuple[int, int]:
    """(chunks the fast reader reads, all chunks) of ``text``, batched as the reader does."""
    read = total = 0
    batch: list[str] = []
    first = 0

    def flush() -> None:
        nonlocal read, total
        if batch:
            total += 1
            read += read_deals("".join(batch), first) is not None
            batch.clear()

    for chunk in iter_chunks(text_lines(text)):
        if chunk.kind == "header":
            flush()
            total += 1
            read += read_tags(chunk.text, chunk.first_line) is not None
            continue
        if not batch:
            first = chunk.first_line
        batch.append(chunk.text)
        if len(batch) == BATCH:
            flush()
    flush()
    return read, total


# -- the inputs --------------------------------------------------------------------------------

@cache
def simulated() -> tuple[tuple[str, str, str], ...]:
    """(name, legal text, text with one action broken in each deal) for every game and
    preset."""
    cases = []
    for cls in games():
        for number, preset in enumerate(cls.presets):
            seed = 3 + number
            text = dumps(simulate_records(cls.name, 4, seed, preset))
            records = simulate_records(cls.name, 4, seed, preset)
            break_one_action(records, random.Random(seed))
            cases.append((f"{cls.name}-{preset}", text, dumps(records)))
    return tuple(cases)


_LAYOUT = [" ", "  ", "\t", "\n", "\n\n", " {a comment} ", "{x}", " ;note\n", ", ", ",", "\n{\n}\n",
           " é ", "\u00a0", " 3. ", "3.", " 12. ", " ?? ", " 9999999999 ", " | ", ":", " > "]
_WORDS = ["exchange", "none", ">", "|", "turnup", "rob", "down", "trump", "seventh", "s", "H",
          "result", "score", "deal", "dealer", "N", "W", "P2", "8S", "10h", "13", "+4", "-2",
          "pass", "double", "call", "c-call", "knock", "1.", "4.", "[Game \"28\"]", '"x"', "deal 2"]


def layout_edit(text: str, rng: random.Random) -> str:
    """``text`` with a blank, a line break, a comment, a comma, a word... put at (or in place
    of) a random gap between words, or a word taken out: what the fast reader must read as
    Lark does or leave to Lark."""
    gaps = [i for i, char in enumerate(text) if char in " \n"]
    if not gaps:
        return text
    at = rng.choice(gaps)
    roll = rng.random()
    if roll < 0.45:
        return text[:at] + rng.choice(_LAYOUT) + text[at + 1:]
    if roll < 0.8:
        return text[:at] + " " + rng.choice(_WORDS) + text[at:]
    end = text.find(" ", at + 1)
    return text[:at] + (text[end:] if end > 0 else "")


def edited(text: str, rng: random.Random) -> str:
    for _ in range(rng.choice((1, 1, 2, 3))):
        text = layout_edit(text, rng)
    return text


# -- the tests ---------------------------------------------------------------------------------

@pytest.mark.parametrize("path", SAMPLES + GOLDEN, ids=lambda p: str(p.relative_to(ROOT)))
def test_samples_read_the_same(path: Path) -> None:
    assert_same(path.read_bytes())


def test_samples_are_read_fast() -> None:
    read = total = 0
    for path in SAMPLES:
        done, count = chunks_read_fast(path.read_text(encoding="utf-8"))
        read, total = read + done, total + count
    assert read >= 0.95 * total, (read, total)


@pytest.mark.parametrize("case", range(len(simulated())), ids=lambda i: simulated()[i][0])
def test_simulated_records_read_the_same_and_fast(case: int) -> None:
    name, text, broken = simulated()[case]
    for record in (text, broken):
        assert_same(record)
        read, total = chunks_read_fast(record)
        assert read == total, name


def test_fuzz_regressions_read_the_same() -> None:
    for regression in REGRESSIONS:
        assert_same(regression.record)


def test_mutated_simulated_records_read_the_same() -> None:
    rng = random.Random(16)
    cases = simulated()
    for _ in range(CASES):
        name, text, broken = rng.choice(cases)
        assert_same(mutate(rng.choice((text, broken)), rng))


def test_layout_edits_read_the_same() -> None:
    rng = random.Random(7)
    texts = [case[1] for case in simulated()] + [inputs.samples()[i] for i in range(0, 280, 7)]
    for _ in range(3 * CASES):
        assert_same(edited(rng.choice(texts), rng))


def test_fuzz_inputs_read_the_same() -> None:
    rng = random.Random(5)
    for _ in range(CASES):
        assert_same(inputs.grammar_text(rng))
        assert_same(inputs.mutated_sample(rng))


@QUICK
@given(strategies.grammar_text())
def test_grammar_shaped_text_reads_the_same(data: bytes) -> None:
    assert_same(data)


@QUICK
@given(st.integers(0, 2**32), st.sampled_from(range(8)))
def test_layout_edits_of_simulated_records_read_the_same(seed: int, case: int) -> None:
    cases = simulated()
    text = cases[case * len(cases) // 8][1]
    assert_same(edited(text, random.Random(seed)))


_PLAY = "W 16  S pass  E pass  N pass\n1. W 8S  S 7S  E JS  N QS\n" * 2
"""A line of pairs two blanks apart, twice (the second read as known pieces)."""

EDGES = {
    "exchange none": "P2 exchange none\nP3 exchange 9C > KC\n3. P4 exchange 9D >\n",
    "marks before single events": "3. P1 rob AS\n4. turnup 7H\n5. P2 down KC\n",
    "comment inside a line": "1. W 8S {good} S 7S{x}E JS ; the rest\nN QS\n",
    "comment glued to a seat": "1. W{x} 8S\n",
    "trick mark alone": "1.\nW 8S\n",
    "trick mark before a comment": "1. {x} W 8S\n",
    "trump over a line break": "W trump\nS\n",
    "cards of a play over a line break": "W 8S\n9S\n",
    "comma": "W 13, S pass\n",
    "glued mark": "1.W 8S 2.S 7S\n",
    "brace over lines": "W 8S {a\nb} S 7S\n",
    "unseen card": "W 8S S ??\n",
    "long number": "W 99999999999999999999 S pass\n",
    "result then events": "result NS 1 EW 2 W pass\n",
    "result score": "result score NS +2 EW -1\n",
    "seat spelled like a keyword": "pass 8S\n",
    "tab": "W\t8S\tS 7S\n",
    "suit symbol": "W trump ♠\n",
    "events on the deal line": "",
    "mistyped pass": "W 16 S pas\n",
    "mistyped trump": "W trumps 9H\n",
    "card with a space": "1. W 7 D  S 8D\n",
    "card suit first": "1. W D7  S 8D\n",
    "mistyped card in a hand line": "S: 1OS KS QH 9D | 8H 7D TS AC\n",
    "comment after a blank line before a deal": "W pass\n; under\n\n; in front\ndeal 2\nW pass\n",
    "comment after a blank line before tags": "W pass\n\n; record 2\n[Game \"28\"]\n",
    # the pieces of a line of pairs two blanks apart, learned from the first line, then
    # spelled otherwise around them
    "pieces three blanks apart": f"{_PLAY}1. W 8S   S 7S  E JS  N QS\n",
    "a mark two blanks before its pieces": f"{_PLAY}1.  W 8S  S 7S  E JS  N QS\n",
    "a mark among the pieces": f"{_PLAY}W 8S  1. S 7S  E JS  N QS\n",
    "a blank after the pieces": f"{_PLAY}1. W 8S  S 7S  E JS  N QS \n",
    "a blank before the pieces": f"{_PLAY} 1. W 8S  S 7S  E JS  N QS\n",
    "a tab among the pieces": f"{_PLAY}1. W 8S\t S 7S  E JS  N QS\n",
    "a piece of one word": f"{_PLAY}1. W 8S  S  E JS  N QS\n",
    "a piece of three words": f"{_PLAY}1. W 8S  S 7S 9S  E JS  N QS\n",
    "pieces glued": f"{_PLAY}1. W 8S S 7S  E JS  N QS\n",
    "a mark alone before the pieces": f"{_PLAY}1.\nW 8S  S 7S  E JS  N QS\n",
    "a mark of too many digits": f"{_PLAY}{'1' * 30}. W 8S  S 7S  E JS  N QS\n",
    "a line of one known piece": f"{_PLAY}W 8S\n",
    "a trump choice again": f"{_PLAY}W trump 8S\nW trump 8S\nW trump 8S S pass\n",
    "pieces before a hand line": f"{_PLAY}N: KC JC\n",
    # hand lines: rounds, bars and cards spelled otherwise
    "three rounds": "S: QS | 8D KD | AS\nW: 7H|QC | TS\n",
    "bars alone": "S: |\nW: | |\n",
    "a bar first and last": "S: | QS\nW: QC |\n",
    "no card": "S:\n",
    "no card after blanks": "S:   \n",
    "cards spelled otherwise": "S: 10s kd | AS 9h\nW: QC | 10c\n",
    "a suit symbol in a hand": "W: QC | 10♣\n",
    "a seat in blanks": "  S  :  QS KD | AS\n",
    "two colons": "S: QS: KD\n",
    "a hand after the events": "W pass\nS: QS\n",
    # deal and result lines read before any split
    "a result line read again": "W pass\nresult NS 1 EW 2\nresult NS 1 EW 2\nW pass\n",
    "a result line of one word": "result\n",
    "a result line after the hands": "result NS 1 EW 2\nS: QS\n",
    "a second deal": "W pass\ndeal 2 dealer E\nN: KC\nW pass\nresult NS 1 EW 2\n",
    "a deal line without its dealer": "deal 2 dealer\n",
    "a deal line spelled with blanks": "deal  2 \t dealer  E \nN: KC\n",
    "a deal number too long": "deal 0099999999999\n",
    "a deal line and an event": "deal 2 dealer E W pass\n",
    "a deal line glued": "deal2\nN: KC\n",
}


@pytest.mark.parametrize("name", list(EDGES))
def test_edge_spellings_read_the_same(name: str) -> None:
    head = '[Game "28"] ; a comment\n[Event "x \\"y\\""]\n\n'
    deal = "deal 1 dealer N W pass\n" if name == "events on the deal line" else "deal 1 dealer N\n"
    hands = "N: KC JC 9C QS | KS 9D 8C 7C\nE: TH TC|JS KH ; hand\n"
    assert_same(head + deal + hands + EDGES[name])


def test_the_fast_reader_gives_up_where_lark_must_speak() -> None:
    for text in ("deal 1 dealer N\nW 8S S ??\n", "deal 1 dealer N\nW 8S {open\n",
                 "deal 1 dealer N\nW pass, S pass\n", "deal 1\nN: AS\nW pass\nE: KS\n"):
        assert read_deals(text, 1) is None, text
    assert read_tags('[Game "28" {x}]\n', 1) is None
    lines = list(reader_lines(raw_lines(io.BytesIO(b'[Game "28"]\n'), "t")))
    assert read_tags("".join(lines), 1) is not None


def test_lines_of_pairs_are_read_by_their_pieces() -> None:
    from referee.notation import fast

    text = "deal 1 dealer N\nN: KC JC 9C QS | KS 9D 8C 7C\n" + _PLAY
    assert read_deals(text, 1) is not None
    assert {"W 8S", "S 7S", "E JS", "N QS"} <= fast._PIECES.keys()
    for name in ("pieces three blanks apart", "a mark among the pieces", "a piece of one word",
                 "a mark of too many digits"):
        assert_same('[Game "28"]\n\n' + text + EDGES[name][len(_PLAY):])


def test_a_tag_section_read_again_reads_the_same() -> None:
    section = '[Game "28"]\n[Event "x \\"y\\"" "z"]  [Round "2"]\n\n'
    deal = "deal 1 dealer N\nN: KC JC 9C QS | KS 9D 8C 7C\nW pass\n\n"
    assert_same((section + deal) * 3 + "\n\n" + section + "\n" + deal)
    assert_same((section + deal) * 2 + section.replace("\n", "{c}\n") + deal)
    first = read_tags(section, 1)
    again = read_tags(section, 7)
    assert first is not None and again is not None
    assert [tag.span.line + 6 for tag in first[0]] == [tag.span.line for tag in again[0]]
    assert [tag.values for tag in first[0]] == [tag.values for tag in again[0]]
    assert first[0][0].values is not again[0][0].values  # a list of its own


def test_a_plain_chunk_is_looked_at_for_commas_only() -> None:
    from referee.notation.chunks import iter_block_chunks
    from referee.notation.lines import raw_blocks

    text = "deal 1 dealer N\nN: KC JC 9C QS | KS 9D 8C 7C\n" + _PLAY
    chunks = list(iter_block_chunks(raw_blocks(io.BytesIO(
        ('[Game "28"]\n\n' + text + "\n" + text).encode()), "t")))
    assert [chunk.plain for chunk in chunks] == [False, True, False]  # the last: held over
    plain, other = read_deals(text, 1, True, True), read_deals(text, 1, True, False)
    assert plain is not None and other is not None
    assert [deal.items for deal in plain[0]] == [deal.items for deal in other[0]]
    assert read_deals(text.replace("W 16  S pass", "W 16, S pass"), 1, True, True) is None
    assert_same('[Game "28"]\n\n' + text.replace("S pass", "S pass,"))
