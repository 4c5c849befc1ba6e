"""A variant's own texts in other languages (issue #24): `terms { es { title "…" options {
litige { title "…" appliquee "…" } } example "litige 81-81" { title "…" } } }`. The sheet, the
card and the comparison print them in that language and the file's own words elsewhere; the
options' and examples' words are inherited with them, the title and description are not;
`check` names an option, a value or an example the variant does not have, at its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from coinche_dsl.errors import VariantError
from coinche_dsl.loader import load_variant
from coinche_dsl.model.fingerprint import fingerprint
from coinche_dsl.render import card, compare, sheet
from coinche_dsl.syntax import parse_text
from coinche_dsl.syntax.formatter import format_text

CLUB = """\
variant "club" extends "ffb" {
  title "Le club du jeudi"
  description "Nos règles."
  sources "Le bureau"

  terms {
    es {
      title "El club del jueves"
      options {
        litige {
          title "Regla del empate"
        }
      }
%s    }
  }
%s}
"""

FRENCH = ("Sans-atout et tout-atout", "Règle du litige", "appliquée", "litige 81-81",
          "100 coinché chuté avec belote", "90 à cœur rempli", "compétitions fédérales",
          "règlement de la Fédération", "transcrites dans", "«non»", "“non”", "(81 partout)")
"""ffb's French texts: none of them is left in its sheets in another language."""


def _club(tmp_path: Path, words: str = "", items: str = "") -> Path:
    path = tmp_path / "club.coinche"
    path.write_text(CLUB % (words, items), encoding="utf-8")
    return path


def test_the_block_parses_and_formats_back_to_itself(tmp_path: Path) -> None:
    text = CLUB % ('      example "litige 81-81" {\n        title "empate a 81"\n      }\n', "")
    assert format_text(text) == text
    messy = text.replace('title "Regla del empate"', 'title    "Regla del empate"  # ours')
    assert "# ours" in format_text(messy) and parse_text(format_text(messy)).data == \
        parse_text(text).data
    es = load_variant(_club(tmp_path, '      example "litige 81-81" {\n        title "empate a '
                                      '81"\n      }\n')).terms["es"]
    assert es.title == "El club del jueves"  # its own; ffb's value labels merged under it
    assert es.options["litige"] == {"title": "Regla del empate", "appliquee": "aplicada",
                                    "chute": "el empate es fracaso",
                                    "reussite": "el empate es éxito"}
    assert es.examples["litige 81-81"].title == "empate a 81"


@pytest.mark.parametrize("lang", ["en", "es", "it", "pt"])
def test_ffb_sheets_in_other_languages_keep_no_french_text(lang: str) -> None:
    ffb = load_variant("ffb")
    text = sheet(ffb, lang, "md") + str(card(ffb, lang, "md"))
    text = text.replace("\u202f", "")
    left = [french for french in FRENCH if french in text]
    assert not left, left
    contree = sheet(load_variant("ffb-contree"), lang, "md")
    assert "règlement de la Fédération" not in contree and "contrat chuté" not in contree


def test_the_spanish_sheet_in_its_words() -> None:
    text = sheet(load_variant("ffb"), "es", "md")
    assert text.startswith("# Belote coinchée — reglamento de la Federación Francesa de Belote")
    assert "Sin triunfo y todo triunfo: se acuerda antes de la partida (por defecto: no)." in text
    assert "véase «Regla del empate (81 a 81)»" in text
    assert "- «el empate es fracaso»: " in text
    assert "### Empate a 81 (litige)" in text
    assert "### 100 coinchado y fallido, con belote" in text


def test_french_sheet_and_fingerprint_do_not_change() -> None:
    ffb = load_variant("ffb")
    assert fingerprint(ffb) == "657-214-313-7a0"  # the rules are the same
    text = sheet(ffb, "fr", "md")
    assert text.startswith("# Belote coinchée — règlement de la Fédération française de belote")
    assert "### Litige 81-81" in text and "Règle du litige (81 partout)" in text


def test_a_club_inherits_the_option_and_example_words_and_overrides_one(
        tmp_path: Path) -> None:
    club = load_variant(_club(tmp_path))
    text = sheet(club, "es", "md")
    assert text.startswith("# El club del jueves\n")
    assert "Regla del empate: se acuerda antes de la partida (por defecto: aplicada)." in text
    assert "Sin triunfo y todo triunfo" in text  # ffb's, inherited
    assert "### Empate a 81 (litige)" in text  # ffb's example, and its words
    # its title and description are its own: the base's are never inherited
    it = sheet(club, "it", "md")
    assert it.startswith("# Le club du jeudi\n") and "Nos règles." in it
    assert "tornei federali" not in it and "Regola del litige (81 pari)" in it
    assert "regolamento della Federazione" in it  # the base it extends, by its Italian title


def test_own_examples_drop_the_base_words_for_its_examples(tmp_path: Path) -> None:
    own = """\
  example "le nôtre" {
    declarer N
    bid 80
    trump hearts
    card_points NS 100, EW 52
    last_trick N
    expect NS 190, EW 50
  }
"""
    words = '      example "le nôtre" {\n        title "el nuestro"\n      }\n'
    club = load_variant(_club(tmp_path, words, own))
    assert list(club.terms["es"].examples) == ["le nôtre"]
    assert "### El nuestro" in sheet(club, "es", "md")


def test_comparison_heads_with_the_titles_in_its_language() -> None:
    text = compare([load_variant("ffb"), load_variant("fr-bga")], "es", "md")
    assert "Belote coinchée — reglamento de la Federación Francesa de Belote [1]" in text


@pytest.mark.parametrize(("words", "line", "col", "message"), [
    ("      options {\n        litig {\n          title \"x\"\n        }\n      }\n", 10, 9,
     "the variant has no option 'litig'"),
    ("      options {\n        litige {\n          chut \"x\"\n        }\n      }\n", 11, 11,
     "option 'litige' has no value 'chut'"),
    ('      example "litige 81-8" {\n        title "x"\n      }\n', 9, 15,
     "the variant has no worked example titled 'litige 81-8'"),
])
def test_unknown_names_are_errors_at_their_line(tmp_path: Path, words: str, line: int,
                                                col: int, message: str) -> None:
    text = (CLUB % ("", "")).replace("      options {\n        litige {\n          title "
                                     "\"Regla del empate\"\n        }\n      }\n", words)
    path = tmp_path / "club.coinche"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(VariantError) as caught:
        load_variant(path)
    found = [(d.position.line, d.position.column, d.message, d.hint)
             for d in caught.value.diagnostics if d.position is not None]
    assert [(ln, c, m) for ln, c, m, _ in found] == [(line, col, message)]
    assert "did you mean" in found[0][3]


def test_an_unknown_example_is_said_in_the_readers_language(tmp_path: Path) -> None:
    from coinche_dsl.problems import full_sentence

    path = _club(tmp_path, '      example "zzz" {\n        title "x"\n      }\n')
    with pytest.raises(VariantError) as caught:
        load_variant(path)
    (d,) = caught.value.diagnostics
    assert d.code == "terms.unknown_example" and d.hint_code == "hint.example_names"
    assert "exemple intitulé" in full_sentence(d, "fr")
