"""Message catalogs: same keys and plural forms in every language, Babel numbers, French spacing."""

from __future__ import annotations

import pytest

from coinche_dsl.render.fields import rule_paths
from coinche_dsl.render.i18n import (
    LANGUAGES,
    MISSING,
    NNBSP,
    UnknownLanguageError,
    catalog,
    french_typography,
    translator,
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_exists_in_every_language(lang: str) -> None:
    english, other = catalog("en"), catalog(lang)
    assert sorted(set(english) - set(other)) == [], f"missing in {lang}"
    assert sorted(set(other) - set(english)) == [], f"unknown keys in {lang}"
    for key, pattern in english.items():
        assert isinstance(other[key], type(pattern)), key
        if isinstance(pattern, dict):
            assert "other" in other[key], key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_messages_use_the_same_placeholders(lang: str) -> None:
    import string

    def names(pattern: object) -> set[str]:
        texts = pattern.values() if isinstance(pattern, dict) else [pattern]
        return {f for t in texts for _, f, _, _ in string.Formatter().parse(str(t)) if f}

    english, other = catalog("en"), catalog(lang)
    for key in english:
        # a singular form may spell the number out ("sa carte la plus haute")
        assert names(other[key]) <= names(english[key]) | {"n"}, key
        if not isinstance(english[key], dict):
            assert names(other[key]) == names(english[key]), key


def test_every_rule_has_its_messages() -> None:
    """Each leaf rule's sentence key exists (closed choices: one per member)."""
    from enum import Enum

    from coinche_dsl import load_variant
    from coinche_dsl.render.fields import value_at

    rs, en = load_variant("ffb"), catalog("en")
    for path in rule_paths():
        key = "r." + ".".join(path)
        value = value_at(rs, path)
        if isinstance(value, bool):
            assert {f"{key}.yes", f"{key}.no"} <= set(en), key
        elif isinstance(value, Enum):
            assert {f"{key}.{m.value}" for m in type(value)} <= set(en), key
        elif path not in {("auction", "bid_levels")}:
            assert any(k == key or k.startswith(key + ".") for k in en), key


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "12,345"), ("fr", f"12{NNBSP}345"), ("it", "12.345"), ("es", "12.345"),
    ("pt", "12\u00a0345")])
def test_numbers_follow_the_language(lang: str, text: str) -> None:
    assert translator(lang).num(12345) == text


def test_numbers_kept_are_the_numbers_babel_writes() -> None:
    from babel.numbers import format_decimal

    from coinche_dsl.render import i18n

    fr = i18n.Translator("fr")  # its own, empty, store of numbers
    values = [1, 1.0, 2.5, -30, 162, 12345, 1.25, 0]
    for n in values + values:  # the second time from the store
        assert fr.num(n) == format_decimal(n, locale="fr_FR"), n
    assert fr.num(2.5) == "2,5" and fr.num(1.0) == "1"
    for n in range(i18n.MAX_KEPT_NUMBERS + 10):  # past the bound: formatted, not kept
        assert fr.num(n) == format_decimal(n, locale="fr_FR")
    assert len(fr._numbers) == i18n.MAX_KEPT_NUMBERS


def test_plural_forms_come_from_babel() -> None:
    fr, en = translator("fr"), translator("en")
    assert fr("r.announcements.longest_counted", n=1).endswith("carte la plus haute.")
    assert "5 cartes" in fr("r.announcements.longest_counted", n=5)
    assert "1 card " in en("r.table.cut_minimum", n=1)
    assert "3 cards " in en("r.table.cut_minimum", n=3)


def test_french_typography() -> None:
    fr = translator("fr")
    assert fr("r.auction.minimum_bid", n=80) == "L’enchère la plus basse est 80."
    assert f"donne{NNBSP}:" in fr("ex.card_points", ns=1, ew=2, seat="Nord").replace(
        "cartes", "donne")
    assert french_typography("« Belote »") == f"«{NNBSP}Belote{NNBSP}»"
    assert french_typography("voir https://www.ffbelote.org ?") == (
        f"voir https://www.ffbelote.org{NNBSP}?")
    assert french_typography("Atout cœur, valet premier") == "Atout cœur, valet premier"
    assert french_typography("Chute!") == f"Chute{NNBSP}!"
    assert translator("en")("case.if", cond="x") == "If x:"


def test_missing_and_unknown() -> None:
    assert translator("en")("no.such.key") == MISSING.format("no.such.key")
    with pytest.raises(UnknownLanguageError):
        catalog("de")
