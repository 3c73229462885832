"""A record as one seat saw it: ``referee.replay.viewpoint`` and ``--as SEAT`` of ``convert``,
``simulate`` and ``check``.

Some assertions about ``check --as`` hold only while the 28 family's engine refuses ``??``
(``record.unseen``); each is marked ``while the engine refuses '??'`` and sits in a branch
that the other outcome (the view checked) replaces, so that the tests keep passing when the
engine learns partial records.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import referee
from referee.cli.app import app
from referee.games import games
from referee.model.errors import RecordError
from referee.model.record import Event, Record
from referee.notation.jsonform import record_to_json
from referee.notation.writer import sorted_tags
from referee.pipeline.checking import check_file
from referee.replay.viewpoint import VIEW_GAMES, view_of

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
runner = CliRunner()

# W bids 24 and lays 7H face down; S calls in trick 1 (the card is shown there).
DEAL = """\
deal 1 dealer N
N: KC 9H 8S TC | KS TH 8D QD
E: 9S JD QS 9D | KD 7C 9C KH
S: 8H 7D TD AC | AH 8C QH JC
W: JH 7H AS JS | QC 7S TS AD
W 14  S 18  E pass  N 20  W 24  S pass  E pass  N pass
W trump 7H                 ; hearts
1. W AS  S call  S QH  E 9S  N 8S
2. S TD  E KD  N 8D  W AD
3. W 7S  S 7D  E QS  N KS
4. N KC  W QC  S JC  E 9C
5. S 8H  E KH  N TH  W JH
6. W 7H  S AH  E 9D  N 9H
7. N QD  W TS  S AC  E JD
8. E 7C  N TC  W JS  S 8C
result NS 17 EW 11
"""
HEAD = '[Game "twenty-eight"]\n[Event "view test"]\n\n'
LEGAL = HEAD + DEAL
LINE_OF = {text.split(";")[0].strip(): number
           for number, text in enumerate(LEGAL.splitlines(), 1)}
TRUMP_LINE = LINE_OF["W trump 7H"]
# E's hand line holds seven cards: the record as written is unreadable (record.hand-size).
SHORT_E = LEGAL.replace("E: 9S JD QS 9D | KD 7C 9C KH", "E: 9S JD QS 9D | KD 7C 9C")
E_LINE = LINE_OF["E: 9S JD QS 9D | KD 7C 9C KH"]
# E discards QS in trick 2 holding diamonds (28.follow-suit), and plays KD in trick 3.
REVOKE = LEGAL.replace("2. S TD  E KD", "2. S TD  E QS").replace(
    "3. W 7S  S 7D  E QS", "3. W 7S  S 7D  E KD")
# ... and the table wrote a wrong result.
WRONG_RESULT = LEGAL.replace("result NS 17 EW 11", "result NS 18 EW 10")


def run(*args: str | Path, input: str | None = None):
    result = runner.invoke(app, [str(a) for a in args], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        result.exception)
    assert "Traceback" not in result.output
    return result


def one(text: str) -> Record:
    (record,) = referee.loads(text)
    return record


def lines(record: Record) -> list[str]:
    """The view's text, line by line, comments cut off."""
    return [line.split(";")[0].rstrip() for line in referee.dumps([record]).splitlines()]


def events(record: Record) -> list[Event]:
    return [event for deal in record.deals for event in deal.events]


def sample(game: str, name: str) -> Record:
    (record,) = referee.load(SAMPLES / game / name)
    return record


# -- the view ----------------------------------------------------------------------------------


def test_a_seat_keeps_its_hand_and_every_play_and_sees_the_trump_card_at_the_call():
    record = one(LEGAL)
    before = referee.dumps([record])
    view = view_of(record, "N")
    assert referee.dumps([record]) == before  # the record itself is left as it was
    text = lines(view)
    assert [h.seat for h in view.deals[0].hands] == ["N"]
    assert "N: KC 9H 8S TC | KS TH 8D QD" in text
    assert "W trump ??" in text  # face down: N did not see it
    assert "1. W AS  S call 7H  S QH  E 9S  N 8S" in text  # shown at the call
    plays = [e.action for e in events(record) if e.action.kind == "play"]
    assert [e.action for e in events(view) if e.action.kind == "play"] == plays
    assert '[View "N"]' in text and '[Event "view test"]' in text
    assert "result NS 17 EW 11" in text
    assert "W trump ??                 ; hearts" in referee.dumps([view])  # comments stay


def test_the_bidder_sees_his_own_card():
    view = view_of(one(LEGAL), "W")
    text = lines(view)
    assert "W: JH 7H AS JS | QC 7S TS AD" in text and "W trump 7H" in text
    assert "1. W AS  S call 7H  S QH  E 9S  N 8S" in text
    assert [h.seat for h in view.deals[0].hands] == ["W"]


def test_the_events_keep_their_places_in_the_file():
    record = one(LEGAL)
    view = view_of(record, "E")
    assert [e.span for e in events(view)] == [e.span for e in events(record)]
    assert view.deals[0].hands[0].span == record.deals[0].hands[1].span


def test_a_view_replaces_the_view_tag_and_reads_back_as_itself():
    record = one(LEGAL.replace("[Event", '[View "S"]\n[Event'))
    view = view_of(record, "E")
    assert [tag.values for tag in view.tags if tag.name == "View"] == [["E"]]
    text = referee.dumps([view])
    (back,) = referee.loads(text)
    # the same record, its tags in the writer's order
    view.header.tags[:] = sorted_tags(view.header.tags)
    assert record_to_json(back) == record_to_json(view)
    assert referee.dumps([back]) == text


def test_the_seventh_card_is_unseen_at_the_choice_and_named_at_the_call():
    record = sample("twenty-eight", "edge-28-42-seventh-card.ttn")
    text = lines(view_of(record, "N"))
    assert "E trump ??" in text
    assert "2. S KD  E JD  N call TD  N QH  W 8D" in text
    own = lines(view_of(record, "E"))  # the bidder's line holds his seventh card
    assert "E trump TD" in own and "E: KH QS 8C 7S | JD 7D TD TH" in own


def test_twenty_nine_spare_indicator_is_unseen_until_the_ask():
    record = sample("twenty-nine", "edge-29-09-first-void-must-ask.ttn")
    text = lines(view_of(record, "N"))
    assert "W trump ??" in text  # the suit named with the spare indicator, face down
    assert "1. W JS  N 7C  E 7S  S call 5S  S 7D" in text  # the ask shows a spade
    assert [line for line in text if line.startswith(("E:", "S:", "W:"))] == []
    assert "W trump S" in lines(view_of(record, "W"))


def test_twenty_nine_seventh_card_spelled_is_named_at_the_call():
    text = lines(view_of(sample("twenty-nine", "edge-29-29-seventh-card-spelled.ttn"), "W"))
    assert "S trump ??" in text and "1. W JD  N 9D  E TD  S call 9S  S QS" in text


def test_forty_at_a_table_of_six():
    record = sample("forty", "match-standard-01.ttn")
    view = view_of(record, "P4")
    text = lines(view)
    assert {h.seat for d in view.deals for h in d.hands} == {"P4"}
    assert "P1 trump ??" in text
    assert "3. P6 KC  P5 3C  P4 call JD  P4 AD  P3 AC  P2 QC  P1 TC" in text
    assert len(view.deals) == len(record.deals)


def test_fifty_six_second_round_names_the_card_that_lies_face_down_at_the_call():
    text = lines(view_of(sample("fifty-six", "variant-second-round.ttn"), "P2"))
    assert "P5 trump ??" in text and "P1 trump ??" in text  # both choices face down
    # the first card went back to P5's hand; the call shows P1's
    assert "1. P5 TC  P4 QC  P3 AC  P2 call 9H  P2 TH  P1 KC  P6 9C" in text


def test_a_card_exposed_at_the_bidders_turn_is_shown_by_the_play():
    record = sample("twenty-eight", "edge-28-23-forced-trick8.ttn")
    text = lines(view_of(record, "E"))
    assert "N trump ??" in text and "8. W AC  S JD  E 8D  N 8S" in text
    assert not any("call" in line for line in text)


def test_a_shown_hand_is_seen_face_up_as_one_round():
    record = sample("twenty-eight", "variant-show-one-suit-with-c.ttn")
    view = view_of(record, "E")
    text = lines(view)
    assert "N: JS 9S AS TS KS QS 8S 7S" in text  # laid face up: no dealing rounds
    assert "E: JH 9H AD 7C | QH 8D KC TD" in text
    assert "N trump ??" in text and "N show" in text
    assert [h.seat for h in view.deals[0].hands] == ["N", "E"]


def test_a_suit_named_openly_stays():
    record = one(LEGAL.replace("W trump 7H", "W trump H"))
    assert "W trump H" in lines(view_of(record, "N"))


def test_the_comment_of_a_hand_left_out_moves_to_the_deal_line():
    record = one(LEGAL.replace("S: 8H 7D TD AC | AH 8C QH JC",
                               "S: 8H 7D TD AC | AH 8C QH JC  ; S holds AH"))
    text = referee.dumps([view_of(record, "N")])
    assert "deal 1 dealer N" in text and "; S holds AH" in text
    assert "S: " not in text


def test_a_seat_not_at_the_table_is_a_located_record_error():
    with pytest.raises(RecordError) as raised:
        view_of(one(LEGAL), "Q")
    assert raised.value.code == "record.view" and raised.value.line == 1
    assert "'Q' is not at the table (seats: N E S W)" in raised.value.message


def test_every_game_is_written_from_one_seat():
    assert set(VIEW_GAMES) == {cls.name for cls in games()}


@pytest.mark.parametrize("game", [game for game in VIEW_GAMES if game != "avinas"])
def test_every_sample_of_the_family_has_a_view_that_reads_back(game):
    for path in sorted((SAMPLES / game).glob("*.ttn")):
        for record in referee.load(path):
            seats = record.deals[0].hands if record.deals else []
            before = referee.dumps([record])
            for hand in seats:
                view = view_of(record, hand.seat)
                assert referee.dumps([record]) == before  # the record is left as it was
                text = referee.dumps([view])
                assert referee.dumps(referee.loads(text)) == text, (path, hand.seat)
                # no other hand line, unless a show laid it face up
                shown = {e.action.seat for e in events(view) if e.action.kind == "show"}
                assert {h.seat for d in view.deals for h in d.hands} <= {hand.seat, *shown}


# -- convert --as ------------------------------------------------------------------------------


def test_convert_as_writes_the_view_in_ttn_and_json(tmp_path):
    path = tmp_path / "deal.ttn"
    path.write_text(LEGAL, encoding="utf-8")
    ttn = run("convert", path, "--as", "N")
    assert ttn.exit_code == 0, ttn.output
    assert ttn.stdout == referee.dumps([view_of(one(LEGAL), "N")])
    as_json = run("convert", path, "--as", "N", "--to", "json")
    assert as_json.exit_code == 0
    data = json.loads(as_json.stdout)
    assert list(data["deals"][0]["hands"]) == ["N"]
    assert {"seat": "W", "action": "trump", "cards": ["??"]}.items() <= next(
        e for e in data["deals"][0]["events"] if e["action"] == "trump").items()
    jsonl = tmp_path / "view.jsonl"
    jsonl.write_text(as_json.stdout, encoding="utf-8")
    assert run("convert", jsonl).stdout == ttn.stdout  # and back: the same view
    # a record in the JSON form has its view too, in its own form unless --to says
    whole = tmp_path / "whole.jsonl"
    whole.write_text(run("convert", path).stdout, encoding="utf-8")
    assert run("convert", whole, "--as", "N").stdout == as_json.stdout
    assert run("convert", whole, "--as", "N", "--to", "ttn").stdout == ttn.stdout


def test_convert_as_a_seat_not_at_the_table_exits_2(tmp_path):
    path = tmp_path / "deal.ttn"
    path.write_text(LEGAL, encoding="utf-8")
    result = run("convert", path, "--as", "X")
    assert result.exit_code == 2 and result.stdout == ""
    assert f"{path}:1:1: error [record.view]: 'X' is not at the table" in result.stderr
    other = next((SAMPLES / "twenty-five").glob("*.ttn"))
    result = run("convert", other, "--as", "N")  # every game writes its views now
    assert result.exit_code == 0 and '[View "N"]' in result.stdout


def test_convert_as_with_the_game_given_on_the_command_line(tmp_path):
    path = tmp_path / "deal.ttn"
    path.write_text('[Event "no game"]\n\n' + DEAL, encoding="utf-8")
    result = run("convert", path, "--as", "E", "--game", "28")
    assert result.exit_code == 0, result.output
    assert "Game" not in result.stdout and "W trump ??" in result.stdout
    assert "1. W AS  S call 7H" in result.stdout  # the tricks found by the game


# -- simulate --as -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["28", "29", "40", "56"])
def test_simulate_as_writes_one_hand_line_and_a_view_tag(game):
    seat = "N" if game in ("28", "29") else "P3"
    result = run("simulate", game, "--seed", "4", "--as", seat)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert f'[View "{seat}"]' in text
    (record,) = referee.loads(text)
    assert all([h.seat for h in d.hands] == [seat] for d in record.deals)
    whole = run("simulate", game, "--seed", "4").stdout
    assert text == referee.dumps([view_of(one(whole), seat)])


def test_simulate_as_a_bad_seat_or_game_is_a_usage_error():
    result = run("simulate", "28", "--as", "P1")
    assert result.exit_code == 2 and result.stdout == ""
    assert "referee simulate: 'P1' is not at the table (seats: N E S W)" in result.stderr
    result = run("simulate", "avinas", "--as", "X")
    assert result.exit_code == 2 and "'X' is not at the table" in result.stderr


# -- check --as --------------------------------------------------------------------------------


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deal.ttn"
    path.write_text(text, encoding="utf-8")
    return path


def report_of(result) -> dict:
    return json.loads(result.stdout)["files"][0]


def test_check_as_checks_the_view_not_the_record(tmp_path):
    """E's hand line is broken: the record is unreadable, but no view of another seat holds
    that line."""
    path = write(tmp_path, SHORT_E)
    plain = run("check", path, "-f", "json")
    assert plain.exit_code == 2 and report_of(plain)["error"]["code"] == "record.hand-size"
    assert report_of(plain)["error"]["line"] == E_LINE
    for seat in ("W", "N"):
        viewed = run("check", path, "--as", seat, "-f", "json")
        error = report_of(viewed).get("error")
        assert error is None or error["code"] != "record.hand-size", (seat, error)
    bidder = run("check", path, "--as", "W", "-f", "json")  # no card hidden from W
    assert bidder.exit_code == 0, bidder.output
    assert report_of(bidder)["matches"][0]["deals"]


def test_check_as_places_findings_at_the_users_lines(tmp_path):
    path = write(tmp_path, REVOKE)
    result = run("check", path, "--as", "W", "-f", "json")
    assert result.exit_code == 1, result.output
    (finding,) = [f for m in report_of(result)["matches"] for d in m["deals"]
                  for f in d["findings"]]
    assert finding["rule"] == "28.follow-suit" and finding["seat"] == "E"
    # E's revoke is seen in trick 2 (or proven by his diamond in trick 3): at the line
    assert finding["line"] in (LINE_OF["2. S TD  E KD  N 8D  W AD"],
                               LINE_OF["3. W 7S  S 7D  E QS  N KS"])
    wrong = write(tmp_path, WRONG_RESULT)
    result = run("check", wrong, "--as", "W")
    assert result.exit_code == 1
    assert f"{wrong}:{LINE_OF['result NS 17 EW 11']}:1: error [record.result-mismatch]" in (
        result.stdout)


def test_check_as_a_seat_that_did_not_see_the_trump_card(tmp_path):
    path = write(tmp_path, LEGAL)
    result = run("check", path, "--as", "N", "-f", "json")
    report = report_of(result)
    if result.exit_code == 2:
        # while the engine refuses '??': the refusal stands at the trump choice of the
        # user's file
        assert report["error"]["code"] == "record.unseen"
        assert report["error"]["line"] == TRUMP_LINE
    else:  # the view checked: every play is seen and legal
        assert result.exit_code == 0, result.output
        assert len(report["matches"][0]["deals"]) == 1


def test_check_as_a_record_with_no_hidden_card_checks_today():
    path = SAMPLES / "twenty-nine" / "thrown-in-all-pass.ttn"  # every deal thrown in
    result = run("check", path, "--as", "S", "--expect")
    assert result.exit_code == 0, result.output
    assert "2 deals" in result.stdout and "all expectations met" in result.stdout
    (record,) = referee.load(path)
    assert all(not (set(h.seat for h in d.hands) - {"S"})
               for d in view_of(record, "S").deals)


def test_check_as_a_bad_seat_exits_2_at_the_record(tmp_path):
    path = write(tmp_path, LEGAL)
    result = run("check", path, "--as", "Q")
    assert result.exit_code == 2
    assert f"{path}:1:1: error [record.view]: 'Q' is not at the table" in result.stdout


def test_check_as_the_library_and_the_workers_agree(tmp_path):
    path = write(tmp_path, REVOKE)
    report = check_file(path, view="W")
    assert [f.rule for m in report.matches for d in m.deals for f in d.findings] == [
        "28.follow-suit"]
    one_job = run("check", path, "--as", "W", "-q").stdout.splitlines()[:-1]
    two_jobs = run("check", path, "--as", "W", "-q", "-j", "2").stdout.splitlines()[:-1]
    assert one_job == two_jobs


def test_check_as_is_cached_apart_from_the_record(tmp_path):
    path = write(tmp_path, SHORT_E)
    cache = tmp_path / "cache"
    first = run("check", path, "--cache-dir", cache, "-q")
    viewed = run("check", path, "--cache-dir", cache, "--as", "W", "-q")
    assert first.exit_code == 2 and viewed.exit_code == 0
    assert run("check", path, "--cache-dir", cache, "--as", "W", "-q").exit_code == 0


def test_the_as_option_is_in_the_help_of_each_command():
    for command in ("check", "convert", "simulate"):
        assert "--as SEAT" in run(command, "--help").stdout, command
