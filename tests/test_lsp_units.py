"""The language server's parts that need no client: positions, records, problems, the
command without its extra."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli.app import app
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
    code = "import sys, referee.cli.app; sys.exit('pygls' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_lsp_help_tells_how_to_connect_an_editor():
    result = CliRunner().invoke(app, ["lsp", "--help"])
    assert result.exit_code == 0
    for editor in ("VS Code", "Neovim", "eglot", "Helix", "--tcp"):
        assert editor in result.output


def test_hover_on_option_and_preset_tags():
    from referee.lsp.hover import hover_text

    text = '[Game "28"]\n[Rules "pagat"]\n[Option "min_bid" "15"]\n' + REVOKE.split("\n", 1)[1]
    unit = split_units(text)[0]
    assert "raising over one's partner needs 20" in hover_text(unit, 2, 3)
    option = hover_text(unit, 3, 12)
    assert "lowest bid" in option and "default 14" in option


def test_formatting_refuses_what_fmt_refuses():
    from referee.lsp.formatting import format_edits

    assert format_edits(REVOKE.replace("W pass", "W pas"), "x.ttn", "utf-16") is None
    from referee.replay.canonical import canonical_text

    canonical = canonical_text(REVOKE, "x.ttn")
    assert format_edits(canonical, "x.ttn", "utf-16") == []


def test_hints_and_symbols_need_a_record_that_replays():
    from referee.lsp.hints import trick_hints
    from referee.lsp.symbols import document_symbols

    assert [h.label for h in trick_hints(REVOKE, 1, 100, "utf-16")][:1] == [
        "trick 1: E wins, 3 points; NS 0 EW 3"]
    assert trick_hints(REVOKE, 1, 5, "utf-16") == []  # no trick ends in the tags
    broken = REVOKE.replace("W pass", "W pas")
    assert trick_hints(broken, 1, 100, "utf-16") == []
    assert document_symbols(broken, "utf-16") == []


def test_a_quick_fix_per_suggestion():
    from referee.lsp.actions import code_actions

    text = '[Game "twenty-eigt"]\n'
    problems = DocumentChecker().problems(text)
    lines = text.split("\n")
    (action,) = code_actions("file:///x.ttn", text, lines, problems, "utf-16")
    (edit,) = action.edit.changes["file:///x.ttn"]
    assert edit.new_text == "twenty-eight" and edit.range.start.character == 7


def test_the_server_listens_on_tcp_when_asked():
    import json
    import socket
    import time

    pytest.importorskip("pygls")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "referee", "lsp", "--tcp", "--port",
                               str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                connection = socket.create_connection(("127.0.0.1", port), timeout=10)
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.2)
        with connection:
            body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                               "params": {"processId": None, "rootUri": None,
                                          "capabilities": {}}}).encode()
            connection.sendall(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            reply = b""
            while b"completionProvider" not in reply:  # the server's capabilities
                chunk = connection.recv(65536)
                assert chunk, reply
                reply += chunk
        assert b'"positionEncoding": "utf-16"' in reply
    finally:
        server.kill()
        server.wait(timeout=10)


def test_a_revoke_points_to_the_play_that_proves_it():
    # Avinas with the hands inferred from the plays: W's later 8D proves the revoke.
    path = Path(__file__).parent.parent / "samples" / "avinas" / \
        "rule-avinas-deal-order-inferred.ttn"
    problems = DocumentChecker().problems(path.read_text(encoding="utf-8"))
    (revoke,) = [p for p in problems if p.code == "avinas.follow-suit"]
    (proof,) = revoke.related
    assert proof.message == "W plays 8D later: he held it"
    assert proof.line > revoke.line


def test_the_folder_settings_give_the_game_to_completion(tmp_path):
    from referee.lsp.features import choices_at

    (tmp_path / "referee.toml").write_text('game = "twenty-eight"\n', encoding="utf-8")
    text = REVOKE.replace('[Game "twenty-eight"]', '[Event "no game tag"]')
    assert [c.label for c in choices_at(text, 12, 11, setup_for(tmp_path))][:2] == [
        "call", "9S"]
    assert choices_at(text, 12, 11, setup_for(None)) == []  # no game: nothing is legal


def test_hover_on_a_card_says_who_wins_its_trick():
    from referee.lsp.hover import hover_text

    unit = split_units(REVOKE)[0]
    shown = hover_text(unit, 12, 11)  # W KH, the second card of trick 3
    assert "the trick so far: N TC  W KH\n" in shown + "\n"
    assert "trick 3: N wins 3 card points; running: NS 8 EW 3" in shown


def test_records_are_tests_with_pytest_lsp_installed(tmp_path):
    # pytest-lsp's hook wraps every item and fails one without funcargs.
    pytest.importorskip("pytest_lsp")
    sample = Path(__file__).parent.parent / "samples" / "twenty-eight" / \
        "edge-28-01-first-hand-passes.ttn"
    (tmp_path / "case.ttn").write_text(sample.read_text(encoding="utf-8"), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "referee.pytest_plugin",
                          "--referee", "-p", "no:cacheprovider", "-q", str(tmp_path)],
                         capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:]
    assert "1 passed" in run.stdout
