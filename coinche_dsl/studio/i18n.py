"""The studio page's own words in five languages: `messages/<lang>.json` beside this module,
read by the sheets' own machinery (`render.i18n.Translator`: Babel's plurals and numbers, French
typography). The words of the rules themselves (suit names, a setting's sentence) are never
copied here: the questionnaire asks the render layer for them (`questions`)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from babel import Locale

from ..render.i18n import LANGUAGES, LOCALES, Translator, UnknownLanguageError


@cache
def page_catalog(lang: str) -> dict[str, Any]:
    """The page's messages in `lang`, as written in `studio/messages/<lang>.json`."""
    if lang not in LANGUAGES:
        raise UnknownLanguageError(
            f"no messages for language '{lang}'; choose one of {', '.join(LANGUAGES)}")
    text = resources.files(__package__).joinpath(f"messages/{lang}.json").read_text("utf-8")
    return json.loads(text)


class PageTranslator(Translator):
    """A Translator over the studio's catalog (English where a message is missing), in a
    variant's own words when given its `terms` (`render.i18n.terms_of`): the contrée's
    questionnaire asks « Qui peut encore parler après un contre ? »."""

    def __init__(self, lang: str, terms: tuple[tuple[str, str], ...] = ()):
        super().__init__(lang, terms)
        self.messages = page_catalog(lang)
        self.fallback = page_catalog("en")


@cache
def page_translator(lang: str, terms: tuple[tuple[str, str], ...] = ()) -> PageTranslator:
    return PageTranslator(lang, terms)


SHEET_WORDS = ("denom.", "seat.", "team.")
"""The sheets' words the page shows too (the score form's trumps, seats and teams)."""


def page_messages(lang: str) -> dict[str, Any]:
    """Every message of the page in `lang`, typeset, for the page to fill in and show as
    text (a plural message as its CLDR forms); the sheets' names of suits, seats and teams;
    the names of the five languages in `lang` (Babel's), as `lang.<code>`."""
    from ..render.i18n import translator

    tr = page_translator(lang)
    out: dict[str, Any] = {}
    for key, value in {**tr.fallback, **tr.messages}.items():
        out[key] = {form: tr.typeset(v) for form, v in value.items()} \
            if isinstance(value, dict) else tr.typeset(value)
    sheet = translator(lang)
    for key in sheet.fallback:
        if key.startswith(SHEET_WORDS):
            out[key] = sheet(key)
    locale = Locale.parse(LOCALES[lang])
    for code in LANGUAGES:
        name = Locale.parse(LOCALES[code]).get_language_name(locale) or code
        out[f"lang.{code}"] = name[:1].upper() + name[1:]
    return out
