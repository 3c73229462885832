"""``referee table``: a row per deal (or per action) with each game's own columns, as CSV or
typed Parquet, from TTN and the JSON form; the columns documented; written atomically."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.archive.table import DEAL_COLUMNS, PLAY_COLUMNS, columns, table_rows
from referee.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
ILLEGAL = SAMPLES / "twenty-eight" / "after-illegal-actions.ttn"


def _table(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["table", *args])
    return result.exit_code, result.stdout, result.stderr


def _csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_a_row_per_deal_as_check_counts_them() -> None:
    code, out, _ = _table(str(SAMPLES))
    assert code == 0
    rows = _csv(out)
    assert list(rows[0]) == [column.name for column in DEAL_COLUMNS]
    report = CliRunner().invoke(app, ["check", "--format", "json", str(SAMPLES)]).stdout
    document = json.loads(report)
    deals = [(entry["path"], deal["number"], deal.get("result", {}).get("outcome", ""))
             for entry in document["files"] for match in entry["matches"]
             for deal in match["deals"]]
    assert [(row["file"], int(row["deal"]), row["outcome"]) for row in rows] == deals
    errors = sum(len([f for f in deal["findings"] if f["severity"] == "error"])
                 for entry in document["files"] for match in entry["matches"]
                 for deal in match["deals"])
    assert sum(int(row["errors"]) for row in rows) == errors


def test_the_28_familys_contract_columns() -> None:
    rows = _csv(_table(str(ILLEGAL))[1])
    first = rows[0]
    assert (first["record"], first["deal"], first["dealer"]) == ("1", "1", "N")
    assert (first["bidder"], first["bid"], first["trump"], first["doubles"]) == (
        "W", "13", "H", "1")
    assert first["made"] == "false" and first["errors"] == "1"
    assert first["rule_ids"] == "28.bid-range"
    assert json.loads(first["points"]) == {"NS": 12, "EW": 16}
    assert first["multiplier"] == ""  # Avinas's column
    assert rows[1]["rule_ids"].split() == ["28.not-held", "record.not-checked",
                                           "record.result-not-compared"]


@pytest.mark.parametrize(("game", "column"), [
    ("twenty-five", "turnup"), ("avinas", "declarer"), ("twenty-two", "damage"),
    ("twenty-nine", "c")])
def test_each_games_own_columns(game: str, column: str) -> None:
    rows = _csv(_table(str(SAMPLES / game))[1])
    assert {row["game"] for row in rows} == {game}
    assert any(row[column] for row in rows)
    others = {"turnup", "declarer", "damage"} - {column}
    assert not any(row[name] for row in rows for name in others)


def test_every_contract_fact_has_a_column() -> None:
    names = {column.name for column in DEAL_COLUMNS}
    for row in table_rows([str(path) for path in sorted(SAMPLES.rglob("*.ttn"))]):
        assert set(row) <= names, set(row) - names


def test_a_row_per_action_with_its_trick_and_findings() -> None:
    code, out, _ = _table(str(ILLEGAL), "--plays")
    assert code == 0
    rows = _csv(out)
    assert list(rows[0]) == [column.name for column in PLAY_COLUMNS]
    first = rows[0]
    assert (first["seat"], first["kind"], first["action"], first["value"]) == (
        "W", "bid", "W 13", "13")
    assert first["trick"] == "" and first["rule_ids"] == "28.bid-range"
    deal = [row for row in rows if row["record"] == "1" and row["deal"] == "1"]
    plays = [row for row in deal if row["kind"] == "play"]
    assert [row["trick"] for row in plays[:5]] == ["1", "1", "1", "1", "2"]
    assert plays[0]["cards"] == plays[0]["action"].split()[1]
    assert [int(row["index"]) for row in deal] == list(range(1, len(deal) + 1))
    text = ILLEGAL.read_text(encoding="utf-8").splitlines()
    for row in deal:  # each action where it is written
        written = text[int(row["line"]) - 1][int(row["column"]) - 1:]
        written = re.sub(r"^\d+\.\s*", "", written)  # a trick mark before the card
        assert written.startswith(row["action"]), (written, row["action"])


def test_the_json_form_gives_the_same_rows(tmp_path: Path) -> None:
    converted = tmp_path / "records.jsonl"
    result = CliRunner().invoke(app, ["convert", "--to", "json", str(ILLEGAL), "-o",
                                      str(converted)])
    assert result.exit_code == 0, result.output
    from_ttn = _csv(_table(str(ILLEGAL))[1])
    from_json = _csv(_table(str(converted))[1])
    skip = {"file", "record_line", "unchecked"}  # JSON has no lines to name
    assert [{k: v for k, v in row.items() if k not in skip} for row in from_json] == [
        {k: v for k, v in row.items() if k not in skip} for row in from_ttn]


def test_output_is_written_atomically_to_a_file(tmp_path: Path) -> None:
    target = tmp_path / "deals.csv"
    target.write_text("old\n", encoding="utf-8")
    code, out, _ = _table(str(ILLEGAL), "-o", str(target))
    assert code == 0 and out == ""
    assert target.read_text(encoding="utf-8").startswith("file,record,")
    assert [p.name for p in tmp_path.iterdir()] == ["deals.csv"]


@pytest.mark.parametrize(("args", "message"), [
    (("-o", "deals.txt"), "cannot tell the format of"),
    (("--format", "parquet"), "Parquet is written to a file"),
    (("--format", "xlsx"), "unknown format 'xlsx'"),
])
def test_usage_errors_are_exit_2(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    code, _, err = _table(str(ILLEGAL), *[str(tmp_path / a) if a.endswith(".txt") else a
                                          for a in args])
    assert code == 2 and message in err


def test_an_unreadable_file_is_said_and_the_others_are_written(tmp_path: Path) -> None:
    broken = tmp_path / "broken.ttn"
    broken.write_text('[Game "twenty-eight"\n', encoding="utf-8")
    code, out, err = _table(str(ILLEGAL), str(broken), str(tmp_path / "gone.ttn"))
    assert code == 2
    assert re.search(r"broken\.ttn:1:\d+: error \[ttn\.tag\]", err)
    assert "gone.ttn" in err and "no such file" in err
    assert len(_csv(out)) == len(_csv(_table(str(ILLEGAL))[1])) == 9


def test_every_column_is_documented() -> None:
    page = (ROOT / "docs" / "corpora.md").read_text(encoding="utf-8")
    section = page[page.index("## Tables for analysis"):]
    for column in (*DEAL_COLUMNS, *PLAY_COLUMNS):
        assert re.search(rf"^\| `{column.name}` \| {column.kind} \|", section, flags=re.M), \
            column.name
    assert columns(True) is PLAY_COLUMNS


def test_parquet_has_typed_columns(tmp_path: Path) -> None:
    pq = pytest.importorskip(
        "pyarrow.parquet", reason="the parquet extra is not installed "
                                  "(pip install 'referee[parquet]')")
    target = tmp_path / "deals.parquet"
    code, _, err = _table(str(SAMPLES / "twenty-two"), str(ILLEGAL), "-o", str(target))
    assert code == 0, err
    table = pq.read_table(target)
    assert table.schema.names == [column.name for column in DEAL_COLUMNS]
    types = {field.name: str(field.type) for field in table.schema}
    assert types["deal"] == "int64" and types["made"] == "bool"
    assert types["points"].startswith("map<string, int64")
    assert types["rule_ids"].startswith("list<")
    rows = table.to_pylist()
    from_csv = _csv(_table(str(SAMPLES / "twenty-two"), str(ILLEGAL))[1])
    assert len(rows) == len(from_csv)
    first = rows[0]
    assert first["game"] == "twenty-eight" and first["bidder"] == from_csv[0]["bidder"] == "W"
    assert first["bid"] == 13 and first["made"] is False and first["doubles"] == 1
    assert dict(first["points"]) == json.loads(from_csv[0]["points"])
    assert first["rule_ids"] == ["28.bid-range"] and first["single"] is None
    assert any(row["damage"] is not None for row in rows)
    plays = tmp_path / "plays.pq"
    assert _table(str(ILLEGAL), "--plays", "-o", str(plays))[0] == 0
    assert pq.read_table(plays).schema.names == [column.name for column in PLAY_COLUMNS]
