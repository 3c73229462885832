"""The language server: pygls 2 wiring of the referee's checks, completion and the rest.

Each feature lives in its own module and works on the referee's positions; this module
reads the client's requests, converts positions (``referee.lsp.positions``) and answers.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from referee.lsp.checker import DocumentChecker, Setup, setup_for
from referee.lsp.diagnostics import to_diagnostic
from referee.lsp.document import Problem, split_lines
from referee.lsp.positions import from_client
from referee.lsp.semantic import LEGEND, semantic_tokens
from referee.version import __version__

DEBOUNCE_SECONDS = 0.3
"""How long after the last change the document is checked again."""


class RefereeServer(LanguageServer):
    """The server and what it keeps between requests: the records' verdicts, each folder's
    settings, the pending checks and the client's choices."""

    def __init__(self) -> None:
        super().__init__("referee", __version__,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.checker = DocumentChecker()
        self.setups: dict[str, Setup] = {}
        self.pending: dict[str, asyncio.TimerHandle] = {}
        self.inlay_hints = True

    @property
    def encoding(self) -> str:
        """The position encoding agreed with the client (UTF-16 unless it chose another)."""
        return str(self.workspace.position_encoding or "utf-16")

    def document(self, uri: str) -> tuple[str, list[str]]:
        """The text of the open document ``uri`` and its lines."""
        text = self.workspace.get_text_document(uri).source
        return text, split_lines(text)

    def setup(self, uri: str, fresh: bool = False) -> Setup:
        """The settings of the document's folder (read again when ``fresh``)."""
        folder = folder_of(uri)
        key = str(folder)
        if fresh or key not in self.setups:
            self.setups[key] = setup_for(folder)
        return self.setups[key]

    def publish(self, uri: str) -> None:
        """Check the document and push its diagnostics."""
        self.pending.pop(uri, None)
        document = self.workspace.get_text_document(uri)
        text = document.source
        lines = split_lines(text)
        try:
            problems = self.checker.problems(text, path_of(uri), self.setup(uri))
        except Exception as exc:  # a bug, not the document: say so in it, as check does
            from referee.pipeline.checking import internal_error

            error = internal_error(path_of(uri), exc)
            problems = [Problem(1, 1, 1, 2, "error", error.code, error.message)]
        diagnostics = [to_diagnostic(p, lines, self.encoding, uri) for p in problems]
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, version=document.version, diagnostics=diagnostics))

    def publish_later(self, uri: str) -> None:
        """Check the document once no change has come for ``DEBOUNCE_SECONDS``."""
        waiting = self.pending.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        loop = asyncio.get_running_loop()
        self.pending[uri] = loop.call_later(DEBOUNCE_SECONDS, self.publish, uri)


def path_of(uri: str) -> str:
    """The file path of a ``file:`` URI (as reports name it), else the URI itself."""
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return uri
    return unquote(parsed.path)


def folder_of(uri: str) -> Path | None:
    """The folder of a saved document (whose settings apply), None for an unsaved one."""
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    return Path(unquote(parsed.path)).parent


server = RefereeServer()


@server.feature(types.INITIALIZE)
def initialize(ls: RefereeServer, params: types.InitializeParams) -> None:
    options = params.initialization_options
    if isinstance(options, dict) and options.get("inlayHints") is False:
        ls.inlay_hints = False


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: RefereeServer, params: types.DidOpenTextDocumentParams) -> None:
    ls.publish(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: RefereeServer, params: types.DidChangeTextDocumentParams) -> None:
    ls.publish_later(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: RefereeServer, params: types.DidSaveTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.setup(uri, fresh=True)  # the settings file may have changed meanwhile
    waiting = ls.pending.pop(uri, None)
    if waiting is not None:
        waiting.cancel()
    ls.publish(uri)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: RefereeServer, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    waiting = ls.pending.pop(uri, None)
    if waiting is not None:
        waiting.cancel()
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri,
                                                                        diagnostics=[]))


@server.feature(types.TEXT_DOCUMENT_COMPLETION,
                types.CompletionOptions(trigger_characters=[" ", '"', "["]))
def completion(ls: RefereeServer, params: types.CompletionParams) -> types.CompletionList:
    from referee.lsp.features import completion_items

    text, lines = ls.document(params.text_document.uri)
    line, column = from_client(lines, params.position.line, params.position.character,
                               ls.encoding)
    items = completion_items(text, line, column, ls.setup(params.text_document.uri),
                             lines, ls.encoding)
    return types.CompletionList(is_incomplete=False, items=items)


def _problems(ls: RefereeServer, uri: str) -> list:
    text, _ = ls.document(uri)
    return ls.checker.problems(text, path_of(uri), ls.setup(uri))


@server.feature(types.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: RefereeServer, params: types.DocumentFormattingParams
               ) -> list[types.TextEdit] | None:
    from referee.lsp.formatting import format_edits

    text, _ = ls.document(params.text_document.uri)
    return format_edits(text, path_of(params.text_document.uri), ls.encoding)


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbol(ls: RefereeServer, params: types.DocumentSymbolParams
                    ) -> list[types.DocumentSymbol]:
    from referee.lsp.symbols import document_symbols

    uri = params.text_document.uri
    text, _ = ls.document(uri)
    return document_symbols(text, ls.encoding, ls.setup(uri).hook)


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: RefereeServer, params: types.HoverParams) -> types.Hover | None:
    from referee.lsp.features import unit_at
    from referee.lsp.hover import finding_hover, hover_text

    uri = params.text_document.uri
    text, lines = ls.document(uri)
    line, column = from_client(lines, params.position.line, params.position.character,
                               ls.encoding)
    here = [p for p in _problems(ls, uri)
            if (p.line, p.column) <= (line, column) < (p.end_line, p.end_column)]
    unit = unit_at(text, line)
    parts = [part for part in (finding_hover(here),
                               hover_text(unit, line, column, ls.setup(uri).hook)) if part]
    if not parts:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown,
                                                    value="\n\n---\n\n".join(parts)))


@server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
def code_action(ls: RefereeServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    from referee.lsp.actions import code_actions

    uri = params.text_document.uri
    text, lines = ls.document(uri)
    start = from_client(lines, params.range.start.line, params.range.start.character,
                        ls.encoding)
    end = from_client(lines, params.range.end.line, params.range.end.character, ls.encoding)
    here = [p for p in _problems(ls, uri)
            if (p.line, p.column) <= end and start <= (p.end_line, p.end_column)]
    return code_actions(uri, text, lines, here, ls.encoding, ls.setup(uri).hook)


@server.feature(types.TEXT_DOCUMENT_INLAY_HINT)
def inlay_hint(ls: RefereeServer, params: types.InlayHintParams) -> list[types.InlayHint]:
    from referee.lsp.hints import trick_hints

    if not ls.inlay_hints:
        return []
    uri = params.text_document.uri
    text, _ = ls.document(uri)
    return trick_hints(text, params.range.start.line + 1, params.range.end.line + 1,
                       ls.encoding, ls.setup(uri).hook)


@server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND)
def semantic_tokens_full(ls: RefereeServer, params: types.SemanticTokensParams
                         ) -> types.SemanticTokens:
    text, _ = ls.document(params.text_document.uri)
    return semantic_tokens(text, ls.encoding)


def main(args: list[str] | None = None) -> None:
    """Serve over standard input and output, or ``--tcp --host --port`` (pygls's flags)."""
    from pygls.cli import start_server

    start_server(server, args)


def serve(tcp: bool = False, host: str = "127.0.0.1", port: int = 8888) -> None:
    """Serve over standard input and output, or over TCP at ``host``:``port``."""
    if tcp:
        server.start_tcp(host, port)
    else:
        server.start_io()


__all__ = ["RefereeServer", "main", "serve", "server"]
