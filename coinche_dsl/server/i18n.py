"""The server's own words (menus, forms, messages) in the five languages of the sheets: JSON
catalogs in `messages/`, the visitor's language chosen from their browser's preferences.
The rules themselves are the sheets' (coinche_dsl.render) and speak their own catalogs."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from ..render.i18n import LANGUAGES, french_typography

LANGUAGE_NAMES = {"en": "English", "fr": "Français", "es": "Español", "it": "Italiano",
                  "pt": "Português"}


@cache
def catalog(lang: str) -> dict[str, str]:
    text = resources.files(__package__).joinpath(f"messages/{lang}.json").read_text("utf-8")
    return json.loads(text)


class Words:
    """One language's messages: `words("key", name=...)`; English where a key is missing."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.messages = catalog(lang)
        self.fallback = catalog("en")

    def __call__(self, key: str, /, **params: Any) -> str:
        pattern = self.messages.get(key) or self.fallback.get(key) or key
        text = pattern.format(**params) if params else pattern
        return french_typography(text) if self.lang == "fr" else text


@cache
def words(lang: str) -> Words:
    return Words(lang if lang in LANGUAGES else "en")


def negotiate(accept: str | None, default: str = "en") -> str:
    """The first of the five languages the `Accept-Language` header asks for, by weight."""
    if not accept:
        return default
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept.split(",")[:20]):
        tag, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            continue
        ranked.append((-weight, i, tag.split("-")[0].strip().lower()))
    for _, _, lang in sorted(ranked):
        if lang in LANGUAGES:
            return lang
    return default
