"""A fast start: ``referee check`` neither imports pydantic nor rebuilds the Lark parser, and
the coercion that replaces Typer's pydantic layer gives Typer's own values and messages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import typer

from referee.cli.app import app

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "twenty-eight"


def test_check_does_not_import_pydantic() -> None:
    sample = sorted(SAMPLE.glob("*.ttn"))[0]
    script = (
        "import sys\n"
        "from referee.cli.app import main\n"
        f"sys.argv = ['referee', 'check', '--format', 'json', {str(sample)!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('pydantic' in sys.modules, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    assert done.stderr.strip().splitlines()[-1] == "False"
    assert '"files"' in done.stdout


def _runtime_params() -> list[tuple[object, object, typer.core.TyperArgument]]:
    """(Typer's own coercion, the referee's) for every parameter of every command."""
    from typer import _coercion
    from typer import core as typer_core

    group = typer.main.get_command(app)
    ctx = typer.Context(group)
    group.use_plain(ctx)  # what the referee's group does before it reads the arguments
    pairs = []
    for command in (group, *group.commands.values()):
        for param in command.get_params(ctx):
            descriptor = getattr(param, "type_descriptor", None)
            if descriptor is None:
                continue
            ours = param.get_runtime_param()
            pairs.append((_coercion.build_runtime_param(descriptor), ours, param))
    # Typer's own coercion is left as it is for every other app in the process.
    assert typer_core.build_runtime_param is _coercion.build_runtime_param
    return pairs


@pytest.mark.parametrize("value", ["text", "json", "JSON", "xml", "a\x1bb", ["a", "b"], True,
                                   "yes", ""])
def test_coercion_matches_typers_own(value: object) -> None:
    pairs = _runtime_params()
    assert any(type(ours).__name__ == "PlainRuntimeParam" for _, ours, _ in pairs)
    for theirs, ours, param in pairs:
        if param.multiple or param.nargs == -1:
            value = [value] if not isinstance(value, list) else value
        elif isinstance(value, list):
            continue
        ctx = typer.Context(typer.main.get_command(app))
        outcomes = []
        for runtime in (theirs, ours):
            try:
                outcomes.append(("value", runtime.coerce(value, param=param, ctx=ctx)))
            except Exception as exc:  # the message the user would read
                outcomes.append((type(exc).__name__, str(exc)))
        assert outcomes[0] == outcomes[1], (param.name, value)


def test_the_parser_is_cached_between_runs(tmp_path: Path) -> None:
    script = ("from referee.notation.parser import _cache_file, lark_parser\n"
              "lark_parser()\nprint(_cache_file())")
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    first = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           env=env, check=True, cwd=Path(__file__).parent.parent)
    cache = Path(first.stdout.strip())
    assert cache.parent == tmp_path / "referee" and cache.stat().st_size > 1000
