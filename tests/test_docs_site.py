"""The documentation a player and a CI user read: complete, up to date with the referee's own
tables, free of references to working notes, and a site whose navigation holds every page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.catalogue.docs_pages import BEGIN, END, reference_block, rule_ids_page, updated_page
from referee.catalogue.lookups import INPUT_IDS, RECORD_IDS
from referee.games import games
from tests.citations import internal_references

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GAMES = [game.name for game in games()]


def prose(text: str) -> str:
    """``text`` without code (labels and examples may quote anything)."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return re.sub(r"`[^`\n]*`", "", text)


@pytest.mark.parametrize("game", GAMES)
def test_game_page_reference_is_up_to_date(game):
    """`python -m referee.catalogue.docs_pages` has been run since the tables last changed."""
    ruleset = next(g for g in games() if g.name == game)
    page = (DOCS / "games" / f"{game}.md").read_text(encoding="utf-8")
    assert BEGIN in page and END in page
    assert updated_page(page, reference_block(ruleset)) == page, (
        "the game's tables changed: run `python -m referee.catalogue.docs_pages` to rewrite "
        "the reference")


@pytest.mark.parametrize("game", GAMES)
def test_game_page_has_what_a_player_needs(game):
    ruleset = next(g for g in games() if g.name == game)
    page = (DOCS / "games" / f"{game}.md").read_text(encoding="utf-8")
    for rule in ruleset.rules.values():
        assert f"`{rule.id}`" in page
    for spec in ruleset.option_specs:
        assert f"`{spec.name}`" in page
    for section in ("### Sources", "### Cards", "### Presets", "### Options", "### Rules",
                    "### The score sheet", "**disputed**"):
        assert section in page
    assert re.search(r"\]\(https://(www\.pagat\.com|en\.wikipedia\.org|gamerules\.com)/", page)


def test_rule_ids_page_is_up_to_date_and_lists_every_id():
    page = (DOCS / "rule-ids.md").read_text(encoding="utf-8")
    assert page == rule_ids_page(), (
        "run `python -m referee.catalogue.docs_pages` to rewrite rule-ids.md")
    for code in (*INPUT_IDS, *RECORD_IDS):
        assert f"`{code}`" in page


@pytest.mark.parametrize("path", sorted(p.relative_to(ROOT).as_posix()
                                        for p in [ROOT / "README.md", *DOCS.rglob("*.md")]))
def test_user_facing_text_cites_no_working_notes(path):
    text = (ROOT / path).read_text(encoding="utf-8")
    assert internal_references(prose(text)) == [], (
        "a player has no working notes: say the rule in words (tests/citations.py lists "
        "what a player cannot follow)")
    for internal in ("spec/rules", "/work/", "README decision", "module header",
                     "../schemas", "OWNER/"):
        assert internal not in text


def test_internal_references_finds_working_notes():
    assert internal_references("see A4.2 and decision 5") == ["A4.2", "decision 5"]
    assert internal_references("as the seed says (3.9 C5), the Twenty-Two rules text") == [
        "the seed", "3.9 C5", "rules text"]
    assert internal_references("referee simulate --seed 3; seeded runs") == []


def test_every_docs_page_is_in_the_site_navigation():
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "theme:\n  name: material" in config and "strict: true" in config
    listed = set(re.findall(r":\s*([\w/.-]+\.md)\s*$", config, flags=re.M))
    pages = {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")}
    assert listed == pages


def test_ci_builds_the_site_strictly_after_the_readme_commands():
    script = (ROOT / ".ci/run").read_text(encoding="utf-8")
    assert script.index("bash -c \"${commands[1]}\"") < script.index("mkdocs build --strict")
    assert "mkdocs build --strict -q" not in script  # -q would hide what --strict counts
    # the tests of the dask, parquet and docs extras (the docs: Markdown, for the highlighting
    # test) are skipped without them: CI installs them before the tests
    assert script.index("'.[dask,parquet,docs]'") < script.index("bash -c \"${commands[1]}\"")
    extras = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^docs = \[.*"mkdocs.*"mkdocs-material', extras, flags=re.M)


@pytest.mark.parametrize("game", GAMES)
def test_referee_games_and_rule_cite_no_working_notes(game):
    from typer.testing import CliRunner

    from referee.cli.app import app

    runner = CliRunner()
    shown = runner.invoke(app, ["games", game]).stdout
    assert internal_references(shown) == []
    assert "spec/" not in shown and "source: seed" not in shown
    ruleset = next(g for g in games() if g.name == game)
    for rule in ruleset.rules.values():
        assert internal_references(runner.invoke(app, ["rule", rule.id]).stdout) == []
