"""Positions between the referee (1-based lines, 1-based code-point columns) and an LSP
client (0-based lines, 0-based columns counted in the client's position encoding).

Every conversion goes through ``to_client`` and ``from_client``: suit symbols (``♠``) are
one code point and one UTF-16 unit but three UTF-8 bytes, and a character outside the
Basic Multilingual Plane is two UTF-16 units, so a column counted in one unit is wrong in
another.
"""

from __future__ import annotations

UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"
"""The position encodings of LSP 3.17 (``PositionEncodingKind`` values)."""


def _units(text: str, encoding: str) -> int:
    """The length of ``text`` in code units of ``encoding``."""
    if encoding == UTF32:
        return len(text)
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def to_client(lines: list[str], line: int, column: int,
              encoding: str = UTF16) -> tuple[int, int]:
    """The client position (0-based line, character in ``encoding`` units) of the referee's
    ``line``:``column`` (1-based; column in code points). Out-of-range values are clamped."""
    if not lines:
        return 0, 0
    index = min(max(line - 1, 0), len(lines) - 1)
    text = lines[index]
    points = min(max(column - 1, 0), len(text))
    return index, _units(text[:points], encoding)


def from_client(lines: list[str], line: int, character: int,
                encoding: str = UTF16) -> tuple[int, int]:
    """The referee's ``line``:``column`` (1-based, code points) of a client position
    (0-based line, ``character`` in ``encoding`` units); a character inside a code point
    counts as that code point's start."""
    if line >= len(lines):
        return line + 1, 1
    text = lines[max(line, 0)]
    units = 0
    for index, char in enumerate(text):
        units += _units(char, encoding)
        if units > character:
            return line + 1, index + 1
    return line + 1, len(text) + 1
