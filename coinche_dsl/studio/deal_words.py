"""The score form's words: a bid as a club says it, in any of the five languages (« cent »,
« quatre-vingt-dix », « ciento diez », « capot »), read as the number or the special bid the
scorer takes. Numbers are spelled by num2words (the `studio` extra), the special bids by the
sheets' own catalogs, and words are compared as the native-words module compares them (case,
accents and separators aside)."""

from __future__ import annotations

from ..engine.tables import bid_values
from ..model import Ruleset
from ..native_words import fold as same_word
from ..render.i18n import LANGUAGES, translator

SPECIAL_BIDS = ("capot", "generale")


def read_bid(text: str, rs: Ruleset, lang: str | None = None) -> int | str | None:
    """The bid `text` names under `rs` (a number or `capot`/`generale`), trying `lang` first;
    None when it names none of the rules' bids."""
    key = same_word(text)
    if key.isdigit():
        return int(key)
    order = [lang, *LANGUAGES] if lang else list(LANGUAGES)
    for special in SPECIAL_BIDS:
        if key == special or any(key == same_word(translator(code)(f"bid.{special}"))
                                 for code in order if code):
            return special
    try:
        from num2words import num2words
    except ImportError:  # the studio extra not installed: figures only
        return None
    a = rs.auction
    levels = bid_values(a.minimum_bid, a.step, a.bid_levels, a.maximum_bid)
    for code in dict.fromkeys(c for c in order if c):
        for value in levels:
            if same_word(num2words(value, lang=code)) == key:
                return value
    return None
