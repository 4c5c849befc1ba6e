"""The score pad's page as the server answers it, without a browser: a deal chosen with the
buttons is said in each of the five languages in words the pad reads back, and scored as the
same deal typed; a deal the pad cannot count is refused in the table's language."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from coinche_dsl.engine import compile
from coinche_dsl.errors import VariantError
from coinche_dsl.loader import load_variant
from coinche_dsl.model.enums import Denomination
from coinche_dsl.pad import web
from coinche_dsl.pad.session import Pad
from coinche_dsl.pad.words import PadWords
from coinche_dsl.render.i18n import LANGUAGES

FFB = load_variant("ffb")
RULES = compile(FFB)
# ffb with the organiser's no-trump and all-trump (§ 11), for a deal at every denomination
ALL_SIX = load_variant("ffb", {"sans_atout_tout_atout": "oui"})
# ffb.coinche's example: « 100 + 10 = 110 >= 90 and > 52: NS 110 + 90 = 200; EW 52, rounded 50 ».
EXAMPLE = {"declarer": "N", "bid": 90, "trump": "hearts", "points": 100, "last": "S"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_buttons_deal_is_said_in_the_language_and_scored(lang: str) -> None:
    w = PadWords(lang)
    game = web.told(RULES, web.new_record(FFB, "ffb", {}), {"deal": EXAMPLE}, w)
    assert web.state(RULES, game, w)["rows"][0]["totals"] == {"NS": "200", "EW": "50"}
    said = game.deals[0].said
    assert said.split(" ")[0] == "90" and said.endswith(" S")
    typed = web.told(RULES, web.new_record(FFB, "ffb", {}), {"said": said}, w)
    assert typed.deals[0].model_dump() == game.deals[0].model_dump()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("trump", [d.value for d in Denomination])
@pytest.mark.parametrize("double", ["none", "coinche", "surcoinche"])
def test_every_denomination_and_double_is_read_back(lang: str, trump: str, double: str) -> None:
    w = PadWords(lang)
    deal = {"declarer": "W", "bid": 80, "trump": trump, "double": double, "points": 90,
            "last": "W", "belote": [] if trump == "no-trump" else ["E"]}
    game = web.told(compile(ALL_SIX), web.new_record(ALL_SIX, "ffb", {}), {"deal": deal}, w)
    told = game.deals[0]
    assert (told.declarer, told.trump.value, told.double.value, told.last_trick) == (
        "W", trump, double, "W")
    assert told.card_points["EW"] == 90


def test_a_capot_and_a_pass_out() -> None:
    w = PadWords("fr")
    game = web.new_record(FFB, "ffb", {})
    game = web.told(RULES, game, {"deal": {"passed": True}}, w)
    game = web.told(RULES, game, {"deal": {"declarer": "E", "bid": "capot", "trump": "spades",
                                           "capot": "W"}}, w)
    assert [d.said for d in game.deals] == ["passe", "capot pique E, capot O"]
    # § 9.2 « En cas de capot ... le dix de der vaut 100 points »; § 10.1.1 « Leur total + Le
    # montant du contrat demandé », « 250 points pour un capot demandé »: EW 152 + 100 + 250
    # = 502, rounded to 500 (§ 10.2); NS nothing.
    assert web.state(RULES, game, w)["totals"] == {"NS": "0", "EW": "500"}


def test_a_wrong_deal_is_refused_in_the_tables_language() -> None:
    w = PadWords("fr")
    game = web.new_record(FFB, "ffb", {})
    with pytest.raises(VariantError) as e:
        web.told(RULES, game, {"said": "110 coeur N, 200 points, der S"}, w)
    (problem,) = web.error_json(e.value, "110 coeur N, 200 points, der S", w)["problems"]
    assert problem["message"] == ("200 points, c’est plus que les 152 points de cartes d’une "
                                  "donne à cœur")
    assert problem["column"] == 14
    with pytest.raises(VariantError) as e:
        web.told(RULES, game, {"said": "90 coeur N, 100 points, der Z"}, PadWords("es"))
    shown = web.error_json(e.value, "", PadWords("es"))["problems"]
    assert [p["message"] for p in shown] == ["¿quién hizo la última baza?",
                                             "aquí no se entiende «Z»"]


def test_the_terminal_pad_says_its_problems_in_french(tmp_path) -> None:
    out: list[str] = []
    pad = Pad(RULES, web.new_record(FFB, "ffb", {}), tmp_path / "g.json", PadWords("fr"),
              out.append)
    pad.answer("90 coeur N, 100 points, der")
    assert "qui a fait le dix de der\u202f?" in "\n".join(out)


@pytest.mark.parametrize("folder", ["web/messages", "said_messages"])
def test_every_catalog_has_every_key(folder: str) -> None:
    root = resources.files("coinche_dsl.pad").joinpath(folder)
    keys = {lang: set(json.loads(root.joinpath(f"{lang}.json").read_text("utf-8")))
            for lang in LANGUAGES}
    assert all(k == keys["en"] for k in keys.values())


def test_a_request_of_the_wrong_kind_is_refused() -> None:
    w = PadWords("en")
    game = web.new_record(FFB, "ffb", {})
    for deal in ({"bid": 80}, {"declarer": "X", "bid": 80, "trump": "hearts", "points": 1},
                 {"declarer": "N", "bid": True, "trump": "hearts", "points": 1},
                 {"declarer": "N", "bid": 80, "trump": "hearts", "points": "1"}):
        with pytest.raises(web.PadRequestError):
            web.told(RULES, game, {"deal": deal}, w)
    with pytest.raises(web.PadRequestError):
        web.told(RULES, game, {"said": "passe", "at": 3}, w)


def test_a_correction_that_ends_the_game_sooner_is_refused_in_words(tmp_path) -> None:
    """A correction after which the game would end before deals already told is refused,
    saying so, and the game stays as it was."""
    club = tmp_path / "club.coinche"
    club.write_text('variant "club" extends "ffb" {\n  language fr\n  game { target 1000 }\n}\n',
                    encoding="utf-8")
    rs = load_variant(club)
    rules, w = compile(rs), PadWords("fr")
    game = web.new_record(rs, "club.coinche", {})
    # Coinched and made: « (160 points ... + Le montant du contrat demandé) × 2 (resp. 4) »,
    # (160 + 80) x 2 = 480 a deal; the defenders « ne marquent rien ».
    for _ in range(3):
        game = web.told(rules, game, {"said": "80 cœur coinché N, 100 points, der N"}, w)
    assert web.state(rules, game, w)["totals"] == {"NS": "1\u202f440", "EW": "0"}
    # Surcoinched, deal 2 brings (160 + 80) x 4 = 960: 1440 after it, over the 1000.
    with pytest.raises(VariantError) as e:
        web.told(rules, game, {"said": "80 cœur surcoinché N, 100 points, der N", "at": 2}, w)
    (problem,) = web.error_json(e.value, "", w)["problems"]
    assert problem["message"] == ("avec cette donne, Nord-Sud gagne la partie à la donne 2\u202f:"
                                  " les donnes notées ensuite viendraient après la fin")
