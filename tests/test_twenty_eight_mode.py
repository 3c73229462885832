"""The deal's mode (games/twenty_eight/mode.py): what the ordinary deal and a single hand
answer when the phases ask who plays, who sits out, what is ruled out and when the deal is
decided."""

from __future__ import annotations

from referee.games.twenty_eight.mode import PARTNERSHIP, SingleHandMode

NEXT = {"N": "W", "W": "S", "S": "E", "E": "N"}  # counter-clockwise, as in Twenty-Eight
TEAMS = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


def same_team(a: str, b: str) -> bool:
    return TEAMS[a] == TEAMS[b]


def test_the_ordinary_deal_has_every_player_and_rules_nothing_out():
    assert PARTNERSHIP.declarer is None
    assert not any(PARTNERSHIP.sits_out(seat) for seat in NEXT)
    assert PARTNERSHIP.trick_size(4) == 4
    assert [PARTNERSHIP.next_player(seat, NEXT) for seat in "NWSE"] == list("WSEN")
    for kind in ("single", "trump", "call", "double", "redouble", "c-call", "pair", "play"):
        assert PARTNERSHIP.rules_out(kind) is None
    assert PARTNERSHIP.after_trick(1, "E", same_team) is PARTNERSHIP
    assert not PARTNERSHIP.decided


def test_a_single_hand_skips_the_declarers_partner():
    mode = SingleHandMode("W", ("E",))
    assert mode.sits_out("E") and not mode.sits_out("W") and not mode.sits_out("N")
    assert mode.trick_size(4) == 3
    assert mode.next_player("S", NEXT) == "N"  # E sits out: after S comes N
    assert mode.next_player("N", NEXT) == "W"


def test_a_single_hand_rules_out_trumps_pair_and_doubles_with_its_declarer_named():
    mode = SingleHandMode("W", ("E",))
    assert mode.rules_out("single") == "W already plays a single hand"
    assert mode.rules_out("call") == "W plays a single hand: there are no trumps"
    assert mode.rules_out("pair") == "no pair in a single hand (W plays without trumps)"
    for kind in ("trump", "double", "redouble", "c-call"):
        assert "W plays a single hand" in (mode.rules_out(kind) or "")
    assert mode.rules_out("play") is None


def test_the_first_trick_lost_decides_a_single_hand():
    mode = SingleHandMode("W", ("E",))
    assert mode.after_trick(1, "W", same_team) is mode and not mode.decided
    lost = mode.after_trick(2, "N", same_team)
    assert lost.decided and lost.lost == 2
    assert lost.after_trick(3, "S", same_team).lost == 2  # the first loss is the one kept
    assert not mode.decided  # the mode is a value: the earlier one is unchanged
