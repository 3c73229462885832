"""Twenty-Two with cards not seen (docs/partial-records.md): simulated legal matches seen
partly are never reported illegal and their damage sets hold the true damage; the cases a
view proves are reported; the engine's verdict on small deals equals the verdict over every
placement of the unseen cards (brute force)."""

from __future__ import annotations

import random
from itertools import permutations
from pathlib import Path

import pytest

import referee
from referee import dumps, loads
from referee.model.cards import UNSEEN
from referee.model.record import Event
from referee.pipeline.checking import check_text
from referee.replay.simulate import simulate_records
from referee.replay.viewpoint import view_of

ALLOWED = {"22.incomplete"}
"""The only error a legal deal seen partly may get: it was cut short."""

HEADER = '[Game "twenty-two"]\n[Seats "Ann Bob Cy"]\n'


def errors(report) -> list[str]:
    """Every error of a report except a deal cut short (record errors included)."""
    found = [f"{report.failure.code}: {report.failure.message}"] if report.failure else []
    found += [f"{e.code}: {e.message}" for e in report.more_errors]
    for match in report.matches:
        found += [f"{f.rule}: {f.message}" for f in match.all_findings()
                  if f.severity == "error" and f.rule not in ALLOWED]
    return found


def rules(report) -> set[str]:
    return {f.rule for match in report.matches for f in match.all_findings()
            if f.severity == "error"}


def damages(report) -> list[dict[str, set[int]] | None]:
    """Each deal's damage per seat, as the set of values it may have (None: not scored and
    not open, as after a deal cut short)."""
    found: list[dict[str, set[int]] | None] = []
    for match in report.matches:
        for deal in match.deals:
            result = deal.result
            if result is None or not (result.scored or result.point_sets):
                found.append(None)
                continue
            found.append({seat: set(result.point_sets.get(seat, (value,)))
                          for seat, value in result.points.items()})
    return found


def holds_truth(full: list[dict[str, int]], seen: list[dict[str, set[int]] | None]) -> bool:
    """The damage sets of a partly seen match hold the true damage of every deal."""
    return len(full) == len(seen) and all(
        sets is None or all(exact[seat] in sets.get(seat, {exact[seat]}) for seat in exact)
        for exact, sets in zip(full, seen, strict=True))


def simulated(seed: int, preset: str, players: int, deals: int = 3):
    seats = tuple(f"P{n}" for n in range(1, players + 1))
    options = {"packs": 2} if players > 6 else {}
    return simulate_records("twenty-two", deals=deals, seed=seed, preset=preset,
                            seats=seats, options=options)


def hide(record, rng: random.Random, mode: str):
    """``record`` with cards not seen: random plays ``??``, hand lines left out, or cut
    short (a copy; the last deal only is cut)."""
    (copy,) = loads(dumps([record]))
    for deal in copy.deals:
        plays = [item for item in deal.items if isinstance(item, Event)
                 and item.action.kind == "play"]
        if mode in ("plays", "no-result"):
            if mode == "no-result":  # the damage is then what the cards not seen allow
                deal.items = [item for item in deal.items if isinstance(item, Event)]
            for event in plays:
                if rng.random() < 0.25:
                    cards = tuple(UNSEEN if rng.random() < 0.6 else c
                                  for c in event.action.cards)
                    event.action = event.action._replace(cards=cards)
        elif mode == "lines":
            deal.hands = [hand for hand in deal.hands if rng.random() < 0.4]
            for hand in deal.hands:
                hand.rounds = [[UNSEEN if rng.random() < 0.3 else c for c in r]
                               for r in hand.rounds]
        elif mode == "exchanges":
            for item in deal.items:
                if isinstance(item, Event) and item.action.kind == "exchange" \
                        and rng.random() < 0.5:
                    action = item.action
                    item.action = action._replace(cards=(UNSEEN,) * len(action.cards),
                                                  drawn=(UNSEEN,) * len(action.drawn))
            deal.hands = [hand for hand in deal.hands if rng.random() < 0.5]
    if mode == "cut":
        deal = copy.deals[-1]
        events = [i for i, item in enumerate(deal.items) if isinstance(item, Event)]
        if events:
            cut = events[rng.randrange(len(events))]
            deal.items = [item for item in deal.items[:cut] if isinstance(item, Event)]
        deal.hands = deal.hands[:1]
    return copy


def truth(record) -> list[dict[str, int]]:
    report = check_text(dumps([record]), "full.ttn")
    assert not errors(report)
    return [{seat: min(values) for seat, values in deal.items()}
            for deal in damages(report) if deal is not None]


CASES = [(seed, preset, players) for seed, (preset, players) in enumerate(
    [("standard", 2), ("standard", 3), ("standard", 4), ("standard", 6),
     ("first-death-ends", 3), ("first-death-ends", 5), ("standard", 8)] * 2)]


@pytest.mark.parametrize("seed,preset,players", CASES)
def test_views_of_a_legal_match_find_nothing_and_hold_the_true_damage(seed, preset, players):
    for record in simulated(seed, preset, players):
        full = truth(record)
        for seat in record.header.get("Seats").values[0].split():
            report = check_text(dumps([view_of(record, seat)]), f"{seat}.ttn")
            assert not errors(report), (seat, errors(report))
            assert holds_truth(full, damages(report))


@pytest.mark.parametrize("mode", ["plays", "no-result", "lines", "exchanges", "cut"])
@pytest.mark.parametrize("seed,preset,players", CASES)
def test_legal_matches_with_cards_not_seen_find_nothing(mode, seed, preset, players):
    rng = random.Random(seed * 7 + len(mode))
    for record in simulated(seed + 100, preset, players):
        full = truth(record)
        partly = hide(record, rng, mode)
        report = check_text(dumps([partly]), "partly.ttn")
        assert not errors(report), (errors(report), dumps([partly]))
        if mode != "cut":
            assert holds_truth(full, damages(report))


# -- what a view proves ---------------------------------------------------------------------

CASE_12 = HEADER + """[View "Ann"]

deal 1 dealer Cy
Ann: TS TH 2D 4D 8D 9S KC
Ann exchange none  Bob exchange none  Cy exchange none
1. Ann TS TH  Bob 3C 8H  Cy QC QD
2. Cy 2C  Ann 2D  Bob {later}
"""


def test_lowest_cards_are_a_rank_threshold_with_ties():
    tie = check_text(CASE_12.format(later="8S"), "tie.ttn")
    assert rules(tie) == {"22.incomplete"}
    assert any(f.rule == "record.unchecked" and "22.follow at trick 1" in f.message
               for m in tie.matches for f in m.all_findings())
    lower = check_text(CASE_12.format(later="5C"), "lower.ttn")
    assert "22.follow" in rules(lower)


CASE_13 = HEADER + """[View "Ann"]

deal 1 dealer Cy
Ann: TS TH 2D 4D 8D 9S KC
Ann exchange KC 9S > 2S 3S  Bob exchange {bob}  Cy exchange none
1. Ann TS TH  Bob KC KH  Cy QC QD
"""


def test_a_discard_drawn_back_is_found_whatever_was_drawn():
    drew = check_text(CASE_13.format(bob="?? > ??"), "drew.ttn")
    assert "22.exchange-discards" in rules(drew)
    declined = check_text(CASE_13.format(bob="none"), "declined.ttn")
    assert "22.not-held" in rules(declined)


def test_the_threshold_narrows_what_the_follower_may_play():
    """After 3C 8H (his lowest two), Bob may hold no card below 8: his moves say so."""
    from typer.testing import CliRunner

    from referee.cli.app import app

    text = CASE_12.format(later="").replace("  Bob \n", "\n")
    result = CliRunner().invoke(app, ["moves", "-", "--at", "end"], input=text)
    assert result.exit_code == 0, result.output
    legal = [line.split()[1] for line in result.output.splitlines()
             if line.startswith("  Bob ")]
    assert legal and all(card[0] in "89TJQKA" for card in legal)


def test_counts_stay_exact_and_too_many_cards_are_record_inconsistent():
    text = HEADER + """
deal 1 dealer Cy
Ann: 2S 2H 2D 4D 8D 9S KC
Bob: ?? ?? ?? ?? ?? ?? ??
Ann exchange none  Bob exchange none  Cy exchange none
1. Ann 9S  Bob ?? ??  Cy QC
"""
    assert "22.follow-count" in rules(check_text(text, "count.ttn"))
    # Bob discards two cards not seen, but every card of his line is played later
    more = HEADER + """
deal 1 dealer Cy
Ann: 2S 2H 2D 4D 8D 9S KC
Bob: 3C 3D 3H 3S 4S 4H 4C
Ann exchange none  Bob exchange ?? ?? > ?? ??  Cy exchange none
1. Ann 2S  Bob 3C  Cy 5C
2. Cy 6C  Ann 2H  Bob 3D
3. Cy 7C  Ann 2D  Bob 3H
4. Cy 8C  Ann 4D  Bob 3S
5. Cy 9C  Ann 8D  Bob 4S
6. Cy TC  Ann 9S  Bob 4H
7. Cy JC  Ann KC  Bob 4C
"""
    report = check_text(more, "more.ttn")
    [wrong] = [f for m in report.matches for f in m.all_findings()
               if f.rule == "record.inconsistent"]
    assert "Bob discards 2 cards not seen" in wrong.message


def test_convert_as_writes_other_exchanges_as_counts(tmp_path):
    from typer.testing import CliRunner

    from referee.cli.app import app

    full = tmp_path / "full.ttn"
    full.write_text(dumps(simulated(5, "standard", 4, deals=1)))
    result = CliRunner().invoke(app, ["convert", str(full), "--as", "P3"])
    assert result.exit_code == 0, result.output
    assert '[View "P3"]' in result.output
    lines = [line for line in result.output.splitlines() if line.startswith(("P1:", "P2:",
                                                                               "P4:"))]
    assert not lines  # the other hand lines are left out
    assert "P3:" in result.output
    for line in result.output.splitlines():
        for part in line.split("  "):
            if " exchange " in part and not part.startswith("P3") and "none" not in part:
                assert set(part.split()[2:]) <= {"??", ">"}


# -- brute force over the worlds ----------------------------------------------------------

SMALL = """[Game "twenty-two"]
[Seats "Ann Bob"]

deal 1 dealer Bob
Ann: {ann}
Bob: {bob}
Ann exchange none  Bob exchange none
{plays}
"""

PACK = [rank + suit for rank in "23456789TJQKA" for suit in "SHDC"]


def _worlds(text: str, shown: str):
    """Every way to write the ``??`` of ``text`` (a hand line's, each played once later, in
    order) with distinct cards the record does not show."""
    pool = [card for card in PACK if card not in shown.split()]
    holes = text.count(UNSEEN) // 2
    for cards in permutations(pool, holes):
        filled = text
        for card in cards:  # the hand line's first, then the play's
            filled = filled.replace(UNSEEN, card, 1)
        for card in cards:
            filled = filled.replace(UNSEEN, card, 1)
        yield filled


BRUTE = [
    # Bob's 4C to 9D was his lowest: his unseen card ranks 4 or more; the next lead says
    # he won trick 2
    ("5S 9D KH", "?? 4C QD", "1. Ann 9D  Bob 4C\n2. Ann 5S  Bob ??\n3. Bob QD  Ann KH"),
    # Bob's 8C to 9D was his lowest, then he leads a card not seen and Ann takes it
    ("3S 9D KH", "?? 8C QD", "1. Ann 9D  Bob 8C\n2. Ann 3S  Bob ??\n3. Ann KH  Bob QD"),
    # two cards not seen, one led
    ("2S 9D KH", "?? ?? QD", "1. Ann 9D  Bob ??\n2. Ann 2S  Bob ??\n3. Bob QD  Ann KH"),
]


@pytest.mark.parametrize("ann,bob,plays", BRUTE)
def test_verdicts_equal_the_verdict_over_every_world(ann, bob, plays):
    """An error the engine reports is in every world (never a guess); an error in every
    world is reported; worlds that disagree leave a note."""
    text = SMALL.format(ann=ann, bob=bob, plays=plays)
    verdicts = [rules(check_text(world, "w.ttn")) for world in
                _worlds(text, " ".join((ann, bob, plays)))]
    every, some = set.intersection(*verdicts), set.union(*verdicts)
    report = check_text(text, "t.ttn")
    assert rules(report) == every
    if some != every:
        assert any(f.severity == "note" for m in report.matches for f in m.all_findings())


def _swapped(record, rng: random.Random):
    """``record`` with one seat's two single-card plays of deal 1 swapped (a follow that
    may break 22.follow, and the turns after it), or None when no swap fits."""
    (copy,) = loads(dumps([record]))
    deal = copy.deals[0]
    plays = [item for item in deal.items if isinstance(item, Event)
             and item.action.kind == "play" and len(item.action.cards) == 1]
    rng.shuffle(plays)
    for first in plays:
        for second in plays:
            if first is not second and first.action.seat == second.action.seat \
                    and first.action.cards[0][0] != second.action.cards[0][0]:
                a, b = first.action, second.action
                first.action, second.action = a._replace(cards=b.cards), b._replace(cards=a.cards)
                copy.deals = copy.deals[:1]
                return copy
    return None


def found(report) -> set[tuple]:
    return {(f.rule, f.deal, f.trick, f.seat) for m in report.matches for f in m.all_findings()
            if f.severity == "error"}


@pytest.mark.parametrize("seed", range(8))
def test_an_injected_violation_is_reported_from_every_seat(seed):
    """Plays are face up: a violation in the tricks (a follow that was not allowed, a play
    out of turn) is proven from every seat's view, as in the full record."""
    rng = random.Random(seed)
    record = simulated(seed + 200, "standard", 3 + seed % 3, deals=1)[0]
    broken = _swapped(record, rng)
    assert broken is not None
    full = found(check_text(dumps([broken]), "full.ttn"))
    assert full  # the swap broke a rule
    for seat in record.header.get("Seats").values[0].split():
        view = check_text(dumps([view_of(broken, seat)]), f"{seat}.ttn")
        assert found(view) == full, seat


SAMPLES = sorted((Path(__file__).parent.parent / "samples" / "twenty-two").glob("*.ttn"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda path: path.stem)
def test_a_view_finds_no_error_in_a_deal_the_full_record_finds_legal(path):
    """Seen from any seat, a deal is reported illegal only if it is (the rule or its place
    may differ: a view sees the violation later, or names the seats one of which broke a
    rule); a legal deal stays legal."""
    for record in referee.load(path):
        full = {deal for _, deal, _, _ in found(check_text(dumps([record]), "full.ttn"))}
        for seat in record.header.get("Seats").values[0].split():
            report = check_text(dumps([view_of(record, seat)]), f"{seat}.ttn")
            assert report.failure is None and not report.more_errors
            seen = {deal for _, deal, _, _ in found(report)}
            assert seen <= full, (seat, found(report))


@pytest.mark.parametrize("ann,bob,plays", [
    ("5S 9D KH", "?? 4C QD", "1. Ann 9D  Bob 4C\n2. Ann KH  Bob QD\n3. Ann 5S  Bob ??"),
    ("5S 9D KH", "?? 6C QD", "1. Ann 9D  Bob 6C\n2. Ann KH  Bob QD\n3. Ann 5S  Bob ??"),
])
def test_open_damage_is_every_damage_of_the_worlds(ann, bob, plays):
    """Bob's last card is not seen: each player's damage set is the damage of every world
    in which the plays are legal (his 4C or 6C to 9D was his lowest: nothing below it)."""
    text = SMALL.format(ann=ann, bob=bob, plays=plays)
    worlds: dict[str, set[int]] = {"Ann": set(), "Bob": set()}
    for world in _worlds(text, " ".join((ann, bob, plays))):
        report = check_text(world, "w.ttn")
        if rules(report) - {"22.deal-size"}:
            continue  # an illegal world: not among those the sets are over
        for seat, values in damages(report)[0].items():
            worlds[seat] |= values
    [open_] = damages(check_text(text, "t.ttn"))
    assert open_ == worlds


ACES = """[Game "twenty-two"]
[Seats "Ann Bob Cy"]
[Option "ace_lead_forces_lowest" "yes"]
[View "Ann"]

deal 1 dealer Cy
Ann: AS AH 2D 4D 8D 9S KC
Ann exchange none  Bob exchange none  Cy exchange none
1. Ann AS AH  Bob KS KD  Cy {cy}
2. Ann 2D  Bob {later}
"""


def test_after_aces_a_follow_that_beats_the_bar_is_judged_as_the_lowest_cards():
    """Aces led (the option): Bob's K-K had to be his lowest two. A lower card he plays later
    proves it was not; so does the counting, when too few cards of a king or higher are
    unseen for the five he still holds; a follow not seen is a note."""
    lower = check_text(ACES.format(cy="QC QD", later="5C"), "lower.ttn")
    assert ("22.ace-lead", 1, 1, "Bob") in found(lower)
    counted = check_text(ACES.format(cy="QC QD", later="AD"), "counted.ttn")
    [bob] = [f for m in counted.matches for f in m.all_findings()
             if f.rule == "22.ace-lead" and f.seat == "Bob"]
    assert "he holds a card below K" in bob.message
    hidden = check_text(ACES.format(cy="?? ??", later="AD"), "hidden.ttn")
    assert not any(f.seat == "Cy" for m in hidden.matches for f in m.all_findings()
                   if f.severity == "error")
    notes = [f.message for m in hidden.matches for f in m.all_findings()
             if f.rule == "record.unchecked"]
    assert any(note.startswith("Cy:") and "22.ace-lead" in note for note in notes)
