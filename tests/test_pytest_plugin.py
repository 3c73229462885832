"""The pytest plugin (referee.pytest_plugin), run in pytester's throw-away projects.

The records are the golden inputs of the reporters: legal.ttn and revoke.ttn meet their
Expect tags, turn.ttn does not (its score is wrong on purpose), broken.ttn cannot be read.
"""

from __future__ import annotations

import random
import re
import sys
import tomllib
from pathlib import Path

import pytest

from referee.games import games
from referee.notation.writer import dumps
from referee.pytest_plugin import enabled
from referee.replay.simulate import break_one_action, simulate_records

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "golden" / "records"
PLUGIN = "referee.pytest_plugin"


def record(name: str) -> str:
    return (RECORDS / name).read_text(encoding="utf-8")


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    """A project with the four golden records and one transcript without Expect tags."""
    for name in ("legal", "revoke", "turn", "broken"):
        pytester.makefile(".ttn", **{f"cases/{name}": record(name + ".ttn")})
    # No Expect tag: a plain transcript, not a test, even though it breaks a rule.
    plain = record("turn.ttn").replace('[Expect "illegal" "deal 1" "trick 1" "S" "28.turn"]\n',
                                       "").replace('[Expect "score" "NS -2" "EW 0"]\n', "")
    assert "Expect" not in plain.replace("Expect tag", "")
    pytester.makefile(".ttn", **{"cases/plain": plain})
    return pytester


def test_off_unless_asked_for(project: pytest.Pytester):
    result = project.runpytest("-p", PLUGIN)
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_collects_records_with_expect_tags(project: pytest.Pytester):
    result = project.runpytest("-p", PLUGIN, "--referee", "-v")
    result.assert_outcomes(passed=2, failed=2)
    result.stdout.fnmatch_lines([
        "cases/broken.ttn::read FAILED*",
        "cases/legal.ttn::record at line 2 PASSED*",
        "cases/revoke.ttn::28-19 PASSED*",
        "cases/turn.ttn::record at line 3 FAILED*",
    ])
    assert "plain.ttn" not in result.stdout.str()


def test_a_failure_shows_expectation_findings_and_line(project: pytest.Pytester):
    result = project.runpytest("-p", PLUGIN, "--referee", "cases/turn.ttn")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        'cases/turn.ttn:5: unmet [[]Expect "score" "NS -2" "EW 0"[]] not met: the referee '
        "computed the match score NS -1 EW 0",
        '     5 | [[]Expect "score" "NS -2" "EW 0"[]]',
        "the referee found 2 findings in the record at line 3:",
        "  cases/turn.ttn:14:10: error [[]28.turn[]]: it is W's turn to play, not S's *",
        "  cases/turn.ttn:14:10: note [[]record.not-checked[]]: deal 1 not checked after this *",
        "  cases/turn.ttn:3: twenty-eight (standard), 1 deal: *",
    ])
    # The record's own report, not a Python traceback.
    assert "Traceback" not in result.stdout.str()
    assert "pytest_plugin.py" not in result.stdout.str()


def test_an_unreadable_file_fails_with_its_error(project: pytest.Pytester):
    result = project.runpytest("-p", PLUGIN, "--referee", "cases/broken.ttn")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["cases/broken.ttn:6:7: error [[]ttn.card[]]: '1OS' is not a "
                                 "card*", "  N: JS 1OS", "        ^"])


def test_ini_setting_and_no_referee(project: pytest.Pytester):
    project.makeini("[pytest]\nreferee = true\n")
    project.runpytest("-p", PLUGIN).assert_outcomes(passed=2, failed=2)
    result = project.runpytest("-p", PLUGIN, "--no-referee")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_names_case_labels_and_several_records(pytester: pytest.Pytester):
    legal = record("legal.ttn")
    revoke = record("revoke.ttn")
    # Two records of one file with the same case label, and one without any label.
    pytester.makefile(".ttn", two=revoke + "\n" + revoke + "\n" + legal)
    result = pytester.runpytest("-p", PLUGIN, "--referee", "-v")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(["two.ttn::28-19 PASSED*", "two.ttn::28-19 (line *) PASSED*",
                                 "two.ttn::record at line * PASSED*"])


def test_selecting_one_record_with_k(pytester: pytest.Pytester):
    pytester.makefile(".ttn", two=record("turn.ttn") + "\n" + record("revoke.ttn"))
    result = pytester.runpytest("-p", PLUGIN, "--referee", "-k", "28-19")
    result.assert_outcomes(passed=1, deselected=1)


def test_registered_once_by_entry_point_option_and_conftest(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch):
    """Installed, the entry point registers the plugin; a source checkout's conftest.py and a
    ``-p`` option name the same module: pytest must register it once, not fail."""
    entry = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["entry-points"]["pytest11"]
    assert entry == {PLUGIN: PLUGIN}
    site = pytester.mkdir("site")
    dist = site / "fake_referee-0.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: fake-referee\nVersion: 0.0\n")
    (dist / "entry_points.txt").write_text(
        "[pytest11]\n" + "".join(f"{name} = {value}\n" for name, value in entry.items()))
    monkeypatch.syspath_prepend(str(site))
    pytester.makeconftest(f"""
pytest_plugins = ["{PLUGIN}"]

def pytest_report_header(config):
    plugins = [p for p in config.pluginmanager.get_plugins()
               if getattr(p, "__name__", "") == "{PLUGIN}"]
    return f"referee plugin registered {{len(plugins)}} time(s)"
""")
    pytester.makefile(".ttn", legal=record("legal.ttn"))
    result = pytester.runpytest("-p", PLUGIN, "--referee")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["referee plugin registered 1 time(s)"])
    # Without -p and without the conftest: the entry point alone.
    (pytester.path / "conftest.py").unlink()
    result = pytester.runpytest("--referee")
    result.assert_outcomes(passed=1)


def test_the_project_runs_its_samples_through_the_plugin(request: pytest.FixtureRequest):
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    ini = config["tool"]["pytest"]["ini_options"]
    assert "samples" in ini["testpaths"] and ini["referee"] is True
    assert request.config.pluginmanager.has_plugin(PLUGIN)
    assert request.config.getini("referee") is True
    if request.config.getoption("referee") is not False:
        assert enabled(request.config)
    assert any((ROOT / "samples").rglob("*.ttn"))


def test_the_plugin_is_cheap_to_load():
    """Loaded into every pytest run where referee is installed: it must not import the
    referee (the parser, Lark, the games) until it is switched on."""
    import subprocess

    heavy = ("lark", "referee.notation", "referee.games", "referee.pipeline.checking",
             "referee.replay.replay")
    code = (f"import sys, referee.pytest_plugin; print([m for m in sys.modules "
            f"if m.startswith({heavy!r})])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"


def test_every_registered_game(pytester: pytest.Pytester):
    """A legal simulated record of each game passes as a test; the same record with one
    action per deal made illegal fails, naming the rule that action breaks."""
    def valid(text: str) -> str:
        return text.replace("\n\n", '\n[Expect "valid"]\n\n', 1)

    rules = {}
    for cls in games():
        records = simulate_records(cls.name, 2, 11)
        pytester.makefile(".ttn", **{f"legal-{cls.name}": valid(dumps(records))})
        breaks = break_one_action(records, random.Random(11))
        assert breaks, cls.name
        pytester.makefile(".ttn", **{f"broken-{cls.name}": valid(dumps(records))})
        rules[cls.name] = {b.rule for b in breaks}
    result = pytester.runpytest("-p", PLUGIN, "--referee", "-v")
    verdicts = [found.groups() for line in result.stdout.lines
                if (found := re.match(r"(\S+\.ttn)::.* (PASSED|FAILED) +\[", line))]
    assert {path for path, _ in verdicts} == {
        f"{kind}-{game}.ttn" for game in rules for kind in ("legal", "broken")}
    for path, verdict in verdicts:
        assert verdict == ("PASSED" if path.startswith("legal-") else "FAILED"), (path, verdict)
    output = result.stdout.str()
    for game, broken in rules.items():
        section = output[output.index(f"broken-{game}.ttn:"):]
        assert any(f"error [{rule}]" in section for rule in broken), game
