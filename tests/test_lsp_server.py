"""The language server end to end: a real ``referee lsp`` process driven by pytest-lsp's
client with VS Code's capabilities (pytest-asyncio runs these tests only)."""

from __future__ import annotations

import asyncio
import sys

import pytest

pytest.importorskip("pygls")
pytest_lsp = pytest.importorskip("pytest_lsp")

from lsprotocol import types  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402

from tests.lsp_support import LEAD_LINE, REVOKE, apply_edits, uri_in  # noqa: E402

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    # A feature VS Code's capabilities do not announce, or a reply out of the protocol,
    # fails the test.
    pytest.mark.filterwarnings("error::pytest_lsp.LspSpecificationWarning"),
]

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
    while True:  # a server that never answers fails the test instead of hanging the run
        await asyncio.wait_for(
            client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 120)
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
    # Related information: where N was dealt the cards he could have led.
    related = {(r.message, r.location.range.start.line, r.location.range.start.character)
               for r in diagnostic.related_information}
    assert related == {("N was dealt QD", 3, 9), ("N was dealt QS", 3, 12)}
    assert {r.location.uri for r in diagnostic.related_information} == {uri_in(tmp_path)}


async def test_several_syntax_errors_are_shown(client, tmp_path):
    text = REVOKE.replace("W pass", "W pas") + "\n" + REVOKE.replace("KS\n", "XQ\n", 1)
    found = await opened(client, uri_in(tmp_path, "typos.ttn"), text)
    # Reading resynchronises at the next record: both records' errors are shown.
    # (a card mistyped in a hand line is named in that line)
    assert [(d.code, d.range.start.line) for d in found] == [("ttn.keyword", 7),
                                                             ("ttn.card", 25)]
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


def ident(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


async def test_formatting_writes_what_fmt_writes(client, tmp_path):
    from referee.replay.canonical import canonical_text

    uri = uri_in(tmp_path, "format.ttn")
    messy = REVOKE.replace("1. E 9D N TD W 8D S KD", "E   9D N TD  W 8D S KD ; first")
    await opened(client, uri, messy)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=ident(uri), options=types.FormattingOptions(tab_size=4,
                                                                  insert_spaces=True)))
    assert edits
    assert apply_edits(messy, edits) == canonical_text(messy, str(tmp_path / "format.ttn"))
    assert "; first" in apply_edits(messy, edits)


async def test_the_outline_has_records_deals_and_tricks(client, tmp_path):
    uri = uri_in(tmp_path, "outline.ttn")
    await opened(client, uri, REVOKE + "\n" + REVOKE)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=ident(uri)))
    assert [s.name for s in symbols] == ["record: twenty-eight", "record: twenty-eight"]
    (deal,) = symbols[0].children
    assert deal.name == "deal 1"
    assert [t.name for t in deal.children] == [f"trick {n}" for n in range(1, 9)]
    assert deal.children[2].detail == "N wins 3"
    assert deal.children[2].range.start.line == LEAD_LINE
    assert symbols[1].range.start.line > symbols[0].range.start.line


async def test_hover_on_a_finding_a_card_and_a_seat(client, tmp_path):
    uri = uri_in(tmp_path, "hover.ttn")
    await opened(client, uri, REVOKE)

    async def hover(line: int, character: int) -> str:
        answer = await client.text_document_hover_async(types.HoverParams(
            text_document=ident(uri), position=types.Position(line, character)))
        return answer.contents.value if answer else ""

    on_finding = await hover(LEAD_LINE, 5)
    assert "28.lead-trump" in on_finding and "N QS" in on_finding
    assert "game: Twenty-Eight" in on_finding  # the rule's text, as referee rule gives it
    last_card = await hover(LEAD_LINE, 20)  # E 9H ends trick 3
    assert "the trick so far: N TC  W KH  S 7C  E 9H" in last_card
    assert "N wins 3 card points; running: NS 8 EW 3" in last_card
    # E, before his card: his hand (the ace of hearts went in trick 2).
    assert await hover(LEAD_LINE, 18) == "**E**, before this play: TS 9H QH 7H AD 7D (6 cards)"
    assert "Twenty-Eight" in await hover(0, 3)


async def test_quick_fixes(client, tmp_path):
    uri = uri_in(tmp_path, "fixes.ttn")
    text = REVOKE.replace("result NS 25 EW 3", "result NS 20 EW 8") + \
        '\n[Game "twenty-eigt"]\n'
    found = await opened(client, uri, text)

    async def actions_for(code: str) -> list[types.CodeAction]:
        diagnostic = next(d for d in found if d.code == code)
        return await client.text_document_code_action_async(types.CodeActionParams(
            text_document=ident(uri), range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic])))

    def edited(action: types.CodeAction) -> str:
        return apply_edits(text, action.edit.changes[uri])

    (accept,) = [a for a in await actions_for("28.lead-trump") if "Accept" in a.title]
    assert edited(accept).splitlines()[LEAD_LINE].endswith("; referee: accept 28.lead-trump")
    (result,) = [a for a in await actions_for("record.result-mismatch")
                 if a.title == "Write the computed result"]
    assert "result NS 25 EW 3" in edited(result)
    (typo,) = await actions_for("record.game")
    assert typo.title == "Replace 'twenty-eigt' with 'twenty-eight'"
    assert '[Game "twenty-eight"]\n' in edited(typo).split("result")[-1]


async def test_inlay_hints_after_each_trick(client, tmp_path):
    uri = uri_in(tmp_path, "hints.ttn")
    await opened(client, uri, REVOKE)
    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=ident(uri), range=types.Range(types.Position(0, 0),
                                                    types.Position(30, 0))))
    assert len(hints) == 8
    third = next(h for h in hints if h.position.line == LEAD_LINE)
    assert third.label == "trick 3: N wins, 3 points; NS 8 EW 3"
    assert third.position.character == len("3. N TC W KH S 7C E 9H")


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def hintless(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        initialization_options={"inlayHints": False}))
    yield
    await lsp_client.shutdown_session()


async def test_inlay_hints_can_be_turned_off(hintless, tmp_path):
    uri = uri_in(tmp_path, "no-hints.ttn")
    await opened(hintless, uri, REVOKE)
    hints = await hintless.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=ident(uri), range=types.Range(types.Position(0, 0),
                                                    types.Position(30, 0))))
    assert not hints


async def test_semantic_tokens_even_with_syntax_errors(client, tmp_path):
    from referee.lsp.semantic import TOKEN_TYPES

    uri = uri_in(tmp_path, "tokens.ttn")
    broken = REVOKE.replace("W pass", "W pas")
    await opened(client, uri, broken)
    tokens = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=ident(uri)))
    rows = [tokens.data[i:i + 5] for i in range(0, len(tokens.data), 5)]
    line = 0
    by_line: dict[int, list[str]] = {}
    for delta, _, _, kind, _ in rows:
        line += delta
        by_line.setdefault(line, []).append(TOKEN_TYPES[kind])
    assert by_line[LEAD_LINE][:3] == ["label", "variable", "enumMember"]  # 3. N TC
    assert "keyword" in by_line[7]  # the auction line, with its typo, still read
