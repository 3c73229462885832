"""The result cache (``check --cache-dir``, ``cache = true``): reports served unchanged in every
format and under --jobs; invalidated by the file's contents, the settings and referee's own
files; damaged, foreign and hostile entries ignored with a warning; standard input never
cached; the size limit."""

from __future__ import annotations

import glob
import os
import pickle
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import referee
from referee.archive import cache as cache_module
from referee.archive.cache import DIGEST, FORMAT, ResultCache
from referee.cli.app import app
from referee.report.json import file_json

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
ILLEGAL = SAMPLES / "twenty-eight" / "after-illegal-actions.ttn"
FORMATS = ("text", "json", "github", "junit", "sarif")


@pytest.fixture()
def archive(tmp_path: Path) -> Path:
    """A folder of records of every game, legal and not, and one unreadable."""
    folder = tmp_path / "archive"
    folder.mkdir()
    for game in ("twenty-eight", "twenty-five", "avinas", "twenty-two"):
        for number, sample in enumerate(sorted((SAMPLES / game).glob("*.ttn"))[:4]):
            shutil.copyfile(sample, folder / f"{game}-{number}.ttn")
    shutil.copyfile(ILLEGAL, folder / "illegal.ttn")
    (folder / "broken.ttn").write_text('[Game "twenty-eight"\n', encoding="utf-8")
    return folder


class Counted:
    """Counts the files refereed (``check_file`` calls) in this process."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import referee.pipeline.checking as check

        self.calls: list[str] = []
        real = check.check_file

        def counted(path, *args, **kwargs):  # type: ignore[no-untyped-def]
            self.calls.append(str(path))
            return real(path, *args, **kwargs)

        monkeypatch.setattr(check, "check_file", counted)


def _run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["check", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def _timeless(text: str) -> str:
    """A report without its run times (the summary's "(0.12 s)", JUnit's time="...")."""
    return re.sub(r'\([0-9.]+ s\)| time="[0-9.]+"', "", text)


def _entries(folder: Path) -> list[str]:
    return sorted(glob.glob(str(folder / "v1" / "*" / "*")))


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_cached_report_is_the_report_in_every_format(archive: Path, tmp_path: Path,
                                                       fmt: str,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       ) -> None:
    store = tmp_path / "cache"
    plain = _run(str(archive), "--format", fmt)
    assert plain[0] == 2  # the unreadable file
    filled = _run(str(archive), "--format", fmt, "--cache-dir", str(store))
    counted = Counted(monkeypatch)
    served = _run(str(archive), "--format", fmt, "--cache-dir", str(store))
    assert counted.calls == []  # the unreadable file too: its error is in its contents
    for run in (filled, served):
        assert run[0] == plain[0]
        assert _timeless(run[1]) == _timeless(plain[1])
        assert _timeless(run[2]) == _timeless(plain[2])


def test_an_unreadable_file_is_stored_but_a_missing_one_is_not(archive: Path,
                                                               tmp_path: Path) -> None:
    store = tmp_path / "cache"
    _run(str(archive), "--cache-dir", str(store))
    assert len(_entries(store)) == 18  # 16 samples, one with illegal actions, one unreadable
    code, out, _ = _run(str(archive / "gone.ttn"), "--cache-dir", str(store))
    assert code == 2 and "no such file" in out  # (in the report)
    assert len(_entries(store)) == 18


def test_jobs_workers_write_the_entries_and_the_output_is_the_same(
        archive: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = tmp_path / "cache"
    for fmt in ("text", "json", "sarif"):
        plain = _run(str(archive), "--format", fmt)
        filled = _run(str(archive), "--format", fmt, "--jobs", "2", "--cache-dir", str(store))
        served = _run(str(archive), "--format", fmt, "--jobs", "2", "--cache-dir", str(store))
        assert _timeless(filled[1]) == _timeless(served[1]) == _timeless(plain[1])
    assert len(_entries(store)) == 18
    assert not glob.glob(str(store / "v1" / "*" / ".*"))  # no temporary file left
    counted = Counted(monkeypatch)
    _run(str(archive), "--cache-dir", str(store))
    assert counted.calls == []  # every entry the workers wrote is served here


def test_changed_contents_are_checked_again(archive: Path, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    store = tmp_path / "cache"
    _run(str(archive), "--cache-dir", str(store))
    target = archive / "illegal.ttn"
    target.write_text(target.read_text(encoding="utf-8") + "\n; a comment\n", encoding="utf-8")
    (archive / "broken.ttn").unlink()
    counted = Counted(monkeypatch)
    code, out, _ = _run(str(archive), "--cache-dir", str(store))
    assert counted.calls == [str(target)]
    plain = _run(str(archive))
    assert code == plain[0] == 1 and _timeless(out) == _timeless(plain[1])


@pytest.mark.parametrize("flags", [("--select", "28.follow-suit"), ("--ignore", "28"),
                                   ("--partial",), ("--expect",), ("--game", "twenty-five"),
                                   ("--option", "min_bid=15"), ("--duplicates=note",)])
def test_settings_that_change_a_report_are_in_the_key(archive: Path, tmp_path: Path,
                                                      flags: tuple[str, ...],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    store = tmp_path / "cache"
    (archive / "broken.ttn").unlink()
    _run(str(archive), "--cache-dir", str(store))
    counted = Counted(monkeypatch)
    plain = _run(str(archive), *flags)
    assert len(counted.calls) == 17
    counted.calls.clear()
    changed = _run(str(archive), *flags, "--cache-dir", str(store))
    assert len(counted.calls) == 17  # none served from the other settings' entries
    assert _timeless(changed[1]) == _timeless(plain[1])
    counted.calls.clear()
    _run(str(archive), *flags, "--cache-dir", str(store), "--format", "json")
    assert counted.calls == []  # the format is not in the key


def test_a_changed_referee_changes_every_key(archive: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    store = tmp_path / "cache"
    _run(str(archive), "--cache-dir", str(store))
    monkeypatch.setattr(cache_module, "_package_digest", "another referee")
    counted = Counted(monkeypatch)
    _run(str(archive), "--cache-dir", str(store))
    assert len(counted.calls) == 18


def test_the_package_digest_covers_the_package_files() -> None:
    digest = cache_module.package_digest()
    assert re.fullmatch("[0-9a-f]{32}", digest)
    assert cache_module.package_digest() is digest  # once per process
    assert Path(referee.__file__).name == "__init__.py"


def _only_entry(store: Path) -> Path:
    entries = _entries(store)
    assert len(entries) == 1
    return Path(entries[0])


def test_a_damaged_entry_is_ignored_with_a_warning(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    store, record = tmp_path / "cache", tmp_path / "a.ttn"
    shutil.copyfile(ILLEGAL, record)
    plain = _run(str(record))
    _run(str(record), "--cache-dir", str(store))
    entry = _only_entry(store)
    data = bytearray(entry.read_bytes())
    data[len(data) // 2] ^= 0xFF
    entry.write_bytes(bytes(data))
    counted = Counted(monkeypatch)
    code, out, err = _run(str(record), "--cache-dir", str(store))
    assert counted.calls == [str(record)]
    assert "warning: cache entry" in err and "is damaged" in err
    assert code == plain[0] and _timeless(out) == _timeless(plain[1])
    counted.calls.clear()
    _, _, err = _run(str(record), "--cache-dir", str(store))  # rewritten whole
    assert counted.calls == [] and "warning" not in err
    entry.write_bytes(b"")  # cut short
    _, _, err = _run(str(record), "--cache-dir", str(store))
    assert "is not a referee cache entry" in err


def test_a_foreign_entry_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = tmp_path / "cache"
    first, second = tmp_path / "a.ttn", tmp_path / "b.ttn"
    shutil.copyfile(ILLEGAL, first)
    second.write_text((SAMPLES / "twenty-five").joinpath(
        sorted(os.listdir(SAMPLES / "twenty-five"))[0]).read_text(encoding="utf-8"),
        encoding="utf-8")
    _run(str(first), "--cache-dir", str(store))
    entry = _only_entry(store)
    _run(str(second), "--cache-dir", str(store))
    other = next(Path(name) for name in _entries(store) if Path(name) != entry)
    shutil.copyfile(entry, other)  # a's entry under b's name
    counted = Counted(monkeypatch)
    code, out, err = _run(str(second), "--cache-dir", str(store))
    assert counted.calls == [str(second)]
    assert "belongs to another file or other settings" in err
    assert "after-illegal" not in out and "a.ttn" not in out


def test_an_entry_that_would_run_code_is_refused(tmp_path: Path) -> None:
    store, record = tmp_path / "cache", tmp_path / "a.ttn"
    shutil.copyfile(ILLEGAL, record)
    _run(str(record), "--cache-dir", str(store))
    entry = _only_entry(store)
    key = entry.name
    witness = tmp_path / "ran"
    body = (FORMAT + b"\n" + key.encode() + b"\n"
            + pickle.dumps(_Hostile(str(witness)), protocol=pickle.HIGHEST_PROTOCOL))
    from hashlib import blake2b

    entry.write_bytes(body + blake2b(body, digest_size=DIGEST).digest())
    code, _, err = _run(str(record), "--cache-dir", str(store))
    assert not witness.exists()
    assert "cannot be read" in err and code == 1


class _Hostile:
    """Unpickled, it would write a file (``os.system`` would do worse)."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (Path.write_text, (Path(self.path), "ran"))


def test_standard_input_is_never_cached(tmp_path: Path) -> None:
    store = tmp_path / "cache"
    text = ILLEGAL.read_text(encoding="utf-8")
    code, out, _ = _run("-", "--cache-dir", str(store), stdin=text)
    assert code == 1 and "<stdin>" in out
    assert _entries(store) == []


def test_settings_turn_the_cache_on_and_no_cache_off(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    project = tmp_path / "project"
    project.mkdir()
    shutil.copyfile(ILLEGAL, project / "a.ttn")
    (project / "referee.toml").write_text("cache = true\ncache_size_mb = 5\n",
                                          encoding="utf-8")
    monkeypatch.chdir(project)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    _run("a.ttn", "--no-cache")
    assert _entries(tmp_path / "xdg" / "referee") == []  # (the parser keeps its grammar there)
    _run("a.ttn")
    assert len(_entries(tmp_path / "xdg" / "referee")) == 1
    assert (tmp_path / "xdg" / "referee" / "CACHEDIR.TAG").is_file()
    (project / "referee.toml").write_text("cache = 'yes'\n", encoding="utf-8")
    code, _, err = _run("a.ttn")
    assert code == 2 and "setting 'cache' must be true or false" in err
    (project / "referee.toml").write_text("cache = true\ncache_size_mb = 0\n",
                                          encoding="utf-8")
    code, _, err = _run("a.ttn")
    assert code == 2 and "'cache_size_mb' must be a whole number of megabytes" in err
    (project / "referee.toml").write_text("cache = true\n", encoding="utf-8")
    code, _, _ = _run("a.ttn", "--cache-dir", str(tmp_path / "elsewhere"))
    assert code == 1 and len(_entries(tmp_path / "elsewhere")) == 1  # the option wins


def test_the_least_recently_used_entries_go_past_the_limit(tmp_path: Path) -> None:
    store = tmp_path / "cache"
    for number in range(4):
        record = tmp_path / f"r{number}.ttn"
        shutil.copyfile(ILLEGAL, record)
        _run(str(record), "--cache-dir", str(store))
    entries = _entries(store)
    size = os.path.getsize(entries[0])
    for age, name in enumerate(sorted(entries, key=os.path.getmtime)):
        os.utime(name, (1_000_000 + age, 1_000_000 + age))
    oldest = sorted(entries, key=os.path.getmtime)
    ResultCache(str(store), "key", limit=2 * size + size // 2).prune()
    assert _entries(store) == sorted(oldest[2:])


def test_the_library_caches_too(archive: Path, tmp_path: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    store = tmp_path / "cache"
    first = [file_json(report) for report in referee.check_many([archive], cache_dir=store)]
    counted = Counted(monkeypatch)
    again = [file_json(report) for report in referee.check_many([archive], cache_dir=store)]
    assert again == first
    assert counted.calls == []


def test_baseline_and_duplicates_read_their_keys_from_the_cache(archive: Path,
                                                               tmp_path: Path) -> None:
    store = tmp_path / "cache"
    shutil.copyfile(archive / "illegal.ttn", archive / "again.ttn")
    base = tmp_path / "base.json"
    flags = ("--duplicates=note", "--write-baseline", str(base), "--format", "json")
    plain = _run(str(archive), *flags)
    written = base.read_text(encoding="utf-8")
    for _ in range(2):
        cached = _run(str(archive), *flags, "--cache-dir", str(store))
        assert _timeless(cached[1]) == _timeless(plain[1])
        assert base.read_text(encoding="utf-8") == written
    assert "record.duplicate" in plain[1]
    code, out, _ = _run(str(archive), "--baseline", str(base), "--duplicates=note",
                        "--cache-dir", str(store))
    assert "baseline findings matched" in out


def test_an_entry_written_for_one_format_serves_every_other(archive: Path,
                                                            tmp_path: Path) -> None:
    plain = {fmt: _run(str(archive), "--format", fmt) for fmt in FORMATS}
    for first in ("json", "text"):  # a JSON run stores each match's text with it
        store = tmp_path / f"cache-{first}"
        _run(str(archive), "--format", first, "--cache-dir", str(store))
        for fmt in FORMATS:
            served = _run(str(archive), "--format", fmt, "--cache-dir", str(store))
            assert _timeless(served[1]) == _timeless(plain[fmt][1]), (first, fmt)


def test_a_dask_run_is_served_from_the_cache(archive: Path, tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="the dask extra is not installed "
                                              "(pip install 'referee[dask]')")
    store = tmp_path / "cache"
    plain = _run(str(archive), "--format", "json")
    _run(str(archive), "--cache-dir", str(store))  # filled here
    served = _run(str(archive), "--format", "json", "--dask", "local", "--jobs", "2",
                  "--cache-dir", str(store))
    assert served[0] == plain[0] and _timeless(served[1]) == _timeless(plain[1])


def test_entries_ignore_reducers_other_libraries_register(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """distributed (tblib) registers a reducer for every exception class: an entry written
    in such a process must still be readable in one without it."""
    import copyreg

    from referee.model.errors import NotationSyntaxError

    store, record = tmp_path / "cache", tmp_path / "broken.ttn"
    record.write_text('[Game "twenty-eight"\n', encoding="utf-8")
    monkeypatch.setitem(copyreg.dispatch_table, NotationSyntaxError,
                        lambda error: (ValueError, (str(error),)))
    plain = _run(str(record))
    _run(str(record), "--cache-dir", str(store))
    monkeypatch.delitem(copyreg.dispatch_table, NotationSyntaxError)
    counted = Counted(monkeypatch)
    code, out, err = _run(str(record), "--cache-dir", str(store))
    assert counted.calls == [] and "warning" not in err
    assert code == plain[0] == 2 and _timeless(err) == _timeless(plain[2])
