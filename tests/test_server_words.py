"""`coinche serve` speaks the reader's language: the history of a variant in sentences (the
`compare` rows, « Depuis la version du 12 octobre : partie en 1500 au lieu de 2000 ; … »), dates
written by Babel, and every page of the site in the five languages, none leaking an English
word of the site's catalog into a French page."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from importlib import resources
from typing import Any

import pytest

from tests.server_support import (  # noqa: F401, F811 - fixtures
    Browser,
    club_with_variant,
    database_url,
    postgres,
    server,
)

HEAD = ('variant "regles" extends "ffb" {\n  title "Règles du jeudi"\n'
        '  description "Nos règles."\n  sources "Le bureau"\n  language fr\n')
BEFORE = HEAD + '  game { target 2000 }\n}\n'
AFTER = HEAD + '  game { target 1500 }\n  auction {\n    capot no\n    coinche any_time\n  }\n}\n'
FRENCH_MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
                 "septembre", "octobre", "novembre", "décembre"]
SPANISH_MONTHS = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
                  "septiembre", "octubre", "noviembre", "diciembre"]


@pytest.fixture
def client(database_url: str) -> Iterator[Any]:  # noqa: F811
    with server(database_url) as c:
        yield c


def edit(owner: Browser, text: str, message: str) -> Any:
    page = owner.get("/c/jeudi/v/regles/edit")
    base = re.search(r'name="base" value="(\d+)"', page.text).group(1)
    reply = owner.post("/c/jeudi/v/regles/edit", {"text": text, "message": message,
                                                  "base": base})
    assert reply.status_code == 303, reply.text
    return reply


def shown(text: str) -> str:
    """A page's text as read (French typography's narrow spaces as plain ones)."""
    return html.unescape(text).replace("\u202f", " ").replace("\xa0", " ")


def changes_of(page: Any) -> dict[int, str]:
    rows = re.findall(r'<tr data-version="(\d+)">.*?<td class="changes"[^>]*>(.*?)</td>',
                      page.text, re.S)
    return {int(n): shown(said) for n, said in rows}


def test_the_history_says_what_changed_in_sentences_in_the_club_s_language(client) -> None:
    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi")
    edit(owner, BEFORE, "partie en 2000")
    edit(owner, AFTER, "partie en 1500, sans capot")
    edit(owner, AFTER.replace("Règles du jeudi", "Nos règles"), "un autre titre")
    today = datetime.now(UTC)
    said = changes_of(owner.get("/c/jeudi/v/regles/history"))
    # the brief's sentence: « Depuis la version du 12 octobre : partie en 1500 au lieu de
    # 2000 ; … », the version's day in words (version 2 was saved today)
    day = f"{today.day} {FRENCH_MONTHS[today.month - 1]} {today.year}"
    assert said[3].startswith(f"Depuis la version 2 du {day} : ")
    assert "1 500 points (au lieu de 2 000)" in said[3]  # a number: what it was before
    assert "capot" in said[3]  # a yes turned no: its sentence says it all
    assert "(auparavant : " in said[3]  # a choice: the rule it replaced, quoted
    assert said[3].count(" ; ") == 2 and said[3].endswith(").")  # three rules, one sentence
    assert said[4] == f"Depuis la version 3 du {day} : aucune règle ne change."  # a title
    assert said[1] == "La première version."
    # in another language when asked, the day in that language's words
    spanish = changes_of(owner.get("/c/jeudi/v/regles/history?lang=es"))
    assert spanish[3].startswith(
        f"Desde la versión 2 del {today.day} de {SPANISH_MONTHS[today.month - 1]} de "
        f"{today.year}: ")
    assert "1500 puntos (en lugar de 2000)" in spanish[3]  # four digits, no separator


def test_two_versions_compare_as_one_sentence_and_the_full_document(client) -> None:
    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi")
    edit(owner, BEFORE, "partie en 2000")
    edit(owner, AFTER, "partie en 1500")
    owner.post("/c/jeudi/v/regles/publish")
    visitor = Browser(client)
    page = visitor.get("/c/jeudi/v/regles/compare?a=3&b=2", headers={
        "accept-language": "it"})  # the order of a and b does not matter
    said = shown(re.search(r'<p id="changes"[^>]*>(.*?)</p>', page.text).group(1))
    assert said.startswith("Depuis la version 2 du ") and "(au lieu de 2 000)" in said
    assert 'lang="it"' in page.text  # the page around it in the visitor's language
    full = re.search(r'id="full-comparison" href="([^"]+)"', page.text).group(1)
    document = visitor.get(html.unescape(full))
    assert document.status_code == 200 and "script-src" not in document.headers[
        "content-security-policy"]
    assert "1 500" in shown(document.text) and "2 000" in shown(document.text)


def catalog(lang: str) -> dict[str, str]:
    text = resources.files("coinche_dsl.server").joinpath(f"messages/{lang}.json").read_text(
        "utf-8")
    return json.loads(text)


def test_every_message_of_the_site_is_in_the_five_languages() -> None:
    english = catalog("en")
    for lang in ("fr", "es", "it", "pt"):
        found = catalog(lang)
        assert set(found) == set(english), lang
        for key, text in found.items():
            fields = set(re.findall(r"\{(\w+)\}", english[key]))
            assert set(re.findall(r"\{(\w+)\}", text)) == fields, (lang, key)
            if len(english[key]) > 12 and "{" not in english[key][:2]:
                assert text != english[key], (lang, key)  # translated, not copied


def visible(page: str) -> str:
    """What a reader sees of a page: its text and its fields' labels, titles, placeholders."""
    page = re.sub(r"<(script|style|textarea)\b.*?</\1>", " ", page, flags=re.S)  # the file's
    # own words (`game`, `target`) are the language's, not the site's
    shown_attrs = " ".join(re.findall(r'\b(?:title|placeholder|aria-label)="([^"]*)"', page))
    return shown(re.sub(r"<[^>]+>", " ", page) + " " + shown_attrs)


def english_words() -> set[str]:
    """The words of the site's English catalog (and of the studio's, which the editor shows)
    that no French catalog of the site, the studio or the sheets uses."""
    from coinche_dsl.loader import BUILTINS
    from coinche_dsl.studio.i18n import page_catalog

    def words_of(values: Any) -> set[str]:
        out: set[str] = set()
        for v in values:
            texts = v.values() if isinstance(v, dict) else [v]
            for t in texts:
                out |= {w.lower() for w in re.findall(r"[A-Za-z][a-z']{3,}",
                                                      re.sub(r"\{\w+\}", " ", t))}
        return out
    sheets = json.loads(resources.files("coinche_dsl.render").joinpath(
        "messages/fr.json").read_text("utf-8"))
    french = words_of(catalog("fr").values()) | words_of(page_catalog("fr").values()) \
        | words_of(sheets.values())
    names = words_of(BUILTINS)  # the built-ins' names (`pt-online`) are names in any language
    return (words_of(catalog("en").values()) | words_of(page_catalog("en").values())) \
        - french - names


def test_no_page_in_french_shows_an_english_word_of_the_site(client) -> None:
    owner = Browser(client).signup("marie")
    owner.get("/language?ui=fr&next=/")  # the language switch: a cookie, no account needed
    club_with_variant(owner, "jeudi")
    edit(owner, BEFORE, "partie en 2000")
    owner.post("/c/jeudi/v/regles/publish")
    invited = owner.post("/c/jeudi/invite", {"role": "reader"})
    link = invited.headers["location"]
    token = link.rsplit("link=", 1)[1]
    visitor = Browser(client)
    visitor.get("/language?ui=fr&next=/")
    pages = {
        who: [who.get(url) for url in urls] for who, urls in (
            (owner, ["/", "/gallery", "/clubs/new", "/c/jeudi", link, "/c/jeudi/audit",
                     "/c/jeudi/v/regles", "/c/jeudi/v/regles/history",
                     "/c/jeudi/v/regles/compare?a=1&b=2", "/c/jeudi/v/regles/edit",
                     "/c/nulle-part", "/c/jeudi/v/aucune", "/no/such/page"]),
            (visitor, ["/", "/signup", "/login", "/gallery", "/c/jeudi", "/c/jeudi/v/regles",
                       f"/join/{token}", "/c/jeudi/members", "/join/not-a-token"]))}
    refused = [visitor.post("/login", {"username": "marie", "password": "wrong password"}),
               visitor.post("/signup", {"username": "x", "password": "short"}),
               visitor.post("/clubs/new", {"slug": "a", "name": "b"}, csrf=False),
               owner.post("/clubs/new", {"slug": "Pas une adresse!", "name": "b"}),
               owner.post("/c/jeudi/variants", {"name": "ffb", "base": "ffb"})]
    english = english_words()
    assert {"save", "history", "password"} <= english  # the test can see a leak
    replies = [r for r in [*pages[owner], *pages[visitor], *refused]
               if not 300 <= r.status_code < 400]  # a redirection to sign in has no page
    assert {r.status_code for r in replies} >= {200, 401, 403, 404, 422}
    for reply in replies:
        assert 'lang="fr"' in reply.text, reply.url
        seen = {w.lower() for w in re.findall(r"[A-Za-z][a-z']{3,}", visible(reply.text))}
        assert not seen & english, (reply.url, sorted(seen & english))
