"""The replay's quick path changes nothing: an action judged and carried out in one call by
the game's own ``Ruleset.apply_if_legal`` gives the same full reports (findings, messages,
positions, alternatives, results and scores) as ``check`` then ``apply`` (the default the
loop falls back to), for the same simulated matches, legal and broken.

``FAST_PATH_DEALS=N`` runs more deals per case.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from breaking import replace_one_event

from referee.games import games
from referee.model.record import Action, Deal
from referee.notation.parser import iter_items, parse_records
from referee.notation.writer import dumps
from referee.replay.replay import replay_stream
from referee.replay.simulate import break_one_action, simulate
from referee.report.json import match_json
from referee.rules.base import Ruleset

DEALS = int(os.environ.get("FAST_PATH_DEALS", "40"))

OPTIONS_28 = [
    {"trump_call_mandatory": True, "no_undertrump": False},
    {"bidder_lead_restriction": "strict", "pre_reveal_trumps_count": True,
     "caller_must_trump": False},
    {"void_if_trump_never_called": "forced_trick8", "self_reveal_card": "exposed"},
    {"equal_cards": "last_wins", "single_hand": True},
    {"pass_final": True, "dealer_forced_bid": "exact", "partner_raise": "forbidden",
     "opening_bid_forced": False},
]
"""Options of the 28 family that change what a play or a call may be, beyond the presets."""

CASES = [
    pytest.param(cls.name, preset, {}, id=f"{cls.name}-{preset}")
    for cls in games()
    for preset in cls.presets
] + [
    pytest.param(game, None, options, id=f"{game}-{'-'.join(options)}")
    for game in ("twenty-eight", "forty", "fifty-six")
    for options in OPTIONS_28
] + [
    pytest.param(game, None, {"second_round": value}, id=f"{game}-second-round")
    for game, value in (("twenty-eight", "min24"), ("forty", "min30"), ("fifty-six", "min40"))
] + [
    pytest.param("twenty-nine", None, {"auction_style": "duel"}, id="twenty-nine-duel"),
    pytest.param("twenty-two", None, {"ace_lead_forces_lowest": True, "trick_tie": "first"},
                 id="twenty-two-aces-first-tie"),
    pytest.param("twenty-five", None, {"may_trump_when_following": False,
                                       "rob_compulsory": True}, id="twenty-five-options"),
]


def reports(text: str, fast: bool, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The full reports of ``text`` (as ``referee check --format json`` has them); with
    ``fast`` false every game has the default ``apply_if_legal``, which the loop does not
    call (it checks, then applies, as it does for a game without its own)."""
    with monkeypatch.context() as patch:
        if not fast:
            for cls in games():
                patch.setattr(cls, "apply_if_legal", Ruleset.apply_if_legal)
        return [match_json(match)
                for match in replay_stream(iter_items(text, file="fast.ttn"))]


def any_play(deal: Deal, rng: random.Random) -> Action:
    """A play of any dealt card by any seat: mostly its own card, at any moment."""
    seat = rng.choice([hand.seat for hand in deal.hands])
    own = [c for hand in deal.hands if hand.seat == seat for c in hand.cards]
    every = [c for hand in deal.hands for c in hand.cards]
    return Action(seat, "play", cards=(rng.choice(own if rng.random() < 0.8 else every),))


def broken_texts(game: str, preset: str | None, options: dict[str, Any], seed: int
                 ) -> dict[str, str]:
    """The simulated text, the same with one excluded action per deal, and with a random
    play per deal on top of that (two breaks a deal)."""
    table = {"options": options} if options else {}
    text = simulate(game, DEALS, seed, preset, **table)
    records = parse_records(text)
    break_one_action(records, random.Random(seed))
    once = dumps(records)
    replace_one_event(records, random.Random(seed + 1), any_play, card_kinds=("play",))
    return {"legal": text, "broken": once, "broken twice": dumps(records)}


@pytest.mark.parametrize(("game", "preset", "options"), CASES)
def test_fast_path_gives_the_same_reports(game: str, preset: str | None,
                                          options: dict[str, Any],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    for name, text in broken_texts(game, preset, options, 1600).items():
        slow = reports(text, False, monkeypatch)
        fast = reports(text, True, monkeypatch)
        assert len(fast) == len(slow) > 0
        for ours, theirs in zip(fast, slow, strict=True):
            assert ours == theirs, f"{game} {preset} {options}: {name} reports differ"
        if name != "legal":
            assert any(deal["findings"] for match in slow for deal in match["deals"]), name


@pytest.mark.parametrize("game", ["twenty-eight", "twenty-five", "twenty-two"])
def test_the_switch_turns_the_quick_path_off(game: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """With the switch off, the game's own apply_if_legal is never asked (so the comparison
    above compares two paths); with it on, the plays go through it."""
    asked: list[Action] = []
    cls = next(cls for cls in games() if cls.name == game)
    own = cls.apply_if_legal
    assert own is not Ruleset.apply_if_legal

    def spy(self: Any, state: Any, action: Action) -> Any:
        asked.append(action)
        return own(self, state, action)

    monkeypatch.setattr(cls, "apply_if_legal", spy)
    text = simulate(game, 2, 7)
    reports(text, False, monkeypatch)
    assert not asked
    reports(text, True, monkeypatch)
    assert any(action.kind == "play" for action in asked)
