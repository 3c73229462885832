"""Cases where the 28 family's referee disagreed with the second implementation
(tests/oracle28.py) and the rules decided for the oracle: each is fixed and pinned here.
"""

from __future__ import annotations

from referee.pipeline.checking import check_text
from referee.report.model import NOT_CHECKED, DealReport

HANDS = """deal 1 dealer N
N: KS JC 9C 9D | 7H QC 8C TC
E: TD TS 8H KD | 7S KH 8D JD
S: 9S 9H 7D AD | AS 8S AC QS
W: JH QD JS QH | KC 7C AH TH
"""
# Twenty-Eight turns counter-clockwise (N W S E): W is first hand. Twenty-Nine turns
# clockwise (N E S W): E is first hand. S's seventh card is AC.


def _deal(text: str) -> DealReport:
    report = check_text(text)
    assert report.error is None, report.error
    return report.matches[0].deals[0]


def _errors(deal: DealReport) -> list[tuple[str, int]]:
    return [(f.rule, f.span.line) for f in deal.findings if f.severity == "error"]


def _record(game: str, options: dict[str, str], events: str) -> str:
    tags = "".join(f'[Option "{k}" "{v}"]\n' for k, v in options.items())
    return f'[Game "{game}"]\n{tags}\n{HANDS}{events}'


SECOND_28 = """W 14  S pass  E pass  N pass
W trump JS
W pass  S 24  E pass  N pass  W pass
"""
SECOND_29 = """E 15  S pass  W pass  N pass
E trump D
E pass  S 24  W pass  N pass  E pass
"""


def test_seventh_card_spellings_agree_after_the_second_round() -> None:
    """``trump seventh`` is another spelling of ``trump CARD`` for the seventh card, and the
    canonical form writes it so: both spellings get one verdict (the new winner may lay, or
    with a spare indicator name, any of his cards' suits)."""
    for game, events in (("twenty-eight", SECOND_28), ("twenty-nine", SECOND_29)):
        by_word = _deal(_record(game, {"second_round": "min24"}, events + "S trump seventh\n"))
        by_card = _deal(_record(game, {"second_round": "min24"}, events + "S trump AC\n"))
        assert _errors(by_word) == _errors(by_card)
        assert not [rule for rule, _ in _errors(by_word) if rule.endswith("trump-card")]


def test_trump_choice_before_the_second_round_ends() -> None:
    """An illegal second-round bid stands: its maker is the high bidder and may choose trumps;
    the round then counts as over, as a trump choice ends an open first auction."""
    events = """E 15  S pass  W pass  N pass
E trump D
E pass  S 24  W 20
W trump H
"""
    deal = _deal(_record("twenty-nine", {"second_round": "min24"}, events))
    assert _errors(deal)[:2] == [("29.second-round", 11), ("29.second-round", 12)]
    assert not [f for f in deal.findings if f.rule == NOT_CHECKED]
    # anyone else choosing then stops the replay there
    events = events.replace("W trump H", "N trump H")
    deal = _deal(_record("twenty-nine", {"second_round": "min24"}, events))
    assert ("29.turn", 12) in _errors(deal)
    stop = [f for f in deal.findings if f.rule == NOT_CHECKED]
    assert stop and stop[0].span.line == 12


def test_c_said_after_the_second_round_still_counts() -> None:
    """An illegal C counts, as an illegal double does: a C after the second round's bids (which
    made the first C lapse) makes the deal worth 6, not the second round's 2 / 3."""
    events = SECOND_29 + "S trump H\nS c-call\n1. E TD  S 9S  W JH  N KS\n"
    deal = _deal(_record("twenty-nine", {"second_round": "min24", "c_call": "yes"}, events))
    assert _errors(deal)[0][0] == "29.c-call"
    assert deal.result is not None
    assert deal.result.game_points.get("NS") == -6  # S's side offended: the C stake is lost


def test_single_hand_in_the_auction_has_no_effect() -> None:
    """A single hand declared before the full deal is illegal and disregarded: the auction
    goes on as recorded (no 'auction is over' findings for the calls after it)."""
    events = "W single\n" + SECOND_28.split("\n")[0] + "\nW trump JS\n"
    deal = _deal(_record("twenty-eight", {}, events))
    rules = [rule for rule, _ in _errors(deal)]
    assert rules[0] == "28.single-hand"
    assert "28.auction-over" not in rules
    assert deal.result is not None and deal.result.contract.bidder == "W"


def test_c_before_any_bid_costs_the_lowest_stake() -> None:
    """With no bid yet the offender's side loses the lowest stake, one game point, whatever
    it said: an illegal C has no contract to raise."""
    deal = _deal(_record("twenty-eight", {}, "S c-call\n"))
    assert _errors(deal)[0][0] == "28.c-call"
    assert deal.result is not None
    assert deal.result.game_points.get("NS") == -1


def test_suit_named_in_an_open_auction_stops_the_replay() -> None:
    """A trump choice by the standing high bidder ends an open auction (reported as
    ``auction-open``), but a suit named where a card must lie face down leaves the deal
    undefined whenever it comes: it is reported and the replay stops there."""
    deal = _deal(_record("twenty-eight", {}, "W 14\nW trump S\nS pass  E pass  N pass\n"))
    assert _errors(deal)[0] == ("28.trump-card", 9)
    stop = [f for f in deal.findings if f.rule == NOT_CHECKED]
    assert stop and stop[0].span.line == 9
    # a card laid instead: the auction counts as over and the deal goes on
    deal = _deal(_record("twenty-eight", {}, "W 14\nW trump JS\nS pass\n"))
    assert _errors(deal)[:2] == [("28.auction-open", 9), ("28.auction-over", 10)]
    assert not [f for f in deal.findings if f.rule == NOT_CHECKED]


FORTY = """[Game "forty"]

deal 1 dealer P1
P1: JC 3C 9C | AC QC KC
P2: JD 3D 9D | AD TD KD
P3: JH 3H 9H | AH TH KH
P4: QS 8S 7S | 7C 8C TC
P5: JS TS KS | 7D 8D QD
P6: 3S 9S 7H | AS 8H QH
"""


def test_forty_pays_an_illegal_c_to_the_opponents() -> None:
    """Forty pays every loss to the opponents (A7.4), a C's too; before any bid the
    offender's opponents receive double the lowest stake (a lost 20 costs 2: 4)."""
    deal = _deal(FORTY + "P3 c-call\n")
    assert _errors(deal)[0][0] == "40.c-call"
    assert deal.result is not None
    assert deal.result.game_points == {"P1P3P5": 0, "P2P4P6": 4}
    events = "P6 20  P5 pass  P4 pass  P3 pass  P2 pass  P1 pass\nP6 trump 7H\nP5 double\n"
    deal = _deal(FORTY + events + "P6 c-call\n")  # the bidder's side offends: 6, doubled
    assert deal.result is not None
    assert deal.result.game_points == {"P1P3P5": 12, "P2P4P6": 0}


EIGHT_ZERO = """[Game "twenty-eight"]

deal 1 dealer N
N: KS QS 8S 7S | KH QH 8H 7H
E: JS 9S AS TS | JH 9H AH TH
S: JD 9D AD TD | KD QD 8D 7D
W: JC 9C AC TC | KC QC 8C 7C
"""
# N's eight cards hold no point: the deal is cancelled once the second batch is dealt (R3).


def test_an_offence_before_an_eight_pointless_hand_is_seen_is_penalised() -> None:
    """The auction and the trump choice come before the second batch, so they are refereed;
    the misplay penalty comes before the annulment: an offender is not saved by it."""
    deal = _deal(EIGHT_ZERO + "W 14  S 13  E pass  N pass  W pass\nS trump JD\n")
    assert _errors(deal) == [("28.bid-range", 8)]
    assert deal.result is not None and deal.result.game_points["NS"] == -1
    # played as the rules allow, the deal is annulled and its play disregarded
    legal = EIGHT_ZERO + "W 14  S pass  E pass  N pass\nW trump JC\n1. W 9C  S 7D  E JH  N KH\n"
    deal = _deal(legal)
    assert _errors(deal) == []
    assert deal.result is not None and deal.result.outcome.startswith("annulled")
    # and a record may go straight to the annulment, without the auction
    deal = _deal(EIGHT_ZERO)
    assert _errors(deal) == [] and deal.result is not None
    assert deal.result.outcome.startswith("annulled")
