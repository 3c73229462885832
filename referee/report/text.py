"""``--format text``: the report for people, one line per finding, in the form editors and
CI annotators read::

    game.ttn:14:5: error [28.follow-suit]: W must follow hearts (deal 1, trick 3, seat W)
    game.ttn:1: twenty-eight (standard), 3 deals: N-S win +6 to 0
    1 file, 3 deals, 1 finding, 0 notes (0.02 s)

An unreadable file shows its error with the source line and a caret (``RefereeError.render``).
The other formats are modules of their own beside this one (referee.report).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from typing import IO, TYPE_CHECKING, Any

import typer

from referee.model.record import Span
from referee.report.model import FileReport, Finding, MatchReport, Totals

if TYPE_CHECKING:
    from referee.report import Output

LINE_PREFIX = re.compile(r"line (\d+): ")


def is_terminal(stream: object) -> bool:
    """True if ``stream`` is a terminal (False for a closed or unknown stream)."""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


def use_color(stream: IO[str] | None, mode: str = "auto") -> bool:
    """Colour as ``mode`` says: ``always``, ``never``, or ``auto``: colour for a terminal,
    never when ``NO_COLOR`` is set (https://no-color.org), always when ``FORCE_COLOR`` is
    (https://force-color.org; ``FORCE_COLOR=0`` does not force it)."""
    if mode != "auto":
        return mode == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR", "0") not in ("", "0"):
        return True
    return is_terminal(stream)


# -- text --------------------------------------------------------------------------------------


def render_text(reports: Iterable[FileReport], color: bool = False, expect: bool = False) -> str:
    """Every report (errors included) and the summary line, as one text."""
    totals = Totals()
    parts: list[str] = []
    for report in reports:
        totals.add(report)
        parts.extend(p for p in (render_error(report, color), render_file(report, color, expect))
                     if p)
    parts.append(render_summary(totals, color, expect))
    return "\n".join(parts) + "\n"


class FileLines:
    """What ``render_file`` (or ``render_github``: ``GithubLines``) writes about one file's
    matches, gathered match by match: a finding's line and one line per match are kept, not
    the match, so a file of any length is reported in memory that grows with its findings,
    not its deals (the match lines, which come after every finding, wait in a temporary file
    when there are many). In a text report (not under ``quiet``) each finding shows its source
    line with a caret under the event, read from the file once it is done."""

    HELD = 10_000
    """Match lines held in memory before they go to the temporary file."""

    def __init__(self, path: str, color: bool = False, quiet: bool = False) -> None:
        self.path = path
        self.color = color
        self.quiet = quiet
        self.findings: list[tuple[int, int, str, Span]] = []
        self.match_lines: list[str] = []
        self.spilled: IO[str] | None = None

    def finding_text(self, finding: Finding) -> str:
        """A finding's line(s) in this report."""
        return render_finding(self.path, finding, self.color)

    def add(self, match: MatchReport) -> None:
        for finding in match.all_findings():
            text = self.finding_text(finding)
            self.findings.append((finding.span.line, finding.span.column, text, finding.span))
        if not self.quiet:
            self.match_lines.append(render_match(self.path, match, self.color))
            if len(self.match_lines) >= self.HELD:
                self._spill()

    def _spill(self) -> None:
        import tempfile

        if self.spilled is None:
            self.spilled = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115 - closed by lines()
        self.spilled.write("".join(line + "\n" for line in self.match_lines))
        self.match_lines = []

    def lines(self) -> Iterator[str]:
        """The findings by position (a stable sort: ties keep the order found), then the
        matches' lines."""
        found = sorted(self.findings, key=lambda item: (item[0], item[1]))
        shown = not self.quiet
        sources = source_lines(self.path, {item[0] for item in found}) if shown else {}
        for _, _, text, span in found:
            yield with_source(text, sources.get(span.line), span)
        if self.spilled is not None:
            self.spilled.seek(0)
            yield from (line[:-1] for line in self.spilled)
            self.spilled.close()
            self.spilled = None
        yield from self.match_lines


def source_lines(path: str, wanted: set[int]) -> dict[int, str]:
    """The lines numbered in ``wanted`` of the file at ``path``, read once and only as far
    as the last of them; nothing for standard input or a file that cannot be read."""
    wanted = {line for line in wanted if line > 0}
    if not wanted or path in ("<stdin>", "<string>") or not os.path.isfile(path):
        return {}
    last = max(wanted)
    found: dict[int, str] = {}
    try:
        with open(path, encoding="utf-8", errors="replace", newline="") as stream:
            for number, text in enumerate(stream, 1):
                if number in wanted:
                    found[number] = text.rstrip("\r\n")
                if number >= last:
                    break
    except OSError:
        return {}
    return found


def with_source(text: str, source: str | None, span: Span) -> str:
    """A finding's text with its source line and carets under the event (as a syntax error
    shows its line) after the first line, before the legal alternatives."""
    if source is None:
        return text
    from referee.model.errors import caret_window

    line = source.replace("\t", " ")
    start = max(span.column - 1, 0)
    end = span.end_column - 1 if span.end_line == span.line else start + 1
    width = max(1, min(end, len(line)) - start)
    shown, caret = caret_window(line, start)
    head, newline, rest = text.partition("\n")
    return f"{head}\n  {shown}\n  {' ' * caret}{'^' * width}" + (newline + rest if rest else "")


def render_file(report: FileReport, color: bool = False, expect: bool = False,
                quiet: bool = False, lines: FileLines | None = None) -> str:
    """A readable file's lines: findings and notes by position, then one line per match
    (not under ``quiet``). ``lines`` holds what was gathered of matches handed over while the
    file was read (``check_file``'s ``on_match``); the report's own matches are added to it.

    Under ``expect`` the findings are not listed one by one (the expected ones are fine, the
    others are unmet expectations); the unmet expectations are, with their lines.
    """
    return "\n".join(file_lines(report, color, expect, quiet, lines))


def file_lines(report: FileReport, color: bool = False, expect: bool = False,
               quiet: bool = False, lines: FileLines | None = None) -> Iterator[str]:
    """``render_file``'s lines one by one (a long file's report is written as it goes)."""
    if expect:
        yield from (render_unmet(report.path, sentence, color)
                    for sentence in sorted(report.expectations, key=unmet_line))
        return
    lines = lines or FileLines(report.path, color, quiet)
    for match in report.matches:
        lines.add(match)
    yield from lines.lines()


def render_finding(path: str, finding: Finding, color: bool = False) -> str:
    """``FILE:LINE:COL: error [rule]: message (deal D, trick T, seat S)`` and the legal actions."""
    span = finding.span
    where = f"{path}:{span.line}:{span.column}" if span.line else path
    context = [
        f"{name} {value}"
        for name, value in (("deal", finding.deal), ("trick", finding.trick),
                            ("seat", finding.seat))
        if value is not None
    ]
    severity = finding.severity
    label = _style(severity, color, fg="red" if severity == "error" else "cyan", bold=True)
    rule = _style(f"[{finding.rule}]", color, bold=True)
    text = f"{where}: {label} {rule}: {finding.message}"
    if context:
        text += f" ({', '.join(context)})"
    if finding.alternatives:
        text += "\n  " + _style("legal here:", color, dim=True) + " " + ", ".join(
            finding.alternatives
        )
    return text


def render_match(path: str, match: MatchReport, color: bool = False) -> str:
    """``FILE:LINE: twenty-eight (standard), 3 deals: N-S win +6 to 0``; when some cards were
    not seen and the score is open, ``; score NS 1-3 EW 0`` (and the presumption it holds
    under); ``, as seen from N`` when the record has a View tag."""
    where = f"{path}:{match.line}" if match.line else path
    deals = f"{len(match.deals)} deal" + ("" if len(match.deals) == 1 else "s")
    result = match.result or ("finished" if match.finished else "not finished")
    if match.score_sets:
        result += "; score " + open_score(match)
    game = _style(match.game, color, bold=True)
    seen = f", as seen from {match.view}" if match.view is not None else ""
    return f"{where}: {game} ({match.preset}), {deals}: {result}{seen}"


def open_score(match: MatchReport) -> str:
    """``NS 1-3 EW 0``: the match score with its open teams as runs, then, if presumed, the
    condition it holds under."""
    from referee.report.values import PRESUMED, value_text

    label = match.team_labels.get
    teams = (*match.score, *(team for team in match.score_sets if team not in match.score))
    text = " ".join(f"{label(team, team)} {value_text(team, match.score, match.score_sets)}"
                    for team in teams)
    return f"{text} ({PRESUMED})" if match.presumed else text


def render_error(report: FileReport, color: bool = False) -> str:
    """The error that made the file unreadable, with its source line and caret; "" if none."""
    error = report.failure
    if error is None:
        return ""
    return "\n".join(_styled_error(e.render(), color) for e in (error, *report.more_errors))


def _styled_error(text: str, color: bool) -> str:
    if color:
        head, _, rest = text.partition("\n")
        prefix, _, message = head.partition(": error ")
        head = f"{prefix}: {_style('error', True, fg='red', bold=True)} {message}"
        text = head + ("\n" + rest if rest else "")
    return text


def render_unmet(path: str, sentence: str, color: bool = False) -> str:
    """An unmet expectation as ``FILE:LINE: expectation: ...``."""
    label = _style("unmet", color, fg="red", bold=True)
    found = LINE_PREFIX.match(sentence)
    if found and found.group(1) != "0":
        return f"{path}:{found.group(1)}: {label} {sentence[found.end():]}"
    return f"{path}: {label} {sentence}"


def unmet_line(sentence: str) -> int:
    """The line an unmet expectation names (``line 12: ...``), 0 if none: its sort key."""
    found = LINE_PREFIX.match(sentence)
    return int(found.group(1)) if found else 0


def render_statistics(totals: Totals, color: bool = False) -> str:
    """``--statistics``: a line per rule id, the commonest first: its count, the id, error or
    note, and what the rule requires ("" when nothing was found)."""
    rows = totals.statistics()
    if not rows:
        return ""
    from referee.catalogue.lookups import all_rules

    known = all_rules()
    width = max(len(str(count)) for _, _, count in rows)
    id_width = max(len(rule) for rule, _, _ in rows)
    lines = []
    for rule, severity, count in rows:
        entry = known.get(rule)
        summary = entry.summary if entry is not None else ""
        label = _style(severity.ljust(5), color, fg="red" if severity == "error" else "cyan")
        lines.append(f"{str(count).rjust(width)}  {rule.ljust(id_width)}  {label}  "
                     f"{summary}".rstrip())
    return "\n".join(lines)


def render_summary(
    totals: Totals, color: bool = False, expect: bool = False, seconds: float | None = None
) -> str:
    """``N files, N deals, N findings, N notes`` (and unreadable files, unmet expectations),
    then the time taken if ``seconds`` is given."""
    parts = [
        _plural(totals.files, "file"),
        _plural(totals.deals, "deal"),
        _plural(totals.findings, "finding"),
        _plural(totals.notes, "note"),
    ]
    if totals.errors:
        parts.append(_plural(totals.errors, "unreadable file", "unreadable files"))
    if expect:
        # An unreadable file's expectations were never compared: "all met" would be a lie.
        parts.append(
            _plural(totals.unmet, "unmet expectation") if totals.unmet
            else "expectations not checked in unreadable files" if totals.errors
            else "all expectations met"
        )
    if totals.baseline:
        parts.append(totals.baseline)
    text = ", ".join(parts)
    if seconds is not None:
        text += f" ({seconds:.2f} s)"
    bad = totals.errors or (totals.unmet if expect else totals.findings)
    return _style(text, color, fg="red" if bad else "green", bold=True)


# -- the reporter ------------------------------------------------------------------------------


class TextReporter:
    """``--format text``: each file's findings (by position, with their source lines) and its
    matches' lines as soon as the file is done; under ``--statistics`` the counts per rule
    at the end. Only the lines are kept of the matches, not the matches."""

    def __init__(self, out: Output) -> None:
        self.out = out
        self.gathered: list[FileLines] = []

    @staticmethod
    def rendering(keys: bool) -> Callable[[MatchReport], str] | None:
        return None

    @staticmethod
    def compact(match: MatchReport, keys: bool) -> Any:
        """What a ``--jobs`` worker sends back: the findings, not the deal results."""
        from referee.report.model import slim_match

        return slim_match(match, True)

    def lines(self, path: str) -> FileLines:
        return FileLines(path, self.out.color, self.out.quiet)

    def handler(self, path: str) -> Callable[[MatchReport], None] | None:
        lines = self.lines(path)
        self.gathered.append(lines)
        return None if self.out.expect else lines.add  # --expect shows only the unmet

    def file_done(self, report: FileReport, seconds: float) -> None:
        held = self.gathered.pop() if self.gathered else None
        color = self.out.color
        for line in file_lines(report, color, self.out.expect, self.out.quiet, held):
            self.out.echo(line)
        self.out.echo(render_error(report, color))  # unreadable: why, and where

    def end(self, totals: Totals) -> None:
        if self.out.statistics:  # a JSON document has them in it
            self.out.echo(render_statistics(totals, self.out.color))


# -- helpers ---------------------------------------------------------------------------------


def _style(text: str, color: bool, **style: Any) -> str:
    return typer.style(text, **style) if color else text


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"
