"""The replay pages in a real browser: headless Chromium driven by Selenium.

One browser for the module. For a sample of every game a whole deal is stepped through by
keyboard, and at each step the page must show what the referee computed (the hands, the
trick in the middle, its winner, the running points) and what the record says happened (the
card played is in the middle and no longer in the hand). A link opens a deal and trick, the
"next finding" key jumps to a finding, and the browser console stays free of errors. The
page turns (any seat at the bottom), plays itself, speaks (axe-core's WCAG 2 A and AA rules
find no serious violation), shows the whole deal at its end, copies and downloads its record,
prints, fits a phone, and never asks any host for anything. The screenshots (one per game, and
the documentation's) go to a temporary folder (``REFEREE_SCREENSHOTS`` names another);
``REFEREE_DOCS_IMAGES=1`` with ``-k docs_images`` refreshes the documentation's images.

Skipped, with the reason, only where no browser is installed: ``.ci/run`` installs Debian's
``chromium`` and ``chromium-driver`` and sets ``REFEREE_REQUIRE_BROWSER``, so CI always runs
these tests (a missing browser there is an error).
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from referee.model.cards import card_text
from referee.pipeline.checking import check_file
from referee.replay.canonical import canonical_text
from referee.replay.simulate import simulate, table_spec
from referee.view.data import page_data
from referee.view.page import render_page
from referee.view.site import write_pages

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
AXE = ROOT / "tests" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core, pinned in tests/axe/package.json; ``npm ci --prefix tests/axe`` installs it."""

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
FROM_WEST = """[Game "twenty-eight"]
[View "W"]

deal 1 dealer W
W: AD AH KS QC | 9D TS 7D KC
S 15  E pass  N pass  W pass
S trump ??
1. S 9C  E call TD  E QD  N 8C  W QC
2. E 7H  N ??  W AH  S JH
3. S 8D  E KD  N QS  W 9D
"""
"""A deal in progress as W wrote it: the other hands left out, a card of N's not seen."""
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
from selenium.webdriver.support.select import Select  # noqa: E402
from selenium.webdriver.support.wait import WebDriverWait  # noqa: E402

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
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: a temporary folder, or ``REFEREE_SCREENSHOTS``."""
    chosen = os.environ.get("REFEREE_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


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
    # tables of 5, 7 and 9 seats
    for seats in (5, 7, 9):
        (records / f"seats-{seats}.ttn").write_text(
            simulate("twenty-five", 1, 2, None, **table_spec("twenty-five", seats, None)),
            encoding="utf-8")
    write_pages([str(records)], str(folder))
    # a page whose table has a seat at the bottom by default, as a View tag will ask
    data = page_data(check_file(records / GAMES["twenty-eight"]), "west.ttn", bottom="W")
    (folder / "west.html").write_text(render_page(data), encoding="utf-8")
    # pages from one seat: a record with a View tag, and a whole match seen from E (--as)
    (records / "one-seat").mkdir()
    (records / "one-seat" / "from-west.ttn").write_text(FROM_WEST, encoding="utf-8")
    write_pages([str(records / "one-seat" / "from-west.ttn")], str(folder / "from-west.html"))
    write_pages([str(records / GAMES["twenty-eight"])], str(folder / "as-east.html"),
                seat="E")
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
    # self-contained: the page loaded nothing (no style, script, font or image from a host)
    assert browser.execute_script(
        "return performance.getEntriesByType('resource').map((e) => e.name)") == []


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
def test_step_through_a_deal_by_keyboard(page: Any, browser: Any, game: str,
                                         shots: Path) -> None:
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
            browser.save_screenshot(str(shots / f"{game}.png"))
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


def test_jump_to_a_finding(page: Any, browser: Any, shots: Path) -> None:
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
    browser.save_screenshot(str(shots / "finding.png"))
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


# On a phone: how wide the page is, which boxes of the table, the controls and the event
# list pass the screen's edge, which buttons and lists to choose from are lower than 44 px.
PHONE = """
const width = window.innerWidth;
const boxes = [...document.querySelectorAll(
  '#viewer .controls, #viewer .options, #viewer .share, #table, #table .seat, #table .middle,'
  + ' #log, #log li, #auction, #status, #viewer button, #viewer select')];
const seen = boxes.filter((b) => b.getClientRects().length);
const describe = (b) => b.id || b.className || b.tagName;
return JSON.stringify({
  viewport: width, scroll: document.documentElement.scrollWidth,
  outside: seen.filter((b) => { const r = b.getBoundingClientRect();
    return r.left < -0.5 || r.right > width + 0.5; }).map(describe),
  low: [...document.querySelectorAll('#viewer .controls button, #viewer .options button,'
    + ' #viewer .share button, #viewer select, #log button')]
    .filter((b) => b.getBoundingClientRect().height < 44).map(describe),
  seats: document.querySelectorAll('#table .seat').length,
  log: document.querySelectorAll('#log li').length,
  controls: document.querySelectorAll('#viewer .controls button').length,
});
"""


def test_index_and_phone_width(page: Any, browser: Any, site: Path, shots: Path) -> None:
    browser.get((site / "index.html").as_uri())
    links = browser.find_elements(By.CSS_SELECTOR, "table.index a")
    # several.ttn holds two matches (a row each), and three tables of 5, 7 and 9 seats
    assert len(links) == len(GAMES) + 2 + 2 + 3
    (second,) = [link for link in links if link.text == "several.ttn (match 2)"]
    second.click()
    assert snapshot(browser)["position"].startswith("Match 2 · ")
    assert browser.find_elements(By.CSS_SELECTOR, "#table .seat")
    browser.set_window_size(390, 844)
    try:
        for game in ("twenty-eight", "forty"):
            page(GAMES[game], "#deal=1&trick=2")
            fit = json.loads(browser.execute_script(PHONE))
            assert fit["viewport"] <= 390 and fit["scroll"] <= fit["viewport"], \
                "the page must not scroll sideways on a phone"
            assert fit["outside"] == [], "boxes past the screen's edge"
            assert fit["low"] == [], "buttons and lists lower than 44 px"
            assert fit["seats"] and fit["log"] and fit["controls"]
        browser.save_screenshot(str(shots / "phone.png"))
    finally:
        browser.set_window_size(1280, 1000)


# -- the table turned, the keys, autoplay --------------------------------------------------

# Each seat's centre as an angle around the table's centre (degrees, clockwise from the
# bottom, as seen on screen), and the seats' centres' heights.
AROUND = """
const table = document.getElementById('table').getBoundingClientRect();
const cx = table.left + table.width / 2, cy = table.top + table.height / 2;
const out = {};
document.querySelectorAll('#table .seat').forEach((box) => {
  const r = box.getBoundingClientRect();
  const x = r.left + r.width / 2 - cx, y = r.top + r.height / 2 - cy;
  out[box.dataset.seat] = {angle: (Math.atan2(-x, y) * 180 / Math.PI + 360) % 360,
                           y: y, x: x, width: table.width};
});
return JSON.stringify(out);
"""


def seats_around(browser: Any) -> dict[str, dict[str, float]]:
    return json.loads(browser.execute_script(AROUND))


def assert_at_bottom(browser: Any, seat: str, order: list[str]) -> None:
    """``seat`` is the lowest, in the middle; the others follow clockwise in table order."""
    around = seats_around(browser)
    assert max(around, key=lambda s: around[s]["y"]) == seat
    assert abs(around[seat]["x"]) < around[seat]["width"] * 0.05
    start = order.index(seat)
    turned = order[start:] + order[:start]
    assert sorted(around, key=lambda s: around[s]["angle"]) == turned


@pytest.mark.parametrize("relative", [GAMES["twenty-five"], GAMES["twenty-eight"], "seats-5",
                                      GAMES["forty"], "seats-7", "seats-9"])  # 3 to 9 seats
def test_any_seat_at_the_bottom(page: Any, browser: Any, site: Path, relative: str) -> None:
    page(relative)
    seats = browser.execute_script(
        "return JSON.parse(document.getElementById('data').textContent).matches[0].seats")
    for seat in seats:
        shown = page(relative, f"#deal=1&step=2&bottom={seat}")
        assert shown["hash"] == f"#deal=1&step=2&bottom={seat}"
        assert_at_bottom(browser, seat, seats)
    # r turns the table: the next seat in the table's order comes to the bottom
    shown = press(browser, "r")
    assert shown["hash"] == f"#deal=1&step=2&bottom={seats[0]}"
    assert_at_bottom(browser, seats[0], seats)
    assert browser.find_element(By.ID, "bottomPick").get_attribute("value") == seats[0]
    # the link keeps it while stepping; the control sets it
    assert press(browser, Keys.ARROW_RIGHT)["hash"] == f"#deal=1&step=3&bottom={seats[0]}"
    Select(browser.find_element(By.ID, "bottomPick")).select_by_value(seats[1])
    assert snapshot(browser)["hash"].endswith(f"&bottom={seats[1]}")
    assert_at_bottom(browser, seats[1], seats)


def test_default_bottom_seat_and_none(page: Any, browser: Any) -> None:
    seats = ["N", "E", "S", "W"]
    shown = page("west")  # the page's own default (a View tag's seat): W at the bottom
    assert shown["hash"] == "#deal=1&step=0"
    assert_at_bottom(browser, "W", seats)
    page(GAMES["twenty-eight"], "#deal=1&step=0")  # no default: the first seat at the top
    around = seats_around(browser)
    assert min(around, key=lambda s: around[s]["y"]) == "N"
    assert max(around, key=lambda s: around[s]["y"]) == "S"


def test_keys_keep_the_place_and_stay_out_of_controls(page: Any, browser: Any) -> None:
    relative = GAMES["twenty-eight"]
    count = len(full_data(relative)["matches"][0]["deals"])
    assert page(relative, "#deal=1&step=5")["hash"] == "#deal=1&step=5"
    assert press(browser, Keys.PAGE_UP)["hash"] == "#deal=1&step=5"  # no deal before
    page(relative, f"#deal={count}&step=5")
    assert press(browser, Keys.PAGE_DOWN)["hash"] == f"#deal={count}&step=5"
    # a modifier key held, Shift too: the key is not the page's
    ActionChains(browser).key_down(Keys.SHIFT).send_keys(Keys.ARROW_RIGHT).key_up(
        Keys.SHIFT).perform()
    assert snapshot(browser)["hash"] == f"#deal={count}&step=5"
    # focus in a button or a text area: the keys are theirs
    browser.execute_script("document.getElementById('first').focus()")
    assert press(browser, Keys.ARROW_RIGHT)["hash"] == f"#deal={count}&step=5"
    browser.execute_script("const t = document.createElement('textarea'); t.id = 'scratch';"
                           "document.body.appendChild(t); t.focus();")
    assert press(browser, "f")["hash"] == f"#deal={count}&step=5"
    browser.execute_script("document.getElementById('scratch').remove()")
    # the replay region takes the focus (embedded in another page) and the keys work there
    viewer = browser.find_element(By.ID, "viewer")
    assert viewer.get_attribute("tabindex") == "0" and viewer.get_attribute("role") == "region"
    browser.execute_script("arguments[0].focus()", viewer)
    assert press(browser, Keys.ARROW_RIGHT)["hash"] == f"#deal={count}&step=6"
    # a button clicked with the mouse leaves the keys working
    browser.find_element(By.ID, "next").click()
    assert press(browser, Keys.ARROW_RIGHT)["hash"] == f"#deal={count}&step=8"
    # ? lists the keys; while the list is open the keys do not move the replay
    press(browser, "?")
    dialog = browser.find_element(By.ID, "keys")
    assert dialog.get_attribute("open") is not None and "play or pause" in dialog.text
    assert press(browser, Keys.ARROW_RIGHT)["hash"] == f"#deal={count}&step=8"
    press(browser, Keys.ESCAPE)
    assert dialog.get_attribute("open") is None


def wait_until_paused(browser: Any) -> dict[str, Any]:
    WebDriverWait(browser, 10, 0.05).until(
        lambda b: b.find_element(By.ID, "play").text == "Play")
    return snapshot(browser)


def test_autoplay(page: Any, browser: Any) -> None:
    relative = GAMES["twenty-eight"]
    deal = full_data(relative)["matches"][0]["deals"][0]
    last = len(deal["steps"]) - 1
    page(relative, f"#deal=1&step={last - 2}")
    speed = Select(browser.find_element(By.ID, "speed"))
    assert speed.first_selected_option.text == "1 s"  # one second a step by default
    assert [o.text for o in speed.options] == ["0.5 s", "1 s", "2 s"]
    speed.select_by_visible_text("0.5 s")
    browser.execute_script("document.getElementById('viewer').focus()")
    press(browser, " ")  # the space bar plays
    assert browser.find_element(By.ID, "play").text == "Pause"
    assert wait_until_paused(browser)["hash"] == f"#deal=1&step={last}"  # stops at the end
    # from the end, play goes on to the next deal; space pauses it
    shown = press(browser, " ")
    assert shown["hash"].startswith("#deal=2&step=")
    press(browser, " ")
    assert browser.find_element(By.ID, "play").text == "Play"
    # it stops at an error finding, and plays on from there
    data = full_data(FINDINGS)
    first = next(f for d in data["matches"][0]["deals"] for f in d["findings"]
                 if f["severity"] == "error")
    page(FINDINGS, f"#deal=1&step={first['step'] - 2}")
    Select(browser.find_element(By.ID, "speed")).select_by_visible_text("0.5 s")
    browser.find_element(By.ID, "play").click()
    shown = wait_until_paused(browser)
    assert shown["hash"] == f"#deal=1&step={first['step']}" and shown["rules"]
    browser.find_element(By.ID, "play").click()
    WebDriverWait(browser, 10, 0.05).until(
        lambda b: snapshot(b)["hash"] == f"#deal=1&step={first['step'] + 1}")
    press(browser, " ")
    assert browser.find_element(By.ID, "play").text == "Play"


# -- a page that speaks, the whole deal, copy, print ----------------------------------------

AXE_RUN = """
const done = arguments[arguments.length - 1];
// label-content-name-mismatch is one of axe's experimental rules: asked for by name
axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']},
                   rules: {'label-content-name-mismatch': {enabled: true}}})
  .then((r) => done(JSON.stringify(r.violations.map((v) => ({
    id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' '))})))))
  .catch((e) => done(JSON.stringify([{id: 'axe failed', impact: 'critical', nodes: [String(e)]}])));
"""


def axe_violations(browser: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations of the WCAG 2 A and AA rules on the page
    as it is now."""
    if not AXE.is_file():
        if REQUIRED:
            raise AssertionError(f"{AXE} is missing: npm ci --prefix tests/axe")
        pytest.skip("axe-core is not installed: npm ci --prefix tests/axe")
    browser.execute_script(AXE.read_text(encoding="utf-8"))
    found = json.loads(browser.execute_async_script(AXE_RUN))
    return [v for v in found if v["impact"] in ("serious", "critical")]


def test_the_page_speaks_and_passes_axe(page: Any, browser: Any) -> None:
    relative = GAMES["twenty-eight"]
    browser.set_script_timeout(30)
    deal = full_data(relative)["matches"][0]["deals"][1]
    steps = deal["steps"]
    count = len(full_data(relative)["matches"][0]["deals"])
    for n in (0, len(steps) // 2, len(steps) - 1):  # start, middle and end of a deal
        shown = page(relative, f"#deal=2&step={n}")
        # the first step of a deal shown names the deal; a link within it only the step
        said = (f"Deal 2 of {count}. " if n == 0 else "") + steps[n]["said"]
        assert shown["where"] == said
        viewer = browser.find_element(By.ID, "viewer")
        assert viewer.get_attribute("aria-label") == deal["summary"]
        assert axe_violations(browser) == [], n
    # a play in words, and its trick's winner with the points
    (end,) = [n for n, s in enumerate(steps) if s["trick"] == 3 and s.get("winner")]
    page(relative, f"#deal=2&step={end - 1}")
    shown = press(browser, Keys.ARROW_RIGHT)
    assert re.fullmatch(r"Trick 3, card 4: (North|East|South|West) plays the \w+ of \w+; "
                        r"(North|East|South|West) wins the trick, \d+ points?\.",
                        shown["where"]), shown["where"]
    assert "points" in deal["summary"] and deal["result"]["outcome"] in deal["summary"]
    # a finding and the list of keys pass too
    data = full_data(FINDINGS)
    first = next(f for d in data["matches"][0]["deals"] for f in d["findings"]
                 if f["severity"] == "error")
    page(FINDINGS, f"#deal=1&step={first['step']}")
    assert axe_violations(browser) == []
    press(browser, "?")
    assert axe_violations(browser) == []
    press(browser, Keys.ESCAPE)
    # Avinas's score sheet is wider than the page: it scrolls, and takes the focus to
    page(GAMES["avinas"], "#deal=1&step=0")
    assert axe_violations(browser) == []


def test_event_list_counts_tricks_and_cards(page: Any, browser: Any) -> None:
    page(GAMES["twenty-eight"], "#deal=1&step=0")
    entries = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#log li")]
    assert entries[0] == "Deal 1 as dealt"
    plays = [e for e in entries if e.startswith("Trick ")]
    assert plays[0].startswith("Trick 1, card 1 · ") and plays[5].startswith("Trick 2, card 2 · ")
    assert browser.execute_script(
        "return getComputedStyle(document.getElementById('log')).listStyleType") == "none"


def test_the_whole_deal_at_the_end(page: Any, browser: Any) -> None:
    relative = GAMES["twenty-eight"]
    deal = full_data(relative)["matches"][0]["deals"][0]
    (down,) = deal["faceDown"]
    assert page(relative, "#deal=1&step=5") and not browser.find_elements(
        By.CSS_SELECTOR, "#whole .diagram")
    press(browser, Keys.END)
    whole = browser.find_element(By.CSS_SELECTOR, "#whole .diagram")
    assert whole.text.startswith("The whole deal: Deal 1 as dealt")
    for row in whole.find_elements(By.CSS_SELECTOR, "tr"):
        seat = row.find_element(By.CSS_SELECTOR, "th").text.split()[0]
        lines = row.find_elements(By.CSS_SELECTOR, ".suitline")
        shown = sorted(rank + line.find_element(By.CSS_SELECTOR, ".pip").text
                       for line in lines for rank in line.text.split()[1:])
        dealt = sorted(card_text(c) for c in deal["steps"][0]["hands"][seat].split())
        assert shown == dealt, seat
    said = whole.text
    assert f"laid {card_text(down['cards'][0])} face down at step {down['laid']}" in said
    assert f"back in the hand at step {down['back']}" in said
    points = ", ".join(f"{t} {v}" for t, v in deal["result"]["points"].items())
    assert f"Points taken: {points}" in said and deal["result"]["outcome"] in said


def test_copy_and_download_the_record(page: Any, browser: Any) -> None:
    relative = GAMES["twenty-eight"]
    record = canonical_text((SAMPLES / relative).read_text(encoding="utf-8"), relative)
    page(relative, "#deal=2&step=7")
    browser.execute_cdp_cmd("Browser.grantPermissions", {
        "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    read = ("const done = arguments[arguments.length - 1];"
            "navigator.clipboard.readText().then(done, (e) => done('failed: ' + e));")
    browser.find_element(By.ID, "copyRecord").click()
    WebDriverWait(browser, 5).until(
        lambda b: b.find_element(By.ID, "shareStatus").text == "Record copied")
    assert browser.execute_async_script(read) == record
    browser.find_element(By.ID, "copyLink").click()
    WebDriverWait(browser, 5).until(
        lambda b: b.find_element(By.ID, "shareStatus").text == "Link copied")
    link = browser.execute_async_script(read)
    assert link == browser.current_url and link.endswith("#deal=2&step=7")
    download = browser.find_element(By.ID, "download")
    assert download.get_attribute("download") == Path(relative).name
    href = download.get_attribute("href")
    assert href.startswith("data:text/plain;charset=utf-8,")
    assert unquote(href.split(",", 1)[1]) == record


def test_print_gives_score_sheets_and_deal_diagrams(page: Any, browser: Any) -> None:
    relative = GAMES["twenty-eight"]
    deals = full_data(relative)["matches"][0]["deals"]
    page(relative, "#deal=1&step=3")
    shown = """return JSON.stringify({
      viewer: getComputedStyle(document.getElementById('viewer')).display,
      sheet: document.querySelector('.sheet').getBoundingClientRect().height,
      diagrams: [...document.querySelectorAll('.diagrams .diagram')].filter(
        (d) => d.getBoundingClientRect().height > 0).length});"""
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        paper = json.loads(browser.execute_script(shown))
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert paper == {"viewer": "none", "sheet": paper["sheet"], "diagrams": len(deals)}
    assert paper["sheet"] > 100
    assert json.loads(browser.execute_script(shown))["viewer"] != "none"  # the screen


def test_without_javascript(page: Any, browser: Any) -> None:
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        page(GAMES["twenty-eight"])
        notice = browser.find_element(By.CSS_SELECTOR, "noscript + *, .noscript")
        assert "needs JavaScript" in notice.text
        assert browser.find_element(By.CSS_SELECTOR, ".sheet").is_displayed()
        assert not browser.find_element(By.ID, "viewer").is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


# -- the documentation's images -------------------------------------------------------------

CLIP = """
const top = document.querySelector(arguments[0]).getBoundingClientRect();
const bottom = document.querySelector(arguments[1]).getBoundingClientRect();
return JSON.stringify({x: 0, y: top.top + window.scrollY - 6,
  width: document.documentElement.clientWidth, height: bottom.bottom - top.top + 12, scale: 1});
"""
TOUR_SAMPLE = SAMPLES / "twenty-eight" / "readme-notation-tour.ttn"


def test_docs_images(browser: Any, tmp_path: Path, shots: Path) -> None:
    """The images of README.md and docs/viewing.md, from the README's sample: a trick won,
    with the controls (``REFEREE_DOCS_IMAGES=1`` writes them into docs/), and the whole deal
    at the end."""
    folder = ROOT / "docs" if os.environ.get("REFEREE_DOCS_IMAGES") else shots
    write_pages([str(TOUR_SAMPLE)], str(tmp_path / "tour.html"))
    steps = full_data(TOUR_SAMPLE.relative_to(SAMPLES).as_posix())["matches"][0]["deals"][0][
        "steps"]
    (won,) = [n for n, s in enumerate(steps) if s["trick"] == 2 and s.get("winner")]
    browser.set_window_size(1000, 1000)
    try:
        for name, fragment, top, bottom in (
                ("view-twenty-eight.png", f"#deal=1&step={won}&bottom=S", ".controls", ".board"),
                ("view-whole-deal.png", f"#deal=1&step={len(steps) - 1}", ".board", "#whole")):
            browser.get((tmp_path / "tour.html").as_uri() + fragment)
            clip = json.loads(browser.execute_script(CLIP, top, bottom))
            shot = browser.execute_cdp_cmd("Page.captureScreenshot", {
                "format": "png", "clip": clip, "captureBeyondViewport": True})
            image = base64.b64decode(shot["data"])
            assert image.startswith(b"\x89PNG") and len(image) < 150_000, name
            (folder / name).write_bytes(image)
    finally:
        browser.set_window_size(1280, 1000)


# -- a page from one seat --------------------------------------------------------------------

BACKS = """
const backs = {};
document.querySelectorAll('#table .seat').forEach((box) => {
  backs[box.dataset.seat] = {
    backs: box.querySelectorAll('.hand .card.back.unseen').length,
    count: (box.querySelector('.hand .count') || {}).textContent || null,
    label: box.querySelector('.hand').getAttribute('aria-label'),
    marks: [...box.querySelectorAll('.mark')].map((m) => m.textContent),
  };
});
const middle = [...document.querySelectorAll('#table .play')].map((p) =>
  [p.dataset.seat, [...p.querySelectorAll('.card')].map((c) =>
    c.dataset.card || c.getAttribute('aria-label'))]);
return JSON.stringify({
  backs: backs, middle: middle,
  notes: [...document.querySelectorAll('#status .finding.note .message')].map((m) => m.textContent),
  under: [...document.querySelectorAll('#notes li')].map((m) => m.textContent),
  result: (document.querySelector('#status .dealresult') || {}).textContent || null,
  running: (document.querySelector('#table .running') || {}).textContent || null,
});
"""


def one_seat(browser: Any) -> dict[str, Any]:
    return json.loads(browser.execute_script(BACKS))


def test_a_page_from_one_seat(page: Any, browser: Any, site: Path, shots: Path) -> None:
    browser.set_script_timeout(30)
    data = json.loads(re.search(
        r'id="data">(.*?)</script>', (site / "from-west.html").read_text(encoding="utf-8"),
        re.S).group(1).replace("<\\/", "</"))
    (deal,) = data["matches"][0]["deals"]
    steps = deal["steps"]
    shown = page("from-west")  # the View tag's seat at the bottom, the others as backs
    assert shown["hash"] == "#deal=1&step=0"
    assert_at_bottom(browser, "W", ["N", "E", "S", "W"])
    seen = one_seat(browser)
    assert shown["seats"]["W"] == steps[0]["hands"]["W"].split()
    for seat in "NES":
        assert shown["seats"][seat] == []  # not one card shown face up
        assert seen["backs"][seat]["backs"] == 8 and seen["backs"][seat]["count"] == "8 not seen"
        assert seen["backs"][seat]["label"] == f"{seat}'s hand, 8 cards not seen"
        assert "hand not seen" in seen["backs"][seat]["marks"]
    assert "seen from here" in seen["backs"]["W"]["marks"]
    assert axe_violations(browser) == []
    # by keyboard to N's card not seen: a back in the middle, one back less in his hand,
    # and the note of the check it left open, at that play
    (unseen,) = [n for n, s in enumerate(steps) if s["text"] == "N ??"]
    for _ in range(unseen):
        shown = press(browser, Keys.ARROW_RIGHT)
    assert shown["hash"] == f"#deal=1&step={unseen}"
    assert shown["where"] == "Trick 2, card 2: North plays an unseen card."
    seen = one_seat(browser)
    assert seen["middle"][-1] == ["N", ["an unseen card"]]
    assert seen["backs"]["N"]["backs"] == 6
    assert seen["notes"] == [steps[unseen]["notes"][0]["message"]]
    assert any("N: could not check 28.thrown-in" in line for line in seen["under"])
    browser.save_screenshot(str(shots / "one-seat.png"))
    assert axe_violations(browser) == []
    # the step before: that note has not arisen yet
    press(browser, Keys.ARROW_LEFT)
    assert not any("trick 2" in line for line in one_seat(browser)["under"])
    # the end: the trick's points leave the card not seen out, the deal's points are a set
    press(browser, Keys.END)
    seen = one_seat(browser)
    assert "NS 4-7" in seen["result"]
    assert axe_violations(browser) == []
    # the bottom-seat control still turns the table
    press(browser, "r")
    assert_at_bottom(browser, "N", ["N", "E", "S", "W"])
    whole = browser.find_element(By.CSS_SELECTOR, "#whole .diagram").text
    assert "cards not seen" in whole


def test_a_whole_match_seen_from_one_seat(page: Any, browser: Any) -> None:
    full = full_data(GAMES["twenty-eight"])["matches"][0]["deals"][0]
    shown = page("as-east", "#deal=1&step=0")
    assert_at_bottom(browser, "E", ["N", "E", "S", "W"])
    assert shown["seats"]["E"] == full["steps"][0]["hands"]["E"].split()
    seen = one_seat(browser)
    for seat in "NSW":
        assert shown["seats"][seat] == []
        assert seen["backs"][seat]["backs"] == len(full["steps"][0]["hands"][seat].split())
    # a trick later: every card played is shown in the middle, and left its seat's backs
    (end,) = [n for n, s in enumerate(full["steps"]) if s["trick"] == 1 and s.get("winner")]
    shown = page("as-east", f"#deal=1&step={end}")
    assert shown["middle"] == [[seat, cards] for seat, cards, _ in full["steps"][end]["middle"]]
    seen = one_seat(browser)
    for seat in "NSW":
        # as many backs as he holds (a card laid face down is the trump's own back)
        assert seen["backs"][seat]["backs"] == len(full["steps"][end]["hands"][seat].split())
    assert axe_violations(browser) == []
