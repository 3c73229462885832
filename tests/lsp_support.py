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
