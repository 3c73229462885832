"""A mistyped word gets a message that names it, a caret under it, what may stand there for
the record's game at that point, and the nearest keyword, card spelling or seat.

Each case runs through ``referee check``, read by both readers (the fast reader hands
anything it cannot read to Lark, so both give the same error).
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from referee.cli.app import app
from referee.notation.parser import lark_only

runner = CliRunner()

HEAD = '[Game "twenty-eight"]\n\ndeal 1 dealer S\n'
AUCTION = "E 14  N pass  W 16  S pass  E pass  N pass\nW trump 9S\n"
AUCTION_WORDS = "a card, a bid (a number), pass, double, redouble, redeal, trump or single"
"""The words of a standard Twenty-Eight auction (no show, C or hold: options that are off)."""


def _check(tmp_path, body: str, reader: str) -> str:
    record = tmp_path / "typo.ttn"
    record.write_text(HEAD + body, encoding="utf-8")
    if reader == "lark":
        with lark_only():
            result = runner.invoke(app, ["check", str(record)])
    else:
        result = runner.invoke(app, ["check", str(record)])
    output = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert result.exit_code == 2, output
    assert "Traceback" not in output
    return output


def _caret_under(output: str, word: str) -> bool:
    """True if the caret of the error stands under the first letter of ``word`` in the
    source line shown above it."""
    lines = output.splitlines()
    for above, below in zip(lines, lines[1:], strict=False):
        if below.strip() == "^":
            return above[below.index("^"):].startswith(word)
    return False


@pytest.fixture(params=["fast", "lark"])
def reader(request) -> str:
    return request.param


def test_a_mistyped_pass(tmp_path, reader) -> None:
    out = _check(tmp_path, "E 14  N pass  W pas\n", reader)
    assert ":4:17: error [ttn.keyword]: unexpected word 'pas' after seat W " \
           "(did you mean 'pass'?)" in out
    assert f"expected {AUCTION_WORDS}" in out
    listed = out.split("expected ")[-1].strip().replace(" or ", ", ").split(", ")
    assert "call" not in listed and "pair" not in listed  # words of the play
    assert _caret_under(out, "pas")


def test_a_mistyped_double(tmp_path, reader) -> None:
    out = _check(tmp_path, "E 14  N dubble\n", reader)
    assert "unexpected word 'dubble' after seat N (did you mean 'double'?)" in out
    assert f"expected {AUCTION_WORDS}" in out
    assert _caret_under(out, "dubble")


def test_a_mistyped_call_lists_the_words_of_the_play(tmp_path, reader) -> None:
    out = _check(tmp_path, AUCTION + "1. E KD  N 8D  W QD  S cal\n", reader)
    assert ":6:24: error [ttn.keyword]: unexpected word 'cal' after seat S " \
           "(did you mean 'call'?)" in out
    assert "expected a card, call or pair" in out  # the auction is over: no pass, no bid
    assert _caret_under(out, "cal")


def test_a_mistyped_trump_blames_the_word_not_the_card(tmp_path, reader) -> None:
    out = _check(tmp_path, "E 14  N pass  W 16  S pass  E pass  N pass\nW trumps 9H\n", reader)
    assert ":5:3: error [ttn.keyword]: unexpected word 'trumps' after seat W " \
           "(did you mean 'trump'?)" in out
    assert "'9H' is not a card" not in out
    assert _caret_under(out, "trumps")


def test_a_card_written_with_a_space(tmp_path, reader) -> None:
    out = _check(tmp_path, AUCTION + "1. E 7 D  N 8D  W QD  S KD\n", reader)
    assert ":6:6: error [ttn.card]: '7 D' is not a card: a card is written without a space " \
           "('7D')" in out
    assert _caret_under(out, "7 D")  # under the card, not under the next seat
    assert "expected a card, call or pair" not in out  # no play yet: the lead may be led
    assert f"expected {AUCTION_WORDS}" in out


def test_a_card_written_suit_first(tmp_path, reader) -> None:
    out = _check(tmp_path, AUCTION + "1. E D7  N 8D  W QD  S KD\n", reader)
    assert ":6:6: error [ttn.card]: 'D7' is not a card: a card is written rank first " \
           "('7D')" in out
    assert _caret_under(out, "D7")


def test_a_mistyped_first_card_of_a_hand_line(tmp_path, reader) -> None:
    out = _check(tmp_path, "N: 1OS KS QH 9D | 8H 7D TS AC\n", reader)
    assert ":4:4: error [ttn.card]: '1OS' is not a card" in out
    assert "(did you mean '10S'?)" in out
    assert "malformed hand line at ':'" not in out
    assert "expected a card or '|'" in out
    assert _caret_under(out, "1OS")


def test_a_mistyped_card_later_in_a_hand_line(tmp_path, reader) -> None:
    out = _check(tmp_path, "N: JS KS QH 9D | 8H 7D TS AX\n", reader)
    assert ":4:27: error [ttn.card]: 'AX' is not a card" in out
    assert _caret_under(out, "AX")


def test_a_mistyped_card_inside_a_hand_line(tmp_path, reader) -> None:
    out = _check(tmp_path, "N: JS KS QH 9D | 8H 7D TS AC\nE: 9S 8S QD AD | 7C JH 1C 9H\n"
                 "S: AS 7S KH 7H | QC KC 8D 8C\n", reader)
    assert ":5:24: error [ttn.card]: '1C' is not a card" in out
    assert _caret_under(out, "1C")


def test_a_dealer_in_the_wrong_case(tmp_path, reader) -> None:
    record = tmp_path / "dealer.ttn"
    record.write_text('[Game "twenty-eight"]\n\ndeal 1 dealer s\nE 14\n', encoding="utf-8")
    result = runner.invoke(app, ["check", str(record)])
    output = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert result.exit_code == 2, output
    assert ":3:15: error [record.seat]: seat 's' is not declared (seats: N E S W) " \
           "(did you mean 'S'?)" in output
    assert _caret_under(output, "s")  # under the seat, not under 'deal'
    assert not _caret_under(output, "deal")


def test_a_seat_in_the_wrong_case_in_an_event(tmp_path) -> None:
    record = tmp_path / "seat.ttn"
    record.write_text('[Game "twenty-eight"]\n\ndeal 1 dealer S\nE 14  n pass\n',
                      encoding="utf-8")
    result = runner.invoke(app, ["check", str(record)])
    assert result.exit_code == 2
    assert "seat 'n' is not declared (seats: N E S W) (did you mean 'N'?)" in (
        result.output + (result.stderr or ""))


def test_the_hint_lists_the_words_of_the_record_s_game(tmp_path) -> None:
    record = tmp_path / "avinas.ttn"
    record.write_text('[Game "avinas"]\n\ndeal 1 dealer S\nW 7  N pas\n', encoding="utf-8")
    result = runner.invoke(app, ["check", str(record)])
    out = result.output + (result.stderr or "")
    assert "unexpected word 'pas' after seat N (did you mean 'pass'?)" in out
    assert "expected a card, a bid (a number), pass, trump, knock or down" in out
    assert "double" not in out  # not a word of Avinas


@pytest.mark.parametrize(("tags", "listed", "left_out"), [
    ('[Game "twenty-eight"]\n', (), ("show", "hold", "c-call")),
    ('[Game "twenty-eight"]\n[Option "single_hand_show" "yes"]\n[Option "c_call" "yes"]\n',
     ("show", "c-call"), ("hold",)),
    ('[Game "twenty-nine"]\n[Option "auction_style" "duel"]\n', ("hold",),
     ("redeal", "show", "c-call")),
    ('[Game "twenty-eight"]\n[Option "double_allowed" "no"]\n', (), ("double",)),
])
def test_the_hint_offers_an_optional_word_only_when_its_option_allows_it(
        tmp_path, tags: str, listed: tuple[str, ...], left_out: tuple[str, ...]) -> None:
    record = tmp_path / "options.ttn"
    record.write_text(tags + "\ndeal 1 dealer S\nE 14  N pas\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(record)])
    hint = next(line for line in result.output.splitlines() if "expected a card" in line)
    words = hint.split("expected ")[-1].replace(" or ", ", ").split(", ")
    assert all(word in words for word in listed), hint
    assert not any(word in words for word in left_out), hint


def test_a_wrong_first_speaker_is_told_who_is_first_hand(tmp_path) -> None:
    record = tmp_path / "first.ttn"
    record.write_text('[Game "twenty-eight"]\n\ndeal 1 dealer W\n'
                      "N 14  E pass  S pass  W pass\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(record)])
    assert result.exit_code == 1  # the verdict stands: a rule finding
    first = next(line for line in result.output.splitlines() if "28.turn" in line)
    assert first.endswith("it is S's turn to speak, not N's; dealer W: play goes "
                          "counter-clockwise, so S speaks first (deal 1, seat N)")
    # the hint is given once, on the first action only
    assert result.output.count("speaks first") == 1


def test_the_right_first_speaker_gets_no_hint(tmp_path) -> None:
    record = tmp_path / "first.ttn"
    record.write_text('[Game "twenty-eight"]\n\ndeal 1 dealer W\n'
                      "S 14  N pass  E pass  W pass\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(record)])
    assert "speaks first" not in result.output


def test_a_hand_line_after_the_events_is_told_where_it_belongs(tmp_path, reader) -> None:
    out = _check(tmp_path, "E 14  N pass  W pass  S pass\nN: JS 9S AH 7C | 8D QD KS TC\n",
                 reader)
    assert ":5:1: error [ttn.hand]: a hand line stands before the events of its deal, right " \
           "after the deal line" in out
    assert "malformed hand line" not in out


def test_a_mistyped_result_line_blames_its_first_word(tmp_path, reader) -> None:
    out = _check(tmp_path, AUCTION + "reslt NS 10 EW 18\n", reader)
    assert ":6:1: error [ttn.keyword]: unexpected word 'reslt' (did you mean 'result'?)" in out
    assert _caret_under(out, "reslt")


def test_a_record_that_ends_after_a_seat_lists_the_words_of_the_play(tmp_path, reader) -> None:
    out = _check(tmp_path, AUCTION + "1. W 9H  S 9D  E 9C  N 8C\n2. W 9S  S 8S  E\n", reader)
    assert "error [ttn.eof]: the record ends too early" in out
    assert "expected a card, call or pair" in out
