"""``python -m referee.lsp``: the language server over standard input and output."""

from referee.lsp.server import main

if __name__ == "__main__":
    main()
