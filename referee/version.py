"""The package's version, in a module of its own so that any layer can read it without
importing the package's public face (referee/__init__.py)."""

__version__ = "0.1.0"
