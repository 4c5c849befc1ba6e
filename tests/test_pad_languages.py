"""`coinche marque` under `--lang fr|es|it|pt`: every problem a table meets, a game record the
pad cannot carry on, its usage errors and the filled sheet's headings in the table's language,
never the English the engine and the loader say them in."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from coinche_dsl.cli import _register, app
from coinche_dsl.engine import compile
from coinche_dsl.errors import VariantError
from coinche_dsl.loader import load_variant
from coinche_dsl.native_words import card_code, read_cards
from coinche_dsl.pad import GameRecord, tell
from coinche_dsl.pad.said_words import localized
from coinche_dsl.pad.words import PadWords
from coinche_dsl.problems import catalog

_register()
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FFB = compile(load_variant("ffb"))
LANGS = ("fr", "es", "it", "pt")
ENGLISH = ("is missing", "every example needs it", "is not a denomination", "invalid JSON",
           "Input should", "not a game record", "QH JH")


def said(line: str, lang: str) -> list[str]:
    """The problems of `line` told to a new game, as the pad shows them (message, hint)."""
    try:
        tell(FFB, GameRecord(variant={"name": "ffb"}), line)
    except VariantError as e:
        return [f"{d.message} ({d.hint})" for d in (localized(d, PadWords(lang))
                                                    for d in e.diagnostics)]
    raise AssertionError(f"{line!r} was scored")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("line", [
    "110 pique N",  # no card points, no last trick
    "90 sans-atout N, 98 points, der S",  # ffb bids the four suits only
    "90 pique N, 98 points, der S, annonce",  # whose announcement
    "250 pique N, 98 points, der S, belote N, belote N",
])
def test_a_deal_the_pad_refuses_is_said_in_the_tables_language(line: str, lang: str) -> None:
    for problem in said(line, lang):
        assert not any(word in problem for word in ENGLISH), (lang, problem)
        assert "card_points" not in problem and "last_trick" not in problem, problem


def test_what_is_missing_is_said_with_how_to_tell_it() -> None:
    assert said("110 pique N", "fr") == [
        "il manque les points de cartes des preneurs (par exemple\u202f: 98 points)",
        "il manque le dix de der (par exemple\u202f: der S)"]
    assert said("90 sans-atout N, 98 points, der S", "fr") == [
        "on ne peut pas jouer à sans-atout dans cette variante ()"]
    assert said("90 sans-atout N, 98 points, der S", "it") == [
        said("90 sans-atout N, 98 points, der S", "it")[0]]
    assert "senza atout" in said("90 sans-atout N, 98 points, der S", "it")[0]


@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_an_announcements_example_is_in_the_languages_card_codes(lang: str) -> None:
    [problem] = said("90 pique N, 98 points, der S, annonce", lang)
    example = problem.rsplit(" N ", 1)[1].rstrip(")").split()
    assert read_cards(example, lang) == (["QH", "JH", "10H"], 3)
    assert example == [card_code(c, lang) for c in ("QH", "JH", "10H")]
    if lang == "fr":
        assert example == ["DC", "VC", "10C"]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["marque", *args], input="")
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_a_record_the_pad_cannot_carry_on_is_said_in_the_language(tmp_path: Path,
                                                                   lang: str) -> None:
    broken = tmp_path / "cassee.json"
    broken.write_text("{x", encoding="utf-8")
    code, _, err = run("ffb", str(broken), "--lang", lang)
    assert code == 1 and f"cassee.json:1:2: {catalog(lang)['severity.error']}" in err
    assert not any(word in err.removeprefix("coinche: error: ") for word in ENGLISH), err
    wrong = tmp_path / "mauvaise.json"
    wrong.write_text(json.dumps({"format": "coinche-game", "version": 1,
                                 "variant": {"name": "ffb"}, "teams": {"NS": 3}}),
                     encoding="utf-8")
    code, _, err = run("ffb", str(wrong), "--lang", lang)
    assert code == 1 and "teams.NS" in err
    assert not any(word in err.removeprefix("coinche: error: ") for word in ENGLISH), err


def test_a_broken_record_speaks_the_variants_language_without_lang(tmp_path: Path) -> None:
    broken = tmp_path / "g.json"
    broken.write_text("{x", encoding="utf-8")
    code, _, err = run("ffb", str(broken))
    assert code == 1 and "erreur\u00a0: ce n’est pas une feuille de partie" in err, err
    code, _, err = run("es-club", str(broken))
    assert code == 1 and "esto no es una hoja de partida" in err, err


def test_a_record_whose_deal_no_longer_scores_names_the_deal_in_words(tmp_path: Path) -> None:
    game = tmp_path / "g.json"
    record = json.loads((EXAMPLES / "jeudi.json").read_text(encoding="utf-8"))
    record["deals"][1]["trump"] = "no-trump"  # ffb bids no no-trump by default
    game.write_text(json.dumps(record), encoding="utf-8")
    code, _, err = run("ffb", str(game), "--lang", "fr", "--option",
                       "sans_atout_tout_atout=non")
    assert code == 1, err
    assert "Donne 2\u202f: on ne peut pas jouer à sans-atout dans cette variante" in err, err


@pytest.mark.parametrize("lang, words", [
    ("fr", ("vierge.pdf", "une feuille de marque s’écrit en .html ou en .pdf")),
    ("es", ("blanco.pdf", "se escribe en .html o en .pdf")),
    ("it", ("vuoto.pdf", "si scrive in .html o in .pdf")),
    ("pt", ("branco.pdf", "escreve-se em .html ou em .pdf")),
])
def test_the_pads_usage_errors_are_in_the_language(tmp_path: Path, lang: str,
                                                   words: tuple[str, str]) -> None:
    code, _, err = run("ffb", "--blank", "--lang", lang)
    assert code == 2 and words[0] in err
    game = tmp_path / "g.json"
    shutil.copy(EXAMPLES / "jeudi.json", game)
    code, _, err = run("ffb", str(game), "-o", str(tmp_path / "x.txt"), "--lang", lang)
    assert code == 2 and words[1] in err


@pytest.mark.parametrize("lang, table, day", [
    ("fr", "Table 1", "2 décembre 2026"), ("es", "Mesa 1", "2 de diciembre de 2026"),
    ("it", "Tavolo 1", "2 dicembre 2026"), ("pt", "Mesa 1", "2 de dezembro de 2026"),
    ("en", "Table 1", "2 December 2026"),
])
def test_the_filled_sheet_heads_the_table_and_the_day_in_words(tmp_path: Path, lang: str,
                                                               table: str, day: str) -> None:
    game = tmp_path / "g.json"
    shutil.copy(EXAMPLES / "jeudi.json", game)
    code, _, err = run("ffb", str(game), "-o", str(tmp_path / "f.html"), "--lang", lang)
    assert code == 0, err
    page = (tmp_path / "f.html").read_text(encoding="utf-8")
    assert table in page and day in page and "2026-12-02" not in page
    if lang != "fr":  # the rules' options in the sheet's words (ffb's `terms`), not in French
        assert "Règle du litige" not in page and "Sans-atout et tout-atout" not in page
    named = json.loads(game.read_text(encoding="utf-8"))
    game.write_text(json.dumps({**named, "table": "Salle du fond"}), encoding="utf-8")
    code, _, err = run("ffb", str(game), "-o", str(tmp_path / "f.html"), "--lang", lang)
    page = (tmp_path / "f.html").read_text(encoding="utf-8")
    assert code == 0 and "Salle du fond" in page and f"{table.split()[0]} Salle" not in page
