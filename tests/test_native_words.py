"""A club writing its own language's words (`cœur`, `preneurs`, `oui`, `jeu`) is told the
file's word, at the place it wrote its own: the words of French, Spanish, Italian and
Portuguese clubs."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from coinche_dsl.analysis import diagnose
from coinche_dsl.cli import _register, app
from coinche_dsl.native_words import ENGLISH, english_words, native
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
