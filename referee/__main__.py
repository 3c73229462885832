"""``python -m referee``: the same as the ``referee`` command."""

from referee.cli.app import main

if __name__ == "__main__":
    main()
