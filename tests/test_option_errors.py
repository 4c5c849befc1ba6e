"""An option or answer chosen that the variant lacks (`--option`, the studio's option controls,
a document's address on `coinche serve`): a problem with a code, said in the command's language
with the closest name and every one there is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from coinche_dsl import load_variant
from coinche_dsl.cli import _register, app
from coinche_dsl.options import UnknownOptionError
from coinche_dsl.problems import LANGUAGES, catalog, full_sentence, said_option

_register()

DEAL = {"declarer": "N", "bid": 90, "trump": "hearts", "double": "none",
        "card_points": {"NS": 100, "EW": 52}, "last_trick": "S"}


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input=stdin)
    return result.exit_code, result.stderr


def test_the_error_carries_its_code_the_closest_name_and_every_one() -> None:
    with pytest.raises(UnknownOptionError) as found:
        load_variant("ffb", {"litgie": "chute"})
    d = found.value.diagnostic
    assert (d.code, d.hint_code) == ("option.unknown", "hint.option_close")
    assert d.values["fix"] == "litige" and "litige" in d.values["names"]
    with pytest.raises(UnknownOptionError) as found:
        load_variant("ffb", {"litige": "chut"})
    d = found.value.diagnostic
    assert (d.code, d.hint_code) == ("option.unknown_value", "hint.value_close")
    assert d.values["names"] == ("appliquee", "chute", "reussite")
    # English for the API: the closest and every one
    assert "did you mean 'chute'? its values: appliquee, chute, reussite" in str(found.value)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_is_in_every_catalog(lang: str) -> None:
    words = catalog(lang)
    for key in ("option.unknown", "option.settled", "option.unknown_value", "option.none_has",
                "hint.option_close", "hint.value_close", "hint.option_names",
                "hint.option_values", "hint.no_options"):
        assert key in words, (lang, key)


SAID = {
    "en": ("the variant has no option ‘litgie’ — did you mean ‘litige’? Its options are",
           "the option ‘litige’ has no answer ‘chut’ — did you mean ‘chute’? Its answers are "
           "‘appliquee’, ‘chute’ and ‘reussite’"),
    "fr": ("la variante n'a pas d'option «\u202flitgie\u202f» — vouliez-vous dire "
           "«\u202flitige\u202f»\u202f? Ses options sont",
           "l'option «\u202flitige\u202f» n'a pas de réponse «\u202fchut\u202f» — vouliez-vous "
           "dire «\u202fchute\u202f»\u202f? Ses réponses possibles sont «\u202fappliquee\u202f», "
           "«\u202fchute\u202f» et «\u202freussite\u202f»"),
    "es": ("la variante no tiene la opción «litgie» — ¿quería decir «litige»? Sus opciones son",
           "¿quería decir «chute»? Sus respuestas posibles son «appliquee», «chute» y "
           "«reussite»"),
    "it": ("nella variante non c’è nessuna opzione «litgie» — forse si intendeva «litige»? "
           "Le sue opzioni sono",
           "«chut» non è una delle risposte dell’opzione «litige» — forse si intendeva "
           "«chute»? Le risposte possibili sono «appliquee», «chute» e «reussite»"),
    "pt": ("a variante não tem a opção «litgie» — queria dizer «litige»? As suas opções são",
           "a opção «litige» não tem a resposta «chut» — queria dizer «chute»? As respostas "
           "possíveis são «appliquee», «chute» e «reussite»"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_score_says_an_unknown_option_in_its_language(lang: str) -> None:
    option, value = SAID[lang]
    code, err = run("score", "ffb", "-", "--option", "litgie=chute", "--lang", lang,
                    stdin=json.dumps(DEAL))
    assert code == 2 and option in err, err
    assert err.startswith("coinche: error: ")
    code, err = run("score", "ffb", "-", "--option", "litige=chut", "--lang", lang,
                    stdin=json.dumps(DEAL))
    assert code == 2 and value in err, err


def test_without_a_language_score_speaks_english_and_a_sheet_the_variants() -> None:
    code, err = run("score", "ffb", "-", "--option", "litgie=chute", stdin=json.dumps(DEAL))
    assert code == 2 and "the variant has no option 'litgie'; did you mean 'litige'?" in err
    code, err = run("sheet", "ffb", "--option", "litgie=chute")  # ffb's sheet is French
    assert code == 2 and "vouliez-vous dire «\u202flitige\u202f»" in err
    code, err = run("sheet", "ffb", "--option", "litgie=chute", "--lang", "es")
    assert code == 2 and "¿quería decir «litige»?" in err


def test_an_option_far_from_any_lists_them_and_a_settled_one_says_so(tmp_path: Path) -> None:
    code, err = run("score", "ffb", "-", "--option", "xyz=1", "--lang", "fr",
                    stdin=json.dumps(DEAL))
    assert code == 2 and "ses options sont" in err and "vouliez-vous" not in err
    fixed = tmp_path / "c.coinche"
    fixed.write_text('variant "c" extends "ffb" {\n  title "c"\n  description "c"\n'
                     '  sources "c"\n  option litige fixed chute\n}\n', encoding="utf-8")
    code, err = run("score", str(fixed), "-", "--option", "litige=chute", "--lang", "fr",
                    stdin=json.dumps(DEAL))
    assert code == 2 and "l'option «\u202flitige\u202f» est fixée par la variante" in err


def test_compare_says_an_option_none_of_the_variants_has() -> None:
    code, err = run("compare", "ffb", "es-club", "--option", "zz=1", "--lang", "fr")
    assert code == 2
    assert "aucune des variantes «\u202fffb\u202f» et «\u202fes-club\u202f» n'a d'option" in err


def test_the_pad_says_it_in_the_variants_language(tmp_path: Path) -> None:
    code, err = run("marque", "ffb", str(tmp_path / "g.json"), "--option", "litige=chut")
    assert code == 2 and "vouliez-vous dire «\u202fchute\u202f»" in err
    code, err = run("marque", "ffb", str(tmp_path / "g.json"), "--option", "litige=chut",
                    "--lang", "it")
    assert code == 2 and "forse si intendeva «chute»?" in err


def test_said_option_keeps_english_without_a_language() -> None:
    with pytest.raises(UnknownOptionError) as found:
        load_variant("ffb", {"litige": "chut"})
    assert said_option(found.value, None) == str(found.value)
    assert said_option(found.value, "fr") == full_sentence(found.value.diagnostic, "fr")


def test_the_studio_says_an_option_the_file_lost_in_the_pages_language(tmp_path: Path
                                                                         ) -> None:
    pytest.importorskip("starlette", reason="the studio extra is not installed")
    from starlette.testclient import TestClient
    from studio_support import open_studio

    from coinche_dsl.studio.app import create_app
    from coinche_dsl.studio.guard import Session
    from coinche_dsl.studio.service import Workspace

    text = ('variant "club" extends "ffb" {\n  title "Club"\n  language fr\n'
            '  description "d"\n  sources "s"\n}\n')
    (tmp_path / "club.coinche").write_text(text, encoding="utf-8")
    studio = create_app(Workspace.open(tmp_path, "club.coinche"), Session(token="secret"))
    client = TestClient(studio, base_url="http://127.0.0.1")
    headers = open_studio(client, studio)
    reply = client.post("/api/score", headers=headers, json={
        "text": text, "options": {"litige": "chut"}, "lang": "es", "deal": DEAL})
    assert reply.status_code == 422
    assert "¿quería decir «chute»?" in reply.json()["error"]
    reply = client.post("/api/preview", headers=headers, json={  # the sheet's own language
        "text": text, "options": {"litgie": "chute"}, "lang": None})
    assert reply.status_code == 422
    assert "vouliez-vous dire «\u202flitige\u202f»" in reply.json()["error"]


def test_the_server_says_it_in_the_documents_language() -> None:
    from coinche_dsl.server.jobs import run as job

    made = job("sheet", {}, "ffb", "it", {"litige": "chut"})
    assert made == {"error": [full_sentence(_unknown("ffb", {"litige": "chut"}), "it")]}
    assert "forse si intendeva «chute»?" in made["error"][0]


def _unknown(name: str, choices: dict[str, str]):
    with pytest.raises(UnknownOptionError) as found:
        load_variant(name, choices)
    return found.value.diagnostic
