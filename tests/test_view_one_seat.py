"""The replay page from one seat (``referee view --as SEAT``, a record with a View tag),
computed without a browser: the seat at the bottom, the other hands as card backs with the
count of cards each still holds, ``??`` plays as backs, notes at the step where they arise,
open points as sets, and not one card the seat did not see anywhere in the page."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee.cli.app import app
from referee.model.cards import card_text
from referee.pipeline.checking import check_file
from referee.replay.simulate import simulate, table_spec
from referee.view.data import page_data
from referee.view.page import render_page
from referee.view.words import card_name

runner = CliRunner()

CARD = re.compile(r"(?<![A-Za-z0-9])[AKQJT2-9][SHDC](?![A-Za-z0-9])")

# A Twenty-Eight deal with every hand written, cut after its third trick (a game in
# progress): seen from W, the cards N, E and S still hold were never seen.
CUT = """[Game "twenty-eight"]

deal 1 dealer W
N: 8S AC 7S 8C | 9S 7C QS 8H
E: KD QD TH JS | 7H KH AS QH
S: 9C JD 9H TD | JC 8D TC JH
W: AD AH KS QC | 9D TS 7D KC
S 15  E pass  N pass  W pass
S trump TD
1. S 9C  E call  E QD  N 8C  W QC
2. E 7H  N 8H  W AH  S JH
3. S 8D  E KD  N QS  W 9D
"""

# The same deal as W wrote it, with N's card in trick 2 not seen: N's points are open.
FROM_WEST = """[Game "twenty-eight"]
[View "W"]

deal 1 dealer W
W: AD AH KS QC | 9D TS 7D KC
S 15  E pass  N pass  W pass
S trump ??
1. S 9C  E call TD  E QD  N 8C  W QC
2. E 7H  N ??  W AH  S JH
3. S 8D  E KD  N QS  W 9D
"""


def cards_in(text: str) -> set[str]:
    return set(CARD.findall(text))


def strings(value: Any) -> list[str]:
    """Every string in a JSON value, keys too."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (k, *strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def embedded(page: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S)
    assert match is not None
    return json.loads(match.group(1).replace("<\\/", "</"))


def whole_steps(deal: dict[str, Any]) -> list[dict[str, Any]]:
    """The steps of an embedded deal with every hand (a step carries only those that
    changed, as the page's script unpacks them)."""
    hands: dict[str, str] = {}
    steps = []
    for step in deal["steps"]:
        hands = {**hands, **step["hands"]}
        steps.append({**step, "hands": hands})
    return steps


def view_page(tmp_path: Path, text: str, seat: str, *args: str) -> tuple[str, str]:
    """``referee view --as SEAT`` of ``text``: the page, and the view's record (``convert
    --as``) for what the seat saw."""
    record = tmp_path / "record.ttn"
    record.write_text(text, encoding="utf-8")
    target = tmp_path / "page.html"
    result = runner.invoke(app, ["view", str(record), "--as", seat, "-o", str(target), *args])
    assert result.exit_code in (0, 1), result.output
    seen = tmp_path / "seen.ttn"
    result = runner.invoke(app, ["convert", str(record), "--as", seat, "-o", str(seen)])
    assert result.exit_code == 0, result.output
    return target.read_text(encoding="utf-8"), seen.read_text(encoding="utf-8")


def assert_no_hidden_card(page: str, hidden: set[str]) -> None:
    """No card of ``hidden`` anywhere in the page: in the embedded data (as written), in
    the HTML around it (as written, as shown: 10♠, as said: the ten of spades), or in the
    deal diagrams (a suit a line: ♠ 9 Q 8)."""
    data = embedded(page)
    found = {card for text in strings(data) for card in cards_in(text)}
    assert not found & hidden, sorted(found & hidden)
    # the page's own script and style are the same on every page: what is left is the page's
    html = re.sub(r"<script.*?</script>|<style>.*?</style>", "", page, flags=re.S)
    for card in hidden:
        assert card not in cards_in(html), card
        assert card_text(card) not in html, card
        assert card_name(card)[4:] not in html, card  # "ten of spades"
    for row in re.findall(r"<tr><th scope=\"row\">.*?</tr>", html):
        for suit, ranks in re.findall(r'suitline suit-([SHDC])">.*?</span> ([^<]*)</span>', row):
            for rank in ranks.split():
                card = ("T" if rank == "10" else rank) + suit
                assert card not in hidden, (card, row)


@pytest.mark.parametrize("seat", ["N", "E", "S", "W"])
def test_a_page_from_one_seat_holds_no_card_it_did_not_see(tmp_path: Path, seat: str) -> None:
    page, seen = view_page(tmp_path, CUT, seat, "--partial")
    hidden = cards_in(CUT) - cards_in(seen)
    assert len(hidden) >= 12  # three hands of five cards, less what a call or play showed
    assert_no_hidden_card(page, hidden)
    data = embedded(page)
    (match,) = data["matches"]
    assert match["view"] == seat and match["bottom"] == seat
    assert data["ttn"].count("[View") == 1 and f'[View "{seat}"]' in data["ttn"]
    assert [tag["values"] for tag in match["record"]["tags"] if tag["name"] == "View"] == [
        [seat]]
    # the hands: the seat's own, the others as backs only, five cards each at the cut
    (deal,) = match["deals"]
    assert sorted(deal["hidden"]) == sorted(set("NESW") - {seat})
    last = whole_steps(deal)[-1]
    for other in deal["hidden"]:
        assert last["hands"][other] == ""
        held = last["backs"].get(other, 0) + (last.get("concealed") or {}).get(other, 0)
        assert held == 5, (other, last)
    assert len(last["hands"][seat].split()) + (last.get("concealed") or {}).get(seat, 0) == 5
    assert "seen from " + seat in page


def test_the_whole_record_shows_what_the_view_hides(tmp_path: Path) -> None:
    """The test above could pass by showing nothing: the same record's page of the whole
    record shows the cards the view hides."""
    record = tmp_path / "record.ttn"
    record.write_text(CUT, encoding="utf-8")
    page = render_page(page_data(check_file(record)))
    _, seen = view_page(tmp_path, CUT, "W", "--partial")
    hidden = cards_in(CUT) - cards_in(seen)
    assert hidden <= {card for text in strings(embedded(page)) for card in cards_in(text)}


SIMULATED = [("twenty-eight", 3, 2), ("twenty-nine", 2, 5), ("forty", 1, 3),
             ("fifty-six", 1, 4)]


@pytest.mark.parametrize(("game", "deals", "seed"), SIMULATED)
def test_backs_count_the_cards_each_seat_holds(tmp_path: Path, game: str, deals: int,
                                               seed: int) -> None:
    """At every step, each hidden hand's backs (and its face-down card) are as many as the
    cards the seat really holds, as the page of the whole record shows them; the viewing
    seat's hand and the trick are the whole record's."""
    record = tmp_path / "full.ttn"
    record.write_text(simulate(game, deals, seed, None, **table_spec(game, None, None)),
                      encoding="utf-8")
    full = page_data(check_file(record))
    seats = full["matches"][0]["seats"]
    for seat in (seats[0], seats[-1]):
        seen = page_data(check_file(record, view=seat), seat=seat)
        for whole, match in zip(full["matches"], seen["matches"], strict=True):
            assert match["bottom"] == seat
            for deal_full, deal in zip(whole["deals"], match["deals"], strict=True):
                assert deal["hidden"] == [s for s in seats if s != seat]
                for n, (was, step) in enumerate(zip(deal_full["steps"], deal["steps"],
                                                    strict=True)):
                    for other in seats:
                        held = len(was["hands"][other].split()) + (
                            was.get("concealed") or {}).get(other, 0)
                        if other == seat:
                            assert step["hands"][other] == was["hands"][other], n
                            continue
                        assert step["hands"][other] == ""
                        shown = ((step.get("backs") or {}).get(other, 0)
                                 + (step.get("concealed") or {}).get(other, 0))
                        assert shown == held, (game, seat, other, n, step["text"])
                    assert step["middle"] == was["middle"], n


def test_a_view_tag_puts_its_seat_at_the_bottom_and_unseen_cards_as_backs(tmp_path: Path
                                                                          ) -> None:
    record = tmp_path / "west.ttn"
    record.write_text(FROM_WEST, encoding="utf-8")
    data = page_data(check_file(record))
    (match,) = data["matches"]
    assert match["view"] == "W" and match["bottom"] == "W"
    # the bottom-seat control's default can still be given
    assert page_data(check_file(record), bottom="N")["matches"][0]["bottom"] == "N"
    (deal,) = match["deals"]
    steps = deal["steps"]
    (unseen,) = [n for n, s in enumerate(steps) if s["text"] == "N ??"]
    assert steps[unseen]["middle"][1] == ["N", ["??"], False]
    assert steps[unseen]["said"] == "Trick 2, card 2: North plays an unseen card."
    # the backs of N: eight, one less per card played (the card not seen too)
    assert steps[0]["backs"]["N"] == 8
    assert steps[unseen - 1]["backs"]["N"] == 7 and steps[unseen]["backs"]["N"] == 6
    # the trick's points leave the card not seen out, and say so
    (won,) = [s for s in steps if s.get("trick") == 2 and s.get("winner")]
    assert won["unseenTaken"] == 1
    # N's note arises as the deal starts (whether his hand, not seen, had no point card and
    # cancelled the deal), and at N's card not seen it says what it says then
    (note,) = [f for f in deal["findings"] if f["rule"] == "record.unchecked"
               and f["seat"] == "N"]
    assert note["step"] == 0
    noted = steps[unseen]["notes"]
    assert [n["message"] for n in noted] == [
        "N: could not check 28.thrown-in and 28.follow-suit at trick 2, for lack of seen "
        "cards (legal for some of the cards not seen)"]
    assert deal["findings"].index(note) in steps[0]["findings"]
    # the open points, as a set: N-S took 4 to 7 points, as the report says
    assert deal["result"]["points"]["NS"] == [4, 5, 6, 7]
    page = render_page(data)
    assert "NS 4-7" in page  # the whole deal's points, as runs
    # the diagram: W's hand, and of the others what the record shows and how much not
    assert "5 cards not seen" in page and "8 cards not seen" not in page


def test_notes_of_the_deal_start_stay_there(tmp_path: Path) -> None:
    record = tmp_path / "west.ttn"
    record.write_text(FROM_WEST, encoding="utf-8")
    (deal,) = page_data(check_file(record))["matches"][0]["deals"]
    order = next(f for f in deal["findings"] if f["rule"] == "28.deal-order")
    assert order["step"] == 0


def test_as_for_a_game_without_views_is_a_clean_error(tmp_path: Path) -> None:
    record = tmp_path / "t25.ttn"
    record.write_text(simulate("twenty-five", 1, 1, None, **table_spec("twenty-five", None,
                                                                         None)),
                      encoding="utf-8")
    target = tmp_path / "t25.html"
    result = runner.invoke(app, ["view", str(record), "--as", "N", "-o", str(target)])
    if result.exit_code == 0:  # Twenty-Five's view is written: then it is a view's page
        assert embedded(target.read_text(encoding="utf-8"))["matches"][0]["view"] == "N"
        return
    assert result.exit_code == 2, result.output
    assert "[record.view]" in result.output and "Traceback" not in result.output
    assert not target.exists()  # no page: a page of the whole record would tell all


def test_as_a_seat_not_at_the_table(tmp_path: Path) -> None:
    record = tmp_path / "cut.ttn"
    record.write_text(CUT, encoding="utf-8")
    target = tmp_path / "cut.html"
    result = runner.invoke(app, ["view", str(record), "--as", "X", "-o", str(target)])
    assert result.exit_code == 2
    assert "'X' is not at the table" in result.output and "Traceback" not in result.output
    assert not target.exists()


def test_a_folder_from_one_seat(tmp_path: Path) -> None:
    records = tmp_path / "records"
    records.mkdir()
    (records / "cut.ttn").write_text(CUT, encoding="utf-8")
    (records / "west.ttn").write_text(FROM_WEST, encoding="utf-8")
    site = tmp_path / "site"
    result = runner.invoke(app, ["view", str(records), "--as", "E", "--partial", "-o",
                                 str(site)])
    assert result.exit_code == 0, result.output
    for name in ("cut", "west"):
        data = embedded((site / f"{name}.html").read_text(encoding="utf-8"))
        assert data["matches"][0]["view"] == "E"  # a view of a view: seen from E
    index = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="cut.html"' in index and 'href="west.html"' in index


def test_a_hand_shown_is_seen_from_its_show_on() -> None:
    """The single-hand show lays the bidder's hand face up: the view writes his hand line,
    but the page from another seat hides it until the show; from the show on it shows what
    the replay of the view holds of that hand (none of it here: one of its cards lies face
    down, unnamed, so the view's replay keeps all eight among the cards it cannot place)."""
    record = Path(__file__).resolve().parent.parent / "samples" / "twenty-eight" / (
        "variant-show-one-suit.ttn")
    full = page_data(check_file(record))["matches"][0]["deals"][0]["steps"]
    (deal,) = page_data(check_file(record, view="E"), seat="E")["matches"][0]["deals"]
    (show,) = [n for n, s in enumerate(deal["steps"]) if s["kind"] == "show"]
    assert deal["shownAt"] == {"N": show} and "N" in deal["hidden"]
    for n, step in enumerate(deal["steps"][:show]):
        assert step["hands"]["N"] == "" and step["backs"]["N"] + (
            step.get("concealed") or {}).get("N", 0) == len(full[n]["hands"]["N"].split()) + (
            full[n].get("concealed") or {}).get("N", 0), n
    # the whole deal at the end gives his hand line as written, every card of it
    assert sorted(deal["seenDealt"]["N"]["cards"]) == sorted(full[0]["hands"]["N"].split())
    assert deal["seenDealt"]["N"]["unseen"] == 0
