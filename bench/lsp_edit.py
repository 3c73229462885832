"""The language server after an edit: the CPU time from a changed document to its new
diagnostics, on a document of 100 Twenty-Eight records of 10 deals each.

    .venv/bin/python bench/lsp_edit.py [--records 100] [--deals 10] [--rounds 20]

Each round edits record 50 (a comment added to one of its trick lines, a new text each
time, so that the record is checked again) and asks for the whole document's diagnostics
as the server pushes them: the document cut into records, the changed one checked, the
others' kept verdicts shifted, every problem converted to an LSP diagnostic. Also measured:
the first check of the whole document (every record checked), and completion and hover in
record 50. The goal (issue: editor support): new diagnostics within 0.3 s of CPU.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.lsp.checker import DocumentChecker  # noqa: E402
from referee.lsp.diagnostics import to_diagnostic  # noqa: E402
from referee.lsp.document import split_lines  # noqa: E402
from referee.lsp.features import choices_at, unit_at  # noqa: E402
from referee.lsp.hover import hover_text  # noqa: E402
from referee.replay.simulate import simulate_from_words  # noqa: E402

GOAL = 0.3


def document(records: int, deals: int) -> tuple[str, list[int]]:
    """The document, and the first line of each record."""
    texts = ["".join(simulate_from_words("twenty-eight", deals, seed))
             for seed in range(1, records + 1)]
    starts, line = [], 1
    for text in texts:
        starts.append(line)
        line += text.count("\n") + 1
    return "\n".join(texts), starts


def diagnostics(checker: DocumentChecker, text: str) -> int:
    """What the server does for one push: the problems, as LSP diagnostics."""
    lines = split_lines(text)
    return len([to_diagnostic(p, lines, "utf-16") for p in checker.problems(text)])


def cpu(work) -> tuple[float, object]:
    start = time.process_time()
    result = work()
    return time.process_time() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=100)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    text, starts = document(args.records, args.deals)
    lines = text.split("\n")
    target = starts[len(starts) // 2 - 1] if len(starts) > 1 else 1  # record 50 of 100
    trick_lines = [i for i in range(target, target + 400)
                   if i < len(lines) and lines[i][:2] in ("1.", "2.", "3.", "4.", "5.")]
    # A simulated match that ends before its last deal goes on in a new record, so the
    # document holds more records than matches (each one checked on its own).
    print(f"document: {args.records} simulated matches of {args.deals} deals "
          f"({text.count('[Game ')} records), {len(lines):,} lines, {len(text):,} characters")
    checker = DocumentChecker()
    cold, count = cpu(lambda: diagnostics(checker, text))
    print(f"first check (every record): {cold:.3f} s CPU, {count} diagnostics, "
          f"{checker.cache.checked} records checked")
    times = []
    for round_ in range(args.rounds):
        edited_lines = list(lines)
        row = trick_lines[round_ % len(trick_lines)]
        edited_lines[row] += f"  ; edit {round_}"
        edited = "\n".join(edited_lines)
        before = checker.cache.checked
        took, _ = cpu(lambda: diagnostics(checker, edited))  # noqa: B023
        assert checker.cache.checked - before == 1, "only the changed record is checked"
        times.append(took)
    median, worst = statistics.median(times), max(times)
    print(f"after an edit in match {len(starts) // 2} ({args.rounds} rounds, 1 record "
          f"checked each): median {median:.3f} s CPU, max {worst:.3f} s "
          f"(goal {GOAL} s: {'met' if worst <= GOAL else 'NOT met'})")
    row = trick_lines[0] + 1  # 1-based
    column = lines[row - 1].find(" ", 3) + 2
    took, found = cpu(lambda: choices_at(text, row, column, checker_setup()))
    print(f"completion in match {len(starts) // 2}: {took:.3f} s CPU ({len(found)} choices)")
    unit = unit_at(text, row)
    took, shown = cpu(lambda: hover_text(unit, row, column + 1))
    print(f"hover in match {len(starts) // 2}: {took:.3f} s CPU ({str(shown)[:40]!r})")


def checker_setup():
    from referee.lsp.checker import Setup

    return Setup()


if __name__ == "__main__":
    main()
