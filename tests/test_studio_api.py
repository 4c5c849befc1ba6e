"""The studio's server without a browser: every page request, its guards, and the questionnaire's
text edits (comments kept, answers checked against the model)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the studio extra is not installed")
from starlette.testclient import TestClient  # noqa: E402
from studio_support import open_studio  # noqa: E402

from coinche_dsl import load_variant  # noqa: E402
from coinche_dsl.loader import load_checked  # noqa: E402
from coinche_dsl.studio.app import create_app  # noqa: E402
from coinche_dsl.studio.guard import Session  # noqa: E402
from coinche_dsl.studio.service import Workspace  # noqa: E402
from coinche_dsl.syntax.formatter import format_text  # noqa: E402

CLUB = """\
variant "club" extends "ffb" {
  title "Coinche du jeudi"  # our Thursday game
  language fr
  description "Partie courte, sans annonces."
  sources "Règlement du club, 2026"

  game { target 1500 }  # short games
}
"""
TOKEN = {"x-studio-token": "secret"}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "club.coinche").write_text(CLUB, encoding="utf-8")
    return tmp_path


@pytest.fixture
def client(folder: Path) -> TestClient:
    """A browser that opened the studio with the link its command printed."""
    app = create_app(Workspace.open(folder, "club.coinche"), Session(token="secret"))
    client = TestClient(app, base_url="http://127.0.0.1")
    assert open_studio(client, app) == TOKEN
    return client


def post(client: TestClient, endpoint: str, **body: object) -> dict:
    reply = client.post(f"/api/{endpoint}", headers=TOKEN, json=body)
    assert reply.status_code == 200, reply.text
    return reply.json()


def test_state_gives_the_file_and_the_variants(client: TestClient) -> None:
    state = post(client, "state")
    assert state["file"] == "club.coinche"
    assert state["text"] == CLUB
    assert {"ffb", "fr-bga", "club.coinche"} <= set(state["variants"])
    assert state["languages"] == ["en", "fr", "es", "it", "pt"]


def test_a_typo_is_located_with_its_suggestion(client: TestClient) -> None:
    found = post(client, "check", text=CLUB.replace("target 1500", "targt 1500"))
    assert found["valid"] is False
    [d] = found["diagnostics"]
    assert (d["line"], d["column"], d["length"]) == (7, 10, 5)
    assert d["message"] == "unknown setting 'targt' in game"
    assert d["fixes"] == ["target"]


@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "réglage inconnu «\u202ftargt\u202f» dans le bloc «\u202fgame\u202f» — "
           "vouliez-vous dire «\u202ftarget\u202f»\u202f?"),
    ("it", "impostazione sconosciuta «targt» nel blocco «game» — forse si intendeva «target»?"),
])
def test_a_typo_in_the_pages_language(client: TestClient, lang: str, said: str) -> None:
    """The page's language: one sentence, its hint in it, the same fix."""
    found = post(client, "check", text=CLUB.replace("target 1500", "targt 1500"), lang=lang)
    [d] = found["diagnostics"]
    assert (d["message"], d["hint"], d["fixes"], d["code"]) == (said, "", ["target"],
                                                                "setting.unknown")


def test_an_answer_rewrites_the_setting_and_keeps_every_comment(client: TestClient) -> None:
    text = post(client, "answer", text=CLUB, path="game.target", value="1000")["text"]
    assert "target 1000" in text and "1500" not in text
    assert "# our Thursday game" in text and "# short games" in text
    assert format_text(text) == text  # laid out canonically: `fmt --check` leaves it alone


def test_an_answer_adds_a_missing_setting_and_block(client: TestClient, folder: Path) -> None:
    text = post(client, "answer", text=CLUB, path="game.reach", value="exceed")["text"]
    text = post(client, "answer", text=text, path="play.undertrump", value="required")["text"]
    text = post(client, "answer", text=text, path="auction.denominations",
                value=["hearts", "spades", "no_trump"])["text"]
    (folder / "edited.coinche").write_text(text, encoding="utf-8")
    rules = load_variant(folder / "edited.coinche")
    assert rules.game.reach.value == "exceed" and rules.game.target == 1500
    assert rules.play.undertrump.value == "required"
    assert [d.value for d in rules.auction.denominations] == ["hearts", "spades", "no-trump"]


@pytest.mark.parametrize(("path", "value", "refused"), [
    ("play.undertrump", "sometimes", "Non écrit : « sometimes » n'est pas une des réponses."),
    ("game.target", "2e3", "« 2e3 » n'est pas un nombre entier."),
    ("game.target", "0", "Écrivez un nombre de 1 à 100 000."),  # the model's range
    ("auction.denominations", [], "Choisissez-en au moins un."),
])
def test_an_answer_the_field_cannot_take_is_refused_in_words(
        client: TestClient, path: str, value: object, refused: str) -> None:
    reply = post(client, "answer", text=CLUB, path=path, value=value, lang="fr")
    assert "text" not in reply
    assert _plain(reply["refused"]).endswith(_plain(refused).removeprefix("Non écrit : "))


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def test_a_request_naming_no_question_is_a_clean_error(client: TestClient) -> None:
    reply = client.post("/api/answer", headers=TOKEN, json={"text": CLUB, "path": "title",
                                                            "value": "x"})
    assert reply.status_code == 422
    assert reply.json()["error"] == "'title' is not one of the questionnaire's rules"


def test_an_answer_that_would_break_the_file_is_refused_with_why(client: TestClient) -> None:
    # No coinche while ffb's surcoinche stays on: the checker's cross-field rule refuses it.
    reply = post(client, "answer", text=CLUB, path="auction.coinche", value="none", lang="fr")
    assert "text" not in reply
    from coinche_dsl.loader import builtin_path
    lines = builtin_path("ffb").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if text.strip() == "surcoinche yes")
    assert _plain(reply["refused"]).startswith(
        f"Non écrit : ffb.coinche, ligne {line} : la surcoinche est permise, mais pas la coinche")


def test_an_answer_the_bases_examples_do_not_survive_drops_them(client: TestClient,
                                                                folder: Path) -> None:
    # ffb's example "80 atteints, mais la défense a 82" bids 80: with a lowest bid of 90 it
    # cannot be played, so the answer is written with the base's examples left out.
    reply = post(client, "answer", text=CLUB, path="auction.minimum_bid", value="90",
                 lang="en")
    assert "minimum_bid 90" in reply["text"] and "examples none" in reply["text"]
    assert reply["note"].startswith("Written. The base's worked examples no longer held")
    (folder / "ninety.coinche").write_text(reply["text"], encoding="utf-8")
    assert load_variant(folder / "ninety.coinche").auction.minimum_bid == 90


def test_the_form_works_on_a_file_with_errors_elsewhere(client: TestClient) -> None:
    broken = CLUB.replace("target 1500", "target 1500\n    reach sometimes")
    asked = post(client, "questionnaire", text=broken, lang="fr")
    questions = {q["path"]: q for q in asked["questions"]}
    assert questions["game.target"]["value"] == "1500"
    assert "réglages valides" in asked["problem"]
    reply = post(client, "answer", text=broken, path="game.target", value="1000", lang="fr")
    assert "target 1000" in reply["text"] and "reach sometimes" in reply["text"]


def test_the_questionnaire_reads_the_current_answers(client: TestClient) -> None:
    asked = post(client, "questionnaire", text=CLUB, lang="fr")
    assert "problem" not in asked
    questions = {q["path"]: q for q in asked["questions"]}
    target = questions["game.target"]
    assert (target["value"], target["kind"], target["min"], target["max"]) == \
        ("1500", "number", 1, 100_000)
    assert _plain(target["question"]) == "Jusqu'à combien de points joue-t-on ?"
    assert _plain(target["said"]) == "La partie se joue en 1 500 points."
    assert questions["scoring.rounding"]["value"] == "half_up"  # ffb's, inherited
    undertrump = questions["play.undertrump"]
    assert undertrump["kind"] == "choice"
    assert [c["value"] for c in undertrump["choices"]] == ["required", "optional"]
    after = {c["value"]: _plain(c["label"]) for c in questions["auction.after_coinche"]["choices"]}
    assert "seul le camp coinché peut parler : surcoincher ou passer" in after[
        "doubled_side_only"]
    denominations = questions["auction.denominations"]
    assert denominations["kind"] == "choices"
    assert {"value": "hearts", "label": "cœur"} in denominations["choices"]
    assert questions["belote.enabled"]["kind"] == "yes_no"


def test_a_bases_questionnaire_gives_the_bases_answers(client: TestClient) -> None:
    questions = {q["path"]: q["value"] for q in post(
        client, "questionnaire", base="fr-bga", lang="en")["questions"]}
    assert (questions["auction.minimum_bid"], questions["auction.coinche"],
            questions["scoring.rounding"]) == ("82", "any_time", "none")


def test_the_questionnaire_speaks_the_variants_own_words(client: TestClient) -> None:
    """ffb-contree's terms say « contre », « contré », « surcontrer »: its questions and
    answers do too, as its sheets do (render.terms), on the file and as a base."""
    contree = 'variant "club" extends "ffb-contree" {\n  title "Club"\n  language fr\n}\n'
    for asked in (post(client, "questionnaire", text=contree, lang="fr"),
                  post(client, "questionnaire", base="ffb-contree", lang="fr")):
        questions = {q["path"]: q for q in asked["questions"]}
        words = [t for q in asked["questions"] for t in (
            q["question"], q["said"], *(c["label"] for c in q["choices"]))]
        assert not [t for t in words if "coinch" in t.lower()]
        assert _plain(questions["auction.after_coinche"]["question"]) == \
            "Qui peut encore parler après un contre ?"
        assert _plain(questions["auction.surcoinche"]["question"]) == \
            "Le camp contré peut-il surcontrer ?"
        after = {c["value"]: _plain(c["label"])
                 for c in questions["auction.after_coinche"]["choices"]}
        assert after["doubled_side_only"] == \
            "Après un contre, seul le camp contré peut parler : surcontrer ou passer."
    ffb = {q["path"]: q for q in post(client, "questionnaire", base="ffb", lang="fr")[
        "questions"]}  # ffb's own words stay: the terms are the variant's, not the page's
    assert _plain(ffb["auction.after_coinche"]["question"]) == \
        "Qui peut encore parler après une coinche ?"


def test_the_problems_once_said_in_english_come_in_french(client: TestClient) -> None:
    """An option at odds with a setting, packets that do not give 8 cards, a formula with a
    word that is no quantity: the problem list's sentences, in the page's French."""
    for body, said in (
            ("option litige fixed tenu\n  scoring { litige fails }\n",
             "« scoring.litige » est réglé ici, alors que l'option « litige »"),
            ("table { packets 3 3 3 }\n", "les paquets font 8 cartes en tout ; ceux-ci en font 9"),
            ("scoring { made { declarers = contrat + 1\n defenders = 0 } }\n",
             "la formule « scoring.made.declarers » emploie « contrat », qui n'est pas une "
             "quantité")):
        text = f'variant "club" extends "ffb" {{\n  title "Club"\n  language fr\n  {body}}}\n'
        found = post(client, "check", text=text, lang="fr")["diagnostics"]
        assert any(said in _plain(d["message"]) for d in found), found


def test_start_from_another_base_writes_only_the_differences(client: TestClient) -> None:
    # fr-bga's own answers (82, a coinche at any time, no rounding) are not written again.
    made = post(client, "start", base="fr-bga", name="bga-1000", title="BGA en 1000",
                answers={"game.target": "1000", "auction.minimum_bid": "82",
                         "auction.coinche": "any_time", "scoring.rounding": "none"})
    assert made["diagnostics"] == []
    assert made["text"] == ('variant "bga-1000" extends "fr-bga" {\n  title "BGA en 1000"\n'
                            '  language fr\n\n  game {\n    target 1000\n  }\n}\n')


def test_the_page_gets_its_words_in_the_files_language(client: TestClient) -> None:
    state = post(client, "state")
    assert state["language"] == "fr"
    words = state["messages"]
    assert words["btn.save"] == "Enregistrer" and words["lang.es"] == "Espagnol"
    assert words["seat.W"] == "Ouest"  # the sheets' word, not a copy
    spanish = post(client, "messages", lang="es")["messages"]
    assert spanish["tab.form"] == "Cuestionario"
    assert set(spanish) == set(words)


def test_every_catalog_has_every_message_of_the_english_one() -> None:
    from coinche_dsl.studio.i18n import page_catalog

    english = page_catalog("en")
    for lang in ("fr", "es", "it", "pt"):
        assert set(page_catalog(lang)) == set(english), lang


def test_start_writes_a_minimal_extends_file_that_checks(client: TestClient,
                                                         folder: Path) -> None:
    made = post(client, "start", base="ffb", name="jeudi", title='Le "jeudi"', lang="fr",
                description="Partie en 1000.", sources="Le bureau",
                answers={"game.target": "1000", "announcements.enabled": "no",
                         "scoring.rounding": "half_up"})  # half_up is ffb's: not written
    text = made["text"]
    assert made["diagnostics"] == []
    assert text.startswith('variant "jeudi" extends "ffb" {\n  title "Le \\"jeudi\\""\n'
                           '  description "Partie en 1000."\n  sources "Le bureau"\n')
    assert "rounding" not in text
    assert format_text(text) == text
    (folder / "jeudi.coinche").write_text(text, encoding="utf-8")
    rules = load_variant(folder / "jeudi.coinche")
    assert (rules.game.target, rules.announcements.enabled) == (1000, False)
    assert load_checked(folder / "jeudi.coinche").warnings == []  # its own text, nothing lost
    # ffb's examples include announcements, which the club turned off: they are dropped, so
    # that `check` accepts the new file as it is
    assert "examples none" in text
    checked = post(client, "check", text=text)
    assert (checked["diagnostics"], checked["valid"]) == ([], True)


def test_a_disputed_deal_is_scored_with_its_lines(client: TestClient) -> None:
    # A made 90 at hearts: NS 100 card points + 10 for the last trick = 110 >= 90 and above
    # EW's 52: NS score 110 + 90 = 200, EW their 52, rounded to the nearest ten: 50.
    deal = {"declarer": "N", "bid": 90, "trump": "hearts", "double": "none",
            "card_points": {"NS": 100, "EW": 52}, "last_trick": "S"}
    result = post(client, "score", text=CLUB, deal=deal)["result"]
    assert result["made"] is True
    assert result["scores"] == {"NS": 200, "EW": 50}
    assert sum(line["points"] for line in result["lines"] if line["team"] == "NS") == 200


@pytest.mark.parametrize(("said", "lang"), [("cent", "fr"), ("Cien", "es"), ("cento", "it"),
                                            ("cem", "pt"), ("one hundred", "en")])
def test_a_bid_in_words_is_the_number(client: TestClient, said: str, lang: str) -> None:
    # The same deal as a bid of 100 in figures: a coinched 100 at spades that fails, the
    # declarer holding belote (ffb: the defenders score (160 + 100) x 2 = 520, the declarers
    # their protected belote, 20).
    deal = {"declarer": "N", "bid": said, "trump": "spades", "double": "coinche",
            "card_points": {"NS": 70, "EW": 82}, "last_trick": "E", "belote": ["N"]}
    scored = post(client, "score", text=CLUB, deal=deal, lang=lang)
    assert scored["result"]["scores"] == {"NS": 20, "EW": 520}


CONTREE = """\
variant "club" extends "ffb-contree" {
  title "Contrée du jeudi"
  language fr
  description "La contrée du club."
  sources "Règlement du club, 2026"
}
"""


def test_the_score_forms_menus_are_the_files_words(client: TestClient) -> None:
    said = post(client, "deal_words", text=CLUB)  # no page language: the file's, French
    assert said["lang"] == "fr"
    assert [b["value"] for b in said["bids"][:4]] == [
        "quatre-vingts", "quatre-vingt-dix", "cent", "cent dix"]
    assert said["bids"][2]["figure"] == "100" and said["bid"] == "quatre-vingt-dix"
    assert said["bids"][-1] == {"value": "capot", "figure": ""}  # ffb: no générale
    assert [(d["value"], d["label"]) for d in said["denominations"]] == [
        ("clubs", "trèfle"), ("diamonds", "carreau"), ("hearts", "cœur"), ("spades", "pique")]
    assert [d["label"] for d in said["doubles"]] == ["non coinché", "coinché", "surcoinché"]
    assert said["cards"] == "N DC VC 10C; E 7P 8P 9P"
    assert "dame de cœur, DC ou D♥" in said["cards_title"]
    # every bid the menu offers is read back as its number
    for b in said["bids"]:
        deal = {"declarer": "N", "bid": b["value"], "trump": "hearts", "double": "none",
                "card_points": {"NS": 100, "EW": 52}, "last_trick": "S"}
        reply = client.post("/api/score", headers=TOKEN, json={"text": CLUB, "deal": deal})
        assert reply.status_code == 200, (b, reply.text)
    # the contrée's own words (its `terms`): « contré », « Contre »
    contree = post(client, "deal_words", text=CONTREE)
    assert [d["label"] for d in contree["doubles"]] == ["non contré", "contré", "surcontré"]
    assert contree["labels"]["score.double"] == "Contre"
    # another page language, its words
    spanish = post(client, "deal_words", text=CLUB, lang="es")
    assert spanish["bids"][2]["value"] == "cien" and spanish["cards"].startswith("N DC JC 10C")
    assert "coinche" not in [d["label"] for d in spanish["doubles"]]
    # a file with errors: no menus, its problems
    assert "diagnostics" in post(client, "deal_words", text=CLUB.replace("target", "targt"))


def test_a_deal_typed_in_french_words_from_the_menus(client: TestClient) -> None:
    # « cent » at hearts, coinched, North's tierce typed in French codes (dame, valet, dix de
    # cœur: 20 under ffb); 100 + 10 + 20 = 130 >= 100 and above EW's 52, made, coinched:
    # (160 + 20 + 100) x 2 = 560 (ffb § 10.1.1).
    deal = {"declarer": "N", "bid": "cent", "trump": "hearts", "double": "coinche",
            "card_points": {"NS": 100, "EW": 52}, "last_trick": "S",
            "announcements": {"N": [["DC", "VC", "10C"]]}}
    assert post(client, "score", text=CLUB, deal=deal)["result"]["scores"] == {
        "NS": 560, "EW": 0}


def test_a_bid_no_rule_knows_is_said_in_the_page_language(client: TestClient) -> None:
    deal = {"declarer": "N", "bid": "beaucoup", "trump": "spades", "double": "none",
            "card_points": {"NS": 70, "EW": 82}, "last_trick": "E"}
    reply = client.post("/api/score", headers=TOKEN, json={"text": CLUB, "deal": deal,
                                                           "lang": "fr"})
    assert reply.status_code == 422
    assert reply.json()["error"].startswith("«\u202fbeaucoup\u202f» n'est pas une enchère")


@pytest.mark.parametrize(("cards", "lang"), [
    (["QH", "JH", "10H"], "en"),  # the variant file's codes, as before
    (["dame", "de", "cœur,", "valet", "de", "cœur,", "10", "de", "cœur"], "fr"),
    (["DC", "VC", "10C"], "fr"),  # French letters: 10C read as its combination's
    (["D♥", "V♥", "10♥"], "fr"),
    (["dama", "de", "corazones", "jota", "de", "corazones", "diez", "de", "corazones"], "es"),
])
def test_an_announcement_typed_in_the_club_s_words(client: TestClient, cards: list[str],
                                                   lang: str) -> None:
    # A tierce (20 under ffb) for NS: 100 + 10 for the last trick + 20 = 130 >= 110 and above
    # EW's 52, made: NS score 130 + 110 = 240, EW 52, to the nearest ten 50.
    deal = {"declarer": "N", "bid": 110, "trump": "hearts", "double": "none",
            "card_points": {"NS": 100, "EW": 52}, "last_trick": "S",
            "announcements": {"N": [cards]}}
    scored = post(client, "score", text=CLUB, deal=deal, lang=lang)
    assert scored["result"]["scores"] == {"NS": 240, "EW": 50}


def test_words_that_name_no_card_are_said_in_the_page_language(client: TestClient) -> None:
    deal = {"declarer": "N", "bid": 110, "trump": "hearts", "double": "none",
            "card_points": {"NS": 100, "EW": 52}, "last_trick": "S",
            "announcements": {"N": [["dame", "de", "cœur", "valet", "d'atout"]]}}
    reply = client.post("/api/score", headers=TOKEN, json={"text": CLUB, "deal": deal,
                                                           "lang": "fr"})
    assert reply.status_code == 422
    error = reply.json()["error"]
    assert error.startswith("«\u202fvalet d'atout\u202f» n'est pas une carte")
    assert "l'atout n'est pas une couleur" in error and "dame de cœur" in error
    for too_many in ({"N": [["dame", "de", "cœur"] * 9]}, {"N": [["QH"]] * 9},
                     {"N": [["QH" * 30]]}, {"N": "QH JH 10H"}):
        reply = client.post("/api/score", headers=TOKEN, json={
            "text": CLUB, "deal": {**deal, "announcements": too_many}, "lang": "fr"})
        assert reply.status_code == 422, too_many  # a message, never a crash


def test_a_deal_that_cannot_happen_is_a_message(client: TestClient) -> None:
    deal = {"declarer": "N", "bid": 90, "trump": "hearts", "double": "none",
            "card_points": {"NS": 100, "EW": 99}, "last_trick": "S"}
    reply = client.post("/api/score", headers=TOKEN, json={"text": CLUB, "deal": deal})
    assert reply.status_code == 422
    assert "card_points" in reply.json()["error"]


def test_preview_and_compare_follow_the_text(client: TestClient) -> None:
    page = post(client, "preview", text=CLUB, lang="en")["html"]
    assert "Coinche du jeudi" in page and "1,500" in page
    page = post(client, "preview", text=CLUB.replace("1500", "1000"), lang="en")["html"]
    assert "1,000" in page and "1,500" not in page
    broken = post(client, "preview", text=CLUB.replace("1500", "15OO"), lang="en")
    assert "html" not in broken and broken["diagnostics"]
    assert "<table" in post(client, "compare", text=CLUB, other="fr-bga", lang="en")["html"]
    card = post(client, "preview", text=CLUB, lang="en", card=True)["html"]
    assert "Table card" in card and "Contents" not in card


def test_save_is_atomic_and_a_file_with_errors_is_a_draft(client: TestClient,
                                                         folder: Path) -> None:
    (folder / "club.coinche").chmod(0o600)
    done = post(client, "save", text=CLUB.replace("1500", "1000"))
    assert done == {"saved": "club.coinche", "draft": False, "problems": 0, "warnings": 0,
                    "text": format_text(CLUB.replace("1500", "1000"))}
    assert (folder / "club.coinche").read_text(encoding="utf-8") == done["text"]
    assert (folder / "club.coinche").stat().st_mode & 0o777 == 0o600
    draft = post(client, "save", text=CLUB.replace("target", "targt"))
    assert draft["draft"] is True and draft["problems"] == 1
    assert "targt" in (folder / "club.coinche").read_text(encoding="utf-8")
    assert sorted(p.name for p in folder.iterdir()) == ["club.coinche"]  # no temp file left


def test_files_outside_the_folder_are_refused(client: TestClient) -> None:
    for other in ("../elsewhere.coinche", "/etc/passwd", "notes.txt"):
        reply = client.post("/api/compare", headers=TOKEN,
                            json={"text": CLUB, "other": other})
        assert reply.status_code == 422, other
    with pytest.raises(Exception, match="outside the studio's folder"):
        Workspace.open(Path.cwd(), "../x.coinche")


def test_every_call_needs_the_token_and_a_local_host(client: TestClient, folder: Path) -> None:
    assert client.post("/api/check", json={"text": CLUB}).status_code == 403
    assert client.post("/api/check", headers={"x-studio-token": "guess"},
                       json={"text": CLUB}).status_code == 403
    app = create_app(Workspace.open(folder, "club.coinche"), Session(token="secret"))
    remote = TestClient(app, base_url="http://studio.example.com")
    assert remote.post("/api/check", headers=TOKEN, json={"text": CLUB}).status_code == 400


def studio_and_owner(folder: Path) -> tuple[object, TestClient]:
    """A studio and the browser that opened it with its link."""
    app = create_app(Workspace.open(folder, "club.coinche"), Session(token="secret"))
    owner = TestClient(app, base_url="http://127.0.0.1")
    open_studio(owner, app)
    return app, owner


def test_another_client_without_the_cookie_gets_nothing(folder: Path) -> None:
    """Another account of the machine reaches the port too: without the session cookie it
    gets no page, no token and no API route, even with the page's token guessed right."""
    from coinche_dsl.studio import api

    app, owner = studio_and_owner(folder)
    session = app.state.session  # type: ignore[attr-defined]
    other = TestClient(app, base_url="http://127.0.0.1")
    page = other.get("/")
    assert page.status_code == 403
    assert "link" in page.text and "printed in its terminal" in page.text
    for secret in (session.token, session.key, session.cookie):
        assert secret not in page.text and secret not in str(page.headers)
    assert "studio-token" not in page.text
    for name in api.HANDLERS:
        for headers in ({}, TOKEN):
            reply = other.post(f"/api/{name}", headers=headers,
                               json={"text": CLUB, "base": "ffb", "other": "ffb"})
            assert reply.status_code == 403, name
            assert "link printed in the studio's terminal" in reply.json()["error"]
    assert (folder / "club.coinche").read_text(encoding="utf-8") == CLUB
    # a cookie of the right name with a wrong value is no better
    other.cookies.set("coinche_studio_80", "guess")
    assert other.get("/").status_code == 403
    assert other.post("/api/state", headers=TOKEN).status_code == 403
    assert owner.post("/api/state", headers=TOKEN).status_code == 200


def test_the_key_opens_one_browser_once(folder: Path) -> None:
    app = create_app(Workspace.open(folder, "club.coinche"), Session(token="secret"))
    key = app.state.session.key  # type: ignore[attr-defined]
    owner = TestClient(app, base_url="http://127.0.0.1", follow_redirects=False)
    wrong = owner.get("/?key=" + "x" * len(key))
    assert wrong.status_code == 403 and "set-cookie" not in wrong.headers
    opened = owner.get(f"/?key={key}")  # a wrong key before does not use the right one up
    assert opened.status_code == 303 and opened.headers["location"] == "/"
    cookie = opened.headers["set-cookie"]
    assert {"HttpOnly", "SameSite=Strict", "Path=/"} <= {
        part.strip() for part in cookie.split(";")}
    assert key not in cookie
    assert owner.get("/").status_code == 200
    assert owner.get(f"/?key={key}").headers["location"] == "/"  # the owner, again: let in
    late = TestClient(app, base_url="http://127.0.0.1", follow_redirects=False)
    again = late.get(f"/?key={key}")
    assert again.status_code == 403 and "set-cookie" not in again.headers
    assert "used already" in again.text and "secret" not in again.text
    assert late.get("/").status_code == 403


def test_a_call_from_another_origin_is_refused(client: TestClient) -> None:
    """The cookie is the owner's browser's: a request it sends for another site's page (which
    could only be a form or a script there) is refused by its Origin."""
    for origin in ("http://evil.example", "http://127.0.0.1:1", "null"):
        reply = client.post("/api/save", headers={**TOKEN, "Origin": origin},
                            json={"text": CLUB})
        assert reply.status_code == 403, origin
    ok = client.post("/api/state", headers={**TOKEN, "Origin": "http://127.0.0.1"})
    assert ok.status_code == 200
    cross = client.post("/api/state", headers={**TOKEN, "Sec-Fetch-Site": "cross-site"})
    assert cross.status_code == 403


def test_malformed_requests_are_clean_errors(client: TestClient) -> None:
    assert client.post("/api/check", headers=TOKEN, content=b"{nope").status_code == 400
    assert client.post("/api/check", headers=TOKEN, json=[1]).status_code == 400
    assert client.post("/api/check", headers=TOKEN, json={"text": 3}).status_code == 422
    assert client.post("/api/preview", headers=TOKEN,
                       json={"text": CLUB, "lang": "xx"}).status_code == 422
    assert client.post("/api/check", headers=TOKEN,
                       content=b'{"text": "' + b"x" * 2_100_000 + b'"}').status_code == 413


def test_the_page_carries_its_token_and_a_strict_policy(client: TestClient) -> None:
    page = client.get("/")  # the client has opened the studio's link
    assert '<meta name="studio-token" content="secret">' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/static/editor.js").status_code == 200


def test_the_command_serves_any_files_folder_on_a_free_port(folder: Path) -> None:
    """Started from another folder with the file's full path, on a port already taken: the
    studio serves the file's folder on a free port and says where."""
    import http.cookiejar
    import signal
    import socket
    import subprocess
    import sys
    import urllib.error
    import urllib.request

    elsewhere = folder / "elsewhere"
    elsewhere.mkdir()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        cmd = [sys.executable, "-m", "coinche_dsl", "studio", str(folder / "club.coinche"),
               "--port", str(busy), "--no-browser"]
        proc = subprocess.Popen(cmd, cwd=elsewhere, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        try:
            said = proc.stdout.readline()  # type: ignore[union-attr]
            assert said.strip() == f"coinche studio: port {busy} is in use; taking a free one"
            line = proc.stdout.readline()  # type: ignore[union-attr]
            assert line.startswith("coinche studio: editing club.coinche at http://127.0.0.1:")
            url = line.split(" at ")[1].split()[0]
            assert not url.endswith(f":{busy}/")
            browser = urllib.request.build_opener(
                urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
            with browser.open(url, timeout=10) as page:  # the printed link, as a browser does
                assert b'name="studio-token"' in page.read()
        finally:
            proc.send_signal(signal.SIGINT)
            out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err
    assert "Traceback" not in err



def test_the_command_serves_the_folder_and_stops_cleanly(folder: Path) -> None:
    import http.cookiejar
    import signal
    import subprocess
    import sys
    import urllib.error
    import urllib.request

    cmd = [sys.executable, "-m", "coinche_dsl", "studio", "club.coinche", "--port", "0",
           "--no-browser"]
    proc = subprocess.Popen(cmd, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        line = proc.stdout.readline()  # type: ignore[union-attr]
        assert line.startswith("coinche studio: editing club.coinche at http://127.0.0.1:")
        url = line.split(" at ")[1].split()[0]
        assert "/?key=" in url
        bare = url.split("?")[0]
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(bare, timeout=10)
        assert refused.value.code == 403 and b"studio-token" not in refused.value.read()
        browser = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        with browser.open(url, timeout=10) as page:  # the printed link, as a browser opens it
            assert page.url == bare  # the key is gone from the address
            assert b'name="studio-token"' in page.read()
        with pytest.raises(urllib.error.HTTPError) as late:
            urllib.request.urlopen(url, timeout=10)  # the same link, a second time
        assert late.value.code == 403
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err
    assert "Traceback" not in err


def test_the_root_and_the_home_folder_are_refused(folder: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess
    import sys

    from coinche_dsl.studio.service import StudioError

    done = subprocess.run([sys.executable, "-m", "coinche_dsl", "studio", "/club.coinche",
                           "--no-browser"], cwd=folder, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 1
    assert "is the root of the disk: put the club's file in a folder of its own" in done.stderr
    monkeypatch.setenv("HOME", str(folder))
    with pytest.raises(StudioError, match="is your home folder"):
        Workspace.for_file("~/club.coinche", folder / "elsewhere")
    inside = folder / "club"
    assert Workspace.for_file("club/rules.coinche", folder).root == inside


def test_the_options_get_a_control_and_every_panel_follows_it(client: TestClient) -> None:
    checked = post(client, "check", text=CLUB)
    assert {o["name"]: (o["default"], o["values"]) for o in checked["options"]} == {
        "sans_atout_tout_atout": ("non", ["oui", "non"]),  # ffb § 11: the organiser's
        "litige": ("appliquee", ["appliquee", "chute", "reussite"])}
    # 71 + 10 = 81 against 81: a litige (FFB § 10.1.3: EW score their 81, rounded 80); with
    # the rule switched off it fails (§ 10.1.2: EW 160 + 80 = 240)
    deal = {"declarer": "N", "bid": 80, "trump": "hearts", "double": "none",
            "card_points": {"NS": 71, "EW": 81}, "last_trick": "N"}
    assert post(client, "score", text=CLUB, deal=deal)["result"]["scores"] == {
        "NS": 0, "EW": 80}
    off = post(client, "score", text=CLUB, deal=deal, options={"litige": "chute"})
    assert off["result"]["scores"] == {"NS": 0, "EW": 240}
    page = post(client, "preview", text=CLUB, lang="en",
                options={"sans_atout_tout_atout": "oui"})["html"]
    assert "This sheet is printed for “yes”." in page  # ffb's English words for its values
    bad = client.post("/api/score", headers=TOKEN,
                      json={"text": CLUB, "deal": deal, "options": {"litig": "x"}})
    # said in the file's language (no page language asked), with every option there is
    assert bad.status_code == 422 and "vouliez-vous dire «\u202flitige\u202f»" in bad.json()[
        "error"] and "sans_atout_tout_atout" in bad.json()["error"]
    wrong = client.post("/api/score", headers=TOKEN,
                        json={"text": CLUB, "deal": deal, "options": ["litige"]})
    assert wrong.status_code == 422


def every_answer(folder: Path) -> list[tuple[str, object]]:
    """One answer of every kind the studio gives: the page (with and without the session,
    the link used or wrong), its static files, every API route (answered, refused, malformed,
    wrong method), an unknown address and a foreign host."""
    from coinche_dsl.studio import api

    app, owner = studio_and_owner(folder)
    stranger = TestClient(app, base_url="http://127.0.0.1", follow_redirects=False)
    foreign = TestClient(app, base_url="http://studio.example.com")
    answers: list[tuple[str, object]] = [
        ("page", owner.get("/")), ("no session", stranger.get("/")),
        ("used key", stranger.get(f"/?key={app.state.session.key}")),  # type: ignore
        ("css", owner.get("/static/studio.css")), ("js", owner.get("/static/studio.js")),
        ("missing static", owner.get("/static/nope.js")), ("404", owner.get("/nope")),
        ("foreign host", foreign.get("/")), ("GET on the API", owner.get("/api/check")),
        ("not JSON", owner.post("/api/check", headers=TOKEN, content=b"{")),
    ]
    fresh = create_app(Workspace.open(folder, "club.coinche"))
    newcomer = TestClient(fresh, base_url="http://127.0.0.1", follow_redirects=False)
    answers.append(("the link", newcomer.get(f"/?key={fresh.state.session.key}")))
    body = {"text": CLUB, "base": "ffb", "other": "ffb", "name": "x", "title": "x",
            "path": "game.target", "value": "1000", "line": 1, "character": 0}
    for name in api.HANDLERS:
        answers.append((name, owner.post(f"/api/{name}", headers=TOKEN, json=body)))
        answers.append((f"{name} refused", stranger.post(f"/api/{name}", json=body)))
    return answers


def test_no_site_may_frame_the_studio_on_any_answer(folder: Path) -> None:
    """Clickjacking: no answer of the studio may be framed by another page (the page's own
    preview iframe is its child, which frame-ancestors does not restrict), nor guessed into
    another content type, nor leak its address (with its key) as a referrer."""
    for what, reply in every_answer(folder):
        headers = reply.headers  # type: ignore[attr-defined]
        assert headers["x-frame-options"] == "DENY", what
        assert "frame-ancestors 'none'" in headers["content-security-policy"], what
        assert headers["x-content-type-options"] == "nosniff", what
        assert headers["referrer-policy"] == "no-referrer", what
    page = dict(every_answer(folder))["page"]
    policy = page.headers["content-security-policy"]  # type: ignore[attr-defined]
    assert "frame-src 'self' blob: data:" in policy  # the preview still shows


def test_a_deal_the_model_refuses_is_said_in_the_page_language(client: TestClient) -> None:
    """Tricks that do not make eight, a seat that is no seat: the problem catalogs' sentences,
    as a worked example's would be, never pydantic's English."""
    deal = {"declarer": "N", "bid": 90, "trump": "hearts", "double": "none",
            "card_points": {"NS": 100, "EW": 52}, "last_trick": "S"}
    for wrong, said in (({"tricks": {"N": 3, "E": 3, "S": 3, "W": 3}},
                         "les plis doivent faire 8 en tout ; ici, ils en font 12"),
                        ({"declarer": "X"}, "« X » n'est pas une des réponses possibles")):
        reply = client.post("/api/score", headers=TOKEN, json={
            "text": CLUB, "deal": {**deal, **wrong}, "lang": "fr"})
        assert reply.status_code == 422
        assert said in _plain(reply.json()["error"])
def test_an_impossible_deal_is_refused_in_the_page_s_language(client: TestClient) -> None:
    """Card points that do not add up to the 152 of a suit (ffb § 6): said in French."""
    deal = {"declarer": "N", "bid": 100, "trump": "hearts",
            "card_points": {"NS": 80, "EW": 70}, "last_trick": "N"}
    r = client.post("/api/score", headers=TOKEN, json={"text": CLUB, "deal": deal, "lang": "fr"})
    assert r.status_code == 422
    assert r.json()["error"] == ("les points de cartes des deux camps font 150, mais les "
                                 "cartes valent 152 en tout (sans le dix de der)")
