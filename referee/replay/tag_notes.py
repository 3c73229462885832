"""The note for a tag whose name is close to one the referee reads.

Unknown tags are kept as written (the notation allows any), so ``[Rule "pagat"]`` is no
error; but the referee does not read it, and the record is checked under the standard preset
without a word. A name within a letter or two of a known one (or the same but for case) gets
a note, ``record.tag``, that names the tag meant and what is done instead.
"""

from __future__ import annotations

from referee.model.record import RecordHeader, Tag
from referee.notation.tag_names import IGNORED_MEANS, meant_tag
from referee.report.model import Finding

TAG_NOTE = "record.tag"
"""The note at a tag whose name is close to one the referee reads."""


def tag_notes(header: RecordHeader) -> list[Finding]:
    """A ``record.tag`` note at each tag whose name is a likely slip for a known one."""
    notes = []
    for tag in header.tags:
        meant = meant_tag(tag.name)
        if meant is not None:
            notes.append(slip_note(tag, meant, header))
    return notes


def slip_note(tag: Tag, meant: str, header: RecordHeader) -> Finding:
    message = (f"the tag '{tag.name}' is not one the referee reads (did you mean "
               f"'{meant}'?); it is kept as written")
    if meant == "Option" and tag.values:
        name = tag.values[0]
        if not any(t.values[:1] == [name] for t in header.get_all("Option")):
            message += f", and the option '{name}' keeps the preset's value"
    elif header.get(meant) is None and meant in IGNORED_MEANS:
        message += f", and {IGNORED_MEANS[meant]}"
    return Finding(TAG_NOTE, message, span=tag.span, severity="note")
