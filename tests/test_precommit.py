"""The pre-commit hooks (.pre-commit-hooks.yaml) and what their commands do on staged files."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from typer.testing import CliRunner

from referee.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "golden" / "records"


def hooks() -> dict[str, dict[str, str]]:
    """The hooks file read as the flat list of mappings it is (no YAML library needed)."""
    found: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for line in (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        item = re.match(r"- (\w+): (.*)\Z", line)
        field = re.match(r"  (\w+): (.*)\Z", line)
        assert item or field, f"unexpected line {line!r}"
        if item:
            current = {}
            found[item[2]] = current
            key, value = item[1], item[2]
        else:
            key, value = field[1], field[2]
        assert current is not None
        current[key] = value
    return found


def run_hook(hook: dict[str, str], files: list[Path]):
    """The hook's entry as pre-commit runs it: its words, then the staged files."""
    words = shlex.split(hook["entry"])
    assert words[0] == "referee"
    return CliRunner().invoke(app, words[1:] + [str(f) for f in files])


def test_the_hooks():
    found = hooks()
    assert set(found) == {"referee-check", "referee-fmt"}
    for hook in found.values():
        assert hook["language"] == "python"
        assert re.search(hook["files"], "samples/x/game.ttn")
        assert not re.search(hook["files"], "notes.txt")
        assert hook["name"] and hook["description"]


def test_referee_check_hook(tmp_path):
    hook = hooks()["referee-check"]
    legal = tmp_path / "legal.ttn"
    legal.write_text((RECORDS / "legal.ttn").read_text(encoding="utf-8"), encoding="utf-8")
    met = tmp_path / "revoke.ttn"  # illegal, and says so in its Expect tags: fine
    met.write_text((RECORDS / "revoke.ttn").read_text(encoding="utf-8"), encoding="utf-8")
    assert run_hook(hook, [legal, met]).exit_code == 0
    unmet = tmp_path / "turn.ttn"
    unmet.write_text((RECORDS / "turn.ttn").read_text(encoding="utf-8"), encoding="utf-8")
    result = run_hook(hook, [legal, unmet])
    assert result.exit_code == 1
    assert f"{unmet}:5: unmet" in result.stdout
    # A transcript without Expect tags fails when it breaks a rule.
    bare = tmp_path / "bare.ttn"
    bare.write_text(re.sub(r"\[Expect [^\n]*\]\n", "", unmet.read_text(encoding="utf-8")),
                    encoding="utf-8")
    result = run_hook(hook, [bare])
    assert result.exit_code == 1 and "unexpected finding 28.turn" in result.stdout


def test_referee_fmt_hook_rewrites_in_place(tmp_path):
    hook = hooks()["referee-fmt"]
    messy = tmp_path / "messy.ttn"
    messy.write_text('[Game "28"]   \n\n\ndeal 1 dealer S ; first deal\nE 14, N pass W pass '
                     'S pass\n', encoding="utf-8")
    before = messy.read_text(encoding="utf-8")
    assert run_hook(hook, [messy]).exit_code == 0
    after = messy.read_text(encoding="utf-8")
    assert after != before and "; first deal" in after  # pre-commit sees the change
    assert run_hook(hook, [messy]).exit_code == 0
    assert messy.read_text(encoding="utf-8") == after  # and nothing more the second time
