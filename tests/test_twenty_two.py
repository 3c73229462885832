"""Rule tests of Twenty-Two (referee/games/twenty_two/ruleset.py): every rule id legal and illegal,
the edge cases of digest 3.8 (``test_22_NN_...``, #1-#35) stated as small deals, dealer and leader,
damage, death and the end of the game, the options, and the legal-action generator.

The illegal edge cases are also records in samples/twenty-two/, checked with their Expect tags
in tests/test_twenty_two_samples.py.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from referee.games import find_game, ruleset_for
from referee.games.twenty_two.ruleset import (
    DAMAGE,
    STRENGTH,
    Match22,
    TwentyTwo,
    TwentyTwoState,
    dominates,
    strengths,
)
from referee.model.errors import RecordError
from referee.model.record import Action
from referee.notation.parser import iter_items, parse_records
from referee.pipeline.checking import check_text
from referee.replay.replay import replay_stream
from referee.replay.simulate import simulate_records
from referee.report.model import MatchReport

# -- helpers -------------------------------------------------------------------------------------


def header(seats: str, options: tuple[tuple[str, str], ...] = (), rules: str | None = None
           ) -> str:
    lines = ['[Game "twenty-two"]', f'[Seats "{seats}"]']
    if rules:
        lines.append(f'[Rules "{rules}"]')
    lines += [f'[Option "{name}" "{value}"]' for name, value in options]
    return "\n".join(lines) + "\n\n"


def deal_text(hands: dict[str, str], events: str = "", dealer: str | None = "P1",
              number: int = 1) -> str:
    lines = [f"deal {number}" + (f" dealer {dealer}" if dealer else "")]
    lines += [f"{seat}: {cards}" for seat, cards in hands.items()]
    return "\n".join(lines) + "\n" + events + "\n"


def start(hands: dict[str, str], events: str = "", *, seats: str | None = None,
          dealer: str | None = "P1", options: tuple[tuple[str, str], ...] = (),
          setup: Callable[[Match22], None] | None = None, rules: str | None = None,
          ) -> tuple[TwentyTwo, Match22, TwentyTwoState]:
    """The state after ``events`` (each must be legal) of a deal with ``hands``; ``setup``
    changes the match before the deal (damage, markers, deal count, the last losers)."""
    seats = seats or " ".join(hands)
    [record] = parse_records(header(seats, options, rules) + deal_text(hands, events, dealer))
    ruleset = ruleset_for(record.header)
    assert isinstance(ruleset, TwentyTwo)
    match = ruleset.new_match()
    if setup is not None:
        setup(match)
    [deal] = record.deals
    state = ruleset.start_deal(match, deal)
    for event in deal.events:
        exclusion = ruleset.check(state, event.action)
        assert exclusion is None, (str(event.action), exclusion)
        ruleset.apply(state, event.action)
    return ruleset, match, state


def play(seat: str, cards: str) -> Action:
    return Action(seat, "play", cards=tuple(cards.split()))


def exchange(seat: str, given: str = "", drawn: str = "") -> Action:
    return Action(seat, "exchange", cards=tuple(given.split()), drawn=tuple(drawn.split()))


def verdict(ruleset: TwentyTwo, state: TwentyTwoState, action: Action) -> str | None:
    exclusion = ruleset.check(state, action)
    return None if exclusion is None else exclusion.rule


def replay(text: str) -> list[MatchReport]:
    return list(replay_stream(iter_items(text, file="t.ttn")))


def errors(report: MatchReport) -> list[tuple[str, int | None, int | None, str | None]]:
    return [(f.rule, f.deal, f.trick, f.seat) for f in report.all_findings()
            if f.severity == "error"]


def later(deals: int = 1, nominal: int = 7, losers: tuple[str, ...] = (),
          damage: dict[str, int] | None = None, markers: tuple[str, ...] = (),
          dead: tuple[str, ...] = ()) -> Callable[[Match22], None]:
    """A match ``setup``: deals already played, the last losers, damage, markers, deaths."""
    def setup(match: Match22) -> None:
        match.deals = deals
        match.nominal = nominal
        match.losers = losers
        match.damage.update(damage or {})
        match.markers.extend(markers)
        match.alive = [seat for seat in match.alive if seat not in dead]
    return setup


NONE3 = "P1 exchange none  P2 exchange none  P3 exchange none"
"""The exchange round of a three-player deal dealt by P3 (P1 leads)."""

# A complete legal two-player first deal: P2 deals, P1 leads.
DEAL_2P = deal_text(
    {"P1": "AS AH AD AC KS KH KD", "P2": "2C 3C 4C 5C 6C 7C 8C"},
    "P1 exchange none  P2 exchange 8C > 9D\n"
    "1. P1 AS AH  P2 2C 3C\n"
    "2. P1 AD AC  P2 4C 5C\n"
    "3. P1 KS KH  P2 6C 7C\n"
    "4. P1 KD  P2 9D\n",
    dealer="P2")


# -- the game as a whole -------------------------------------------------------------------------


def test_registry_and_aliases():
    assert find_game("22") is TwentyTwo
    assert find_game("twenty-two") is TwentyTwo
    assert set(TwentyTwo.presets) == {"standard", "first-death-ends"}


def test_every_rule_has_a_summary():
    for rule in TwentyTwo.rules.values():
        assert rule.id.startswith("22.") and rule.summary


def test_options_are_typed_and_name_known_rules():
    for spec in TwentyTwo.option_specs:
        assert spec.kind in ("bool", "int", "choice")
        for rule in spec.rules:
            assert rule in TwentyTwo.rules
    names = {spec.name for spec in TwentyTwo.option_specs}
    assert names == {"packs", "direction", "first_dealer", "next_dealer", "markers_removed",
                     "deal_cap", "exchange_once", "set_compare", "follower_sets_mixed",
                     "trick_tie", "last_trick_tie", "game_end", "simultaneous_wipeout",
                     "ace_lead_forces_lowest"}


@pytest.mark.parametrize(("name", "value"), [
    ("next_dealer", "winner"), ("last_trick_tie", "first"), ("set_compare", "highest"),
    ("exchange_once", "no"), ("packs", "0"), ("game_end", "sudden"),
])
def test_values_that_are_not_honoured_are_refused(name, value):
    text = header("P1 P2", ((name, value),)) + DEAL_2P
    report = check_text(text, "t.ttn")
    assert report.error_code == "record.option-value"


def test_complete_two_player_deal_is_legal_and_scored():
    [match] = replay(header("P1 P2") + DEAL_2P)
    assert errors(match) == []
    result = match.deals[0].result
    assert result.points == {"P1": 10, "P2": 0}  # K beats 9 in the last trick: P1 loses
    assert result.score == {"P1": 10, "P2": 0}
    assert "P1 loses with KD: +10" in result.outcome
    assert not match.finished


@pytest.mark.parametrize(("seats", "code"), [
    ("P1", "record.seats"), ("P1 P2 P3 P4 P5 P6 P7", "record.seats")])
def test_table_sizes(seats, code):
    report = check_text(header(seats) + "deal 1 dealer P1\n", "t.ttn")
    assert report.error_code == code


def test_seven_players_with_two_packs():
    seats = " ".join(f"P{i}" for i in range(1, 8))
    [record] = simulate_records("twenty-two", 2, 3, seats=tuple(seats.split()),
                                options={"packs": 2})
    assert len(record.deals[0].hands) == 7
    [match] = replay(header(seats, (("packs", "2"),)) + "\n".join(
        deal_text({h.seat: " ".join(h.cards) for h in deal.hands}, "", deal.dealer, deal.number)
        for deal in record.deals[:1]))
    assert "22.incomplete" in [f.rule for f in match.all_findings()]
    assert "record" not in " ".join(f.rule for f in match.all_findings())


def test_teams_are_refused():
    text = header("P1 P2 P3 P4") .replace("\n\n", '\n[Teams "P1 P3" "P2 P4"]\n\n')
    report = check_text(text + "deal 1 dealer P1\n", "t.ttn")
    assert report.error_code == "record.teams"


def test_deal_size_and_dealer_are_reported():
    text = header("P1 P2") + deal_text({"P1": "AS AH", "P2": "2C 3C"}, "", dealer="P2")
    [match] = replay(text)
    assert ("22.deal-size", 1, None, None) in errors(match)


def test_unequal_hands_are_a_broken_record():
    text = header("P1 P2") + deal_text({"P1": "AS AH AD AC KS KH KD", "P2": "2C"})
    assert check_text(text, "t.ttn").error_code == "record.hand-size"
    # a missing hand line of an unfinished deal: his cards not seen are the model's, and
    # the deal is only incomplete (no longer a broken record)
    text = header("P1 P2") + deal_text({"P1": "AS AH AD AC KS KH KD"},
                                       "P2 exchange none  P1 exchange none\n1. P2 2C  P1 AS",
                                       dealer="P1")
    report = check_text(text, "t.ttn")
    assert report.error_code is None
    assert {f.rule for f in report.matches[0].all_findings()} == {"22.incomplete"}


def test_card_dealt_twice_and_marker_dealt_again():
    text = header("P1 P2") + deal_text({"P1": "AS AH AD AC KS KH KD",
                                        "P2": "AS 3C 4C 5C 6C 7C 8C"})
    assert check_text(text, "t.ttn").error_code == "record.card-twice"
    with pytest.raises(RecordError, match="damage marker"):
        start({"P1": "KD 2H", "P2": "3C 4C"}, dealer="P1",
              setup=later(nominal=2, losers=("P1",), markers=("KD",)))


def test_hands_inferred_from_plays_and_exchanges():
    events = DEAL_2P.split("\n", 3)[3]
    text = header("P1 P2") + "deal 1 dealer P2\n" + events
    [match] = replay(text)
    assert errors(match) == []
    assert match.deals[0].result.points == {"P1": 10, "P2": 0}


def test_incomplete_deal_is_reported_and_not_scored():
    text = header("P1 P2") + DEAL_2P.replace("4. P1 KD  P2 9D\n", "")
    [match] = replay(text)
    assert [f.rule for f in match.all_findings()] == ["22.incomplete"]
    assert match.deals[0].result.scored is False


def test_deal_over_and_match_over():
    text = header("P1 P2") + DEAL_2P.replace("P2 9D\n", "P2 9D\nP1 2H\n")
    [match] = replay(text)
    assert errors(match) == [("22.deal-over", 1, 5, "P1")]


def test_trick_number_mark():
    text = header("P1 P2") + DEAL_2P.replace("3. P1 KS", "4. P1 KS")
    [match] = replay(text)
    assert errors(match) == [("22.trick-number", 1, 3, "P1")]


def test_turn_and_not_held_are_fatal():
    ruleset, _, state = start({"P1": "AS AH", "P2": "2C 3C"},
                              "P1 exchange none  P2 exchange none", dealer="P2")
    assert ruleset.check(state, play("P2", "2C")).fatal
    assert verdict(ruleset, state, play("P2", "2C")) == "22.turn"
    assert verdict(ruleset, state, play("P1", "KS")) == "22.not-held"
    assert verdict(ruleset, state, play("P1", "AS AS")) == "22.not-held"
    assert verdict(ruleset, state, play("P1", "AS")) is None


# -- leads (T22-T2) --------------------------------------------------------------------------------


def test_22_01_leader_may_not_empty_the_hand():
    hands = {"P1": "KS KH KD", "P2": "2C 3C 4C"}
    ruleset, _, state = start(hands, "P1 exchange none  P2 exchange none", dealer="P2")
    assert verdict(ruleset, state, play("P1", "KS KH KD")) == "22.lead-keep"
    assert ruleset.check(state, play("P1", "KS KH KD")).fatal
    assert verdict(ruleset, state, play("P1", "KS")) is None
    assert verdict(ruleset, state, play("P1", "KS KD")) is None


def test_22_02_cards_led_together_are_of_one_rank():
    hands = {"P1": "JS QH 2D", "P2": "2C 3C 4C"}
    ruleset, _, state = start(hands, "P1 exchange none  P2 exchange none", dealer="P2")
    assert verdict(ruleset, state, play("P1", "JS QH")) == "22.lead-equal"
    assert not ruleset.check(state, play("P1", "JS QH")).fatal


def test_22_30_two_cards_each_lead_one_then_the_last_trick():
    hands = {"P1": "5S 5H", "P2": "2C 3C"}
    setup = later(nominal=2, losers=("P2",))
    ruleset, match, state = start(hands, "P1 exchange none  P2 exchange none", dealer="P2",
                                  setup=setup)
    assert ruleset.deal_size(match) == 2
    assert verdict(ruleset, state, play("P1", "5S 5H")) == "22.lead-keep"
    ruleset.apply(state, play("P1", "5S"))
    ruleset.apply(state, play("P2", "2C"))
    assert state.turn == "P1" and not ruleset.is_deal_over(state)
    assert verdict(ruleset, state, play("P1", "5H")) is None  # the last trick: one card
    ruleset.apply(state, play("P1", "5H"))
    ruleset.apply(state, play("P2", "3C"))
    assert ruleset.is_deal_over(state)
    assert ruleset.settle(match, state, []).points == {"P1": 5, "P2": 0}


def test_22_31_one_card_each_exchange_then_last_trick():
    # 47 markers out of the pack leave 5 cards for 3 living players: 1 each, stock 2.
    markers = tuple(card for card in _pack() if card not in {"2S", "3S", "4S", "5S", "6S"})
    setup = later(nominal=5, losers=("P3",), markers=markers)
    ruleset, match, state = start({"P1": "2S", "P2": "3S", "P3": "4S"}, "", dealer="P3",
                                  setup=setup)
    assert ruleset.deal_size(match) == 1 and state.stock == 2
    assert state.stage == "exchange" and state.turn == "P1"
    for action in (exchange("P1", "2S", "5S"), exchange("P2"), exchange("P3", "4S", "6S")):
        assert verdict(ruleset, state, action) is None
        ruleset.apply(state, action)
    assert verdict(ruleset, state, play("P1", "5S")) is None
    for action in (play("P1", "5S"), play("P2", "3S"), play("P3", "6S")):
        ruleset.apply(state, action)
    assert ruleset.is_deal_over(state)
    assert ruleset.settle(match, state, []).points == {"P1": 0, "P2": 0, "P3": 6}


def _pack() -> list[str]:
    return [rank + suit for suit in "SHDC" for rank in "AKQJT98765432"]


# -- follows (T22-T3 - T22-T6) ------------------------------------------------------------------


def three(hands: dict[str, str], events: str = "", **kwargs):
    """A three-player deal dealt by P3 after the exchange round (P1 leads)."""
    return start(hands, NONE3 + "\n" + events, dealer="P3", **kwargs)


def test_22_03_single_lead_beat_it_or_play_the_lowest():
    ruleset, _, state = three({"P1": "TS 2H 3H", "P2": "4C 9C QC", "P3": "5D 6D 7D"},
                              "P1 TS")
    assert verdict(ruleset, state, play("P2", "QC")) is None
    assert verdict(ruleset, state, play("P2", "4C")) is None
    assert verdict(ruleset, state, play("P2", "9C")) == "22.follow"
    assert not ruleset.check(state, play("P2", "9C")).fatal


def test_22_04_last_of_the_equal_strongest_wins():
    ruleset, _, state = three({"P1": "TS 2H 4H", "P2": "TC 9C QC", "P3": "3D 6D 7D"},
                              "P1 TS  P2 TC  P3 3D")
    assert state.tricks[-1].winner == "P2" and state.turn == "P2"


def test_22_05_last_of_three_equal_leads_wins():
    hands = {"P1": "8S 2H 4H", "P2": "8C 9C QC", "P3": "8D 6D 7D", "P4": "2D 3D 4D"}
    ruleset, _, state = start(hands, "P1 exchange none  P2 exchange none  P3 exchange none  "
                              "P4 exchange none  P1 8S  P2 8C  P3 8D  P4 2D", dealer="P4")
    assert state.tricks[-1].winner == "P3"


def test_trick_tie_first_option():
    hands = {"P1": "8S 2H 4H", "P2": "8C 9C QC", "P3": "8D 6D 7D"}
    ruleset, _, state = three(hands, "P1 8S  P2 8C  P3 8D", options=(("trick_tie", "first"),))
    assert state.tricks[-1].winner == "P1"


def test_22_06_lowest_and_dominating_at_once_becomes_the_bar():
    ruleset, _, state = three({"P1": "5S 2H 3H", "P2": "7C 9C KC", "P3": "3D 6D 7D"}, "P1 5S")
    assert verdict(ruleset, state, play("P2", "7C")) is None
    ruleset.apply(state, play("P2", "7C"))
    assert state.bar == [STRENGTH["7"]] and state.bar_seat == "P2"


def pair_trick(p1: str, p2: str, p3: str, p4: str, events: str):
    hands = {"P1": p1, "P2": p2, "P3": p3, "P4": p4}
    return start(hands, "P1 exchange none  P2 exchange none  P3 exchange none  "
                 "P4 exchange none\n" + events, dealer="P4")


def test_22_07_22_08_22_09_the_bar_of_pairs():
    ruleset, _, state = pair_trick("TS TH 2H", "JC KC 3C", "QS QD AS", "JD AD 4D",
                                   "P1 TS TH")
    assert verdict(ruleset, state, play("P2", "JC KC")) is None           # 7
    ruleset.apply(state, play("P2", "JC KC"))
    assert state.bar == strengths(["JC", "KC"]) and state.bar_seat == "P2"
    assert verdict(ruleset, state, play("P3", "QS QD")) is None           # 8: the lowest
    ruleset.apply(state, play("P3", "QS QD"))
    assert state.bar_seat == "P2"                                         # Q < K: no change
    assert verdict(ruleset, state, play("P4", "JD AD")) is None           # 9
    ruleset.apply(state, play("P4", "JD AD"))
    assert state.tricks[-1].winner == "P4"


def test_22_08_pair_that_neither_dominates_nor_is_lowest():
    ruleset, _, state = pair_trick("TS TH 2H", "JC KC 3C", "2S QS QD", "JD AD 4D",
                                   "P1 TS TH  P2 JC KC")
    assert verdict(ruleset, state, play("P3", "QS QD")) == "22.follow"


def test_22_10_lowest_pair_that_does_not_dominate():
    ruleset, _, state = three({"P1": "TS TH 2H", "P2": "3C AC AH", "P3": "4D 6D 7D"},
                              "P1 TS TH")
    assert verdict(ruleset, state, play("P2", "3C AC")) is None
    ruleset.apply(state, play("P2", "3C AC"))
    assert state.bar_seat == "P1" and state.bar == strengths(["TS", "TH"])


def test_22_11_22_12_dominate_or_lowest_pair():
    hands = {"P1": "TS TH 2H 2D", "P2": "3C 8C QC AC", "P3": "4D 6D 7D 8D"}
    ruleset, _, state = three(hands, "P1 TS TH")
    assert verdict(ruleset, state, play("P2", "QC AC")) is None
    assert verdict(ruleset, state, play("P2", "3C 8C")) is None
    assert verdict(ruleset, state, play("P2", "8C AC")) == "22.follow"


def test_22_13_three_card_sets():
    hands = {"P1": "6S 6H 6D 2C", "P2": "6C 9C KC 2H", "P3": "7S 7H QS AS",
             "P4": "2S 3S 4S 5S"}
    ruleset, _, state = pair_trick(hands["P1"], hands["P2"], hands["P3"], hands["P4"],
                                   "P1 6S 6H 6D  P2 6C 9C KC")
    assert state.bar == strengths(["6C", "9C", "KC"]) and state.bar_seat == "P2"
    assert verdict(ruleset, state, play("P3", "7S 7H QS")) is None       # the lowest three
    ruleset2, _, state2 = pair_trick(hands["P1"], hands["P2"], "2D 7S 7H QS", hands["P4"],
                                     "P1 6S 6H 6D  P2 6C 9C KC")
    assert verdict(ruleset2, state2, play("P3", "7S 7H QS")) == "22.follow"


def test_22_14_follow_with_as_many_cards():
    ruleset, _, state = three({"P1": "TS TH 2H", "P2": "3C AC AH", "P3": "4D 6D 7D"},
                              "P1 TS TH")
    assert verdict(ruleset, state, play("P2", "AC")) == "22.follow-count"
    assert ruleset.check(state, play("P2", "AC")).fatal
    assert verdict(ruleset, state, play("P2", "3C AC AH")) == "22.follow-count"


def test_22_15_lowest_is_by_rank():
    hands = {"P1": "6S 6H 2H 2D", "P2": "3C 5C 5H 9C", "P3": "4D 7D 8D 9D"}
    ruleset, _, state = three(hands, "P1 6S 6H")
    assert verdict(ruleset, state, play("P2", "5C 5H")) == "22.follow"
    assert verdict(ruleset, state, play("P2", "3C 5C")) is None
    assert verdict(ruleset, state, play("P2", "3C 5H")) is None  # either 5 will do


def test_22_35_lowest_and_dominating_pair_sets_the_bar():
    hands = {"P1": "4S 4H 2H 2D", "P2": "6C 9C KC 2C", "P3": "6D 9D QD AD"}
    ruleset, _, state = three(hands, "P1 4S 4H")
    assert verdict(ruleset, state, play("P2", "6C 9C")) is None
    ruleset.apply(state, play("P2", "6C 9C"))
    assert state.bar_seat == "P2"
    ruleset.apply(state, play("P3", "6D 9D"))  # equal: the later one takes over
    assert state.tricks[-1].winner == "P3"


def test_dominance_is_sorted_element_wise():
    """T22-T4's check against the seed: exactly seven pairs dominate J-K."""
    bar = strengths(["JS", "KS"])
    ranks = "23456789TJQKA"
    pairs = {tuple(sorted((a, b), key=ranks.index)) for a in ranks for b in ranks}
    winners = {a + b for a, b in pairs if dominates([a + "S", b + "H"], bar)}
    assert winners == {"JK", "JA", "QK", "QA", "KK", "KA", "AA"}
    assert dominates(["JS", "KS"], strengths(["TS", "TH"]))
    assert not dominates(["JS"], strengths(["TS", "TH"]))  # a count mismatch never dominates


def test_ace_lead_forces_lowest_option():
    hands = {"P1": "AS 2H 3H", "P2": "4C 9C AC", "P3": "5D 6D 7D"}
    opts = (("ace_lead_forces_lowest", "yes"),)
    ruleset, _, state = three(hands, "P1 AS", options=opts)
    assert verdict(ruleset, state, play("P2", "AC")) == "22.ace-lead"
    assert verdict(ruleset, state, play("P2", "4C")) is None
    ruleset, _, state = three(hands, "P1 AS")
    assert verdict(ruleset, state, play("P2", "AC")) is None  # off by default


# -- the exchange (T22-X*) ------------------------------------------------------------------------


KEEP = [rank + "S" for rank in "23456789TJQKA"] + [rank + "H" for rank in "23456789TJQKA"]
"""The cards kept in the pack by ``small_stock`` and ``small_markers``, in order."""


def small_markers(living: int, stock: int) -> list[str]:
    """Markers that leave 2 cards each for ``living`` players and ``stock`` more."""
    keep = set(KEEP[:2 * living + stock])
    return [card for card in _pack() if card not in keep]


def small_stock(stock: int, seats: int = 3) -> Callable[[Match22], None]:
    """A later deal with 2 cards each (2S-7S for three players) and ``stock`` cards left
    (8S, 9S, TS, ...) in the stock."""
    return later(nominal=2, losers=("P3",), markers=tuple(small_markers(seats, stock)))


def test_22_24_no_more_than_the_stock():
    hands = {"P1": "2S 3S", "P2": "4S 5S", "P3": "6S 7S"}
    ruleset, _, state = start(hands, "P1 exchange 2S 3S > 8S 9S", dealer="P3",
                              setup=small_stock(3))
    assert state.stock == 1
    assert verdict(ruleset, state, exchange("P2", "4S 5S", "TS 2S")) == "22.exchange-stock"
    assert not ruleset.check(state, exchange("P2", "4S 5S", "TS 2S")).fatal
    assert verdict(ruleset, state, exchange("P2", "4S", "TS")) is None
    assert verdict(ruleset, state, exchange("P2")) is None
    ruleset.apply(state, exchange("P2", "4S", "TS"))
    assert state.stage == "play"  # the stock is empty: P3 cannot exchange
    assert verdict(ruleset, state, exchange("P3", "6S", "JS")) == "22.exchange-stock"
    assert verdict(ruleset, state, play("P1", "8S")) is None


def test_22_28_second_exchange_and_out_of_turn():
    hands = {"P1": "2S 3S", "P2": "4S 5S", "P3": "6S 7S"}
    ruleset, _, state = start(hands, "P1 exchange 2S > 8S", dealer="P3", setup=small_stock(5))
    assert verdict(ruleset, state, exchange("P1", "3S", "9S")) == "22.exchange-once"
    assert verdict(ruleset, state, exchange("P3", "6S", "9S")) == "22.turn"
    assert verdict(ruleset, state, exchange("P2", "5S", "9S")) is None


def test_22_29_discards_never_come_back():
    hands = {"P1": "2S 3S", "P2": "4S 5S", "P3": "6S 7S"}
    ruleset, _, state = start(hands, "P1 exchange 2S > 8S", dealer="P3", setup=small_stock(5))
    assert verdict(ruleset, state, exchange("P2", "4S", "2S")) == "22.exchange-discards"
    assert verdict(ruleset, state, exchange("P2", "4S", "4S")) == "22.exchange-discards"


def test_exchange_draw_count_and_source():
    hands = {"P1": "2S 3S", "P2": "4S 5S", "P3": "6S 7S"}
    ruleset, _, state = start(hands, "", dealer="P3", setup=small_stock(5))
    assert verdict(ruleset, state, exchange("P1", "2S 3S", "8S")) == "22.exchange-draw"
    assert verdict(ruleset, state, exchange("P1", "2S", "6S")) == "22.exchange-draw"  # held
    assert verdict(ruleset, state, exchange("P1", "2S", "AH")) == "22.exchange-draw"  # marker
    assert verdict(ruleset, state, exchange("P1", "KS", "8S")) == "22.not-held"
    assert verdict(ruleset, state, exchange("P1", "2S 3S", "8S 9S")) is None


def test_exchange_round_before_the_lead():
    hands = {"P1": "2S 3S", "P2": "4S 5S", "P3": "6S 7S"}
    ruleset, _, state = start(hands, "P1 exchange none", dealer="P3", setup=small_stock(5))
    assert verdict(ruleset, state, play("P1", "2S")) == "22.exchange-first"
    assert not ruleset.check(state, play("P1", "2S")).fatal
    assert verdict(ruleset, state, play("P2", "4S")) == "22.turn"
    ruleset.apply(state, play("P1", "2S"))  # carried out: the others are taken to decline
    assert state.turn == "P2" and verdict(ruleset, state, exchange("P2")) == "22.turn"


def test_no_exchange_round_without_a_stock():
    hands = {"P1": "2S 3S", "P2": "4S 5S", "P3": "6S 7S"}
    ruleset, _, state = start(hands, "", dealer="P3", setup=small_stock(0))
    assert state.stage == "play"
    assert verdict(ruleset, state, exchange("P1", "2S", "8S")) == "22.exchange-stock"
    assert verdict(ruleset, state, play("P1", "2S")) is None
    # declining is an exchange of k = 0 <= min(hand, stock) (T22-X2): recording it is legal
    assert verdict(ruleset, state, exchange("P1")) is None
    ruleset.apply(state, exchange("P1"))
    assert verdict(ruleset, state, exchange("P1")) == "22.exchange-once"
    assert verdict(ruleset, state, play("P1", "2S")) is None


def test_declining_after_the_stock_ran_out_is_legal():
    """T22-X2 (k = 0 is always within min(hand, stock)), T22-X4: once the stock is empty the
    later players cannot exchange, but writing down that they declined is no violation."""
    hands = {"P1": "2S 3S", "P2": "4S 5S", "P3": "6S 7S"}
    ruleset, _, state = start(hands, "P1 exchange 2S 3S > 8S 9S  P2 exchange none",
                              dealer="P3", setup=small_stock(2))
    assert state.stage == "play" and state.stock == 0
    assert verdict(ruleset, state, exchange("P3")) is None
    assert verdict(ruleset, state, exchange("P3", "6S", "TS")) == "22.exchange-stock"
    ruleset.apply(state, exchange("P3"))
    assert verdict(ruleset, state, exchange("P3")) == "22.exchange-once"
    assert verdict(ruleset, state, play("P1", "8S")) is None
    ruleset.apply(state, play("P1", "8S"))
    # once play has begun, nothing more of the exchange round may be recorded
    _, _, state = start(hands, "P1 exchange 2S 3S > 8S 9S  P2 exchange none  P1 8S",
                        dealer="P3", setup=small_stock(2))
    assert verdict(ruleset, state, exchange("P3")) == "22.turn"


def test_drawing_beyond_the_stock_a_card_held_elsewhere_is_fatal():
    """T22-X2, decision 4: an exchange beyond the stock stands, but a drawn card that another
    player holds (or that was played, or is a marker) would then be in two places at once."""
    hands = {"P1": "2S 3S", "P2": "4S 5S", "P3": "6S 7S"}
    ruleset, _, state = start(hands, "P1 exchange 2S 3S > 8S 9S", dealer="P3",
                              setup=small_stock(3))
    assert state.stock == 1
    over = exchange("P2", "4S 5S", "TS 6S")  # 6S is P3's
    exclusion = ruleset.check(state, over)
    assert exclusion.rule == "22.exchange-draw" and exclusion.fatal
    over = exchange("P2", "4S 5S", "TS 2S")  # 2S is P1's discard: the exchange stands
    exclusion = ruleset.check(state, over)
    assert exclusion.rule == "22.exchange-stock" and not exclusion.fatal
    assert ruleset.check(state, exchange("P2", "4S 5S", "2S 6S")).fatal
    # within the stock: a discard drawn back stands, but not together with a held card
    ruleset, _, state = start(hands, "P1 exchange 2S > 8S", dealer="P3", setup=small_stock(3))
    assert verdict(ruleset, state, exchange("P2", "4S 5S", "9S 2S")) == "22.exchange-discards"
    exclusion = ruleset.check(state, exchange("P2", "4S 5S", "2S 6S"))
    assert exclusion.rule == "22.exchange-draw" and exclusion.fatal


# -- the deal size (T22-D*) -----------------------------------------------------------------------


def size_and_stock(players: int, markers: int, nominal: int) -> tuple[int, int]:
    seats = tuple(f"P{i}" for i in range(1, players + 1))
    [record] = parse_records(header(" ".join(seats)))
    ruleset = ruleset_for(record.header)
    match = ruleset.new_match()
    later(nominal=nominal, losers=("P1",), markers=tuple(_pack()[:markers]))(match)
    size = ruleset.deal_size(match)
    return size, ruleset.available(match) - size * players


def test_first_deal_is_seven_each():
    assert size_and_stock(6, 0, 7) == (7, 10)


def test_22_21_six_players_after_a_queen():
    assert size_and_stock(6, 1, 10) == (8, 3)


def test_22_22_five_players_nine_markers():
    assert size_and_stock(5, 9, 11) == (8, 3)


def test_22_23_two_players_fourteen_markers():
    assert size_and_stock(2, 14, 11) == (11, 16)


def test_markers_back_in_the_pack_option():
    [record] = parse_records(header("P1 P2 P3 P4 P5 P6", (("markers_removed", "no"),)))
    ruleset = ruleset_for(record.header)
    match = ruleset.new_match()
    later(nominal=10, losers=("P1",), markers=("QS",))(match)
    assert ruleset.deal_size(match) == 8 and ruleset.available(match) == 52


# -- the last trick, damage, death, the next deal (T22-F*, T22-P*) -------------------------------


def last_trick(cards: dict[str, str], *, damage: dict[str, int] | None = None,
               options: tuple = (), rules: str | None = None, dead: tuple[str, ...] = ()):
    """A later deal of one card each (a short pack), played out: (ruleset, match, result)."""
    seats = " ".join(f"P{i}" for i in range(1, 7) if f"P{i}" in cards or f"P{i}" in dead)
    living = len(cards)
    keep = set(cards.values())
    out = tuple(card for card in _pack() if card not in keep)  # one card each, no stock
    setup = later(nominal=2, losers=(next(iter(cards)),), damage=damage, markers=out,
                  dead=dead)
    first = next(iter(cards))
    order = list(cards)
    ruleset, match, state = start(cards, "", seats=seats, dealer=None, setup=setup,
                                  options=options, rules=rules)
    # the leader is the next living seat after the last loser
    assert state.leader == order[1 % living]
    for seat in order[1:] + order[:1]:
        ruleset.apply(state, play(seat, cards[seat]))
    assert ruleset.is_deal_over(state), first
    return ruleset, match, ruleset.settle(match, state, [])


def test_22_16_tied_highest_cards_all_lose():
    ruleset, match, result = last_trick({"P1": "KS", "P2": "KH", "P3": "4D"})
    assert result.points == {"P1": 10, "P2": 10, "P3": 0}
    assert match.nominal == 10 and match.losers == ("P1", "P2")
    options = ruleset._dealer_options(match)
    assert options == [("P1", "P2"), ("P2", "P3")]


TIED_DEAL = header("P1 P2 P3") + deal_text(
    {"P1": "KS 2C 3C 4C 5C 6C 7C", "P2": "KH 2D 3D 4D 5D 6D 7D",
     "P3": "4S 2H 3H 8H 9H TH JH"},
    NONE3 + "\n1. P1 7C  P2 7D  P3 8H\n2. P3 2H  P1 2C  P2 2D\n3. P2 3D  P3 3H  P1 3C\n"
    "4. P1 4C  P2 4D  P3 9H\n5. P3 TH  P1 5C  P2 5D\n6. P3 JH  P1 6C  P2 6D\n"
    "7. P3 4S  P1 KS  P2 KH\n", dealer="P3")
"""A first deal that P1 and P2 lose together, each with a king."""

SECOND = {"P1": "2S 3S 4S 5S 6S 7S 8S 9S TS JS", "P2": "2H 3H 4H 5H 6H 7H 8H 9H TH JH",
          "P3": "2D 3D 4D 5D 6D 7D 8D 9D TD JD"}


@pytest.mark.parametrize(("dealer", "order"), [("P1", "P2 P3 P1"), ("P2", "P3 P1 P2")])
def test_22_16_the_record_chooses_the_tied_loser(dealer, order):
    [match] = replay(TIED_DEAL)
    assert errors(match) == []
    assert match.deals[0].result.points == {"P1": 10, "P2": 10, "P3": 0}
    seats = order.split()
    events = "  ".join(f"{seat} exchange none" for seat in seats)
    events += f"\n1. {seats[0]} {SECOND[seats[0]].split()[0]}"
    [match] = replay(TIED_DEAL + deal_text(SECOND, events, dealer=dealer, number=2))
    # dealt 10 each (the kings' damage) and led from the chosen loser's left: only the
    # record's end is missing
    assert [(rule, deal) for rule, deal, _, _ in errors(match)] == [("22.incomplete", 2)]


def test_22_16_a_dealer_who_did_not_lose_is_reported():
    events = "P1 exchange none  P2 exchange none  P3 exchange none\n1. P1 2S"
    [match] = replay(TIED_DEAL + deal_text(SECOND, events, dealer="P3", number=2))
    assert ("22.dealer", 2, None, None) in errors(match)
    assert ("22.turn", 2, None, "P1") not in errors(match)  # play follows the stated dealer


def test_22_16_without_a_dealer_the_first_actor_names_the_choice():
    events = "P3 exchange none  P1 exchange none  P2 exchange none\n1. P3 2D"
    [match] = replay(TIED_DEAL + deal_text(SECOND, events, dealer=None, number=2))
    assert [(rule, deal) for rule, deal, _, _ in errors(match)] == [("22.incomplete", 2)]
    assert match.deals[1].dealer == "P2"


def test_22_17_highest_card_loses_its_value():
    _, _, result = last_trick({"P1": "2S", "P2": "9H", "P3": "5D"})
    assert result.points == {"P1": 0, "P2": 9, "P3": 0}


def test_22_18_everyone_shows_the_same_rank():
    _, match, result = last_trick({"P1": "6S", "P2": "6H", "P3": "6D"},
                                  damage={"P1": 16, "P2": 3, "P3": 20})
    assert result.points == {"P1": 6, "P2": 6, "P3": 6}
    assert match.alive == ["P2"] and match.over and match.winners == ("P2",)


@pytest.mark.parametrize(("card", "value"), [("AS", 11), ("QH", 10), ("TD", 10), ("7C", 7),
                                             ("KS", 10), ("JS", 10), ("2C", 2)])
def test_22_19_damage_values(card, value):
    assert DAMAGE[card[0]] == value
    _, _, result = last_trick({"P1": card, "P2": "2H" if card != "2H" else "2D"})
    assert max(result.points.values()) == value


def test_22_20_twenty_two_is_death_twenty_one_is_not():
    _, match, result = last_trick({"P1": "JS", "P2": "2H", "P3": "3D"},
                                  damage={"P1": 12})
    assert match.damage["P1"] == 22 and "P1" not in match.alive
    assert "P1 dies" in result.outcome
    _, match, _ = last_trick({"P1": "JS", "P2": "2H", "P3": "3D"}, damage={"P1": 11})
    assert match.damage["P1"] == 21 and "P1" in match.alive


def test_22_25_two_die_together_the_survivor_wins():
    _, match, _ = last_trick({"P1": "KS", "P2": "KH", "P3": "4D"},
                             damage={"P1": 15, "P2": 12, "P3": 18})
    assert match.over and match.winners == ("P3",)
    assert "P3 wins" in match.ending


def test_22_26_both_die_a_draw_or_the_lower_total():
    _, match, _ = last_trick({"P1": "KS", "P2": "KH"}, damage={"P1": 15, "P2": 17})
    assert match.over and set(match.winners) == {"P1", "P2"}
    assert match.ending.startswith("draw between P1 and P2")
    _, match, _ = last_trick({"P1": "KS", "P2": "KH"}, damage={"P1": 15, "P2": 17},
                             options=(("simultaneous_wipeout", "lowest-damage"),))
    assert match.winners == ("P1",) and match.damage == {"P1": 25, "P2": 27}


def test_22_27_dead_loser_the_next_living_player_leads():
    _, match, _ = last_trick({"P1": "KS", "P2": "2H", "P3": "3D", "P4": "4C"},
                             damage={"P1": 20})
    assert match.alive == ["P2", "P3", "P4"]
    [record] = parse_records(header("P1 P2 P3 P4"))
    ruleset = ruleset_for(record.header)
    # the dead loser P1: P2 leads, and P4 (the nearest living player before P2) deals
    assert ruleset._dealer_options(match) == [("P4", "P2")]


def test_22_32_dead_player_in_a_later_deal():
    hands = {"P2": "2S 3S", "P3": "4S 5S", "P4": "6S 7S"}
    setup = later(nominal=2, losers=("P1",), damage={"P1": 25}, dead=("P1",),
                  markers=tuple(small_markers(3, 5)))
    text = header("P1 P2 P3 P4") + deal_text({"P1": "8S 9S", **hands}, "P1 exchange none",
                                               dealer="P4", number=2)
    [record] = parse_records(text)
    ruleset = ruleset_for(record.header)
    match = ruleset.new_match()
    setup(match)
    state = ruleset.start_deal(match, record.deals[0])
    assert ("22.dead-player", "P1") in [(rule, seat) for rule, _, seat in state.deal_findings]
    assert verdict(ruleset, state, record.deals[0].events[0].action) == "22.dead-player"
    assert ruleset.check(state, play("P1", "8S")).fatal


def test_22_33_same_rank_different_suits_tie():
    _, _, result = last_trick({"P1": "QS", "P2": "QH", "P3": "2D"})
    assert result.points == {"P1": 10, "P2": 10, "P3": 0}


def test_22_34_two_losers_with_sevens_give_seven():
    ruleset, match, _ = last_trick({"P1": "7S", "P2": "7H", "P3": "2D"})
    assert match.nominal == 7
    match.markers.clear()
    assert ruleset.deal_size(match) == 7


def test_first_death_ends_preset():
    _, match, _ = last_trick({"P1": "KS", "P2": "2H", "P3": "3D"},
                             damage={"P1": 15, "P2": 5, "P3": 5}, rules="first-death-ends")
    assert match.over and set(match.winners) == {"P2", "P3"}
    assert "share the win" in match.ending
    _, match, _ = last_trick({"P1": "KS", "P2": "2H", "P3": "3D"},
                             damage={"P1": 15, "P2": 5, "P3": 5})
    assert not match.over


def test_counter_clockwise_direction():
    hands = {"P1": "TS 2H 3H", "P2": "4C 9C QC", "P3": "5D 6D 7D"}
    ruleset, _, state = start(hands, "P2 exchange none  P1 exchange none  P3 exchange none",
                              dealer="P3", options=(("direction", "counter-clockwise"),))
    assert state.leader == "P2"
    ruleset.apply(state, play("P2", "4C"))
    assert state.turn == "P1"


# -- legal actions and simulation ----------------------------------------------------------------


def test_legal_actions_of_a_follow():
    ruleset, _, state = three({"P1": "TS TH 2H 2D", "P2": "3C 8C QC AC", "P3": "4D 6D 7D 8D"},
                              "P1 TS TH")
    allowed = {" ".join(a.cards) for a in ruleset.legal_actions(state).allowed}
    assert allowed == {"3C 8C", "QC AC"}


def test_legal_actions_of_a_lead_and_an_exchange():
    ruleset, _, state = three({"P1": "TS TH 2H", "P2": "3C 8C QC", "P3": "4D 6D 7D"})
    allowed = {" ".join(a.cards) for a in ruleset.legal_actions(state).allowed}
    assert allowed == {"2H", "TS", "TS TH"}
    ruleset, _, state = start({"P1": "2S 3S", "P2": "4S 5S", "P3": "6S 7S"}, "", dealer="P3",
                              setup=small_stock(1))
    allowed = ruleset.legal_actions(state).allowed
    assert {a.kind for a in allowed} == {"exchange"}
    assert all(len(a.cards) <= 1 and a.seat == "P1" for a in allowed)


def test_match_over_after_the_last_survivor():
    from referee.notation.writer import dumps

    [record, *_] = simulate_records("twenty-two", 12, 1, seats=("P1", "P2"))
    text = dumps([record])
    [match] = replay(text)
    assert match.finished and "wins (the last survivor)" in match.result
    assert len(match.deals) == len(record.deals)
    extra = deal_text({"P1": "2S", "P2": "3S"}, "", dealer="P1", number=len(record.deals) + 1)
    [match] = replay(text + "\n" + extra)
    assert ("22.match-over", len(record.deals) + 1, None, None) in errors(match)


# -- the record, the score sheet and the game's listing ------------------------------------------


def test_exchange_cards_are_not_read_as_seats():
    """A run of cards such as 'KD QC' could lex as seat KD playing QC (grammar/ttn.lark)."""
    text = header("P1 P2") + "deal 1 dealer P2\nP1 exchange AS KD QC > 2C 3C 4C\n"
    [record] = parse_records(text)
    [event] = record.deals[0].events
    assert event.action == exchange("P1", "AS KD QC", "2C 3C 4C")


def test_exchange_with_an_empty_draw_reads_writes_and_round_trips():
    """'D exchange 4D >' (nothing drawn: the stock is empty) is notation, not a syntax error;
    text -> JSON -> text and the canonical writer keep the empty draw."""
    import json

    from jsonschema import Draft202012Validator

    from referee.notation.jsonform import json_lines, json_lines_to_records
    from referee.notation.resources import load_schema
    from referee.notation.writer import dumps

    text = header("P1 P2") + "deal 1 dealer P2\nP1 exchange 4D 5D >\nP2 exchange 6D >  P1 2C\n"
    [record] = parse_records(text)
    first, second, _ = record.deals[0].events
    assert first.action == exchange("P1", "4D 5D") and first.action.drawn == ()
    assert second.action == exchange("P2", "6D")
    canonical = dumps([record])
    assert "P1 exchange 4D 5D >\n" in canonical and "P2 exchange 6D >\n" in canonical
    assert dumps(parse_records(canonical)) == canonical
    lines = json_lines([record])
    data = json.loads(lines)
    assert data["deals"][0]["events"][0]["drawn"] == []
    Draft202012Validator(load_schema("record.schema.json")).validate(data)
    assert dumps(json_lines_to_records(lines)) == canonical


def test_exchange_beyond_an_empty_or_short_stock_is_judged_not_refused():
    """T22-X2, T22-X4, C8: an exchange that draws nothing from an empty stock, or less than it
    discards from a short one, is an illegal exchange (22.exchange-stock), found by
    ``referee check`` (exit 1); the hand would be shorter than the others, so the replay of
    the deal stops there."""
    hands = {"P1": "2S 3S", "P2": "4S 5S", "P3": "6S 7S"}
    ruleset, _, state = start(hands, "P1 exchange 2S 3S > 8S 9S", dealer="P3",
                              setup=small_stock(3))
    short = ruleset.check(state, exchange("P2", "4S 5S", "TS"))
    assert short.rule == "22.exchange-stock" and short.fatal
    assert verdict(ruleset, state, exchange("P2", "4S", "TS")) is None
    ruleset.apply(state, exchange("P2", "4S", "TS"))
    empty = ruleset.check(state, exchange("P3", "6S"))
    assert empty.rule == "22.exchange-stock" and empty.fatal
    assert any(action == exchange("P3", "6S") and exclusion.rule == "22.exchange-stock"
               for action, exclusion in ruleset.legal_actions(state).excluded)
    # with a stock, drawing less than the discards is a wrong draw, not a short stock
    ruleset, _, state = start(hands, "", dealer="P3", setup=small_stock(3))
    assert verdict(ruleset, state, exchange("P1", "2S")) == "22.exchange-draw"


SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "twenty-two"


def _sample(name: str) -> str:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    return "\n".join(line for line in text.splitlines() if not line.startswith("[Expect")) + "\n"


def test_a_stopped_deal_takes_its_damage_from_the_result_line():
    """Decision 8: deal 2 stops at an illegal exchange; its damage comes from its result line
    (P1 and P6 +10: 3 markers, 8 cards each in deal 3), the next deal is checked, and a note
    says the markers of deal 2 are not known cards."""
    text = _sample("rule-22-exchange-empty-stock-then-next-deal.ttn")
    [report] = replay(text)
    deal2, deal3 = report.deals[1], report.deals[2]
    assert deal2.result.disputed and deal2.result.points["P6"] == 10
    assert [f.rule for f in deal3.findings] == ["22.deal-size"]
    assert deal3.findings[0].severity == "note" and "marker" in deal3.findings[0].message
    assert report.score["P6"] == 20 and not errors(report)[1:]
    # the size check is still made against the recorded damage: a deal-2 damage of 7 gives
    # a nominal size of 7, and deal 3's hands of 8 are then reported
    seven = text.replace("result P1 10 P2 0 P3 0 P4 0 P5 0 P6 10",
                         "result P1 7 P2 0 P3 0 P4 0 P5 0 P6 7", 1)
    assert ("22.deal-size", 3, None, None) in errors(replay(seven)[0])
    # a 'result score' line (the totals) serves as well
    totals = text.replace("result P1 10 P2 0 P3 0 P4 0 P5 0 P6 10",
                          "result score P1 10 P2 0 P3 10 P4 0 P5 0 P6 10", 1)
    assert replay(totals)[0].score == report.score


def test_a_stopped_deal_without_a_result_line_is_not_scored():
    text = _sample("rule-22-stopped-deal-without-result.ttn")
    [report] = replay(text)
    assert not report.deals[0].result.scored and report.deals[0].result.disputed
    [note] = report.deals[1].findings
    assert note.severity == "note" and "hand size of this deal" in note.message
    assert [rule for rule, *_ in errors(report)] == ["22.not-held"]
    # a player the record no longer deals to is taken to have died in the unknown deal
    three = text.replace("P4: 2S 2C 3H 3D 6C 7H 9H TD JS KH\n", "")
    deal2 = three.split("deal 2 dealer P1")[1]
    dropped = deal2
    for event in ("  P4 2S 2C 3H", "  P4 6C", "  P4 3D", "  P4 7H", "  P4 9H", "  P4 JS",
                  "  P4 TD", "  P4 QH", "P4 exchange KH > QH\n"):
        dropped = dropped.replace(event, "")
    [report] = replay(three.split("deal 2 dealer P1")[0] + "deal 2 dealer P1" + dropped)
    notes = [f for f in report.deals[1].findings if f.rule == "22.dead-player"]
    assert notes and notes[0].severity == "note" and "P4" in notes[0].message


def test_score_sheet_shows_damage_and_who_is_alive():
    from pathlib import Path

    from referee.pipeline.checking import check_file
    from referee.report.scoresheet import render_scoresheet

    path = Path(__file__).resolve().parent.parent / "samples/twenty-two/game-6-players.ttn"
    report = check_file(path)
    lines = render_scoresheet(report.matches).splitlines()
    assert lines[1].split() == ["damage", "total", "damage"]
    assert lines[2].split()[:8] == ["deal", "dealer", "P1", "P2", "P3", "P4", "P5", "P6"]
    assert "bidder" not in lines[2] and "made" not in lines[2]
    match = report.matches[0]
    first = match.deals[0].result
    assert lines[3].split()[2:8] == [str(first.points[s]) for s in first.points]
    assert "alive P1 P2 P3 P4 P5 P6" in lines[3]
    assert lines[-1] == f"result: {match.result}"
    # a dead player is dealt nothing: '-' in the damage column of the last deal
    last = match.deals[-1].result
    assert len(last.points) < 6 and " - " in lines[-2]


def test_games_listing_names_rules_options_presets():
    from referee.cli.app import render_game

    text = render_game(TwentyTwo)
    for word in ("first-death-ends", "ace_lead_forces_lowest", "22.follow"):
        assert word in text
    assert "T22-T5" not in text  # a player has no working notes: no section numbers


def test_result_line_may_list_a_dead_player_as_zero_damage():
    # P3 is dead by deal 8 of this sample: writing him down with 0 damage is no error, any
    # other number is a mismatch reported as damage (not card points); a seat that is not at
    # the table stays a record error.
    from pathlib import Path

    sample = Path(__file__).resolve().parent.parent / "samples/twenty-two/game-4-players.ttn"
    text = sample.read_text()
    assert "result P1 10 P2 0 P4 0\n" in text
    with_dead = text.replace("result P1 10 P2 0 P4 0\n", "result P1 10 P2 0 P3 0 P4 0\n")
    report = check_text(with_dead)
    assert report.error is None and report.findings() == []
    wrong = text.replace("result P1 10 P2 0 P4 0\n", "result P1 10 P2 0 P3 4 P4 0\n")
    findings = check_text(wrong).findings()
    assert [f.rule for f in findings] == ["record.result-mismatch"]
    assert findings[0].message.startswith("recorded damage P3 4, computed P3 0")
    stranger = text.replace("result P1 10 P2 0 P4 0\n", "result P1 10 P9 0\n")
    assert check_text(stranger).error_code == "record.team"
