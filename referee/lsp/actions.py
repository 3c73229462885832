"""Quick fixes: accept a finding on its line, write the computed ``result`` line, take a
did-you-mean suggestion for an unknown keyword, card, game, preset or option."""

from __future__ import annotations

import re

from lsprotocol import types

from referee.lsp.diagnostics import client_range
from referee.lsp.document import Problem, split_units
from referee.lsp.walk import walk_record
from referee.model.record import ResultLine

_SUGGESTION = re.compile(r"'([^']+)'.*?\(did you mean '([^']+)'\?\)")
RESULT_MISMATCH = "record.result-mismatch"


def is_rule(code: str) -> bool:
    """A rule of a game (what ``referee: accept`` can accept), not a reading error."""
    from referee.catalogue.lookups import known_rule

    return not code.startswith(("ttn.", "record.", "file.")) and code not in (
        "expect", "config") and known_rule(code)


def code_actions(uri: str, text: str, lines: list[str], problems: list[Problem],
                 encoding: str, hook=None) -> list[types.CodeAction]:
    """The quick fixes of ``problems`` (those under the cursor or selection)."""
    actions: list[types.CodeAction] = []
    made: list[tuple[str, types.TextEdit]] = []  # each action's title and its one edit

    def edit(title: str, line: int, column: int, end_line: int, end_column: int,
             new_text: str, preferred: bool = False) -> None:
        change = types.TextEdit(range=client_range(lines, line, column, end_line,
                                                   end_column, encoding), new_text=new_text)
        if (title, change) in made:
            return  # two findings on one line (a result line wrong for both sides)
        made.append((title, change))
        actions.append(types.CodeAction(
            title=title, kind=types.CodeActionKind.QuickFix, is_preferred=preferred or None,
            edit=types.WorkspaceEdit(changes={uri: [change]})))

    for problem in problems:
        row = lines[problem.line - 1] if 0 < problem.line <= len(lines) else ""
        if problem.severity == "error" and is_rule(problem.code):
            end = len(row) + 1
            edit(f"Accept {problem.code} on this line (; referee: accept)", problem.line,
                 end, problem.line, end, f"  ; referee: accept {problem.code}")
        suggestion = _SUGGESTION.search(problem.message)
        if suggestion is not None:
            wrong, right = suggestion.groups()
            at = row.find(wrong, max(problem.column - 1, 0))
            if at < 0:
                at = row.find(wrong)
            if at >= 0:
                edit(f"Replace '{wrong}' with '{right}'", problem.line, at + 1, problem.line,
                     at + 1 + len(wrong), right, preferred=True)
        if problem.code == RESULT_MISMATCH:
            written = _computed_result(text, problem.line, hook)
            if written is not None:
                indent = len(row) - len(row.lstrip())
                stop = row.find(";")
                body = row[:stop].rstrip() if stop >= 0 else row.rstrip()
                edit("Write the computed result", problem.line, indent + 1, problem.line,
                     len(body) + 1, written, preferred=True)
    return actions


def _computed_result(text: str, line: int, hook) -> str | None:
    """The ``result`` line the referee computes for the result line at ``line``."""
    for unit in split_units(text):
        last = unit.first_line + unit.text.count("\n")
        if not unit.first_line <= line <= last:
            continue
        walk = walk_record(unit.text, hook)
        if walk is None:
            return None
        for deal in walk.deals:
            for item in deal.deal.items:
                if not isinstance(item, ResultLine):
                    continue
                if item.span.line + unit.first_line - 1 != line or deal.report is None:
                    continue
                result = deal.report.result
                if result is None:
                    return None
                values = result.points if item.kind == "points" else result.score
                if result.point_sets if item.kind == "points" else result.score_sets:
                    return None  # some cards were not seen: no one line to propose
                labels = walk.team_labels
                pairs = " ".join(f"{labels.get(t, t)} {v}" for t, v in values.items())
                return f"result score {pairs}" if item.kind == "score" else f"result {pairs}"
    return None
