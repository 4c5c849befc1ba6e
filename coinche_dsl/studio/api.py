"""The studio's API: one function per page request, JSON in, JSON out.

Each takes the workspace and the request's JSON object, and returns a JSON-able value; a
CoincheError becomes a 422 with its message. Field types are checked here (`_text`, `_str`):
the page is trusted no more than a variant file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..limits import MAX_OPTIONS
from ..render.i18n import LANGUAGES
from .questions import (
    AnswerError,
    answer_text,
    check_parses,
    drop_base_examples,
    new_variant,
    questions,
    set_setting,
)
from .service import StudioError, Workspace, diagnostic_json, read_variant_text

MAX_TEXT = 1_000_000


def _str(data: dict[str, Any], key: str, default: str | None = None, limit: int = 200) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or len(value) > limit:
        raise StudioError(f"'{key}' must be a text of at most {limit:,} characters")
    return value


def _text(data: dict[str, Any]) -> str:
    return _str(data, "text", limit=MAX_TEXT)


def _lang(data: dict[str, Any], default: str | None = None) -> str | None:
    lang = data.get("lang", default)
    if lang is not None and lang not in LANGUAGES:
        raise StudioError(f"no sheet language '{str(lang)[:10]}'; one of {', '.join(LANGUAGES)}")
    return lang


def _choices(data: dict[str, Any]) -> dict[str, str]:
    """The page's option controls (`"options": {"litige": "chute"}`); a name or value
    the variant lacks is the loader's error (a 422 naming it)."""
    chosen = data.get("options") or {}
    if not isinstance(chosen, dict) or len(chosen) > MAX_OPTIONS or not all(
            isinstance(k, str) and isinstance(v, str) and len(k) + len(v) < 200
            for k, v in chosen.items()):
        raise StudioError("'options' must map option names to values")
    return chosen


def _analyse(ws: Workspace, data: dict[str, Any]) -> Any:
    return ws.analyse(_text(data), _choices(data))


def state(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """What the page needs to start: the file, its text, the variants and languages."""
    return {"file": ws.file.name, "text": ws.read(), "variants": ws.variants(),
            "languages": list(LANGUAGES)}


def check(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    analysis = ws.analyse(_text(data))
    options = [{"name": o.name, "title": o.title, "default": o.default,
                "values": [v.name for v in o.values],
                "labels": [v.label or v.name for v in o.values]}  # shown; the name is sent
               for o in (analysis.ruleset.options if analysis.ruleset else [])]
    return {"diagnostics": analysis.diagnostics, "valid": analysis.ruleset is not None,
            "options": options}


def _cursor(data: dict[str, Any]) -> tuple[int, int]:
    """The request's 1-based line and 0-based character as the analysis's line and column."""
    line, char = data.get("line"), data.get("character")
    if not isinstance(line, int) or not isinstance(char, int) or line < 1 or char < 0:
        raise StudioError("'line' (from 1) and 'character' (from 0) must be whole numbers")
    return line, char + 1


def complete(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """What may be written at the cursor (the analysis the language server uses)."""
    from ..analysis import complete as completions

    items = completions(_text(data), *_cursor(data))
    return {"items": [{"label": c.label, "kind": c.kind, "detail": c.detail,
                       "insert": c.insert or c.label} for c in items]}


def hover(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """Help on the word at the cursor, as plain text: the page shows it as text, never HTML."""
    from ..analysis import hover as help_at

    found = help_at(_text(data), *_cursor(data), file=str(ws.file))
    return {"text": _plain(found) if found else None}


def _plain(markdown: str) -> str:
    return re.sub(r"\*\*|```\w*\n?|`", "", markdown).strip()


def definition(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """The base's value of the setting at the cursor (or the base itself, on an `extends`
    name): the base file's name, text and line, for the page's read-only view."""
    from ..analysis import definition as defined_at

    found = defined_at(_text(data), *_cursor(data), file=str(ws.file))
    if found is None:
        return {"found": False}
    base = Path(found.file)
    return {"found": True, "file": base.name, "line": found.line,
            "text": read_variant_text(base)}


def format_(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """The canonical layout of the text (comments kept), or why it cannot be laid out."""
    from ..errors import VariantError
    from ..syntax.formatter import format_text

    text = _text(data)
    try:
        return {"text": format_text(text, str(ws.file))}
    except VariantError as e:
        return {"text": text, "diagnostics": [diagnostic_json(d) for d in e.diagnostics]}


def save(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """Format (when it parses) and save atomically; a file with errors is saved as a draft."""
    done = format_(ws, data)
    return {**ws.save(done["text"]), "text": done["text"]}


def _sheet(data: dict[str, Any]) -> Any:
    """The booklet, or the one-page card when the request asks for it (`"card": true`)."""
    from ..render import card, sheet

    return card if data.get("card") is True else sheet


def preview(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """The rule sheet (or card) of the edited text as an HTML document, or the problems that
    stop it."""
    analysis = _analyse(ws, data)
    if analysis.ruleset is None:
        return {"diagnostics": analysis.diagnostics}
    return {"html": _sheet(data)(analysis.ruleset, _lang(data), "html")}


def pdf(ws: Workspace, data: dict[str, Any]) -> bytes | dict[str, Any]:
    """The rule sheet (or card) of the edited text as a PDF, to print (the `pdf` extra)."""
    analysis = _analyse(ws, data)
    if analysis.ruleset is None:
        return {"diagnostics": analysis.diagnostics}
    out = _sheet(data)(analysis.ruleset, _lang(data), "pdf")
    assert isinstance(out, bytes)
    return out


def compare(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """The rules on which the edited text and another variant differ, as an HTML document."""
    from ..render import compare as render_compare

    analysis = _analyse(ws, data)
    if analysis.ruleset is None:
        return {"diagnostics": analysis.diagnostics}
    other = ws.other(_str(data, "other"))
    return {"html": render_compare([analysis.ruleset, other], _lang(data, "en") or "en",
                                   "html")}


def score(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """A deal summary (the `coinche score` JSON) scored under the edited rules."""
    from ..engine.scoring import score_deal

    analysis = _analyse(ws, data)
    if analysis.ruleset is None:
        return {"diagnostics": analysis.diagnostics}
    deal = data.get("deal")
    if not isinstance(deal, dict):
        raise StudioError("'deal' must be a deal summary (a JSON object)")
    result = score_deal(analysis.ruleset, deal)
    return {"result": {**result.to_json(), **({"held": result.held} if result.held else {})}}


def questionnaire(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """The questions with the answers the edited text (or a base) gives today."""
    base = data.get("base")
    ruleset = ws.other(_str(data, "base")) if base else ws.analyse(_text(data)).ruleset
    if ruleset is None:
        return {"questions": [], "problem": "fix the file's errors to use the form"}
    return {"questions": [q.to_json() for q in questions(ruleset)]}


def answer(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """The edited text with one answer written into it (comments kept, laid out)."""
    path = tuple(_str(data, "path").split("."))
    value = answer_text(path, data.get("value"))  # type: ignore[arg-type]
    text = set_setting(_text(data), path, value, str(ws.file))  # type: ignore[arg-type]
    return {"text": text}


def start(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """A new minimal `extends` file from a base and the questionnaire's answers."""
    base = _str(data, "base")
    ruleset = ws.other(base)
    answers = data.get("answers") or {}
    if not isinstance(answers, dict):
        raise AnswerError("'answers' must be an object")
    current = {q.to_json()["path"]: q.value for q in questions(ruleset)}
    changed = {tuple(p.split(".")): answer_text(tuple(p.split(".")), v)  # type: ignore[arg-type]
               for p, v in answers.items() if isinstance(p, str) and v != current.get(p)}
    text = new_variant(_str(data, "name"), base, _str(data, "title"),
                       _lang(data, ruleset.language) or ruleset.language,
                       changed, str(ws.file),  # type: ignore[arg-type]
                       _str(data, "description", "", 2000), _str(data, "sources", "", 2000))
    problems = check_parses(text, str(ws.file))
    if not problems and _base_examples_fail(ws, text):
        text = drop_base_examples(text, str(ws.file))
    return {"text": text, "diagnostics": [diagnostic_json(d) for d in problems]}


def _base_examples_fail(ws: Workspace, text: str) -> bool:
    """Whether some worked example the new file inherits no longer holds under its answers."""
    from ..analysis import diagnose

    return any(f.severity == "error" for f in diagnose(text, str(ws.file)))


HANDLERS = {"state": state, "check": check, "complete": complete, "hover": hover,
            "definition": definition, "format": format_, "save": save,
            "preview": preview, "pdf": pdf, "compare": compare, "score": score,
            "questionnaire": questionnaire, "answer": answer, "start": start}
RENDERS = frozenset({"preview", "pdf", "compare", "score", "questionnaire"})
"""The handlers run in the render worker, off the event loop (see `worker`): the sheet, card and
comparison (25-170 ms measured; a PDF, about a second), and the score and the questionnaire,
which analyse and validate the whole text as they do and are asked for by a click or a refresh,
not at every key. The others answer on the loop at once. None uses the formatter's parser,
which stays with the loop's handlers (see `worker`)."""
