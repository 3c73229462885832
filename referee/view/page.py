"""The replay page and the index page: one self-contained HTML file each.

The page's style and script are package files (``referee/view/assets``) written inline, and the
page's data (``referee.view.data``) is embedded as JSON, so a page opens from disk with no
network access. What does not change while stepping (the score sheet, the score chart, an
unreadable file's error) is written here as HTML; the script draws the table for each step.
"""

from __future__ import annotations

import json
from enum import Enum
from functools import cache
from html import escape
from importlib.resources import files
from typing import Any

from referee.model.cards import card_text
from referee.view.words import SUIT_NAMES, result_outcome, seat_name, value_words

DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4")
"""Line styles of the score chart's teams: told apart without colour."""
MARKERS = ("circle", "square", "diamond", "triangle", "circle", "square")


@cache
def asset(name: str) -> str:
    """The text of a file in ``referee/view/assets`` (the page's style and script)."""
    return files("referee.view").joinpath("assets", name).read_text(encoding="utf-8")


def embed_json(data: Any) -> str:
    """JSON that is safe inside a ``<script>`` element (no ``</`` can end it early)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=_plain)
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def packed(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as embedded: a step gives only the hands that changed and its facts only when
    they changed (the page's script carries the rest forward); a 20-deal match of six hands
    stays well under a megabyte."""
    matches = []
    for match in data["matches"]:
        deals = []
        for deal in match["deals"]:
            steps: list[dict[str, Any]] = []
            hands: dict[str, Any] = {}
            facts = None
            for step in deal["steps"]:
                small = dict(step)
                small["hands"] = {seat: cards for seat, cards in step["hands"].items()
                                  if hands.get(seat) != cards}
                hands = step["hands"]
                if step["facts"] == facts:
                    del small["facts"]
                facts = step["facts"]
                steps.append(small)
            deals.append({**deal, "steps": steps})
        matches.append({**match, "deals": deals})
    return {**data, "matches": matches}


def _plain(value: Any) -> Any:
    """What a game may keep in a deal result beyond JSON's types (a set, an enum)."""
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=str)
    return value.value if isinstance(value, Enum) else str(value)


def _shell(title: str, body: str, script: str = "") -> str:
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        # No network: the page may only use what it carries (and data: images).
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
        f"<title>{escape(title)}</title>\n<style>\n{asset('view.css')}</style>\n</head>\n"
        f"<body>\n{body}\n{script}</body>\n</html>\n"
    )


def render_page(data: dict[str, Any], index_href: str | None = None,
                name: str | None = None) -> str:
    """The replay page of one file (``data`` from ``referee.view.data.page_data``), titled
    ``name`` (by default the file's path)."""
    name = name or data["file"]
    matches = data["matches"]
    games = ", ".join(dict.fromkeys(m["title"] for m in matches)) or "unreadable record"
    views = list(dict.fromkeys(m["view"] for m in matches if m.get("view")))
    if views:  # a record written from one seat: the page shows only what that seat saw
        games += ", seen from " + " and ".join(views)
    back = (f'<a class="back" href="{escape(index_href)}">All records</a> '
            if index_href else "")
    parts = [
        f'<header class="top">{back}<h1>{escape(name)}</h1>'
        f'<p class="sub">{escape(games)}</p></header>',
        '<main id="main">',
    ]
    if "error" in data:
        parts.append(_error_html(data["error"], name))
    if matches:
        parts.append(_viewer_html())
        for number, match in enumerate(matches, 1):
            parts.append(_match_html(match, number, len(matches), number - 1))
    parts.append("</main>")
    if matches:  # the score sheet above is plain HTML; the replay needs the script
        parts.insert(1, '<noscript><p class="noscript">The replay of each deal needs '
                        "JavaScript; without it this page shows each match's result, score "
                        "sheet and deals as dealt.</p></noscript>")
    script = (
        f'<script type="application/json" id="data">{embed_json(packed(data))}</script>\n'
        f"<script>\n{asset('view.js')}</script>\n"
        if matches else ""
    )
    return _shell(f"{name} - referee", "\n".join(parts), script)


def _error_html(error: dict[str, Any], name: str) -> str:
    where = name + (f":{error['line']}" if error.get("line") else "")
    if error.get("column"):
        where += f":{error['column']}"
    return (f'<section class="error" role="alert"><h2>This record cannot be read</h2>'
            f"<p><code>{escape(where)}</code>: {escape(error.get('message') or '')} "
            f"<span class=\"rule\">[{escape(error.get('code') or 'error')}]</span></p>"
            "</section>")


CONTROLS = (
    # id, keys, arrow before, name, arrow after, title. The name is what the button shows
    # and says (the arrows are hidden from screen readers); Latin-1 arrows: every font has
    # them, where media-control symbols are often missing.
    ("first", "Home", "«", "Start", "", "The deal as dealt"),
    ("prev", "ArrowLeft", "‹", "Back", "", "The previous step"),
    ("play", "Space", "", "Play", "", "Play the deal step by step; again to pause"),
    ("next", "ArrowRight", "", "Next", "›", "The next step"),
    ("last", "End", "", "End", "»", "The end of the deal"),
    ("prevDeal", "PageUp", "«", "Previous deal", "", "The previous deal"),
    ("nextDeal", "PageDown", "", "Next deal", "»", "The next deal"),
    ("nextFinding", "F", "", "Next finding", "", "The next step with a finding"),
)
"""The replay's buttons; ``view.js`` binds each id to its action."""

KEYS = (
    ("→", "the next step"), ("←", "the previous step"), ("Home", "the deal as dealt"),
    ("End", "the end of the deal"), ("Page Down", "the next deal"),
    ("Page Up", "the previous deal"), ("F", "the next step with a finding"),
    ("Space", "play or pause"), ("R", "turn the table: the next seat at the bottom"),
    ("?", "this list of keys"),
)
"""The keys the page answers, as its list of keys (``?``) shows them."""

SPEEDS = ((0.5, "0.5 s"), (1, "1 s"), (2, "2 s"))
"""Autoplay's time per step, in seconds; one second by default."""


def _button(key: str, keys: str, before: str, name: str, after: str, title: str) -> str:
    def arrow(text: str) -> str:
        return f'<span aria-hidden="true">{text}</span>' if text else ""

    inner = " ".join(filter(None, (arrow(before), name, arrow(after))))
    return (f'<button type="button" id="{key}" aria-keyshortcuts="{keys}" '
            f'title="{escape(title)} ({keys})">{inner}</button>')


def _viewer_html() -> str:
    """The replay area: controls, the table, the auction, the log. The script fills it;
    without a script it stays hidden (the ``noscript`` line says why)."""
    controls = "".join(_button(*control) for control in CONTROLS)
    speeds = "".join(f'<option value="{value}"{" selected" if value == 1 else ""}>{text}'
                     "</option>" for value, text in SPEEDS)
    keys = "".join(f"<tr><th scope=\"row\"><kbd>{escape(key)}</kbd></th><td>{escape(what)}"
                   "</td></tr>" for key, what in KEYS)
    return (
        # a focusable region: the keys work when the page is embedded in another
        '<section id="viewer" role="region" tabindex="0" aria-label="Replay" hidden>'
        f'<nav class="controls" aria-label="Replay controls">{controls}</nav>'
        '<div class="options">'
        '<label class="pick">Deal <select id="dealPick"></select></label>'
        f'<label class="pick">Speed <select id="speed">{speeds}</select></label>'
        '<label class="pick">Bottom seat <select id="bottomPick"></select></label>'
        '<button type="button" id="keysButton" aria-keyshortcuts="?" '
        'aria-haspopup="dialog">Keys ?</button></div>'
        '<p id="position" class="position"></p>'
        '<p id="where" class="where" aria-live="polite"></p>'
        '<div class="board"><div id="table" class="table" role="group" '
        'aria-label="The table"></div>'
        '<aside class="side" aria-label="The deal"><div id="status" class="status"></div>'
        '<div id="auction" class="auction"></div></aside></div>'
        '<div id="whole" class="whole"></div>'
        '<div id="notes" class="notes"></div>'
        '<div class="lower"><section aria-labelledby="eventsTitle">'
        '<h2 id="eventsTitle">Events</h2><ol id="log" class="log"></ol></section>'
        '<section aria-labelledby="findingsTitle"><h2 id="findingsTitle">Findings</h2>'
        '<ul id="findingList" class="findings"></ul></section></div>'
        '<div class="share"><button type="button" id="copyRecord">Copy record</button>'
        '<button type="button" id="copyLink">Copy link</button>'
        '<a id="download" class="download" href="#">Download .ttn</a>'
        '<span id="shareStatus" class="share-status" role="status"></span></div>'
        '<dialog id="keys" aria-labelledby="keysTitle"><h2 id="keysTitle">Keys</h2>'
        '<p>The keys act when the focus is not in a button or a list to choose from.</p>'
        f'<table class="keylist"><tbody>{keys}</tbody></table>'
        '<form method="dialog"><button type="submit">Close</button></form></dialog>'
        "</section>"
    )


def _match_html(match: dict[str, Any], number: int, count: int, index: int) -> str:
    title = match["title"] + (f" ({match['preset']})" if match.get("preset") else "")
    heading = f"Match {number} of {count}: {title}" if count > 1 else f"The match: {title}"
    result = match["result"] or "no result"
    if not match["finished"]:
        result += " (the match is not over)"
    event = f"<p>{escape(match['event'])}</p>" if match.get("event") else ""
    return (
        f'<section class="match" aria-label="{escape(heading)}"><h2>{escape(heading)}</h2>'
        f"{event}<p class=\"result\">Result: <strong>{escape(result)}</strong>; "
        f"{match['findings']} finding{'' if match['findings'] == 1 else 's'}</p>"
        f"{score_chart(match['course'], match.get('teamLabels'))}"
        f'<details open><summary>Score sheet</summary><pre class="sheet" tabindex="0">'
        f"{escape(match['sheet'])}</pre></details>"
        f'<section class="diagrams" aria-label="Every deal of the match as dealt">'
        f"<h3>Every deal as dealt</h3>"
        + "".join(deal_diagram(match, deal, index, d) for d, deal in enumerate(match["deals"]))
        + "</section></section>"
    )


SUIT_ORDER = "SHDC"


def _hand_html(cards: list[str]) -> str:
    """A hand as deal diagrams print it, a suit per line (``♠ A 10 7``); the suit is said
    by name (a screen reader may skip the symbol), the ranks as written."""
    lines = []
    for suit in SUIT_ORDER:
        ranks = [card_text(c)[:-1] for c in cards if c[1:2] == suit]
        if ranks:
            lines.append(f'<span class="suitline suit-{suit}"><span class="pip" role="img" '
                         f'aria-label="{SUIT_NAMES[suit]}">{card_text("A" + suit)[-1]}'
                         f"</span> {' '.join(ranks)}</span>")
    return "".join(lines) or "no cards"


def _dealt_html(deal: dict[str, Any], steps: list[dict[str, Any]], seat: str) -> str:
    """A seat's hand as dealt; a seat a record from one seat does not show: the cards the
    record shows he was dealt (his seen plays), and how many it never shows."""
    seen = (deal.get("seenDealt") or {}).get(seat)
    if seen is None:
        return _hand_html(steps[0]["hands"].get(seat, "").split())
    unseen = seen["unseen"]
    rest = f'<span class="unseen">{unseen} card{"" if unseen == 1 else "s"} not seen</span>'
    if not seen["cards"]:
        return rest
    return _hand_html(seen["cards"]) + (rest if unseen else "")


def deal_diagram(match: dict[str, Any], deal: dict[str, Any], m: int, d: int) -> str:
    """The whole deal, for the end of its replay and for paper: every hand as dealt, the
    card laid face down and when it was back in the hand, each side's points and the
    contract's outcome. The page's script shows it after the deal's last step."""
    steps = deal["steps"]
    team = {seat: (match.get("teamLabels") or {}).get(t, t)
            for seat, t in match["teamOf"].items()}
    several = len(match["teams"]) < len(match["seats"])
    rows = "".join(
        f'<tr><th scope="row">{escape(seat)}'
        + (f' <span class="teamname">{escape(team[seat])}</span>' if several else "")
        + "</th><td>" + _dealt_html(deal, steps, seat) + "</td></tr>"
        for seat in match["seats"])
    lines = []
    for down in deal.get("faceDown", []):
        cards = ", ".join(card_text(c) for c in down["cards"]) or "a card"
        laid, back = down["laid"], down["back"]
        line = (f"{seat_name(down['seat'])} laid {cards} face down at step {laid} "
                f"({steps[laid]['text']})")
        line += (f"; back in the hand at step {back} ({steps[back]['text']})"
                 if back is not None else "; never shown")
        lines.append(f"<p>{escape(line)}.</p>")
    result = deal.get("result")
    if result:
        lines.append(f"<p><strong>{escape(result_outcome(result, 'scored'))}</strong></p>")
        for label, key in (("Points taken", "points"), ("Game points", "game_points")):
            values = result.get(key) or {}
            if values:
                said = ", ".join(f"{(match.get('teamLabels') or {}).get(t, t)} "
                                 f"{value_words(v)}" for t, v in values.items())
                lines.append(f"<p>{label}: {escape(said)}</p>")
    else:
        lines.append("<p>Not scored.</p>")
    dealer = f", dealer {escape(deal['dealer'])}" if deal.get("dealer") else ""
    return (f'<section class="diagram" id="dealt-{m}-{d}" aria-label="Deal '
            f'{deal["number"]} as dealt"><h4>Deal {deal["number"]} as dealt{dealer}</h4>'
            f'<table class="dealt"><tbody>{rows}</tbody></table>{"".join(lines)}</section>')


def score_chart(course: dict[str, list[int]], labels: dict[str, str] | None = None,
                width: int = 480, height: int = 180) -> str:
    """The running score per team after each deal, as an inline SVG line chart; each team's
    line has its own dash pattern and end label, so it reads without colour. ``labels``
    spells the teams as the messages do (``P1-P3-P5``)."""
    teams = list(course)
    name = {team: (labels or {}).get(team, team) for team in teams}
    if not teams or len(course[teams[0]]) < 2:
        return ""
    points = len(course[teams[0]])
    values = [v for series in course.values() for v in series]
    low, high = min(0, *values), max(0, *values)
    span = (high - low) or 1
    left, right, top, bottom = 36, 56, 12, 26
    inner_w, inner_h = width - left - right, height - top - bottom

    def x(i: int) -> float:
        return left + inner_w * i / (points - 1)

    def y(v: int) -> float:
        return top + inner_h * (high - v) / span

    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="Running score after each deal: '
        + escape("; ".join(f"{name[t]} {course[t][-1]}" for t in teams)) + '">',
        f'<line class="axis" x1="{left}" y1="{y(0):.1f}" x2="{width - right}" '
        f'y2="{y(0):.1f}"/>',
        f'<text x="{left - 4}" y="{y(high) + 4:.1f}" text-anchor="end">{high}</text>',
        f'<text x="{left - 4}" y="{y(low) + 4:.1f}" text-anchor="end">{low}</text>',
        f'<text x="{left}" y="{height - 6}">deal 0</text>',
        f'<text x="{width - right}" y="{height - 6}" text-anchor="end">deal {points - 1}</text>',
    ]
    for n, team in enumerate(teams):
        series = course[team]
        path = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(series))
        dash = DASHES[n % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline class="series s{n % 6}" points="{path}"{dash_attr}/>')
        parts.extend(
            f'<circle class="dot s{n % 6}" cx="{x(i):.1f}" cy="{y(v):.1f}" r="2.5">'
            f"<title>{escape(name[team])} {v} after deal {i}</title></circle>"
            for i, v in enumerate(series) if i)
        parts.append(f'<text class="label s{n % 6}" x="{x(points - 1) + 4:.1f}" '
                     f'y="{y(series[-1]) + 4 + 11 * _nudge(series[-1], n, course):.1f}">'
                     f"{escape(name[team])} {series[-1]}</text>")
    parts.append("</svg>")
    return "".join(parts)


def _nudge(value: int, n: int, course: dict[str, list[int]]) -> int:
    """How many earlier teams end on the same score: their labels move down a line."""
    return sum(1 for series in list(course.values())[:n] if series[-1] == value)


def render_index(entries: list[dict[str, Any]], title: str = "Records") -> str:
    """The index of a folder's pages: each match (a file that cannot be read: the file) with
    its game, result, deals and findings."""
    rows = []
    for entry in entries:
        result = entry.get("error") or entry.get("result") or "no result"
        findings = entry.get("findings")
        rows.append(
            f'<tr><td><a href="{escape(entry["href"])}">{escape(entry["name"])}</a></td>'
            f"<td>{escape(entry.get('game') or '-')}</td><td>{escape(result)}</td>"
            f"<td class=\"num\">{entry.get('deals', 0)}</td>"
            f"<td class=\"num\">{'-' if findings is None else findings}</td></tr>"
        )
    files = len(dict.fromkeys(entry["file"] for entry in entries))
    body = (
        f'<header class="top"><h1>{escape(title)}</h1>'
        f'<p class="sub">{files} record file{"" if files == 1 else "s"}, {len(entries)} '
        f'match{"" if len(entries) == 1 else "es"}</p></header>'
        '<main id="main"><table class="index"><caption>Each match, its result and how many '
        "rule findings the referee made</caption><thead><tr><th scope=\"col\">record</th>"
        "<th scope=\"col\">game</th><th scope=\"col\">result</th>"
        "<th scope=\"col\">deals</th><th scope=\"col\">findings</th></tr></thead><tbody>"
        + "".join(rows) + "</tbody></table></main>"
    )
    return _shell(title, body)


def index_entries(data: dict[str, Any], href: str, name: str | None = None
                  ) -> list[dict[str, Any]]:
    """What the index lists about one page: a row per match (``name``: the file as shown);
    a file that cannot be read gets one row with its error."""
    name = name or data["file"]
    matches = data["matches"]
    if not matches:
        message = (data.get("error") or {}).get("message")
        return [{"file": name, "name": name, "href": href, "error": f"unreadable: {message}"}]
    rows = []
    for number, match in enumerate(matches, 1):
        several = len(matches) > 1
        rows.append({
            "file": name,
            "name": f"{name} (match {number})" if several else name,
            "href": f"{href}#match={number}&deal=1&step=0" if several else href,
            "game": match["title"],
            "result": match["result"] or "no result",
            "deals": len(match["deals"]),
            "findings": match["findings"],
        })
    return rows
