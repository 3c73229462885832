"""The data a replay page shows, step by step, computed without a browser."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee.pipeline.checking import check_file
from referee.replay.simulate import simulate, table_spec
from referee.view.data import page_data
from referee.view.page import embed_json, render_index, render_page, score_chart
from referee.view.site import write_pages

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"

TOUR = """[Game "twenty-eight"]

deal 1 dealer E
N: KS QD KH AC | 7D 9D 9H QS
E: 8S JD QC 7H | QH 8C 8H TD
S: JS 7C 8D JC | AD TS 9S TH
W: TC 7S JH AH | KC AS KD 9C
N 14  W 16  S pass  E 19  N 22  W pass  S pass  E pass
N trump KS
1. N QD  W KD  S AD  E TD
2. S 8D  E JD  N 7D  W call  W 7S
3. W KC  S JC  E 8C  N AC
N pair
4. S TS  E 8S  N QS  W AS
5. W JH  S TH  E 8H  N 9H
6. W TC  S 7C  E QC  N KH
7. W AH  S JS  E QH  N 9D
8. S 9S  E 7H  N KS  W 9C
result NS 16 EW 12
result score NS -1 EW 0
"""


def data_of(tmp_path: Path, text: str, name: str = "record.ttn") -> dict:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return page_data(check_file(path))


def steps_of(data: dict, deal: int = 0) -> list[dict]:
    return data["matches"][0]["deals"][deal]["steps"]


def step_after(steps: list[dict], text: str) -> dict:
    (step,) = [s for s in steps if s["text"] == text]
    return step


def test_tour_deal_step_by_step(tmp_path: Path) -> None:
    data = data_of(tmp_path, TOUR)
    (match,) = data["matches"]
    assert match["seats"] == ["N", "E", "S", "W"]
    assert match["teams"] == [["N", "S"], ["E", "W"]]
    (deal,) = match["deals"]
    assert deal["dealer"] == "E"
    assert deal["firstHand"] == "N"  # counter-clockwise: the dealer's right
    steps = deal["steps"]
    # the deal as dealt, then one step per event (result lines are not steps)
    assert steps[0]["kind"] == "deal" and steps[0]["text"] is None
    assert len(steps) == 1 + 8 + 1 + 32 + 1 + 1
    # by suit, then in the game's order of ranks (J 9 A 10 K Q 8 7)
    assert steps[0]["hands"]["N"].split() == ["KS", "QS", "9H", "KH", "9D", "QD", "7D", "AC"]
    assert steps[0]["turn"] == "N"
    # the trump lies face down: out of N's hand and hidden on the page
    trump = step_after(steps, "N trump KS")
    assert "KS" not in trump["hands"]["N"].split()
    assert "trump: face down (by N)" in trump["facts"]
    assert trump["concealed"] == {"N": 1}
    assert not any("K♠" in fact for fact in trump["facts"])
    # trick 1: each card goes to the middle; the ace of diamonds wins 2 points for N-S
    first = step_after(steps, "N QD")
    assert first["middle"] == [["N", ["QD"], False]] and first["trick"] == 1
    assert "QD" not in first["hands"]["N"].split()
    assert first["turn"] == "W"
    end = step_after(steps, "E TD")
    assert [seat for seat, _, _ in end["middle"]] == ["N", "W", "S", "E"]
    assert (end["winner"], end["points"], end["running"]) == ("S", 2, {"NS": 2, "EW": 0})
    assert end["turn"] == "S"
    # the call shows the trump and gives N the king back
    call = step_after(steps, "W call")
    assert "trump: K♠ shown (called by W)" in call["facts"]
    assert "KS" in call["hands"]["N"].split()
    assert step_after(steps, "N pair")["facts"][-1] == "pair: N"
    last = steps[-1]
    assert last["text"] == "W 9C" and last["trick"] == 8
    assert last["running"] == {"NS": 16, "EW": 12}
    assert all(not cards for cards in last["hands"].values())
    assert deal["result"]["points"] == {"NS": 16, "EW": 12}
    assert deal["findings"] == [] and deal["stoppedAt"] is None


def test_score_before_each_deal_and_inferred_hands() -> None:
    data = page_data(check_file(SAMPLES / "twenty-eight/match-01-standard-club-night.ttn"))
    deals = data["matches"][0]["deals"]
    assert deals[0]["scoreBefore"] == {}
    for previous, deal in zip(deals, deals[1:], strict=False):
        assert deal["scoreBefore"] == previous["result"]["score"]
    inferred = page_data(check_file(SAMPLES / "twenty-five/hands-inferred.ttn"))
    (deal,) = inferred["matches"][0]["deals"]
    assert deal["inferred"] == ["N", "E", "S", "W"]
    assert deal["steps"][0]["hands"]["S"].split() == ["TS", "9S", "8S", "7S", "QH"]
    assert deals[0]["inferred"] == []


def test_auction_grid_by_seat(tmp_path: Path) -> None:
    grid = data_of(tmp_path, TOUR)["matches"][0]["deals"][0]["auction"]
    assert grid["seats"] == ["N", "W", "S", "E"]
    assert [[cell and cell[0] for cell in row] for row in grid["rows"]] == [
        ["14", "16", "pass", "19"], ["22", "pass", "pass", "pass"],
    ]
    assert grid["rows"][0][0][1] == 1  # the first call is step 1


def test_c_call_and_second_round() -> None:
    data = page_data(check_file(SAMPLES / "twenty-eight/variant-c-call-made.ttn"))
    deal = data["matches"][0]["deals"][0]
    assert [cell and cell[0] for cell in deal["auction"]["rows"][-1]] == [
        "double", "C", None, None]
    assert "C by N: the deal is worth a whole game" in step_after(deal["steps"],
                                                                  "N c-call")["facts"]
    second = page_data(check_file(SAMPLES / "twenty-eight/variant-second-round-bids.ttn"))
    steps = second["matches"][0]["deals"][0]["steps"]
    assert "second bidding round" in step_after(steps, "W 20")["facts"]
    grid = second["matches"][0]["deals"][0]["auction"]
    dividers = [row for row in grid["rows"] if isinstance(row, dict)]
    assert [row["after"] for row in dividers] == ["N trump 9S"]
    assert step_after(steps, "W trump QD")["concealed"] == {"W": 1}


def test_finding_at_its_moment_with_alternatives(tmp_path: Path) -> None:
    text = TOUR.replace("2. S 8D  E JD  N 7D", "2. S 8D  E JD  N 9H")  # N holds 7D: revoke
    deal = data_of(tmp_path, text)["matches"][0]["deals"][0]
    (finding,) = [f for f in deal["findings"] if f["severity"] == "error"][:1]
    step = deal["steps"][finding["step"]]
    assert step["text"] == "N 9H"
    assert finding["rule"] == "28.follow-suit"
    assert "N 7D" in finding["alternatives"]
    assert deal["findings"].index(finding) in step["findings"]


def test_stopped_replay_marks_the_rest(tmp_path: Path) -> None:
    text = TOUR.replace("1. N QD  W KD", "1. N QD  W 8S")  # W does not hold 8S
    deal = data_of(tmp_path, text)["matches"][0]["deals"][0]
    stop = deal["stoppedAt"]
    steps = deal["steps"]
    assert steps[stop - 1]["text"] == "W 8S"
    at_stop = [f["rule"] for f in deal["findings"] if f["step"] == stop - 1]
    assert at_stop[0] == "28.not-held"  # (a note on what was not checked may follow)
    assert all(s.get("replayed") is False for s in steps[stop:])
    assert steps[stop]["text"] == "S AD" and steps[stop]["middle"] == steps[stop - 1]["middle"]
    assert deal["unchecked"].startswith("not checked after line")


def test_unreadable_file_gives_its_error(tmp_path: Path) -> None:
    data = data_of(tmp_path, '[Game "twenty-eight"]\ndeal 1 dealer E\nN: KS QQ\n')
    assert data["matches"] == []
    assert data["error"]["line"] == 3
    page = render_page(data)
    assert "This record cannot be read" in page and "<script" not in page


def _backs(step: dict, seat: str) -> int:
    """The backs a step shows for ``seat``: cards not seen, and a card laid face down."""
    return ((step.get("backs") or {}).get(seat, 0)
            + (step.get("concealed") or {}).get(seat, 0))


def _plays_leave_hands(data: dict) -> None:
    """Every replayed play puts its cards in the middle and takes them out of the hand."""
    for match in data["matches"]:
        for deal in match["deals"]:
            for before, step in zip(deal["steps"], deal["steps"][1:], strict=False):
                if step["kind"] not in ("play", "down") or step.get("replayed") is False:
                    continue
                if step.get("findings"):
                    continue  # an illegal play may be a card the seat never held
                if not step["middle"]:  # a cancelled deal's play is disregarded
                    assert "disregarded" in deal["unchecked"]
                    assert "disregarded" in step["facts"][-1]
                    continue
                seat, cards = step["middle"][-1][0], step["middle"][-1][1]
                if step.get("winner") is None:
                    assert seat == step["seat"], step
                if (step["seat"] in deal["hidden"]  # a hand not seen: one back less per card
                        and deal["steps"].index(step) < deal["shownAt"].get(step["seat"],
                                                                          len(deal["steps"]))):
                    assert step["hands"][step["seat"]] == ""
                    assert (_backs(before, step["seat"]) - _backs(step, step["seat"])
                            == len(cards)), step
                    continue
                held = before["hands"][step["seat"]].split()
                concealed = before.get("concealed", {}).get(step["seat"], 0)
                for card in cards:
                    if card not in held and concealed:  # the face-down trump, played
                        concealed -= 1
                        continue
                    if card != "??":
                        assert card in held, (match["record"]["tags"], deal["number"], step)
                        held.remove(card)
                assert sorted(held) == sorted(step["hands"][step["seat"]].split()), step


@pytest.mark.parametrize("game", sorted(p.name for p in SAMPLES.iterdir() if p.is_dir()))
def test_every_sample_every_finding_at_a_step(game: str) -> None:
    for path in sorted((SAMPLES / game).glob("*.ttn")):
        report = check_file(path)
        data = page_data(report)
        assert "error" not in data, path
        shown = [(f["rule"], f["message"]) for m in data["matches"] for d in m["deals"]
                 for f in d["findings"]]
        reported = [(f.rule, f.message) for f in report.findings("error")
                    + report.findings("note")]
        assert sorted(shown) == sorted(reported), path
        for match in data["matches"]:
            for deal in match["deals"]:
                for n, finding in enumerate(deal["findings"]):
                    assert n in deal["steps"][finding["step"]].get("findings", []), path
        _plays_leave_hands(data)
        json.loads(embed_json(data).replace("<\\/", "</"))  # the embedded form is JSON


def test_each_game_shows_its_own_parts() -> None:
    def facts(path: str) -> set[str]:
        data = page_data(check_file(SAMPLES / path))
        return {fact for m in data["matches"] for d in m["deals"] for s in d["steps"]
                for fact in s["facts"]}

    assert "robbed by P3, discarding K♦" in facts("twenty-five/match-3-players.ttn")
    assert "turned up: A♠ (trumps ♠)" in facts("twenty-five/match-3-players.ttn")
    renege = page_data(check_file(SAMPLES / "twenty-five/edge-25-01-five-reneges-low-lead.ttn"))
    steps = renege["matches"][0]["deals"][0]["steps"]
    assert "E reneges, keeping 5♠" in step_after(steps, "E 7D")["facts"]
    assert not any("reneges" in fact for s in steps if s["text"] != "E 7D"
                   for fact in s["facts"])
    avinas = facts("avinas/edge-av-28-knock-and-counter-knock.ttn")
    assert any(f.startswith("knock: ") for f in avinas)
    assert any(f.startswith("counter-knock: ") for f in avinas)
    avinas = facts("avinas/match-01-standard.ttn")
    assert any(f.startswith("exposed: ") for f in avinas)
    assert "trump: ♣ (the exposed seven)" in avinas  # deal 3: S's seven of clubs
    assert "trump: ♥" in avinas  # deal 1: W names hearts after leading a jack
    assert "single hand: W (no trumps)" in facts("twenty-eight/edge-28-39-single-hand-won.ttn")
    single = page_data(check_file(SAMPLES / "twenty-eight/edge-28-39-single-hand-won.ttn"))
    steps = single["matches"][0]["deals"][0]["steps"]
    assert step_after(steps, "W single")["out"] == ["E"]  # W's partner sits out
    doubled = facts("twenty-eight/edge-28-34-double-redouble.ttn")
    assert any(f.startswith("doubled by ") for f in doubled)
    assert any(f.startswith("redoubled by ") for f in doubled)
    assert any(re.fullmatch(r"stock: \d+ cards", f) for f in
               facts("twenty-two/game-3-players-draw.ttn"))


def test_twenty_nine_trump_named_stays_concealed_until_called() -> None:
    data = page_data(check_file(SAMPLES / "twenty-nine/match-standard-01.ttn"))
    deal = data["matches"][0]["deals"][1]
    steps = deal["steps"]
    chosen = next(n for n, s in enumerate(steps) if s["kind"] == "trump")
    assert steps[chosen]["text"] == "W trump C"
    called = next(n for n, s in enumerate(steps) if s["kind"] == "call")
    for step in steps[chosen:called]:
        assert "trump: face down (by W)" in step["facts"]
        assert not any("♣" in fact for fact in step["facts"])
    assert f"trump: ♣ shown (called by {steps[called]['seat']})" in steps[called]["facts"]


def test_twenty_two_multi_card_plays_and_deaths() -> None:
    data = page_data(check_file(SAMPLES / "twenty-two/game-3-players-draw.ttn"))
    steps = [s for d in data["matches"][0]["deals"] for s in d["steps"]]
    multi = next(s for s in steps if s["text"] == "P3 KS KC")
    assert multi["middle"][0] == ["P3", ["KS", "KC"], False]
    exchange = next(s for s in steps if s["kind"] == "exchange")
    assert exchange["facts"][0].startswith("stock: ")
    four = page_data(check_file(SAMPLES / "twenty-two/game-4-players.ttn"))
    outs = [s.get("out") for d in four["matches"][0]["deals"] for s in d["steps"]]
    assert any(outs), "a later deal has a dead player"


def test_avinas_face_down_lead(tmp_path: Path) -> None:
    data = page_data(check_file(SAMPLES / "avinas/rule-avinas-face-down-legal-trick2.ttn"))
    downs = [s for d in data["matches"][0]["deals"] for s in d["steps"] if s["kind"] == "down"]
    assert downs and downs[0]["middle"][0][2] is True


@pytest.mark.parametrize(("game", "players"), [
    ("twenty-two", 2), ("twenty-five", 3), ("twenty-eight", 4), ("twenty-two", 5),
    ("forty", 6), ("twenty-five", 7), ("twenty-five", 8), ("twenty-five", 9),
])
def test_every_table_size(tmp_path: Path, game: str, players: int) -> None:
    text = simulate(game, 2, 7, None, **table_spec(game, players, None))
    data = data_of(tmp_path, text)
    (match,) = data["matches"]
    assert len(match["seats"]) == players
    first = match["deals"][0]["steps"][0]
    assert sorted(first["hands"]) == sorted(match["seats"])
    _plays_leave_hands(data)


def test_twenty_deal_match_page_is_small(tmp_path: Path) -> None:
    data = page_data(check_file(SAMPLES / "twenty-eight/match-west-bengal-01.ttn"))
    page = render_page(data)
    assert len(data["matches"][0]["deals"]) >= 20
    assert len(page.encode()) < 600_000
    # six seats of eight cards weigh most: twenty deals of Fifty-Six (in several matches)
    data = data_of(tmp_path, simulate("fifty-six", 20, 3, None, **table_spec("fifty-six")))
    assert sum(len(match["deals"]) for match in data["matches"]) == 20
    assert len(render_page(data).encode()) < 600_000
    # self-contained: no address the browser would fetch
    assert not re.search(r"""(src|href)=["'](https?:)?//""", page)
    assert "@import" not in page and "url(" not in page


def test_score_chart_has_a_line_per_team() -> None:
    svg = score_chart({"NS": [0, 1, 3], "EW": [0, -1, -1]})
    assert svg.count("<polyline") == 2
    assert svg.count("<circle") == 4 and "<title>NS 3 after deal 2</title>" in svg
    assert "NS 3" in svg and "EW -1" in svg and 'stroke-dasharray="6 3"' in svg
    assert score_chart({"NS": [0]}) == ""


def test_index_lists_results_and_findings(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "good.ttn").write_text(TOUR, encoding="utf-8")
    (folder / "bad.ttn").write_text(TOUR.replace("N 7D", "N 9H"), encoding="utf-8")
    (folder / "broken.ttn").write_text("[Game \"28\"]\ndeal 1 dealer E\nN: KS QQ\n",
                                       encoding="utf-8")
    run = write_pages([str(folder)], str(tmp_path / "site"))
    assert sorted(p.name for p in run.pages) == ["bad.html", "broken.html", "good.html"]
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert index.index("bad.html") < index.index("broken.html") < index.index("good.html")
    assert re.search(r"good\.html.*?<td class=\"num\">1</td><td class=\"num\">0</td>", index)
    assert re.search(r"bad\.html.*?<td class=\"num\">1</td><td class=\"num\">[1-9]", index)
    assert "unreadable" in index
    page = (tmp_path / "site" / "good.html").read_text(encoding="utf-8")
    assert 'href="index.html"' in page
    assert render_index([]).count("<tr>") == 1  # the header row only


def test_each_step_said_in_words(tmp_path: Path) -> None:
    deal = data_of(tmp_path, TOUR)["matches"][0]["deals"][0]
    steps = deal["steps"]
    assert steps[0]["said"] == "As dealt: East deals, North is first hand."
    assert step_after(steps, "N 14")["said"] == "North bids 14."
    assert step_after(steps, "W pass")["said"] == "West passes."
    # the trump card is laid face down: the words do not give it away, as the table does not
    assert step_after(steps, "N trump KS")["said"] == "North lays the trump card face down."
    assert step_after(steps, "N QD")["said"] == (
        "Trick 1, card 1: North plays the queen of diamonds.")
    assert step_after(steps, "E TD")["said"] == (
        "Trick 1, card 4: East plays the ten of diamonds; South wins the trick, 2 points.")
    assert [step_after(steps, t)["card"] for t in ("N QD", "W KD", "S AD", "E TD")] == [1, 2, 3, 4]
    assert step_after(steps, "W call")["said"] == "West calls for the trump to be shown."
    assert step_after(steps, "N pair")["said"] == "North declares the pair."
    assert "card" not in step_after(steps, "N pair")
    assert deal["summary"] == ("Replay of Twenty-Eight, deal 1 of 1, dealt by East: "
                               f"{deal['result']['outcome']}; points NS 16, EW 12")


def test_words_of_other_games() -> None:
    from referee.model.record import Action
    from referee.view.words import action_said, card_name

    assert card_name("TS") == "the ten of spades" and card_name("??") == "an unseen card"
    assert action_said(Action("P2", "play", ("KH", "KS"))) == (
        "P2 plays the king of hearts and the king of spades")
    assert action_said(Action("E", "play", ("9C",)), face_down=True) == (
        "East leads a card face down")
    assert action_said(Action(None, "turnup", ("7C",))) == (
        "The card turned up is the seven of clubs")
    assert action_said(Action("P1", "exchange", ("4D",), drawn=("QS", "2H"))) == (
        "P1 exchanges the four of diamonds for the queen of spades and the two of hearts")
    assert action_said(Action("N", "trump", value="H")) == "North chooses the trump: hearts"
    avinas = page_data(check_file(SAMPLES / "avinas/match-01-standard.ttn"))
    (down, *_) = [s for d in avinas["matches"][0]["deals"] for s in d["steps"]
                  if s["kind"] == "down"]
    assert re.fullmatch(r"Trick \d+, card 1: \w+ leads a card face down\.", down["said"])


def test_face_down_card_and_whole_deal(tmp_path: Path) -> None:
    data = data_of(tmp_path, TOUR)
    steps = steps_of(data)
    laid = steps.index(step_after(steps, "N trump KS"))
    back = steps.index(step_after(steps, "W call"))
    deal = data["matches"][0]["deals"][0]
    assert deal["faceDown"] == [{"seat": "N", "cards": ["KS"], "laid": laid, "back": back}]
    page = render_page(data)
    (diagram,) = re.findall(r'<section class="diagram" id="dealt-0-0".*?</section>', page)
    assert f"North laid K♠ face down at step {laid} (N trump KS)" in diagram
    assert f"back in the hand at step {back} (W call)" in diagram
    assert "Points taken: NS 16, EW 12" in diagram and deal["result"]["outcome"] in diagram
    # N's hand as dealt, a suit a line: K Q of spades, 9 K of hearts, 9 Q 7 of diamonds, A
    north = re.search(r'<th scope="row">N.*?</tr>', diagram).group(0)
    assert [re.sub(r"<[^>]+>", "", line).split()[1:] for line in
            re.findall(r'<span class="suitline.*?</span> [^<]*</span>', north)] == [
        ["K", "Q"], ["9", "K"], ["9", "Q", "7"], ["A"]]
    # a deal never shown: the trump of a record that stops before the call
    assert "never shown" in render_page(data_of(tmp_path, TOUR.split("2. S 8D")[0]))


def test_record_and_default_bottom_seat(tmp_path: Path) -> None:
    from referee.replay.canonical import canonical_text

    path = tmp_path / "tour.ttn"
    path.write_text(TOUR, encoding="utf-8")
    data = page_data(check_file(path), bottom="S")
    assert data["ttn"] == canonical_text(TOUR, str(path))
    assert data["matches"][0]["bottom"] == "S"
    assert page_data(check_file(path), bottom="P4")["matches"][0]["bottom"] is None
    assert page_data(check_file(path))["matches"][0]["bottom"] is None


def test_shared_page_names_no_folder_of_the_machine(tmp_path: Path) -> None:
    from referee.view.data import shown_name

    assert shown_name(str(tmp_path / "a" / "b.ttn")) == "b.ttn"
    assert shown_name("samples/x.ttn") == "samples/x.ttn"
    path = tmp_path / "tour.ttn"
    path.write_text(TOUR, encoding="utf-8")
    page = render_page(page_data(check_file(str(path))))
    assert str(tmp_path) not in page
    assert "<title>tour.ttn - referee</title>" in page and '"path":"tour.ttn"' in page
    assert "<noscript>" in page and "needs JavaScript" in page
