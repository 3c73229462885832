"""Every game is one folder of the same shape (docs/architecture.md): ``ruleset.py`` defines its
``Ruleset``, ``state.py`` its match and deal states, ``rulebook.py`` its rule catalogue,
``options.py`` its options and presets, ``contract.py`` the typed contract its deals are
settled on, ``view.py`` its table view. A game may have more modules, for what is its own.

The 28 family's four games share one folder (``twenty_eight``, see ``FAMILY``), so its checks
say where each of them differs.
"""

from __future__ import annotations

import typing
from importlib import import_module
from pathlib import Path
from types import ModuleType

import pytest

from referee import dumps
from referee.games import games
from referee.pipeline.checking import check_text
from referee.replay.simulate import simulate_records
from referee.rules.base import DealState, NoContract, Ruleset, TableView

GAMES = Path(__file__).resolve().parent.parent / "referee" / "games"
ROLES = ("ruleset", "state", "rulebook", "options", "contract", "view")
FAMILY = "twenty_eight"
"""The 28 family's folder, which four games share. Twenty-Eight is its ``ruleset.py``;
Twenty-Nine, Forty and Fifty-Six are subclasses of it, each defined in a module of its own
beside ``ruleset.py`` (``RELATIVES``) that holds its rule ids, option defaults and presets.
Each game's rule catalogue and options are made from the family's, in ``rulebook.py`` and
``options.py``, in the game's own ids and values."""
RELATIVES = {"twenty-nine": "twenty_nine", "forty": "forty", "fifty-six": "fifty_six"}
"""The family's other games, by name, and the module of the folder that defines each."""


def folder_of(game: type[Ruleset]) -> str:
    """The folder under referee/games/ that the game's class comes from."""
    parts = game.__module__.split(".")
    assert parts[:2] == ["referee", "games"] and len(parts) == 4, game.__module__
    return parts[2]


SHAPED = games()


def role(game: type[Ruleset], name: str) -> ModuleType:
    return import_module(f"referee.games.{folder_of(game)}.{name}")


def defined_in(value: object, module: ModuleType) -> bool:
    return getattr(value, "__module__", None) == module.__name__


def home(game: type[Ruleset]) -> ModuleType:
    """The module that defines the game's class: ``ruleset.py``, or a relative's own module."""
    return role(game, RELATIVES.get(game.name, "ruleset"))


def holds(module: ModuleType, value: object) -> bool:
    """Whether ``value`` is one of the module's top-level values (for values with no
    ``__module__``, such as presets)."""
    return any(held is value for held in vars(module).values())


def test_the_28_family_is_twenty_eight_and_its_relatives_in_one_folder():
    family = sorted(game.name for game in SHAPED if folder_of(game) == FAMILY)
    assert family == sorted(["twenty-eight", *RELATIVES])
    assert [name for name in RELATIVES.values() if not (GAMES / FAMILY / f"{name}.py").is_file()
            ] == []


def test_every_game_folder_belongs_to_a_registered_game():
    folders = {path.parent.name for path in GAMES.glob("*/__init__.py")}
    assert folders == {folder_of(game) for game in games()}


@pytest.mark.parametrize("game", SHAPED, ids=lambda game: game.name)
def test_the_folder_has_every_role(game: type[Ruleset]):
    folder = GAMES / folder_of(game)
    assert [name for name in ROLES if not (folder / f"{name}.py").is_file()] == []


@pytest.mark.parametrize("game", SHAPED, ids=lambda game: game.name)
def test_the_ruleset_class_is_defined_in_ruleset_py(game: type[Ruleset]):
    assert defined_in(game, home(game))
    if game.name in RELATIVES:  # a relative of Twenty-Eight, in its own module
        assert issubclass(game, role(game, "ruleset").TwentyEight)


def state_types(game: type[Ruleset]) -> tuple[type, ...]:
    """The match and deal state types the game's class names as ``Ruleset``'s parameters."""
    for klass in game.__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            if typing.get_origin(base) is Ruleset:
                return typing.get_args(base)
    raise AssertionError(f"{game.__name__} names no match and deal state types")


@pytest.mark.parametrize("game", SHAPED, ids=lambda game: game.name)
def test_the_match_and_deal_states_are_defined_in_state_py(game: type[Ruleset]):
    match, deal = state_types(game)
    state = role(game, "state")
    assert defined_in(match, state) and defined_in(deal, state)
    assert issubclass(deal, DealState)


@pytest.mark.parametrize("game", SHAPED, ids=lambda game: game.name)
def test_the_rule_catalogue_is_rulebook_py(game: type[Ruleset]):
    rulebook = role(game, "rulebook")
    if folder_of(game) == FAMILY:
        # the family's catalogue under each game's ids: Twenty-Eight's id of each rule (the
        # family's own and the generic ones) -> the game's, the game's generic ids its own
        family = {rule for rule, _ in rulebook.FAMILY_RULES} | set(rulebook.GENERIC_28)
        assert set(game.rule_ids) == family
        assert set(game.rules) == set(game.rule_ids.values())
        assert holds(rulebook if game.name == "twenty-eight" else home(game), game.generic)
    else:
        assert game.rules is rulebook.RULES and game.generic is rulebook.GENERIC
    assert set(game.generic) <= set(game.rules)  # the generic rules are in the catalogue


@pytest.mark.parametrize("game", SHAPED, ids=lambda game: game.name)
def test_the_options_and_presets_are_options_py(game: type[Ruleset]):
    options = role(game, "options")
    presets_in = options
    if folder_of(game) == FAMILY:
        # the family's options, in the game's defaults; a relative's presets are its own
        names = [spec.name for spec in options.family_options(game.rule_ids)]
        assert [spec.name for spec in game.option_specs] == names
        presets_in = options if game.name == "twenty-eight" else home(game)
    else:
        assert game.option_specs is options.OPTIONS
    assert [name for name, preset in game.presets.items() if not holds(presets_in, preset)
            ] == []


@pytest.mark.parametrize("game", SHAPED, ids=lambda game: game.name)
def test_the_deals_are_settled_on_the_contract_of_contract_py(game: type[Ruleset]):
    text = dumps(simulate_records(game.name, 3, seed=21))
    report = check_text(text)
    kinds = {type(deal.result.contract) for match in report.matches for deal in match.deals
             if deal.result is not None} - {NoContract}
    assert kinds, "no deal was settled on a contract"
    contract = role(game, "contract")
    assert [kind.__name__ for kind in kinds if not defined_in(kind, contract)] == []


@pytest.mark.parametrize("game", SHAPED, ids=lambda game: game.name)
def test_the_table_view_is_view_py(game: type[Ruleset]):
    view, ruleset = role(game, "view"), role(game, "ruleset")
    assert defined_in(view.table_view, view)
    assert typing.get_type_hints(view.table_view)["return"] is TableView
    assert ruleset.table_view is view.table_view  # what the ruleset's table_view calls
