"""'Did you mean': the closest known word to a mistyped one, for messages.

Below every module that names things a user may mistype (games, options, rule ids, settings),
so that each can suggest without importing the others.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def suggest(word: str, candidates: Iterable[str]) -> str:
    """``" (did you mean 'x'?)"`` for the closest candidate, or "" if none is close.

    A candidate spelled the same in another case comes first (a seat ``s`` for ``S``: to
    difflib, one letter in another case is no match at all)."""
    options = list(candidates)
    same = [option for option in options if option.casefold() == word.casefold()]
    close = same or difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""
