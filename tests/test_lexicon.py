"""The grammar's word terminals agree with the one table of lexical facts
(referee.model.lexicon)."""

from __future__ import annotations

import re

import pytest

from referee.model import lexicon
from referee.model.cards import parse_card
from referee.notation.parser import gather, iter_items
from referee.notation.resources import grammar_text


def grammar_terminal(name: str) -> str:
    """The regular expression of terminal ``name`` as grammar/ttn.lark writes it."""
    found = re.search(rf"^{name}(?:\.\d+)?: /(.*)/\s*$", grammar_text(), re.MULTILINE)
    assert found is not None, f"the grammar has no terminal {name}"
    return found.group(1)


@pytest.mark.parametrize("name", sorted(lexicon.grammar_terminals()))
def test_grammar_terminal_is_built_from_the_table(name: str):
    assert grammar_terminal(name) == lexicon.grammar_terminals()[name]


def test_every_keyword_is_refused_as_a_seat_by_grammar_and_rules():
    seat = re.compile(lexicon.grammar_terminals()["SEAT"])
    for word in lexicon.KEYWORDS:
        assert not seat.fullmatch(word), word
        assert lexicon.seat_name_problem(word) == f"seat name '{word}' is a keyword"
    assert seat.fullmatch("North") and lexicon.seat_name_problem("North") is None


def test_card_spellings_agree_with_the_card_pattern_and_parse_card():
    card = re.compile(lexicon.CARD_PATTERN)
    spellings = lexicon.card_spellings()
    assert len(spellings) == 19 * 16  # A K Q J T in two cases, 9..2, and 10; 16 suit forms
    for text, canonical in spellings.items():
        assert card.fullmatch(text), text
        assert parse_card(text) == canonical
    assert not card.fullmatch("1S") and not card.fullmatch("TX")
    assert lexicon.seat_name_problem("Ts") == "seat name 'Ts' is spelled like a card"


def test_action_kinds_are_the_parsers():
    text = ('[Game "28"]\ndeal 1 dealer S\nW 16 N pass E pass S pass W trump 9S\n'
            "1. N JH E 9H S AH W TH\nN call\nW pair\n")
    (record,) = gather(iter_items(text))
    kinds = {event.action.kind for deal in record.deals for event in deal.events}
    assert kinds <= set(lexicon.ACTION_KINDS)
    assert set(lexicon.SEAT_WORDS) <= set(lexicon.ACTION_KINDS)
    assert set(lexicon.CALL_WORDS) <= set(lexicon.ACTION_KINDS)


def test_event_positions_come_from_the_one_split_of_a_run():
    text = ('[Game "22"]\n[Seats "A B C"]\ndeal 1 dealer A\n'
            "1. B 7S 7H, C 8S 8H\n  A 9S 9H 2. B trump S C 16\n")
    (record,) = gather(iter_items(text))
    lines = text.splitlines()
    shown = []
    for event in record.deals[0].events:
        span = event.span
        assert span.line == span.end_line
        shown.append(lines[span.line - 1][span.column - 1:span.end_column - 1])
    assert shown == ["1. B 7S 7H", "C 8S 8H", "A 9S 9H", "2. B trump S", "C 16"]
