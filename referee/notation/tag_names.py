"""Tag names the referee reads, and the one a name close to one of them most likely means.

Unknown tags are kept as written (the notation allows any); a name within a letter or two of
a known one (or the same but for case) is most likely a slip for it: the replay notes it
(``referee.replay.tag_notes``), the registry names it when the Game tag is missing.
"""

from __future__ import annotations

import difflib

KNOWN_TAGS = ("Game", "Rules", "Option", "Seats", "Teams", "Player", "Event", "Site", "Date",
              "Round", "Annotator", "View", "Expect")
"""Every tag name of the notation (docs/notation.md), as written: names are case-sensitive."""

IGNORED_MEANS: dict[str, str] = {
    "Game": "the record has no game",
    "Rules": "the record is checked under the game's standard preset",
    "Seats": "the table is the game's default",
    "Teams": "the teams are the game's default",
    "Expect": "nothing is expected of the record",
    "View": "every card written counts as seen",
}
"""What follows from a known tag left out, where the referee would have read it."""

_CLOSE = 0.75
"""How alike two names must be (difflib's ratio) for a note; 0.6 would take Dealer for Date."""


def meant_tag(name: str) -> str | None:
    """The known tag a tag called ``name`` is most likely a slip for; None for a known name
    or one that is like none."""
    if name in KNOWN_TAGS:
        return None
    same = [known for known in KNOWN_TAGS if known.lower() == name.lower()]
    if same:
        return same[0]
    close = difflib.get_close_matches(name, KNOWN_TAGS, n=1, cutoff=_CLOSE)
    return close[0] if close else None
