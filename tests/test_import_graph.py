"""The package's modules import each other without a cycle, function-level imports included.

A cycle makes the order of the layers (lexicon and cards, the record, the notation, the rules,
the games, the commands) impossible to read off the code; a function-level import hides one
from Python but not from a reader, so every ``import`` statement counts, wherever it is
(except those under ``if TYPE_CHECKING:``, which name a type for annotations and never run).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import referee

PACKAGE = Path(referee.__file__).resolve().parent


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in PACKAGE.rglob("*.py")}


def type_only(tree: ast.AST) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:``: imports for annotations only, which
    never run (they name a type; they do not make the module depend on another at run time)."""
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in (
                "TYPE_CHECKING", "typing.TYPE_CHECKING"):
            hidden.update(id(inner) for part in node.body for inner in ast.walk(part))
    return hidden


def imported(tree: ast.AST, here: str, known: set[str], is_package: bool,
             types: bool = False) -> set[str]:
    """The package's modules that ``tree`` imports, at any depth of the code (imports for
    type checking only aside, unless ``types``)."""
    found: set[str] = set()
    hidden = set() if types else type_only(tree)
    for node in ast.walk(tree):
        if id(node) in hidden:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # a relative import
                anchor = here.split(".")
                anchor = anchor[:len(anchor) - node.level + (1 if is_package else 0)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                target = f"{base}.{alias.name}"
                if target in known:
                    found.add(target)  # ``from referee import simulate``: the module
                elif base in known:
                    found.add(base)
    found.discard(here)
    return found


def import_graph(types: bool = False) -> dict[str, set[str]]:
    """Each module's imports of the package's modules (with ``types``, those made for type
    checking only too)."""
    known = modules()
    names = set(known)
    return {name: imported(ast.parse(path.read_text(encoding="utf-8")), name, names,
                           path.name == "__init__.py", types)
            for name, path in known.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a path that starts and ends at the same module, or None."""
    colour: dict[str, int] = dict.fromkeys(graph, 0)  # 0 new, 1 on the path, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        colour[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if colour[target] == 1:
                return [*path[path.index(target):], target]
            if colour[target] == 0:
                cycle = visit(target)
                if cycle:
                    return cycle
        path.pop()
        colour[node] = 2
        return None

    for start in sorted(graph):
        if colour[start] == 0:
            cycle = visit(start)
            if cycle:
                return cycle
    return None


def test_the_package_has_no_import_cycle():
    """Imports for type checking count too: a cycle through them is a cycle for a reader."""
    graph = import_graph(types=True)
    assert "referee.model.record" in graph and "referee.notation.writer" in graph
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_finder_finds_a_cycle_and_function_level_imports():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    tree = ast.parse("def f():\n    from referee.notation.writer import format_action\n")
    both = {"referee.model.record", "referee.notation.writer"}
    assert imported(tree, "referee.model.record", both, False) == {"referee.notation.writer"}
    typed = ast.parse("if TYPE_CHECKING:\n    from referee.notation.writer import x\n")
    assert imported(typed, "referee.model.record", both, False) == set()
    assert imported(typed, "referee.model.record", both, False, types=True) == {
        "referee.notation.writer"}


def test_the_record_model_does_not_import_the_writer():
    assert "referee.notation.writer" not in import_graph()["referee.model.record"]


GAME_OBJECTS = re.compile(r"(?:^|\.)(?:ruleset|game|cls|match|state|self|view)$")
"""What a ``getattr``/``hasattr`` must not probe: a game (nor a game itself, ``self``), its
class, its match or deal state, what it shows (everything they offer is declared by the
contract in rules/base.py; the replay page reads a deal through ``Ruleset.table_view``)."""


def test_no_module_probes_a_game_for_undeclared_hooks():
    """No exception: the replay page, the last module that read games' states, now reads
    the declared ``TableView``."""
    probes = []
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("getattr", "hasattr") and node.args
                    and GAME_OBJECTS.search(ast.unparse(node.args[0]))):
                probes.append(f"{name}: {ast.unparse(node)}")
    assert probes == []


def test_the_probe_finder_finds_a_probe():
    call = ast.parse('getattr(ruleset, "sheet_labels", {})').body[0].value
    assert GAME_OBJECTS.search(ast.unparse(call.args[0]))
    assert not GAME_OBJECTS.search("stream")
    assert GAME_OBJECTS.search("state") and GAME_OBJECTS.search("self")


def test_the_replay_page_reads_no_game_attribute_by_name():
    adapter = (PACKAGE / "view" / "adapter.py").read_text(encoding="utf-8")
    assert "getattr" not in adapter and "hasattr" not in adapter
