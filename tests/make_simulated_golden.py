"""Write the simulated matches kept under tests/golden/simulated/: for every game and preset a
legal file and a file with one illegal action a deal, from fixed seeds. Run once, by hand, when
a new game or preset is added: ``python tests/make_simulated_golden.py``; the files are then
fixed inputs of tests/test_report_hashes.py and are not rewritten by the tests."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games import games
from referee.notation.writer import dumps  # noqa: E402
from referee.replay.simulate import break_one_action, simulate, simulate_records  # noqa: E402

FOLDER = Path(__file__).resolve().parent / "golden" / "simulated"


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for seed, game in enumerate(games(), start=100):
        for preset in [None, *game.presets]:
            name = f"{game.name}-{preset or 'default'}"
            text = simulate(game.name, 24, seed, preset)
            (FOLDER / f"{name}.ttn").write_text(text + "\n", encoding="utf-8")
            records = list(simulate_records(game.name, 12, seed + 50, preset))
            break_one_action(records, random.Random(seed))
            broken = dumps(records)
            (FOLDER / f"{name}-broken.ttn").write_text(broken + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
