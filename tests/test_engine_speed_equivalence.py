"""The 28 family's one-call path (``apply_if_legal``: a card judged and laid by ``_play``)
reaches the same verdicts, stops and scores as the judge-then-carry-out path (``check`` then
``apply``), on every sample record of the family's four games."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.model.errors import RecordError
from referee.model.record import Deal, RecordHeader
from referee.notation.parser import iter_file
from referee.replay.replay import MatchReplay
from referee.rules.loop import DealRun

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
FAMILY = ("twenty-eight", "twenty-nine", "forty", "fifty-six")
FILES = sorted(path for game in FAMILY for path in (SAMPLES / game).glob("*.ttn"))


def _walk(replay: MatchReplay, deal: Deal, every: bool) -> object:
    """What one deal comes to: its exclusions, where it stopped and its result."""
    try:
        run = DealRun(replay.ruleset, replay.match, deal)
    except RecordError as error:
        replay.ruleset.pass_over(replay.match)
        return ("error", error.code, str(error))
    found = [(event.span, exclusion) for event, exclusion in run.events(every=every)
             if exclusion is not None]
    stopped = run.stopped.span if run.stopped is not None else None
    return found, stopped, repr(run.settle()), list(run.offenders)


@pytest.mark.parametrize("path", FILES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_one_call_path_matches_check_then_apply(path: Path) -> None:
    assert FILES
    quick = slow = None
    for item in iter_file(str(path)):
        if isinstance(item, RecordHeader):
            quick, slow = MatchReplay(item), MatchReplay(item)
            continue
        assert quick is not None and slow is not None
        assert _walk(quick, item, every=False) == _walk(slow, item, every=True), item.number
