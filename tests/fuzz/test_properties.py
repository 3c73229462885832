"""The fuzz suite's properties, on Hypothesis' inputs (a fixed, seeded budget in the normal
run; ``--hypothesis-profile=long`` for more): every promise of promises.py holds for
grammar-shaped text, for mutated samples and for mutated JSON forms, and a schema-valid JSON
document converts to text that reads back the same, or is refused with a located error."""

from __future__ import annotations

import json
import random

import promises
import strategies
from hypothesis import given
from hypothesis import strategies as st

from referee.notation.jsonform import validate


@given(strategies.grammar_text(), st.randoms(use_true_random=False))
def test_grammar_shaped_text_keeps_every_promise(data: bytes, rng: random.Random) -> None:
    promises.check_ttn(data, rng)


@given(strategies.mutated_sample(), st.randoms(use_true_random=False))
def test_mutated_samples_keep_every_promise(data: bytes, rng: random.Random) -> None:
    promises.check_ttn(data, rng)


@given(st.binary(max_size=200), st.randoms(use_true_random=False))
def test_any_bytes_keep_every_promise(data: bytes, rng: random.Random) -> None:
    promises.check_ttn(data, rng)


@given(strategies.mutated_json())
def test_mutated_json_converts_or_is_refused_where_it_breaks(text: str) -> None:
    promises.check_json(text)


@given(strategies.record_documents)
def test_schema_valid_documents_read_back_the_same_or_are_refused(document: dict) -> None:
    validate(document)  # the strategy makes only what the schema accepts
    promises.check_json(json.dumps(document) + "\n")
