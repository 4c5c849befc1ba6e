// The studio page: the editor, and the panels that follow the text as it changes. Every answer
// comes from the server's analysis; everything shown from a variant file goes in as text.
"use strict";
const TOKEN = document.querySelector('meta[name="studio-token"]').content;
const $ = (id) => document.getElementById(id);
let editor, latest = "", timer = null, tab = "preview", shownOptions = "";

async function call(name, body, signal = undefined) {
  const reply = await fetch(`/api/${name}`, {
    method: "POST", body: JSON.stringify(body), signal,
    headers: {"Content-Type": "application/json", "X-Studio-Token": TOKEN},
  });
  if (reply.status === 404) return null;
  const data = await reply.json();
  if (!reply.ok) throw new Error(data.error || reply.statusText);
  return data;
}

function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function status(text, kind = "") { const s = $("status"); s.textContent = text; s.className = kind; }

function showProblems(found) {
  const box = $("problems");
  box.replaceChildren();
  if (!found.length) { box.append(el("div", "No problems: the rules are valid and every example scores as it says.", {class: "ok"})); return; }
  for (const d of found) {
    const where = d.file ? `${d.file}:${d.line}:${d.column}` : `${d.line}:${d.column}`;
    const row = el("div", `${where}: ${d.severity}: ${d.message}${d.hint ? ` (${d.hint})` : ""}`, {class: d.severity});
    row.addEventListener("click", () => editor.goTo(d.line));
    box.append(row);
  }
}

// One control per option the variant leaves to the table; a choice other than the default
// goes with every sheet, comparison and score the page asks for. The controls are rebuilt only
// when the file's options change: a check answered while the user picks a value (every edit
// is checked) must not swap the control out from under the choice.
function showOptions(options) {
  const shape = JSON.stringify(options);
  if (shape === shownOptions) return;
  shownOptions = shape;
  const box = $("options"), before = chosen();
  box.replaceChildren();
  for (const o of options) {
    const select = el("select", null, {"data-option": o.name, "data-default": o.default});
    fill(select, o.values, o.values.includes(before[o.name]) ? before[o.name] : o.default, o.labels);
    select.addEventListener("change", refresh);
    const label = el("label", `${o.title || o.name} `, {title: `option ${o.name} (default: ${o.default})`});
    label.append(select);
    box.append(label);
  }
}

function chosen() {
  const out = {};
  for (const s of document.querySelectorAll("#options select")) {
    if (s.value !== s.dataset.default) out[s.dataset.option] = s.value;
  }
  return out;
}

// Checks are numbered as refreshes are (see `refresh`): the problems and options shown are
// those of the latest text checked, whatever order the answers come back in (the editor
// itself drops diagnostics for a text that has changed since).
let checks = 0;

async function diagnose(text) {
  const asked = ++checks;
  try {
    const checked = await call("check", {text});
    const found = checked.diagnostics;
    if (asked === checks) {
      showProblems(found);
      if (checked.valid) showOptions(checked.options);
    }
    return found;
  } catch (e) { if (asked === checks) status(e.message, "draft"); return []; }
}

function position(text, pos) {
  const before = text.slice(0, pos), line = before.split("\n").length;
  const col = [...before.slice(before.lastIndexOf("\n") + 1)].length;
  return {line, character: col};
}

async function complete(text, pos) {
  const found = await call("complete", {text, ...position(text, pos)});
  const kinds = {block: "namespace", setting: "property", choice: "enum", quantity: "variable", variant: "constant"};
  return (found ? found.items : []).map((i) => ({label: i.label, apply: i.insert, type: kinds[i.kind] || "text", detail: i.detail}));
}

async function hover(text, pos) {
  const found = await call("hover", {text, ...position(text, pos)});
  return found && found.text ? {text: found.text} : null;
}

async function definition() {
  const text = editor.getText();
  const found = await call("definition", {text, ...position(text, editor.cursor())});
  if (!found || !found.found) { status("No base value at the cursor: put it on an inherited setting or on the extends name"); return; }
  const box = $("base");
  box.replaceChildren();
  $("base-file").textContent = found.file;
  found.text.split("\n").forEach((line, i) => {
    const row = el("div", `${String(i + 1).padStart(4)}  ${line}`, {class: i + 1 === found.line ? "here" : ""});
    box.append(row);
  });
  selectTab("base");
  box.querySelector(".here").scrollIntoView({block: "center"});
}

async function printPdf() {
  const reply = await fetch("/api/pdf", {method: "POST",
    body: JSON.stringify({text: editor.getText(), lang: $("lang").value || null, card: $("kind").value === "card", options: chosen()}),
    headers: {"Content-Type": "application/json", "X-Studio-Token": TOKEN}});
  if (!reply.ok) { status(`No PDF: ${(await reply.json()).error}`, "draft"); return; }
  if (reply.headers.get("content-type") !== "application/pdf") { status("Fix the file's problems to print it", "draft"); return; }
  const link = el("a", null, {href: URL.createObjectURL(await reply.blob()), download: $("file").textContent.replace(/\.coinche$/, ".pdf")});
  document.body.append(link);
  link.click();
  link.remove();
  status("PDF ready");
}

async function save() {
  try {
    const done = await call("save", {text: editor.getText()});
    if (done.text !== editor.getText()) editor.setText(done.text);
    const warned = done.warnings ? ` (${done.warnings} warning${done.warnings === 1 ? "" : "s"} to read)` : "";
    status(done.draft ? `Saved ${done.saved} as a draft: ${done.problems} problem(s) to fix` : `Saved ${done.saved}${warned}`, done.draft ? "draft" : "saved");
  } catch (e) { status(`Not saved: ${e.message}`, "draft"); }
}

async function format() {
  const done = await call("format", {text: editor.getText()});
  if (done.diagnostics) { status("Fix the syntax errors to format", "draft"); return; }
  if (done.text !== editor.getText()) editor.setText(done.text);
}

function frame(id, html) { $(id).srcdoc = html; }

// Each refresh is numbered: the server may answer two requests out of order (a tab opened, then
// a variant chosen at once), and only the answer to the latest one may reach the page. The
// request of the refresh before is given up: the server does not render what nobody waits for.
let refreshes = 0, pending = null;

async function refresh() {
  const text = latest;
  const asked = ++refreshes;
  const current = () => asked === refreshes;
  if (pending) pending.abort();
  pending = new AbortController();
  const signal = pending.signal;
  try {
    if (tab === "preview") {
      const r = await call("preview", {text, lang: $("lang").value || null, card: $("kind").value === "card", options: chosen()}, signal);
      if (!current()) return;
      if (r.html) frame("preview", r.html);  // with problems, the last valid sheet stays
      $("preview-note").textContent = r.html ? "" : "The file has problems: this is its last valid sheet.";
    } else if (tab === "compare") {
      const r = await call("compare", {text, other: $("other").value, lang: $("lang").value || "en", options: chosen()}, signal);
      if (current() && r.html) frame("comparison", r.html);
    } else if (tab === "form") {
      await questionnaire(text, current, signal);
    }
  } catch (e) { if (current()) status(e.message, "draft"); }
}

function changed(text) {
  latest = text;
  status("Edited (not saved)");
  clearTimeout(timer);
  timer = setTimeout(refresh, 500);
}

async function answer(path, value) {
  try {
    const r = await call("answer", {text: editor.getText(), path, value});
    editor.setText(r.text);
  } catch (e) { status(e.message, "draft"); }
}

function control(q) {
  const box = el("div", null, {class: "q"});
  box.append(el("label", q.path, {for: `q-${q.path}`}), el("span", q.question));
  let input;
  if (q.kind === "number") {
    input = el("input", null, {type: "number", id: `q-${q.path}`, min: "0"});
    input.value = q.value;
  } else if (q.kind === "choices") {
    input = el("select", null, {id: `q-${q.path}`, multiple: "", size: String(q.choices.length)});
    for (const c of q.choices) { const o = el("option", c, {value: c}); o.selected = q.value.includes(c); input.append(o); }
  } else {
    input = el("select", null, {id: `q-${q.path}`});
    for (const c of q.choices) { const o = el("option", c, {value: c}); o.selected = c === q.value; input.append(o); }
  }
  input.dataset.path = q.path;
  input.addEventListener("change", () => answer(q.path, q.kind === "choices" ? [...input.selectedOptions].map((o) => o.value) : input.value));
  box.append(input);
  return box;
}

async function questionnaire(text, current = () => true, signal = undefined) {
  const r = await call("questionnaire", {text}, signal);
  if (!current()) return;
  const form = $("questions");
  form.replaceChildren(...r.questions.map(control));
  if (r.problem) form.append(el("p", r.problem, {class: "note"}));
}

async function startFile() {
  const answers = {};
  for (const input of $("questions").querySelectorAll("[data-path]")) {
    answers[input.dataset.path] = input.multiple ? [...input.selectedOptions].map((o) => o.value) : input.value;
  }
  try {
    const r = await call("start", {base: $("start-base").value, name: $("start-name").value,
      title: $("start-title").value, description: $("start-description").value,
      sources: $("start-sources").value, lang: $("start-lang").value, answers});
    editor.setText(r.text);
  } catch (e) { status(e.message, "draft"); }
}

function parseSeats(text, re) {
  const out = {};
  for (const part of text.split(re).map((s) => s.trim()).filter(Boolean)) {
    const [seat, ...rest] = part.split(/\s+/);
    out[seat] = rest;
  }
  return out;
}

function dealFromForm() {
  const f = $("deal").elements;
  const bid = /^\d+$/.test(f.bid.value.trim()) ? Number(f.bid.value) : f.bid.value.trim();
  const deal = {declarer: f.declarer.value, bid, trump: f.trump.value, double: f.double.value,
    card_points: {NS: Number(f.ns.value), EW: Number(f.ew.value)}, last_trick: f.last_trick.value};
  if (f.tricks.value.trim()) {
    deal.tricks = Object.fromEntries(Object.entries(parseSeats(f.tricks.value, ",")).map(([s, v]) => [s, Number(v[0])]));
  }
  if (f.belote.value.trim()) deal.belote = f.belote.value.trim().split(/[\s,]+/);
  if (f.announcements.value.trim()) {
    const seats = parseSeats(f.announcements.value, ";"), out = {};
    for (const [seat, cards] of Object.entries(seats)) (out[seat] = out[seat] || []).push(cards);
    deal.announcements = out;
  }
  return deal;
}

async function scoreDeal() {
  const box = $("score-result");
  box.replaceChildren();
  try {
    const r = await call("score", {text: editor.getText(), deal: dealFromForm(), options: chosen()});
    if (r.diagnostics) { box.append(el("p", "Fix the file's problems to score a deal.")); return; }
    const res = r.result;
    box.append(el("p", `${res.made ? "Made" : "Failed"} — NS ${res.scores.NS}, EW ${res.scores.EW}`, {id: "score-total"}));
    const table = el("table");
    table.append(el("tr")); table.lastChild.append(el("th", "team"), el("th", "points"), el("th", "term"), el("th", "rule"));
    for (const line of res.lines) {
      const tr = el("tr"); tr.append(el("td", line.team), el("td", line.points), el("td", line.label), el("td", line.rule)); table.append(tr);
    }
    box.append(table);
  } catch (e) { box.append(el("p", e.message, {class: "error", id: "score-error"})); }
}

function selectTab(name) {
  tab = name;
  for (const b of document.querySelectorAll("nav [data-tab]")) b.setAttribute("aria-selected", String(b.dataset.tab === name));
  for (const t of document.querySelectorAll(".tab")) t.hidden = t.id !== `tab-${name}`;
  refresh();
}

// `labels[i]` is what the list shows of `values[i]` (an option value's label); the value is sent.
function fill(select, values, chosen, labels = values) {
  select.replaceChildren(...values.map((v, i) => { const o = el("option", labels[i], {value: v}); o.selected = v === chosen; return o; }));
}

async function main() {
  const s = await call("state", {});
  $("file").textContent = s.file;
  fill($("lang"), s.languages, null);
  $("lang").prepend(el("option", "the variant's own", {value: ""}));
  $("lang").value = "";
  fill($("start-lang"), s.languages, "fr");
  fill($("start-base"), s.variants, "ffb");
  fill($("other"), s.variants, "ffb");
  latest = s.text;
  editor = CoincheEditor.create($("editor"), {text: s.text, diagnose, complete, hover, save, changed, definition});
  $("goto-base").addEventListener("click", definition);
  $("print").addEventListener("click", printPdf);
  $("save").addEventListener("click", save);
  $("format").addEventListener("click", format);
  $("start-go").addEventListener("click", startFile);
  $("score-go").addEventListener("click", scoreDeal);
  $("lang").addEventListener("change", refresh);
  $("kind").addEventListener("change", refresh);
  $("other").addEventListener("change", refresh);
  for (const b of document.querySelectorAll("nav [data-tab]")) b.addEventListener("click", () => selectTab(b.dataset.tab));
  status("Ready");
  refresh();
}
window.addEventListener("DOMContentLoaded", main);
