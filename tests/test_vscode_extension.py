"""The VS Code extension (editors/vscode): its manifest, its language settings, and its
TextMate grammar, checked by vscode-tmgrammar-test's snapshots and over every sample when
node and the extension's packages (npm ci) are there."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from referee.model.lexicon import KEYWORDS

EXTENSION = Path(__file__).resolve().parent.parent / "editors" / "vscode"


def load(name: str) -> dict:
    return json.loads((EXTENSION / name).read_text(encoding="utf-8"))


def test_the_manifest_declares_the_language_grammar_and_server_setting():
    manifest = load("package.json")
    (language,) = manifest["contributes"]["languages"]
    assert language["id"] == "ttn" and language["extensions"] == [".ttn"]
    assert (EXTENSION / language["configuration"]).is_file()
    (grammar,) = manifest["contributes"]["grammars"]
    assert grammar["language"] == "ttn"
    assert load(grammar["path"])["scopeName"] == grammar["scopeName"] == "source.ttn"
    setting = manifest["contributes"]["configuration"]["properties"]["referee.serverCommand"]
    assert setting["default"] == ["referee", "lsp"]
    script = (EXTENSION / manifest["main"]).read_text(encoding="utf-8")
    assert '"serverCommand"' in script and "vscode-languageclient/node" in script
    assert "vscode-languageclient" in manifest["dependencies"]
    assert {"@vscode/vsce", "vscode-tmgrammar-test"} <= set(manifest["devDependencies"])
    assert (EXTENSION / "package-lock.json").is_file()  # npm ci needs it


def test_comments_are_semicolon_lines_and_braces():
    comments = load("language-configuration.json")["comments"]
    assert comments == {"lineComment": ";", "blockComment": ["{", "}"]}


def test_the_grammar_knows_every_keyword():
    grammar = load("syntaxes/ttn.tmLanguage.json")
    words = grammar["repository"]["words"]["patterns"]
    keyword = next(p["match"] for p in words if p["name"] == "keyword.control.ttn")
    listed = re.search(r"\(\?:([^)]*)\)", keyword).group(1).split("|")
    assert sorted(listed) == sorted(KEYWORDS)


def test_the_grammar_snapshots_and_every_sample():
    if shutil.which("node") is None:
        pytest.skip("node is not installed: the grammar's tests run with node")
    if not (EXTENSION / "node_modules" / ".bin" / "vscode-tmgrammar-snap").exists():
        pytest.skip("the extension's node packages are not installed "
                    "(npm ci in editors/vscode; .ci/run does it)")
    run = subprocess.run(["node", "test/run.js"], cwd=EXTENSION, capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "every word of" in run.stdout


def test_the_editors_page_covers_each_editor_and_is_listed():
    root = EXTENSION.parent.parent
    page = (root / "docs" / "editors.md").read_text(encoding="utf-8")
    for needle in ("referee.serverCommand", "vim.lsp.config", "eglot-server-programs",
                   "languages.toml", "pip install 'referee[lsp]'", "inlayHints",
                   "ttn-fragment", "@vscode/vsce"):
        assert needle in page, needle
    assert "Editors: editors.md" in (root / "mkdocs.yml").read_text(encoding="utf-8")
    assert "docs/editors.md" in (root / "README.md").read_text(encoding="utf-8")
