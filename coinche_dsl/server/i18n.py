"""The server's own words (menus, forms, messages) in the five languages of the sheets: JSON
catalogs in `messages/`, the visitor's language chosen from their browser's preferences.
The editor's words that the studio already has (its problems, its buttons) are the studio's
catalog's (`studio/messages`), never a second copy: a key the server's catalog lacks is looked
up there before English. The rules themselves are the sheets' (coinche_dsl.render) and speak
their own catalogs."""

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


@cache
def studio_catalog(lang: str) -> dict[str, str]:
    """The studio's page words in `lang` that are plain texts (its plural forms left out)."""
    from ..studio.i18n import page_catalog

    return {k: v for k, v in page_catalog(lang).items() if isinstance(v, str)}


class Words:
    """One language's messages: `words("key", name=...)`, from the server's catalog, else the
    studio's; English where neither has the key."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.messages = catalog(lang) | {k: v for k, v in studio_catalog(lang).items()
                                         if k not in catalog(lang)}
        self.fallback = catalog("en") | {k: v for k, v in studio_catalog("en").items()
                                         if k not in catalog("en")}

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
