"""The studio's API: one function per page request, JSON in, JSON out.

Each takes the workspace and the request's JSON object, and returns a JSON-able value; a
CoincheError becomes a 422 with its message. Field types are checked here (`_text`, `_str`):
the page is trusted no more than a variant file.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

from ..errors import CoincheError, VariantError
from ..limits import MAX_OPTIONS
from ..native_words import card_hint, read_cards
from ..render.i18n import LANGUAGES
from .deal_words import SPECIAL_BIDS, menus, read_bid
from .i18n import page_messages, page_translator
from .questions import (
    AnswerError,
    answer_text,
    check_parses,
    drop_base_examples,
    new_variant,
    questions,
    set_setting,
)
from .service import StudioError, Workspace, diagnostic_json, finding_json, read_variant_text

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
    """What the page needs to start: the file, its text, the variants and languages, and the
    page's words in the file's language (the page's own language at first)."""
    text = ws.read()
    lang = file_language(text)
    return {"file": ws.file.name, "text": text, "variants": ws.variants(),
            "languages": list(LANGUAGES), "language": lang, "messages": page_messages(lang)}


def file_language(text: str) -> str:
    """The language the file's sheets are in (its own `language`, else its bases'), English
    when it cannot be told (a file that does not parse)."""
    from ..analysis import file_language as language

    lang = language(text)
    return lang if lang in LANGUAGES else "en"


def messages(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """The page's words in another language (the page's language switch)."""
    return {"messages": page_messages(_lang(data) or "en")}


def check(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """Every problem of the text, in the page's language (`lang`, English by default), its
    options and its language when it is valid."""
    from ..render.terms import in_language

    analysis = ws.analyse(_text(data), lang=_lang(data))
    rs = analysis.ruleset
    shown = in_language(rs, _lang(data) or rs.language) if rs is not None else None
    options = [{"name": o.name, "title": o.title, "default": o.default,  # the page's words
                "values": [v.name for v in o.values],
                "labels": [v.label or v.name for v in o.values]}  # shown; the name is sent
               for o in (shown.options if shown is not None else [])]
    return {"diagnostics": analysis.diagnostics, "valid": analysis.ruleset is not None,
            "options": options,
            **({"language": analysis.ruleset.language} if analysis.ruleset else {})}


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
    bid = deal.get("bid")
    if isinstance(bid, str) and bid not in SPECIAL_BIDS:  # a bid in words: « cent »
        read = read_bid(bid[:60], analysis.ruleset, _lang(data))
        if read is None:
            raise StudioError(page_translator(_lang(data) or analysis.ruleset.language)(
                "score.bid_unknown", bid=bid[:60]))
        deal = {**deal, "bid": read}
    if isinstance(deal.get("announcements"), dict):  # cards in words: « dame de cœur », « DC »
        deal = {**deal, "announcements": _cards_in_words(
            deal["announcements"], _lang(data) or analysis.ruleset.language)}
    _check_deal(deal, _lang(data) or analysis.ruleset.language)
    result = score_deal(analysis.ruleset, deal)
    return {"result": {**result.to_json(), **({"held": result.held} if result.held else {})},
            "shown": _deal_shown(analysis.ruleset, deal, result, _lang(data))}


def deal_words(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """The score form's menus for the edited rules (`deal_words.menus`): its bids, its
    denominations, its coinche levels and its cards in the words of the page's language (the
    file's by default) and of the variant's own `terms`; nothing on a file with errors."""
    analysis = _analyse(ws, data)
    if analysis.ruleset is None:
        return {"diagnostics": analysis.diagnostics}
    return menus(analysis.ruleset, _lang(data) or analysis.ruleset.language)


def _check_deal(deal: dict[str, Any], lang: str) -> None:
    """StudioError in `lang` for a deal the model refuses (tricks that do not make 8, negative
    card points…), said by the problem catalogs as a file's worked example would be."""
    from pydantic import ValidationError

    from ..model import DealSummary
    from ..model.messages import diagnostic
    from ..problems import full_sentence

    try:
        DealSummary.model_validate(deal)
    except ValidationError as e:
        first = diagnostic(e.errors()[0], {}, lambda loc: None)  # type: ignore[arg-type,return-value]
        raise StudioError(full_sentence(first, lang)) from None


def _cards_in_words(announcements: dict[Any, Any], lang: str) -> dict[Any, Any]:
    """The announcements' combinations with their cards read as a player writes them
    (`native_words.read_cards`: « dame de cœur », « DC », « D♥ », `QH`); StudioError in the
    page's language for words that name no card. What is not a list of words is left for the
    deal's model to refuse."""
    out: dict[Any, Any] = {}
    for seat, groups in announcements.items():
        if len(announcements) > 4 or not isinstance(groups, list) or len(groups) > 8 or not all(
                isinstance(g, list) and len(g) <= 24 and all(
                    isinstance(w, str) and len(w) <= 40 for w in g) for g in groups):
            out[seat] = groups  # more than a deal holds: the model says what is wrong
            continue
        read = []
        for words in groups:
            cards, used = read_cards(words, lang)
            if used < len(words):
                wrong = " ".join(words[used:used + 3])
                raise StudioError(page_translator(lang)(
                    "score.card_unknown", card=wrong, hint=card_hint(wrong, lang, polite=True)))
            read.append(cards)
        out[seat] = read
    return out


def _deal_shown(rs: Any, deal: dict[str, Any], result: Any, lang: str | None
                ) -> dict[str, Any]:
    """The scored deal as the booklet prints a worked example, in `lang` (the file's by
    default): the deal in sentences, each side's formula worked with the deal's numbers
    (`(80 + 20 + 100) × 2`), and the score lines with what each is for."""
    from ..model import DealSummary
    from ..render.fields import constants, prune, value_at
    from ..render.formula import worked
    from ..render.i18n import translator
    from ..render.worked import facts, line_label

    tr = translator(lang or rs.language)
    outcome = "made" if result.made else "failed"
    lines = []
    for side in ("declarers", "defenders"):
        expr = prune(value_at(rs.scoring, (outcome, side)), constants(rs))
        if expr.quantities():
            heading = tr(f"scoring.formula.{outcome}.{side}")
            lines.append(f"{heading} {worked(expr, result.values, tr)}")
    rows = [[tr(f"team.{line.team}"), tr.num(line.points),
             line_label(line, tr, values=result.values)] for line in result.lines]
    rows += [[tr(f"team.{team}"), tr.num(points), tr("line.total")]
             for team, points in result.scores.items()]
    return {"facts": [*facts(DealSummary.model_validate(deal), tr, result.values, rs),
                      tr("ex.made" if result.made else "ex.failed")],
            "worked": lines, "rows": rows,
            "head": [tr("ex.col.team"), tr("ex.col.points"), tr("ex.col.for")]}


def questionnaire(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """The questions with the answers the edited text (or a base) gives today, in the page's
    language. On a file with errors, the answers are those of its valid settings (the others
    set aside, as `check` does); only a file that does not parse has no form."""
    from ..analysis import resolve_text
    from ..loader import validated

    lang = _lang(data)
    tr = page_translator(lang or "en")
    if data.get("base"):
        ruleset: Any = ws.other(_str(data, "base"))
        partial = False
    else:
        analysis = ws.analyse(_text(data))
        ruleset, partial = analysis.ruleset, analysis.ruleset is None
        if ruleset is None:
            try:
                ruleset = validated(resolve_text(_text(data), str(ws.file),
                                                 ws.bases())[0]).ruleset
            except CoincheError:
                ruleset = None
    if ruleset is None:
        return {"questions": [], "problem": tr("form.unparsed")}
    found = [q.to_json() for q in questions(ruleset, lang)]
    return {"questions": found, **({"problem": tr("form.partial")} if partial else {})}


def answer(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """The edited text with one answer written into it (comments kept, laid out), when the
    answer brings no new error into the file; else why it is refused, in the page's words."""
    lang = _lang(data)
    tr = page_translator(lang or "en")
    path = tuple(_str(data, "path").split("."))
    text = _text(data)
    try:
        value = answer_text(path, data.get("value"))  # type: ignore[arg-type]
    except AnswerError as e:
        if not e.key:  # no question of the form: a request the page never makes
            raise
        return {"refused": tr(e.key, **e.params)}
    try:
        edited = set_setting(text, path, value, str(ws.file))  # type: ignore[arg-type]
    except VariantError:
        return {"refused": tr("form.unparsed")}
    known = Counter(f.message for f in _errors(ws, text, lang))
    new = _new_errors(ws, known, edited, lang)
    if not new:
        return {"text": edited}
    try:  # the base's worked examples may be all that no longer holds under the answer
        kept = drop_base_examples(edited, str(ws.file))
    except VariantError:
        kept = None
    if kept is not None and not _new_errors(ws, known, kept, lang):
        return {"text": kept, "note": tr("form.examples_dropped")}
    from ..problems import joined

    why = joined(new[0].message, new[0].hint, lang if new[0].code else None)
    return {"refused": tr("form.refused", why=why)}


def _new_errors(ws: Workspace, known: Counter[str], text: str, lang: str | None = None
                ) -> list[Any]:
    """The errors of `text` that are not among `known` (the messages of the text before, in
    `lang`)."""
    left = Counter(known)
    new = []
    for f in _errors(ws, text, lang):
        if left[f.message]:
            left[f.message] -= 1
        else:
            new.append(f)
    return new


def start(ws: Workspace, data: dict[str, Any]) -> dict[str, Any]:
    """A new minimal `extends` file from a base and the questionnaire's answers."""
    base = _str(data, "base")
    ruleset = ws.other(base)
    answers = data.get("answers") or {}
    if not isinstance(answers, dict) or len(answers) > 100:
        raise AnswerError("'answers' must be an object")
    current = {".".join(q.path): q.value for q in questions(ruleset, "en")}
    changed = {tuple(p.split(".")): answer_text(tuple(p.split(".")), v)  # type: ignore[arg-type]
               for p, v in answers.items() if isinstance(p, str) and v != current.get(p)}
    text = new_variant(_str(data, "name"), base, _str(data, "title"),
                       _lang(data, ruleset.language) or ruleset.language,
                       changed, str(ws.file),  # type: ignore[arg-type]
                       _str(data, "description", "", 2000), _str(data, "sources", "", 2000))
    problems = check_parses(text, str(ws.file))
    if problems:
        return {"text": text, "diagnostics": [diagnostic_json(d) for d in problems]}
    if _errors(ws, text):
        kept = drop_base_examples(text, str(ws.file))
        if not _errors(ws, kept):  # the base's examples were what failed
            text = kept
    return {"text": text, "diagnostics": [finding_json(f) for f in _errors(ws, text)]}


def _errors(ws: Workspace, text: str, lang: str | None = None) -> list[Any]:
    """The errors of `text` as the edited file (a worked example that no longer holds is one),
    in `lang` (their English words without one)."""
    from ..analysis import diagnose

    return [f for f in diagnose(text, str(ws.file), ws.bases(), lang=lang)
            if f.severity == "error"]


HANDLERS = {"state": state, "check": check, "complete": complete, "hover": hover,
            "definition": definition, "format": format_, "save": save,
            "preview": preview, "pdf": pdf, "compare": compare, "score": score,
            "deal_words": deal_words,
            "questionnaire": questionnaire, "answer": answer, "start": start,
            "messages": messages}
RENDERS = frozenset({"preview", "pdf", "compare", "score", "deal_words", "questionnaire"})
"""The handlers run in the render worker, off the event loop (see `worker`): the sheet, card and
comparison (a PDF takes about a second), and the score and the questionnaire,
which analyse and validate the whole text as they do and are asked for by a click or a refresh,
not at every key. The others run in the quick lane's two threads (see `worker`): never on the
event loop. No render uses the formatter's parser, which stays with the quick handlers."""
