"""``referee score`` (``--format text``): the score sheet, one plain-text table per match, as
kept at the table.

::

    twenty-eight (standard), record at line 1
                                    points      game points   score
    deal  dealer  bidder  bid  target   NS  EW  made    NS  EW      NS  EW  outcome
       1  S       W        16      16   11  17  yes      .  +1       0   1  E-W made 17 of 16
    result: E-W lead 1 to 0

Contract columns come from ``DealResult.contract`` (``bidder``, ``bid``, ``target``,
``made``) and show ``-`` where a game or a deal has none. Points, game points and the running
score have one column per team, in the order the results name the teams, headed as people
read the team (``P1-P3-P5`` for three seats, ``NS`` for two). A game may rename
or leave out columns and groups with a ``sheet_labels`` mapping on its Ruleset class
(Twenty-Two: damage per deal, total damage, no contract columns).

A deal whose cards were not all seen may leave a value open: its cell then shows every value
it may have as runs (``14-18``, ``29, 31-33``; referee.report.values), and the outcome column
its possible outcomes ("made or failed") and, when the sets are presumed, "if the plays that
could not be checked were legal".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from referee.report.model import NOT_CHECKED, DealReport, FileReport, MatchReport
from referee.report.values import outcome_text, value_text
from referee.rules.base import NO_CONTRACT

if TYPE_CHECKING:
    from referee.report import Output

MISSING = "-"


def render_scoresheet(matches: Iterable[MatchReport], path: str | None = None) -> str:
    """Every match's sheet, separated by a blank line."""
    sheets = [render_match_sheet(match, path) for match in matches]
    return "\n\n".join(sheets) + "\n" if sheets else ""


def write_score(report: FileReport, out: Output) -> None:
    """``referee score``'s report of one file: the sheet of every match, then the findings
    and the error of an unreadable part, written with ``out`` (a ``referee.report.Output``)."""
    from referee.report.text import render_error, render_finding

    out.write(render_scoresheet(report.matches, report.path))
    for match in report.matches:
        for finding in match.all_findings():
            out.echo(render_finding(report.path, finding, out.color))
    out.echo(render_error(report, out.color))


def render_match_sheet(match: MatchReport, path: str | None = None) -> str:
    """One match: a title line, the table, the result line."""
    where = f"{path}:{match.line}" if path and match.line else (path or f"line {match.line}")
    title = f"{match.game} ({match.preset}), {where}"
    teams = _teams(match)
    label = match.team_labels.get  # P1-P3-P5 as the messages spell it; NS stays NS
    columns: list[tuple[str, str, str]] = [
        # (group, header, alignment)
        ("", "deal", ">"), ("", "dealer", "<"), ("", "bidder", "<"), ("", "bid", ">"),
        ("", "target", ">"),
        *(("points", label(team, team), ">") for team in teams),
        ("", "made", "<"),
        *(("game points", label(team, team), ">") for team in teams),
        *(("score", label(team, team), ">") for team in teams),
        ("", "outcome", "<"),
    ]
    rows = [_row(deal, teams) for deal in match.deals]
    columns, rows = _game_layout(match.game, columns, rows)
    table = _table(columns, rows)
    result = match.result or ("finished" if match.finished else "not finished")
    return "\n".join([title, table, f"result: {result}"])


def _game_layout(
    game: str, columns: list[tuple[str, str, str]], rows: list[list[str]]
) -> tuple[list[tuple[str, str, str]], list[list[str]]]:
    """Apply the game's ``sheet_labels`` (Ruleset class data): a column group or a single
    column renamed, or left out when its label is ""; games without it keep every column."""
    from referee.games import find_game

    try:
        labels = dict(find_game(game).sheet_labels)
    except KeyError:
        return columns, rows
    if not labels:
        return columns, rows
    keep: list[int] = []
    renamed: list[tuple[str, str, str]] = []
    for index, (group, header, align) in enumerate(columns):
        key = group or header
        label = labels.get(key, key)
        if not label:
            continue
        keep.append(index)
        renamed.append((label, header, align) if group else (group, label, align))
    return renamed, [[row[i] for i in keep] for row in rows]


def _teams(match: MatchReport) -> list[str]:
    teams: list[str] = []
    for deal in match.deals:
        if deal.result is None:
            continue
        result = deal.result
        for mapping in (result.points, result.game_points, result.score, result.point_sets,
                        result.game_point_sets, result.score_sets):
            for team in mapping:
                if team not in teams:
                    teams.append(team)
    for team in match.score:
        if team not in teams:
            teams.append(team)
    return teams


def _row(deal: DealReport, teams: list[str]) -> list[str]:
    result = deal.result
    contract = result.contract if result is not None else NO_CONTRACT
    remarks: list[str] = []
    if result is None:
        points = game_points = score = [MISSING] * len(teams)
        remarks.append("not settled" + (f": {deal.unchecked}" if deal.unchecked else ""))
    else:
        points = [_value(value_text(team, result.points, result.point_sets))
                  for team in teams]
        game_points = [_value(value_text(team, result.game_points, result.game_point_sets,
                                         signed=True)) for team in teams]
        score = [_value(value_text(team, result.score, result.score_sets)) for team in teams]
        outcome = outcome_text(result)
        if not result.scored:  # said once, whether or not the outcome says it already
            remarks.append(not_scored(outcome))
        else:
            if outcome:
                remarks.append(outcome)
            if result.disputed:  # scored, but from what the record says or as played
                remarks.append("disputed")
    stop = next((f for f in deal.findings if f.rule == NOT_CHECKED), None)
    if stop is not None:
        remarks.append(f"not checked after line {stop.span.line}")
    errors = sum(1 for f in deal.findings if f.severity == "error")
    if errors:
        remarks.append(f"{errors} finding" + ("" if errors == 1 else "s"))
    return [
        str(deal.number),
        deal.dealer or MISSING,
        _value(contract.bidder),
        _value(contract.bid),
        _value(contract.target),
        *points,
        _made(contract.made, bool(contract.as_dict().get("penalty"))),
        *game_points,
        *score,
        "; ".join(remarks),
    ]


def not_scored(outcome: str) -> str:
    """A deal not scored, said once: its outcome when that says so already ("not scored: the
    auction did not end"), else the outcome and "(not scored)", or just "not scored"."""
    if not outcome:
        return "not scored"
    return outcome if outcome.startswith("not scored") else f"{outcome} (not scored)"


def _value(value: Any) -> str:
    return MISSING if value is None or value == "" else str(value)


def _made(value: Any, penalty: bool = False) -> str:
    """``yes`` or ``no``; ``yes (penalty)`` where a misplay penalty, not the cards, counts
    the contract as made (or lost)."""
    if value is None:
        return MISSING
    if isinstance(value, bool):
        return ("yes" if value else "no") + (" (penalty)" if penalty else "")
    return str(value)


def _table(columns: list[tuple[str, str, str]], rows: list[list[str]]) -> str:
    """Columns two spaces apart; a group's name stands over its columns, which widen to fit it."""
    widths = [len(header) for _, header, _ in columns]
    for row in rows:
        widths = [max(w, len(cell)) for w, cell in zip(widths, row, strict=True)]
    groups: dict[str, list[int]] = {}
    for index, (group, _, _) in enumerate(columns):
        if group:
            groups.setdefault(group, []).append(index)
    for name, members in groups.items():
        span = sum(widths[i] for i in members) + 2 * (len(members) - 1)
        for k in range(max(len(name) - span, 0)):  # spread the extra width over the group
            widths[members[k % len(members)]] += 1
    starts = [sum(widths[:i]) + 2 * i for i in range(len(columns))]
    group_line = ""
    for name, members in groups.items():
        group_line = group_line.ljust(starts[members[0]]) + name
    lines = [group_line] if group_line else []

    def fmt(cells: list[str]) -> str:
        out = [
            cell.rjust(width) if align == ">" else cell.ljust(width)
            for cell, width, (_, _, align) in zip(cells, widths, columns, strict=True)
        ]
        return "  ".join(out).rstrip()

    lines.append(fmt([header for _, header, _ in columns]))
    lines.extend(fmt(row) for row in rows)
    return "\n".join(lines)
