"""The referee's problems as LSP diagnostics: ``code`` the rule id, ``source`` "referee",
severity Error for errors, Warning for an unmet Expect tag, Information for notes."""

from __future__ import annotations

from lsprotocol import types

from referee.lsp.document import Problem
from referee.lsp.positions import to_client

SOURCE = "referee"

SEVERITIES = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "note": types.DiagnosticSeverity.Information,
}


def client_range(lines: list[str], line: int, column: int, end_line: int, end_column: int,
                 encoding: str) -> types.Range:
    """A referee range (1-based, code points, end exclusive) in the client's units."""
    start = to_client(lines, line, column, encoding)
    end = to_client(lines, end_line, end_column, encoding)
    return types.Range(start=types.Position(*start), end=types.Position(*end))


def to_diagnostic(problem: Problem, lines: list[str], encoding: str,
                  uri: str = "") -> types.Diagnostic:
    """One problem as a diagnostic (the legal alternatives, if any, in its message; the
    places it points to as related information, in the document ``uri``)."""
    message = problem.message
    if problem.alternatives:
        message += "\nlegal here: " + ", ".join(problem.alternatives)
    return types.Diagnostic(
        range=client_range(lines, problem.line, problem.column, problem.end_line,
                           problem.end_column, encoding),
        message=message,
        severity=SEVERITIES[problem.severity],
        code=problem.code,
        source=SOURCE,
        data={"alternatives": list(problem.alternatives)} if problem.alternatives else None,
        related_information=[types.DiagnosticRelatedInformation(
            location=types.Location(uri=uri, range=client_range(
                lines, r.line, r.column, r.end_line, r.end_column, encoding)),
            message=r.message) for r in problem.related] if uri and problem.related else None,
    )
