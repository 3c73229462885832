"""The command line: one thin Typer command per library function."""
