// The studio's questionnaire and score form, shared by the studio's page (studio.js) and the
// editor of a club's variant on `coinche serve` (its edit.js): each page gives them its one way
// to its server (`call(name, body)`, JSON in and out, an Error with the server's words when
// refused), the page's words (`t`) and the editor's text. Everything shown from a variant file
// or an answer goes in as text.
"use strict";
var CoinchePanels = (() => {
  function el(tag, text, attrs = {}) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    return node;
  }

  // A message of a page catalog (`words`) with its `{name}` fields filled in; a plural message
  // picks its CLDR form for `n` (Intl's rules, the same as Babel's on the server).
  function translator(words, lang) {
    return (key, params = {}) => {
      let pattern = words[key];
      if (pattern === undefined) return key;
      if (typeof pattern === "object") {
        const form = new Intl.PluralRules(lang).select(Number(params.n || 0));
        pattern = pattern[form] || pattern.other;
      }
      return pattern.replace(/\{(\w+)\}/g, (m, name) => {
        const v = params[name];
        if (v === undefined) return m;
        return typeof v === "number" ? new Intl.NumberFormat(lang).format(v) : String(v);
      });
    };
  }

  // The questionnaire. Over the edited text, each answer is written into the text only if it
  // brings no new error (else the server says why, under the question), and can be undone.
  // `o`: call, t, lang() (the page's language), getText(), written(text) (the answer's text,
  // for the editor), status(message), form and problem (the page's nodes); busy(kind, on), if
  // given, is told while an answer is coming (the studio's `main[aria-busy]`); the studio adds
  // drafting(), draft() and keep(path, value) for its "Start a new file" panel, and
  // request(text) for what the questions are asked of.
  function questionnaire(o) {
    const drafting = o.drafting || (() => false);
    const draftOf = () => (drafting() && o.draft ? o.draft() : {});
    const busy = o.busy || (() => {});
    const notes = {}, undos = {};
    const panel = {notes, undos, last: null};
    let shown = "";  // what the form shows (`render`), as JSON

    async function answer(path, value, previous) {
      if (drafting()) return o.keep(path, value);
      busy("answer", true);
      try {
        const r = await o.call("answer", {text: o.getText(), path, value, lang: o.lang()});
        if (r.refused) { notes[path] = {refused: r.refused}; redraw(); return; }
        notes[path] = {written: true, note: r.note};
        if (previous !== undefined) undos[path] = previous; else delete undos[path];
        o.written(r.text);
      } catch (e) { o.status(e.message, "draft"); } finally { busy("answer", false); }
    }

    function currentValue(q) {
      const draft = draftOf();
      return q.path in draft ? draft[q.path] : q.value;
    }

    function control(q) {
      const t = o.t;
      const box = el("fieldset", null, {id: `q-${q.path}`, class: "q"});
      const legendId = `q-${q.path}-legend`;
      box.append(el("legend", q.question, {id: legendId}));
      const value = currentValue(q);
      if (!drafting()) box.append(el("span", `${t("form.said")} ${q.said}`, {class: "said"}));
      const inputId = (v) => `q-${q.path}-${v}`;
      if (q.kind === "number") {
        const input = el("input", null, {type: "number", id: inputId("n"), "data-path": q.path, "aria-labelledby": legendId});
        if (q.min !== undefined) { input.min = q.min; input.max = q.max; }
        input.value = value;
        input.dataset.shown = String(value);
        input.addEventListener("change", () => answer(q.path, input.value, value));
        box.append(input);
      } else if (q.kind === "choices") {
        for (const c of q.choices) {
          const label = el("label", null, {class: "inline"});
          const input = el("input", null, {type: "checkbox", id: inputId(c.value), value: c.value, "data-path": q.path});
          input.checked = value.includes(c.value);
          input.addEventListener("change", () => {
            const picked = [...box.querySelectorAll("input[type=checkbox]:checked")].map((i) => i.value);
            answer(q.path, picked, value);
          });
          label.append(input, ` ${c.label}`);
          box.append(label);
        }
      } else {
        for (const c of q.choices) {
          const label = el("label");
          const input = el("input", null, {type: "radio", name: `q-${q.path}`, id: inputId(c.value), value: c.value, "data-path": q.path});
          input.checked = c.value === value;
          input.addEventListener("change", () => { if (input.checked) answer(q.path, c.value, value); });
          label.append(input, ` ${c.label}`);
          box.append(label);
        }
      }
      const note = notes[q.path];
      if (note && note.refused) box.append(el("span", note.refused, {class: "refused", role: "alert"}));
      if (note && note.written) box.append(el("span", note.note || t("form.written"), {class: "written", role: "status"}));
      if (note && note.kept) box.append(el("span", t("start.kept"), {class: "written"}));
      if (!drafting() && q.path in undos) {
        const undo = el("button", t("form.undo"), {type: "button", class: "undo", id: `q-${q.path}-undo`, title: t("form.undo.title")});
        undo.addEventListener("click", () => { const back = undos[q.path]; delete undos[q.path]; answer(q.path, back); });
        box.append(undo);
      }
      return box;
    }

    // The form is rebuilt from the server's answers, only when they or the notes under them
    // have changed (a key pressed on a box must find that box still there when it comes up);
    // the control that had the focus has it again, with what was being typed in it and not yet
    // written.
    function render(r) {
      if (!r) return;
      panel.last = r;
      o.problem.textContent = r.problem || "";  // said again even when the form stays
      const shape = JSON.stringify([r, notes, Object.keys(undos), drafting(), draftOf()]);
      if (shape === shown) return;
      shown = shape;
      const form = o.form, active = document.activeElement;
      const focused = active && form.contains(active) ? active.id : null;
      const typed = focused && active.type === "number" && active.value !== active.dataset.shown
        ? active.value : null;
      form.replaceChildren(...r.questions.map(control));
      if (!focused) return;
      const again = document.getElementById(focused);
      if (again && typed !== null) again.value = typed;
      if (again && form.contains(again)) again.focus();
      else if (focused.endsWith("-undo") && document.getElementById(focused.replace(/-undo$/, ""))) {
        document.getElementById(focused.replace(/-undo$/, "")).querySelector("input").focus();  // the undo is done
      }
    }

    // The form rebuilt as the answers are, whatever was clicked (a refused or kept answer).
    function redraw() {
      shown = "";
      render(panel.last);
    }

    async function load(text, current = () => true, signal = undefined) {
      const body = o.request ? o.request(text) : {text, lang: o.lang()};
      const r = await o.call("questionnaire", body, signal);
      if (!current()) return;
      if (r.questions.length === 0 && panel.last && panel.last.questions.length && !drafting()) {
        o.problem.textContent = r.problem;  // a file that does not parse: the form stays
        return;
      }
      render(r);
    }

    return Object.assign(panel, {answer, render, redraw, load});
  }

  // The score form's fields, each named by a key of the studio's catalog (`data-i18n`: the
  // studio's page puts them in another language when its own changes). Its menus are the
  // file's once the server has said them (`dealMenus`); until then, the page's words.
  const SEATS = ["N", "E", "S", "W"];
  const DENOMINATIONS = ["clubs", "diamonds", "hearts", "spades", "no-trump", "all-trump"];

  function dealForm(form, t) {
    const label = (key, control) => {
      const row = el("label");
      row.append(el("span", t(key), {"data-i18n": key}), " ", control);
      return row;
    };
    const select = (name, values, chosen, word) => {
      const s = el("select", null, {name});
      for (const v of values) {
        const option = el("option", t(word(v)), {value: v, "data-i18n": word(v)});
        option.selected = v === chosen;
        s.append(option);
      }
      return s;
    };
    const seats = (name, chosen) => {
      const s = select(name, SEATS, chosen, (v) => `seat.${v}`);
      s.setAttribute("data-seats", chosen);
      return s;
    };
    const input = (name, attrs) => el("input", null, {name, ...attrs});
    const bid = input("bid", {value: "90", size: "16", list: "score-bids", autocomplete: "off", title: t("score.bid.title"), "data-i18n-title": "score.bid.title"});
    bid.addEventListener("input", () => { bid.dataset.touched = "1"; });
    form.replaceChildren(
      label("score.declarer", seats("declarer", "N")),
      label("score.bid", bid),
      el("datalist", null, {id: "score-bids"}),
      label("score.trump", select("trump", DENOMINATIONS, "hearts", (v) => `denom.${v}`)),
      label("score.double", select("double", ["none", "coinche", "surcoinche"], "none", (v) => `score.double.${v}`)),
      label("score.ns", input("ns", {type: "number", value: "100", min: "0"})),
      label("score.ew", input("ew", {type: "number", value: "52", min: "0"})),
      label("score.last_trick", seats("last_trick", "S")),
      label("score.tricks", input("tricks", {placeholder: "N 3, E 1, S 4, W 0"})),
      label("score.belote", input("belote", {placeholder: "N"})),
      label("score.announcements", input("announcements", {placeholder: "N QH JH 10H; E 7S 8S 9S"})),
      el("button", t("score.go"), {id: "score-go", type: "button", "data-i18n": "score.go"}));
  }

  // The menus of `form` in the file's words, as the server says them for its rules
  // (`deal_words`): the bids as the table says them (« cent », its figure beside it, any of
  // them typed too), the denominations the rules bid, the coinche levels they allow
  // (« coinché », the contrée's « contré »), and an announcement in the language's card codes.
  // What was chosen stays chosen when the new menus still offer it.
  function dealMenus(form, r) {
    if (!r || !r.bids) return;
    const f = form.elements;
    form.querySelector("datalist").replaceChildren(...r.bids.map((b) => el("option", b.figure, {value: b.value})));
    if (!f.bid.dataset.touched) f.bid.value = r.bid;
    const refill = (select, items) => {
      const was = select.value;
      select.replaceChildren(...items.map((i) => {
        const o = el("option", i.label, {value: i.value});
        o.selected = i.value === was;
        return o;
      }));
      if (!items.some((i) => i.value === was) && items.length) select.value = items[0].value;
    };
    refill(f.trump, r.denominations);
    refill(f.double, r.doubles);
    for (const [key, text] of Object.entries(r.labels || {})) {
      for (const node of form.querySelectorAll(`[data-i18n="${key}"]`)) node.textContent = text;
      for (const node of form.querySelectorAll(`[data-i18n-title="${key}"]`)) node.title = text;
    }
    f.tricks.placeholder = r.tricks;
    f.announcements.placeholder = r.cards;
    f.announcements.title = r.cards_title;
    form.lang = r.lang;
  }

  // A seat as typed: N, E, S, W, or the O of Ouest, Oeste, Ovest.
  const seatOf = (s) => (s.toUpperCase() === "O" ? "W" : s.toUpperCase());

  function parseSeats(text, re) {
    const out = {};
    for (const part of text.split(re).map((s) => s.trim()).filter(Boolean)) {
      const [seat, ...rest] = part.split(/\s+/);
      out[seatOf(seat)] = rest;
    }
    return out;
  }

  function dealFromForm(form) {
    const f = form.elements;
    const bid = /^\d+$/.test(f.bid.value.trim()) ? Number(f.bid.value) : f.bid.value.trim();
    const deal = {declarer: f.declarer.value, bid, trump: f.trump.value, double: f.double.value,
      card_points: {NS: Number(f.ns.value), EW: Number(f.ew.value)}, last_trick: f.last_trick.value};
    if (f.tricks.value.trim()) {
      deal.tricks = Object.fromEntries(Object.entries(parseSeats(f.tricks.value, ",")).map(([s, v]) => [s, Number(v[0])]));
    }
    if (f.belote.value.trim()) deal.belote = f.belote.value.trim().split(/[\s,]+/).map(seatOf);
    if (f.announcements.value.trim()) {
      const seats = parseSeats(f.announcements.value, ";"), out = {};
      for (const [seat, cards] of Object.entries(seats)) (out[seat] = out[seat] || []).push(cards);
      deal.announcements = out;
    }
    return deal;
  }

  // The deal of `form` scored under the edited rules (`body`: the text, the options chosen,
  // the page's language), shown in `box` as the booklet prints a worked example; `busy(kind,
  // on)`, if given, is told while the score is coming.
  async function score(call, t, form, box, body, busy = () => {}) {
    box.replaceChildren();
    busy("score", true);
    try {
      const r = await call("score", {...body, deal: dealFromForm(form)});
      if (r.diagnostics) { box.append(el("p", t("score.problems"))); return; }
      const res = r.result;
      box.append(el("p", t("score.total", {result: t(res.made ? "score.made" : "score.failed"), ns: res.scores.NS, ew: res.scores.EW}), {id: "score-total"}));
      const shown = r.shown;
      for (const fact of shown.facts) box.append(el("p", fact, {class: "fact"}));
      for (const line of shown.worked) box.append(el("p", line, {class: "worked"}));
      const table = el("table");
      const head = el("tr");
      for (const h of shown.head) head.append(el("th", h, {scope: "col"}));
      table.append(head);
      for (const row of shown.rows) {
        const tr = el("tr");
        for (const cell of row) tr.append(el("td", cell));
        table.append(tr);
      }
      box.append(table);
    } catch (e) { box.append(el("p", e.message, {class: "error", id: "score-error"})); }
    finally { busy("score", false); }
  }

  return {el, translator, questionnaire, dealForm, dealMenus, dealFromForm, score};
})();
