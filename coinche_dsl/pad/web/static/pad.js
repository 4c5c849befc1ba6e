// The score pad's page: the buttons choose a deal, the server tells it to the pad (the same
// reader and scorer as `coinche marque`), keeps the game and answers with the sheet so far.
// Everything shown is set as text, never as HTML.
"use strict";
const meta = (name) => document.querySelector(`meta[name="${name}"]`).content;
const TOKEN = meta("pad-token"), HEADER = meta("pad-header"), API = meta("pad-api");
let GAME = meta("pad-game");
const $ = (id) => document.getElementById(id);
let words = {}, offer = null, game = null, at = null;
const pick = {};
let points = "";
const announced = [];

function t(key, params = {}) {
  const pattern = words[key] ?? key;
  return pattern.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
}

async function call(action, body = {}) {
  const data = JSON.stringify({ game: GAME, ...body });
  const form = HEADER !== "x-studio-token";  // the server reads a form, the studio JSON
  const reply = await fetch(`${API}/${action}`, {
    method: "POST", credentials: "same-origin",
    headers: { [HEADER]: TOKEN, "Accept": "application/json",
               "Content-Type": form ? "application/x-www-form-urlencoded" : "application/json" },
    body: form ? new URLSearchParams({ payload: data }) : data });
  if ((reply.headers.get("content-type") || "").startsWith("application/pdf")) {
    return { pdf: await reply.blob() };
  }
  let answer;
  try { answer = await reply.json(); } catch (e) { answer = { error: t("error.network") }; }
  if (!reply.ok && !answer.problems && !answer.error) answer.error = t("error.network");
  return answer;
}

function translate() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-placeholder]")) {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  }
}

function showProblems(answer) {
  const box = $("problems");
  box.replaceChildren();
  if (!answer) { box.hidden = true; return; }
  const head = document.createElement("p");
  head.textContent = t("problem.head");
  box.append(head);
  if (answer.error) {
    const p = document.createElement("p");
    p.textContent = answer.error;
    box.append(p);
  }
  for (const problem of answer.problems || []) {
    const pre = document.createElement("pre");
    const caret = " ".repeat(Math.max(0, problem.column - 1)) + "^ ";
    const hint = problem.hint ? ` (${problem.hint})` : "";
    pre.textContent = answer.said ? `${answer.said}\n${caret}${problem.message}${hint}`
                                  : `${problem.message}${hint}`;
    box.append(pre);
  }
  box.hidden = false;
}

function button(label, onClick, extra = {}) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.addEventListener("click", onClick);
  for (const [k, v] of Object.entries(extra)) b.setAttribute(k, v);
  return b;
}

function choices(id, items, many = false) {
  const box = $(id);
  box.replaceChildren();
  for (const item of items) {
    const b = button(item.label, () => {
      if (many) {
        const list = pick[id] || (pick[id] = []);
        const i = list.indexOf(item.value);
        if (i >= 0) list.splice(i, 1); else list.push(item.value);
      } else {
        pick[id] = pick[id] === item.value && id !== "double" ? undefined : item.value;
      }
      if (id === "capot" && pick.capot) { points = ""; }
      if (id === "declarer") { delete pick.capot; }
      refreshPicks();
    }, { "aria-pressed": "false", "data-value": String(item.value) });
    box.append(b);
  }
}

function capotSeats() {
  const order = ["N", "E", "S", "W"];
  const d = pick.declarer;
  if (!d) return [];
  const other = order[(order.indexOf(d) + 1) % 4];
  return [{ value: d, label: t("deal.capot.declarers") },
          { value: other, label: t("deal.capot.defenders") }];
}

function refreshPicks() {
  for (const id of ["declarer", "bid", "trump", "double", "last", "belote", "capot"]) {
    for (const b of $(id).querySelectorAll("button")) {
      const v = b.dataset.value;
      const chosen = Array.isArray(pick[id]) ? pick[id].includes(v) : String(pick[id]) === v;
      b.setAttribute("aria-pressed", chosen ? "true" : "false");
    }
  }
  const capot = capotSeats();
  const box = $("capot");
  if (box.childElementCount !== capot.length
      || [...box.children].some((b, i) => b.dataset.value !== capot[i].value)) {
    choices("capot", capot);
    refreshPicks();
    return;
  }
  $("points-shown").textContent = pick.capot ? t("deal.capot") : points;
  $("last-box").hidden = Boolean(pick.capot);
}

function numpad() {
  const box = $("numpad");
  box.replaceChildren();
  const press = (d) => {
    if (points.length < 3) points = points === "0" ? d : points + d;
    delete pick.capot;
    refreshPicks();
  };
  for (const d of ["1", "2", "3", "4", "5", "6", "7", "8", "9"]) box.append(button(d, () => press(d)));
  box.append(button("⌫", () => { points = points.slice(0, -1); refreshPicks(); },
                    { "aria-label": t("deal.points.erase") }));
  box.append(button("0", () => press("0")));
  box.append(button("C", () => { points = ""; refreshPicks(); },
                    { "aria-label": t("deal.points.clear") }));
}

function setUp(answer) {
  words = answer.messages;
  document.documentElement.lang = answer.lang;
  translate();
  offer = answer.offer;
  if (!offer) return;
  const bids = offer.bids.map((b) => ({ value: b.value, label: b.label }));
  choices("declarer", offer.seats);
  choices("bid", bids);
  choices("trump", offer.denominations);
  choices("double", [{ value: "none", label: t("deal.double.none") }, ...offer.doubles]);
  pick.double = "none";
  $("doubles-box").hidden = offer.doubles.length === 0;
  choices("last", offer.seats);
  choices("belote", offer.seats, true);
  $("belote-box").hidden = !offer.belote;
  $("announce-box").hidden = !offer.announcements;
  const seat = $("announce-seat");
  seat.replaceChildren();
  for (const s of offer.seats) {
    const o = document.createElement("option");
    o.value = s.value;
    o.textContent = s.label;
    seat.append(o);
  }
  numpad();
  refreshPicks();
}

function clearDeal() {
  for (const k of Object.keys(pick)) delete pick[k];
  pick.double = "none";
  points = "";
  announced.length = 0;
  $("announce-list").replaceChildren();
  $("typed-line").value = "";
  refreshPicks();
}

function show(state) {
  game = state;
  for (const team of ["NS", "EW"]) {
    $(`name-${team}`).textContent = state.names[team];
    $(`total-${team}`).textContent = state.totals[team];
    $(`col-${team}`).textContent = state.names[team];
  }
  $("next").textContent = state.winner ? "" : state.next;
  $("held").textContent = state.held;
  $("held").hidden = !state.held;
  $("winner").textContent = state.end;
  $("winner").hidden = !state.end;
  const rows = $("rows");
  rows.replaceChildren();
  for (const row of state.rows) {
    const tr = document.createElement("tr");
    if (row.number === at) tr.className = "fixing";
    const cells = [String(row.number), row.contract ? `${row.contract} — ${row.result}` : row.result];
    for (const text of cells) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.append(td);
    }
    for (const team of ["NS", "EW"]) {
      const td = document.createElement("td");
      td.className = "n";
      td.textContent = row.totals[team];
      if (row.points[team] !== "0") {
        const plus = document.createElement("span");
        plus.className = "plus";
        plus.textContent = `+${row.points[team]}`;
        td.append(plus);
      }
      tr.append(td);
    }
    const fix = document.createElement("td");
    fix.append(button(t("sheet.fix"), () => correct(row), { "aria-label": t("sheet.fix.label", { n: row.number }) }));
    tr.append(fix);
    rows.append(tr);
  }
  $("sheet").hidden = false;
  $("undo").disabled = state.rows.length === 0;
  $("last-deal").hidden = state.last.length === 0;
  const lines = $("last-lines");
  lines.replaceChildren();
  for (const line of state.last) {
    const p = document.createElement("p");
    p.textContent = line;
    lines.append(p);
  }
  $("deal").hidden = false;
  $("deal-title").textContent = at ? t("deal.correcting", { n: at }) : state.next;
  $("correcting").hidden = !at;
  $("correcting-text").textContent = at ? t("correct.note", { n: at }) : "";
  const over = Boolean(state.winner) && !at;
  for (const id of ["go", "passed"]) $(id).disabled = over;
  $("typed").hidden = over;
}

function correct(row) {
  at = row.number;
  clearDeal();
  $("typed-line").value = row.said;
  $("typed").open = true;
  show(game);
  $("deal-title").scrollIntoView({ block: "start" });
  $("declarer").querySelector("button").focus();
}

function dealChosen() {
  const missing = [];
  if (!pick.declarer) missing.push(t("missing.declarer"));
  if (pick.bid === undefined) missing.push(t("missing.bid"));
  if (!pick.trump) missing.push(t("missing.trump"));
  if (!pick.capot) {
    if (points === "") missing.push(t("missing.points"));
    if (!pick.last) missing.push(t("missing.last"));
  }
  if (missing.length) return { missing };
  const deal = { declarer: pick.declarer, bid: pick.bid, trump: pick.trump, double: pick.double || "none",
                 belote: pick.belote || [], announcements: announced.slice() };
  if (pick.capot) deal.capot = pick.capot;
  else { deal.points = Number(points); deal.last = pick.last; }
  return { deal };
}

async function send(body) {
  $("status").textContent = "";
  const answer = await call("deal", at ? { ...body, at } : body);
  if (answer.state) {
    const corrected = at;
    at = null;
    showProblems(null);
    clearDeal();
    show(answer.state);
    $("status").textContent = corrected ? t("status.corrected", { n: corrected }) : t("status.saved");
    $("score").scrollIntoView({ block: "start" });
  } else {
    showProblems(answer);
    $("problems").scrollIntoView({ block: "center" });
  }
}

function wire() {
  $("go").addEventListener("click", () => {
    const chosen = dealChosen();
    if (chosen.missing) { showProblems({ problems: chosen.missing.map((m) => ({ message: m, column: 1 })) }); return; }
    send({ deal: chosen.deal });
  });
  $("passed").addEventListener("click", () => send({ deal: { passed: true } }));
  $("typed-form").addEventListener("submit", (e) => {
    e.preventDefault();
    send({ said: $("typed-line").value });
  });
  $("announce-add").addEventListener("click", () => {
    const cards = $("announce-cards").value.trim();
    if (!cards) return;
    const item = { seat: $("announce-seat").value, cards };
    announced.push(item);
    const li = document.createElement("li");
    li.textContent = `${$("announce-seat").selectedOptions[0].textContent} : ${cards} `;
    li.append(button(t("deal.announce.remove"), () => {
      announced.splice(announced.indexOf(item), 1);
      li.remove();
    }));
    $("announce-list").append(li);
    $("announce-cards").value = "";
  });
  $("correct-cancel").addEventListener("click", () => { at = null; clearDeal(); show(game); });
  $("undo").addEventListener("click", async () => {
    const answer = await call("undo");
    if (answer.state) { showProblems(null); show(answer.state); $("status").textContent = t("status.undone"); }
    else showProblems(answer);
  });
  $("pdf").addEventListener("click", async () => {
    $("pdf").disabled = true;
    const answer = await call("pdf");
    $("pdf").disabled = false;
    if (!answer.pdf) { showProblems(answer); return; }
    const link = $("pdf-link");
    link.href = URL.createObjectURL(answer.pdf);
    link.download = answer.name || t("sheet.pdf.file");
    link.click();
  });
  $("start-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const answer = await call("new", { variant: $("start-variant").value,
      teams: { NS: $("start-ns").value, EW: $("start-ew").value }, table: $("start-table").value });
    if (answer.url) {
      location.assign(answer.url);
    } else if (answer.game) {
      GAME = answer.game;
      history.replaceState(null, "", `?game=${encodeURIComponent(GAME)}`);
      open();
    } else showProblems(answer);
  });
}

function startPage(answer) {
  const select = $("start-variant");
  select.replaceChildren();
  for (const v of answer.variants || []) {
    const o = document.createElement("option");
    o.value = v;
    o.textContent = v;
    select.append(o);
  }
  const list = $("games");
  list.replaceChildren();
  for (const g of answer.games || []) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = typeof g === "string" ? `?game=${encodeURIComponent(g)}` : g.url;
    a.textContent = typeof g === "string" ? g : g.name;
    li.append(a);
    list.append(li);
  }
  if (!(answer.games || []).length) {
    const li = document.createElement("li");
    li.textContent = t("games.none");
    list.append(li);
  }
  $("start").hidden = false;
}

async function open() {
  const answer = await call("state");
  if (!answer.messages) { showProblems(answer); return; }
  setUp(answer);
  if (answer.state) {
    $("start").hidden = true;
    document.title = answer.title;
    show(answer.state);
  } else {
    startPage(answer);
  }
}

wire();
open();
