"""Every figure of the performance goal, measured in one run, in CPU time.

    python bench/perf.py [--deals 10000] [--other-deals 2000] [--rounds 3]
                         [--memory 10000,100000] [--formats text,json,github,junit,sarif]
                         [--jobs-deals 20000] [--jobs-formats text,json]
                         [--dask-deals 100000]
                         [--checkout DIR] [--skip SECTION,...]

Sections (each can be skipped with --skip):

- ``throughput``: for each game, ``referee.pipeline.checking.check_file`` (the library path of
  ``referee check``) and the parse alone over simulated legal deals (bench/data.py); for
  Twenty-Eight also the two floors of bench/floors.py (json.loads + a minimal replay, a split
  tokenizer + the same replay). Deals/s, µs a deal and µs a card are the median of the
  rounds, in CPU time (``time.process_time``); the ratios to the floors are computed within
  each round. Every other game's time a card is given as a multiple of Twenty-Eight's.
- ``start``: CPU time of ``referee check`` on a one-deal file and of ``referee --help``
  (median of 7 runs, child processes), with the bytecode cache written first, as an
  installed package has it (``PYTHONDONTWRITEBYTECODE`` is ignored here); with
  ``--compare DIR`` the other checkout is measured too, run for run in turn.
- ``memory``: peak resident memory (``VmHWM``, read in the child: bench/cpu_probe.py) and CPU
  time of ``referee check`` in every output format, on files of 10,000, 100,000 (and, when
  asked, 1,000,000) Twenty-Eight deals, made by repeating the simulated record.
- ``jobs``: ``referee check --jobs 1`` and ``--jobs 2`` on the same file, in each of
  ``--jobs-formats``: whether the outputs are byte-identical, wall time (the speed-up needs
  two cores free) and CPU time, of all processes and of each (bench/cpu_probe.py): the
  speed-up two idle cores allow is the CPU time of ``--jobs 1`` over that of the busiest
  process of ``--jobs 2`` (or half their total, if more).

- ``dask``: ``referee check --jobs 2`` and ``--dask local --jobs 2`` (a ``LocalCluster`` of two
  worker processes on this machine, started and stopped by the command) on the same file of
  ``--dask-deals`` deals, in each of ``--jobs-formats``: whether the outputs are
  byte-identical, wall time and the CPU time of the whole process tree (the workers
  included), and what the cluster costs over the pool. Needs the dask extra; skipped with a
  line saying so without it.

- ``cache``: a re-check of an unchanged folder of ``--cache-files`` files of 1,000
  Twenty-Eight deals (the simulated 1,000-deal record under as many names) with the result
  cache (``--cache-dir``, filled by a first run) against the run without it, in each of
  ``--cache-formats`` and with ``--jobs 1`` and ``2``: CPU time of the whole process tree (the
  uncached run once, the cached re-check the median of three), and whether the outputs are
  byte-identical (the run times aside). The goal: at most 10 % of the uncached run's CPU.

- ``profile``: where the time of the full check of Twenty-Eight goes, by layer (cProfile's
  own time of each function, summed by the module it lives in; the profiler slows Python
  code more than C code, so the shares are indicative).

``--checkout DIR`` measures the referee of another checkout (its ``referee`` package is
imported from DIR), so two versions can be compared back to back on the same data.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
SECTIONS = ("throughput", "start", "memory", "jobs", "dask", "cache", "profile")


def _setup_path(checkout: Path) -> None:
    sys.path.insert(0, str(HERE))
    sys.path.insert(0, str(checkout))


# -- in-process timings -----------------------------------------------------------------------


def cpu_timed(function: Callable[[Path], int], path: Path) -> tuple[float, int]:
    started = time.process_time()
    count = function(path)
    return time.process_time() - started, count


def full_check(path: Path) -> int:
    from referee.pipeline.checking import check_file

    report = check_file(path)
    assert report.error is None, report.error
    errors = [f for f in report.findings() if f.severity == "error"]
    assert not errors, f"{len(errors)} error findings in legal deals, first: {errors[0]}"
    return report.deal_count


def parse_only(path: Path) -> int:
    from referee.model.record import RecordHeader
    from referee.notation.parser import iter_file

    return sum(not isinstance(item, RecordHeader) for item in iter_file(path))


def cards_played(path: Path) -> int:
    """Cards played in the file's deals (the unit the games are compared in)."""
    from referee.model.record import Deal
    from referee.notation.parser import iter_file

    cards = 0
    for item in iter_file(path):
        if isinstance(item, Deal):
            for event in item.items:
                action = getattr(event, "action", None)
                if action is not None and action.kind == "play":
                    cards += len(action.cards)
    return cards


def throughput(args: argparse.Namespace) -> None:
    from data import GAMES, jsonl_file, ttn_file
    from floors import json_floor, split_floor

    print(f"## throughput, CPU time, median of {args.rounds} rounds")
    reference = GAMES[0]
    per_card: dict[str, float] = {}
    print(f"{'game':<14}{'what':<34}{'deals/s':>9}{'us/deal':>9}{'us/card':>9}{'ratio':>8}")
    for game in GAMES:
        if args.games and game not in args.games:
            continue
        deals = args.deals if game == reference else args.other_deals
        ttn = ttn_file(game, deals)
        cards = cards_played(ttn)
        methods: dict[str, tuple[Callable[[Path], int], Path]] = {
            "referee check (full)": (full_check, ttn),
            "parse only": (parse_only, ttn),
        }
        if game == reference:
            methods["floor: json.loads + minimal replay"] = (json_floor, jsonl_file(ttn))
            methods["floor: split + minimal replay"] = (split_floor, ttn)
        seconds: dict[str, list[float]] = {name: [] for name in methods}
        for _ in range(args.rounds):
            for name, (function, path) in methods.items():
                elapsed, count = cpu_timed(function, path)
                assert count == deals, f"{name} saw {count} deals, not {deals}"
                seconds[name].append(elapsed)
        full = seconds["referee check (full)"]
        for name, values in seconds.items():
            median = statistics.median(values)
            ratio = ""
            if name.startswith("floor"):
                ratios = [f / v for f, v in zip(full, values, strict=True)]
                ratio = f"{statistics.median(ratios):.2f}x"
            print(f"{game:<14}{name:<34}{deals / median:>9,.0f}{median / deals * 1e6:>9.0f}"
                  f"{median / cards * 1e6:>9.2f}{ratio:>8}")
        per_card[game] = statistics.median(full) / cards
    if reference in per_card:
        base = per_card[reference]
        print("time a card against Twenty-Eight: " + ", ".join(
            f"{game} {value / base:.2f}x" for game, value in per_card.items()))
    print()


# -- child processes --------------------------------------------------------------------------


def run_child(command: list[str], env: dict[str, str], out: Path | None = None
              ) -> tuple[float, float, int, int]:
    """(CPU seconds, wall seconds, peak RSS in MB, exit code) of one command."""
    started = time.perf_counter()
    with open(out or os.devnull, "wb") as sink:
        process = subprocess.Popen(command, stdout=sink, stderr=subprocess.DEVNULL, env=env,
                                   cwd=env["PYTHONPATH"])
        _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    return (usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss // 1024,
            process.returncode)


def referee_command(args: argparse.Namespace, checkout: Path | None = None
                    ) -> tuple[list[str], dict[str, str]]:
    env = dict(os.environ, PYTHONPATH=str(checkout or args.checkout))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return [sys.executable, "-m", "referee"], env


def start(args: argparse.Namespace) -> None:
    from data import ttn_file

    checkouts = [args.checkout, *([args.compare] if args.compare else [])]
    one = ttn_file("twenty-eight", 1)
    print("## start-up, CPU time of the whole process, median of 7 (min), checkouts "
          "measured in turn")
    print(f"{'':<22}" + "".join(f"{str(c)[-24:]:>26}" for c in checkouts))
    for label, extra in (("check of one deal", ["check", str(one)]), ("--help", ["--help"]),
                         ("python -c pass", None)):
        runs: list[list[float]] = [[] for _ in checkouts]
        commands = []
        for checkout in checkouts:
            command, env = referee_command(args, checkout)
            full = command + extra if extra is not None else [sys.executable, "-c", "pass"]
            run_child(full, env)  # writes the bytecode cache, as an installed package has it
            commands.append((full, env))
        for _ in range(7):
            for index, (full, env) in enumerate(commands):
                runs[index].append(run_child(full, env)[0] * 1000)
        print(f"{label:<22}" + "".join(
            f"{statistics.median(r):>17.0f} ms ({min(r):>3.0f})" for r in runs))
    print()


def memory(args: argparse.Namespace) -> None:
    from data import repeated_file, ttn_file

    _, env = referee_command(args)
    probe = [sys.executable, str(HERE / "cpu_probe.py"), str(HERE / "memory.json")]
    base = ttn_file("twenty-eight", args.deals)
    print("## peak memory of referee check, Twenty-Eight (VmHWM, read by bench/cpu_probe.py)")
    print(f"{'deals':>9}  {'format':<8}{'peak RSS':>10}{'CPU s':>9}{'deals/s':>9}")
    for size in args.memory:
        path = repeated_file(base, max(1, size // args.deals))
        for fmt in args.formats:
            cpu, _, _, code = run_child(probe + ["check", "--format", fmt, str(path)], env)
            peak = json.loads((HERE / "memory.json").read_text())["peak_mb"]
            (HERE / "memory.json").unlink()
            flag = "" if code == 0 else f"  (exit {code})"
            print(f"{size:>9,}  {fmt:<8}{peak:>7} MB{cpu:>9.1f}{size / cpu:>9,.0f}{flag}")
    print()


def jobs(args: argparse.Namespace) -> None:
    from data import repeated_file, ttn_file

    copies = max(1, args.jobs_deals // args.deals)
    path = repeated_file(ttn_file("twenty-eight", args.deals), copies)
    print(f"## --jobs on {args.jobs_deals:,} deals ({os.cpu_count()} cores on this machine, "
          f"load {os.getloadavg()[0]:.2f} at the start); --jobs 1 and 2 run in turn, "
          f"{args.jobs_rounds} rounds, ratios within each round, medians")
    for fmt in args.jobs_formats:
        overheads, bounds, speedups, same = [], [], [], True
        for _ in range(args.jobs_rounds):
            one, two = (_jobs_run(args, fmt, count, path) for count in (1, 2))
            same = same and one["output"] == two["output"]
            busiest = max([two["parent"], *two["workers"], two["cpu"] / 2])
            overheads.append(two["cpu"] / one["cpu"])
            bounds.append(one["cpu"] / busiest)
            speedups.append(one["wall"] / two["wall"])
        print(f"{fmt:<6} outputs {'byte-identical' if same else 'DIFFERENT'}; CPU of --jobs 2 "
              f"/ --jobs 1 = {statistics.median(overheads):.2f}; on two idle cores at most "
              f"{statistics.median(bounds):.2f}x (CPU of --jobs 1 / the busiest process, or "
              f"half the total); wall-time speed-up {statistics.median(speedups):.2f}x at "
              f"this load ({os.getloadavg()[0]:.2f})")
    (HERE / "jobs-cpu.json").unlink()
    print()


def _jobs_run(args: argparse.Namespace, fmt: str, count: int, path: Path) -> dict:
    """One ``referee check --jobs COUNT`` run: its output (without the run's times), wall and
    CPU time, and the CPU time of its parent and each worker (bench/cpu_probe.py)."""
    _, env = referee_command(args)
    probe = [sys.executable, str(HERE / "cpu_probe.py"), str(HERE / "jobs-cpu.json")]
    out = HERE / f"jobs-{count}.out"
    cpu, wall, _, code = run_child(
        probe + ["check", "--format", fmt, "--jobs", str(count), str(path)], env, out)
    # the run's times: the summary line's "(12.34 s)", JUnit's time="1.234"
    output = re.sub(rb'\([0-9.]+ s\)\n$| time="[0-9.]+"', b"", out.read_bytes())
    out.unlink()
    split = json.loads((HERE / "jobs-cpu.json").read_text())
    workers = " + ".join(f"{w:.1f}" for w in split["workers"]) or "none"
    print(f"{fmt:<6} --jobs {count}: wall {wall:6.1f} s, CPU {cpu:6.1f} s (parent "
          f"{split['parent']:.1f} s, workers {workers}), peak {split['peak_mb']} MB (parent), "
          f"exit {code}")
    return dict(split, output=output, cpu=cpu, wall=wall)


def dask(args: argparse.Namespace) -> None:
    from data import repeated_file, ttn_file

    try:
        import distributed  # noqa: F401
    except ImportError:
        print("## --dask: skipped (pip install 'referee[dask]')\n")
        return
    copies = max(1, args.dask_deals // args.deals)
    path = repeated_file(ttn_file("twenty-eight", args.deals), copies)
    command, env = referee_command(args)
    print(f"## --dask local (two workers) against --jobs 2 on {args.dask_deals:,} deals "
          f"({os.cpu_count()} cores, load {os.getloadavg()[0]:.2f} at the start); "
          f"{args.jobs_rounds} rounds in turn, medians")
    runs = {"--jobs 2": ["--jobs", "2"], "--dask local": ["--dask", "local", "--jobs", "2"]}
    for fmt in args.jobs_formats:
        figures: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
        outputs: dict[str, bytes] = {}
        for _ in range(args.jobs_rounds):
            for name, flags in runs.items():
                out = HERE / "dask.out"
                cpu, wall, _, code = run_child(
                    command + ["check", "--format", fmt, *flags, str(path)], env, out)
                outputs[name] = re.sub(rb'\([0-9.]+ s\)\n$| time="[0-9.]+"', b"",
                                       out.read_bytes())
                out.unlink()
                figures[name].append((cpu, wall))
        same = outputs["--jobs 2"] == outputs["--dask local"]
        cpu = {name: statistics.median(c for c, _ in runs_) for name, runs_ in figures.items()}
        wall = {name: statistics.median(w for _, w in runs_) for name, runs_ in figures.items()}
        for name in runs:
            print(f"{fmt:<6} {name:<13} wall {wall[name]:6.1f} s, CPU {cpu[name]:6.1f} s, "
                  f"{args.dask_deals / wall[name]:,.0f} deals/s (wall), exit {code}")
        print(f"{fmt:<6} outputs {'byte-identical' if same else 'DIFFERENT'}; the cluster "
              f"costs {cpu['--dask local'] - cpu['--jobs 2']:+.1f} s CPU and "
              f"{wall['--dask local'] - wall['--jobs 2']:+.1f} s wall over the pool")
    print()


def cache(args: argparse.Namespace) -> None:
    import shutil
    import tempfile

    from data import ttn_file

    one = ttn_file("twenty-eight", 1000)
    folder = HERE / f"cache-{args.cache_files}x1000"
    if not folder.is_dir():
        folder.mkdir()
        for number in range(args.cache_files):
            shutil.copyfile(one, folder / f"archive-{number:04}.ttn")
    command, env = referee_command(args)
    deals = args.cache_files * 1000
    print(f"## a re-check of an unchanged folder of {deals:,} deals ({args.cache_files} files "
          f"of 1,000) with the result cache, against the run without it; CPU time of the "
          f"process tree (load {os.getloadavg()[0]:.2f} at the start)")

    def run(flags: list[str], fmt: str) -> tuple[float, bytes]:
        out = HERE / "cache.out"
        cpu, _, _, _ = run_child(command + ["check", "--format", fmt, *flags, str(folder)],
                                 env, out)
        output = re.sub(rb'\([0-9.]+ s\)\n$| time="[0-9.]+"', b"", out.read_bytes())
        out.unlink()
        return cpu, output

    for fmt in args.cache_formats:
        for jobs_flag in (["--jobs", "1"], ["--jobs", "2"]):
            store = tempfile.mkdtemp(prefix="referee-cache-bench-")
            try:
                plain, expected = run(jobs_flag, fmt)
                filled, _ = run([*jobs_flag, "--cache-dir", store], fmt)
                warm = [run([*jobs_flag, "--cache-dir", store], fmt) for _ in range(3)]
            finally:
                shutil.rmtree(store, ignore_errors=True)
            cached = statistics.median(cpu for cpu, _ in warm)
            same = all(output == expected for _, output in warm)
            print(f"{fmt:<6} {' '.join(jobs_flag)}: without the cache {plain:6.1f} s, filling "
                  f"it {filled:6.1f} s, re-check {cached:5.2f} s = {cached / plain:5.1%} of the "
                  f"uncached run; outputs {'byte-identical' if same else 'DIFFERENT'}")
    print()


LAYERS = (
    ("lark", "Lark lexer and LALR parser"),
    ("referee/notation/chunks", "reading lines and cutting chunks"),
    ("referee/notation/lines", "reading lines and cutting chunks"),
    ("referee/notation/fast", "the fast reader (hand-written tokenizer, building records)"),
    ("referee/notation/parser", "transformer: building records"),
    ("referee/model/record", "transformer: building records"),
    ("referee/games/", "the game's rules (check, apply, start, settle)"),
    ("referee/rules/", "the game's rules (check, apply, start, settle)"),
    ("referee/replay/replay", "the replay loop and its reports"),
    ("referee/report", "the replay loop and its reports"),
    ("referee/check", "the replay loop and its reports"),
)


def profile(args: argparse.Namespace) -> None:
    import cProfile
    import pstats

    from data import ttn_file

    path = ttn_file("twenty-eight", args.deals)
    profiler = cProfile.Profile()
    profiler.enable()
    full_check(path)
    profiler.disable()
    stats = pstats.Stats(profiler)
    shares: dict[str, float] = {}
    total = 0.0
    for (filename, _, _), (_, _, own, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        total += own
        layer = next((name for part, name in LAYERS if part in filename), "other (builtins, "
                     "standard library)")
        shares[layer] = shares.get(layer, 0.0) + own
    print(f"## profile of the full check of {args.deals:,} Twenty-Eight deals (own time)")
    for layer, own in sorted(shares.items(), key=lambda item: -item[1]):
        print(f"{own / total:6.1%}  {layer}")
    print("top functions:")
    stats.sort_stats("tottime")
    for function in stats.fcn_list[:12]:  # type: ignore[attr-defined]
        own = stats.stats[function][2]  # type: ignore[attr-defined]
        name = f"{Path(function[0]).name}:{function[1]}({function[2]})"
        print(f"{own / total:6.1%}  {name}")
    print()


def main(argv: list[str] | None = None) -> None:
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--deals", type=int, default=10000, help="Twenty-Eight deals")
    options.add_argument("--other-deals", type=int, default=2000, help="deals of other games")
    options.add_argument("--rounds", type=int, default=3)
    options.add_argument("--games", type=lambda s: s.split(","), default=None)
    options.add_argument("--memory", type=lambda s: [int(n) for n in s.split(",")],
                         default=[10000, 100000], help="deal counts (1000000 takes minutes)")
    options.add_argument("--formats", type=lambda s: s.split(","),
                         default=["text", "json", "github", "junit", "sarif"])
    options.add_argument("--jobs-deals", type=int, default=20000)
    options.add_argument("--jobs-formats", type=lambda s: s.split(","), default=["text", "json"])
    options.add_argument("--jobs-rounds", type=int, default=3)
    options.add_argument("--dask-deals", type=int, default=100000)
    options.add_argument("--cache-files", type=int, default=100,
                         help="files of 1,000 deals for the cache section")
    options.add_argument("--cache-formats", type=lambda s: s.split(","),
                         default=["text", "json"])
    options.add_argument("--checkout", type=Path, default=HERE.parent)
    options.add_argument("--compare", type=Path, default=None,
                         help="another checkout whose start-up is measured in turn with it")
    options.add_argument("--skip", type=lambda s: s.split(","), default=[])
    args = options.parse_args(argv)
    args.checkout = args.checkout.resolve()
    args.compare = args.compare.resolve() if args.compare else None
    _setup_path(args.checkout)

    from referee.pipeline.checking import tune_gc

    tune_gc()  # the process settings of the `referee` command
    print(f"referee from {args.checkout}; Python {platform.python_version()}, "
          f"{platform.machine()}, {os.cpu_count()} cores")
    sections = {"throughput": throughput, "start": start, "memory": memory, "jobs": jobs,
                "dask": dask, "cache": cache, "profile": profile}
    for name in SECTIONS:
        if name not in args.skip:
            sections[name](args)


if __name__ == "__main__":
    main()
