"""mypy over the package, held to a count of errors that may only go down.

    python .ci/mypy_baseline.py [--update]

Runs ``mypy --no-incremental referee`` (the settings in pyproject.toml's [tool.mypy]) and
compares the number of errors with the one recorded in .ci/mypy-baseline: more fails (the
new errors are the ones to fix); fewer passes and says to record the new count
(``--update`` writes it), so that the count only goes down. An override of [tool.mypy]
that matches no module fails too: its modules were renamed, and its settings (the strict
layers' flags) would silently apply to nothing. Exit code: mypy's own 2 on a crash or a
usage error, 1 over the baseline or on an unused override, 0 otherwise.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BASELINE = HERE / "mypy-baseline"


def main() -> int:
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "referee"],
                          capture_output=True, text=True, cwd=HERE.parent)
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    if done.returncode not in (0, 1) or not summary.startswith(("Found", "Success")):
        sys.stdout.write(done.stdout)
        sys.stderr.write(done.stderr)
        return 2
    unused = [line for line in done.stderr.splitlines() if "unused section" in line]
    if unused:
        sys.stderr.write("\n".join(unused) + "\n")
        print("mypy: an override in pyproject.toml matches no module: rename its patterns "
              "with the modules")
        return 1
    found = re.match(r"Found (\d+) errors?", summary)
    count = int(found.group(1)) if found else 0
    recorded = int(BASELINE.read_text(encoding="ascii").split()[0])
    if "--update" in sys.argv[1:]:
        BASELINE.write_text(f"{count}\n", encoding="ascii")
        print(f"mypy: {count} errors recorded in {BASELINE.name}")
        return 0
    if count > recorded:
        sys.stdout.write(done.stdout)
        print(f"mypy: {count} errors, more than the {recorded} recorded in .ci/{BASELINE.name}: "
              "fix the new ones")
        return 1
    if count < recorded:
        print(f"mypy: {count} errors, fewer than the {recorded} recorded: record the new count "
              "with python .ci/mypy_baseline.py --update")
    else:
        print(f"mypy: {count} errors, as recorded (the count may only go down)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
