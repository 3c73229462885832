"""Benchmark data: simulated legal deals of each game, cached under bench/ (gitignored).

    python bench/data.py [--deals 10000] [--other-deals 2000] [--seed 1]

``ttn_file(game, deals, seed)`` simulates the deals once with ``referee.replay.simulate`` and keeps
them as ``bench/GAME-DEALS-seedSEED.ttn``; ``jsonl_file`` writes the same deals as JSON Lines
(one deal object of the JSON form a line) for the json.loads floor; ``repeated_file`` makes a
large file by writing a smaller file's record again and again (records are independent, so
this is how the memory runs reach 100,000 and 1,000,000 deals without simulating them all).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing

GAMES = (
    "twenty-eight", "twenty-nine", "forty", "fifty-six", "twenty-five", "avinas", "twenty-two",
)
"""Every game the referee plays, Twenty-Eight (the reference) first."""


def ttn_file(game: str, deals: int, seed: int = 1) -> Path:
    """The cached simulated file of ``deals`` legal deals of ``game``, made when missing."""
    path = HERE / f"{game}-{deals}-seed{seed}.ttn"
    if not path.exists():
        from referee.replay.simulate import simulate

        started = time.process_time()
        text = simulate(game, deals, seed)
        part = path.with_suffix(".part")
        part.write_text(text, encoding="utf-8")
        part.rename(path)
        print(f"simulated {deals} {game} deals in {time.process_time() - started:.1f} s CPU "
              f"-> {path.name}", file=sys.stderr)
    return path


def jsonl_file(ttn: Path) -> Path:
    """The deals of ``ttn`` as JSON Lines (one deal object a line), made when missing."""
    path = ttn.with_suffix(".deals.jsonl")
    if not path.exists():
        part = path.with_suffix(".part")
        with part.open("w", encoding="utf-8") as out:
            for form in deal_forms(ttn):
                out.write(json.dumps(form, separators=(",", ":")) + "\n")
        part.rename(path)
    return path


def deal_forms(ttn: Path) -> Iterator[dict]:
    """Each deal of ``ttn`` in the JSON form (``record_to_json(...)["deals"][0]``)."""
    from referee.model.record import Deal, Record, RecordHeader
    from referee.notation.jsonform import record_to_json
    from referee.notation.parser import iter_file

    header: RecordHeader | None = None
    for item in iter_file(ttn):
        if isinstance(item, RecordHeader):
            header = item
        elif isinstance(item, Deal):
            assert header is not None
            yield record_to_json(Record(header, [item]))["deals"][0]


def repeated_file(ttn: Path, copies: int) -> Path:
    """``ttn``'s record written ``copies`` times in one file (made when missing)."""
    if copies == 1:
        return ttn
    deals = int(ttn.stem.split("-seed")[0].rsplit("-", 1)[1])
    path = ttn.with_name(ttn.name.replace(f"-{deals}-", f"-{deals * copies}-x-"))
    if not path.exists():
        text = ttn.read_text(encoding="utf-8")
        if not text.endswith("\n"):
            text += "\n"
        part = path.with_suffix(".part")
        with part.open("w", encoding="utf-8") as out:
            for _ in range(copies):
                out.write(text)
                out.write("\n")
        part.rename(path)
    return path


def main(argv: list[str] | None = None) -> None:
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--deals", type=int, default=10000, help="Twenty-Eight deals")
    options.add_argument("--other-deals", type=int, default=2000, help="deals of other games")
    options.add_argument("--seed", type=int, default=1)
    args = options.parse_args(argv)
    for game in GAMES:
        jsonl_file(ttn_file(game, args.deals if game == GAMES[0] else args.other_deals,
                            args.seed))


if __name__ == "__main__":
    main()
