"""The language server end to end: a real ``referee lsp`` process driven by pytest-lsp's
client with VS Code's capabilities (pytest-asyncio runs these tests only)."""

from __future__ import annotations

import sys

import pytest

pytest.importorskip("pygls")
pytest_lsp = pytest.importorskip("pytest_lsp")

from lsprotocol import types  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402

from tests.lsp_support import LEAD_LINE, REVOKE, uri_in  # noqa: E402

pytestmark = pytest.mark.asyncio(loop_scope="module")

CONFIG = ClientServerConfig(server_command=[sys.executable, "-m", "referee", "lsp"])


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code")))
    yield
    await lsp_client.shutdown_session()


async def opened(client: LanguageClient, uri: str, text: str) -> list[types.Diagnostic]:
    """Open a document and wait for its diagnostics."""
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="ttn", version=1,
                                             text=text)))
    return await diagnostics_of(client, uri)


async def diagnostics_of(client: LanguageClient, uri: str) -> list[types.Diagnostic]:
    while True:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if uri in client.diagnostics:
            return client.diagnostics.pop(uri)


async def test_a_finding_is_an_error_with_its_rule_and_range(client, tmp_path):
    found = await opened(client, uri_in(tmp_path), REVOKE)
    assert [d.code for d in found] == ["28.lead-trump"]
    (diagnostic,) = found
    assert diagnostic.source == "referee"
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.range == types.Range(types.Position(LEAD_LINE, 0),
                                           types.Position(LEAD_LINE, 7))
    assert "N QS" in diagnostic.message  # the legal alternatives


async def test_several_syntax_errors_are_shown(client, tmp_path):
    text = REVOKE.replace("W pass", "W pas") + "\n" + REVOKE.replace("KS\n", "XQ\n", 1)
    found = await opened(client, uri_in(tmp_path, "typos.ttn"), text)
    # Reading resynchronises at the next record: both records' errors are shown.
    assert [(d.code, d.range.start.line) for d in found] == [("ttn.keyword", 7),
                                                             ("ttn.keyword", 26)]
    assert found[0].range == types.Range(types.Position(7, 14), types.Position(7, 17))


async def test_utf16_columns_after_suit_symbols(client, tmp_path):
    # An astral character is two UTF-16 units but one code point: the range must count units.
    text = REVOKE.replace("3. N TC", "{🂡 ♠} 3. N TC")
    (diagnostic,) = await opened(client, uri_in(tmp_path, "symbols.ttn"), text)
    prefix = "{🂡 ♠} "
    start = len(prefix.encode("utf-16-le")) // 2
    assert start == len(prefix) + 1
    assert diagnostic.range.start == types.Position(LEAD_LINE, start)
    assert diagnostic.range.end == types.Position(LEAD_LINE, start + 7)


async def test_the_folder_settings_apply(client, tmp_path):
    (tmp_path / "referee.toml").write_text('ignore = ["28.lead-trump"]\n', encoding="utf-8")
    assert list(await opened(client, uri_in(tmp_path, "ignored.ttn"), REVOKE)) == []


async def test_notes_are_information_and_unmet_expect_a_warning(client, tmp_path):
    text = REVOKE.replace('[Game "twenty-eight"]',
                          '[Game "twenty-eight"]\n[Expect "valid"]')
    found = await opened(client, uri_in(tmp_path, "expect.ttn"), text)
    severities = {d.code: d.severity for d in found}
    assert severities["28.lead-trump"] == types.DiagnosticSeverity.Error
    assert severities["expect"] == types.DiagnosticSeverity.Warning
    (tmp_path / "partial").mkdir()
    (tmp_path / "partial" / "referee.toml").write_text("partial = true\n", encoding="utf-8")
    incomplete = REVOKE.split("4. N QS")[0]  # a game in progress: a note where it stands
    found = await opened(client, uri_in(tmp_path / "partial", "so-far.ttn"), incomplete)
    severities = {d.code: d.severity for d in found}
    assert severities["28.incomplete"] == types.DiagnosticSeverity.Information


async def test_changes_are_checked_again_after_a_pause(client, tmp_path):
    uri = uri_in(tmp_path, "edit.ttn")
    assert [d.code for d in await opened(client, uri, REVOKE)] == ["28.lead-trump"]
    # Trick 3 led with a spade instead: N may lead it, W, S and E follow as they can.
    change = types.TextDocumentContentChangePartial(
        range=types.Range(types.Position(LEAD_LINE, 3), types.Position(LEAD_LINE, 7)),
        text="N QS")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[change]))
    found = await diagnostics_of(client, uri)
    assert "28.lead-trump" not in [d.code for d in found]


async def test_completion_offers_the_legal_cards_in_order(client, tmp_path):
    uri = uri_in(tmp_path, "complete.ttn")
    await opened(client, uri, REVOKE)
    # After "3. N TC W ": W's legal actions, the word W begins replaced.
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(LEAD_LINE, 10)))
    items = sorted(result.items, key=lambda item: item.sort_text)
    assert [item.label for item in items] == ["call", "9S", "AS", "KS", "8S", "7S", "KH"]
    assert items[1].text_edit.range.start == types.Position(LEAD_LINE, 10)
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(0, 7)))
    assert "twenty-eight" in [item.label for item in result.items]
