"""A club writing its own language's words (`cœur`, `preneurs`, `oui`, `jeu`) is told the
file's word, at the place it wrote its own: the words of French, Spanish, Italian and
Portuguese clubs."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from coinche_dsl.analysis import diagnose
from coinche_dsl.cli import _register, app
from coinche_dsl.native_words import (
    ENGLISH,
    _key,
    card_hint,
    card_word,
    english_words,
    fold,
    native,
    read_cards,
)
from coinche_dsl.render.i18n import LANGUAGES

FRENCH_CLUB = """variant "jeudi" extends "ffb" {
  auction {
    denominations coeur, pique, trefle, SA
    jumps oui
  }
  jeu {
    undertrump optional
  }
  scoring {
    made {
      declarers = points(preneurs) + contrat
    }
  }
  example "e" {
    declarer O
    bid 90
    trump carreau
    card_points NS 100, EO 52
    last_trick N
    made yes
    expect NS 190, EW 50
  }
}
"""


def _check(text: str) -> list[str]:
    _register()
    result = CliRunner().invoke(app, ["check", "-"], input=text)
    assert result.exit_code == 1
    return [line.split(": error: ", 1)[1] for line in result.output.splitlines()
            if ": error: " in line]


def test_a_french_club_is_told_each_word_of_the_file() -> None:
    said = _check(FRENCH_CLUB)
    suggested = [line.split("did you mean '")[1].split("'")[0] for line in said
                 if "did you mean" in line]
    assert suggested == ["hearts", "spades", "clubs", "no_trump", "yes", "play", "declarers",
                         "contract", "W", "diamonds", "EW"]
    assert all(ENGLISH in line for line in said)


def test_the_editor_offers_the_file_s_word_as_a_quick_fix() -> None:
    """The hint names the word in the form the editor's quick fix reads ("did you mean")."""
    found = {f.message.split("'")[1]: f.fix for f in diagnose(FRENCH_CLUB, "jeudi.coinche")
             if f.fix}
    assert found["coeur"] == "hearts" and found["preneurs"] == "declarers"


@pytest.mark.parametrize("words, english", [
    (("trèfle", "tréboles", "fiori", "paus"), "clubs"),
    (("Carreau", "diamantes", "quadri", "ouros"), "diamonds"),
    (("cœur", "COEUR", "corazones", "cuori", "copas"), "hearts"),
    (("pique", "picas", "picche", "espadas"), "spades"),
    (("sans-atout", "sans atout", "sin triunfo", "senza briscola", "sem trunfo"), "no_trump"),
    (("oui", "sí", "sì", "sim"), "yes"),
    (("non", "não"), "no"),
    (("enchères", "subasta", "dichiarazioni", "leilão"), "auction"),
])
def test_the_four_languages_name_the_same_word(words: tuple[str, ...], english: str) -> None:
    for word in words:
        assert native(word, english_words()) == english, word


def test_a_word_is_suggested_only_where_the_file_may_have_it() -> None:
    """`copas` is hearts in Spanish and Portuguese; where no suit can be written it suggests
    nothing; and a word of no language is no suggestion either."""
    assert native("copas", ["yes", "no"]) is None
    assert native("coppe", english_words()) is None
    assert len(LANGUAGES) == 5  # English, and the four languages this module reads


def test_accented_and_hyphenated_words_are_named_before_the_parser_stops() -> None:
    """The parser cannot read `trèfle` or `sans-atout` (names are unaccented, '-' is no
    letter): its error says which word to write instead."""
    said = _check('variant "x" extends "ffb" {\n  auction {\n    denominations trèfle\n  }\n'
                  '  game {\n    target 2000\n  }\n  play {\n    undertrump optional\n  }\n'
                  '  cards { trump_order sans-atout }\n}\n')
    assert said[0] == ("'trèfle' is not a word of a variant file (write 'clubs': "
                       f"{ENGLISH})")
    assert said[1].startswith("'sans-atout' is not a word of a variant file (write 'no_trump'")


def test_a_minus_before_a_letter_is_not_called_a_negative_number() -> None:
    said = _check('variant "x" extends "ffb" {\n'
                  '  auction { denominations clubs, tous-atouts }\n}\n')
    assert "negative" not in said[0]
    said = _check('variant "x" extends "ffb" {\n  game { target - 10 }\n}\n')
    assert said[0].startswith("a setting's number cannot be negative")


# -- cards as players write them --------------------------------------------------------------
# The words are the seeds' rule texts' own: French « As de ♥ », « Roi de ♦ », « 10 de ♣ »,
# « A♥ », « R♦ », « roi et dame d'atout », the letters A 10 R D V 9 8 7; Spanish « jotas »,
# « nueves », « ases », « dieces », « reyes », « damas », « corazones » and the letters J Q K A;
# Italian « Fante », « Asso », « Re », « Regina », « Dieci », « fiori, picche, cuori e quadri »;
# Portuguese « valete », « nove », « rei », « rainha », « dama », « dez », the letters R D V.
# Each code below is the card those words name, worked out by hand.

CARD_WORDS = [
    # English codes, in any language, as today
    ("QH", None, "QH"), ("10s", None, "10S"), ("AD", "fr", "AD"), ("KC", "es", "KC"),
    ("queen of hearts", "en", "QH"), ("Q♥", None, "QH"),
    # French
    ("As de ♥", "fr", "AH"), ("Roi de ♦", "fr", "KD"), ("10 de ♣", "fr", "10C"),
    ("A♥", "fr", "AH"), ("R♦", "fr", "KD"), ("10♣", "fr", "10C"), ("D ♥", "fr", "QH"),
    ("dame de cœur", "fr", "QH"), ("Dame de coeur", "fr", "QH"), ("valet de pique", "fr", "JS"),
    ("neuf de carreau", "fr", "9D"), ("dix de trèfle", "fr", "10C"), ("sept de cœurs", "fr", "7H"),
    ("DC", "fr", "QH"), ("VK", "fr", "JD"), ("RT", "fr", "KC"), ("AP", "fr", "AS"),
    ("7K", "fr", "7D"), ("dc", "fr", "QH"),
    # Spanish
    ("jota de corazones", "es", "JH"), ("as de picas", "es", "AS"),
    ("rey de tréboles", "es", "KC"), ("dama de diamantes", "es", "QD"),
    ("reina de corazones", "es", "QH"), ("nueve de corazones", "es", "9H"),
    ("diez de picas", "es", "10S"), ("JT", "es", "JC"), ("QP", "es", "QS"), ("RC", "es", "KH"),
    ("DD", "es", "QD"),
    # Italian
    ("fante di cuori", "it", "JH"), ("asso di picche", "it", "AS"), ("re di quadri", "it", "KD"),
    ("Regina di fiori", "it", "QC"), ("dieci di cuori", "it", "10H"),
    ("donna di picche", "it", "QS"), ("FF", "it", "JC"), ("RQ", "it", "KD"), ("DP", "it", "QS"),
    ("F♣", "it", "JC"),
    # Portuguese
    ("valete de copas", "pt", "JH"), ("rainha de espadas", "pt", "QS"),
    ("rei de ouros", "pt", "KD"), ("ás de paus", "pt", "AC"), ("dez de copas", "pt", "10H"),
    ("dama de ouros", "pt", "QD"), ("VC", "pt", "JH"), ("DO", "pt", "QD"), ("AP", "pt", "AC"),
    ("RE", "pt", "KS"), ("V♠", "pt", "JS"),
]


@pytest.mark.parametrize(("words", "lang", "code"), CARD_WORDS)
def test_a_card_in_each_language_s_words(words: str, lang: str | None, code: str) -> None:
    assert card_word(words, lang) == code


@pytest.mark.parametrize(("words", "lang"), [
    ("valet d'atout", "fr"), ("jota de triunfo", "es"), ("dame", "fr"), ("cœur", "fr"),
    ("dame de", "fr"), ("dame de sans-atout", "fr"), ("11H", None), ("ZZ", "fr"),
    ("DC", None), ("DC", "en"), ("VK", "es"), ("1C", "fr"), ("", "fr"), ("belote", "fr"),
])
def test_words_that_name_no_card_are_none(words: str, lang: str | None) -> None:
    assert card_word(words, lang) is None


def test_an_ambiguous_code_is_english_unless_its_combination_is_the_language_s() -> None:
    # `10C`, `AC` are English (clubs) and French (cœur); alone, English.
    assert card_word("10C", "fr") == "10C" and card_word("AC", "fr") == "AC"
    assert read_cards(["AC", "KC", "QC"], "fr") == (["AC", "KC", "QC"], 3)
    # `DC` and `VC` can only be French: the whole combination is read in French.
    assert read_cards(["DC", "VC", "10C"], "fr") == (["QH", "JH", "10H"], 3)
    assert read_cards(["KC", "QC", "JC"], "es") == (["KC", "QC", "JC"], 3)
    assert read_cards(["RC", "DC", "JC"], "es") == (["KH", "QH", "JH"], 3)
    # a letter code of one language is another card in another: `AP` pique or paus
    assert (card_word("AP", "fr"), card_word("AP", "pt"), card_word("AP")) == ("AS", "AC", None)


def test_cards_are_read_until_the_words_name_none() -> None:
    words = "dame de cœur, valet de cœur, 10 de cœur belote N".split()
    assert read_cards(words, "fr") == (["QH", "JH", "10H"], 9)
    assert read_cards(["valet", "d'atout"], "fr") == ([], 0)


def test_the_hint_for_no_card_speaks_the_player_s_language() -> None:
    assert card_hint("valet d'atout", "fr") == (
        "l'atout n'est pas une couleur\u202f; écrivez-la comme dame de cœur, DC ou D♥")
    assert card_hint("fante di nulla", "it") == "scrivila come donna di cuori, DC o D♥"
    # the score form and the pad speak as their problems do, the table as its prompts
    assert card_hint("xx", "es", polite=True).startswith("escríbala como")
    assert card_hint("xx", "es").startswith("escríbela como")
    assert card_hint("xx", None) == "write it like QH, queen of hearts or Q♥"


def test_fold_is_the_one_folding_under_its_old_name_too() -> None:
    assert fold("Cœur") == fold("COEUR") == "coeur" and fold("sans-atout") == "sans_atout"
    assert _key is fold
