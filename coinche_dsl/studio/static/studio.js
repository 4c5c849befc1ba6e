// The studio page: the editor, and the panels that follow the text as it changes. Every answer
// comes from the server's analysis; everything shown from a variant file goes in as text.
// Every word the page shows comes from the studio's catalog in the page's language (`t`).
"use strict";
const TOKEN = document.querySelector('meta[name="studio-token"]').content;
const $ = (id) => document.getElementById(id);
let editor, latest = "", timer = null, tab = "preview", shownOptions = "";
let words = {}, pageLang = "en", fileLang = "en", fileName = "", savedText = "";
let lastProblems = [];

// The page's one way to the server: every API call goes through here (a PDF comes back as a
// Blob, everything else as JSON).
async function call(name, body, signal = undefined) {
  const reply = await fetch(`/api/${name}`, {
    method: "POST", body: JSON.stringify(body), signal,
    headers: {"Content-Type": "application/json", "X-Studio-Token": TOKEN},
  });
  if (reply.status === 404) return null;
  if (reply.ok && reply.headers.get("content-type") === "application/pdf") return {pdf: await reply.blob()};
  const data = await reply.json();
  if (!reply.ok) throw new Error(data.error || reply.statusText);
  return data;
}

// A message of the page's catalog with its `{name}` fields filled in; a plural message picks
// its CLDR form for `n` (Intl's rules, the same as Babel's on the server).
function t(key, params = {}) {
  let pattern = words[key];
  if (pattern === undefined) return key;
  if (typeof pattern === "object") {
    const form = new Intl.PluralRules(pageLang).select(Number(params.n || 0));
    pattern = pattern[form] || pattern.other;
  }
  return pattern.replace(/\{(\w+)\}/g, (m, name) => {
    const v = params[name];
    if (v === undefined) return m;
    return typeof v === "number" ? new Intl.NumberFormat(pageLang).format(v) : String(v);
  });
}

function applyWords() {
  document.documentElement.lang = pageLang;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-title]")) node.title = t(node.dataset.i18nTitle);
  for (const node of document.querySelectorAll("[data-i18n-placeholder]")) node.placeholder = t(node.dataset.i18nPlaceholder);
  for (const node of document.querySelectorAll("[data-i18n-aria]")) node.setAttribute("aria-label", t(node.dataset.i18nAria));
  for (const node of document.querySelectorAll("[data-i18n-value]")) {
    if (!node.dataset.touched) node.value = t(node.dataset.i18nValue);
  }
  for (const select of document.querySelectorAll("select[data-seats]")) {
    const was = select.value || select.dataset.seats || "N";
    fill(select, ["N", "E", "S", "W"], was, ["N", "E", "S", "W"].map((s) => t(`seat.${s}`)));
  }
  for (const select of [$("page-lang"), $("lang"), $("start-lang")]) {
    for (const o of select.options) o.textContent = o.value ? t(`lang.${o.value}`) : t(select.id === "lang" ? "preview.lang.own" : "start.lang.base");
  }
  if (editor) editor.setLabel(t("editor.name"));
  showProblems(lastProblems);
}

async function setPageLang(lang) {
  const r = await call("messages", {lang});
  words = r.messages;
  pageLang = lang;
  $("page-lang").value = lang;
  applyWords();
  if (editor) editor.relint();  // the problems again, in the page's new language
  form.last = null;
  if (tab === "form" || tab === "score") refresh();
}

const el = CoinchePanels.el;

// What the page is still doing for the text shown (`main[aria-busy]`): the problems of the
// latest text, the open panel's refresh, an answer, a new file, a score or a PDF being made.
// A screen reader waits for it before reading the updated regions; the browser tests wait on it,
// never on the clock.
const working = new Set();

function busy(what, on) {
  if (on) working.add(what); else working.delete(what);
  const main = document.querySelector("main");
  if (working.size) main.setAttribute("aria-busy", "true"); else main.removeAttribute("aria-busy");
}

function status(text, kind = "") { const s = $("status"); s.textContent = text; s.className = kind; }

// Each problem as a sentence in the page's language with its line (a click there goes to it),
// and its fix a button one click (or Tab and Enter) away; the sentence comes from the server's
// problem catalogs and goes in as text.
function showProblems(found) {
  lastProblems = found;
  const box = $("problems");
  box.replaceChildren();
  if (!found.length) { box.append(el("div", t("problems.none"), {class: "ok"})); return; }
  for (const d of found) {
    const row = el("div", null, {class: d.severity});
    const message = d.hint ? `${d.message} (${d.hint})` : d.message;
    const where = el("button", t("problems.line", {line: d.line, message}), {type: "button", class: "where"});
    where.addEventListener("click", () => editor.goTo(d.line, d.column));
    row.append(where);
    for (const fix of d.fixes || []) {
      const button = el("button", t("problems.fix"), {type: "button", class: "fix",
        title: t("problems.fix.title", {fix}), "aria-label": t("problems.fix.aria", {fix, line: d.line})});
      button.addEventListener("click", () => { editor.replace(d, fix); editor.focus(); });
      row.append(button);
    }
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
    const label = el("label", `${o.title || o.name} `);
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
    const checked = await call("check", {text, lang: pageLang});
    const found = checked.diagnostics;
    if (asked === checks) {
      showProblems(found);
      if (checked.valid) { showOptions(checked.options); fileLang = checked.language || fileLang; }
    }
    return found;
  } catch (e) { if (asked === checks) status(e.message, "draft"); return []; }
  finally { if (asked === checks && text === latest) busy("check", false); }
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
  if (!found || !found.found) { status(t("base.none")); return; }
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

// The PDF's name says what it is: the file, the booklet or the card (in the page's words),
// the sheet's language (`club-livret-es.pdf`).
function pdfName() {
  const kind = $("kind").value === "card" ? "card" : "booklet";
  const word = t(`file.${kind}`).normalize("NFD").replace(/[^A-Za-z0-9-]/g, "");
  return `${fileName.replace(/\.coinche$/, "")}-${word}-${$("lang").value || fileLang}.pdf`;
}

async function printPdf() {
  const button = $("print"), progress = $("pdf-progress");
  button.disabled = true;
  progress.hidden = false;
  busy("pdf", true);
  status(t("pdf.making"));
  try {
    const r = await call("pdf", {text: editor.getText(), lang: $("lang").value || null, card: $("kind").value === "card", options: chosen()});
    if (!r.pdf) { status(t("pdf.problems"), "draft"); return; }
    const name = pdfName();
    const link = el("a", null, {href: URL.createObjectURL(r.pdf), download: name});
    document.body.append(link);
    link.click();
    link.remove();
    status(t("pdf.ready", {name}));
  } catch (e) {
    status(t("pdf.failed", {why: e.message}), "draft");
  } finally {
    button.disabled = false;
    progress.hidden = true;
    busy("pdf", false);
  }
}

async function save() {
  try {
    const done = await call("save", {text: editor.getText()});
    if (done.text !== editor.getText()) editor.setText(done.text);
    savedText = done.text;
    const file = done.saved;
    if (done.draft) status(t("status.draft", {file, n: done.problems}), "draft");
    else if (done.warnings) status(t("status.saved_warnings", {file, n: done.warnings}), "saved");
    else status(t("status.saved", {file}), "saved");
  } catch (e) { status(t("status.not_saved", {why: e.message}), "draft"); }
}

async function format() {
  const done = await call("format", {text: editor.getText()});
  if (done.diagnostics) { status(t("status.format_syntax"), "draft"); return; }
  if (done.text !== editor.getText()) editor.setText(done.text);
}

// A sheet in a pane. Its contents links scroll the pane to their heading; any other link is
// not followed (the pane shows the sheet only).
function frame(id, html) { $(id).srcdoc = html; }

function keepLinksInside(iframe) {
  iframe.addEventListener("load", () => {
    const doc = iframe.contentDocument;
    if (!doc) return;
    doc.addEventListener("click", (e) => {
      const link = e.target.closest && e.target.closest("a[href]");
      if (!link) return;
      e.preventDefault();
      const href = link.getAttribute("href");
      if (href.startsWith("#")) {
        const target = doc.getElementById(decodeURIComponent(href.slice(1)));
        if (target) target.scrollIntoView({block: "start"});
      }
    });
  });
}

// Each refresh is numbered: the server may answer two requests out of order (a tab opened, then
// a variant chosen at once), and only the answer to the latest one may reach the page. The
// request of the refresh before is given up: the server does not render what nobody waits for.
let refreshes = 0, pending = null;

async function refresh() {
  const text = latest;
  const asked = ++refreshes;
  busy("refresh", true);
  const current = () => asked === refreshes;
  if (pending) pending.abort();
  pending = new AbortController();
  const signal = pending.signal;
  try {
    if (tab === "preview") {
      const r = await call("preview", {text, lang: $("lang").value || null, card: $("kind").value === "card", options: chosen()}, signal);
      if (!current()) return;
      if (r.html) frame("preview", r.html);  // with problems, the last valid sheet stays
      $("preview-note").textContent = r.html ? "" : t("preview.stale");
    } else if (tab === "compare") {
      const r = await call("compare", {text, other: $("other").value, lang: $("lang").value || pageLang, options: chosen()}, signal);
      if (current() && r.html) frame("comparison", r.html);
    } else if (tab === "form") {
      await questionnaire(text, current, signal);
    } else if (tab === "score") {  // the form's menus in the file's words, for its rules
      const r = await call("deal_words", {text, options: chosen(), lang: pageLang}, signal);
      if (current()) CoinchePanels.dealMenus($("deal"), r);
    }
  } catch (e) { if (current() && e.name !== "AbortError") status(e.message, "draft"); }
  finally { if (current() && timer === null) busy("refresh", false); }
}

// A change of the text: its problems are asked for by the editor, the open panel follows half
// a second after the last key.
function changed(text) {
  latest = text;
  status(text === savedText ? "" : t("status.edited"));
  busy("check", true);
  busy("refresh", true);
  clearTimeout(timer);
  timer = setTimeout(() => { timer = null; refresh(); }, 500);
}

// The text replaced by the page itself (an answer, a new file): the panel follows at once.
function refreshNow() {
  clearTimeout(timer);
  timer = null;
  refresh();
}

// The questionnaire (`CoinchePanels`, shared with the server's editor). While "Start a new
// file" is open, the questions show the chosen base's answers and keep the user's for the new
// file (`draft`), each checked as part of that new file.
let draft = {}, form = null;

function drafting() { return $("start").open; }

async function keepForNewFile(path, value) {
  const answers = {...draft, [path]: value};
  busy("answer", true);
  try {
    const r = await call("start", startRequest(answers));
    const errors = (r.diagnostics || []).filter((d) => d.severity === "error");
    if (errors.length) {
      form.notes[path] = {refused: t("form.refused", {why: errors[0].message})};
    } else {
      draft = answers;
      form.notes[path] = {kept: true};
    }
  } catch (e) { form.notes[path] = {refused: t("form.refused", {why: e.message})}; }
  finally { busy("answer", false); }
  form.redraw();  // the controls as the answers are, whatever was clicked
}

function questionnaire(text, current = () => true, signal = undefined) {
  return form.load(text, current, signal);
}

function startRequest(answers) {
  return {base: $("start-base").value, name: $("start-name").value, title: $("start-title").value,
    description: $("start-description").value, sources: $("start-sources").value,
    lang: $("start-lang").value || null, answers};
}

async function startFile() {
  const text = editor.getText();
  if (text.trim() && !window.confirm(t("start.confirm"))) return;
  busy("answer", true);
  try {
    const r = await call("start", startRequest(draft));
    editor.setText(r.text);
    latest = r.text;
    status(t("start.done", {base: $("start-base").value}));
    draft = {};
    for (const k of Object.keys(form.notes)) delete form.notes[k];
    for (const k of Object.keys(form.undos)) delete form.undos[k];
    $("start").open = false;
    $("start").querySelector("summary").focus();  // its button is folded away: the focus stays here
    refreshNow();
  } catch (e) { status(e.message, "draft"); } finally { busy("answer", false); }
}

function startToggled() {
  draft = {};
  for (const k of Object.keys(form.notes)) delete form.notes[k];
  form.last = null;
  refresh();
}

function scoreDeal() {
  return CoinchePanels.score(call, t, $("deal"), $("score-result"),
    {text: editor.getText(), options: chosen(), lang: pageLang}, busy);
}

// The panels are a tab list: one tab in the Tab order, the arrow keys, Home and End move
// between them (the WAI-ARIA tabs pattern, tabs activated as they get the focus).
function selectTab(name, focus = false) {
  tab = name;
  for (const b of document.querySelectorAll("[role=tab]")) {
    const on = b.dataset.tab === name;
    b.setAttribute("aria-selected", String(on));
    b.tabIndex = on ? 0 : -1;
    if (on && focus) b.focus();
  }
  for (const p of document.querySelectorAll(".tab")) p.hidden = p.id !== `tab-${name}`;
  refresh();
}

function tabKeys(e) {
  const tabs = [...document.querySelectorAll("[role=tab]")];
  const at = tabs.indexOf(document.activeElement);
  const to = {ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1}[e.key];
  if (at < 0 || to === undefined) return;
  e.preventDefault();
  selectTab(tabs[(to + tabs.length) % tabs.length].dataset.tab, true);
}

// `labels[i]` is what the list shows of `values[i]` (an option value's label); the value is sent.
function fill(select, values, chosen, labels = values) {
  select.replaceChildren(...values.map((v, i) => { const o = el("option", labels[i], {value: v}); o.selected = v === chosen; return o; }));
}

async function main() {
  const s = await call("state", {});
  words = s.messages;
  pageLang = fileLang = s.language;
  fileName = s.file;
  $("file").textContent = s.file;
  fill($("page-lang"), s.languages, s.language);
  fill($("lang"), ["", ...s.languages], "");
  fill($("start-lang"), ["", ...s.languages], "");
  fill($("start-base"), s.variants, "ffb");
  fill($("other"), s.variants, "ffb");
  latest = savedText = s.text;
  CoinchePanels.dealForm($("deal"), t);
  form = CoinchePanels.questionnaire({call, t, lang: () => pageLang, getText: () => editor.getText(),
    written(text) { editor.setText(text); latest = text; refreshNow(); }, status, busy,
    form: $("questions"), problem: $("form-problem"), drafting, draft: () => draft,
    keep: keepForNewFile,
    request: (text) => drafting() ? {base: $("start-base").value, lang: pageLang} : {text, lang: pageLang}});
  busy("check", true);  // the editor asks for the file's problems as it opens
  editor = CoincheEditor.create($("editor"), {text: s.text, diagnose, complete, hover, changed, definition, label: t("editor.name")});
  applyWords();
  keepLinksInside($("preview"));
  keepLinksInside($("comparison"));
  $("goto-base").addEventListener("click", definition);
  $("print").addEventListener("click", printPdf);
  $("save").addEventListener("click", save);
  $("format").addEventListener("click", format);
  $("start-go").addEventListener("click", startFile);
  $("start").addEventListener("toggle", startToggled);
  $("start-base").addEventListener("change", startToggled);
  $("start-title").addEventListener("input", () => { $("start-title").dataset.touched = "1"; });
  $("score-go").addEventListener("click", scoreDeal);
  $("lang").addEventListener("change", refresh);
  $("kind").addEventListener("change", refresh);
  $("other").addEventListener("change", refresh);
  $("page-lang").addEventListener("change", () => setPageLang($("page-lang").value));
  for (const b of document.querySelectorAll("[role=tab]")) b.addEventListener("click", () => selectTab(b.dataset.tab));
  $("tabs").addEventListener("keydown", tabKeys);
  // Ctrl-S (Cmd-S) saves wherever the focus is; F12 shows the base's value from anywhere.
  window.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "s") { e.preventDefault(); save(); }
  }, true);
  window.addEventListener("beforeunload", (e) => {
    if (editor.getText() !== savedText) { e.preventDefault(); e.returnValue = ""; }
  });
  status(t("status.ready"));
  refresh();
}
window.addEventListener("DOMContentLoaded", main);
