"""The README's example record is legal and scores as its comments say."""

from __future__ import annotations

from pathlib import Path

from referee.pipeline.checking import check_text

README = Path(__file__).resolve().parent.parent / "README.md"


def _blocks() -> list[tuple[str, str]]:
    """(language, text) of each fenced block."""
    blocks, language, lines = [], None, []
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            if language is None:
                language, lines = line[3:], []
            else:
                blocks.append((language, "\n".join(lines) + "\n"))
                language = None
        elif language is not None:
            lines.append(line)
    return blocks


def _example() -> str:
    (record,) = [text for language, text in _blocks() if text.startswith("[Game")]
    return record


def test_readme_example_is_legal_and_scored() -> None:
    report = check_text(_example(), "README.md")
    assert report.error is None
    (match,) = report.matches
    assert [f.rule for f in match.all_findings()] == []
    (deal,) = match.deals
    assert deal.result.points == {"NS": 16, "EW": 12}
    assert deal.result.contract.target == 18
    assert match.score == {"NS": -1, "EW": 0}


def test_readme_has_exactly_two_bash_commands() -> None:
    commands = [text for language, text in _blocks() if language == "bash"]
    assert len(commands) == 2
    assert all(command.count("\n") == 1 for command in commands)  # one line each
