"""The replay pages in a real browser: headless Chromium driven by Selenium.

One browser for the module. For a sample of every game a whole deal is stepped through by
keyboard, and at each step the page must show what the referee computed (the hands, the
trick in the middle, its winner, the running points) and what the record says happened (the
card played is in the middle and no longer in the hand). A link opens a deal and trick, the
"next finding" key jumps to a finding, and the browser console stays free of errors. A
screenshot per game is kept in ``artifacts/view/`` (``REFEREE_SCREENSHOTS`` to move it).

Skipped, with the reason, only where no browser is installed: ``.ci/run`` installs Debian's
``chromium`` and ``chromium-driver`` and sets ``REFEREE_REQUIRE_BROWSER``, so CI always runs
these tests (a missing browser there is an error).
"""

from __future__ import annotations

import json
import os
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.check import check_file
from referee.simulate import simulate, table_spec
from referee.view.data import page_data
from referee.view.site import write_pages

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
SHOTS = Path(os.environ.get("REFEREE_SCREENSHOTS") or ROOT / "artifacts" / "view")

GAMES = {
    "twenty-eight": "twenty-eight/match-01-standard-club-night.ttn",
    "twenty-nine": "twenty-nine/match-standard-01.ttn",
    "forty": "forty/match-standard-01.ttn",
    "fifty-six": "fifty-six/match-standard-01.ttn",
    "twenty-five": "twenty-five/match-3-players.ttn",
    "avinas": "avinas/match-01-standard.ttn",
    "twenty-two": "twenty-two/game-3-players-draw.ttn",
}
FINDINGS = "twenty-eight/edge-28-19-revoke.ttn"
STOPPED = "twenty-eight/rule-28-not-held.ttn"


def _browser_paths() -> tuple[str, str] | None:
    binary = next(filter(None, map(shutil.which, ("chromium", "chromium-browser",
                                                  "google-chrome"))), None)
    driver = shutil.which("chromedriver")
    return (binary, driver) if binary and driver else None


# .ci/run installs a browser and sets REFEREE_REQUIRE_BROWSER: there, a missing one fails.
REQUIRED = bool(os.environ.get("REFEREE_REQUIRE_BROWSER"))
try:
    import selenium  # noqa: F401
except ImportError:
    if REQUIRED:
        raise
    pytest.skip("selenium is not installed (pip install '.[test]')", allow_module_level=True)
if _browser_paths() is None:
    if REQUIRED:
        raise RuntimeError("REFEREE_REQUIRE_BROWSER is set but chromium or chromedriver is "
                           "not on PATH")
    pytest.skip("no browser: install chromium and chromium-driver (apt-get install chromium "
                "chromium-driver) to run the replay page's browser tests",
                allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

# What the page shows now, read in one round trip: each seat's cards, the trick in the
# middle, the winner marked there, the running points, the position line, findings shown.
SNAPSHOT = """
const seats = {};
document.querySelectorAll('#table .seat').forEach((box) => {
  seats[box.dataset.seat] = [...box.querySelectorAll('.hand .card[data-card]')]
    .map((c) => c.dataset.card);
});
const middle = [...document.querySelectorAll('#table .play')].map((p) =>
  [p.dataset.seat, [...p.querySelectorAll('.card')].map((c) => c.dataset.card)]);
const won = document.querySelector('#table .play.won');
const running = document.querySelector('#table .running');
return JSON.stringify({
  seats: seats, middle: middle, won: won ? won.dataset.seat : null,
  running: running ? running.textContent : null,
  where: document.getElementById('where').textContent,
  position: document.getElementById('position').textContent,
  rules: [...document.querySelectorAll('#status .finding .rule')].map((r) => r.textContent),
  illegal: [...document.querySelectorAll('#table .play.illegal')].map((p) => p.dataset.seat),
  stopped: [...document.querySelectorAll('#status .stopped')].map((r) => r.textContent),
  hash: location.hash,
});
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("view")
    records = tmp_path_factory.mktemp("records")
    for relative in [*GAMES.values(), FINDINGS, STOPPED]:
        target = records / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(SAMPLES / relative, target)
    # a file of several matches (the simulator starts a new one when a match ends)
    (records / "several.ttn").write_text(
        simulate("twenty-five", 6, 2, None, **table_spec("twenty-five", 4, None)),
        encoding="utf-8")
    write_pages([str(records)], str(folder))
    return folder


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    paths = _browser_paths()
    assert paths is not None
    options = Options()
    options.binary_location = paths[0]
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1280,1000"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(paths[1]))
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def page(browser: Any, site: Path) -> Iterator[Any]:
    """Open a page (``page(relative, fragment)``); afterwards the console must hold no
    error."""

    def open_page(relative: str, fragment: str = "") -> dict[str, Any]:
        browser.get((site / relative).with_suffix(".html").as_uri() + fragment)
        return snapshot(browser)

    browser.get_log("browser")  # what earlier tests left
    yield open_page
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == []


def snapshot(browser: Any) -> dict[str, Any]:
    return json.loads(browser.execute_script(SNAPSHOT))


def press(browser: Any, key: str) -> dict[str, Any]:
    """A key pressed on the keyboard (WebDriver's input actions), then what the page shows."""
    ActionChains(browser).send_keys(key).perform()
    return snapshot(browser)


def full_data(relative: str) -> dict[str, Any]:
    return page_data(check_file(SAMPLES / relative))


def first_played_deal(data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    deals = data["matches"][0]["deals"]
    return next((n, d) for n, d in enumerate(deals)
                if sum(bool(s.get("winner")) for s in d["steps"]) >= 3)


@pytest.mark.parametrize("game", list(GAMES))
def test_step_through_a_deal_by_keyboard(page: Any, browser: Any, game: str) -> None:
    relative = GAMES[game]
    data = full_data(relative)
    number, deal = first_played_deal(data)
    shown = page(relative, f"#deal={number + 1}&step=3")
    assert shown["hash"] == f"#deal={number + 1}&step=3"
    shown = press(browser, Keys.HOME)
    assert f"deal {deal['number']} of " in shown["position"]
    assert shown["where"].endswith(deal["steps"][0]["said"])
    screenshot_taken = False
    for n, step in enumerate(deal["steps"]):
        before = shown["seats"]
        if n:
            shown = press(browser, Keys.ARROW_RIGHT)
        assert shown["hash"].endswith(f"&step={n}")
        assert shown["where"].endswith(step["said"])  # the live region says it in words
        # what the referee computed
        assert shown["seats"] == {seat: cards.split() for seat, cards in step["hands"].items()}
        assert shown["middle"] == [[seat, cards] for seat, cards, _ in step["middle"]]
        assert shown["won"] == step.get("winner")
        if step.get("running"):
            for team, points in step["running"].items():
                assert f"{team} {points}" in shown["running"]
        # what the record says happened
        if step["kind"] == "play" and not step.get("findings"):
            seat, cards = shown["middle"][-1] if not step.get("winner") else next(
                (s, c) for s, c in shown["middle"] if s == step["seat"])
            assert seat == step["seat"] and " ".join(cards) == step["text"].split(None, 1)[1]
            # gone from the hand (Fifty-Six's hands may hold a second copy)
            assert Counter(before[seat]) - Counter(shown["seats"][seat]) == Counter(cards)
        if step.get("winner") and not screenshot_taken and step["trick"] >= 2:
            SHOTS.mkdir(parents=True, exist_ok=True)
            browser.save_screenshot(str(SHOTS / f"{game}.png"))
            screenshot_taken = True
    assert screenshot_taken
    assert press(browser, Keys.ARROW_RIGHT)["hash"].endswith(f"&step={len(deal['steps']) - 1}")
    shown = press(browser, Keys.PAGE_DOWN)
    assert shown["hash"] == f"#deal={number + 2}&step=0"
    assert press(browser, Keys.PAGE_UP)["hash"] == f"#deal={number + 1}&step=0"


def test_link_opens_a_deal_and_trick(page: Any, browser: Any) -> None:
    relative = GAMES["twenty-eight"]
    deal = full_data(relative)["matches"][0]["deals"][1]
    (end,) = [n for n, s in enumerate(deal["steps"]) if s["trick"] == 3 and s.get("winner")]
    shown = page(relative, "#deal=2&trick=3")
    assert shown["hash"] == f"#deal=2&step={end}"
    assert f"deal {deal['number']} of " in shown["position"]
    assert shown["where"].startswith("Deal 2 of ") and "Trick 3, card 4: " in shown["where"]
    assert len(shown["middle"]) == 4 and shown["won"] == deal["steps"][end]["winner"]
    (west,) = [n for n, s in enumerate(deal["steps"])
               if s["trick"] == 3 and s["seat"] == "W" and s["kind"] == "play"]
    shown = page(relative, "#deal=2&trick=3&seat=W")
    assert shown["hash"] == f"#deal=2&step={west}"
    assert shown["middle"][-1][0] == "W"  # W's card has just gone to the middle


def test_link_into_a_later_match(page: Any, browser: Any, site: Path) -> None:
    shown = page("several", "#match=2&deal=1&trick=1")
    assert shown["position"].startswith("Match 2 · Twenty-Five, deal 1 of ")
    assert shown["won"] is not None and shown["hash"].startswith("#match=2&deal=1&step=")
    assert press(browser, Keys.PAGE_UP)["position"].startswith("Match 1 · ")


def test_jump_to_a_finding(page: Any, browser: Any) -> None:
    data = full_data(FINDINGS)
    first = next(f for d in data["matches"][0]["deals"] for f in d["findings"]
                 if f["severity"] == "error")
    shown = page(FINDINGS)
    assert shown["hash"] == "#deal=1&step=0" and shown["rules"] == []  # nothing yet
    shown = press(browser, "f")
    assert shown["rules"][0] == first["rule"]
    assert shown["hash"].endswith(f"&step={first['step']}")
    assert shown["illegal"] == [first["seat"]]  # the revoke, marked in the middle
    status = browser.find_element(By.ID, "status").text
    assert first["rule"] in status and "Legal instead:" in status
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SHOTS / "finding.png"))
    # the finding list links to the same step
    browser.find_element(By.CSS_SELECTOR, "#findingList a.jump").click()
    assert snapshot(browser)["hash"].endswith(f"&step={first['step']}")


def test_stopped_replay_is_shown(page: Any, browser: Any) -> None:
    data = full_data(STOPPED)
    deal = data["matches"][0]["deals"][0]
    stop = deal["stoppedAt"]
    shown = page(STOPPED, f"#deal=1&step={stop}")
    assert shown["stopped"] and "Not replayed" in shown["stopped"][0]
    assert deal["unchecked"] in shown["stopped"][0]


def test_index_and_phone_width(page: Any, browser: Any, site: Path) -> None:
    browser.get((site / "index.html").as_uri())
    links = browser.find_elements(By.CSS_SELECTOR, "table.index a")
    assert len(links) == len(GAMES) + 2 + 2  # several.ttn holds two matches: a row each
    (second,) = [link for link in links if link.text == "several.ttn (match 2)"]
    second.click()
    assert snapshot(browser)["position"].startswith("Match 2 · ")
    assert browser.find_elements(By.CSS_SELECTOR, "#table .seat")
    browser.set_window_size(390, 844)
    try:
        page(GAMES["twenty-eight"], "#deal=1&trick=2")
        wide = browser.execute_script(
            "return document.documentElement.scrollWidth > window.innerWidth + 1")
        assert not wide, "the page must not scroll sideways on a phone"
        browser.save_screenshot(str(SHOTS / "phone.png"))
    finally:
        browser.set_window_size(1280, 1000)
