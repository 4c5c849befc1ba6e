// The server's editor page: the studio's CodeMirror bundle over the form's textarea, with the
// server's check as its problems (everything shown from a variant file goes in as text). Without
// scripts the textarea is the editor, and saving is the same form post.
"use strict";
window.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("edit");
  const area = document.getElementById("text");
  if (!form || !area || typeof CoincheEditor === "undefined") return;
  const url = form.dataset.check, csrf = form.dataset.csrf;
  const list = document.getElementById("problems");
  const line = form.dataset.line || "{line}: {message}";  // the page's words: « Ligne {line} : … »
  async function diagnose(text) {
    const body = new URLSearchParams({text});
    const reply = await fetch(url, {method: "POST", body, headers: {"X-CSRF-Token": csrf, "Accept": "application/json"}});
    if (!reply.ok) return [];
    const found = (await reply.json()).diagnostics || [];
    list.replaceChildren(...found.map((d) => {
      const li = document.createElement("li");
      li.className = d.severity;
      const said = line.replace("{line}", String(d.line)).replace("{message}", d.message);
      li.textContent = `${said}${d.hint ? ` (${d.hint})` : ""}`;
      return li;
    }));
    return found;
  }
  // The studio's completion and hover help, asked of this club's server (`form.dataset.url`).
  async function ask(name, text, pos) {
    const before = text.slice(0, pos), line = before.split("\n").length;
    const character = [...before.slice(before.lastIndexOf("\n") + 1)].length;
    const body = new URLSearchParams({text, line: String(line), character: String(character)});
    const reply = await fetch(`${form.dataset.url}/${name}`, {method: "POST", body, headers: {"X-CSRF-Token": csrf, "Accept": "application/json"}});
    return reply.ok ? reply.json() : null;
  }
  const kinds = {block: "namespace", setting: "property", choice: "enum", quantity: "variable", variant: "constant"};
  async function complete(text, pos) {
    const found = await ask("complete", text, pos);
    return (found ? found.items : []).map((i) => ({label: i.label, apply: i.insert, type: kinds[i.kind] || "text", detail: i.detail}));
  }
  async function hover(text, pos) {
    const found = await ask("hover", text, pos);
    return found && found.text ? {text: found.text} : null;
  }
  const editor = CoincheEditor.create(document.getElementById("editor"), {
    text: area.value, diagnose, complete, hover, definition() {},
    save() { form.requestSubmit(); },
    changed(text) { area.value = text; later(); },
  });
  // The sheet of the text as it is, and the questionnaire's answers, a moment after the typing
  // stops (the server's render pool).
  const shown = document.getElementById("preview-form"), kept = document.getElementById("preview-text");
  let timer = null;
  function later() {
    clearTimeout(timer);
    timer = setTimeout(() => { kept.value = editor.getText(); shown.submit(); questions(); menus(); }, 1200);
  }
  if (shown) shown.submit();
  // The studio's questionnaire and score form (`CoinchePanels`, the studio's own code), in the
  // studio's words for this page's language, answered by this club's server.
  const words = JSON.parse(document.getElementById("studio-words").textContent);
  const lang = document.documentElement.lang, t = CoinchePanels.translator(words, lang);
  async function call(name, data, signal = undefined) {
    const body = new URLSearchParams({payload: JSON.stringify(data)});
    const reply = await fetch(`${form.dataset.url}/${name}`, {method: "POST", body, signal, headers: {"X-CSRF-Token": csrf, "Accept": "application/json"}});
    const answer = await reply.json().catch(() => ({error: reply.statusText}));
    if (!reply.ok) throw new Error(answer.error || reply.statusText);
    return answer;
  }
  const status = (message) => { document.getElementById("form-problem").textContent = message; };
  const panel = CoinchePanels.questionnaire({call, t, lang: () => lang, getText: () => editor.getText(),
    written(text) { editor.setText(text); }, status,
    form: document.getElementById("questions"), problem: document.getElementById("form-problem")});
  let asked = 0;
  function questions() {
    const mine = ++asked;
    panel.load(editor.getText(), () => mine === asked).catch((e) => { if (mine === asked) status(e.message); });
  }
  const deal = document.getElementById("deal");
  CoinchePanels.dealForm(deal, t);
  let told = 0;  // the score form's menus in the variant's words, for the text as it is
  function menus() {
    const mine = ++told;
    call("deal_words", {text: editor.getText(), lang}).then((r) => { if (mine === told) CoinchePanels.dealMenus(deal, r); }).catch(() => {});
  }
  document.getElementById("score-go").addEventListener("click", () => CoinchePanels.score(
    call, t, deal, document.getElementById("score-result"), {text: editor.getText(), lang}));
  for (const id of ["panel-form", "panel-score"]) document.getElementById(id).hidden = false;
  questions();
  menus();
  area.hidden = true;
  form.addEventListener("submit", () => { area.value = editor.getText(); });
  window.coincheEditor = editor;
});
