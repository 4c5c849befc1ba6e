"""The studio's server without a browser: every page request, its guards, and the questionnaire's
text edits (comments kept, answers checked against the model)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the studio extra is not installed")
from starlette.testclient import TestClient  # noqa: E402

from coinche_dsl import load_variant  # noqa: E402
from coinche_dsl.loader import load_checked  # noqa: E402
from coinche_dsl.studio.app import create_app  # noqa: E402
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
    app = create_app(Workspace.open(folder, "club.coinche"), token="secret")
    return TestClient(app, base_url="http://127.0.0.1")


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


@pytest.mark.parametrize(("path", "value", "message"), [
    ("play.undertrump", "sometimes", "'sometimes' is not one of required, optional"),
    ("game.target", "2e3", "'2e3' is not a whole number"),
    ("title", "x", "'title' is not one of the questionnaire's rules"),
    ("auction.denominations", [], "choose at least one"),
])
def test_an_answer_the_field_cannot_take_is_refused(client: TestClient, path: str,
                                                    value: object, message: str) -> None:
    reply = client.post("/api/answer", headers=TOKEN, json={"text": CLUB, "path": path,
                                                            "value": value})
    assert reply.status_code == 422
    assert reply.json()["error"] == message


def test_the_questionnaire_reads_the_current_answers(client: TestClient) -> None:
    questions = {q["path"]: q for q in post(client, "questionnaire", text=CLUB)["questions"]}
    assert questions["game.target"]["value"] == "1500"
    assert questions["scoring.rounding"]["value"] == "half_up"  # ffb's, inherited
    assert questions["play.undertrump"]["kind"] == "choice"
    assert questions["play.undertrump"]["choices"] == ["required", "optional"]
    assert questions["auction.denominations"]["kind"] == "choices"
    assert "no_trump" in questions["auction.denominations"]["choices"]


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
    app = create_app(Workspace.open(folder, "club.coinche"), token="secret")
    remote = TestClient(app, base_url="http://studio.example.com")
    assert remote.post("/api/check", headers=TOKEN, json={"text": CLUB}).status_code == 400


def test_malformed_requests_are_clean_errors(client: TestClient) -> None:
    assert client.post("/api/check", headers=TOKEN, content=b"{nope").status_code == 400
    assert client.post("/api/check", headers=TOKEN, json=[1]).status_code == 400
    assert client.post("/api/check", headers=TOKEN, json={"text": 3}).status_code == 422
    assert client.post("/api/preview", headers=TOKEN,
                       json={"text": CLUB, "lang": "xx"}).status_code == 422
    assert client.post("/api/check", headers=TOKEN,
                       content=b'{"text": "' + b"x" * 2_100_000 + b'"}').status_code == 413


def test_the_page_carries_its_token_and_a_strict_policy(client: TestClient) -> None:
    page = client.get("/")
    assert '<meta name="studio-token" content="secret">' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/static/editor.js").status_code == 200


def test_the_command_serves_the_folder_and_stops_cleanly(folder: Path) -> None:
    import signal
    import subprocess
    import sys
    import urllib.request

    cmd = [sys.executable, "-m", "coinche_dsl", "studio", "club.coinche", "--port", "0",
           "--no-browser"]
    proc = subprocess.Popen(cmd, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        line = proc.stdout.readline()  # type: ignore[union-attr]
        assert line.startswith("coinche studio: editing club.coinche at http://127.0.0.1:")
        url = line.split(" at ")[1].split()[0]
        with urllib.request.urlopen(url, timeout=10) as page:
            assert b'name="studio-token"' in page.read()
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err
    assert "Traceback" not in err


def test_a_file_outside_the_folder_is_a_usage_error(folder: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "coinche_dsl", "studio", "../x.coinche",
                           "--no-browser"], cwd=folder, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 1
    assert done.stderr.strip() == "coinche: error: '../x.coinche' is outside the studio's folder"


def test_the_options_get_a_control_and_every_panel_follows_it(client: TestClient) -> None:
    checked = post(client, "check", text=CLUB)
    assert {o["name"]: (o["default"], o["values"]) for o in checked["options"]} == {
        "sans_atout_tout_atout": ("oui", ["oui", "non"]),
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
                options={"sans_atout_tout_atout": "non"})["html"]
    assert "This sheet is printed for “non”." in page
    bad = client.post("/api/score", headers=TOKEN,
                      json={"text": CLUB, "deal": deal, "options": {"litig": "x"}})
    assert bad.status_code == 422 and "did you mean 'litige'" in bad.json()["error"]
    wrong = client.post("/api/score", headers=TOKEN,
                        json={"text": CLUB, "deal": deal, "options": ["litige"]})
    assert wrong.status_code == 422
