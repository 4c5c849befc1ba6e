"""The score form's words: a bid as a club says it, in any of the five languages (« cent »,
« quatre-vingt-dix », « ciento diez », « capot »), read as the number or the special bid the
scorer takes; and the form's menus in the file's words (`menus`): its bids, its denominations,
its coinche levels (« coinché », the contrée's « contré »), its cards' codes. Numbers are read
and spelled by the native-words module (num2words, the `studio` extra, reads more), the special
bids, the denominations and the coinche levels by the sheets' own catalogs in the variant's own
`terms`, and words are compared as the native-words module compares them (case, accents and
separators aside)."""

from __future__ import annotations

from typing import Any

from ..engine.tables import bid_values
from ..model import Ruleset
from ..model.relevance import has_coinche, has_surcoinche
from ..native_words import CARD_EXAMPLES, card_code, number_word
from ..native_words import fold as same_word
from ..render.i18n import LANGUAGES, terms_of, translator

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
    a = rs.auction
    levels = bid_values(a.minimum_bid, a.step, a.bid_levels, a.maximum_bid)
    said = number_word(text)  # « cent », « quatre-vingt-dix »: as the pad and the table read
    if said is not None:
        return said
    try:
        from num2words import num2words
    except ImportError:  # the studio extra not installed: the words above only
        return None
    for code in dict.fromkeys(c for c in order if c):
        for value in levels:
            if same_word(num2words(value, lang=code)) == key:
                return value
    return None


def bid_in_words(n: int, lang: str) -> str | None:
    """A bid's number as a player of `lang` says it (« cent », « quatre-vingt-dix », « ciento
    diez »), where the words read back as the number (82 is said in figures); None without
    num2words (the `studio` extra)."""
    try:
        from num2words import num2words
    except ImportError:
        return None
    if n % 10:
        return None
    said = num2words(n, lang=lang)
    return said if number_word(said) == n else None


EXAMPLE_CARDS = (("N", ("QH", "JH", "10H")), ("E", ("7S", "8S", "9S")))
"""The announcements the form shows as an example: a tierce at hearts, one at spades."""


def menus(rs: Ruleset, lang: str) -> dict[str, Any]:
    """The score form's menus for `rs` in `lang`, in the sheets' words and the variant's own
    (`terms`): each bid as the table says it (« cent », its figure beside it), the denominations
    the rules bid, the coinche levels they allow (« non coinché », « coinché », « surcoinché »;
    the contrée's « contré »), and the cards of an announcement in the language's codes
    (« N DC VC 10C ») with how a card is written."""
    from .i18n import page_translator

    terms = terms_of(rs, lang)
    tr, page = translator(lang, terms), page_translator(lang, terms)
    a = rs.auction
    values = bid_values(a.minimum_bid, a.step, a.bid_levels, a.maximum_bid)
    bids = [{"value": bid_in_words(value, lang) or str(value), "figure": tr.num(value)}
            for value in values]
    default = bids[next((i for i, v in enumerate(values) if v >= 90), 0)]["value"]
    for special, allowed in (("capot", a.capot), ("generale", a.generale)):
        if allowed:
            bids.append({"value": tr(f"bid.{special}"), "figure": ""})
    levels = ["none", *(["coinche"] if has_coinche(rs) else []),
              *(["surcoinche"] if has_surcoinche(rs) else [])]
    doubles = [{"value": d, "label": page("score.double.none") if d == "none"
                else tr(f"ex.double.{d}")} for d in levels]
    example = "; ".join(f"{seat} {' '.join(card_code(c, lang) for c in cards)}"
                        for seat, cards in EXAMPLE_CARDS)
    return {"lang": lang, "bids": bids, "bid": default,
            "denominations": [{"value": str(d), "label": tr(f"denom.{d}")}
                              for d in a.denominations],
            "doubles": doubles,
            "labels": {"score.double": page("score.double"),
                       "score.bid.title": page("score.bid.title")},
            "tricks": f"N 3, E 1, S 4, {'W' if lang == 'en' else 'O'} 0",  # O: Ouest, Oeste…
            "cards": example, "cards_title": page(
                "score.announcements.title", cards=CARD_EXAMPLES.get(lang, CARD_EXAMPLES["en"]))}
