"""Hostile input, files and faults, each run through the command line as a user would.

Every case here once broke a promise: a traceback or an unlocated ``referee.internal``, a
rewrite that changed what a record means, a device or a link replaced by a plain file, a
temporary file left behind, a record skipped without a word, memory without bound. Cases that
need an unprivileged user run the command through ``setpriv`` and are skipped, with the
reason, where the test runner cannot drop privileges or where that user cannot run the
interpreter and import referee (a checkout in a private folder).
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = '[Game "28"]\n'
RECORD = GAME + "deal 1 dealer N\n"
CAN_DROP = hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("setpriv") is not None


def as_user(user: str) -> list[str]:
    """The command prefix that runs a command as ``user`` (with no groups)."""
    return ["setpriv", f"--reuid={user}", "--regid=nogroup", "--clear-groups"]


def referee(*args: str, stdin: bytes | None = None, cwd: Path | None = None,
            user: str | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "referee", *args]
    if user:
        command = [*as_user(user), *command]
    result = subprocess.run(command, input=stdin, capture_output=True, timeout=timeout, cwd=cwd)
    assert b"Traceback" not in result.stderr, result.stderr.decode()
    assert b"referee.internal" not in result.stderr + result.stdout
    return result


def err(result: subprocess.CompletedProcess) -> str:
    """What the command wrote, standard error first (errors go there; reports to stdout)."""
    return (result.stderr + result.stdout).decode("utf-8", "replace")


# -- 1. no traceback, every error located -----------------------------------------------------

@pytest.mark.parametrize("char", ["\x0c", "\x0b", "\x1c", "\x85", "\u2028"])
@pytest.mark.parametrize("command", [["check"], ["fmt"], ["score"], ["convert"], ["annotate"],
                                     ["moves", "--at", "1"]])
def test_a_control_character_between_tokens_is_a_located_error(
        tmp_path: Path, char: str, command: list[str]) -> None:
    path = tmp_path / "cc.ttn"
    path.write_text(RECORD + f"N{char}H\n", encoding="utf-8")
    result = referee(command[0], str(path), *command[1:])
    assert result.returncode == 2
    assert f"cc.ttn:3:2: error [ttn.control]: control character U+{ord(char):04X}" in err(result)


@pytest.mark.parametrize("text", [
    RECORD + "N " + "9" * 5000 + "\n",                           # a bid
    GAME + "deal " + "9" * 5000 + " dealer N\n",                 # a deal number
    RECORD + "9" * 5000 + ". N 9D\n",                            # a trick mark
    RECORD + "result NS " + "9" * 5000 + " EW 1\n",              # a result
])
@pytest.mark.parametrize("command", [["check"], ["annotate"], ["moves", "--at", "1"]])
def test_a_number_of_thousands_of_digits_is_a_located_limit(
        tmp_path: Path, text: str, command: list[str]) -> None:
    path = tmp_path / "big.ttn"
    path.write_text(text, encoding="utf-8")
    result = referee(command[0], str(path), *command[1:])
    assert result.returncode == 2
    assert "error [ttn.limit]: a number of 5000 digits; numbers have at most 9 digits" in (
        err(result))


def test_an_expect_tag_number_over_the_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "expect.ttn"
    path.write_text(GAME + f'[Expect "illegal" "deal {"9" * 5000}"]\ndeal 1 dealer N\n',
                    encoding="utf-8")
    result = referee("check", "--expect", str(path))
    assert result.returncode == 2
    assert "expect.ttn:2:1: error [record.expect]: a number of 5000 digits" in err(result)


@pytest.mark.parametrize(("document", "where"), [
    ('{"format":"ttn/1","tags":[],"deals":[{"number":1' + "0" * 5000 + ',"hands":{},'
     '"events":[]}]}', ":1:48: error [record.limit]: a number of more than 9 digits"),
    ("[" * 100_000, ":1:33: error [record.limit]: JSON nested more than 32 levels deep"),
])
def test_json_past_its_limits_is_a_located_error(tmp_path: Path, document: str,
                                                 where: str) -> None:
    path = tmp_path / "in.json"
    path.write_text(document, encoding="utf-8")
    result = referee("convert", str(path))
    assert result.returncode == 2
    assert where in err(result)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
@pytest.mark.parametrize("command", ["check", "fmt", "annotate", "convert"])
def test_an_endless_device_ends_in_a_located_error(device: str, command: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"{device} is not there")
    result = referee(command, device, timeout=30)
    assert result.returncode == 2
    # Random bytes may hold a valid first line: the error is on whichever line breaks first.
    assert re.search(rf"{device}:\d+:\d+: error \[ttn.encoding\]", err(result)), err(result)


def test_an_endless_stream_of_text_stops_at_the_line_limit() -> None:
    result = referee("check", "-", stdin=b"x" * 50_000)
    assert result.returncode == 2
    assert "<stdin>:1:10001: error [ttn.limit]: the line is longer than 10,000 characters" in (
        err(result))


def test_simulate_streams_its_output() -> None:
    started = time.monotonic()
    process = subprocess.Popen([sys.executable, "-m", "referee", "simulate", "28", "--deals",
                                "100000000"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        first = process.stdout.read(2000)
    finally:
        process.kill()
        process.communicate()
    assert first.startswith(b'[Game "twenty-eight"]') and b"deal 2" in first
    assert time.monotonic() - started < 30


# -- 2. one definition of a line break --------------------------------------------------------

def test_a_unicode_line_separator_in_a_comment_stays_in_the_comment(tmp_path: Path) -> None:
    path = tmp_path / "sep.ttn"
    text = RECORD + "E pass ; see\u2028deal 7 dealer S\n"
    path.write_text(text, encoding="utf-8")
    by_file = referee("check", str(path))
    by_stdin = referee("check", "-", stdin=text.encode())
    assert "1 deal" in by_file.stdout.decode() and "1 deal" in by_stdin.stdout.decode()
    assert referee("fmt", "--in-place", str(path)).returncode == 0
    rewritten = path.read_text(encoding="utf-8")
    assert "; see\u2028deal 7 dealer S" in rewritten and rewritten.count("\ndeal ") == 1


@pytest.mark.parametrize("command", [["check"], ["fmt"]])
def test_a_file_of_only_a_byte_order_mark_is_empty_at_its_first_line(
        tmp_path: Path, command: list[str]) -> None:
    # Found by the long fuzz run: the streamed reader counted a line after the mark.
    path = tmp_path / "bom.ttn"
    path.write_bytes(b"\xef\xbb\xbf")
    from_file = referee(*command, str(path))
    from_stdin = referee(*command, "-", stdin=path.read_bytes())
    assert from_file.returncode == from_stdin.returncode == 2
    assert f"{path}:1:1: error [ttn.empty]" in err(from_file)
    assert "<stdin>:1:1: error [ttn.empty]" in err(from_stdin)


def test_fmt_is_idempotent_with_a_lone_carriage_return(tmp_path: Path) -> None:
    path = tmp_path / "cr.ttn"
    path.write_bytes(RECORD.encode() + b"E pass {a\rb} W 16\r")
    once = referee("fmt", str(path)).stdout
    path.write_bytes(once)
    assert referee("fmt", "--check", str(path)).returncode == 0
    assert referee("fmt", str(path)).stdout == once


# -- 3. output: devices, FIFOs, links, modes, signals -----------------------------------------

@pytest.fixture()
def record_file(tmp_path: Path) -> Path:
    path = tmp_path / "in.ttn"
    path.write_text(RECORD + "E pass\n", encoding="utf-8")
    return path


def test_output_to_a_device_writes_to_it(record_file: Path, tmp_path: Path) -> None:
    device = "/dev/null"
    if os.geteuid() == 0:  # a private copy: a regression must not replace the real /dev/null
        device = str(tmp_path / "null")
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    result = referee("convert", str(record_file), "-o", device)
    assert result.returncode == 0
    assert stat.S_ISCHR(os.stat(device).st_mode)


def test_output_to_dev_stdout_reaches_standard_output(record_file: Path) -> None:
    if not os.path.exists("/dev/stdout"):
        pytest.skip("no /dev/stdout")
    result = referee("convert", str(record_file), "-o", "/dev/stdout")
    assert result.returncode == 0 and result.stdout.startswith(b'{"format": "ttn/1"')


def test_output_to_dev_stdout_sent_to_a_file_fills_that_file(record_file: Path,
                                                             tmp_path: Path) -> None:
    if not os.path.exists("/dev/stdout"):
        pytest.skip("no /dev/stdout")
    out = tmp_path / "out.json"
    with out.open("wb") as handle:
        subprocess.run([sys.executable, "-m", "referee", "convert", str(record_file), "-o",
                        "/dev/stdout"], stdout=handle, check=True)
    assert out.read_bytes().startswith(b'{"format": "ttn/1"')
    assert {p.name for p in tmp_path.iterdir()} == {"in.ttn", "out.json"}


def test_output_to_a_fifo_writes_to_it(record_file: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    result = referee("convert", str(record_file), "-o", str(fifo))
    received = reader.communicate(timeout=30)[0]
    assert result.returncode == 0 and received.startswith(b'{"format": "ttn/1"')
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.mark.parametrize("command", [["fmt", "--in-place"], ["annotate", "--in-place"]])
def test_in_place_through_a_symlink_rewrites_the_target_and_keeps_the_link(
        record_file: Path, tmp_path: Path, command: list[str]) -> None:
    record_file.write_text(RECORD + "E   pass\n", encoding="utf-8")
    link = tmp_path / "link.ttn"
    link.symlink_to(record_file)
    referee(*command, str(link))
    assert link.is_symlink() and os.readlink(link) == str(record_file)
    assert "E pass" in record_file.read_text(encoding="utf-8")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_new_file_follows_the_umask(record_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    subprocess.run(f"umask 027 && {sys.executable} -m referee convert {record_file} -o {out}",
                   shell=True, check=True)
    assert stat.S_IMODE(os.stat(out).st_mode) == 0o640


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_during_a_write_removes_the_temporary_file(tmp_path: Path, signum: int) -> None:
    out = tmp_path / "out.ttn"
    # The signal's default action, whatever the test runner inherited (nohup ignores SIGHUP,
    # and the referee rightly leaves an ignored signal ignored).
    process = subprocess.Popen([sys.executable, "-m", "referee", "simulate", "28", "--deals",
                                "1000000", "-o", str(out)], stderr=subprocess.PIPE,
                               preexec_fn=lambda: signal.signal(signum, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 30
        while not list(tmp_path.glob(".out.ttn.*.tmp")):
            assert time.monotonic() < deadline, "no temporary file appeared"
            time.sleep(0.05)
        process.send_signal(signum)
        _, stderr = process.communicate(timeout=30)
    finally:
        process.kill()  # a failed test leaves no million-deal simulation running
        process.wait()
    assert b"Traceback" not in stderr
    assert process.returncode == 128 + signum
    assert list(tmp_path.iterdir()) == []


# -- 4. nothing skipped silently --------------------------------------------------------------

@pytest.fixture()
def open_dir() -> Iterator[Path]:
    """A folder that the user 'nobody' may enter (pytest's own temporary folders are 0700)."""
    path = Path(tempfile.mkdtemp(prefix="referee-hostile-"))
    path.chmod(0o755)
    yield path
    shutil.rmtree(path, ignore_errors=True)


@functools.cache
def why_nobody_cannot_run_referee(folder: Path) -> str | None:
    """Why the user 'nobody' cannot run this interpreter and import referee (and the pytest
    plugin) from ``folder``, or None when it can.

    It cannot where the checkout or its virtual environment sits in a folder other users may
    not enter (a ``mktemp -d`` folder, root's home of mode 700): then the tests that run the
    command as 'nobody' say so and are skipped rather than failing on "No module named".
    """
    if not CAN_DROP:
        return "needs root and setpriv to run the command as the user 'nobody'"
    probe = [*as_user("nobody"), sys.executable, "-c",
             "import pytest, referee.cli.app, referee.pytest_plugin"]
    try:
        done = subprocess.run(probe, capture_output=True, timeout=60, cwd=folder)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"the user 'nobody' cannot run {sys.executable}: {exc}"
    if done.returncode == 0:
        return None
    said = done.stderr.decode(errors="replace").strip().splitlines()
    return (f"the user 'nobody' cannot run {sys.executable} and import referee (is the checkout "
            f"or its environment in a private folder?): "
            f"{said[-1] if said else f'exit code {done.returncode}'}")


def test_the_probe_says_why_the_other_user_cannot_run_referee(monkeypatch, open_dir: Path):
    module = sys.modules[__name__]
    monkeypatch.setattr(module, "CAN_DROP", True)
    # As the user 'nobody' in a private folder: the interpreter starts, referee is not found.
    monkeypatch.setattr(module, "as_user", lambda user: [
        sys.executable, "-c", "import sys; sys.exit(\"ModuleNotFoundError: No module named "
        "'referee'\")", "--"])
    reason = why_nobody_cannot_run_referee.__wrapped__(open_dir)
    assert reason is not None and reason.endswith("No module named 'referee'")
    assert "cannot run" in reason and "private folder" in reason
    monkeypatch.setattr(module, "as_user", lambda user: [])  # this user: it can
    assert why_nobody_cannot_run_referee.__wrapped__(open_dir) is None


@pytest.fixture()
def nobody_dir(open_dir: Path) -> Path:
    """``open_dir``, once the user 'nobody' is known to be able to run referee there."""
    reason = why_nobody_cannot_run_referee(open_dir.parent)
    if reason is not None:
        pytest.skip(reason)
    return open_dir


def _tree(tmp_path: Path) -> Path:
    top = tmp_path / "tree"
    (top / "locked").mkdir(parents=True)
    (top / "ok.ttn").write_text(RECORD, encoding="utf-8")
    (top / "locked" / "bad.ttn").write_text(RECORD + "N 99\n", encoding="utf-8")
    for path in (tmp_path, top):
        path.chmod(0o755)
    (top / "ok.ttn").chmod(0o644)
    (top / "locked").chmod(0o700)
    return top


def test_an_unreadable_folder_is_reported_with_exit_code_2(nobody_dir: Path) -> None:
    top = _tree(nobody_dir)
    result = referee("check", str(top), cwd=nobody_dir, user="nobody")
    assert result.returncode == 2
    assert f"{top / 'locked'}: error [file.unreadable]: permission denied" in (err(result))


def test_a_link_loop_is_an_unreadable_file(tmp_path: Path) -> None:
    (tmp_path / "ok.ttn").write_text(RECORD, encoding="utf-8")
    (tmp_path / "a.ttn").symlink_to(tmp_path / "b.ttn")
    (tmp_path / "b.ttn").symlink_to(tmp_path / "a.ttn")
    result = referee("check", str(tmp_path))
    assert result.returncode == 2
    assert "a.ttn: error [file.unreadable]: too many levels of symbolic links" in (err(result))


def test_folder_links_are_followed_once_and_told(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "far.ttn").write_text(RECORD, encoding="utf-8")
    top = tmp_path / "top"
    top.mkdir()
    (top / "ok.ttn").write_text(RECORD, encoding="utf-8")
    (top / "far").symlink_to(outside)
    (top / "up").symlink_to(top)
    result = referee("check", str(top))
    assert result.returncode != 2
    assert f"{top / 'far'}: note [file.link]: folder link to {outside} followed" in err(result)
    assert f"{top / 'up'}: note [file.link]: not checked again" in err(result)
    assert "2 files" in err(result)


def _plugin_run(project: Path, user: str | None = None) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "pytest", "-p", "referee.pytest_plugin", "--referee",
               "-p", "no:cacheprovider", "-q", "-rA", str(project)]
    if user:
        command = [*as_user(user), *command]
    return subprocess.run(command, capture_output=True, timeout=120, cwd=project)


def _expect_record() -> str:
    return (ROOT / "samples" / "twenty-eight" / "edge-28-01-first-hand-passes.ttn").read_text(
        encoding="utf-8")


def test_the_plugin_fails_an_item_for_a_link_loop_a_folder_loop_and_a_control_character(
        tmp_path: Path) -> None:
    (tmp_path / "ok.ttn").write_text(_expect_record(), encoding="utf-8")
    (tmp_path / "a.ttn").symlink_to(tmp_path / "b.ttn")
    (tmp_path / "b.ttn").symlink_to(tmp_path / "a.ttn")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "up").symlink_to(tmp_path)
    (tmp_path / "cc.ttn").write_text(_expect_record().replace("\n", "\n\x0c", 1),
                                     encoding="utf-8")
    result = _plugin_run(tmp_path)
    out = result.stdout.decode()
    assert result.returncode == 1, out
    assert "cc.ttn:2:1: error [ttn.control]: control character U+000C" in out
    assert "FAILED a.ttn::read" in out and "FAILED b.ttn::read" in out
    assert "FAILED sub/up::read" in out and "PASSED ok.ttn" in out


def test_the_plugin_fails_an_item_for_an_unreadable_record(nobody_dir: Path) -> None:
    tmp_path = nobody_dir
    (tmp_path / "ok.ttn").write_text(_expect_record(), encoding="utf-8")
    locked = tmp_path / "locked.ttn"
    locked.write_text(_expect_record(), encoding="utf-8")
    (tmp_path / "ok.ttn").chmod(0o644)
    locked.chmod(0o600)
    result = _plugin_run(tmp_path, user="nobody")
    out = result.stdout.decode()
    assert "FAILED locked.ttn::read - locked.ttn: error [file.unreadable]: permission denied" in (
        out), out


# -- 5. JSON -> text never reads back differently ---------------------------------------------

def _document(**deal: object) -> dict:
    base = {"number": 1, "dealer": "N", "hands": {}, "events": []}
    base.update(deal)
    return {"format": "ttn/1", "tags": [{"name": "Game", "values": ["28"]}], "deals": [base]}


def _pass(comment: str, kind: str) -> dict:
    return {"action": "pass", "seat": "N", "comments": [{"text": comment, "kind": kind}]}


@pytest.mark.parametrize(("document", "path"), [
    (_document(events=[_pass('note} [Rules "kerala"] {', "brace")]),
     "$.deals[0].events[0].comments[0].text: a brace comment cannot hold '}'"),
    (_document(events=[_pass("x\nresult NS 99 EW 1", "line")]),
     "$.deals[0].events[0].comments[0].text: a ';' comment cannot hold a line break"),
    ({"format": "ttn/1", "tags": [], "deals": []}, "$.tags: a record needs at least one tag"),
    (_document(hands={"N": []}), "$.deals[0].hands.N: a hand line needs at least one card"),
    ({"format": "ttn/1", "tags": [{"name": "Game", "values": ["2\n8"]}], "deals": []},
     "$.tags[0].values[0]: a tag value cannot hold U+000A"),
    (_document(dealer="AH"), "$.deals[0].dealer: 'AH' cannot be written as a seat"),
    (_document(events=[{"action": "bid", "seat": "pass", "value": 16}]),
     "$.deals[0].events[0].seat: 'pass' cannot be written as a seat"),
    (_document(events=[{"action": "pass", "seat": "N", "cards": ["AS"]}]),
     "$.deals[0].events[0].cards: its text would read back as nothing instead of ['AS']"),
])
def test_convert_refuses_json_whose_text_would_read_back_differently(
        tmp_path: Path, document: dict, path: str) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text("\n" + json.dumps(document) + "\n", encoding="utf-8")
    result = referee("convert", str(source))
    assert result.returncode == 2 and result.stdout == b""
    assert f"in.jsonl:2:1: error [record.unwritable]: {path}" in err(result)


# -- 6. misread text --------------------------------------------------------------------------

def test_a_trick_mark_glued_to_its_seat_is_a_mark(tmp_path: Path) -> None:
    text = RECORD + "1. N 9D  3.E AD\n"
    result = referee("fmt", "-", stdin=text.encode())
    assert result.stdout.decode().endswith("1. N 9D\n3. E AD\n")
    converted = referee("convert", "-", stdin=text.encode())
    events = json.loads(converted.stdout)["deals"][0]["events"]
    assert events[1] == {"action": "play", "seat": "E", "cards": ["AD"], "trick": 3}


def test_a_wrong_trick_mark_zero_survives_the_json_round_trip() -> None:
    # "0." is read (the referee reports the wrong number), so the JSON form must hold it too.
    text = RECORD + "1. N 9D\n0. E AD\n"
    converted = referee("convert", "-", stdin=text.encode())
    assert converted.returncode == 0, err(converted)
    assert json.loads(converted.stdout)["deals"][0]["events"][1]["trick"] == 0
    back = referee("convert", "--from", "json", "--to", "ttn", "-", stdin=converted.stdout)
    assert back.returncode == 0, err(back)
    assert back.stdout.decode().endswith("1. N 9D\n0. E AD\n")


@pytest.mark.parametrize("digits", ["١٤", "𝟙𝟜", "१२"])
def test_unicode_digits_are_not_numbers(digits: str) -> None:
    result = referee("fmt", "-", stdin=(RECORD + f"E {digits}\n").encode())
    assert result.returncode == 2 and result.stdout == b""
    assert "<stdin>:3:" in err(result)


# -- 7. limits --------------------------------------------------------------------------------

def test_too_many_tags_is_a_located_limit() -> None:
    text = GAME + '[Event "x"]\n' * 1000 + "deal 1 dealer N\n"
    result = referee("check", "-", stdin=text.encode())
    assert result.returncode == 2
    assert "<stdin>:1001:1: error [ttn.limit]: more than 1,000 tags in one record" in (err(result))


def test_a_deal_past_the_size_limit_is_a_located_limit() -> None:
    text = RECORD + ("; a comment line\n" * 7000)
    result = referee("check", "-", stdin=text.encode())
    assert result.returncode == 2
    assert "<stdin>:5884:1: error [ttn.limit]: this deal is longer than 100,000 characters" in (
        err(result))
