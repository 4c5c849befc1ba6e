"""The score pad on `coinche serve`, on SQLite and on a real PostgreSQL server: a club's
editor starts a game under the club's rules, each deal is saved in the club's database as it is
told, the game is reopened from its address by another member, and its sheet printed.
Who may do what on every pad route is in test_server_isolation."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
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


@pytest.fixture
def client(database_url: str) -> Iterator[object]:  # noqa: F811
    with server(database_url) as c:
        yield c


def call(b: Browser, url: str, **payload: Any) -> Any:
    """A call as the pad's page makes it: the JSON in a form field, the CSRF token in a
    header."""
    return b.client.post(url, data={"payload": json.dumps(payload)},
                         headers={"x-csrf-token": b.csrf, "accept": "application/json"})


def records(client: Any) -> list[dict[str, Any]]:
    from coinche_dsl.server.pad_models import PadGame

    with client.app_state.server.sessions.begin() as db:
        return [json.loads(g.record) for g in db.query(PadGame).order_by(PadGame.id)]


def member(client: Any, owner: Browser, name: str, role: str) -> Browser:
    joiner = Browser(client).signup(name)
    owner.get("/c/jeudi/members")
    reply = owner.post("/c/jeudi/invite", {"role": role})
    token = re.search(r"link=([\w-]+)", reply.headers["location"]).group(1)
    joiner.get(f"/join/{token}")
    assert joiner.post(f"/join/{token}").status_code == 303
    return joiner


def test_a_game_is_saved_with_each_deal_and_reopened_from_its_link(client: Any) -> None:
    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi", "regles")
    assert 'href="/c/jeudi/pad"' in owner.get("/c/jeudi").text  # the club's page leads there
    page = owner.get("/c/jeudi/pad")
    assert page.status_code == 200
    assert f'<meta name="pad-token" content="{owner.csrf}">' in page.text
    started = call(owner, "/c/jeudi/pad/state").json()
    assert "regles" in started["variants"] and started["games"] == []
    assert started["messages"]["new.start"] == "Commencer la partie"  # the club's language

    made = call(owner, "/c/jeudi/pad/new", variant="regles", table="Table 2",
                teams={"NS": "Anne et Paul", "EW": "Les Dupont"}).json()
    link = made["url"]
    assert re.fullmatch(r"/c/jeudi/pad/\d+", link)
    # ffb.coinche's example: « 100 + 10 = 110 >= 90 and > 52: NS 110 + 90 = 200; EW 52,
    # rounded 50 ».
    one = call(owner, link + "/deal", deal={"declarer": "N", "bid": 90, "trump": "hearts",
                                            "points": 100, "last": "S"})
    assert one.status_code == 200, one.text
    assert one.json()["state"]["totals"] == {"NS": "200", "EW": "50"}
    (record,) = records(client)
    assert [d["said"] for d in record["deals"]] == ["90 cœur N, 100 points, der S"]
    assert record["table"] == "Table 2" and record["teams"]["EW"] == "Les Dupont"

    two = call(owner, link + "/deal", said="passe")
    assert two.status_code == 200
    assert [d.get("passed") for d in records(client)[0]["deals"]] == [None, True]
    wrong = call(owner, link + "/deal", said="90 coeur N, 100 points, der Z")
    assert wrong.status_code == 422
    problem = wrong.json()["problems"][0]
    assert problem["column"] == len("90 coeur N, 100 points, der ") - 3  # under « der »
    assert len(records(client)[0]["deals"]) == 2  # nothing saved

    reader = member(client, owner, "paul", "reader")
    assert reader.get(link).status_code == 200  # reopened from the link
    shown = call(reader, link + "/state").json()["state"]
    assert shown["totals"] == {"NS": "200", "EW": "50"}
    assert [r["result"] for r in shown["rows"]] == ["rempli", "redonnée"]
    assert call(reader, link + "/deal", said="80 pique E, 100 points, der E").status_code == 403
    assert len(records(client)[0]["deals"]) == 2
    listed = call(reader, "/c/jeudi/pad/state").json()["games"]
    assert listed == [{"name": f"Table 2 · {record['date']} · regles", "url": link}]

    corrected = call(owner, link + "/deal", at=1, said="90 cœur N, 60 points, der S")
    # § 10.1.2: NS 60 < 90, failed: EW « 160 points de chute + ... + Le montant du contrat
    # demandé » = 250.
    assert corrected.json()["state"]["totals"] == {"NS": "0", "EW": "250"}
    assert call(owner, link + "/undo").json()["state"]["rows"][-1]["number"] == 1

    outsider = Browser(client).signup("intrus")
    assert outsider.get(link).status_code in (403, 404)
    assert call(outsider, link + "/state").status_code in (403, 404)

    if shutil.which("pdftotext"):
        pdf = call(reader, link + "/pdf")
        assert pdf.headers["content-type"] == "application/pdf"
        text = subprocess.run(["pdftotext", "-", "-"], input=pdf.content, check=True,
                              capture_output=True).stdout.decode()
        assert "Table 2" in text and "Les Dupont" in text


def test_a_call_without_the_session_token_is_refused(client: Any) -> None:
    owner = Browser(client).signup("marie")
    club_with_variant(owner, "jeudi", "regles")
    owner.get("/c/jeudi/pad")
    reply = owner.client.post("/c/jeudi/pad/new", data={"payload": '{"variant": "ffb"}'})
    assert reply.status_code == 403
    assert records(client) == []
