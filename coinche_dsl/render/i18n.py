"""Messages in five languages: JSON catalogs in `messages/`, Babel for numbers and plurals.

A message is a `str.format` pattern, or a dict of CLDR plural forms (`one`, `other`, ...)
chosen by Babel for the count `n`. French text gets its typography (a narrow no-break space
before `: ; ! ?` and inside guillemets) once, here, so no catalog entry has to remember it.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any, Literal

from babel import Locale
from babel.numbers import format_decimal

from ..errors import CoincheError

LANGUAGES = ("en", "fr", "es", "it", "pt")
LOCALES = {"en": "en_GB", "fr": "fr_FR", "es": "es_ES", "it": "it_IT", "pt": "pt_PT"}
"""The Babel locale of each language (European Portuguese: the seed's "equipa")."""
NNBSP = "\u202f"
UNGROUPED_FOUR = frozenset({"es", "pt"})
"""Languages whose rulebooks write a four-digit number without a separator (« 1500
puntos », « 1001 pontos »: the RAE's and the Portuguese norm), five digits and more grouped
as Babel writes them (10.000, 10 000); Babel's own choice for four digits varies with its
CLDR data."""
MAX_KEPT_NUMBERS = 4096
"""Numbers each Translator keeps formatted (a sheet has a few dozen distinct ones)."""
ROMANCE = frozenset({"fr", "es", "it", "pt"})
"""Languages whose rulebooks go on in lower case after a colon."""
PROPER = frozenset({"Nord", "Sud", "Est", "Ouest", "Norte", "Sur", "Este", "Oeste", "Ovest",
                    "Sul", "Leste", "Belote", "Rebelote", "As"})
"""Words that keep their capital after a colon: the seats, and the words said aloud."""
_AFTER_COLON = re.compile(r"(:[ \u00a0\u202f]+)([^\W\d_][^\W\d_]*)")
MISSING = "⟦{}⟧"
"""How a message missing from every catalog shows: easy to spot, and the tests look for it."""


def lower_after_colon(text: str) -> str:
    """A sentence that goes on after « : » in lower case, as French, Spanish, Italian and
    Portuguese rulebooks write (« Contrat rempli : les preneurs marquent »); a seat, an
    acronym or a rank letter keeps its capitals.

    >>> lower_after_colon("« oui » : Une enchère ; Nord-Sud : Nord 20 ; atout : V 20")
    '« oui » : une enchère ; Nord-Sud : Nord 20 ; atout : V 20'
    >>> lower_after_colon("«oui»: O lance indica o trunfo; trunfo: V 20, 9 14, A 11")
    '«oui»: o lance indica o trunfo; trunfo: V 20, 9 14, A 11'
    """
    def low(m: re.Match[str]) -> str:
        word = m.group(2)
        if len(word) == 1 and word in _ONE_LETTER and _WORD_NEXT.match(text, m.end()):
            return m.group(1) + word.lower()  # an article (« O lance »), not a rank (« A 11 »)
        if len(word) < 2 or not word[0].isupper() or not word[1:].islower() or word in PROPER:
            return m.group(0)
        return m.group(1) + word[0].lower() + word[1:]

    return _AFTER_COLON.sub(low, text) if ":" in text else text


_ONE_LETTER = frozenset("OAÀEIY")
"""One-letter words that start a sentence (« O lance », « À sans-atout », « A partir »)."""
_WORD_NEXT = re.compile(r" [a-zà-ÿ]")
"""What follows an article: a word in lower case (a rank letter is followed by its points)."""


class UnknownLanguageError(CoincheError, LookupError):
    """A language the sheets are not translated into."""


@cache
def catalog(lang: str) -> dict[str, Any]:
    """The messages of one language, as written in `messages/<lang>.json`."""
    if lang not in LANGUAGES:
        raise UnknownLanguageError(
            f"no messages for language '{lang}'; choose one of {', '.join(LANGUAGES)}")
    text = resources.files(__package__).joinpath(f"messages/{lang}.json").read_text("utf-8")
    return json.loads(text)


_FR_PUNCT = re.compile(r"[ \u00a0\u202f]?([:;!?])(?=\s|$|[)»*_<])")
_FR_OPEN = re.compile(r"«[ \u00a0\u202f]?")  # typesetting twice changes nothing
_FR_CLOSE = re.compile(r"[ \u00a0\u202f]?»")
_FR_MARKS = frozenset(":;!?«»")


def french_typography(text: str) -> str:
    """A narrow no-break space before `: ; ! ?` and inside « », as French printing wants.

    >>> french_typography("Atout : valet ; « Belote ! »") == (
    ...     "Atout\u202f: valet\u202f; «\u202fBelote\u202f!\u202f»")
    True
    >>> french_typography("https://ffbelote.org")
    'https://ffbelote.org'
    """
    if not _FR_MARKS.intersection(text):  # most messages: nothing to space
        return text
    text = _FR_PUNCT.sub(NNBSP + r"\1", text)
    text = _FR_OPEN.sub("«" + NNBSP, text)
    return _FR_CLOSE.sub(NNBSP + "»", text)


class Translator:
    """Messages, numbers and plurals of one language."""

    def __init__(self, lang: str, terms: tuple[tuple[str, str], ...] = ()):
        from .terms import substitution

        self.lang = lang
        self.terms = terms
        self._words = substitution(lang, terms)
        self.messages = catalog(lang)
        self.fallback = catalog("en")
        self.locale = Locale.parse(LOCALES[lang])
        self._numbers: dict[tuple[type, int | float], str] = {}

    def term(self, key: str) -> str | None:
        """The variant's own word for the term `key` in this language (`terms`), if any."""
        return dict(self.terms).get(key)

    def num(self, n: int | float) -> str:
        """A number in the language's format (2,000 / 2 000 / 2.000)."""
        # Kept (a few thousand at most): a sheet writes the same few numbers hundreds of
        # times, and Babel formats each in exact decimal arithmetic.
        key = (type(n), n)
        shown = self._numbers.get(key)
        if shown is None:
            shown = (str(n) if self.lang in UNGROUPED_FOUR and isinstance(n, int)
                     and abs(n) < 10_000 else format_decimal(n, locale=self.locale))
            if len(self._numbers) < MAX_KEPT_NUMBERS:
                self._numbers[key] = shown
        return shown

    def plural(self, n: int) -> str:
        """The CLDR plural form of `n` (`one`, `many`, `other`...)."""
        return self.locale.plural_form(n)

    def has(self, key: str) -> bool:
        return key in self.messages or key in self.fallback

    def __call__(self, key: str, /, **params: Any) -> str:
        """The message `key` with `params` filled in; `n` picks the plural form and is
        formatted as a number, other ints too."""
        pattern: Any = self.messages.get(key, self.fallback.get(key))
        if pattern is None:
            return MISSING.format(key)
        if isinstance(pattern, dict):
            form = self.plural(int(params.get("n", 0)))
            pattern = pattern.get(form, pattern["other"])
        if self.terms:
            pattern = self._words(pattern)
        shown = {k: self.num(v) if isinstance(v, int) and not isinstance(v, bool) else v
                 for k, v in params.items()}
        text = pattern.format(**shown)
        return self.typeset(lower_after_colon(text) if self.lang in ROMANCE else text)

    def typeset(self, text: str) -> str:
        """The language's typography applied to `text` (French spacing; others unchanged)."""
        return french_typography(text) if self.lang == "fr" else text

    def join(self, items: list[str], style: Literal["standard", "or"] = "standard") -> str:
        """`a, b and c` in the language (`style="or"`: `a, b or c`)."""
        from babel.lists import format_list

        return format_list(items, style=style, locale=self.locale) if items else ""


@cache
def translator(lang: str, terms: tuple[tuple[str, str], ...] = ()) -> Translator:
    """A shared Translator per language and set of variant words (catalogs are read once)."""
    return Translator(lang, terms)


def terms_of(rs: Any, lang: str) -> tuple[tuple[str, str], ...]:
    """The variant's own words in `lang` (its `terms` block), as the Translator takes them."""
    from ..model.ruleset import WORDS_ONLY

    mine = getattr(rs, "terms", {}).get(lang)
    return tuple(sorted(mine.model_dump(exclude_none=True, exclude=set(WORDS_ONLY)).items())
                 ) if mine else ()
