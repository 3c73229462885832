"""The match state's declared next dealer (``MatchState.next_dealer``) is the dealer of the
next deal in every game: a deal that names no dealer is dealt by him, and the simulator
states him."""

from __future__ import annotations

import dataclasses

import pytest

from referee.replay.replay import MatchReplay
from referee.replay.simulate import simulate_records

GAMES = ["28", "29", "40", "56", "25", "avinas", "22"]


@pytest.mark.parametrize("game", GAMES)
def test_the_next_deal_is_dealt_by_the_match_states_next_dealer(game):
    records = simulate_records(game, 8, seed=11)
    checked = 0
    for record in records:
        replay = MatchReplay(record.header)
        assert replay.match.next_dealer is None  # the record names the first dealer
        for deal in record.deals:
            if replay.match.deals:
                assert deal.dealer == replay.match.next_dealer
                checked += 1
            report = replay.replay_deal(deal)
            assert report.findings == []
    assert checked > 0


@pytest.mark.parametrize("game", GAMES)
def test_a_deal_without_a_dealer_is_dealt_by_the_next_dealer(game):
    record = simulate_records(game, 3, seed=5)[0]
    replay = MatchReplay(record.header)
    for number, deal in enumerate(record.deals):
        if number:
            expected = replay.match.next_dealer
            deal = dataclasses.replace(deal, dealer=None)
            report = replay.replay_deal(deal)
            assert report.dealer == expected and report.findings == []
        else:
            replay.replay_deal(deal)
