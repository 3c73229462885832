"""Throughput of the full check on simulated Twenty-Eight deals, against json.loads.

    python bench/throughput.py [--deals 20000] [--seed 1] [--rounds 3] [--clock cpu]

Generates (once, cached under bench/ and gitignored) a file of random legal Twenty-Eight
deals with referee.simulate, and the same deals as JSON Lines (one deal object a line).
Then, in one process, each round times:

- full check: the library path of ``referee check`` (``referee.check.check_file`` when it
  exists, else the parser's stream and ``replay_stream``), text to reports;
- parse only: the same stream without the replay (where the time goes);
- json.loads: every line of the JSON Lines file;

and prints deals/s (median and best of the rounds) and the check/json.loads ratio, computed
within each round (the machine is noisy; ratios measured in one process are the stable
figure, see shared research perf-anchors.md).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing

from referee.record import Deal, Record, RecordHeader  # noqa: E402

GAME = "twenty-eight"


def data_files(deals: int, seed: int) -> tuple[Path, Path]:
    stem = f"{GAME}-{deals}-seed{seed}"
    return HERE / f"{stem}.ttn", HERE / f"{stem}.deals.jsonl"


def ensure_data(deals: int, seed: int) -> tuple[Path, Path]:
    """The cached TTN and JSON Lines files, made when missing."""
    from referee.simulate import simulate

    ttn, jsonl = data_files(deals, seed)
    if not ttn.exists():
        started = time.perf_counter()
        text = simulate(GAME, deals, seed)
        ttn.write_text(text, encoding="utf-8")
        print(f"simulated {deals} deals in {time.perf_counter() - started:.1f} s -> {ttn.name}")
    if not jsonl.exists():
        with jsonl.open("w", encoding="utf-8") as out:
            for deal_form in _deal_forms(ttn):
                out.write(json.dumps(deal_form, separators=(",", ":")) + "\n")
        print(f"wrote {jsonl.name}")
    return ttn, jsonl


def _deal_forms(ttn: Path) -> Iterator[dict]:
    from referee.jsonform import record_to_json

    header: RecordHeader | None = None
    for item in _iter_items(ttn):
        if isinstance(item, RecordHeader):
            header = item
        elif isinstance(item, Deal):
            assert header is not None
            yield record_to_json(Record(header, [item]))["deals"][0]


def _iter_items(path: Path):
    from referee.notation import parser

    iter_file = getattr(parser, "iter_file", None)
    if iter_file is not None:
        return iter_file(path)
    return parser.iter_items(path.read_text(encoding="utf-8"), file=str(path))


def _check_path() -> tuple[str, Callable[[Path], int]]:
    """The function ``referee check`` uses, returning the number of deals it checked."""
    try:
        from referee.check import check_file  # type: ignore[import-not-found]
    except ImportError:
        check_file = None
    if check_file is not None:
        def run(path: Path) -> int:
            report = check_file(path)
            errors = report.findings() if hasattr(report, "findings") else []
            assert not errors and not getattr(report, "error", None), "findings in legal deals"
            return report.deal_count
        return "referee.check.check_file", run

    from referee.replay import replay_stream

    def run(path: Path) -> int:
        count = 0
        for match in replay_stream(_iter_items(path)):
            assert not [f for f in match.all_findings() if f.severity == "error"]
            count += len(match.deals)
        return count
    return "parser stream + replay_stream", run


def parse_only(path: Path) -> int:
    return sum(isinstance(item, Deal) for item in _iter_items(path))


def json_loads(path: Path) -> int:
    count = 0
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            json.loads(line)
            count += 1
    return count


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""``--clock``: wall time, or the process's CPU time (steadier on a shared machine)."""


def timed(function: Callable[[Path], int], path: Path,
          clock: Callable[[], float] = time.perf_counter) -> tuple[float, int]:
    started = clock()
    count = function(path)
    return clock() - started, count


def main(argv: list[str] | None = None) -> None:
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--deals", type=int, default=20000)
    options.add_argument("--seed", type=int, default=1)
    options.add_argument("--rounds", type=int, default=3)
    options.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                         help="wall time, or the process's CPU time")
    args = options.parse_args(argv)

    from referee.check import tune_gc

    tune_gc()  # the process settings of the `referee` command
    ttn, jsonl = ensure_data(args.deals, args.seed)
    check_name, check = _check_path()
    methods = {
        f"full check ({check_name})": (check, ttn),
        "parse only": (parse_only, ttn),
        "json.loads per deal line": (json_loads, jsonl),
    }
    rates: dict[str, list[float]] = {name: [] for name in methods}
    ratios: list[float] = []
    for _ in range(args.rounds):
        seconds = {}
        for name, (function, path) in methods.items():
            elapsed, count = timed(function, path, CLOCKS[args.clock])
            assert count == args.deals, f"{name} saw {count} deals, not {args.deals}"
            seconds[name] = elapsed
            rates[name].append(count / elapsed)
        check_key = next(iter(methods))
        ratios.append(seconds[check_key] / seconds["json.loads per deal line"])

    size = ttn.stat().st_size
    print(f"{args.deals} deals of {GAME}, seed {args.seed}: {size / 1e6:.2f} MB TTN "
          f"({size / args.deals:.0f} bytes a deal), {jsonl.stat().st_size / 1e6:.2f} MB JSON Lines")
    print(f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, "
          f"{args.rounds} rounds, {args.clock} time")
    width = max(len(name) for name in methods)
    print(f"  {'':<{width}}  {'deals/s median':>14}  {'(best)':>9}  {'us/deal':>8}")
    medians = {}
    for name, values in rates.items():
        medians[name] = statistics.median(values)
        print(f"  {name:<{width}}  {medians[name]:>14,.0f}  ({max(values):>7,.0f})  "
              f"{1e6 / medians[name]:>8,.0f}")
    check_key, parse_key = list(methods)[:2]
    replay_us = 1e6 / medians[check_key] - 1e6 / medians[parse_key]
    print(f"  {'rules replay (check - parse)':<{width}}  {1e6 / replay_us:>14,.0f}  "
          f"{'':>9}  {replay_us:>8,.0f}")
    print(f"  {'full check / json.loads time':<{width}}  {statistics.median(ratios):>13.1f}x  "
          f"[{min(ratios):.1f}-{max(ratios):.1f}]")

if __name__ == "__main__":
    main()
