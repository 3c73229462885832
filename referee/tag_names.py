"""Tag names the referee reads, and the note for a tag whose name is close to one of them.

Unknown tags are kept as written (the notation allows any), so ``[Rule "pagat"]`` is no
error; but the referee does not read it, and the record is checked under the standard preset
without a word. A name within a letter or two of a known one (or the same but for case) gets
a note, ``record.tag``, that names the tag meant and what is done instead.
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names are words: the record and the report only for the notes
    from referee.record import RecordHeader, Tag
    from referee.report.model import Finding

TAG_NOTE = "record.tag"
"""The note at a tag whose name is close to one the referee reads."""

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


def tag_notes(header: RecordHeader) -> list[Finding]:
    """A ``record.tag`` note at each tag whose name is a likely slip for a known one."""
    notes = []
    for tag in header.tags:
        meant = meant_tag(tag.name)
        if meant is not None:
            notes.append(_note(tag, meant, header))
    return notes


def _note(tag: Tag, meant: str, header: RecordHeader) -> Finding:
    from referee.report.model import Finding

    message = (f"the tag '{tag.name}' is not one the referee reads (did you mean "
               f"'{meant}'?); it is kept as written")
    if meant == "Option" and tag.values:
        name = tag.values[0]
        if not any(t.values[:1] == [name] for t in header.get_all("Option")):
            message += f", and the option '{name}' keeps the preset's value"
    elif header.get(meant) is None and meant in IGNORED_MEANS:
        message += f", and {IGNORED_MEANS[meant]}"
    return Finding(TAG_NOTE, message, span=tag.span, severity="note")
