"""The limits on what referee reads, so hostile input costs bounded time and memory.

Each limit, when passed, is a located error that names it (docs/notation.md, "Limits"). They
sit far above anything a real record needs.
"""

from __future__ import annotations

MAX_LINE_CHARS = 10_000
"""Characters on one line of TTN text (a long line of events is held whole while read)."""

MAX_JSON_LINE_CHARS = 10_000_000
"""Characters on one line of the JSON form (a whole record may stand on one line)."""

MAX_DEAL_CHARS = 100_000
"""Characters in one deal, or in one tag section, comments included (a real deal takes a
few hundred; each event read costs memory, so this bounds the memory of reading one)."""

MAX_NUMBER_DIGITS = 9
"""Digits in a number: a bid, a deal number, a trick mark, a result or an Expect tag value."""

MAX_TAGS = 1_000
"""Tags in the tag section of one record."""

MAX_JSON_DEPTH = 32
"""Nesting of arrays and objects in the JSON form (a record needs eight levels)."""


def too_many_digits(text: str) -> bool:
    """Whether the number written ``text`` (digits, maybe a sign) passes MAX_NUMBER_DIGITS."""
    return len(text.lstrip("+-")) > MAX_NUMBER_DIGITS


def digits_message(text: str) -> str:
    """The sentence for a number over the limit."""
    return (f"a number of {len(text.lstrip('+-'))} digits; numbers have at most "
            f"{MAX_NUMBER_DIGITS} digits (limit)")

MAX_POINT_VECTORS = 1_000
"""Partial choices of value classes `Worlds.point_values` checks when it lists every total the
unseen cards can reach (a choice gives some slots whose card's value is not fixed a value each;
checking it costs a max-flow, and splitting it further a min-cost and a max-cost matching):
beyond it the totals are not decided and the caller says so in a note, never guessing. A deal
with a dozen unseen plays in one side's tricks needs a few hundred; the limit keeps the worst
case near a second."""
