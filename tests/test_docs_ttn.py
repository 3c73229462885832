"""The TTN examples of README.md and docs/: each block is marked by its fence, ```` ```ttn ````
for a complete record and ```` ```ttn-fragment ```` for an excerpt, and every complete record
checks as the page says: clean, or with every one of its ``Expect`` tags met.

An excerpt (a deal line, a few events, tags alone) is not checked: it is not a record.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})\s*(?P<lang>[\w+-]*)")
TTN_LANGUAGES = ("ttn", "ttn-fragment")
REPORT = re.compile(r"\S+:\d+(?::\d+)?: (?:error|note|warning) \[")
"""A block that opens with a finding is a report, which shows the record's line it is about."""
LOOKS_LIKE_TTN = re.compile(
    r"^\s*(?:\[(?:Game|Seats|Teams|Rules|Option|Expect|Event|Date)\s+\""  # tags
    r"|deal \d+\b"  # a deal line
    r"|[1-9]\d?\. [A-Z]\w* (?:[2-9TJQKA][SHDC]|\?\?)\b"  # a trick: "1. N JS ..."
    r"|[A-Z]\w*: (?:[2-9TJQKA][SHDC] ){3}"  # a hand line
    r"|result (?:score )?[A-Z]"  # a result line
    r"|[A-Z]\w* (?:trump|double|redouble|pass|call|hold|exchange|rob|turnup|knock|pair|single"
    r"|show|redeal|stop|down)\b)")  # an event: "W trump 9S", "N double"
runner = CliRunner()


def blocks(text: str) -> list[tuple[int, str, str]]:
    """Every fenced block of a Markdown page: (line of the fence, language, body)."""
    lines = text.splitlines()
    found = []
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if opening is None:
            index += 1
            continue
        indent, fence = opening["indent"], opening["fence"]
        end = index + 1
        while end < len(lines) and not lines[end].strip().startswith(fence):
            end += 1
        body = "".join(line[len(indent):] + "\n" for line in lines[index + 1:end])
        found.append((index + 1, opening["lang"], body))
        index = end + 1
    return found


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


RECORDS = [(f"{_name(path)}:{line}", body) for path in PAGES
           for line, lang, body in blocks(path.read_text(encoding="utf-8")) if lang == "ttn"]


def test_every_ttn_block_is_marked_by_its_fence():
    unmarked = [f"{_name(path)}:{line}" for path in PAGES
                for line, lang, body in blocks(path.read_text(encoding="utf-8"))
                if lang not in TTN_LANGUAGES and not REPORT.match(body)
                and any(LOOKS_LIKE_TTN.match(row) for row in body.splitlines())]
    assert unmarked == [], "mark TTN blocks ```ttn (a complete record) or ```ttn-fragment"
    assert len(RECORDS) >= 5  # the pages' examples are records, checked below


@pytest.mark.parametrize("where, body", RECORDS, ids=[where for where, _ in RECORDS])
def test_complete_records_check_as_the_page_says(where, body, tmp_path):
    path = tmp_path / "example.ttn"
    path.write_text(body, encoding="utf-8")
    expect = ["--expect"] if "[Expect " in body else []
    result = runner.invoke(app, ["check", *expect, str(path)])
    assert result.exit_code == 0, f"{where}:\n{result.output}"


@pytest.mark.parametrize("text, looks", [
    ('[Game "twenty-eight"]', True), ("deal 1 dealer W", True), ("1. N JS  E 9S", True),
    ("W: JC QS TC 8H", True), ("result NS 17 EW 11", True), ("pip install .", False),
    ("referee check game.ttn", False), ("2. W 7H  S 9H", True), ("- run: referee", False),
    ("W trump 9S  N double", True), ("Usage: referee check", False)])
def test_the_ttn_look_is_recognised(text, looks):
    assert bool(LOOKS_LIKE_TTN.match(text)) is looks
