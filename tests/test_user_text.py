"""What users read names no working note, and teams of three or more are spelled one way.

Every finding, note, deal outcome and match result of ``referee check --format json`` over the
samples, every ``referee games GAME`` page and every page of docs/ must stand on its own: no
rule-digest section ids ("AV-D7", "T25-P3", "B6.5", "A4.2"), no rulebook shorthand such as
"(R1)" for the annulment rules, no edge-case numbers, no "decision N", no file names. Teams
of more than two seats read ``P1-P3-P5`` on the score sheet, in tallies and in results, as in
the messages; a record's ``result`` line may still spell them either way.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli.app import app
from referee.games import games

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
SHORTHAND = re.compile(
    r"\b(AV|T22|T25)-[A-Z]|\b[AB][0-9]\.[0-9]|decision [0-9]"
    r"|\(R[0-9]\)|\bR[1-6]\b"  # the annulment rules' shorthand: "(R3)", "A6.6 R1"
    r"|\b(?:S0|WP-old|P28|P29)\b"  # source labels of the working notes
    r"|\b2[89]-[0-4][0-9]\b"  # edge-case numbers such as 28-02 (bid ranges like 28-56 pass)
    r"|(?<![0-9.])10\.[0-9]{1,2}\b(?![0-9.])"  # the notes on open questions, "10.21"
    r"|\bthe seeds?\b|\brules text\b"  # the users' texts: "the seed", "the 22 rules text"
    r"|\b[0-9]\.[0-9]+ C[0-9]+\b")  # an open question by its section: "3.9 C5"
NOTE_ID = re.compile(rf"{SHORTHAND.pattern}|\.md\b")  # and no file names in messages
runner = CliRunner()


def _texts(value: object) -> list[str]:
    """Every string under ``value`` (a JSON document) but file names, which are the user's."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for key, item in value.items() if key != "path" for text in _texts(item)]
    if isinstance(value, list):
        return [text for item in value for text in _texts(item)]
    return []


def test_no_working_note_ids_in_check_output():
    result = runner.invoke(app, ["check", "--format", "json", str(SAMPLES)])
    assert result.exit_code in (0, 1), result.output
    report = json.loads(result.stdout)
    texts = _texts(report)
    assert any("abandoned: all four passed" in text for text in texts)  # outcomes are in it
    assert any("not a team" in text or "recorded" in text for text in texts)  # messages too
    cited = sorted({text for text in texts if NOTE_ID.search(text)})
    assert cited == []


@pytest.mark.parametrize("game", [game.name for game in games()])
def test_no_working_note_ids_in_games_page(game):
    result = runner.invoke(app, ["games", game])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip()
    assert [line for line in result.stdout.splitlines() if NOTE_ID.search(line)] == []


FORTY = SAMPLES / "forty" / "match-standard-01.ttn"


def test_score_sheet_hyphenates_teams_of_three():
    result = runner.invoke(app, ["score", str(FORTY)])
    assert result.exit_code == 0, result.output
    header = result.stdout.splitlines()[2].split()
    assert header.count("P1-P3-P5") == 3 and header.count("P2-P4-P6") == 3
    assert "P1P3P5" not in result.stdout


def test_score_sheet_keeps_two_seat_teams_as_written():
    path = SAMPLES / "twenty-eight" / "match-01-standard-club-night.ttn"
    result = runner.invoke(app, ["score", str(path)])
    assert result.exit_code == 0, result.output
    header = result.stdout.splitlines()[2].split()
    assert "NS" in header and "EW" in header and "N-S" not in header


def test_annotated_tallies_hyphenate_teams_of_three():
    result = runner.invoke(app, ["annotate", str(FORTY)])
    assert result.exit_code in (0, 1), result.output
    tallies = re.findall(r"\{=[^}]*\}", result.stdout)  # the record's own lines stay as written
    assert any("score P1-P3-P5 0 P2-P4-P6 2" in line for line in tallies)
    assert not any("P1P3P5" in line for line in tallies)


def _with_result(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize("spelling", ["P1P3P5 13 P2P4P6 27", "P1-P3-P5 13 P2-P4-P6 27"])
def test_result_lines_read_either_spelling(tmp_path, spelling):
    text = _with_result(FORTY.read_text(encoding="utf-8"), "result P1P3P5 13 P2P4P6 27",
                        f"result {spelling}")
    path = tmp_path / "forty.ttn"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", "--format", "json", str(path)])
    assert result.exit_code == 0, result.output


def test_result_mismatch_names_teams_hyphenated(tmp_path):
    text = _with_result(FORTY.read_text(encoding="utf-8"), "result P1P3P5 13 P2P4P6 27",
                        "result P1P3P5 14 P2P4P6 26")
    path = tmp_path / "forty.ttn"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1, result.output
    line = next(line for line in result.stdout.splitlines() if "record.result-mismatch" in line)
    assert "recorded" in line and "P1-P3-P5 14" in line and "P1-P3-P5 13" in line
    assert "P1P3P5" not in line


@pytest.mark.parametrize("text", ["first hand E demanded a redeal (R1)", "cancelled (A6.6 R3)",
                                  "see A4.2", "B3.5: the spare", "(S0 no. 4)", "case 29-33",
                                  "(10.21; dealer_forced_bid)", "follows the seed",
                                  "the Twenty-Two rules text", "(3.9 C5)"])
def test_pattern_catches_rulebook_shorthand(text):
    assert NOTE_ID.search(text)


@pytest.mark.parametrize("text", ["bids 28-56", "28: 14-28; 29: 15-28", "10 of hearts",
                                  "Q♣ 7T Q♠ J♦ AT 10T", "score P1-P3-P5 0",
                                  "referee simulate --seed 3", "a seeded run"])
def test_pattern_lets_plain_words_pass(text):
    assert not NOTE_ID.search(text)


def _prose(text: str) -> str:
    """``text`` without code spans and blocks (labels and examples may quote anything)."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return re.sub(r"`[^`\n]*`", "", text)


@pytest.mark.parametrize("path", sorted(p.relative_to(ROOT).as_posix()
                                        for p in (ROOT / "docs").rglob("*.md")))
def test_no_working_note_ids_in_docs(path):
    lines = _prose((ROOT / path).read_text(encoding="utf-8")).splitlines()
    assert [line for line in lines if SHORTHAND.search(line)] == []


def test_annulment_messages_say_why_in_words(tmp_path):
    """A deal cancelled for a hand without a point says so, with no rule shorthand."""
    path = SAMPLES / "twenty-eight" / "edge-28-41-eight-pointless-cards.ttn"
    result = runner.invoke(app, ["check", "--format", "json", str(path)])
    assert result.exit_code in (0, 1), result.output
    texts = _texts(json.loads(result.stdout))
    assert any("cards without a point" in text for text in texts)
    assert not [text for text in texts if NOTE_ID.search(text)]


FIFTY_SIX = SAMPLES / "fifty-six" / "match-standard-01.ttn"


def test_expect_hint_hyphenates_teams_of_three(tmp_path):
    text = _with_result(FIFTY_SIX.read_text(encoding="utf-8"),
                        '[Expect "score" "P1P3P5 -6" "P2P4P6 1"]',
                        '[Expect "score" "P1P3P5 -5" "P2P4P6 1"]\n'
                        '[Expect "points" "deal 1" "P1-P3-P5 31" "P2P4P6 25"]')
    path = tmp_path / "fifty-six.ttn"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", "--expect", str(path)])
    assert result.exit_code == 1, result.output
    assert "the referee computed the match score P1-P3-P5 -6 P2-P4-P6 1" in result.stdout
    assert "the referee computed deal 1 card points P1-P3-P5 30 P2-P4-P6 26" in result.stdout
    assert "P1P3P5" not in result.stdout.replace(str(path), "").replace(
        '"P1P3P5 -5"', "")  # only the user's own Expect tag spells it so


def test_two_seat_teams_of_long_seat_names_are_hyphenated():
    path = SAMPLES / "twenty-five" / "match-4-pairs.ttn"
    result = runner.invoke(app, ["score", str(path)])
    assert result.exit_code == 0, result.output
    header = result.stdout.splitlines()[2].split()
    assert header.count("P1-P3") == 3 and "P1P3" not in result.stdout


def test_view_page_labels_teams_of_three(tmp_path):
    page = tmp_path / "fifty-six.html"
    result = runner.invoke(app, ["view", "-o", str(page), str(FIFTY_SIX)])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    shown = re.sub(r"<script\b.*?</script>", "", html, flags=re.S)  # the embedded data keeps
    assert "Running score after each deal: P1-P3-P5 -6; P2-P4-P6 1" in shown  # its names
    assert "P1P3P5" not in shown
    assert '"teamLabels": {"P1P3P5": "P1-P3-P5"' in html or (
        '"teamLabels":{"P1P3P5":"P1-P3-P5"' in html)


# What the sample records say in their comments: users read them as examples, so a rule is
# said in words there, never by a section of a rulebook they do not have ("(A4.3(f))", "(R3)",
# "T22-X2", "(C8)"), an edge-case number ("28-41:", "AV #7", "T25 #18") or "decision N".
COMMENT_CODES = re.compile(
    rf"{SHORTHAND.pattern}"
    r"|\b(?:AV|T22|T25) ?#[0-9]|#[0-9]+\b"  # edge-case numbers of the games without a prefix
    r"|\([A-C][0-9]+\)|\bC[0-9]\b"  # the notes on open questions, "(C8)"
    r"|\bREADME\b|\bdigest\b|\berratum\b|\bappendix\b|\bdecision\b|spec/")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
# a comment may name another sample, and an Avinas card by its place in the deal ("R4 = 7H")
_NOT_CODES = re.compile(r"[\w.-]+\.ttn\b|\b[DLPR][1-8] = [2-9TJQKA][CDHS]\b")


def _comments(text: str) -> list[tuple[int, str]]:
    """The comments of a record's lines (``;`` to the end of the line, ``{ ... }``), numbered."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        line = _STRING.sub('""', line)  # tag values (an Expect tag names its edge case)
        found += [(number, body) for body in re.findall(r"\{([^}]*)\}", line)]
        if ";" in line:
            found.append((number, line.split(";", 1)[1]))
    return found


SAMPLE_PATHS = sorted(SAMPLES.rglob("*.ttn"))


def test_sample_comments_say_rules_in_words():
    assert len(SAMPLE_PATHS) > 100
    cited = [f"{path.relative_to(SAMPLES)}:{number}: {comment.strip()}"
             for path in SAMPLE_PATHS
             for number, comment in _comments(path.read_text(encoding="utf-8"))
             if COMMENT_CODES.search(_NOT_CODES.sub("", comment))]
    assert cited == []


@pytest.mark.parametrize("text", ["; not a revoke (A4.3(f))", "; 28-41: no point", "; AV #7: all",
                                  "; T25 #18: rob", "; illegal (T22-X2, C8)", "{ decision 4 }",
                                  "; (README erratum)", "; As #18, but"])
def test_comment_pattern_catches_codes(text):
    assert [comment for _, comment in _comments(text) if COMMENT_CODES.search(comment)]


@pytest.mark.parametrize("text", ['[Expect "case" "28-41"] ; the deal is cancelled',
                                  "; as in edge-28-42-seventh-card.ttn", "; P1 trump AC",
                                  "; L4 = 7D and R8 = 7S", "W: JC QS TC 8H { the bidder }"])
def test_comment_pattern_lets_plain_words_pass(text):
    assert not [comment for _, comment in _comments(text)
                if COMMENT_CODES.search(_NOT_CODES.sub("", comment))]
