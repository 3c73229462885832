// referee's replay page. Everything shown was computed by the referee and is embedded as JSON
// (#data); this script only picks the step to show and draws it. No network, no rules here.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("data").textContent);
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  const RANK_NAMES = {
    A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight",
    7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
  };
  const $ = (id) => document.getElementById(id);

  // The data comes packed: a step lists only the hands that changed and its facts only when
  // they changed. Carry them forward so that every step is whole.
  data.matches.forEach((match) => match.deals.forEach((deal) => {
    let hands = {};
    let facts = [];
    deal.steps.forEach((step) => {
      hands = Object.assign({}, hands, step.hands);
      step.hands = hands;
      if (step.facts === undefined) step.facts = facts;
      facts = step.facts;
    });
  }));

  // Every deal of every match, in order: the deal picker and the deal keys walk this list.
  const deals = [];
  data.matches.forEach((match, m) => {
    match.deals.forEach((deal, d) => deals.push({ m: m, d: d, match: match, deal: deal }));
  });
  let at = { k: 0, s: 0 }; // deal (index into deals) and step
  let bottom = null; // the seat shown at the bottom; null: the table's first seat at the top
  let bottomChosen = false; // chosen by the reader or the link (else the match's default)

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([key, value]) => {
      if (value === null || value === undefined || value === false) return;
      if (key === "text") node.textContent = value;
      else if (key === "cls") node.className = value;
      else node.setAttribute(key, value === true ? "" : value);
    });
    (children || []).forEach((child) => child && node.appendChild(child));
    return node;
  }

  function cardName(card) {
    if (card === "??") return "an unseen card";
    return (RANK_NAMES[card[0]] || card[0]) + " of " + (SUIT_NAMES[card[1]] || card[1]);
  }

  // A card the record does not show (a play written "??", a card of a hand not seen): its
  // back, named as such.
  function backNode(label) {
    return el("span", { cls: "card back unseen", role: "img", "aria-label": label });
  }

  function cardNode(card, faceDown) {
    if (card === "??") return backNode("an unseen card");
    const suit = card[1];
    const rank = card[0] === "T" ? "10" : card[0];
    const node = el("span", {
      cls: "card suit-" + suit + (faceDown ? " down" : ""),
      role: "img",
      "aria-label": cardName(card) + (faceDown ? ", face down" : ""),
      "data-card": card,
    });
    node.appendChild(el("span", { cls: "rank", "aria-hidden": "true", text: rank }));
    node.appendChild(el("span", { cls: "pip", "aria-hidden": "true", text: SUITS[suit] || suit }));
    return node;
  }

  // Text with the cards spelled as they look (KS -> K♠), for the log and the auction.
  function prettyText(text) {
    return text.replace(/\b([AKQJT2-9])([SHDC])\b/g, (_, r, s) => (r === "T" ? "10" : r) + SUITS[s]);
  }

  function current() {
    return deals[at.k];
  }

  function seatPosition(index, count, bottomIndex) {
    // Seats clockwise on an ellipse (percent of the table's box): from the top, or, with a
    // seat chosen for the bottom, from it, the others in their order around the table.
    const angle = bottomIndex < 0
      ? -Math.PI / 2 + (2 * Math.PI * index) / count
      : Math.PI / 2 + (2 * Math.PI * (index - bottomIndex)) / count;
    return { x: 50 + 38 * Math.cos(angle), y: 50 + 38 * Math.sin(angle) };
  }

  // The seat at the bottom for this deal's match: the reader's choice, else the match's
  // default (a View tag's seat), else none.
  function bottomSeat(item) {
    const seat = bottomChosen ? bottom : item.match.bottom;
    return item.match.seats.includes(seat) ? seat : null;
  }

  // A team as the messages spell it: P1-P3-P5 (teams of three or more), NS as written.
  function teamLabel(match, team) {
    return (match.teamLabels || {})[team] || team;
  }

  function drawTable(item, step) {
    const match = item.match;
    const deal = item.deal;
    const table = $("table");
    table.replaceChildren();
    table.dataset.seats = match.seats.length;
    const teamIndex = {};
    match.teams.forEach((team, t) => team.forEach((seat) => (teamIndex[seat] = t)));
    const highlighted = new Set();
    (step.findings || []).forEach((f) => {
      const finding = deal.findings[f];
      if (finding.seat && finding.severity === "error") highlighted.add(finding.seat);
    });
    const low = bottomSeat(item);
    table.dataset.bottom = low || "";
    match.seats.forEach((seat, i) => {
      const pos = seatPosition(i, match.seats.length, match.seats.indexOf(low));
      const cards = step.hands[seat] ? step.hands[seat].split(" ").filter(Boolean) : [];
      const marks = [];
      if (seat === deal.dealer) marks.push(el("span", { cls: "mark dealer", text: "dealer" }));
      if (seat === deal.firstHand) marks.push(el("span", { cls: "mark first", text: "first hand" }));
      if (seat === step.turn) marks.push(el("span", { cls: "mark turn", text: "to act" }));
      if ((step.out || []).includes(seat)) marks.push(el("span", { cls: "mark out", text: "out" }));
      if (deal.inferred.includes(seat)) marks.push(el("span", { cls: "mark", text: "hand inferred" }));
      const shownAt = (deal.shownAt || {})[seat];
      if ((deal.hidden || []).includes(seat) && !(shownAt !== undefined && at.s >= shownAt)) {
        marks.push(el("span", { cls: "mark", text: "hand not seen" }));
      }
      if (seat === match.view) marks.push(el("span", { cls: "mark view", text: "seen from here" }));
      const team = match.teams.length < match.seats.length ? match.teamOf[seat] : null;
      const backs = (step.backs || {})[seat] || 0;
      const hand = el("div", { cls: "hand", role: "list", "aria-label": seat + "'s hand"
          + (backs ? ", " + backs + " card" + (backs === 1 ? "" : "s") + " not seen" : "") },
        cards.map((c) => { const li = el("span", { role: "listitem" }, [cardNode(c)]); return li; }));
      // The cards of the hand the record does not show: as many backs, and their count.
      for (let n = 0; n < backs; n++) {
        hand.appendChild(el("span", { role: "listitem" }, [backNode("an unseen card")]));
      }
      if (backs) {
        hand.appendChild(el("span", { role: "listitem", cls: "count", text: backs + " not seen" }));
      }
      for (let n = 0; n < ((step.concealed || {})[seat] || 0); n++) {
        hand.appendChild(el("span", { role: "listitem" }, [el("span", {
          cls: "card back", role: "img", "aria-label": "the trump card, face down", text: "trump",
        })]));
      }
      if (!hand.children.length) {
        hand.appendChild(el("span", { role: "listitem", cls: "empty", text: "no cards" }));
      }
      const box = el("section", {
        cls: "seat team" + (teamIndex[seat] % 6) + (seat === step.turn ? " acting" : "")
          + (highlighted.has(seat) ? " offender" : "") + (seat === step.winner ? " winner" : ""),
        // Seats far left or right hug the table's edge, so a wide hand stays on the table.
        style: "--x:" + pos.x.toFixed(1) + "%;--y:" + pos.y.toFixed(1) + "%",
        "data-side": pos.x < 30 ? "left" : pos.x > 70 ? "right" : null,
        "aria-label": "seat " + seat,
        "data-seat": seat,
        "data-bottom": seat === low ? "" : null,
      }, [
        el("h3", {}, [el("span", { cls: "name", text: seat }),
          team ? el("span", { cls: "teamname", text: "team " + teamLabel(match, team) }) : null]),
        el("div", { cls: "marks" }, marks),
        hand,
      ]);
      table.appendChild(box);
    });
    const middle = el("div", { cls: "middle", "aria-label": "The trick in the middle", role: "group" });
    if (step.middle.length) {
      const label = "Trick " + step.trick + (step.winner ? ": " + step.winner + " wins"
        + (step.points !== undefined ? " (" + step.points + " point" + (step.points === 1 ? "" : "s") + ")" : "") : "");
      middle.appendChild(el("p", { cls: "trickhead", text: label }));
      const plays = el("ol", { cls: "plays" });
      // The play this step made, if a finding is about it, is marked illegal in the middle.
      const illegal = step.kind === "play" && highlighted.has(step.seat) ? step.seat : null;
      step.middle.forEach(([seat, cards, down], n) => {
        const wrong = seat === illegal && n === step.middle.map((p) => p[0]).lastIndexOf(seat);
        plays.appendChild(el("li", {
          cls: "play" + (seat === step.winner ? " won" : "") + (wrong ? " illegal" : ""),
          "data-seat": seat,
        }, [el("span", { cls: "who", text: seat + (wrong ? " (illegal)" : "") }),
          ...cards.map((c) => cardNode(c, down))]));
      });
      middle.appendChild(plays);
    } else {
      middle.appendChild(el("p", { cls: "trickhead", text: step.kind === "deal" ? "Dealt" : "" }));
    }
    if (step.running) {
      middle.appendChild(el("p", {
        cls: "running",
        text: "Points: " + Object.entries(step.running).map(([t, v]) => t + " " + v).join(", ")
          + (step.unseenTaken ? " (and the points of " + step.unseenTaken + " card"
            + (step.unseenTaken === 1 ? "" : "s") + " not seen)" : ""),
      }));
    }
    table.appendChild(middle);
  }

  function drawStatus(item, step) {
    const deal = item.deal;
    const status = $("status");
    status.replaceChildren();
    const before = Object.entries(deal.scoreBefore);
    const lines = step.facts.map((f) => el("li", { text: prettyText(f) }));
    if (before.length) {
      lines.unshift(el("li", { text: "score before this deal: "
        + before.map(([t, v]) => teamLabel(item.match, t) + " " + v).join(", ") }));
    }
    const facts = el("ul", { cls: "facts" }, lines);
    status.appendChild(facts);
    if (step.replayed === false) {
      status.appendChild(el("p", { cls: "stopped", role: "note",
        text: "Not replayed: " + (deal.unchecked || "the replay stopped earlier") }));
    }
    // A note is said as it stood at this step (a note of unchecked rules grows trick by
    // trick); the step where it arose or grew shows it.
    const noted = new Set((step.notes || []).map((n) => n.finding));
    (step.findings || []).forEach((f) => {
      if (!noted.has(f)) status.appendChild(findingNode(deal.findings[f], true));
    });
    (step.notes || []).forEach((n) => status.appendChild(findingNode(
      Object.assign({}, deal.findings[n.finding], { message: n.message }), true)));
    if (at.s === deal.steps.length - 1 && deal.result) {
      status.appendChild(resultNode(item.match, deal));
    }
  }

  function findingNode(finding, here) {
    const note = finding.severity === "note";
    const node = el("div", { cls: "finding" + (note ? " note" : ""), role: here ? "alert" : null }, [
      el("p", {}, [
        el("strong", { text: note ? "Note " : "Finding " }),
        el("code", { cls: "rule", text: finding.rule }),
        el("span", { text: (finding.seat ? " (" + finding.seat + ")" : "") + ": " }),
        el("span", { cls: "message", text: prettyText(finding.message) }),
      ]),
    ]);
    if (finding.alternatives && finding.alternatives.length) {
      node.appendChild(el("p", { cls: "legal",
        text: "Legal instead: " + finding.alternatives.map(prettyText).join(", ") }));
    }
    return node;
  }

  // A team's value: a number, or (some cards were not seen) the sorted list of every value
  // it may have, written as runs: 14-18; 29, 31-33 (as the text reports write them).
  function valueText(v, signed) {
    const one = (n) => (signed && n > 0 ? "+" : "") + n;
    if (!Array.isArray(v)) return one(v);
    const parts = [];
    for (let i = 0; i < v.length; ) {
      let j = i;
      while (j + 1 < v.length && v[j + 1] === v[j] + 1) j += 1;
      const dash = signed || v[i] < 0 || v[j] < 0 ? " to " : "-";
      parts.push(i === j ? one(v[i]) : one(v[i]) + dash + one(v[j]));
      i = j + 1;
    }
    return parts.join(", ");
  }

  function outcomeText(r) {
    const words = r.outcomes && r.outcomes.length
      ? r.outcomes.slice(0, -1).join(", ") + (r.outcomes.length > 1 ? " or " : "") + r.outcomes[r.outcomes.length - 1]
      : r.outcome || (r.scored ? "scored" : "not scored");
    return r.presumed ? words + " (if the plays that could not be checked were legal)" : words;
  }

  function resultNode(match, deal) {
    const r = deal.result;
    const parts = [el("strong", { text: "Deal " + deal.number + ": " }),
      el("span", { text: outcomeText(r) })];
    const node = el("div", { cls: "dealresult" }, [el("p", {}, parts)]);
    const line = (label, values, signed) => {
      const entries = Object.entries(values || {});
      if (!entries.length) return;
      node.appendChild(el("p", {
        text: label + ": " + entries.map(([t, v]) => teamLabel(match, t) + " " + valueText(v, signed)).join(", "),
      }));
    };
    line("Points", r.points);
    line("Game points", r.game_points, true);
    line("Score", r.score);
    if (r.disputed) node.appendChild(el("p", { text: "Disputed: the deal has findings or was not checked to its end." }));
    if (deal.unchecked) node.appendChild(el("p", { cls: "stopped", text: "Not checked: " + deal.unchecked }));
    return node;
  }

  function drawAuction(item) {
    const box = $("auction");
    box.replaceChildren();
    const grid = item.deal.auction;
    if (!grid) return;
    const head = el("tr", {}, grid.seats.map((s) => el("th", { scope: "col", text: s })));
    const body = grid.rows.map((row) => (!Array.isArray(row)
      ? el("tr", { cls: "divider" + (row.step <= at.s ? "" : " later") }, [el("td", {
        colspan: String(grid.seats.length),
        text: row.step <= at.s ? "after " + prettyText(row.after) : "",
      })])
      : el("tr", {}, row.map((cell) => {
      if (!cell) return el("td", {});
      const [text, step] = cell;
      const shown = step <= at.s;
      return el("td", {
        cls: (step === at.s ? "now" : "") + (shown ? "" : " later"),
        text: shown ? text : "",
        "data-step": step,
      });
    }))));
    box.appendChild(el("table", { cls: "bids" }, [
      el("caption", { text: "Auction" }), el("thead", {}, [head]), el("tbody", {}, body),
    ]));
  }

  // The log and the finding list are built once per deal; a step only moves the marker.
  let drawnDeal = -1;

  // "Trick 3, card 2 · W K♥": where a play lies in the deal, as a reader counts.
  function stepLabel(item, step) {
    if (step.text === null) return "Deal " + item.deal.number + " as dealt";
    const text = prettyText(step.text);
    return step.card ? "Trick " + step.trick + ", card " + step.card + " · " + text : text;
  }

  function buildLog(item) {
    const log = $("log");
    log.replaceChildren();
    item.deal.steps.forEach((step, s) => {
      const flagged = (step.findings || []).some((f) => item.deal.findings[f].severity === "error");
      const button = el("button", { type: "button", cls: "step", "data-step": s },
        [el("span", { text: stepLabel(item, step) })]);
      if (step.winner) button.appendChild(el("span", { cls: "won", text: " - " + step.winner + " wins" }));
      if (flagged) button.appendChild(el("span", { cls: "flag", text: " - finding" }));
      else if ((step.notes || []).length) button.appendChild(el("span", { cls: "noted", text: " - note" }));
      if (step.replayed === false) button.appendChild(el("span", { cls: "flag", text: " - not replayed" }));
      button.addEventListener("click", (event) => { pause(); go(at.k, s); refocus(event); });
      log.appendChild(el("li", { cls: flagged ? "flagged" : null }, [button]));
    });
  }

  function markLog() {
    const log = $("log");
    const old = log.querySelector("li.now");
    if (old) {
      old.classList.remove("now");
      old.firstChild.removeAttribute("aria-current");
    }
    const now = log.children[at.s];
    if (!now) return;
    now.classList.add("now");
    now.firstChild.setAttribute("aria-current", "step");
    // Scroll the log itself (not the page) so the current step is in view.
    const top = now.offsetTop; // the log is positioned: offsets are within it
    if (top < log.scrollTop) log.scrollTop = top;
    else if (top + now.offsetHeight > log.scrollTop + log.clientHeight) {
      log.scrollTop = top + now.offsetHeight - log.clientHeight;
    }
  }

  function drawFindings(item) {
    const list = $("findingList");
    list.replaceChildren();
    const deal = item.deal;
    if (!deal.findings.length) list.appendChild(el("li", { text: "None." }));
    deal.findings.forEach((finding) => {
      const link = el("a", { href: fragment(at.k, finding.step), cls: "jump" }, [findingNode(finding, false)]);
      link.addEventListener("click", (e) => { e.preventDefault(); pause(); go(at.k, finding.step); refocus(e); });
      list.appendChild(el("li", {}, [link]));
    });
  }

  // The deal's notes under the table: those that have arisen by this step (a note of a
  // check that could not be made arises at the play it is about).
  function drawNotes(item) {
    const deal = item.deal;
    const notes = $("notes");
    notes.replaceChildren();
    const said = {}; // a note's words as they stood at this step
    deal.steps.slice(0, at.s + 1).forEach((step) => (step.notes || []).forEach((n) => {
      said[n.finding] = n.message;
    }));
    const noted = deal.findings.map((f, i) => [f, i]).filter(([f]) => f.severity === "note" && f.step <= at.s);
    if (noted.length || deal.unchecked || deal.comments.length) {
      const items = noted.map(([f, i]) => el("li", { text: "Note: " + (said[i] || f.message) + " [" + f.rule + "]" }));
      if (deal.unchecked) items.push(el("li", { cls: "stopped", text: "Not checked to the end: " + deal.unchecked }));
      if (deal.comments.length) items.push(el("li", { text: "Comment: " + deal.comments.join(" ") }));
      notes.appendChild(el("ul", {}, items));
    }
  }

  // Where the reader is, shown (not spoken: the live region says the step in words).
  function position(item) {
    const where = [];
    if (data.matches.length > 1) where.push("Match " + (item.m + 1));
    where.push(item.match.title + ", deal " + item.deal.number + " of " + item.match.deals.length);
    return where.join(" · ") + " · step " + at.s + " of " + (item.deal.steps.length - 1);
  }

  function fragment(k, s) {
    const item = deals[k];
    const low = bottomChosen ? bottomSeat(item) : null;
    return "#" + (data.matches.length > 1 ? "match=" + (item.m + 1) + "&" : "")
      + "deal=" + (item.d + 1) + "&step=" + s + (low ? "&bottom=" + encodeURIComponent(low) : "");
  }

  // After the deal's last step: the whole deal (every hand as dealt, the face-down card,
  // the points and the outcome), the same diagram the page prints under the score sheet.
  function drawWhole(item) {
    const box = $("whole");
    box.replaceChildren();
    if (at.s !== item.deal.steps.length - 1) return;
    const diagram = document.getElementById("dealt-" + item.m + "-" + item.d);
    if (!diagram) return;
    const copy = diagram.cloneNode(true);
    copy.removeAttribute("id");
    copy.setAttribute("aria-label", "The whole deal");
    copy.querySelector("h4").textContent = "The whole deal: " + copy.querySelector("h4").textContent;
    box.appendChild(copy);
  }

  let spokenDeal = -1;

  function draw() {
    const item = current();
    const step = item.deal.steps[at.s];
    drawTable(item, step);
    drawStatus(item, step);
    drawAuction(item);
    drawWhole(item);
    drawNotes(item);
    if (drawnDeal !== at.k) {
      buildLog(item);
      drawFindings(item);
      drawBottomPick(item);
      drawnDeal = at.k;
    }
    markLog();
    $("bottomPick").value = bottomSeat(item) || "";
    $("position").textContent = position(item);
    // A new deal is announced with its number; a step in words, as the table shows it.
    const said = (spokenDeal !== at.k ? "Deal " + item.deal.number + " of "
      + item.match.deals.length + ". " : "") + step.said;
    spokenDeal = at.k;
    $("where").textContent = said;
    $("viewer").setAttribute("aria-label", (data.matches.length > 1 ? "Match " + (item.m + 1) + ": " : "")
      + item.deal.summary);
    $("dealPick").value = String(at.k);
    $("prev").disabled = at.s === 0;
    $("first").disabled = at.s === 0;
    $("next").disabled = at.s === item.deal.steps.length - 1;
    $("last").disabled = at.s === item.deal.steps.length - 1;
    $("prevDeal").disabled = at.k === 0;
    $("nextDeal").disabled = at.k === deals.length - 1;
    $("nextFinding").disabled = nextFinding() === null;
    const hash = fragment(at.k, at.s);
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  function drawBottomPick(item) {
    const pick = $("bottomPick");
    const seats = item.match.seats.join(" ");
    if (pick.dataset.seats === seats) return;
    pick.dataset.seats = seats;
    pick.replaceChildren(el("option", { value: "", text: "none" }),
      ...item.match.seats.map((seat) => el("option", { value: seat, text: seat })));
  }

  function go(k, s) {
    at = { k: Math.max(0, Math.min(k, deals.length - 1)), s: 0 };
    at.s = Math.max(0, Math.min(s, deals[at.k].deal.steps.length - 1));
    draw();
  }

  function isError(item, step) {
    return (step.findings || []).some((f) => item.deal.findings[f].severity === "error");
  }

  // The next step with an error finding after this one, over every deal; wraps around.
  function nextFinding() {
    const total = deals.length;
    for (let n = 0; n <= total; n++) {
      const k = (at.k + n) % total;
      const steps = deals[k].deal.steps;
      const from = n === 0 ? at.s + 1 : 0;
      for (let s = from; s < steps.length; s++) {
        if (isError(deals[k], steps[s])) return { k: k, s: s };
      }
    }
    return null;
  }

  // #deal=2&step=14, or #deal=2&trick=3 (the step that ends trick 3) with an optional
  // &seat=W (W's play to trick 3); match=N first when the file holds several matches;
  // &bottom=S puts S at the bottom of the table.
  function fromFragment() {
    const params = new URLSearchParams(location.hash.replace(/^#/, ""));
    if (params.has("bottom")) {
      bottom = params.get("bottom") || null;
      bottomChosen = true;
    }
    if (!params.has("deal")) return params.has("bottom");
    const m = Math.max(1, parseInt(params.get("match") || "1", 10)) - 1;
    const d = Math.max(1, parseInt(params.get("deal"), 10) || 1) - 1;
    let k = deals.findIndex((item) => item.m === m && item.d === d);
    if (k < 0) k = 0;
    const steps = deals[k].deal.steps;
    let s = parseInt(params.get("step") || "0", 10) || 0;
    if (params.has("trick")) {
      const trick = parseInt(params.get("trick"), 10);
      const seat = params.get("seat");
      const found = steps.findIndex((step) => step.trick === trick
        && (seat ? step.seat === seat && step.kind !== "call" : step.winner !== undefined));
      if (found >= 0) s = found;
    }
    at = { k: k, s: Math.max(0, Math.min(s, steps.length - 1)) };
    return true;
  }

  // Autoplay: a step per chosen interval, stopping at the deal's end and at each error
  // finding; play again goes on from there (from the end: on to the next deal).
  let timer = null;

  function playing() {
    return timer !== null;
  }

  function pause() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const button = $("play");
    button.replaceChildren(document.createTextNode("Play"));
  }

  function tick() {
    const item = current();
    go(at.k, at.s + 1);
    const step = item.deal.steps[at.s];
    if (at.s === item.deal.steps.length - 1 || isError(item, step)) pause();
    else timer = setTimeout(tick, parseFloat($("speed").value) * 1000);
  }

  function play() {
    if (playing()) { pause(); return; }
    const item = current();
    if (at.s === item.deal.steps.length - 1) go(at.k < deals.length - 1 ? at.k + 1 : at.k, 0);
    $("play").replaceChildren(document.createTextNode("Pause"));
    timer = setTimeout(tick, parseFloat($("speed").value) * 1000);
  }

  // The next seat at the bottom, in the table's order (from none: the first seat).
  function turnTable() {
    const item = current();
    const seats = item.match.seats;
    const now = seats.indexOf(bottomSeat(item));
    bottom = seats[(now + 1) % seats.length];
    bottomChosen = true;
    draw();
  }

  function copyText(text, what) {
    const status = $("shareStatus");
    const done = () => { status.textContent = what + " copied"; };
    const fallback = () => {
      // Without the clipboard API (a page opened in some embedders): a selected text area.
      const area = el("textarea", { cls: "offscreen", "aria-hidden": "true" });
      area.value = text;
      document.body.appendChild(area);
      area.select();
      const ok = document.execCommand("copy");
      area.remove();
      status.textContent = ok ? what + " copied" : what + " could not be copied";
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, fallback);
    } else fallback();
  }

  const moves = {
    first: () => go(at.k, 0),
    prev: () => go(at.k, at.s - 1),
    next: () => go(at.k, at.s + 1),
    last: () => go(at.k, Infinity),
    // on the first or the last deal the deal keys keep the place (the buttons are greyed)
    prevDeal: () => { if (at.k > 0) go(at.k - 1, 0); },
    nextDeal: () => { if (at.k < deals.length - 1) go(at.k + 1, 0); },
    nextFinding: () => { const f = nextFinding(); if (f) go(f.k, f.s); },
  };
  const actions = Object.assign({}, Object.fromEntries(Object.entries(moves).map(
    ([name, move]) => [name, () => { pause(); move(); }])), {
    play: play,
    turn: turnTable,
    keys: () => { if (!$("keys").open) $("keys").showModal(); },
  });
  const keys = {
    ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last",
    PageUp: "prevDeal", PageDown: "nextDeal", f: "nextFinding", " ": "play", r: "turn",
    "?": "keys", F: "nextFinding", R: "turn", // F and R: with Caps Lock on
  };
  // Where a key belongs to what has the focus: forms, buttons, lists, editable text.
  const OWN_KEYS = new Set(["INPUT", "TEXTAREA", "SELECT", "BUTTON", "SUMMARY", "DIALOG"]);

  // A click with the mouse leaves the focus on the replay region, so that the keys go on
  // working; a button pressed from the keyboard (detail 0) keeps the focus.
  function refocus(event) {
    if (event.detail > 0) $("viewer").focus({ preventScroll: true });
  }

  function start() {
    if (!deals.length) return;
    const viewer = $("viewer");
    viewer.hidden = false;
    const pick = $("dealPick");
    deals.forEach((item, k) => {
      const errors = item.deal.findings.filter((f) => f.severity === "error").length;
      pick.appendChild(el("option", {
        value: String(k),
        text: (data.matches.length > 1 ? "match " + (item.m + 1) + ", " : "") + "deal "
          + item.deal.number + (errors ? " (" + errors + " finding" + (errors > 1 ? "s" : "") + ")" : ""),
      }));
    });
    pick.addEventListener("change", () => { pause(); go(parseInt(pick.value, 10), 0); });
    $("bottomPick").addEventListener("change", () => {
      bottom = $("bottomPick").value || null;
      bottomChosen = true;
      draw();
    });
    Object.keys(moves).concat(["play"]).forEach((id) => $(id).addEventListener("click", (event) => {
      actions[id]();
      refocus(event);
    }));
    $("keysButton").addEventListener("click", actions.keys);
    $("copyRecord").addEventListener("click", () => copyText(data.ttn, "Record"));
    $("copyLink").addEventListener("click", () => copyText(location.href, "Link"));
    const download = $("download");
    download.href = "data:text/plain;charset=utf-8," + encodeURIComponent(data.ttn);
    download.download = data.file.split("/").pop().replace(/\.ttn$/i, "") + ".ttn";
    document.addEventListener("keydown", (event) => {
      // Shift too: a shifted key is the reader's own shortcut; "?" needs Shift on most
      // keyboards, so it is the one exception.
      if (event.altKey || event.ctrlKey || event.metaKey || (event.shiftKey && event.key !== "?")) return;
      const target = event.target;
      if (target && (OWN_KEYS.has(target.tagName) || target.isContentEditable)) return;
      if ($("keys").open) return;
      const name = keys[event.key];
      if (!name) return;
      event.preventDefault();
      actions[name]();
    });
    window.addEventListener("hashchange", () => { if (fromFragment()) draw(); });
    fromFragment();
    draw();
  }

  start();
})();
