"""The long fuzz run, in process: as many seeded inputs as asked, every promise checked.

    nice -n 19 python tests/fuzz/driver.py --count 1000000 --seed 1 --out /tmp/fuzz-found

Each input is grammar-shaped text, a mutated sample or a mutated JSON form (inputs.py),
checked by promises.py; an input that breaks a promise, or takes more than a minute, is
saved to ``--out`` and counted. Every input goes through both readers and ``score``, and
one of fmt (with the JSON round trip), annotate and moves, drawn at random. Progress goes to
standard error; the summary line (inputs, time, rate, failures) to standard output. The
exit code is 1 if anything was found.
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import inputs  # noqa: E402
import promises  # noqa: E402

KINDS = (("grammar", 0.4), ("sample", 0.5), ("json", 0.1))


class Slow(BaseException):
    """An input took longer than the alarm allows."""


def _alarm(signum: int, frame: object) -> None:
    raise Slow


def one(rng: random.Random) -> tuple[str, bytes]:
    """A random input: its kind and its bytes."""
    roll = rng.random()
    if roll < KINDS[0][1]:
        return "grammar", inputs.grammar_text(rng)
    if roll < KINDS[0][1] + KINDS[1][1]:
        return "sample", inputs.mutated_sample(rng)
    return "json", inputs.mutated_json(rng).encode("utf-8", "surrogatepass")


def run(count: int, seed: int, out: Path, report_every: int = 10_000) -> int:
    """Check ``count`` inputs from ``seed``; returns the number of promises broken."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.signal(signal.SIGTERM, _stop)
    rng = random.Random(seed)
    found = done = 0
    started = time.monotonic()
    try:
        for index in range(1, count + 1):
            found += _one_input(rng, index, seed, out)
            done = index
            if index % report_every == 0:
                elapsed = time.monotonic() - started
                print(f"{index} inputs, {elapsed:.0f} s, {index / elapsed:.0f}/s, {found} found",
                      file=sys.stderr, flush=True)
    except Stopped:
        print("stopped by SIGTERM", file=sys.stderr)
    elapsed = time.monotonic() - started
    print(f"{done} inputs (seed {seed}) in {elapsed:.0f} s ({done / max(elapsed, 1e-9):.0f}/s): "
          f"{found} broke a promise", flush=True)
    return found


class Stopped(BaseException):
    """SIGTERM: stop after the input at hand and print the summary."""


def _stop(signum: int, frame: object) -> None:
    raise Stopped


def _one_input(rng: random.Random, index: int, seed: int, out: Path) -> int:
    """Check input number ``index``; 1 if it broke a promise (saved to ``out``), else 0."""
    kind, data = one(rng)
    check_rng = random.Random(index)
    signal.alarm(60)
    try:
        if kind == "json":
            promises.check_json(data.decode("utf-8", "surrogatepass"))
        else:
            promises.check_ttn(data, check_rng, every=False)
    except (promises.Broken, Slow) as exc:
        out.mkdir(parents=True, exist_ok=True)
        (out / f"{seed}-{index}.{'json' if kind == 'json' else 'ttn'}").write_bytes(data)
        (out / f"{seed}-{index}.why").write_text(f"{type(exc).__name__}: {exc}\n",
                                                 encoding="utf-8")
        return 1
    finally:
        signal.alarm(0)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("fuzz-found"))
    args = parser.parse_args(argv)
    return 1 if run(args.count, args.seed, args.out) else 0


if __name__ == "__main__":
    sys.exit(main())
