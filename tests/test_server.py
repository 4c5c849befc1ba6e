"""`coinche serve`: accounts, clubs, versions, public pages, each test on SQLite and on a real
PostgreSQL server the tests start themselves."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server_support import (  # noqa: F401, F811 - fixtures
    Browser,
    club_with_variant,
    database_url,
    postgres,
    server,
)

TEXT_1000 = ('variant "regles" extends "ffb" {\n  title "Règles du jeudi"\n'
             '  description "Partie en 1000."\n  language fr\n  game { target 1000 }\n}\n')


@pytest.fixture
def client(database_url: str) -> Iterator[object]:  # noqa: F811
    """The server on SQLite, then on a real PostgreSQL server the tests start."""
    with server(database_url) as c:
        yield c


def edit(owner: Browser, slug: str, text: str, message: str, variant: str = "regles"):
    page = owner.get(f"/c/{slug}/v/{variant}/edit")
    base = re.search(r'name="base" value="(\d+)"', page.text).group(1)
    return owner.post(f"/c/{slug}/v/{variant}/edit", {"text": text, "message": message,
                                                      "base": base})


def test_a_club_saves_versions_publishes_and_a_visitor_reads_the_sheet(client) -> None:
    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi")
    assert edit(owner, "jeudi", TEXT_1000, "partie en 1000").status_code == 303
    visitor = Browser(client)
    assert visitor.get("/c/jeudi/v/regles").status_code == 404  # a draft: not even confirmed
    assert owner.post("/c/jeudi/v/regles/publish").status_code == 303
    page = visitor.get("/c/jeudi/v/regles")
    assert page.status_code == 200 and "Règles du jeudi" in page.text
    sheet = visitor.get("/c/jeudi/v/regles/sheet?lang=es")
    assert sheet.status_code == 200 and 'lang="es"' in sheet.text
    assert "1000 puntos" in sheet.text  # the target, as a Spanish rulebook writes it
    assert "script-src" not in sheet.headers["content-security-policy"]  # no script at all
    history = visitor.get("/c/jeudi/v/regles/history")
    assert "partie en 1000" in history.text
    compare = visitor.get("/c/jeudi/v/regles/compare?a=1&b=2")
    assert compare.status_code == 200
    assert "1 000" in compare.text.replace("\u202f", " ") and "2 000" in compare.text.replace(
        "\u202f", " ")  # the two targets side by side, in the club's language
    gallery = visitor.get("/gallery?q=jeudi")
    assert "Règles du jeudi" in gallery.text


def test_two_editors_saving_the_same_version_are_told_of_the_conflict(client) -> None:
    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi")
    first = owner.get("/c/jeudi/v/regles/edit")
    base = re.search(r'name="base" value="(\d+)"', first.text).group(1)
    assert owner.post("/c/jeudi/v/regles/edit", {"text": TEXT_1000, "message": "a",
                                                 "base": base}).status_code == 303
    late = owner.post("/c/jeudi/v/regles/edit", {"text": TEXT_1000.replace("1000", "1500"),
                                                 "message": "b", "base": base})
    assert late.status_code == 409
    assert "1500" in late.text  # the late editor's text is kept on the page, not lost
    history = owner.get("/c/jeudi/v/regles/history")
    assert len(re.findall(r"data-version=", history.text)) == 2


def test_a_version_is_restored_as_a_new_version(client) -> None:
    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi")
    edit(owner, "jeudi", TEXT_1000, "1000")
    edit(owner, "jeudi", TEXT_1000.replace("1000", "1500"), "1500")
    owner.get("/c/jeudi/v/regles/history")
    assert owner.post("/c/jeudi/v/regles/restore", {"version": "2"}).status_code == 303
    text = owner.get("/c/jeudi/v/regles/file").text
    assert "target 1000" in text
    assert len(re.findall(r"data-version=", owner.get("/c/jeudi/v/regles/history").text)) == 4


def test_extends_resolves_against_the_same_club_only(client) -> None:
    marie = Browser(client).signup("marie")
    club_with_variant(marie, "jeudi")
    edit(marie, "jeudi", TEXT_1000, "1000")
    marie.post("/c/jeudi/v/regles/publish")
    # another club's variant naming the first club's: not found there
    paul = Browser(client).signup("paul")
    club_with_variant(paul, "vendredi", "maison")
    paul.post("/c/vendredi/variants", {"name": "fille", "base": "maison"})
    reply = edit(paul, "vendredi", 'variant "fille" extends "regles" {\n  language fr\n}\n',
                 "from another club", "fille")
    assert reply.status_code == 303
    page = paul.get("/c/vendredi/v/fille/edit")
    assert "no built-in variant or variant of this club" in page.text
    # within the club, extends finds the club's own variant, and its sheet follows the base
    marie.post("/c/jeudi/variants", {"name": "fille", "base": "regles"})
    sheet = marie.get("/c/jeudi/v/fille/sheet?lang=en")
    assert sheet.status_code == 200 and "1,000" in sheet.text


def test_export_and_import_keep_the_files_exactly(client) -> None:
    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi")
    edit(owner, "jeudi", TEXT_1000, "1000")
    raw = owner.get("/c/jeudi/export.zip").content
    files = zipfile.ZipFile(io.BytesIO(raw)).namelist()
    assert "jeudi/regles.coinche" in files and "jeudi/history/regles/0002.coinche" in files
    assert zipfile.ZipFile(io.BytesIO(raw)).read("jeudi/regles.coinche").decode() == TEXT_1000
    club_with_variant(owner, "samedi", "autre")
    owner.get("/c/samedi")
    reply = owner.client.post("/c/samedi/import", data={"csrf": owner.csrf},
                              files={"folder": ("jeudi.zip", raw, "application/zip")})
    assert reply.status_code == 303, reply.text
    assert owner.get("/c/samedi/v/regles/file").text == TEXT_1000


EDITED = ('variant "regles" extends "ffb" {\n  language fr\n  game {\n    target 1500\n'
          '    \n  }\n}\n')


def test_the_editor_completes_and_explains_as_the_studio_does(client) -> None:
    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi")
    owner.get("/c/jeudi/v/regles/edit")
    url = "/c/jeudi/v/regles"
    found = owner.post(url + "/complete", {"text": EDITED, "line": "5", "character": "4"},
                       headers={"accept": "application/json"}).json()
    labels = {i["label"] for i in found["items"]}
    assert {"reach", "tie"} <= labels and "minimum_bid" not in labels  # the game block's
    said = owner.post(url + "/hover", {"text": EDITED, "line": "4", "character": "6"}).json()
    assert "game.target" in said["text"] and "ffb" in said["text"]  # the base's value too
    # a base that is not a built-in is the club's, in the database: never looked up on disk
    elsewhere = EDITED.replace('"ffb"', '"../../../../etc/hostname"')
    said = owner.post(url + "/hover", {"text": elsewhere, "line": "4", "character": "6"})
    assert said.status_code == 200 and "game.target" in said.json()["text"]
    assert "hostname" not in said.text
    reader = Browser(client).signup("paul")  # not an editor of the club: refused
    reader.get("/")
    assert reader.post(url + "/complete", {"text": EDITED, "line": "5",
                                           "character": "4"}).status_code in (403, 404)


def test_the_editor_previews_the_unsaved_text_as_a_sheet(client) -> None:
    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi")
    owner.get("/c/jeudi/v/regles/edit")
    text = TEXT_1000.replace("target 1000", "target 1234")
    sheet = owner.post("/c/jeudi/v/regles/preview", {"text": text, "lang": "es"})
    assert sheet.status_code == 200 and 'lang="es"' in sheet.text
    assert "1234" in sheet.text  # the unsaved target, as a Spanish rulebook writes four digits
    assert "script-src" not in sheet.headers["content-security-policy"]
    history = owner.get("/c/jeudi/v/regles/history")
    assert len(re.findall(r'<tr data-version=', history.text)) == 1  # nothing saved
    broken = owner.post("/c/jeudi/v/regles/preview", {"text": text.replace("1234", "x")})
    assert broken.status_code == 422 and "Traceback" not in broken.text


def test_two_editors_saving_at_once_one_is_told_and_nothing_is_lost(client) -> None:
    from concurrent.futures import ThreadPoolExecutor

    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi")
    owner.get("/c/jeudi/members")
    token = re.search(r"link=([\w-]+)", owner.post(
        "/c/jeudi/invite", {"role": "editor"}).headers["location"]).group(1)
    paul = Browser(client).signup("paul")
    paul.get(f"/join/{token}")
    assert paul.post(f"/join/{token}").status_code == 303
    bases = []
    for who in (owner, paul):  # both open the editor on version 1
        page = who.get("/c/jeudi/v/regles/edit")
        bases.append(re.search(r'name="base" value="(\d+)"', page.text).group(1))
    assert bases == ["1", "1"]
    texts = [TEXT_1000, TEXT_1000.replace("1000", "1500")]

    def saving(i: int) -> Any:
        who = (owner, paul)[i]
        return who.post("/c/jeudi/v/regles/edit", {"text": texts[i], "message": str(i),
                                                   "base": bases[i]})
    with ThreadPoolExecutor(2) as pool:
        replies = list(pool.map(saving, (0, 1)))
    assert sorted(r.status_code for r in replies) == [303, 409]
    late = next(i for i, r in enumerate(replies) if r.status_code == 409)
    assert f"target {1000 if late == 0 else 1500}" in replies[late].text  # kept on the page
    assert 'id="conflict"' in replies[late].text
    history = owner.get("/c/jeudi/v/regles/history")
    assert len(re.findall(r"data-version=", history.text)) == 2  # one saved, none overwritten


def test_the_editor_has_the_studios_questionnaire_and_score_form(client) -> None:
    """The studio's own handlers, asked of the club's server over the editor's text: an answer
    written into the text (nothing saved), a deal scored under it in French; a base is the
    club's, never a file of the server's disk; a reader of the club is refused."""
    import json

    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi")
    page = owner.get("/c/jeudi/v/regles/edit")
    assert 'id="questions"' in page.text and 'id="deal"' in page.text
    url = "/c/jeudi/v/regles"

    def ask(who: Browser, name: str, **data: Any) -> Any:
        return who.post(f"{url}/{name}", {"payload": json.dumps(data)},
                        headers={"accept": "application/json"})
    asked = ask(owner, "questionnaire", text=TEXT_1000, lang="fr").json()
    target = next(q for q in asked["questions"] if q["path"] == "game.target")
    assert target["value"] == "1000" and target["said"].replace("\u202f", " ") == (
        "La partie se joue en 1 000 points.")
    written = ask(owner, "answer", text=TEXT_1000, lang="fr", path="game.target",
                  value="1500").json()
    assert "target 1500" in written["text"] and "target 1000" not in written["text"]
    refused = ask(owner, "answer", text=TEXT_1000, lang="fr", path="game.target",
                  value="0").json()
    assert refused["refused"].replace("\u202f", " ").startswith("Écrivez un nombre de 1 à")
    history = owner.get(f"{url}/history")
    assert len(re.findall(r"<tr data-version=", history.text)) == 1  # nothing saved
    # ffb's rule for a coinched 100 at spades that fails (the declarers hold belote): the
    # defenders score (160 + 100) x 2 = 520, the declarers keep their belote, 20.
    scored = ask(owner, "score", text=TEXT_1000, lang="fr", deal={
        "declarer": "N", "bid": "cent", "trump": "spades", "double": "coinche",
        "card_points": {"NS": 70, "EW": 82}, "last_trick": "E", "belote": ["N"]}).json()
    assert scored["result"]["scores"] == {"NS": 20, "EW": 520}
    worked = " ".join(scored["shown"]["worked"]).replace("\u202f", " ")
    assert "les défenseurs marquent (160 + 100 du contrat) × 2 = 520" in worked
    unknown = ask(owner, "score", text=TEXT_1000, lang="fr", deal={"bid": "beaucoup"})
    assert unknown.status_code == 422 and "beaucoup" in unknown.json()["error"]
    elsewhere = TEXT_1000.replace('"ffb"', '"../../../../etc/hostname"')
    said = ask(owner, "questionnaire", text=elsewhere, lang="fr")
    assert said.status_code == 200 and said.json()["questions"] == []
    for bad in ("not json", "[1]", json.dumps({"text": 3})):
        assert owner.post(f"{url}/score", {"payload": bad}).status_code == 400
    big = owner.post(f"{url}/questionnaire", {"payload": "x" * 2_100_000})
    assert big.status_code == 413
    reader = Browser(client).signup("paul")
    reader.get("/")
    assert ask(reader, "questionnaire", text=TEXT_1000).status_code in (403, 404)


def test_a_public_sheet_is_revalidated_by_its_etag_and_never_outlives_its_publication(
        client) -> None:
    """A published sheet carries an ETag (the same while the version is the same) and is kept
    by the address, the language and the cookies; a browser sending the ETag back gets a 304
    without body; a new version is a new ETag; once unpublished, the sheet kept in the server's
    cache is no longer served to anyone outside the club, and a draft's is never public."""
    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi")
    assert edit(owner, "jeudi", TEXT_1000, "partie en 1000").status_code == 303
    url = "/c/jeudi/v/regles/sheet?lang=fr"
    draft = owner.get(url)
    assert draft.status_code == 200 and "etag" not in draft.headers
    assert draft.headers["cache-control"] == "private, no-store"
    assert owner.post("/c/jeudi/v/regles/publish").status_code == 303
    visitor = Browser(client)  # the cached sheet's one-query path
    first, again = visitor.get(url), visitor.get(url)
    assert first.status_code == again.status_code == 200 and "1 000" in first.text.replace(
        "\u202f", " ")
    assert first.headers["etag"] == again.headers["etag"] and first.content == again.content
    assert first.headers["vary"] == "Accept-Language, Cookie"
    assert owner.get(url).headers["etag"] == first.headers["etag"]  # a member: the same bytes
    kept = visitor.get(url, headers={"if-none-match": first.headers["etag"]})
    assert kept.status_code == 304 and kept.content == b""
    assert kept.headers["etag"] == first.headers["etag"]
    stale = visitor.get(url, headers={"if-none-match": '"something else"'})
    assert stale.status_code == 200 and stale.content == first.content
    assert edit(owner, "jeudi", TEXT_1000.replace("target 1000", "target 1500"),
                "partie en 1500").status_code == 303
    newer = visitor.get(url, headers={"if-none-match": first.headers["etag"]})
    assert newer.status_code == 200 and newer.headers["etag"] != first.headers["etag"]
    assert "1 500" in newer.text.replace("\u202f", " ")
    older = visitor.get(url + "&v=2")
    assert older.headers["etag"] == first.headers["etag"]  # version 2 is still that sheet
    assert owner.post("/c/jeudi/v/regles/unpublish").status_code == 303
    for path in (url, url + "&v=2"):
        gone = visitor.get(path, headers={"if-none-match": first.headers["etag"]})
        assert gone.status_code == 404 and "etag" not in gone.headers
