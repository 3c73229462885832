"""Small modules and short functions: no file under referee/ over 900 lines, no function over
80 lines. A function's length is its body after the docstring (a Typer command's declared
options are its signature), data tables aside (a statement that is one list, tuple, dict or
set literal, such as a game's rule catalogue, does not count)."""

from __future__ import annotations

import ast
from pathlib import Path

import referee

PACKAGE = Path(referee.__file__).resolve().parent
MAX_FILE_LINES = 900
MAX_FUNCTION_LINES = 80

OVERSIZED: dict[str, str] = {}
"""Files allowed over the limits for now (path under referee/ -> why), each named: none."""

_DATA = (ast.List, ast.Tuple, ast.Dict, ast.Set)


def files() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def data_lines(function: ast.AST) -> int:
    """Lines of ``function`` taken by statements that are one data literal."""
    lines = 0
    for node in ast.walk(function):
        value = getattr(node, "value", None) if isinstance(
            node, ast.Return | ast.Assign | ast.AnnAssign | ast.Expr) else None
        if isinstance(value, _DATA):
            lines += node.end_lineno - node.lineno + 1  # type: ignore[operator]
    return lines


def long_functions(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if len(body) > 1 and isinstance(body[0], ast.Expr) and isinstance(
                    body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                body = body[1:]  # the docstring
            length = node.end_lineno - body[0].lineno + 1 - data_lines(node)  # type: ignore
            if length > MAX_FUNCTION_LINES:
                found.append(f"{node.name} ({length} lines)")
    return found


def test_no_file_is_longer_than_900_lines():
    long = {str(path.relative_to(PACKAGE)): n for path in files()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_FILE_LINES}
    assert set(long) <= set(OVERSIZED), long


def test_no_function_is_longer_than_80_lines():
    long = {str(path.relative_to(PACKAGE)): found for path in files()
            if (found := long_functions(path))}
    assert set(long) <= set(OVERSIZED), long


def test_the_measure_counts_code_and_skips_data(tmp_path: Path):
    code = 'def f(\n    a: int = 1,\n):\n    """Doc."""\n' + "    x = 1\n" * 91
    table = "def g():\n    return [\n" + "        1,\n" * 90 + "    ]\n"
    path = tmp_path / "probe.py"
    path.write_text(code + table, encoding="utf-8")
    assert long_functions(path) == ["f (91 lines)"]


def test_every_oversized_file_exists_and_is_still_over():
    for name in OVERSIZED:
        path = PACKAGE / name
        assert path.exists(), f"{name} is gone: take it off OVERSIZED"
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines > MAX_FILE_LINES or long_functions(path), f"{name} fits: take it off"
