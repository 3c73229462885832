"""The TTN language server (``referee lsp``): diagnostics, completion, formatting and more.

Built on pygls 2 and lsprotocol, installed with the ``lsp`` extra (``pip install
'referee[lsp]'``). Only ``server`` imports pygls; the other modules work on the referee's
own values (1-based lines, code-point columns), so that they can be tested without it.
"""
