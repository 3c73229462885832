"""Expect tags: what a record says the referee must find, and the comparison with what it found.

A record that states its own verdict is a test (``referee check --expect``)::

    [Expect "illegal" "deal 1" "trick 3" "W" "28.follow-suit"]
    [Expect "score" "NS 2" "EW -1"]
    [Expect "case" "revoke in trick 3"]

The first value is the kind; the rest are read as words, so ``"deal 1" "W"`` and
``"deal 1 W"`` mean the same. Kinds:

- ``valid``: no error finding in the record;
- ``illegal`` [``deal N``] [``trick N``] [SEAT] [RULE]: some error finding has every field
  given (a word with a dot is a rule id, any other word a seat); without a seat it matches a
  finding of any seat, also one whose culprit is unknown and that names the candidate seats
  ("W, S or E");
- ``note``: the same, for notes;
- ``score`` TEAM N ...: the match score when the record ends;
- ``points`` ``deal N`` TEAM N ...: the card points of that deal (``DealResult.points``);
- ``game-points`` ``deal N`` TEAM N ...: the change of the match score in that deal;
  for these three a team's value may be written as runs, ``NS 14-18`` or ``NS 29, 31-33,
  39-40`` (``-3 to -1`` for negative ends): it holds when the team's value is open (some
  cards were not seen) and its possible values are exactly those; a single number holds only
  when the value is exact, never for a set that contains it;
- ``outcome`` ``deal N`` TEXT: TEXT is part of the deal's outcome ("void", "made");
- ``result`` TEXT: TEXT is part of the match result ("N-S win");
- ``case`` LABEL: names the edge case; checks nothing, shown in failure messages.

Under ``--expect`` every error finding must also be matched by an ``illegal`` expectation:
an unexpected finding is an unmet expectation. A record without checking expectations is
fine, as long as the referee finds no error in it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from referee.model.errors import RecordError, located
from referee.model.lexicon import NAME_RE
from referee.model.limits import digits_message, too_many_digits
from referee.model.record import RecordHeader, Tag
from referee.model.seats import team_key
from referee.report.model import DealReport, Finding, MatchReport
from referee.report.values import outcome_text, possible, value_text

TAG = "Expect"

KINDS = ("valid", "illegal", "note", "score", "points", "game-points", "outcome", "result", "case")
"""Every kind of expectation; ``case`` is the only one that checks nothing."""

_INT = re.compile(r"[+-]?[0-9]+\Z")
_RUN = re.compile(r"([+-]?[0-9]+)(?:-([+-]?[0-9]+))?\Z")
"""A value of a team in a points or score expectation: a number, or a run ``14-18``."""
_LONGEST_RUN = 10_000
"""The most values one run may stand for (a typo like 1-99999999 would fill the memory)."""
_COUNT = re.compile(r"[0-9]+\Z")
_SHOWN_FINDINGS = 3


@dataclass(frozen=True, slots=True)
class Expectation:
    """One ``[Expect ...]`` tag, read.

    ``values`` holds (team, number) pairs for ``score``, ``points`` and ``game-points``, and
    ``sets`` (team, sorted values) for the teams written with runs (``NS 14-18``);
    ``text`` the words of ``outcome``, ``result`` and ``case``; ``line`` the tag's line and
    ``source`` the tag as written (for messages).
    """

    kind: str
    deal: int | None = None
    trick: int | None = None
    seat: str | None = None
    rule: str | None = None
    values: tuple[tuple[str, int], ...] = ()
    sets: tuple[tuple[str, tuple[int, ...]], ...] = ()
    text: str = ""
    line: int = 0
    source: str = ""

    @property
    def is_checking(self) -> bool:
        return self.kind != "case"

    def matches(self, finding: Finding) -> bool:
        """True if ``finding`` is what this ``illegal``/``note`` expectation describes."""
        severity = "note" if self.kind == "note" else "error"
        return (
            finding.severity == severity
            and (self.deal is None or finding.deal == self.deal)
            and (self.trick is None or finding.trick == self.trick)
            and (self.seat is None or finding.seat == self.seat)
            and (self.rule is None or finding.rule == self.rule)
        )


def expectations_of(header: RecordHeader) -> list[Expectation]:
    """The record's Expect tags, read; ``RecordError("record.expect")`` at a malformed one."""
    return [parse_expectation(tag) for tag in header.get_all(TAG)]


def parse_expectation(tag: Tag) -> Expectation:
    """Read one Expect tag (see the module docstring for the forms)."""
    source = tag_source(tag)
    line = tag.span.line
    words = [word for value in tag.values for word in value.split()]
    if not words:
        raise _malformed(tag, f"an Expect tag names a kind ({', '.join(KINDS)})")
    kind, rest = words[0].lower(), words[1:]
    if kind not in KINDS:
        from referee.catalogue.lookups import suggest

        raise _malformed(tag, f"unknown Expect kind '{words[0]}'{suggest(words[0], KINDS)} "
                              f"(kinds: {', '.join(KINDS)})")
    if kind == "valid":
        if rest:
            raise _malformed(tag, f"[Expect \"valid\"] takes nothing more, found '{rest[0]}'")
        return Expectation(kind, line=line, source=source)
    if kind in ("result", "case"):
        if not rest:
            raise _malformed(tag, f"[Expect \"{kind}\" TEXT] needs the text")
        return Expectation(kind, text=" ".join(rest), line=line, source=source)
    if kind in ("illegal", "note"):
        return _parse_finding(tag, kind, rest, line, source)
    deal, rest = _take_deal(tag, kind, rest)
    if kind == "outcome":
        if deal is None or not rest:
            raise _malformed(tag, '[Expect "outcome" "deal N" TEXT] needs a deal and the text')
        return Expectation(kind, deal=deal, text=" ".join(rest), line=line, source=source)
    if kind == "score":
        if deal is not None:
            raise _malformed(tag, '[Expect "score" "NS 2" "EW -1"] is the score when the '
                                  'record ends and takes no deal (use "game-points" for a deal)')
    elif deal is None:
        raise _malformed(tag, f'[Expect "{kind}" "deal N" "NS 17" ...] needs "deal N"')
    values, sets = _pairs(tag, kind, rest)
    return Expectation(kind, deal=deal, values=values, sets=sets, line=line, source=source)


def compare(expectations: Sequence[Expectation], match: MatchReport) -> list[str]:
    """The unmet expectations of one record, each a sentence with the tag's line.

    Each sentence shows the expectation, what the referee found instead and where; an error
    finding that no ``illegal`` expectation matches is unmet too. The labels of ``case``
    tags are named in every sentence.
    """
    cases = [e.text for e in expectations if e.kind == "case"]
    label = f" (case {', '.join(cases)})" if cases else ""
    errors = [f for f in match.all_findings() if f.severity == "error"]
    notes = [f for f in match.all_findings() if f.severity == "note"]
    unmet: list[str] = []
    valid_failed = False
    for exp in expectations:
        problem = _check(exp, match, errors, notes)
        if problem is not None:
            unmet.append(f"line {exp.line}: {exp.source}{label} not met: {problem}")
            valid_failed = valid_failed or exp.kind == "valid"
    if not valid_failed:
        illegal = [e for e in expectations if e.kind == "illegal"]
        for finding in errors:
            if not any(e.matches(finding) for e in illegal):
                where = f"line {finding.span.line}" if finding.span.line else f"line {match.line}"
                unmet.append(
                    f"{where}: unexpected finding {describe_finding(finding)}{label}: "
                    f"no Expect \"illegal\" tag of the record at line {match.line} matches it"
                )
    return unmet


def tag_source(tag: Tag) -> str:
    """``[Expect "illegal" "deal 1"]``: the tag as the record would write it."""
    values = " ".join('"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"' for v in tag.values)
    return f"[{tag.name} {values}]" if values else f"[{tag.name}]"


def describe_finding(finding: Finding) -> str:
    """``28.follow-suit (deal 1, trick 3, seat W, line 12)``."""
    where = [
        f"{name} {value}"
        for name, value in (("deal", finding.deal), ("trick", finding.trick),
                            ("seat", finding.seat), ("line", finding.span.line or None))
        if value is not None
    ]
    return f"{finding.rule} ({', '.join(where)})" if where else finding.rule


# -- checking one expectation ----------------------------------------------------------------


def _check(
    exp: Expectation, match: MatchReport, errors: list[Finding], notes: list[Finding]
) -> str | None:
    """None if ``exp`` holds, else what the referee found instead."""
    kind = exp.kind
    if kind == "case":
        return None
    if kind == "valid":
        if not errors:
            return None
        return f"the referee found {_count(len(errors), 'error')}: {_list(errors)}"
    if kind in ("illegal", "note"):
        pool = errors if kind == "illegal" else notes
        if any(exp.matches(f) for f in pool):
            return None
        what = "error" if kind == "illegal" else "note"
        nearby = [f for f in pool if exp.deal is None or f.deal == exp.deal]
        scope = f" in deal {exp.deal}" if exp.deal is not None else ""
        if not nearby:
            return f"the referee found no {what}{scope}"
        return f"the referee found {_count(len(nearby), what)}{scope}: {_list(nearby)}"
    if kind == "result":
        if exp.text.casefold() in match.result.casefold():
            return None
        return f"the match result is '{match.result}'"
    if kind == "score":
        return _compare_values(exp, match.score, match.score_sets, "the match score",
                               match.team_labels)
    deal = _deal(match, exp.deal)
    if deal is None:
        numbers = " ".join(str(d.number) for d in match.deals) or "none"
        return f"the record has no deal {exp.deal} (deals: {numbers})"
    if deal.result is None:
        why = f": {deal.unchecked}" if deal.unchecked else ""
        return f"deal {exp.deal} has no result{why}"
    if kind == "outcome":
        outcome = outcome_text(deal.result)
        if exp.text.casefold() in outcome.casefold():
            return None
        return f"the outcome of deal {exp.deal} is '{outcome}'"
    if kind == "points":
        return _compare_values(exp, deal.result.points, deal.result.point_sets,
                               f"deal {exp.deal} card points", match.team_labels)
    return _compare_values(exp, deal.result.game_points, deal.result.game_point_sets,
                           f"deal {exp.deal} game points", match.team_labels)


def _compare_values(
    exp: Expectation, computed: dict[str, int], open_sets: dict[str, tuple[int, ...]],
    what: str, labels: dict[str, str],
) -> str | None:
    """None if ``exp``'s values agree with ``computed`` and its sets with ``open_sets`` (the
    open teams' possible values), else what the referee computed, teams spelled as in every
    message (``labels``: ``P1-P3-P5``, ``NS``). A single value holds only for an exact value;
    a set holds when it is every value the team may have."""
    teams = (*computed, *(team for team in open_sets if team not in computed))
    wrong: list[str] = []
    for written, value in exp.values:
        team = team_key(written, teams)
        if team in open_sets or computed.get(team) != value:
            wrong.append(team)
    for written, values in exp.sets:
        team = team_key(written, teams)
        if possible(team, computed, open_sets) != values:
            wrong.append(team)
    if not wrong:
        return None
    shown = " ".join(f"{labels.get(team, team)} {value_text(team, computed, open_sets)}"
                     for team in teams) or "nothing"
    missing = [team for team in wrong if team not in teams]
    extra = f" (no team {', '.join(missing)})" if missing else ""
    return f"the referee computed {what} {shown}{extra}"


def _deal(match: MatchReport, number: int | None) -> DealReport | None:
    for deal in match.deals:
        if deal.number == number:
            return deal
    return None


def _list(findings: list[Finding]) -> str:
    shown = "; ".join(describe_finding(f) for f in findings[:_SHOWN_FINDINGS])
    more = len(findings) - _SHOWN_FINDINGS
    return shown + (f"; and {more} more" if more > 0 else "")


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


# -- reading ---------------------------------------------------------------------------------


def _parse_finding(
    tag: Tag, kind: str, words: list[str], line: int, source: str
) -> Expectation:
    fields: dict[str, object] = {}
    i = 0
    while i < len(words):
        word = words[i]
        lower = word.lower()
        if lower in ("deal", "trick"):
            if i + 1 >= len(words) or not _COUNT.match(words[i + 1]):
                raise _malformed(tag, f"'{word}' is followed by a number: \"{lower} 3\"")
            _set(tag, fields, lower, _number(tag, words[i + 1]))
            i += 2
            continue
        if "." in word:
            _check_rule_id(tag, word)
            _set(tag, fields, "rule", word)
        elif NAME_RE.fullmatch(word):
            _set(tag, fields, "seat", word)
        else:
            raise _malformed(
                tag, f"'{word}' is not \"deal N\", \"trick N\", a seat or a rule id (with a dot)"
            )
        i += 1
    # fields holds what _set put there: deal and trick as numbers, seat and rule as words.
    return Expectation(kind, line=line, source=source, **fields)  # type: ignore[arg-type]


def _check_rule_id(tag: Tag, rule: str) -> None:
    """A misspelt rule id would make the expectation unmeetable (or, under a lenient match,
    meaningless): say so at the tag, with the closest id."""
    from referee.catalogue.lookups import all_rules, known_rule, suggest

    if not known_rule(rule):
        raise _malformed(tag, f"unknown rule id '{rule}'{suggest(rule, all_rules())}")


def _set(tag: Tag, fields: dict[str, object], name: str, value: object) -> None:
    if name in fields:
        raise _malformed(tag, f"the {name} is given twice ({fields[name]} and {value})")
    fields[name] = value


def _take_deal(tag: Tag, kind: str, words: list[str]) -> tuple[int | None, list[str]]:
    """Pull ``deal N`` out of ``words`` wherever it stands."""
    for i, word in enumerate(words):
        if word.lower() == "deal":
            if i + 1 >= len(words) or not _COUNT.match(words[i + 1]):
                raise _malformed(tag, "'deal' is followed by a number: \"deal 3\"")
            return _number(tag, words[i + 1]), words[:i] + words[i + 2:]
    return None, words


def _pairs(tag: Tag, kind: str, words: list[str]
           ) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, tuple[int, ...]], ...]]:
    """The teams and their values: (team, number) for a team written with one number, and
    (team, sorted values) for one written with runs (``NS 29, 31-33, 39-40``)."""
    usage = f'[Expect "{kind}" ...] takes teams with numbers: "NS 17" "EW 11"'
    pieces = [piece for word in words for piece in word.split(",") if piece]
    if not pieces:
        raise _malformed(tag, usage)
    teams: list[tuple[str, list[str]]] = []
    for piece in pieces:
        if _RUN.match(piece) or piece.lower() == "to":
            if not teams:
                raise _malformed(tag, f"'{piece}' comes before any team: write \"NS 17\"")
            teams[-1][1].append(piece)
            continue
        if teams and not teams[-1][1]:
            raise _malformed(tag, f"'{teams[-1][0]} {piece}' is not a team and a number, "
                                  f"like \"NS 17\" (or runs, like \"NS 14-18\")")
        if not NAME_RE.fullmatch(piece):
            raise _malformed(tag, f"'{piece}' is not a team and a number, like \"NS 17\"")
        teams.append((piece, []))
    if not teams[-1][1]:
        raise _malformed(tag, usage)
    singles: list[tuple[str, int]] = []
    sets: list[tuple[str, tuple[int, ...]]] = []
    for team, written in teams:
        values = _values(tag, team, written)
        if len(written) == 1 and _INT.match(written[0]):
            singles.append((team, values[0]))
        else:
            sets.append((team, values))
    return tuple(singles), tuple(sets)


def _values(tag: Tag, team: str, written: list[str]) -> tuple[int, ...]:
    """Every value of a team's runs (``14-18``, ``-3 to -1``, ``29``), sorted."""
    found: set[int] = set()
    index = 0
    while index < len(written):
        piece = written[index]
        joined = index + 2 < len(written) and written[index + 1].lower() == "to"
        if joined:
            low, high = piece, written[index + 2]
            index += 3
        elif piece.lower() == "to":
            raise _malformed(tag, f"'to' in the values of {team} joins two numbers: "
                                  f"\"{team} -3 to -1\"")
        else:
            run = _RUN.match(piece)
            assert run is not None  # _pairs took only numbers and runs
            low, high = run.group(1), run.group(2) or run.group(1)
            index += 1
        if not (_INT.match(low) and _INT.match(high)):
            raise _malformed(tag, f"'{low} to {high}' is not a run of numbers ({team})")
        first, last = _number(tag, low), _number(tag, high)
        if first > last:
            raise _malformed(tag, f"the run {low}-{high} of {team} runs backwards: write the "
                                  f"lower number first")
        if last - first > _LONGEST_RUN:
            raise _malformed(tag, f"the run {low}-{high} of {team} is longer than "
                                  f"{_LONGEST_RUN} values")
        found.update(range(first, last + 1))
    return tuple(sorted(found))


def _number(tag: Tag, text: str) -> int:
    """A number of an Expect tag (ASCII digits), within the digit limit."""
    if too_many_digits(text):
        raise _malformed(tag, digits_message(text))
    return int(text)


def _malformed(tag: Tag, message: str) -> RecordError:
    return located(RecordError("record.expect", f"{message}: {tag_source(tag)}"), tag)
