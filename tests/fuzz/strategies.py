"""Hypothesis strategies: grammar-shaped TTN text, mutated samples, and JSON-form documents
that the schema accepts (the property: convert to text refuses them, located, or writes text
that reads back the same)."""

from __future__ import annotations

import random
import string

import inputs
from hypothesis import strategies as st

# -- TTN text --------------------------------------------------------------------------------

_pieces = st.one_of(
    st.sampled_from(inputs.WORDS + inputs.CARDS + inputs.SEATS + inputs.HOSTILE),
    st.builds(lambda s, c: f"{s} {c}", st.sampled_from(inputs.SEATS),
              st.sampled_from(inputs.CARDS + inputs.WORDS)),
    st.text(max_size=6),
)


@st.composite
def grammar_text(draw: st.DrawFn) -> bytes:
    """A record-shaped text built from the notation's words, with hostile characters."""
    game = draw(st.sampled_from(inputs.GAMES))
    lines = [f'[Game "{game}"]']
    lines += draw(st.lists(st.builds(lambda n, v: f'[{n} "{v}"]', st.sampled_from(inputs.TAGS),
                                     _pieces), max_size=3))
    for number in range(draw(st.integers(0, 2))):
        lines.append(f"deal {number + 1} dealer {draw(st.sampled_from(inputs.SEATS))}")
        lines += draw(st.lists(st.builds(" ".join, st.lists(_pieces, max_size=8)), max_size=6))
    breaks = draw(st.lists(st.sampled_from(inputs.BREAKS), min_size=len(lines),
                           max_size=len(lines)))
    text = "".join(line + end for line, end in zip(lines, breaks, strict=True))
    return text.encode("utf-8", "surrogatepass")


@st.composite
def mutated_sample(draw: st.DrawFn) -> bytes:
    """A sample after seeded edits (the driver's mutations, their seed drawn here)."""
    return inputs.mutated_sample(random.Random(draw(st.integers(0, 2**32))))


@st.composite
def mutated_json(draw: st.DrawFn) -> str:
    """A sample's JSON form with values replaced."""
    return inputs.mutated_json(random.Random(draw(st.integers(0, 2**32))))


# -- JSON-form documents the schema accepts --------------------------------------------------

_seat = st.one_of(st.sampled_from(["N", "E", "S", "W", "NS", "EW", "pass", "AH", "deal"]),
                  st.from_regex(r"\A[A-Za-z][A-Za-z0-9_-]{0,4}\Z"))
_card = st.sampled_from([r + s for r in "AKQJT98765432" for s in "SHDC"] + ["??"])
_comment_text = st.one_of(st.text(max_size=12), st.sampled_from(inputs.HOSTILE_STRINGS))
_comments = st.lists(st.fixed_dictionaries({"text": _comment_text},
                                           optional={"kind": st.sampled_from(["brace",
                                                                              "line"])}),
                     max_size=2)
_number = st.one_of(st.integers(0, 60), st.integers(0, 10**12))


def _with_comments(strategy: st.SearchStrategy[dict]) -> st.SearchStrategy[dict]:
    return st.builds(lambda d, c: {**d, **({"comments": c} if c else {})}, strategy, _comments)


_seat_action = _with_comments(st.one_of(
    st.fixed_dictionaries({"action": st.just("play"), "seat": _seat,
                           "cards": st.lists(_card, min_size=1, max_size=2)},
                          optional={"trick": st.integers(1, 12)}),
    st.fixed_dictionaries({"action": st.just("bid"), "seat": _seat, "value": _number}),
    st.fixed_dictionaries({"action": st.sampled_from(["pass", "double", "redouble", "call",
                                                      "pair", "single", "knock", "stop",
                                                      "claim", "redeal"]),
                           "seat": _seat}),
    st.fixed_dictionaries({"action": st.just("trump"), "seat": _seat},
                          optional={"cards": st.lists(_card, min_size=1, max_size=1),
                                    "value": st.sampled_from(["S", "H", "D", "C",
                                                              "seventh"])}).filter(
        lambda d: "cards" in d or "value" in d),
    st.fixed_dictionaries({"action": st.sampled_from(["rob", "down"]), "seat": _seat,
                           "cards": st.lists(_card, min_size=1, max_size=1)}),
    st.fixed_dictionaries({"action": st.just("exchange"), "seat": _seat,
                           "cards": st.lists(_card, max_size=2),
                           "drawn": st.lists(_card, max_size=2)}),
))
_turnup = _with_comments(st.fixed_dictionaries(
    {"action": st.just("turnup"), "cards": st.lists(_card, min_size=1, max_size=1)}))
_result = _with_comments(st.fixed_dictionaries(
    {"action": st.just("result"), "kind": st.sampled_from(["points", "score"]),
     "values": st.lists(st.tuples(_seat, st.integers(-200, 200)).map(list), min_size=1,
                        max_size=2)}))

_deal = _with_comments(st.fixed_dictionaries(
    {"number": _number,
     "hands": st.dictionaries(_seat, st.lists(st.lists(_card, max_size=4), max_size=2),
                              max_size=4),
     "events": st.lists(st.one_of(_seat_action, _turnup, _result), max_size=6)},
    optional={"dealer": _seat,
              "hand_comments": st.dictionaries(_seat, _comments, max_size=2)}))

_tag = _with_comments(st.fixed_dictionaries(
    {"name": st.from_regex(r"\A[A-Za-z][A-Za-z0-9_]{0,6}\Z"),
     "values": st.lists(st.one_of(st.text(max_size=8), st.sampled_from(inputs.HOSTILE_STRINGS)),
                        max_size=2)}))

record_documents = _with_comments(st.fixed_dictionaries(
    {"format": st.just("ttn/1"),
     "tags": st.one_of(st.just([]), st.lists(_tag, min_size=1, max_size=3).map(
         lambda tags: [{"name": "Game", "values": ["28"]}, *tags])),
     "deals": st.lists(_deal, max_size=2)}))
"""Documents record.schema.json accepts, many of which no text can say."""

ascii_noise = st.text(alphabet=string.printable, max_size=40)
