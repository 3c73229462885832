"""The JSON report of every sample and of the simulated matches kept in tests/golden/simulated/
(fixed seeds, written once by tests/make_simulated_golden.py), held byte for byte: a change of
the code's layout, types or speed must not change a verdict, a message or a point.

The hashes are in tests/golden/report-hashes.json. After a deliberate change of what a report
says, rewrite them with ``REFEREE_UPDATE_GOLDEN=1 pytest tests/test_report_hashes.py`` and say
why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HASHES = ROOT / "tests" / "golden" / "report-hashes.json"
UPDATE = bool(os.environ.get("REFEREE_UPDATE_GOLDEN"))
FOLDERS = ["samples", "tests/golden/simulated"]


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_json_reports_are_unchanged():
    done = subprocess.run(
        [sys.executable, "-m", "referee", "check", "--format", "json", "--no-cache", "--isolated",
         *FOLDERS], cwd=ROOT, capture_output=True, check=False)
    document = json.loads(done.stdout)
    files = {entry["path"]: sha(json.dumps(entry, ensure_ascii=False).encode())
             for entry in document["files"]}
    found = {"exit": done.returncode, "document": sha(done.stdout), "files": files}
    if UPDATE:
        HASHES.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    kept = json.loads(HASHES.read_text(encoding="utf-8"))
    changed = sorted(path for path in kept["files"].keys() | files.keys()
                     if kept["files"].get(path) != files.get(path))
    assert not changed, f"the JSON report changed for {len(changed)} files: {changed[:10]}"
    assert found["exit"] == kept["exit"]
    assert found["document"] == kept["document"]
    assert len(files) > 300
