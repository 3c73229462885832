"""The package carries its grammar and schemas, and CI tests the installed package."""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

import referee
from referee.notation.resources import grammar_text, load_schema

CHECKOUT = Path(__file__).resolve().parent.parent


def test_grammar_and_schemas_load_through_one_function() -> None:
    assert "DEAL_LINE" in grammar_text()
    assert load_schema("record.schema.json")["title"].startswith("TTN record")
    assert "$schema" in load_schema("report.schema.json")


def test_packaged_files_match_the_top_level_contract() -> None:
    packaged = resources.files("referee").joinpath("grammar").joinpath("ttn.lark")
    if packaged.is_file():  # an installed wheel: the copy must be the top-level file
        top_level = (CHECKOUT / "grammar" / "ttn.lark").read_text(encoding="utf-8")
        assert packaged.read_text(encoding="utf-8") == top_level


def test_ci_runs_against_the_installed_package() -> None:
    where = Path(referee.__file__).resolve()
    if os.environ.get("CI"):
        assert "site-packages" in where.parts, f"referee imported from {where}"
        assert resources.files("referee").joinpath("grammar").joinpath("ttn.lark").is_file()
