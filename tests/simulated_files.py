"""Files of simulated legal records, one per game and one of all of them in a row, for the
tests that compare reports made in different ways (--jobs, --dask)."""

from __future__ import annotations

from pathlib import Path

from referee.games import games
from referee.replay.simulate import simulate

GAMES = [game.name for game in games()]


def write_simulated(folder: Path, matches: int, first_seed: int) -> list[str]:
    """Write the files into ``folder``: ``matches`` simulated matches a game, the seeds
    counted from ``first_seed``; their paths, sorted."""
    texts = []
    for index, game in enumerate(GAMES):
        text = simulate(game, matches, first_seed + index)
        (folder / f"{game}.ttn").write_text(text + "\n", encoding="utf-8")
        texts.append(text)
    (folder / "all.ttn").write_text("\n\n".join(texts) + "\n", encoding="utf-8")
    return sorted(str(path) for path in folder.iterdir())
