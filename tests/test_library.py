"""The library of docs/library.md: every documented function works every time, whatever has
been imported before it (a submodule never replaces a function of the package)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "twenty-eight"

# Run in a fresh interpreter: the test suite imports every submodule long before this test.
# Each documented call runs twice, then every submodule is imported, then each runs twice
# again; a second program imports the check pipeline first, as a tool built on referee would.
PROGRAM = r'''
import importlib, io, pkgutil, sys, tempfile, os
import referee

sample, bad = sys.argv[1], sys.argv[2]

def calls():
    records = referee.load(sample)
    with open(sample, encoding="utf-8") as fp:
        assert referee.load(fp) == records
    text = referee.dumps(records)
    assert referee.dumps(referee.loads(text)) == text
    assert referee.dumps(records[0]) == referee.dumps([records[0]])
    out = io.StringIO()
    referee.dump(records, out)
    assert out.getvalue() == text
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "out.ttn")
        referee.dump(records, path)
        assert open(path, encoding="utf-8").read() == text
    data = referee.to_json(records[0])
    assert referee.dumps(referee.from_json(data)) == referee.dumps(records[0])
    report = referee.check(sample)
    assert report.failure is None and report.error is None and report.matches
    report = referee.check(bad, expect=True)
    assert report.failure is not None and report.failure.code == "ttn.card"
    assert report.error == report.failure.message
    assert report.failure.render().startswith(bad + ":4:7: error [ttn.card]")

for _ in range(2):
    calls()
skipped = []
for module in pkgutil.walk_packages(referee.__path__, "referee."):
    try:
        importlib.import_module(module.name)
    except ImportError as exc:  # an optional extra (the language server, say) not installed
        skipped.append(f"{module.name}: {exc}")
for _ in range(2):
    calls()
print("ok", len(skipped))
'''

PIPELINE_FIRST = r'''
import sys
from referee.pipeline.checking import check_file
import referee
assert callable(referee.check)
for _ in range(2):
    assert referee.check(sys.argv[1]).failure is None
    assert check_file(sys.argv[1]).failure is None
print("ok")
'''


def run(program: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", program, *args], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)


def test_every_documented_function_works_twice_before_and_after_every_import(tmp_path):
    sample = sorted(SAMPLE.glob("*.ttn"))[0]
    bad = tmp_path / "bad.ttn"
    bad.write_text('[Game "28"]\n\ndeal 1 dealer S\nN: JS 1OS\n', encoding="utf-8")
    done = run(PROGRAM, str(sample), str(bad))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok")


def test_check_works_after_the_pipeline_is_imported_first():
    sample = sorted(SAMPLE.glob("*.ttn"))[0]
    done = run(PIPELINE_FIRST, str(sample))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "ok\n"


def test_loads_reads_an_unknown_game_and_check_refuses_it(tmp_path):
    """As docs/library.md says: the game name is judged by check, not by the reader."""
    import referee

    text = '[Game "nope"]\n'
    assert [r.header.tags[0].values for r in referee.loads(text)] == [["nope"]]
    path = tmp_path / "nope.ttn"
    path.write_text(text, encoding="utf-8")
    report = referee.check(path)
    assert report.failure is not None and report.failure.code == "record.game"


def test_check_reads_the_json_form_by_its_name(tmp_path):
    import json

    import referee

    record = referee.load(sorted(SAMPLE.glob("*.ttn"))[0])[0]
    path = tmp_path / "one.json"
    path.write_text(json.dumps(referee.to_json(record)), encoding="utf-8")
    report = referee.check(path)
    assert report.failure is None and len(report.matches) == 1
