"""Bad input never gives a traceback: a located message with an id, and exit code 2.

Each case is a file's bytes, the error id, and the line and column the message must point at.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli.app import app
from referee.model.errors import RefereeError
from referee.notation.parser import parse_records
from referee.replay.replay import replay_stream

GOOD_HEAD = '[Game "twenty-eight"]\n'
DEAL = "deal 1 dealer S\n"

CASES: list[tuple[str, bytes, str, int, int]] = [
    ("empty file", b"", "ttn.empty", 1, 1),
    ("only blank lines", b"\n\n  \n", "ttn.empty", 4, 1),
    ("only comments", b"; nothing here\n{ nor here }\n", "ttn.empty", 3, 1),
    ("deal before tags", b"deal 1 dealer S\nE 14\n", "ttn.tag", 1, 1),
    ("comment then deal without tags", b"; x\ndeal 1\n", "ttn.tag", 2, 1),
    ("tag not closed", b'[Game "twenty-eight"\n', "ttn.tag", 1, 21),
    ("string not closed", b'[Game "twenty-eight]\n', "ttn.string", 1, 7),
    ("tag name starts with a digit", b'[1Game "x"]\n', "ttn.tag", 1, 2),
    ("tag without brackets", b'Game "28"\n', "ttn.tag", 1, 1),
    ("bad card in a hand", (GOOD_HEAD + DEAL + "N: JS 1OS 9S\n").encode(), "ttn.card", 3, 7),
    ("bad card in a play", (GOOD_HEAD + DEAL + "W 1OS\n").encode(), "ttn.card", 3, 3),
    ("rank 11", (GOOD_HEAD + DEAL + "W 11H\n").encode(), "ttn.card", 3, 3),
    ("trump of a non-card", (GOOD_HEAD + DEAL + "W trump XS\n").encode(), "ttn.card", 3, 9),
    ("unknown keyword", (GOOD_HEAD + DEAL + "W foo\n").encode(), "ttn.keyword", 3, 3),
    ("binary junk", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "ttn.encoding", 1, 1),
    ("NUL bytes in text", (GOOD_HEAD + "deal 1\x00\n").encode(), "ttn.encoding", 2, 7),
    ("invalid UTF-8", (GOOD_HEAD + DEAL + "W J\xff\n").encode("latin-1"), "ttn.encoding", 3, 4),
    ("unclosed brace comment", (GOOD_HEAD + DEAL + "W JH { never closed\nS 9H\n").encode(),
     "ttn.comment", 3, 6),
    ("deal without a number", (GOOD_HEAD + "deal dealer S\n").encode(), "ttn.deal", 2, 1),
    ("deal with a word for a number", (GOOD_HEAD + "deal x\n").encode(), "ttn.deal", 2, 1),
    ("dealer without a seat", (GOOD_HEAD + "deal 1 dealer\nE 14\n").encode(), "ttn.deal", 2, 8),
    ("tags after deals, then events", (GOOD_HEAD + DEAL + "E 14\n[Round \"2\"]\nN pass\n").encode(),
     "ttn.tag", 5, 1),
    ("result without numbers", (GOOD_HEAD + DEAL + "result NS\n").encode(), "ttn.result", 3, 1),
    ("result with a word", (GOOD_HEAD + DEAL + "result NS x EW 3\n").encode(), "ttn.result", 3, 1),
    ("hand line without cards", (GOOD_HEAD + DEAL + "N:\n").encode(), "ttn.hand", 3, 2),
    ("hand line with a slash", (GOOD_HEAD + DEAL + "N: JS / 9S\n").encode(),
     "ttn.unexpected", 3, 7),
    ("truncated after a trick mark", (GOOD_HEAD + DEAL + "E 14\n5.").encode(), "ttn.eof", 4, 3),
    ("truncated after trump", (GOOD_HEAD + DEAL + "W trump").encode(), "ttn.eof", 3, 8),
    ("exchange without an arrow", (GOOD_HEAD + DEAL + "W exchange 7H\n").encode(),
     "ttn.eof", 3, 14),
    ("stray bracket", (GOOD_HEAD + DEAL + "W JH ]\n").encode(), "ttn.unexpected", 3, 6),
    ("turnup without a card", (GOOD_HEAD + DEAL + "turnup\n").encode(), "ttn.eof", 3, 7),
    ("tag in the middle of a line", (GOOD_HEAD + DEAL + 'W JH [Round "2"]\n').encode(),
     "ttn.tag", 3, 6),
    ("unknown game", b'[Game "bridge"]\ndeal 1 dealer S\n', "record.game", 1, 1),
    ("no Game tag", b'[Event "x"]\ndeal 1 dealer S\n', "record.game", 1, 1),
    ("unknown option", (GOOD_HEAD + '[Option "min_bidd" "15"]\n' + DEAL).encode(),
     "record.option", 2, 1),
    ("bad option value", (GOOD_HEAD + '[Option "min_bid" "lots"]\n' + DEAL).encode(),
     "record.option-value", 2, 1),
    ("unknown preset", (GOOD_HEAD + '[Rules "mars"]\n' + DEAL).encode(), "record.preset", 2, 1),
    ("seat named like a keyword", (GOOD_HEAD + '[Seats "N E pass W"]\n' + DEAL).encode(),
     "record.seats", 2, 1),
    ("seat named like a card", (GOOD_HEAD + '[Seats "N E AH W"]\n' + DEAL).encode(),
     "record.seats", 2, 1),
    ("undeclared seat in an event", (GOOD_HEAD + DEAL + "X 14\n").encode(), "record.seat", 3, 1),
    ("undeclared dealer", (GOOD_HEAD + "deal 1 dealer Q\n").encode(), "record.seat", 2, 15),
    ("action the game does not have", (GOOD_HEAD + DEAL + "E knock\n").encode(),
     "record.action", 3, 1),
    ("card dealt twice", (GOOD_HEAD + DEAL + "N: KS QD KH AC | 7D 9D 9H QS\n"
                          "E: KS JD QC 7H | QH 8C 8H TD\n").encode(), "record.card-twice", 4, 1),
    ("hand of seven cards", (GOOD_HEAD + DEAL + "N: KS QD KH AC | 7D 9D 9H\n").encode(),
     "record.hand-size", 3, 1),
    ("card not in the pack", (GOOD_HEAD + DEAL + "N: KS QD KH 2C | 7D 9D 9H QS\n").encode(),
     "record.card-not-in-pack", 3, 1),
    ("result line naming no team", (GOOD_HEAD + DEAL + "result XY 3\n").encode(),
     "record.team", 3, 1),
]


def _referee(data: bytes, tmp_path: Path) -> Path:
    path = tmp_path / "bad.ttn"
    path.write_bytes(data)
    return path


def test_there_are_at_least_thirty_malformed_inputs() -> None:
    assert len(CASES) >= 30


@pytest.mark.parametrize("name,data,code,line,column", CASES, ids=[c[0] for c in CASES])
def test_cli_reports_located_error_with_exit_code_2(
    name: str, data: bytes, code: str, line: int, column: int, tmp_path: Path
) -> None:
    path = _referee(data, tmp_path)
    result = CliRunner().invoke(app, ["check", str(path)])
    output = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert result.exit_code == 2, output
    assert "Traceback" not in output
    assert f"{path}:{line}:{column}: error [{code}]" in output, output


@pytest.mark.parametrize("name,data,code,line,column",
                         [c for c in CASES if c[1] and b"\x00" not in c[1] and b"\xff" not in c[1]],
                         ids=[c[0] for c in CASES if c[1] and b"\x00" not in c[1]
                              and b"\xff" not in c[1]])
def test_library_raises_the_same_error(
    name: str, data: bytes, code: str, line: int, column: int
) -> None:
    with pytest.raises(RefereeError) as caught:
        for _ in replay_stream(item for record in [parse_records(data.decode(), "f.ttn")]
                               for r in record for item in [r.header, *r.deals]):
            pass
    error = caught.value
    assert (error.code, error.line, error.column) == (code, line, column)
    assert error.message
    rendered = error.render()
    assert rendered.splitlines()[0].startswith(f"f.ttn:{line}:{column}: error [{code}]") or (
        error.file != "f.ttn"
    )
