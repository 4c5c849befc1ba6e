// The studio's editor: CodeMirror 6 with the variant language's highlighting, and hooks through
// which the page (studio.js) supplies diagnostics, completion and hover from the server. This
// file only wires CodeMirror; every rule-aware answer comes from the Python analysis service.
import {EditorState, Compartment} from "@codemirror/state";
import {EditorView, keymap, lineNumbers, highlightActiveLine, hoverTooltip} from "@codemirror/view";
import {defaultKeymap, history, historyKeymap, indentWithTab} from "@codemirror/commands";
import {StreamLanguage, syntaxHighlighting, defaultHighlightStyle, bracketMatching} from "@codemirror/language";
import {linter, lintGutter, forceLinting} from "@codemirror/lint";
import {autocompletion, completionKeymap} from "@codemirror/autocomplete";
import {searchKeymap} from "@codemirror/search";

const KEYWORDS = new Set(["variant", "extends", "example", "if", "then", "else", "and", "or", "not"]);
const CARD = /^(10|[789JQKA])[CDHS](?![A-Za-z0-9_])/;

// The variant language's tokens, as coinche_dsl/grammar/coinche.lark defines them.
export const coincheLanguage = StreamLanguage.define({
  name: "coinche",
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.match(/^#.*/)) return "comment";
    if (stream.match(/^"([^"\\]|\\.)*"?/)) return "string";
    if (stream.match(CARD)) return "atom";
    if (stream.match(/^[0-9]+/)) return "number";
    if (stream.match(/^(<=|>=|==|!=|[<>=+\-*])/)) return "operator";
    const word = stream.match(/^[A-Za-z_][A-Za-z0-9_]*/);
    if (word) {
      if (KEYWORDS.has(word[0])) return "keyword";
      if (stream.match(/^\s*\{/, false)) return "heading";
      return stream.column() === stream.indentation() ? "propertyName" : "variableName";
    }
    stream.next();
    return null;
  },
  languageData: {commentTokens: {line: "#"}},
});

function toRange(doc, d) {
  const line = doc.line(Math.min(Math.max(d.line, 1), doc.lines));
  const from = Math.min(line.from + Math.max(d.column - 1, 0), line.to);
  const to = Math.min(Math.max(from + (d.length || 1), from), line.to);
  return {from, to: to > from ? to : Math.min(from + 1, doc.length)};
}

export function create(parent, hooks) {
  const lint = linter(async (view) => {
    const doc = view.state.doc;
    const found = await hooks.diagnose(doc.toString());
    return found.map((d) => {
      const range = toRange(doc, d);
      return {
        ...range,
        severity: d.severity === "warning" ? "warning" : "error",
        message: d.hint ? `${d.message} (${d.hint})` : d.message,
        actions: (d.fixes || []).map((fix) => ({
          name: `→ ${fix}`,
          apply(v, from, to) { v.dispatch({changes: {from, to, insert: fix}}); },
        })),
      };
    });
  }, {delay: 300});

  const complete = async (context) => {
    const word = context.matchBefore(/[A-Za-z_][A-Za-z0-9_]*/);
    if (!word && !context.explicit) return null;
    const items = await hooks.complete(context.state.doc.toString(), context.pos);
    return {from: word ? word.from : context.pos, options: items, validFor: /^[A-Za-z0-9_]*$/};
  };

  const hover = hoverTooltip(async (view, pos) => {
    const info = await hooks.hover(view.state.doc.toString(), pos);
    if (!info) return null;
    return {pos: info.from ?? pos, end: info.to ?? pos, above: true, create() {
      const dom = document.createElement("div");
      dom.className = "cm-coinche-hover";
      dom.textContent = info.text;  // text only: never HTML from a variant file
      return {dom};
    }};
  });

  // The text box's accessible name, in the page's language (`setLabel` when it changes).
  const label = new Compartment();
  const named = (text) => EditorView.contentAttributes.of({"aria-label": text || "Variant file"});

  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: hooks.text || "",
      extensions: [
        lineNumbers(), history(), highlightActiveLine(), bracketMatching(),
        coincheLanguage, syntaxHighlighting(defaultHighlightStyle),
        lint, lintGutter(), autocompletion({override: [complete]}), hover,
        label.of(named(hooks.label)),
        // Tab indents; Escape then Tab leaves the editor (CodeMirror's own way out, which the
        // page says above the editor). Ctrl-S is the page's, wherever the focus is.
        keymap.of([
          {key: "F12", preventDefault: true, run: () => { hooks.definition(); return true; }},
          indentWithTab, ...completionKeymap, ...searchKeymap, ...historyKeymap, ...defaultKeymap,
        ]),
        EditorView.updateListener.of((u) => { if (u.docChanged) hooks.changed(u.state.doc.toString()); }),
      ],
    }),
  });
  return {
    view,
    getText: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({changes: {from: 0, to: view.state.doc.length, insert: text}});
    },
    relint: () => forceLinting(view),
    cursor: () => view.state.selection.main.head,
    focus: () => view.focus(),
    setLabel(text) { view.dispatch({effects: label.reconfigure(named(text))}); },
    goTo(line, column = 1) {
      const l = view.state.doc.line(Math.min(Math.max(line, 1), view.state.doc.lines));
      const at = Math.min(l.from + Math.max(column - 1, 0), l.to);
      view.dispatch({selection: {anchor: at}, scrollIntoView: true});
      view.focus();
    },
    // A problem's fix (its did-you-mean) written over the problem's span.
    replace(d, text) {
      const range = toRange(view.state.doc, d);
      view.dispatch({changes: {...range, insert: text}, selection: {anchor: range.from + text.length}, scrollIntoView: true});
    },
  };
}
