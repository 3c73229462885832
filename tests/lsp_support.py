"""Shared records and helpers of the language-server tests."""

from __future__ import annotations

from pathlib import Path

REVOKE = """[Game "twenty-eight"]

deal 1 dealer S
N: TC 8C QD QS | JC QC JH TD
E: AH 7D 9D TS | QH 7H AD 9H
S: 8H KC KD JS | JD 9C 7C AC
W: 8S AS 8D 9S | TH 7S KH KS
E 14  N 16  W pass  S pass  E pass
N trump 8C
1. E 9D N TD W 8D S KD
2. E AH N JH W TH S 8H
3. N TC W KH S 7C E 9H
4. N QS W AS S JS E TS
5. S AC E AD N JC W 8S
6. N QD W call W 7S S JD E 7D
7. S 9C E QH N 8C W KS
8. S KC E 7H N QC W 9S
result NS 25 EW 3
"""
"""A 28 deal where N, the bidder, leads the concealed trump in trick 3 (28.lead-trump)."""

LEAD_LINE = 11
"""The 0-based line of trick 3."""


def uri_in(folder: Path, name: str = "match.ttn") -> str:
    return (folder / name).as_uri()


def apply_edits(text: str, edits) -> str:
    """``text`` with LSP text edits applied (positions in UTF-16 units, as the server
    uses with VS Code's capabilities)."""
    lines = text.splitlines(keepends=True)

    def offset(position) -> int:
        before = "".join(lines[:position.line])
        line = lines[position.line] if position.line < len(lines) else ""
        units = 0
        for index, char in enumerate(line):
            if units >= position.character:
                return len(before) + index
            units += len(char.encode("utf-16-le")) // 2
        return len(before) + len(line)

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character),
                       reverse=True):
        start, end = offset(edit.range.start), offset(edit.range.end)
        text = text[:start] + edit.new_text + text[end:]
        lines = text.splitlines(keepends=True)
    return text
