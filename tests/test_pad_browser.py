"""The score pad in a real headless Chromium at a phone's size, touch screen: a French table
plays a whole game to its club's target in the studio, corrects a deal, sees the winner and
prints the filled sheet; the keyboard alone counts a deal; axe-core finds nothing.

The scores are worked by hand from the federation's sentences the club's file inherits
(ffb.coinche, § 10.1.1, § 10.1.2, § 10.2), quoted where they are used."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the studio extra is not installed")
playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium") or "")
                 if p and Path(p).is_file()), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium not installed")

from studio_support import serving  # noqa: E402

from coinche_dsl.studio.app import create_app  # noqa: E402
from coinche_dsl.studio.service import Workspace  # noqa: E402

expect = playwright.expect
# Every wait is for an answer of the server (a check, a render): seconds on a loaded machine.
expect.set_options(timeout=30_000)
CLUB = """\
variant "club" extends "ffb" {
  title "Coinche du jeudi"
  language fr
  game { target 1000 }  # short games
}
"""
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2}
AXE = Path(__file__).parent / "fixtures" / "axe-core" / "axe.min.js"


def plain(text: str) -> str:
    """French typography's no-break spaces as plain ones, to compare."""
    return text.replace("\u202f", " ").replace("\u00a0", " ")


@pytest.fixture
def studio(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    (tmp_path / "club.coinche").write_text(CLUB, encoding="utf-8")
    app = create_app(Workspace.open(tmp_path, "club.coinche"))
    with serving(app) as port:
        yield f"http://127.0.0.1:{port}", app.state.session.key, tmp_path


@pytest.fixture
def phone(studio: tuple[str, str, Path]) -> Iterator[object]:
    base, key, _ = studio
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = browser.new_context(**PHONE, accept_downloads=True)
        page = context.new_page()
        page.problems = []
        page.on("pageerror", lambda e: page.problems.append(str(e)))
        page.on("console", lambda m: page.problems.append(m.text) if m.type == "error" else None)
        page.goto(f"{base}/?key={key}")  # the studio's link lets this browser in
        page.get_by_role("link", name="Feuille de marque").click()  # the file is in French
        page.wait_for_url(f"{base}/pad")
        yield page
        browser.close()


def start(page: object, ns: str = "Anne et Paul", ew: str = "Les Dupont") -> None:
    expect(page.locator("#start-title")).to_have_text("Nouvelle partie")
    page.fill("#start-ns", ns)
    page.fill("#start-ew", ew)
    page.fill("#start-table", "Table 3")
    page.get_by_role("button", name="Commencer la partie").tap()
    expect(page.locator("#deal-title")).to_have_text("Donne 1, Nord donne")


def tap(page: object, group: str, value: str) -> None:
    page.locator(f"#{group} button[data-value='{value}']").tap()


def deal(page: object, declarer: str, bid: str, trump: str, points: str = "",
         last: str = "", double: str = "") -> None:
    """One deal told with the buttons, as a player's thumb does."""
    tap(page, "declarer", declarer)
    tap(page, "bid", bid)
    tap(page, "trump", trump)
    if double:
        tap(page, "double", double)
    for digit in points:
        page.locator("#numpad").get_by_role("button", name=digit, exact=True).tap()
    if last:
        tap(page, "last", last)
    page.get_by_role("button", name="Compter la donne").tap()


def totals(page: object) -> tuple[str, str]:
    return (plain(page.locator("#total-NS").inner_text()),
            plain(page.locator("#total-EW").inner_text()))


def wait_totals(page: object, ns: str, ew: str) -> None:
    expect(page.locator("#total-NS")).to_have_text(ns.replace(" ", "\u202f"))
    expect(page.locator("#total-EW")).to_have_text(ew.replace(" ", "\u202f"))


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_a_whole_game_on_a_phone_corrected_and_printed(phone: object, studio: tuple,
                                                        tmp_path: Path) -> None:
    page = phone
    start(page)
    # § 10.1.1 « Les preneurs marquent : Leur total + Le montant du contrat demandé », the total
    # being the tricks' points and the dix de der; « Les défenseurs marquent : Leur total »;
    # § 10.2 « arrondis à la dizaine la plus proche ... 85 est arrondi à 90 ».
    deal(page, "N", "120", "hearts", "112", "N")  # NS 112 + 10 + 120 = 242 -> 240; EW 40
    wait_totals(page, "240", "40")
    expect(page.locator("#status")).to_have_text("Donne comptée et enregistrée.")
    deal(page, "E", "100", "spades", "95", "E")  # EW 95 + 10 + 100 = 205 -> 210; NS 57 -> 60
    wait_totals(page, "300", "250")
    # § 10.1.2: failed, « 160 points de chute + ... + Le montant du contrat demandé »:
    # NS 70 + 10 = 80 < 90; EW 160 + 90 = 250.
    page.locator("#typed summary").tap()
    page.fill("#typed-line", "90 trèfle S, 70 points, der S")
    page.get_by_role("button", name="Compter cette ligne").tap()
    wait_totals(page, "300", "500")
    # § 3.1 « le donneur sera son voisin de droite » (North, West, South, East); § 4.1 « Si les
    # 4 joueurs passent ... [le donneur] les fait passer au joueur à sa droite qui sera le
    # nouveau donneur »: nothing is scored, and North deals deal 5.
    expect(page.locator("#deal-title")).to_have_text("Donne 4, Est donne")
    page.get_by_role("button", name="Tout le monde passe").tap()
    expect(page.locator("#deal-title")).to_have_text("Donne 5, Nord donne")
    # « Si le contrat a été coinché ..., les défenseurs doublent leurs points »: EW 50 < 80,
    # NS (160 + 80) x 2 = 480.
    deal(page, "W", "80", "diamonds", "50", "N", double="coinche")
    wait_totals(page, "780", "500")
    deal(page, "N", "80", "hearts", "90", "N")  # NS 100 + 80 = 180; EW 62 -> 60
    wait_totals(page, "960", "560")
    deal(page, "S", "110", "spades", "100", "S")  # NS 110 + 110 = 220; EW 52 -> 50
    wait_totals(page, "1 180", "610")
    # « Le premier camp atteignant ou dépassant le nombre de points fixés » (1000 here) wins.
    expect(page.locator("#winner")).to_have_text(
        "Anne et Paul gagne la partie, 1\u202f180 à 610, en 6\u00a0donnes.")
    expect(page.get_by_role("button", name="Compter la donne")).to_be_disabled()

    # The first deal was wrong: West took the last trick, and North had 100 points. Failed:
    # NS 100 < 120; EW 160 + 120 = 280. Every later deal is scored again: 0/280, 60/490,
    # 60/740, 540/740, 720/800, 940/850: nobody has 1000 any more, the game goes on.
    page.get_by_role("button", name="Corriger la donne 1").tap()
    expect(page.locator("#deal-title")).to_have_text("Correction de la donne 1")
    expect(page.locator("#typed-line")).to_have_value("120 cœur N, 112 points, der N")
    deal(page, "N", "120", "hearts", "100", "W")
    wait_totals(page, "940", "850")
    expect(page.locator("#status")).to_have_text(
        "Donne 1 corrigée ; les donnes suivantes sont recomptées.")
    expect(page.locator("#winner")).to_be_hidden()
    # EW 120 + 10 + 100 = 230; NS 32 -> 30: EW 1080, NS 970.
    deal(page, "E", "100", "hearts", "120", "E")
    wait_totals(page, "970", "1 080")
    expect(page.locator("#winner")).to_have_text(
        "Les Dupont gagne la partie, 1\u202f080 à 970, en 7\u00a0donnes.")
    rows = page.locator("#rows tr")
    expect(rows).to_have_count(8)
    expect(rows.nth(0)).to_contain_text("chuté")
    assert page.problems == []

    # The record on disk, after the last deal: what the table said, deal by deal.
    (game,) = tmp_path.glob("partie-*.json")
    record = json.loads(game.read_text(encoding="utf-8"))
    assert [d.get("said") for d in record["deals"]] == [
        "120 cœur N, 100 points, der O", "100 pique E, 95 points, der E",
        "90 trèfle S, 70 points, der S", "passe", "80 carreau coinché O, 50 points, der N",
        "80 cœur N, 90 points, der N", "110 pique S, 100 points, der S",
        "100 cœur E, 120 points, der E"]
    assert record["teams"] == {"NS": "Anne et Paul", "EW": "Les Dupont"}
    assert record["table"] == "Table 3"

    with page.expect_download() as got:
        page.get_by_role("button", name="Feuille de marque (PDF)").tap()
    pdf = tmp_path / "sheet.pdf"
    got.value.save_as(pdf)
    assert pdf.read_bytes().startswith(b"%PDF")
    text = plain(subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True,
                                capture_output=True, text=True).stdout)
    assert "Coinche du jeudi" in text
    assert "Les Dupont gagne la partie, 1 080 à 970, en 7 donnes." in text
    assert "Table 3" in text

    page.reload()  # reopened from its address: the same game, as kept on disk
    wait_totals(page, "970", "1 080")


def test_the_keyboard_alone_counts_a_deal_and_a_wrong_line_is_pointed(phone: object) -> None:
    """Tab and Enter/Space reach every button; a line the pad cannot read is shown with the
    problem under the word."""
    page = phone
    start(page)
    page.locator("#declarer button[data-value='N']").focus()
    page.keyboard.press("Enter")
    for group, value in (("bid", "90"), ("trump", "hearts")):
        page.locator(f"#{group} button[data-value='{value}']").focus()
        page.keyboard.press("Space")
    for digit in "100":
        page.locator("#numpad").get_by_role("button", name=digit, exact=True).focus()
        page.keyboard.press("Enter")
    page.locator("#last button[data-value='S']").focus()
    page.keyboard.press("Enter")
    # On with Tab alone: the belote buttons, the announcement's seat (North, the first) and
    # cards, its Add button, then the count.
    focused = []
    for _ in range(12):
        page.keyboard.press("Tab")
        focused.append(page.evaluate("document.activeElement.id || document.activeElement"
                                     ".textContent"))
        if focused[-1] == "announce-cards":
            page.keyboard.type("DC VC 10C")
        elif focused[-1] == "announce-add":
            page.keyboard.press("Enter")
            expect(page.locator("#announce-list li")).to_have_text("Nord : DC VC 10C Retirer")
        elif focused[-1] == "go":
            page.keyboard.press("Enter")
            break
    assert focused[-1] == "go", focused
    # The federation's example with a tierce of North's (§ 8: « la tierce 20 »): « Leur
    # total + Le montant du contrat demandé », the total holding « les annonces » (§ 10.1):
    # 100 + 10 + 20 = 130 >= 90, NS 130 + 90 = 220; EW 52, rounded 50.
    wait_totals(page, "220", "50")
    expect(page.locator("#last-lines")).to_contain_text("Annonces")
    page.locator("#typed summary").focus()
    page.keyboard.press("Enter")
    page.fill("#typed-line", "90 coeur N, 100 points, der Z")
    page.keyboard.press("Enter")
    expect(page.locator("#problems")).to_contain_text("La donne n’est pas comptée")
    expect(page.locator("#problems")).to_contain_text("90 coeur N, 100 points, der Z")
    expect(page.locator("#problems")).to_contain_text("« Z » n’est pas compris ici")
    wait_totals(page, "220", "50")


def test_the_pad_passes_axe(studio: tuple[str, str, Path]) -> None:
    """axe-core finds nothing on the pad's page, new game and game under way (the page's
    policy forbids the injected script, so this page runs with it set aside)."""
    base, key, _ = studio
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_context(**PHONE, bypass_csp=True).new_page()
        page.goto(f"{base}/?key={key}")
        page.goto(f"{base}/pad")
        found = {}
        expect(page.locator("#start-title")).to_have_text("Nouvelle partie")
        page.add_script_tag(path=str(AXE))
        found["start"] = page.evaluate("""async () => (await axe.run(document)).violations.map(
            (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)""")
        start(page)
        deal(page, "N", "90", "hearts", "100", "S")
        wait_totals(page, "200", "50")
        page.add_script_tag(path=str(AXE))
        found["game"] = page.evaluate("""async () => (await axe.run(document)).violations.map(
            (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)""")
        browser.close()
    assert found == {"start": [], "game": []}


def test_the_pad_on_the_server_saves_each_deal_and_reopens_from_its_link(tmp_path: Path
                                                                         ) -> None:
    """`coinche serve` on SQLite, in Chromium at phone size: an editor of the club signs in,
    starts a game under the club's rules, counts a deal (saved in the club's database at
    once, through the page's CSRF token), and the game's address opens it again."""
    pytest.importorskip("sqlalchemy")
    pytest.importorskip("argon2")
    from coinche_dsl.server import store
    from coinche_dsl.server.app import create_app as server_app
    from coinche_dsl.server.pad_models import PadGame
    from coinche_dsl.server.renders import Renderer

    app = server_app(f"sqlite:///{tmp_path / 'club.db'}", Renderer(0))
    with serving(app) as port:
        base = f"http://127.0.0.1:{port}"
        sessions = app.state.server.sessions
        with sessions.begin() as db:
            marie = store.create_user(db, "marie", "un mot de passe assez long")
            club = store.create_club(db, marie, "jeudi", "Club du jeudi", "fr", "Bretagne")
            variant = store.create_variant(db, marie, club, "jeudi")
            store.save_version(db, marie, store.Access(club, variant, "owner"), CLUB.replace(
                '"club"', '"jeudi"'), "", 0, {"valid": True, "extends": "ffb",
                                                "title": "Coinche du jeudi"})
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            page = browser.new_context(**PHONE, locale="fr-FR").new_page()
            problems: list[str] = []
            page.on("pageerror", lambda e: problems.append(str(e)))
            page.goto(f"{base}/login")
            page.fill("input[name=username]", "marie")
            page.fill("input[name=password]", "un mot de passe assez long")
            with page.expect_navigation():
                page.locator("form button").last.tap()
            page.goto(f"{base}/c/jeudi/pad")
            expect(page.locator("#start-variant")).to_have_value("jeudi")
            start(page)
            assert re.search(r"/c/jeudi/pad/\d+$", page.url), page.url
            deal(page, "N", "90", "hearts", "100", "S")  # ffb's example: NS 200, EW 50
            wait_totals(page, "200", "50")
            with sessions.begin() as db:
                (game,) = db.query(PadGame).all()
                kept = json.loads(game.record)
            assert [d["said"] for d in kept["deals"]] == ["90 cœur N, 100 points, der S"]
            assert (game.table_name, kept["teams"]["NS"]) == ("Table 3", "Anne et Paul")
            link = page.url
            other = browser.new_context(**PHONE).new_page()  # not signed in: no game
            assert other.goto(link).status in (401, 403, 404) or "/login" in other.url
            page.goto(link)
            wait_totals(page, "200", "50")
            expect(page.locator("#rows tr")).to_have_count(1)
            browser.close()
        assert problems == []
