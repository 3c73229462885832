"""What follows an illegal action is a type (``rules.base.Effect``) carried out by the loop
(``rules.loop.DealRun``): an action that stands is applied, one of no effect is reported and
not applied, one that stops ends the walk of its deal. No game re-checks inside ``apply``."""

from __future__ import annotations

from referee.games import ruleset_for
from referee.notation.parser import parse_records
from referee.rules.base import Effect, Exclusion
from referee.rules.loop import DealRun

HANDS_28 = """\
N: JS 9S AH 7C | 8D QD KS TC
E: JH 9H AS 7S | TD KD 8C QC
S: JD 9D AD 7D | 8H QH KH TH
W: JC 9C AC 8S | TS QS KC 7H"""

PLAY_28 = """\
E 14  N 16  W pass  S pass  E pass
N trump 9S
1. E AS N JS W QS S TH
2. N TC W 9C S QH E QC
3. W AC S 8H E 8C N 7C
4. W KC S 9D E call E 7S N QD
5. E TD N 8D W 7H S 7D
6. E KD N 9S W JC S AD
7. N KS W TS S KH E JH
8. W 8S S JD E 9H N AH"""

HANDS_AV = """\
N: AC KC 9D JC | 8H AD 7S TS
E: KH TC 9S KS | AH 8S JS QD
S: AS QH 7H QS | 7D TD JH KD
W: TH 8D 7C QC | 8C 9C JD 9H"""


def walk(text: str):
    """The run of the record's first deal, and every (event, exclusion) of its walk."""
    record = parse_records(text)[0]
    ruleset = ruleset_for(record.header)
    run = DealRun(ruleset, ruleset.new_match(), record.deals[0])
    seen = list(run.events())
    return run, seen


def test_exclusion_effect_defaults_to_stands() -> None:
    exclusion = Exclusion("28.follow-suit", "N must follow")
    assert exclusion.effect is Effect.STANDS and not exclusion.fatal
    assert exclusion.without_effect().effect is Effect.NO_EFFECT
    stops = Exclusion("28.not-held", "N does not hold AS", Effect.STOPS)
    assert stops.fatal and stops.without_effect() is stops
    assert Effect.stops_when(True) is Effect.STOPS
    assert Effect.stops_when(False) is Effect.STANDS


def test_an_illegal_pair_is_reported_and_has_no_effect() -> None:
    text = ('[Game "twenty-eight"]\n\ndeal 1 dealer S\n' + HANDS_28 + "\n"
            + PLAY_28.replace("7. N KS", "N pair\n7. N KS") + "\n")
    run, seen = walk(text)
    verdicts = [(e.action.kind, x.effect) for e, x in seen if x is not None]
    assert verdicts == [("pair", Effect.NO_EFFECT)]
    assert run.state.pair is None  # not applied: N never showed a valid pair
    assert run.stopped is None and len(run.state.tricks) == 8  # the deal went on
    assert run.offenders == ["N"]


def test_a_card_not_held_stops_the_walk() -> None:
    text = ('[Game "twenty-eight"]\n\ndeal 1 dealer S\n' + HANDS_28 + "\n"
            + PLAY_28.replace("3. W AC", "3. W AH") + "\n")
    run, seen = walk(text)
    assert seen[-1][1] is not None and seen[-1][1].effect is Effect.STOPS
    assert run.stopped is seen[-1][0] and len(run.state.tricks) == 2


def test_a_revoke_stands() -> None:
    # N holds spades (9S is face down, KS in hand) but discards 7C on the spade lead
    text = ('[Game "twenty-eight"]\n\ndeal 1 dealer S\n' + HANDS_28 + "\n"
            + PLAY_28.replace("1. E AS N JS", "1. E AS N 7C").replace("3. W AC S 8H E 8C N 7C",
                                                                       "3. W AC S 8H E 8C N JS")
            + "\n")
    run, seen = walk(text)
    first = next(x for _, x in seen if x is not None)
    assert first.rule == "28.follow-suit" and first.effect is Effect.STANDS
    assert run.state.tricks[0].plays[1] == ("N", "7C")  # carried out as made


def test_an_illegal_stop_in_avinas_has_no_effect() -> None:
    play = "E 1  S pass  W pass  N pass\nW stop\n1. E KH  S QS  W 9H  N JC"
    run, seen = walk(f'[Game "avinas"]\n\ndeal 1 dealer N\n{HANDS_AV}\n{play}\n')
    stop = [(e, x) for e, x in seen if x is not None]
    assert [(e.action.kind, x.rule, x.effect) for e, x in stop] == [
        ("stop", "avinas.stop", Effect.NO_EFFECT)]
    assert run.state.stopped is None and len(run.state.tricks) == 1


def test_a_single_hand_declared_during_play_has_no_effect() -> None:
    text = ('[Game "twenty-eight"]\n\ndeal 1 dealer S\n' + HANDS_28 + "\n"
            + PLAY_28.replace("2. N TC", "S single\n2. N TC") + "\n")
    run, seen = walk(text)
    found = [(e.action.kind, x.rule, x.effect) for e, x in seen if x is not None]
    assert found == [("single", "28.single-hand", Effect.NO_EFFECT)]
    assert run.state.mode.declarer is None and len(run.state.tricks) == 8
