"""A new game added through the steps of docs/architecture.md ("Adding a game") alone.

Toy: two players, the eight cards A K Q J of spades and hearts, four each, no trumps, suit
must be followed, the ace counts 1 and the king 2 (the makers' arbitrary choice). The game is
declared here exactly as the documentation says, registered for the test only, and then
checked, simulated, formatted and asked for its legal moves like any other game.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import referee.games
from referee.games import find_game, games
from referee.notation.parser import iter_items
from referee.pipeline.checking import check_text
from referee.replay.moves import Position, moves_at
from referee.replay.simulate import simulate_records
from referee.rules import registry
from referee.rules.tricks import TrickGame

# Step 1: the game's folder, referee/games/toy/: its rule catalogue, its options and presets,
# and its ruleset (a plain trick game: its state, contract and view are TrickGame's).
TOY_FOLDER = {
    "__init__.py": '"""Toy, a two-player trick game of eight cards."""\n',
    "rulebook.py": '''"""The toy game's rules, by their full ids."""
from referee.rules.base import GenericRules, Rule, generic_rules

GENERIC = GenericRules(
    turn="toy.turn", not_held="toy.not-held", incomplete="toy.incomplete",
    deal_over="toy.deal-over", match_over="toy.match-over",
    trick_number="toy.trick-number", dealer="toy.dealer")
RULES = {**generic_rules(GENERIC), "toy.follow-suit": Rule(
    "toy.follow-suit", "a player follows the suit led if he can")}
''',
    "options.py": '''"""The toy game's options (none) and presets."""
from referee.rules.options import Preset

OPTIONS = ()
STANDARD = Preset("standard", "the toy rules", {})
''',
    # Step 2: the ruleset, its class data (full rule ids) and its registration.
    "ruleset.py": '''"""Toy: the ruleset."""
from referee.games.toy.options import OPTIONS, STANDARD
from referee.games.toy.rulebook import GENERIC, RULES
from referee.rules.registry import register
from referee.rules.tricks import TrickGame


@register
class Toy(TrickGame):
    name = "toy"
    title = "Toy, a two-player trick game of eight cards"
    rule_prefix = "toy"
    aliases = ("t8",)
    default_seats = ("N", "S")
    generic = GENERIC
    follow_suit_rule = "toy.follow-suit"
    rules = RULES
    option_specs = OPTIONS
    presets = {"standard": STANDARD}
    sources = (("pagat.com, card game rules", "https://www.pagat.com/"),)
    cards_text = "the ace, king, queen and jack of spades and hearts"
    pack = ("AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH")
    deal_rounds = (4,)
    rank_order = "AKQJ"
    card_points = {"A": 1, "K": 2}
    target = 6
''',
}


def forget_toy() -> None:
    for name in [name for name in sys.modules if name.startswith("referee.games.toy")]:
        del sys.modules[name]


@pytest.fixture()
def toy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[type[TrickGame]]:
    """The toy game added as the docs say, for the test only: a folder of referee.games (here
    in a temporary folder on the package's path) and its ruleset module in GAME_MODULES; the
    real games, their registry and the list are restored after."""
    games()  # the real games first (imported once, into the real registry)
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    monkeypatch.setattr(registry, "_ALIASES", dict(registry._ALIASES))
    folder = tmp_path / "toy"
    folder.mkdir()
    for name, text in TOY_FOLDER.items():
        (folder / name).write_text(text, encoding="utf-8")
    monkeypatch.setattr(referee.games, "__path__", [*referee.games.__path__, str(tmp_path)])
    # Step 3: the game's ruleset module in the list of games.
    monkeypatch.setattr(referee.games, "GAME_MODULES",
                        (*referee.games.GAME_MODULES, "toy.ruleset"))
    forget_toy()
    yield find_game("toy")
    forget_toy()


LEGAL = """[Game "toy"]
deal 1 dealer N
N: AS QS KH JH
S: KS JS AH QH
1. S KS N AS  2. N KH S AH  3. S JS N QS  4. N JH S QH
result N 3 S 3
"""


def test_the_toy_game_is_found_by_name_and_alias(toy: type[TrickGame]):
    assert find_game("t8") is toy
    assert toy in games()


def test_a_legal_record_of_the_toy_game_is_refereed(toy: type[TrickGame]):
    report = check_text(LEGAL, "toy.ttn")
    assert report.error is None
    match = report.matches[0]
    assert report.findings() == []
    assert match.deals[0].result.points == {"N": 3, "S": 3}
    assert match.score == {"N": 3, "S": 3}


def test_revoke_out_of_turn_and_a_card_not_held_are_findings(toy: type[TrickGame]):
    revoke = LEGAL.replace("3. S JS N QS", "3. S JS N JH").replace("4. N JH", "4. N QS")
    report = check_text(revoke.replace("result N 3 S 3\n", ""), "toy.ttn")
    rules = [finding.rule for finding in report.findings()]
    assert rules == ["toy.follow-suit", "toy.turn"]  # S's jack won trick 3: S leads next
    assert "N holds QS and must follow" in report.findings()[0].message
    assert report.findings()[0].alternatives == ["N QS"]

    not_held = LEGAL.replace("1. S KS N AS", "1. S KS N JS").replace("result N 3 S 3\n", "")
    report = check_text(not_held, "toy.ttn")
    assert [f.rule for f in report.findings()] == ["toy.not-held"]
    assert "N does not hold JS" in report.matches[0].deals[0].unchecked  # stopped there


def test_the_toy_game_is_simulated_and_its_moves_listed(toy: type[TrickGame]):
    from referee.notation.writer import dumps

    records = simulate_records("toy", 3, seed=5)
    report = check_text(dumps(records), "sim.ttn")
    assert report.error is None and report.findings() == []
    assert sum(len(match.deals) for match in report.matches) == 3
    moves = moves_at(iter_items(LEGAL), Position(1, 1, "N"))
    assert [action.cards for action in moves.allowed] == [("AS",), ("QS",)]
    assert {why.rule for _, why in moves.excluded} == {"toy.follow-suit"}


def test_the_real_games_stay_registered_beside_the_toy_game(toy: type[TrickGame]):
    assert {"twenty-eight", "avinas", "toy"} <= {game.name for game in games()}


def test_the_toy_game_is_shown_on_the_replay_page(toy: type[TrickGame]):
    """A ``TrickGame`` declares its ``table_view``: the replay page needs nothing more."""
    from referee import loads
    from referee.view.adapter import replay_record

    steps = replay_record(loads(LEGAL)[0]).deals[0].steps
    dealt = steps[0].moment
    assert dealt.hands == {"N": ["AS", "QS", "KH", "JH"], "S": ["KS", "JS", "AH", "QH"]}
    assert dealt.turn == "S" and dealt.middle == [] and dealt.facts == []
    first = steps[2].moment  # N's ace takes S's king
    assert first.middle == [["S", ["KS"], False], ["N", ["AS"], False]]
    assert (first.winner, first.trick, first.trick_points) == ("N", 1, 3)
    assert first.hands["N"] == ["QS", "KH", "JH"] and first.turn == "N"


def test_the_toy_match_declares_its_next_dealer(toy: type[TrickGame]):
    from referee import loads
    from referee.replay.replay import MatchReplay

    record = loads(LEGAL)[0]
    replay = MatchReplay(record.header)
    replay.replay_deal(record.deals[0])
    assert replay.match.next_dealer == "S"
    assert replay.match.deals == 1


def test_a_toy_with_a_trump_suit_overrides_is_trump_only(toy: type[TrickGame]):
    """``is_trump`` is all a trump suit needs: a heart wins a spade lead, and the highest
    heart wins among hearts."""

    @registry.register
    class TrumpToy(toy):  # type: ignore[valid-type,misc]  # a class made at run time
        name = "toy-trumps"
        aliases = ()

        def is_trump(self, card: str) -> bool:
            return card[1] == "H"

    deal = """deal 1 dealer N
N: AS KS QS AH
S: JS KH QH JH
1. S JS N AS  2. N KS S KH  3. S QH N AH  4. N QS S JH
"""
    # S, void in spades, trumps tricks 2 and 4 with hearts; without trumps N's king wins
    # trick 2, and S's lead to trick 3 is out of turn
    plain = check_text('[Game "toy"]\n' + deal, "toy.ttn")
    assert [(f.rule, f.trick) for f in plain.findings()] == [("toy.turn", 3)]
    report = check_text('[Game "toy-trumps"]\n' + deal, "toy.ttn")
    assert report.error is None and report.findings() == []
    assert report.matches[0].deals[0].result.points == {"N": 2, "S": 4}
    revoke = deal.replace("1. S JS N AS", "1. S JS N AH").replace(  # N holds spades
        "3. S QH N AH", "3. S QH N AS").replace("4. N QS S JH", "4. S JH N QS")
    report = check_text('[Game "toy-trumps"]\n' + revoke, "toy.ttn")
    assert [f.rule for f in report.findings()] == ["toy.follow-suit"]
    assert "N holds AS KS QS and must follow the suit led" in report.findings()[0].message
