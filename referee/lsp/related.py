"""Where a finding points elsewhere: the cards it says were legal, where the seat was dealt
them (its hand line) or, where the hands are not written, where it played them later (the
play that proves it held one)."""

from __future__ import annotations

from dataclasses import replace

from referee.lsp.document import Problem, Related
from referee.model.lexicon import CARD_SPELLINGS
from referee.model.record import Deal, StreamItem

MOST = 4
"""Related places shown for one finding, at most."""


def with_related(problems: list[Problem], items: tuple[StreamItem, ...] | list[StreamItem],
                 lines: list[str]) -> list[Problem]:
    """``problems`` with the places their legal cards stand (line numbers of the record)."""
    deals = [item for item in items if isinstance(item, Deal)]
    return [replace(p, related=related_places(p, deals, lines))
            if p.alternatives and p.severity == "error" else p for p in problems]


def related_places(problem: Problem, deals: list[Deal], lines: list[str]
                   ) -> tuple[Related, ...]:
    """The hand-line cards (or later plays) of the cards the finding's seat could play."""
    seat, cards = _legal_cards(problem.alternatives)
    deal = next((d for d in reversed(deals) if d.span.line and d.span.line <= problem.line),
                None)
    if not cards or deal is None:
        return ()
    places: list[Related] = []
    hand = next((h for h in deal.hands if h.seat == seat), None)
    if hand is not None and hand.span.line:
        text = lines[hand.span.line - 1] if hand.span.line <= len(lines) else ""
        for start, word in _words(text):
            card = CARD_SPELLINGS.get(word)
            if card in cards:
                places.append(Related(hand.span.line, start, hand.span.line,
                                      start + len(word), f"{seat} was dealt {card}"))
    else:
        for event in deal.events:
            action, span = event.action, event.span
            later = (span.line, span.column) > (problem.line, problem.column)
            if action.seat == seat and action.kind == "play" and later:
                for card in action.cards:
                    if card in cards:
                        places.append(Related(span.line, span.column, span.end_line,
                                              span.end_column,
                                              f"{seat} plays {card} later: he held it"))
    return tuple(places[:MOST])


def _legal_cards(alternatives: tuple[str, ...]) -> tuple[str | None, set[str]]:
    """The seat and the cards of the alternatives that are single plays (``N QS``)."""
    seat, cards = None, set()
    for text in alternatives:
        words = text.split()
        if len(words) == 2 and words[1] in CARD_SPELLINGS:
            seat = words[0]
            cards.add(CARD_SPELLINGS[words[1]])
    return seat, cards


def _words(text: str) -> list[tuple[int, str]]:
    """Each word of a line and its column (1-based)."""
    found, column = [], 1
    for part in text.split(" "):
        if part:
            found.append((column, part))
        column += len(part) + 1
    return found
