"""The problems of a variant file said in the reader's language: each located problem carries a
code and parameters (`errors.Diagnostic.code`, `params`), and `sentence` says it with the
catalog `messages/<lang>.json` beside this module (English, French, Spanish, Italian,
Portuguese), numbers and lists in the language's own way (Babel).

The words of the file a problem names (a setting, a value, an example's title) are shown as
the file writes them, in the language's quotation marks; everything around them is the
catalog's. A problem without a code (a rare one only said in English) keeps its English words.

A catalog's message is a pattern with `{name}` fields: a text is quoted, a number formatted,
a list joined ("a, b and c"; `{names|or}`: "a, b or c"); `{kinds|kind}` looks each item up as
`kind.<item>` in the catalog. A message may be a plural (`{"one": …, "other": …}`, chosen by
the parameter `n`).
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

from ..errors import Diagnostic, InputError

LANGUAGES = ("en", "fr", "es", "it", "pt")
"""The languages of the catalogs: the sheets' five (`render.i18n.LANGUAGES`)."""
_LOCALES = {"en": "en_GB", "fr": "fr_FR", "es": "es_ES", "it": "it_IT", "pt": "pt_PT"}
_QUOTES = {
    "en": ("‘", "’"),
    "fr": ("«\u202f", "\u202f»"),
    "es": ("«", "»"),
    "it": ("«", "»"),
    "pt": ("«", "»"),
}
_FIELD = re.compile(r"\{(\w+)(?:\|(\w+))?\}")
_FR_PUNCT = re.compile(r"[ \u00a0\u202f]?([:;!?])(?=\s|$|[)»])")


@cache
def catalog(lang: str) -> dict[str, Any]:
    """The problem sentences in `lang`, as written in `problems/messages/<lang>.json`."""
    if lang not in LANGUAGES:
        raise ValueError(f"no problem messages in '{lang}'")
    text = resources.files(__package__).joinpath(f"messages/{lang}.json").read_text("utf-8")
    return dict(json.loads(text))


def language(lang: str | None) -> str | None:
    """`lang` if the catalogs speak it (a locale such as `fr-CA` counts as `fr`), else None."""
    if not lang:
        return None
    short = lang.replace("_", "-").split("-")[0].lower()
    return short if short in LANGUAGES else None


def sentence(d: Diagnostic, lang: str | None) -> tuple[str, str]:
    """The problem's message and hint in `lang`; its own English words when `lang` is None
    or the problem has no sentence in the catalogs."""
    if lang is None or lang not in LANGUAGES or d.code not in catalog(lang) or not d.code:
        return d.message, d.hint
    from babel.lists import format_list  # only where a problem is said in another language

    words = catalog(lang)
    values = d.values
    if "kinds" in values:  # what the parser expected: kinds in words, signs as written
        kinds = [str(words.get(f"kind.{k}", k)) for k in values["kinds"]]
        signs = [_shown(words, lang, n, None) for n in values.get("names", ())]
        values["expected"] = _Shown(
            format_list([*kinds, *signs] or ["…"], style="or", locale=_LOCALES[lang])
        )
    message = _fill(words, lang, d.code, values)
    if values.get("under"):
        message = _fill(words, lang, "prefix.under", values) + message
    if values.get("example") and "{example}" not in str(words[d.code]):
        message = _fill(words, lang, "prefix.example", values) + message
    hints = [_fill(words, lang, d.hint_code, values)] if d.hint_code in words else []
    if values.get("inherited_example"):
        hints.append(_fill(words, lang, "note.inherited_example", values))
    elif values.get("base_file"):
        hints.append(_fill(words, lang, "note.base_file", values))
    return message, _fill_text(words, lang, "join.hints", hints)


def said_input(e: InputError, lang: str | None) -> str:
    """An impossible deal (a summary `score` or the studio's score form refuses) said in
    `lang` from its code (`deal.*`); its English words without a code or a language."""
    if lang is None or lang not in LANGUAGES or not e.code or e.code not in catalog(lang):
        return str(e)
    return _fill(catalog(lang), lang, e.code, dict(e.params))


def said_option(e: Any, lang: str | None) -> str:
    """A choice of option the variant does not have (`options.UnknownOptionError`: an unknown
    option or answer, with the closest one and every one there is) said in `lang`; its English
    words without a language."""
    if lang is None or lang not in LANGUAGES:
        return str(e)
    return full_sentence(e.diagnostic, lang)


def full_sentence(d: Diagnostic, lang: str | None) -> str:
    """Message and hint in one sentence (`réglage inconnu « targt » — vouliez-vous dire
    « target » ?`), as the studio's problem list and an editor's hover show it."""
    message, hint = sentence(d, lang)
    return joined(message, hint, lang if d.code else None)


def in_file(file: str, line: int, lang: str) -> str:
    """Where a problem of another file (a base) lies, before its sentence."""
    pattern = str(catalog(lang)["prefix.in_file"])
    where = pattern.replace("{line}", _shown(catalog(lang), lang, line, None))
    return _typeset(where.replace("{file}", file), lang)  # the file's name last: never read


def joined(message: str, hint: str, lang: str | None) -> str:
    """A message and its hint in one sentence, in `lang`'s way (`message (hint)` in the
    English words of a problem without a sentence in the catalogs: `lang` None)."""
    if not hint:
        return message
    if lang in LANGUAGES:
        return _typeset(f"{message}{catalog(lang)['join.hint']}{hint}", lang)
    return f"{message} ({hint})"


def _fill_text(words: dict[str, Any], lang: str, key: str, parts: list[str]) -> str:
    return _typeset(str(words[key]).join(parts), lang)


def _fill(words: dict[str, Any], lang: str, key: str, values: dict[str, Any]) -> str:
    pattern = words[key]
    if isinstance(pattern, dict):
        from babel import Locale

        n = values.get("n", 0)
        form = Locale.parse(_LOCALES[lang]).plural_form(n if isinstance(n, int) else 0)
        pattern = pattern.get(form) or pattern["other"]

    def field(m: re.Match[str]) -> str:
        name, how = m.group(1), m.group(2)
        if name not in values:
            return ""
        return _shown(words, lang, values[name], how)

    return _typeset(_FIELD.sub(field, str(pattern)), lang)


class _Shown(str):
    """A parameter already in the reader's words (not quoted again)."""


def _shown(words: dict[str, Any], lang: str, value: Any, how: str | None) -> str:
    from babel.lists import format_list
    from babel.numbers import format_decimal

    locale = _LOCALES[lang]
    if isinstance(value, _Shown):
        return str(value)
    if isinstance(value, tuple):
        items = [_shown(words, lang, v, how if how not in ("or", "and") else None) for v in value]
        if not items:
            return ""
        return format_list(
            items, style="or" if how in ("or", "kind") else "standard", locale=locale
        )
    if isinstance(value, bool):
        value = "yes" if value else "no"
    if isinstance(value, int):
        return format_decimal(value, locale=locale)
    if how is not None and how not in ("or", "and"):
        return str(words.get(f"{how}.{value}", value))
    if how is None and isinstance(value, str) and value.isdigit():
        return format_decimal(int(value), locale=locale)
    open_, close = _QUOTES[lang]
    return f"{open_}{value}{close}"


def _typeset(text: str, lang: str) -> str:
    """French spacing: a narrow no-break space before `: ; ? !` (the sheets' typography)."""
    if lang != "fr":
        return text
    return _FR_PUNCT.sub("\u202f\\1", text)


__all__ = ["LANGUAGES", "catalog", "full_sentence", "in_file", "joined", "language", "said_input",
           "said_option", "sentence"]
