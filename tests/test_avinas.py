"""Rule tests of Avinas (referee/games/avinas/ruleset.py): card order and trick winners, the
exposure of sevens, scoring (rams, netting, pips, the end of the match), every option of digest
table 2.7, the deal-order requirement, and the edge cases of digest 2.8 that are easiest to state
as unit tests (``test_av_NN_...``). The edge-case records in samples/avinas/ are checked with their
Expect tags in tests/test_avinas_samples.py. """

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.games import find_game, ruleset_for
from referee.games.avinas.ruleset import (
    Avinas,
    AvinasMatch,
    AvinasState,
    bid_count,
    card_points,
    effective_suit,
    is_trump,
    knock_multiplier,
    net_rams,
    pips_for,
    rams_for,
    trick_winner,
    trump_order,
)
from referee.model.record import Action
from referee.notation.parser import parse_records
from referee.pipeline.checking import check_text

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "avinas"

# A no-sevens deal: dealer N, so E (dealer's left) speaks first; nobody's 4th or 8th card
# exposed is a seven (E4 KS, W8 9H; N's and S's non-sevens stay hidden).
HANDS = """\
N: AC KC 9D JC | 8H AD 7S TS
E: KH TC 9S KS | AH 8S JS QD
S: AS QH 7H QS | 7D TD JH KD
W: TH 8D 7C QC | 8C 9C JD 9H"""

# E bids 1 and leads the king of hearts: hearts are trumps.
PLAY = """\
E 1  S pass  W pass  N pass
1. E KH  S QS  W 9H  N JC
2. S JH  W JD  N 8H  E QD
3. E JS  S QH  W QC  N TS
4. W TH  N KC  E AH  S 7H
5. S TD  W 8D  N 9D  E TC
6. S AS  W 9C  N 7S  E KS
7. S 7D  W 7C  N AD  E 8S
8. N AC  E 9S  S KD  W 8C"""


def record(body: str = PLAY, *, hands: str = HANDS, dealer: str = "N", rules: str | None = None,
           options: tuple[tuple[str, str], ...] = ()) -> str:
    head = ['[Game "avinas"]']
    if rules:
        head.append(f'[Rules "{rules}"]')
    head += [f'[Option "{name}" "{value}"]' for name, value in options]
    return "\n".join(head) + f"\n\ndeal 1 dealer {dealer}\n{hands}\n{body}\n"


def errors(text: str) -> list[tuple[str, str | None, int | None]]:
    report = check_text(text)
    assert report.error is None, f"{report.error_code}: {report.error}"
    return [(f.rule, f.seat, f.trick) for f in report.findings()]


def deal_result(text: str):
    report = check_text(text)
    assert report.error is None, f"{report.error_code}: {report.error}"
    return report.matches[0].deals[0].result


def replayed(text: str) -> tuple[Avinas, AvinasState]:
    """The ruleset and the final state of the record's first deal (every event applied)."""
    rec = parse_records(text)[0]
    ruleset = ruleset_for(rec.header)
    state = ruleset.start_deal(ruleset.new_match(), rec.deals[0])
    for event in rec.deals[0].events:
        assert ruleset.check(state, event.action) is None, event.action
        ruleset.apply(state, event.action)
    return ruleset, state


def sample_text(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


def with_options(text: str, *options: tuple[str, str]) -> str:
    """A sample with its Expect tags removed and ``options`` added."""
    lines = [line for line in text.splitlines() if not line.startswith("[Expect")]
    at = next(i for i, line in enumerate(lines) if line.startswith("[Game"))
    tags = [f'[Option "{name}" "{value}"]' for name, value in options]
    return "\n".join(lines[:at + 1] + tags + lines[at + 1:]) + "\n"


# -- card data ---------------------------------------------------------------------------------


def test_trump_suit_has_fourteen_cards_and_plain_suits_six() -> None:
    pack = find_game("avinas").pack
    assert len(pack) == 32
    for trump in "SHDC":
        trumps = [card for card in pack if is_trump(card, trump)]
        assert len(trumps) == 14 and sorted(trumps) == sorted(trump_order(trump))
        for suit in "SHDC":
            if suit != trump:
                assert len([c for c in pack if effective_suit(c, trump) == suit]) == 6


def test_card_points_total_120() -> None:
    assert card_points(find_game("avinas").pack) == 120
    assert card_points(["7H", "9S", "8D"]) == 0  # the 7 of trumps counts nothing


def test_bid_count_trump_or_natural() -> None:
    hand = ["QS", "JD", "AH", "7H", "9C", "8C", "TS", "KD"]
    assert bid_count(hand, "H") == 4  # two permanent trumps and two hearts
    assert bid_count(hand, "H", "natural_count") == 2


def test_av_21_seven_of_trumps_is_second() -> None:
    assert trick_winner([("N", "QD"), ("E", "7H"), ("S", "AH"), ("W", "JC")], "H") == "E"
    assert trick_winner([("N", "QC"), ("E", "7H"), ("S", "AH"), ("W", "JC")], "H") == "N"


def test_av_22_plain_order_ace_ten_king() -> None:
    assert trick_winner([("N", "TS"), ("E", "KS"), ("S", "7S"), ("W", "AD")], "H") == "N"
    assert trick_winner([("N", "TS"), ("E", "KS"), ("S", "AS"), ("W", "QD")], "H") == "W"


def test_av_16_face_down_lead_nobody_trumps() -> None:
    plays = [("N", "9S"), ("E", "8D"), ("S", "AC"), ("W", "KS")]
    assert trick_winner(plays, "H", face_down=True) == "N"  # the leader wins (2.9 B5)
    assert trick_winner(plays, "H", face_down=True, no_trump_winner="revealed_suit") == "W"
    # a trump played to a face-down lead wins it
    assert trick_winner([("N", "9S"), ("E", "8H"), ("S", "AC"), ("W", "KS")], "H",
                        face_down=True) == "E"


# -- the deal ----------------------------------------------------------------------------------


def test_av_05_dealer_side_non_sevens_stay_hidden() -> None:
    _, state = replayed(record(""))
    # N deals: E (left), S (partner), W (right), N (dealer). E and W are exposed in full,
    # S's and N's 4th and 8th cards (QS, KD, JC, TS) are not sevens and stay hidden.
    assert state.exposed == [("E", "KS"), ("W", "QC"), ("E", "QD"), ("W", "9H")]
    assert state.sevens == 0 and state.declarer is None


def test_dealer_side_exposure_none() -> None:
    text = sample_text("edge-av-02-dealer-seven-then-l8.ttn")
    # D4 = 7H is exposed under the default; with 'none' only L8 = 7C counts: k = 1
    result = deal_result(with_options(text, ("dealer_side_exposure", "none")))
    assert "k=1" in result.outcome and "clubs" in result.outcome
    assert deal_result(text).contract.sevens == 2


INFER = (("deal_order", "infer"),)
STRICT = (("deal_order", "strict"),)


def test_deal_order_is_a_note_by_default_and_an_error_when_strict() -> None:
    # Without the deal order the game is taken from the record with a note (the default);
    # deal_order = strict keeps the located error that says so
    hands = HANDS.replace("N: AC KC 9D JC | 8H AD 7S TS", "N: AC KC 9D JC 8H AD 7S TS")
    report = check_text(record(hands=hands))
    assert report.error is None and report.findings() == []
    notes = [f.rule for f in report.matches[0].all_findings() if f.severity == "note"]
    assert notes == ["avinas.deal-order"]
    assert check_text('[Game "avinas"]\n\ndeal 1 dealer N\n' + PLAY + "\n").error is None
    report = check_text(record(hands=hands, options=STRICT))
    assert report.error_code == "record.deal-order" and report.error_line == 5
    assert "Avinas needs every hand in its two dealing rounds" in report.error
    assert "N's hand is written without the dealing order" in report.error
    text = '[Game "avinas"]\n[Option "deal_order" "strict"]\n\ndeal 1 dealer N\n' + PLAY
    report = check_text(text + "\n")
    assert report.error_code == "record.deal-order" and report.error_line == 4
    assert "no hand line for N E S W" in report.error


def test_hand_without_rounds_is_a_note_when_inferred() -> None:
    # option deal_order = infer (README decision 5): the deal order is missing, so the
    # exposure is not checked (a note, once per deal); the auction in the record makes it a
    # no-sevens game, judged as usual
    hands = HANDS.replace("N: AC KC 9D JC | 8H AD 7S TS", "N: AC KC 9D JC 8H AD 7S TS")
    report = check_text(record(hands=hands, options=INFER))
    assert report.error is None and report.findings() == []
    notes = [f for f in report.matches[0].all_findings() if f.severity == "note"]
    assert [(f.rule, f.deal) for f in notes] == [("avinas.deal-order", 1)]
    assert "N's hand is given without dealing rounds" in notes[0].message
    assert deal_result(record(hands=hands, options=INFER)) == deal_result(record())
    bad = HANDS.replace("N: AC KC 9D JC | 8H AD 7S TS", "N: AC KC 9D | JC 8H AD 7S TS")
    report = check_text(record(hands=bad, options=INFER))
    assert report.error_code == "record.deal-order" and report.error_line == 5


def test_missing_hands_are_inferred_from_the_plays() -> None:
    text = '[Game "avinas"]\n[Option "deal_order" "infer"]\n\ndeal 1 dealer N\n' + PLAY + "\n"
    report = check_text(text)
    assert report.error is None and report.findings() == []
    notes = [f for f in report.matches[0].all_findings() if f.severity == "note"]
    assert [f.rule for f in notes] == ["avinas.deal-order"]
    assert "the hands of N E S W are inferred from the plays" in notes[0].message
    assert deal_result(text).points == {"NS": 95, "EW": 25}
    # a revoke is still found: W did not follow diamonds at trick 5 and held 8D
    revoke = text.replace("5. S TD  W 8D", "5. S TD  W 7C").replace("7. S 7D  W 7C",
                                                                      "7. S 7D  W 8D")
    assert errors(revoke) == [("avinas.follow-suit", "W", 5)]
    # one missing hand is the rest of the pack, even in a stopped deal
    one = record(PLAY.split("\n5.")[0] + "\nE stop", hands=HANDS.split("\nW:")[0],
                 options=INFER)
    assert errors(one) == [] and deal_result(one).points == {"NS": 34, "EW": 25}
    # two missing hands whose plays do not show eight cards: the cards not seen are placed
    # by the consistency model (the record is partly seen), not refused
    two = record(PLAY.split("\n5.")[0] + "\nE stop", hands=HANDS.split("\nS:")[0],
                 options=INFER)
    report = check_text(two)
    assert report.error is None and errors(two) == []
    assert deal_result(two).points == {"NS": 34, "EW": 25}


AMBIGUOUS = """\
[Game "avinas"]

deal 1 dealer E
N: AH 7D TS 7H KS QC JD KC
E: 8S QS 8H 9H AC 8C TH QD
S: KH AS JC AD TD 9S 9C JS
W: TC KD JH 7C 7S QH 8D 9D
S knock
1. N QC  E QS  S JS  W QH
2. N JD  E 9H  S JC  W JH
3. S TD  W 9D  N 7D  E AC
4. S AD  W 8D  N KS  E TH
5. E QD  S KH  W 7C  N AH
6. E 8S  S AS  W 7S  N TS
7. S 9S  W KD  N 7H  E 8C
8. N KC  E 8H  S 9C  W TC
"""


def test_sevens_game_without_deal_order_declarer_with_two_sevens() -> None:
    # N leads the queen of clubs and holds 7D and 7H: the lead does not show which seven made
    # trumps. Under diamonds four recorded follows would be revokes whatever the cards, under
    # hearts none: over the deals in which every play was legal trumps are hearts; no error
    report = check_text(AMBIGUOUS)
    assert report.error is None and report.findings() == []
    [note] = [f for f in report.matches[0].all_findings() if f.severity == "note"]
    assert "N (the first leader) declares with hearts" in note.message
    assert report.matches[0].deals[0].result.contract.trump == "H"
    ruleset = ruleset_for(parse_records(AMBIGUOUS)[0].header)
    deal = parse_records(AMBIGUOUS)[0].deals[0]
    state = ruleset.start_deal(ruleset.new_match(), deal)
    plays = [e.action for e in deal.events if e.action.kind == "play"]
    assert [Avinas._revokes_under(state, plays, suit) for suit in "DH"] == [4, 0]
    # strict: the same record is a located record.deal-order error
    strict = AMBIGUOUS.replace('[Game "avinas"]', '[Game "avinas"]\n[Option "deal_order" "strict"]')
    assert check_text(strict).error_code == "record.deal-order"


def test_sevens_game_without_deal_order() -> None:
    # no auction: a sevens game; the first leader declares with the suit of his seven; the
    # number of exposed sevens is every count the unseen positions allow: rams by k
    text = sample_text("edge-av-01-last-seven-r8.ttn")
    plain = re.sub(r"(?m)^([NESW]: .*?) \| ", r"\1 ", text)
    plain = with_options(plain, *INFER)
    report = check_text(plain)
    assert report.error is None
    notes = [f for f in report.matches[0].all_findings() if f.severity == "note"]
    assert [f.rule for f in notes] == ["avinas.deal-order"]
    assert "sevens game" in notes[0].message
    result = deal_result(plain)
    assert "rams (by k)" in result.outcome and len(result.outcomes) > 1
    assert result.contract.sevens is None
    assert result.contract.trump == deal_result(text).contract.trump
    assert result.points == deal_result(text).points


def test_bad_hands_are_record_errors() -> None:
    twice = HANDS.replace("W: TH 8D 7C QC", "W: TH 8D 7C AC")
    assert check_text(record(hands=twice)).error_code == "record.card-twice"
    short = HANDS.replace("| 8C 9C JD 9H", "| 8C 9C JD")
    assert check_text(record(hands=short)).error_code == "record.hand-size"
    six = HANDS.replace("W: TH", "W: 6H")
    assert check_text(record(hands=six)).error_code == "record.card-not-in-pack"


def test_four_players_in_partnerships() -> None:
    report = check_text('[Game "avinas"]\n[Seats "A B C"]\n')
    assert report.error_code == "record.seats"


# -- the auction -------------------------------------------------------------------------------


def test_legal_fixed_deal() -> None:
    assert errors(record()) == []
    result = deal_result(record())
    assert result.points == {"NS": 95, "EW": 25}
    # E-W bid 1 and took 25: failure, 4 pips by the failure row (1-30)
    assert result.game_points == {"NS": 0, "EW": 4}
    assert result.contract.trump == "H" and not result.contract.made


def test_av_07_all_pass_next_dealer() -> None:
    text = record("E pass  S pass  W pass  N pass")
    report = check_text(text + "\ndeal 2 dealer E\n" + HANDS + "\n")
    deal1 = report.matches[0].deals[0]
    assert not deal1.result.scored and "abandoned" in deal1.result.outcome
    # deal 2 by E (the left of N) is right; by N it would be reported
    assert [f.rule for f in report.findings()] == ["avinas.incomplete"]
    again = check_text(text + "\ndeal 2 dealer N\n" + HANDS + "\n")
    assert "avinas.dealer" in [f.rule for f in again.findings()]


def test_av_08_equal_bid_and_higher_bid() -> None:
    auction = "E 1  S pass  W 2  N 2"
    body = PLAY.replace("E 1  S pass  W pass  N pass", auction)
    found = errors(record(body))
    assert found[0] == ("avinas.bid-higher", "N", None)
    # the illegal bid stands as made: N is the high bidder at 2 and declares, so E's lead to
    # trick 1 is out of turn and stops the replay of the deal
    assert found[1][:2] == ("avinas.turn", "E") and len(found) == 2
    ok = PLAY.replace("E 1  S pass  W pass  N pass", "E 1  S pass  W pass  N 2")
    found = errors(record(ok))
    assert not any(rule == "avinas.bid-higher" for rule, _, _ in found)
    assert found[0][:2] == ("avinas.turn", "E")


def test_bid_range_and_min_bid() -> None:
    body = PLAY.replace("E 1  S pass", "E 9  S 1")
    found = errors(record(body))
    assert found[0] == ("avinas.bid-range", "E", None)
    low = errors(record(PLAY, options=(("min_bid", "2"),)))
    assert low[0] == ("avinas.bid-range", "E", None)
    assert errors(record(PLAY.replace("E 1", "E 2"), options=(("min_bid", "2"),))) == []


E_HAND = ("KH", "TC", "9S", "KS", "AH", "8S", "JS", "QD")


def test_hopeless_bid_is_a_legal_bid_that_loses() -> None:
    # E's best suit counts fewer than 8 trumps: a bid of 8 is false whatever suit he names.
    # Bidding it is no violation (the record is valid); the deal's result says the bid was
    # false and E-W lose the hand (the false bid loses the hand).
    best = max(bid_count(E_HAND, s) for s in "SHDC")
    assert best < 8
    assert errors(record(PLAY.replace("E 1", "E 8"))) == []
    # the rule is listed (it decides the score), but it is never a finding
    assert Avinas.rule("avinas.false-bid").summary.startswith("a declarer dealt fewer cards")
    result = deal_result(record(PLAY.replace("E 1", "E 8")))
    assert "false bid: E bid 8 and was dealt 4" in result.outcome
    assert result.game_points["EW"] == 4 and result.contract.false_bid
    assert not result.contract.made


def test_false_bid_natural_count() -> None:
    # E holds KH and AH: two hearts by printed suit, four trumps by trump count (+JS QD)
    body = PLAY.replace("E 1", "E 3")
    assert errors(record(body)) == []
    assert not deal_result(record(body)).contract.false_bid
    natural = record(body, options=(("bid_count", "natural_count"),))
    assert errors(natural) == []
    result = deal_result(natural)
    assert result.contract.false_bid and "false bid: E bid 3 and was dealt 2" \
        in result.outcome


def test_false_bid_record_exits_zero() -> None:
    # README decision 10: a legal record with a false bid is valid (exit 0)
    from typer.testing import CliRunner

    from referee.cli.app import app

    outcome = CliRunner().invoke(app, ["check", str(SAMPLES / "edge-av-09-false-bid.ttn")])
    assert outcome.exit_code == 0, outcome.output


def test_false_bid_penalty_six() -> None:
    text = sample_text("edge-av-09-false-bid.ttn")
    assert deal_result(text).game_points["EW"] == 4  # failure row: 27 points, 1-30
    result = deal_result(with_options(text, ("false_bid_penalty", "six")))
    assert result.game_points["EW"] == 6


def test_auction_rounds_open() -> None:
    auction = "E pass  S 1  W pass  N pass  E 2  S pass  W pass  N pass"
    body = PLAY.replace("E 1  S pass  W pass  N pass", auction)
    single = errors(record(body))
    assert single[0] == ("avinas.auction-over", "E", None)
    # open: E's second bid is legal, three passes end the auction and E declares at 2
    assert errors(record(body, options=(("auction_rounds", "open"),))) == []
    assert deal_result(record(body, options=(("auction_rounds", "open"),))).contract.bid == 2


def test_passes_after_a_bid_of_eight() -> None:
    # AV-D6: every other player speaks once and passes or bids higher; after an 8 nobody can
    # bid higher, but the passes that follow are still legal (and may be left out)
    text = sample_text("rule-avinas-pass-after-eight.ttn")
    assert errors(text) == []
    for auction in ("E 8", "E 8  S pass", "E 8  S pass  W pass"):
        assert errors(text.replace("E 8  S pass  W pass  N pass", auction)) == []
    # out of turn, a second time, or after the lead, a pass is still reported
    assert errors(text.replace("S pass  W pass  N pass", "S pass  N pass")) == [
        ("avinas.auction-over", "N", None)]
    assert errors(text.replace("W pass  N pass", "W pass  N pass  E pass")) == [
        ("avinas.auction-over", "E", None)]
    late = text.replace("W pass  N pass", "W pass").replace("E trump H", "E trump H  N pass")
    assert [f[:2] for f in errors(late)] == [("avinas.auction-over", "N")]
    # an open auction: each of the three others may pass once after the 8
    open_text = with_options(text, ("auction_rounds", "open"))
    assert errors(open_text.replace("E 8  S pass", "E pass  S pass  W 1  N pass  E 8  S pass")
                  ) == []


def test_bids_in_a_sevens_game() -> None:
    text = sample_text("edge-av-01-last-seven-r8.ttn")
    rec = parse_records(text)[0]
    ruleset = ruleset_for(rec.header)
    state = ruleset.start_deal(ruleset.new_match(), rec.deals[0])
    assert state.sevens == 2
    exclusion = ruleset.check(state, Action(state.declarer, "pass"))
    assert exclusion is not None and exclusion.rule == "avinas.auction-over"


# -- naming trumps, leads, following -----------------------------------------------------------


def test_av_10_queen_lead_then_name() -> None:
    body = PLAY.replace("1. E KH  S QS  W 9H  N JC", "1. E JS  E trump H  S QS  W 9H  N JC")
    body = body.replace("3. E JS", "3. E KH")
    assert errors(record(body)) == []


def test_av_12_contradicting_name() -> None:
    body = PLAY.replace("1. E KH  S QS", "1. E KH  E trump C  S QS")
    assert errors(record(body)) == [("avinas.trump-named", "E", 1)]
    assert deal_result(record(body)).contract.trump == "H"


def test_name_before_lead() -> None:
    body = PLAY.replace("1. E KH", "E trump H\n1. E KH")
    assert errors(record(body)) == []
    wrong = PLAY.replace("1. E KH  S QS  W 9H  N JC", "E trump H\n1. E KS  S QS  W 9H  N JC")
    assert errors(record(wrong))[0] == ("avinas.trump-lead", "E", 1)


def test_face_down_opening_lead() -> None:
    body = PLAY.replace("1. E KH", "1. E down KH")
    assert errors(record(body)) == [("avinas.face-down", "E", 1)]


def test_av_18_every_trick_option_matches_preset() -> None:
    text = sample_text("edge-av-18-trick4-plain-lead-standard.ttn")
    assert errors(text) == []
    found = errors(with_options(text, ("trump_lead_every_trick", "yes")))
    # trick 4's lead is reported (other leads of the recorded play may break it too)
    lead4 = next(line for line in text.splitlines() if line.startswith("4. "))
    assert ("avinas.trump-lead", lead4.split()[1], 4) in found
    assert {rule for rule, _, _ in found} == {"avinas.trump-lead"}


# -- knocks and stops --------------------------------------------------------------------------


def test_knock_twice_and_counter_twice() -> None:
    text = sample_text("edge-av-28-knock-and-counter-knock.ttn")
    twice = text.replace("N knock\nE knock", "N knock\nS knock\nE knock\nW knock")
    found = errors(twice)
    assert [(rule, seat) for rule, seat, _ in found] == [("avinas.knock", "S"),
                                                         ("avinas.counter-knock", "W")]


def test_knock_in_nosevens_option() -> None:
    body = PLAY.replace("1. E KH", "W knock\n1. E KH")
    assert errors(record(body))[0][:2] == ("avinas.knock", "W")
    result = deal_result(record(body, options=(("knock_in_nosevens", "yes"),)))
    assert result.contract.multiplier == 2
    assert result.game_points["EW"] == 8  # the 4 pips of the failure row, doubled


def test_stop_scoring_remaining_to_declarer() -> None:
    text = sample_text("edge-av-41-stop-after-trick-5.ttn")
    result = deal_result(text)
    assert sum(result.points.values()) < 120  # unplayed cards count for nobody
    other = deal_result(with_options(text, ("stop_scoring", "remaining_to_declarer")))
    assert sum(other.points.values()) == 120
    assert other.points["NS"] == result.points["NS"]


def test_a_stopped_deal_is_scored_as_played_or_by_its_result_line() -> None:
    # Decision 8: a card not held stops the replay of the deal (trick 3 here). Without a
    # result line the deal is scored as played (two complete tricks); with one, the card
    # points it gives are scored (the match score decides when the match ends), and the
    # next deal notes it. Both are marked disputed.
    broken = PLAY.replace("3. E JS", "3. E 8H")  # 8H is N's
    assert errors(record(broken))[0] == ("avinas.not-held", "E", 3)
    played = deal_result(record(broken))
    assert played.disputed and "scored as played to trick 2" in played.outcome
    assert played.points == {"NS": 9, "EW": 7}
    text = record(broken + "\nresult NS 95 EW 25") + "\ndeal 2 dealer E\n" + HANDS + "\n"
    report = check_text(text)
    first, second = report.matches[0].deals
    assert first.result.disputed and first.result.points == {"NS": 95, "EW": 25}
    assert "card points as recorded" in first.result.outcome
    assert first.result.game_points["EW"] == 4  # E-W failed with 25: the 4-pip row
    assert [f.rule for f in second.findings if f.severity == "note"] == ["avinas.match-over"]


def test_random_play_makes_false_bids_and_early_stops() -> None:
    # simulate draws from the legal actions only: false bids and stops before trick 1 are
    # legal now, so random play makes them, and every such record checks clean
    from referee.notation.writer import dumps
    from referee.replay.simulate import simulate_records

    report = check_text(dumps(simulate_records("avinas", 150, 11)))
    assert report.error is None and report.findings() == []
    outcomes = [d.result.outcome for m in report.matches for d in m.deals]
    assert any("false bid" in outcome for outcome in outcomes)
    assert any("stopped after trick 0" in outcome for outcome in outcomes)


def test_stop_before_trick_one_is_legal() -> None:
    # AV-L7: at any moment between tricks, before trick 1 included. Nothing was played: the
    # declaring side took no card points and fails (6 pips); trumps were never shown, so the
    # bid cannot be counted
    stop = record(PLAY.split("\n1.")[0] + "\nE stop")
    assert errors(stop) == []
    result = deal_result(stop)
    assert result.game_points["EW"] == 6 and "stopped after trick 0" in result.outcome
    assert result.points == {"NS": 0, "EW": 0} and not result.disputed
    # trumps named before the lead, then a stop: the bid is counted against that suit
    named = record(PLAY.split("\n1.")[0].replace("E 1", "E 6") + "\nE trump S\nE stop")
    assert errors(named) == [] and deal_result(named).contract.false_bid
    # still not in the middle of a trick, and not by anyone but the declarer
    assert errors(record(PLAY.replace("S QS  W 9H", "E stop  S QS  W 9H")))[0][:2] \
        == ("avinas.stop", "E")
    assert errors(record(PLAY.split("\n1.")[0] + "\nW stop"))[0][:2] == ("avinas.stop", "W")


# -- scoring -----------------------------------------------------------------------------------


def settled(state_changes: dict, match: AvinasMatch | None = None, text: str | None = None):
    """Settle the fixed deal (or ``text``) after replacing parts of its final state."""
    ruleset, state = replayed(text or record())
    for name, value in state_changes.items():
        setattr(state, name, value)
    match = match or ruleset.new_match()
    return ruleset, match, ruleset.settle(match, state, [])


def sevens_text() -> str:
    return sample_text("edge-av-01-last-seven-r8.ttn")


def test_av_23_sixty_fails() -> None:
    ruleset, state = replayed(sevens_text())
    side = ruleset.team_of[state.declarer]
    other = ruleset.other_team[side]
    _, match, result = settled({"points": {side: 60, other: 60}, "sevens": 1},
                               text=sevens_text())
    assert not result.contract.made and result.contract.rams == 2
    assert match.rams[side] == 2 and match.rams[other] == 0
    assert rams_for(False, 1, 1) == 2


def test_av_24_25_rams_by_sevens() -> None:
    ruleset, state = replayed(sevens_text())
    side = ruleset.team_of[state.declarer]
    other = ruleset.other_team[side]
    _, match, result = settled({"points": {side: 75, other: 45}, "sevens": 3},
                               text=sevens_text())
    assert result.contract.made and match.rams == {side: 0, other: 3}
    _, match, result = settled({"points": {side: 55, other: 65}, "sevens": 3},
                               text=sevens_text())
    assert match.rams == {side: 6, other: 0}


def test_av_26_27_knock_needs_all_tricks() -> None:
    ruleset, state = replayed(sevens_text())
    side = ruleset.team_of[state.declarer]
    other = ruleset.other_team[side]
    partner = ruleset.table.partners(state.declarer)[0]
    _, match, _ = settled({"won": {side: 8, other: 0}, "points": {side: 120, other: 0},
                           "sevens": 2, "knocker": partner}, text=sevens_text())
    assert match.rams == {side: 0, other: 4}  # 2 * 2 * 1... k * m = 2 * 2
    _, match, result = settled({"won": {side: 7, other: 1}, "points": {side: 110, other: 10},
                                "sevens": 2, "knocker": partner}, text=sevens_text())
    assert not result.contract.made and match.rams == {side: 8, other: 0}


def test_av_28_29_counter_knock() -> None:
    assert knock_multiplier(True, True) == 4 and knock_multiplier(True, False) == 2
    assert knock_multiplier(False, False) == 1
    assert rams_for(True, 1, 4) == 4 and rams_for(False, 1, 4) == 8
    assert rams_for(False, 4, 4) == 32


def test_av_33_34_ram_netting() -> None:
    assert net_rams({"A": 5, "B": 0}, "B", 3) == {"A": 2, "B": 0}
    assert net_rams({"A": 2, "B": 0}, "B", 6) == {"A": 0, "B": 4}
    assert net_rams({"A": 0, "B": 4}, "B", 1) == {"A": 0, "B": 5}


def test_av_35_36_37_success_pips() -> None:
    assert pips_for(True, 50, False) == 1
    assert pips_for(True, 25, False) == 2
    assert pips_for(True, 0, True) == 3
    assert pips_for(True, 31, False) == 1 and pips_for(True, 30, False) == 2


def test_av_38_39_failure_pips() -> None:
    assert pips_for(False, 31, False) == 2
    assert pips_for(False, 31, False, declarers_more_than_31=True) == 4
    assert pips_for(False, 32, False, declarers_more_than_31=True) == 2
    assert pips_for(False, 20, False) == 4
    assert pips_for(False, 0, True) == 6


def test_pip_threshold_option_in_a_deal() -> None:
    ruleset, state = replayed(record())
    _, _, result = settled({"points": {"NS": 89, "EW": 31}})
    assert result.game_points["EW"] == 2
    text = record(options=(("pip_threshold_31", "more_than"),))
    _, _, result = settled({"points": {"NS": 89, "EW": 31}}, text=text)
    assert result.game_points["EW"] == 4


def test_av_40_zero_means() -> None:
    # the declarers (E-W) make 120; N-S won one trick worth 0 points
    changes = {"points": {"NS": 0, "EW": 120}, "won": {"NS": 1, "EW": 7}}
    _, _, result = settled(changes)
    assert result.game_points == {"NS": 3, "EW": 0}
    text = record(options=(("zero_means", "no_tricks"),))
    _, _, result = settled(changes, text=text)
    assert result.game_points == {"NS": 2, "EW": 0}


def test_av_41_stop_with_63_to_22() -> None:
    _, _, result = settled({"points": {"NS": 22, "EW": 63}, "stopped": 5,
                            "won": {"NS": 1, "EW": 4}})
    assert result.contract.made and result.game_points == {"NS": 2, "EW": 0}


def test_av_43_match_ends_at_twelve() -> None:
    ruleset, _ = replayed(record())
    match = AvinasMatch(score={"NS": 0, "EW": 10}, rams={"NS": 0, "EW": 0})
    _, match, result = settled({"points": {"NS": 120, "EW": 0}, "won": {"NS": 8, "EW": 0}},
                               match=match)
    assert result.score == {"NS": 0, "EW": 16}
    assert ruleset.is_match_over(match)
    assert ruleset.match_result(match).startswith("N-S win: E-W reached 16 pips")


def test_av_44_rams_do_not_end_the_match() -> None:
    ruleset, state = replayed(sevens_text())
    side = ruleset.team_of[state.declarer]
    other = ruleset.other_team[side]
    match = AvinasMatch(score={side: 11, other: 0}, rams={side: 0, other: 11})
    assert not ruleset.is_match_over(match)
    settled({"points": {side: 50, other: 70}}, match=match, text=sevens_text())
    assert not ruleset.is_match_over(match)
    assert "net rams" in ruleset.match_result(match)


def test_rams_end_and_match_end_options() -> None:
    text = record(options=(("rams_end", "10"), ("match_end", "5")))
    ruleset, _ = replayed(text)
    assert ruleset.is_match_over(AvinasMatch({"NS": 0, "EW": 0}, {"NS": 10, "EW": 0}))
    assert ruleset.is_match_over(AvinasMatch({"NS": 5, "EW": 0}, {"NS": 0, "EW": 0}))
    assert not ruleset.is_match_over(AvinasMatch({"NS": 4, "EW": 0}, {"NS": 9, "EW": 0}))


def test_unknown_option_value_is_refused() -> None:
    report = check_text(record(options=(("zero_means", "nothing"),)))
    assert report.error_code == "record.option-value"


# -- legal actions -----------------------------------------------------------------------------


def test_legal_actions_at_trick_two_without_trump() -> None:
    text = sample_text("rule-avinas-face-down-legal-trick2.ttn")
    rec = parse_records(text)[0]
    ruleset = ruleset_for(rec.header)
    state = ruleset.start_deal(ruleset.new_match(), rec.deals[0])
    for event in rec.deals[0].events:
        if event.action.kind == "down":
            allowed = ruleset.legal_actions(state).allowed
            leader = event.action.seat
            hand = state.hands[leader]
            assert {a for a in allowed if a.kind == "down"} == {
                Action(leader, "down", cards=(card,)) for card in hand}
            assert not any(is_trump(card, state.trump) for card in hand)
            break
        ruleset.apply(state, event.action)
    else:
        pytest.fail("no face-down lead in the sample")


def test_presets() -> None:
    game = find_game("avinas")
    assert set(game.presets) == {"standard", "trump-lead-every-trick"}
    assert game.presets["trump-lead-every-trick"].values == {"trump_lead_every_trick": True}
    names = {spec.name for spec in game.option_specs}
    assert names == {
        "dealer_side_exposure", "trump_lead_every_trick", "facedown_no_trump_winner",
        "bid_count", "auction_rounds", "min_bid", "knock_in_nosevens", "pip_threshold_31",
        "zero_means", "false_bid_penalty", "stop_scoring", "match_end", "rams_end",
        "deal_order"}


def test_partners_sit_opposite() -> None:
    report = check_text('[Game "avinas"]\n[Teams "N E" "S W"]\n\ndeal 1 dealer N\n' + HANDS)
    assert report.error_code == "record.teams" and "opposite" in report.error


def test_named_seats() -> None:
    names = {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}
    rename = lambda text: re.sub(r"\b[NESW]\b", lambda m: names[m.group()], text)  # noqa: E731
    text = record(rename(PLAY), hands=rename(HANDS), dealer="Ann").replace(
        '[Game "avinas"]', '[Game "avinas"]\n[Seats "Ann Bob Cy Di"]')
    result = deal_result(text)
    assert result.points == {"AnnCy": 95, "BobDi": 25}
    assert "Bob-Di failed 25; Bob-Di +4 pips" in result.outcome


def test_av_09_false_bid_loses_even_with_61() -> None:
    _, _, result = settled({"points": {"NS": 40, "EW": 80}, "won": {"NS": 2, "EW": 6},
                            "false_bid": "E bid 5 and held 4 in hearts"})
    assert not result.contract.made
    assert result.game_points == {"NS": 0, "EW": 2}  # failure row, 31 or more
    _, _, honest = settled({"points": {"NS": 40, "EW": 80}, "won": {"NS": 2, "EW": 6}})
    assert honest.contract.made and honest.game_points == {"NS": 1, "EW": 0}
