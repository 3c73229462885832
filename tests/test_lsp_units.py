"""The language server's parts that need no client: positions, records, problems, the
command without its extra."""

from __future__ import annotations

import subprocess
import sys

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.lsp.checker import DocumentChecker, setup_for
from referee.lsp.document import split_units
from referee.lsp.positions import UTF8, UTF16, UTF32, from_client, to_client
from tests.lsp_support import REVOKE


@pytest.mark.parametrize(("encoding", "expected"), [(UTF16, 6), (UTF8, 10), (UTF32, 5)])
def test_columns_in_each_encoding(encoding, expected):
    # '♠' is 1 UTF-16 unit and 3 UTF-8 bytes; '🂡' 2 units and 4 bytes; both 1 code point.
    lines = ["x", "{🂡♠} 3. N TC"]
    assert to_client(lines, 2, 6, encoding) == (1, expected)
    assert from_client(lines, 1, expected, encoding) == (2, 6)


def test_a_position_inside_a_character_is_its_start():
    assert from_client(["🂡 N"], 0, 1, UTF16) == (1, 1)
    assert to_client(["ab"], 9, 9) == (0, 2)  # clamped
    assert from_client(["ab"], 5, 0) == (6, 1)


def test_a_document_is_cut_into_records():
    text = "; a file comment\n" + REVOKE + "\n" + REVOKE
    units = split_units(text)
    assert [u.first_line for u in units] == [1, 3 + REVOKE.count("\n")]
    assert "".join(u.text for u in units) == text


def test_only_the_changed_record_is_checked_again():
    checker = DocumentChecker()
    text = (REVOKE + "\n") * 5
    first = checker.problems(text)
    assert checker.cache.checked == 1  # five records, one text
    edited = text.replace("3. N TC", "3. N QS W AS S JS E TS", 1)  # trick 3 of record 1
    edited = "; moved down a line\n" + edited
    second = checker.problems(edited)
    assert checker.cache.checked == 2
    # The other records' findings moved with them, one line down.
    assert [p.line for p in second[-4:]] == [p.line + 1 for p in first[-4:]]


def test_an_unknown_setting_is_one_error(tmp_path):
    (tmp_path / "referee.toml").write_text('colour = "never"\n', encoding="utf-8")
    (problem,) = DocumentChecker().problems(REVOKE, setup=setup_for(tmp_path))
    assert problem.code == "config" and "colour" in problem.message


def test_without_the_extra_the_command_says_which_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "pygls", None)  # import pygls raises ImportError
    result = CliRunner().invoke(app, ["lsp"])
    assert result.exit_code == 2
    assert "pip install 'referee[lsp]'" in result.output


def test_the_command_line_does_not_import_pygls():
    code = "import sys, referee.cli; sys.exit('pygls' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_lsp_help_tells_how_to_connect_an_editor():
    result = CliRunner().invoke(app, ["lsp", "--help"])
    assert result.exit_code == 0
    for editor in ("VS Code", "Neovim", "eglot", "Helix", "--tcp"):
        assert editor in result.output
