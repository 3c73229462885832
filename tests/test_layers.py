"""The layer order of docs/architecture.md, held: every import of a module of the package (at
any depth of the code, imports for type checking included) goes to a module of the same or a
lower layer, and no module imports an underscore name of another.

A layer is a folder of ``referee/`` (``model``, ``notation``, ...); the top level holds the
public face (the package's functions, ``python -m referee``, the pytest plugin), which may
import anything, and the version, which imports nothing.
"""

from __future__ import annotations

import ast

from test_import_graph import PACKAGE, import_graph, modules

RANKS = {
    "model": 0,        # words and data: lexicon, cards, seats, the record, errors, limits
    "version": 0,
    "notation": 1,     # text and JSON in and out; never judges
    "rules": 2,        # the contract, the loop, options, shared trick parts; knows no game
    "games": 3,        # the loader and one folder per game
    "catalogue": 3,    # what referee says about its games and rules
    "report": 4,       # findings and one module per output format
    "replay": 5,       # replay, moves, simulate, canonical text, expectations
    "pipeline": 6,     # the check pipeline: reading files with options, in parallel, on a cluster
    "archive": 6,      # caches, baselines and tables of corpora
    "view": 7,         # the replay page
    "cli": 8,          # the command line
    "lsp": 8,          # the language server
    "": 9,             # the public face: referee/__init__.py, __main__.py, pytest_plugin.py
    "__main__": 9,
    "pytest_plugin": 9,
}


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def rank(module: str) -> int:
    return RANKS[layer(module)]


def test_every_module_is_in_a_layer():
    unplaced = sorted(name for name in modules() if layer(name) not in RANKS)
    assert unplaced == [], f"modules outside the layers: {unplaced}"
    top = sorted(name for name in modules() if name.count(".") == 1
                 and (PACKAGE / f"{layer(name)}.py").exists())
    assert top == ["referee.__main__", "referee.pytest_plugin", "referee.version"]


def test_every_import_goes_to_the_same_or_a_lower_layer():
    upward = sorted(f"{source} ({layer(source) or 'top'}) imports {target} ({layer(target)})"
                    for source, targets in import_graph(types=True).items()
                    for target in targets if rank(target) > rank(source))
    assert upward == []


def underscore_imports(tree: ast.AST) -> list[str]:
    """The underscore names ``tree`` imports from another module of the package (dunders
    aside; what a library it uses keeps private is that library's business)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("referee"):
            found += [f"{node.module}.{alias.name}" for alias in node.names
                      if alias.name.startswith("_") and not alias.name.startswith("__")]
    return found


def test_no_module_imports_an_underscore_name_of_another():
    found = sorted(f"{name}: {what}" for name, path in modules().items()
                   for what in underscore_imports(ast.parse(path.read_text(encoding="utf-8"))))
    assert found == []


def test_the_checks_find_what_they_look_for():
    assert underscore_imports(ast.parse("from referee.x import _y, z, __version__")) == [
        "referee.x._y"]
    assert underscore_imports(ast.parse("from typer import _coercion")) == []
    assert rank("referee.notation.parser") < rank("referee.rules.loop") < rank("referee.games")
    assert layer("referee") == "" and rank("referee.cli.app") == 8
