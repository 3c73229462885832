"""Looking things up by name: "did you mean", and every id the referee can report.

Rule ids of the games come from the registry (``GAME.rule``); the ids of unreadable input
(``ttn.*`` for the notation, ``record.*`` for a record that cannot be replayed, ``file.*``
for files) are listed here, each with what it means, so that ``referee rule ID`` and the
docs can explain every id a report may show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.model.record import Tag
from referee.model.spelling import suggest as suggest  # re-exported for the callers of lookups
from referee.notation.typos import Vocabulary

INPUT_IDS: dict[str, str] = {
    "ttn.encoding": "the file is not UTF-8 text (or holds NUL bytes)",
    "ttn.empty": "the file holds no record: no tags and no deals",
    "ttn.eof": "the file ends in the middle of something (a tag, a deal line)",
    "ttn.tag": "a malformed tag, or a tag where a deal was expected; tags are written "
               "[Name \"value\" ...] at the start of a record",
    "ttn.string": "a quoted value is not closed",
    "ttn.comment": "a brace comment { ... } is not closed",
    "ttn.deal": "a malformed deal line; write 'deal N dealer SEAT'",
    "ttn.hand": "a malformed hand line; write 'SEAT: card card ... | card ...'",
    "ttn.card": "something that should be a card is not one (rank then suit, e.g. JS, TD, 9H)",
    "ttn.result": "a malformed result line; write 'result NS 16 EW 12'",
    "ttn.keyword": "a word the notation does not know at that place",
    "ttn.unexpected": "a character or word that cannot stand at that place",
    "ttn.control": "a control character outside a comment (a line ends at a line feed or a "
                   "carriage return; other control characters may stand only in comments)",
    "ttn.limit": "a line, a number, a deal or a tag section past its limit (docs/files.md)",
    "record.game": "the record has no Game tag, or names a game the referee does not know",
    "record.preset": "the Rules tag names a preset the game does not have",
    "record.option": "an Option tag names an option the game does not have, or is malformed",
    "record.option-value": "an option is given a value it does not take",
    "record.expect": "a malformed Expect tag (unknown kind, unknown rule id, bad field)",
    "record.seat": "a seat that is not at the table",
    "record.seats": "the Seats tag does not fit the game",
    "record.team": "a team that is not at the table",
    "record.teams": "the Teams tag does not fit the game or the seats",
    "record.dealer": "the deal line names a dealer who is not at the table",
    "record.deal-order": "the hands or the events of a deal are out of order",
    "record.deal-size": "the deal does not hold the game's number of cards",
    "record.hand-missing": "a seat's hand is missing from the deal",
    "record.hand-rounds": "a hand is not split into the game's dealing rounds ('|')",
    "record.hand-size": "a hand holds the wrong number of cards",
    "record.hand-twice": "a seat's hand is written twice in one deal",
    "record.hands": "the game needs every hand line and some are missing",
    "record.card-twice": "the same card is dealt twice",
    "record.card-not-in-pack": "a card that is not in the game's pack",
    "record.action": "an action the game does not have at all (not a rule finding)",
    "record.unseen": "'??' (an unseen card) is not supported by this game yet",
    "record.view": "--as SEAT: a seat that is not at the table, or a game whose records "
                   "cannot be written from one seat yet",
    "record.position": "referee moves: the record has no such position",
    "record.json": "a record in the JSON form is not valid",
    "record.limit": "the JSON form nests too deep or holds a number too long (docs/files.md)",
    "record.unwritable": "referee convert: a JSON record that TTN text cannot say the same "
                         "(a comment holding '}', a seat named like a keyword, ...)",
    "file.not-found": "no such file or folder",
    "file.unreadable": "the file cannot be read (a folder, no permission, ...)",
    "file.write": "the output could not be written; the original file is unchanged",
    "referee.internal": "a bug in the referee; please report it with the file",
}
"""Every id of unreadable input, with what it means."""

RECORD_IDS: dict[str, str] = {
    "record.result-mismatch": "a recorded result line differs from the computed result",
    "record.deal-number": "deals are numbered 1, 2, 3, ... in the order they were played",
    "record.not-checked": "note: the rest of the deal is not checked after an action that "
                          "leaves the deal undefined (a card the seat does not hold, a play "
                          "to a full trick)",
    "record.result-not-compared": "note: the recorded result of a deal that was not checked to "
                                  "its end is not compared",
    "record.score-from-record": "note: an unscored deal's match score is taken from its "
                                "'result score' line, so that later deals are still checked",
    "record.duplicate": "note (an error under --duplicates=error): the same deal (dealer, "
                        "hands and play) appears earlier in the files checked",
    "record.tag": "note: a tag whose name is close to one the referee reads ([Rule ...] for "
                  "[Rules ...]) is kept as written but not read",
    "record.unchecked": "note: checks that could not be made because some cards were not "
                        "seen ('??', a hand left out), once per deal and seat, naming their "
                        "rule ids; the play is legal for some of the unseen cards",
    "record.not-decided": "note: the unseen cards of a deal leave more possibilities than the "
                          "referee examines; what hangs on them is not decided (no finding "
                          "is guessed)",
    "record.inconsistent": "the unseen cards of a deal cannot be placed at all (given the "
                           "pack, the hand sizes and the cards the play shows a seat did not "
                           "hold): that deal is not checked further, the rest of the file is",
}
"""Findings and notes about a record as a whole, whatever its game (exit code 1 for the
errors)."""


BEFORE_PLAY: tuple[str, ...] = (
    "play", "bid", "pass", "double", "redouble", "redeal", "trump", "single", "show", "hold",
    "c-call", "exchange", "rob", "knock", "down",
)
IN_PLAY: tuple[str, ...] = ("play", "call", "pair", "knock", "down", "stop", "claim")
"""The action kinds that may follow a seat before the first card is played, and after it,
in the order a hint lists them (each game keeps those it accepts)."""


def record_vocabulary(tags: list[Tag]) -> Vocabulary | None:
    """The words of the game a record's tags name, for the reader's hints (its seats and its
    actions before and during the play); None if the game is not known."""
    from referee.games import find_game

    game = next((tag for tag in tags if tag.name == "Game"), None)
    if game is None or not game.values:
        return None
    try:
        ruleset = find_game(game.value)
    except KeyError:
        return None
    seats_tag = next((tag for tag in tags if tag.name == "Seats"), None)
    seats = (tuple(word for value in seats_tag.values for word in value.split())
             if seats_tag is not None else ruleset.default_seats or ())
    accepted = ruleset.accepted_actions - _not_allowed(ruleset, tags)
    return Vocabulary(seats, tuple(kind for kind in BEFORE_PLAY if kind in accepted),
                      tuple(kind for kind in IN_PLAY if kind in accepted))


def _not_allowed(game: Any, tags: list[Tag]) -> frozenset[str]:
    """The game's action kinds that the record's options (its preset, its Option tags) do
    not allow (``Ruleset.action_options``); none where the options cannot be read."""
    if not game.action_options:
        return frozenset()
    from referee.games import ruleset_for
    from referee.model.errors import RefereeError
    from referee.model.record import RecordHeader

    try:
        options = ruleset_for(RecordHeader(list(tags))).options
    except RefereeError:
        return frozenset()
    return frozenset(kind for kind, (name, value) in game.action_options.items()
                     if options.get(name) != value)


@dataclass(frozen=True, slots=True)
class RuleEntry:
    """One id the referee may report: the id, the game (or "input"), what it means."""

    id: str
    game: str
    summary: str


def all_rules() -> dict[str, RuleEntry]:
    """Every rule id of every game, then every input id, by id."""
    from referee.games import games

    found: dict[str, RuleEntry] = {}
    for game in games():
        for rule in game.rules.values():
            found.setdefault(rule.id, RuleEntry(rule.id, game.name, rule.summary))
    for code, summary in RECORD_IDS.items():
        found[code] = RuleEntry(code, "record", summary)
    for code, summary in INPUT_IDS.items():
        found[code] = RuleEntry(code, "input", summary)
    return found


def known_rule(rule: str) -> bool:
    """True if ``rule`` is an id the referee reports, or a prefix of ids (``28``, ``ttn``)."""
    ids = all_rules()
    return rule in ids or any(key.startswith(rule + ".") for key in ids)
