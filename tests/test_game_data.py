"""What the referee knows of a game is the game's own class data.

Every registered game declares its keywords (``accepted_actions``: the action words its
records may hold, which the reader's hints offer), its public sources and its cards in words;
the modules that speak about games (``lookups``, ``rule_help``, ``docs_pages``, ``gamedoc``)
read them from the ruleset and name no game, and the notation layer imports no game, nor the
registry or the catalogue: its callers hand it a game's words.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import referee
from referee.catalogue.docs_pages import SCORE_COLUMNS
from referee.games import games
from referee.model.errors import NotationSyntaxError
from referee.model.lexicon import ACTION_KINDS
from referee.model.record import Tag
from referee.notation.parser import parse_records
from referee.notation.typos import Vocabulary, VocabularyOf
from referee.rules.base import Ruleset

PACKAGE = Path(__file__).resolve().parent.parent / "referee"
CATALOGUE = ("lookups.py", "rule_help.py", "docs_pages.py", "gamedoc.py")
ABOVE_THE_NOTATION = ("referee.games", "referee.rules", "referee.catalogue", "referee.replay")
"""What the notation layer may not import: the games, the registry and the catalogue."""

GAMES = sorted(games(), key=lambda game: game.name)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top, in functions and for type checking."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def _names(game: type[Ruleset]) -> set[str]:
    """The words that name ``game``: its registry name, title and aliases."""
    return {game.name, game.title, *game.aliases}


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_every_game_declares_its_keywords_sources_and_cards(game: type[Ruleset]) -> None:
    assert game.accepted_actions, f"{game.name} declares no action words"
    assert game.accepted_actions <= set(ACTION_KINDS), \
        sorted(game.accepted_actions - set(ACTION_KINDS))
    assert set(game.action_options) <= game.accepted_actions
    assert game.sources, f"{game.name} declares no sources"
    for title, address in game.sources:
        assert title and address.startswith("https://"), (title, address)
    assert isinstance(game.cards_text, str) and game.cards_text.strip()
    columns = {keys[0] for keys, _, _ in SCORE_COLUMNS}
    assert set(game.sheet_meanings) <= columns, "a meaning for a column the sheet lacks"


def test_the_contract_has_defaults_for_the_data() -> None:
    assert Ruleset.sources == ()
    assert Ruleset.cards_text == ""
    assert Ruleset.sheet_meanings == {} and Ruleset.outcome_words == ()


@pytest.mark.parametrize("module", CATALOGUE)
def test_the_catalogue_names_no_game(module: str) -> None:
    path = PACKAGE / "catalogue" / module
    text = path.read_text(encoding="utf-8").lower()
    for game in GAMES:
        named = [word for word in (game.name, game.title) if word.lower() in text]
        assert not named, f"{module} names {named}: read it from the ruleset"
    constants = {node.value for node in ast.walk(ast.parse(text))
                 if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    aliases = {alias.lower() for game in GAMES for alias in _names(game)}
    assert not constants & aliases, f"{module} compares with a game's name"
    folders = {folder.name for folder in (PACKAGE / "games").iterdir() if folder.is_dir()}
    games_imported = sorted(name for name in _imports(path)  # the loader is no game
                            if name.startswith("referee.games.")
                            and name.split(".")[2] in folders)
    assert not games_imported, f"{module} imports {games_imported}"


@pytest.mark.parametrize("path", sorted((PACKAGE / "notation").glob("*.py")),
                         ids=lambda path: path.name)
def test_the_notation_imports_no_game(path: Path) -> None:
    above = sorted(name for name in _imports(path)
                   if name.startswith(ABOVE_THE_NOTATION) or name == "referee")
    assert not above, f"notation/{path.name} imports {above}"


def test_the_imports_are_found_in_functions_too(tmp_path: Path) -> None:
    """The import scan sees what a function imports (a test of the test)."""
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from referee.games.avinas.ruleset import Avinas\n",
                      encoding="utf-8")
    assert "referee.games.avinas.ruleset" in _imports(sample)


TYPO = '[Game "GAME"]\n\ndeal 1 dealer S\nE 15\nE trumpp\n'


def _hint(text: str, vocabulary: VocabularyOf | None) -> str:
    with pytest.raises(NotationSyntaxError) as caught:
        parse_records(text, "typo.ttn", vocabulary)
    return f"{caught.value.expected} / {caught.value.message}"


def test_the_reader_offers_the_words_its_caller_gives() -> None:
    """The reader knows no game: the words of a hint are the vocabulary its caller hands it."""
    def few(tags: list[Tag]) -> Vocabulary:
        return Vocabulary(("N", "E", "S", "W"), ("play", "bid"), ("play",))

    assert _hint(TYPO, few).startswith("a card or a bid (a number) / ")
    assert "did you mean 'trump'" not in _hint(TYPO, few)
    everything = _hint(TYPO, None)
    assert "exchange" in everything and "did you mean 'trump'" in everything


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_the_readers_hand_the_parser_each_games_keywords(game: type[Ruleset]) -> None:
    """``referee.loads`` gives the reader the record's game's words (``accepted_actions``):
    a hint offers no action word the game does not have."""
    with pytest.raises(NotationSyntaxError) as caught:
        referee.loads(TYPO.replace("GAME", game.name))
    words = str(caught.value.expected).replace(",", " ").split()
    offered = {kind for kind in ACTION_KINDS if kind in words}
    assert offered <= game.accepted_actions, sorted(offered - game.accepted_actions)
    assert "a card" in str(caught.value.expected)
