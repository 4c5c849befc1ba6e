"""A variant's own words (`terms`): every sheet and card of that language says them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from coinche_dsl import load_variant
from coinche_dsl.errors import VariantError
from coinche_dsl.model import Ruleset
from coinche_dsl.render.document import Document
from coinche_dsl.render.output import to_markdown
from coinche_dsl.render.rulesheet import build_sheet
from coinche_dsl.render.table_card import build_card

COINCHE = re.compile(r"\b(sur)?coinch(e|es|é|ée|és|ées|er)\b", re.IGNORECASE)


def _text(doc: Document, rs: Ruleset | None = None) -> str:
    """The document's text, without the variant's own description (printed as written)."""
    lines = to_markdown(doc).splitlines()
    text = "\n".join(li for li in lines if not rs or not li.startswith(rs.description[:12]))
    # the base's title (« d’après « Belote coinchée … » ») is printed as written too
    return text.replace(load_variant(rs.extends).title, "") if rs and rs.extends else text


def load_text(text: str, tmp: Path) -> Ruleset:
    path = tmp / "club.coinche"
    path.write_text(text, encoding="utf-8")
    return load_variant(path)


def test_ffb_contree_french_sheet_says_contre_never_coinche() -> None:
    # The text: « Je contre », « je surcontre ». Its description names the coinchée (the
    # other game) on purpose: the sheet's own sentences must not.
    rs = load_variant("ffb-contree")
    text = _text(build_sheet(rs), rs)
    assert COINCHE.findall(text) == []
    assert "surcontrer" in text and re.search(r"\bcontr(er|é)\b", text)
    # « le contre » is masculine: the articles follow (« la coinche » is feminine)
    assert "Après un contre" in text and "le surcontre la quadruple" in text
    assert not re.search(r"\b(une|la|cette) (sur)?contre\b", text, re.IGNORECASE)
    card = _text(build_card(rs), rs)
    assert COINCHE.findall(card) == []


BASE = 'variant "club" extends "ffb-contree" {\n  title "Club"\n%s}\n'


def test_terms_are_inherited_and_merged_per_word(tmp_path: Path) -> None:
    rs = load_text(BASE % '  terms { fr { capot "chelem" } }\n', tmp_path)
    assert rs.terms["fr"].coinche == "contre"  # from ffb-contree
    assert rs.terms["fr"].capot == "chelem"
    text = _text(build_sheet(rs))
    assert "chelem" in text and not re.search(r"\bcapot\b", text, re.IGNORECASE)


def test_a_term_in_a_language_not_printed_is_harmless(tmp_path: Path) -> None:
    rs = load_text(BASE % '  terms { it { coinche "contro" } }\n', tmp_path)
    fr = _text(build_sheet(rs))
    assert "contro" not in fr.replace("contrôl", "")
    it = _text(build_sheet(rs, "it"))
    assert "contro" in it


@pytest.mark.parametrize(("block", "where"), [
    ('  terms { fr { coinch "contre" } }\n', "coinch"),
    ('  terms { de { coinche "Kontra" } }\n', "de"),
])
def test_bad_terms_are_located(block: str, where: str, tmp_path: Path) -> None:
    with pytest.raises(VariantError) as err:
        load_text(BASE % block, tmp_path)
    shown = str(err.value)
    assert "club.coinche:3" in shown, shown
    if where == "coinch":
        assert "did you mean 'coinche'" in shown, shown


def test_a_participle_keeps_its_gender_and_number_in_spanish(tmp_path: Path) -> None:
    # « coinchado », « coinchada », « coinchados » all become the club's « doblado » forms;
    # the surcoinche, a term of its own, keeps the catalog's word.
    rs = load_text('variant "c" extends "es-club" {\n  title "Club"\n'
                   '  terms { es { coinched "doblado" } }\n}\n', tmp_path)
    text = _text(build_sheet(rs))
    assert "doblado" in text
    assert not re.search(r"(?<!sur)coinchad[oa]s?\b", text), text
    assert "surcoinchado" in text
