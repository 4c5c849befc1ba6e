"""Every catalog string uses its language's glossary: the game's words as the seeds write them
(pt "capote", it "cappotto" and "una coinche", fr « » and ’), never the listed wrong ones."""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

import pytest

from coinche_dsl.render.i18n import LANGUAGES, catalog


def glossary(lang: str) -> list[dict[str, Any]]:
    folder = resources.files("coinche_dsl.render").joinpath("messages/glossary")
    return json.loads(folder.joinpath(f"{lang}.json").read_text("utf-8"))["terms"]


def strings(lang: str) -> dict[str, str]:
    """Every message of the catalog, plural forms included, by key."""
    out = {}
    for key, value in catalog(lang).items():
        forms = value if isinstance(value, dict) else {"": value}
        out |= {f"{key}{'.' + form if form else ''}": text for form, text in forms.items()}
    return out


def _found(wrong: str, text: str) -> bool:
    if not wrong[:1].isalnum():  # a sign: anywhere
        return wrong in text
    return re.search(rf"(?<!\w){re.escape(wrong)}(?!\w)", text, re.IGNORECASE) is not None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_uses_a_wrong_word(lang: str) -> None:
    bad = [(key, wrong) for key, text in strings(lang).items()
           for term in glossary(lang) for wrong in term.get("never", []) if _found(wrong, text)]
    assert not bad, f"{lang}: {bad}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossary_words_are_used_where_named(lang: str) -> None:
    texts = strings(lang)
    missing = [(key, term["word"]) for term in glossary(lang) for key in term["keys"]
               if term["word"].lower() not in texts[key].lower()]
    assert not missing, f"{lang}: {missing}"


def test_the_seed_words_come_first() -> None:
    """The words the issue and the seeds name: pt capote, it cappotto and una coinche, fr « »."""
    assert catalog("pt")["bid.capot"] == "capote"
    assert catalog("it")["bid.capot"] == "cappotto"
    assert "Dopo una coinche" in catalog("it")["r.auction.after_coinche.passes"]
    assert "« {name} »" == catalog("fr")["cmp.quoted"]
    # a worked line leads with its contract, not a title pointing to the examples further on
    assert catalog("fr")["worked"] == "{example} — {line}"
