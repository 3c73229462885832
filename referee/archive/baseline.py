"""Baselines: the findings an archive has accepted, so that a new check fails only on new ones.

``referee check --write-baseline FILE`` writes every finding reported (errors and notes, after
``--select``, ``--ignore`` and ``; referee: accept`` comments) with its fingerprint;
``--baseline FILE`` then drops each finding whose fingerprint is in it, one for one (equal
fingerprints match as a multiset). A fingerprint names a finding by where it is in the game,
so it survives other records being added, comments changed and the file reformatted by
``referee fmt``: the file's path relative to the baseline's folder, the record's identity
and its ordinal among the file's records of that identity, the game, the rule id, the deal,
the seat and the trick; never a line number.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.report.model import Finding, MatchReport

FORMAT = "referee-baseline/1"
SCHEMA = "baseline.schema.json"
STDIN_NAME = "<stdin>"


class BaselineError(Exception):
    """A baseline file that cannot be read or is not a baseline (a usage error, exit 2)."""


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """Where a finding is, in words that do not change when the record is reformatted."""

    file: str
    record: str
    ordinal: int
    game: str
    rule: str
    deal: int | None
    seat: str | None
    trick: int | None

    def to_json(self, message: str = "") -> dict[str, Any]:
        data: dict[str, Any] = {
            "file": self.file, "record": self.record, "ordinal": self.ordinal,
            "game": self.game, "rule": self.rule, "deal": self.deal, "seat": self.seat,
            "trick": self.trick}
        if message:
            data["message"] = message
        return data


def relative_name(path: str, baseline: str | Path) -> str:
    """``path`` as the baseline names it: relative to the baseline's folder, ``/``-separated."""
    if path in ("-", STDIN_NAME):
        return STDIN_NAME
    folder = os.path.dirname(os.path.abspath(baseline))
    return Path(os.path.relpath(os.path.abspath(path), folder)).as_posix()


def fingerprint(name: str, match: MatchReport, ordinal: int, finding: Finding) -> Fingerprint:
    """The fingerprint of ``finding`` of ``match``, the ``ordinal``-th record (from 0) of its
    identity in the file the baseline calls ``name``."""
    return Fingerprint(name, match.identity, ordinal, match.game, finding.rule, finding.deal,
                       finding.seat, finding.trick)


class Baseline:
    """The fingerprints of a baseline file, taken one by one as findings match them."""

    def __init__(self, entries: Counter[Fingerprint]) -> None:
        self.left = entries
        self.total = sum(entries.values())
        self.matched = 0

    @classmethod
    def read(cls, path: str | Path) -> Baseline:
        """The baseline in ``path``; ``BaselineError`` if it is missing or not one."""
        import jsonschema

        from referee.notation.resources import load_schema

        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise BaselineError(f"{path}: no such baseline file (--write-baseline "
                                "writes one)") from None
        except OSError as exc:
            raise BaselineError(f"{path}: cannot read the baseline: {exc.strerror}") from None
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise BaselineError(f"{path}: not a baseline: not JSON ({exc})") from None
        if isinstance(data, dict) and "format" in data and data["format"] != FORMAT:
            raise BaselineError(f"{path}: unsupported baseline format {data['format']!r} "
                                f"(this referee reads {FORMAT})")
        try:
            jsonschema.validate(data, load_schema(SCHEMA))
        except jsonschema.ValidationError as exc:
            where = "/".join(str(part) for part in exc.absolute_path) or "the document"
            raise BaselineError(f"{path}: not a baseline: at {where}: {exc.message}") from None
        return cls(Counter(Fingerprint(**{k: v for k, v in entry.items() if k != "message"})
                           for entry in data["findings"]))

    def take(self, found: Fingerprint) -> bool:
        """True (and one fewer left) if ``found`` is in the baseline."""
        if self.left[found] <= 0:
            return False
        self.left[found] -= 1
        self.matched += 1
        return True

    def gone(self, files: set[str]) -> int:
        """Entries of the files checked (as the baseline names them) that no finding took."""
        return sum(count for entry, count in self.left.items() if entry.file in files)


def write_baseline(path: str | Path, entries: list[dict[str, Any]], version: str) -> None:
    """Write a baseline of ``entries`` (``Fingerprint.to_json``) to ``path``, atomically."""
    from referee.notation.fileio import write_atomic

    document = {"format": FORMAT, "referee": version, "findings": entries}
    write_atomic(path, json.dumps(document, indent=1, ensure_ascii=False) + "\n")
