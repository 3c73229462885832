"""What a reader of the repository cannot follow: references to the working notes the rules
were settled in (digest sections, numbered decisions, seed numbers, edge-case numbers, paths of
the working folder). Code and docs cite rule ids (``28.follow-suit``), the docs pages and the
public sources (pagat.com, Wikipedia) instead.

``internal_references`` serves the tests of what players read (docs pages, ``referee games``,
``referee rule``); ``code_references`` the test of the code under referee/
(tests/test_code_citations.py), whose comments may also say "digest" for a hash.
"""

from __future__ import annotations

import re

_SECTION = (r"(?:[AB]|AV|TF|TT|T22|T|D|L)-?[A-Z]?\d+(?:\.\d+)*(?:\([a-z0-9]+\)\d*)*"
            r"(?:-[A-Z]*\d+(?:\.\d+)*)?")
"""A section of a rules digest: "A4.2", "B3.5", "T22-D1", "AV-L3(a)", "T25-D4(a)(b)"."""

_INTERNAL = re.compile(rf"spec/|/work/|\bdigest\b|\bdecision \d|\bseed \d{{3}}|\b{_SECTION}\b"
                       # the users' texts the rules were taken from: "the seed", "the Twenty-Two
                       # rules text"; a section of a working note, "3.9 C5" ("--seed" passes)
                       r"|(?<!-)\bthe seeds?\b|\brules text\b|\b\d\.\d+ C\d+\b"
                       r"|\b(?:S0|WP-old|S2|P29|R29|ZL|EB1911)\b|\(C\d+"
                       r"|(?<![\d.])\b\d\.\d+ [a-z_`]"
                       # the annulment rules' shorthand "(R3)", "R1 redeal", "A6.6 R6"
                       r"|\bR[1-6]\b"
                       # edge-case numbers "28-02", "29-33" (bid ranges such as 28-56 pass)
                       r"|\b2[89]-[0-4]\d\b"
                       # the ambiguity notes "10.1" .. "10.26"
                       r"|(?<![\d.])\b10\.\d{1,2}\b(?![\d.])")

_CODE = re.compile(
    # digest sections: "A4.2", "B3.5", "A6.6 R1", "T22-D1", "T25-*", "AV-L3" (cards are written
    # "AS", "TH", so a letter, a digit and a dot is never a card)
    r"\b[AB][1-9]\d?(?:\.\d+)+\b|\b(?:T22|T25|AV|TF|TT)-(?:[A-Z]+\d*|\*)"
    # a section of a working note, "3.9 C5"; the ambiguity notes "(10.14"
    r"|\b\d\.\d+ [A-Z]\d\b|\(10\.\d{1,2}\b"
    # numbered decisions, seeds and the users' texts the rules were taken from
    r"|\bdecisions? \d|\bseed \d{3}\b|\bSEED-\d|\bthe seeds?\b"
    r"|\b(?:S0|S2|P29|R29|WP-old|EB1911|SPT|ZL)\b"
    # the digests themselves ("digest" alone is also a hash)
    r"|\bdigest(?:'s)? (?:sections?|Part|defaults|\d)|\"the digest\"|\bPart [AB]\b"
    r"|\bsection \d|\bcolumn D\d|\bappendix\b|\berratum\b"
    # edge-case numbers "28-13", "edge case 12"; the annulment rules' shorthand "R3"
    r"|\bedge cases? #?\d|\b2[89]-[0-4]\d\b|\bR[1-6]\b"
    # paths of the working folder
    r"|/work/|spec/rules|shared/spec")

CODE_ALLOWED = (
    "L4 P4 R4 D4 L8 P8 R8 D8",  # Avinas: the exposed cards in dealing order, seat by seat
)
"""Text that looks like a reference and is not one."""


def internal_references(text: str) -> list[str]:
    """The references to internal notes left in ``text`` a player reads."""
    return [match.group(0) for match in _INTERNAL.finditer(text)]


def code_references(text: str) -> list[str]:
    """The references a reader of the repository cannot follow in ``text`` (a comment, a
    docstring or a string literal of the code)."""
    for allowed in CODE_ALLOWED:
        text = text.replace(allowed, "")
    return [match.group(0) for match in _CODE.finditer(text)]
