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
  const editor = CoincheEditor.create(document.getElementById("editor"), {
    text: area.value, diagnose,
    complete: async () => [], hover: async () => null, definition() {},
    save() { form.requestSubmit(); },
    changed(text) { area.value = text; },
  });
  area.hidden = true;
  form.addEventListener("submit", () => { area.value = editor.getText(); });
  window.coincheEditor = editor;
});
