"""`coinche serve` in a real headless Chromium (Debian's, through Playwright; no browser
download): a secretary signs up, creates her club, starts a variant from ffb, saves three
versions in the editor, publishes; a member in another browser context, not signed in, opens the
public page, reads the sheet in Spanish, downloads the card, compares two versions; the secretary
restores one."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("sqlalchemy")
playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
expect = playwright.expect
# Every wait is for an answer of the server (a check, a render): seconds on a loaded machine.
expect.set_options(timeout=30_000)
CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium") or "")
                 if p and Path(p).is_file()), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium not installed "
                                "(apt-get install chromium); the server's browser test is skipped")

from studio_support import serving  # noqa: E402

from coinche_dsl.server.app import create_app  # noqa: E402
from coinche_dsl.server.renders import Renderer  # noqa: E402
from tests.server_support import database_url, postgres  # noqa: E402, F401 - fixtures

FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def rules(target: int) -> str:
    return (f'variant "jeudi" extends "ffb" {{\n  title "Coinche du jeudi"\n'
            f'  description "Partie en {target}."\n  sources "Bureau du club"\n'
            f'  language fr\n\n  game {{ target {target} }}\n}}\n')


@pytest.fixture
def site(database_url: str) -> Iterator[str]:  # noqa: F811
    """The server on a SQLite file, then on a real PostgreSQL server the tests start."""
    app = create_app(database_url, Renderer(0))
    with serving(app) as port:
        yield f"http://127.0.0.1:{port}"


def replace_text(page: object, text: str) -> None:
    page.click(".cm-content")
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(text)


def test_a_club_online_from_sign_up_to_a_restored_version(site: str, tmp_path: Path) -> None:
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        secretary = browser.new_context(locale="fr-FR").new_page()
        problems: list[str] = []
        secretary.on("pageerror", lambda e: problems.append(str(e)))
        secretary.goto(site + "/signup")
        secretary.fill("input[name=username]", "marie")
        secretary.fill("input[name=display_name]", "Marie")
        secretary.fill("input[name=password]", "un mot de passe assez long")
        secretary.click("form.stack button")
        secretary.click("text=Créer un club")
        secretary.fill("input[name=name]", "Club du jeudi")
        secretary.fill("input[name=slug]", "jeudi")
        secretary.fill("input[name=region]", "Bretagne")
        secretary.click("form.stack button")
        assert secretary.url.endswith("/c/jeudi")
        secretary.fill("#new-variant input[name=name]", "jeudi")
        secretary.select_option("#new-variant select[name=base]", "ffb")
        secretary.click("#new-variant button")
        secretary.wait_for_selector(".cm-content")  # the studio's editor
        for n, target in enumerate((1000, 1500, 701), start=2):
            replace_text(secretary, rules(target))
            secretary.fill("#message", f"partie en {target}")
            secretary.click("#save")
            secretary.wait_for_selector("#saved")
            assert f"Version {n} enregistrée" in secretary.inner_text("#saved")
            secretary.wait_for_selector(".cm-content")
        # the studio's completion and hover help, answered by the server (not saved)
        replace_text(secretary, rules(701).replace("game { target 701 }",
                                                   "game {\n    target 701\n    \n  }"))
        secretary.evaluate("""() => {
            const e = window.coincheEditor, at = e.getText().indexOf("    \\n  }") + 4;
            e.view.dispatch({selection: {anchor: at}}); e.view.focus(); }""")
        secretary.keyboard.type("rea")
        expect(secretary.locator(".cm-tooltip-autocomplete li[aria-selected]")).to_contain_text(
            "reach")
        secretary.keyboard.press("Escape")
        at = secretary.evaluate("""() => {
            const e = window.coincheEditor;
            const c = e.view.coordsAtPos(e.getText().indexOf("target 701") + 2);
            return [c.left + 2, (c.top + c.bottom) / 2]; }""")
        secretary.mouse.move(*at)
        expect(secretary.locator(".cm-coinche-hover")).to_contain_text("game.target")
        replace_text(secretary, rules(777))  # the preview follows the text, unsaved
        expect(secretary.frame_locator("#preview").locator("body")).to_contain_text(
            "777", timeout=90_000)  # a render of the edited text: slow on a loaded machine
        secretary.goto(site + "/c/jeudi/v/jeudi")
        secretary.click("#publish")
        assert "Rendre privé" in secretary.inner_text("#publish")

        member = browser.new_context(locale="es-ES", accept_downloads=True).new_page()
        member.goto(site + "/gallery")
        member.click("text=Coinche du jeudi")
        assert "Coinche du jeudi" in member.inner_text("h1")
        assert "Entrar" in member.inner_text("header")  # not signed in, pages in Spanish
        member.click("[data-doc=sheet-es]")
        assert member.evaluate("document.documentElement.lang") == "es"
        sheet = member.inner_text("body")
        assert "701" in sheet and "Subasta" in sheet
        member.go_back()
        card = member.request.get(site + member.get_attribute("[data-doc=card-pdf-es]", "href"))
        assert card.status == 200 and card.body().startswith(b"%PDF")
        import pypdf

        (tmp_path / "card.pdf").write_bytes(card.body())
        pages = pypdf.PdfReader(str(tmp_path / "card.pdf")).pages
        text = " ".join(pg.extract_text() for pg in pages)
        assert "701" in text
        member.goto(site + "/c/jeudi/v/jeudi/history")
        said = member.inner_text("tr[data-version='3'] td.changes").replace(
            "\u202f", " ").replace("\xa0", " ")  # what version 3 changed, in the club's words
        assert said.startswith("Depuis la version 2 du ") and "(au lieu de 1 000)" in said
        member.check("tr[data-version='2'] input[name=a]")
        member.check("tr[data-version='4'] input[name=b]")
        member.click("#compare-versions > button")
        compared = member.inner_text("#changes").replace("\u202f", " ").replace("\xa0", " ")
        assert "701" in compared and "(au lieu de 1 000)" in compared  # French: the club's
        member.click("#full-comparison")  # the rules side by side, the same deals scored
        full = member.inner_text("body").replace("\u202f", " ").replace("\xa0", " ")
        assert "1 000" in full and "701" in full

        secretary.goto(site + "/c/jeudi/v/jeudi/history")
        secretary.click("tr[data-version='2'] button")
        assert len(secretary.query_selector_all("tr[data-version]")) == 5
        assert "target 1000" in secretary.request.get(site + "/c/jeudi/v/jeudi/file").text()
        restored = secretary.inner_text("tr[data-version='5'] td.changes").replace(
            "\u202f", " ").replace("\xa0", " ")
        assert "1 000 points (au lieu de 701)" in restored  # the restore, as a new version
        assert not problems
        browser.close()


def fr(text: str) -> str:
    """French typography's narrow no-break spaces as plain spaces, to compare."""
    return text.replace("\u202f", " ").replace("\xa0", " ")


def test_the_editor_answers_the_questionnaire_and_scores_a_deal(tmp_path: Path) -> None:
    """The studio's questionnaire and score form on the server's editor (SQLite): the editor
    changes the target through the questionnaire, the draft's preview shows it, a version is
    saved with it; a deal scored in the French form is shown in words."""
    app = create_app(f"sqlite:///{tmp_path / 'db.sqlite'}", Renderer(0))
    with serving(app) as port, playwright.sync_playwright() as p:
        site = f"http://127.0.0.1:{port}"
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_context(locale="fr-FR").new_page()
        problems: list[str] = []
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(site + "/signup")
        page.fill("input[name=username]", "marie")
        page.fill("input[name=password]", "un mot de passe assez long")
        page.click("form.stack button")
        page.goto(site + "/clubs/new")
        page.fill("input[name=name]", "Club du jeudi")
        page.fill("input[name=slug]", "jeudi")
        page.click("form.stack button")
        page.fill("#new-variant input[name=name]", "jeudi")
        page.select_option("#new-variant select[name=base]", "ffb")
        page.click("#new-variant button")
        target = page.locator("[id='q-game.target-n']")
        expect(target).to_have_value("2000", timeout=90_000)  # ffb's, the studio's control
        expect(page.locator("[id='q-game.target'] legend")).to_have_text(
            "Jusqu'à combien de points joue-t-on\u202f?")
        target.fill("1500")
        target.press("Tab")  # a change: the answer is written into the editor's text
        expect(page.locator("[id='q-game.target'] .written")).to_be_visible(timeout=90_000)
        assert "target 1500" in page.evaluate("window.coincheEditor.getText()")
        preview = page.frame_locator("#preview").locator("body")
        expect(preview).to_contain_text("1\u202f500", timeout=90_000)  # the unsaved draft
        page.fill("#message", "partie en 1500")
        page.click("#save")
        page.wait_for_selector("#saved")
        assert "Version 2 enregistrée" in page.inner_text("#saved")
        assert "target 1500" in page.request.get(site + "/c/jeudi/v/jeudi/file").text()
        expect(page.locator("[id='q-game.target-n']")).to_have_value("1500", timeout=90_000)

        # A disputed deal, the bid in French words: a coinched 100 (« cent ») at spades that
        # fails, the declarer holding belote. ffb's rule: the defenders score (160 + 100) x 2
        # = 520, the declarers keep their protected belote, 20.
        form = page.locator("#deal")
        form.locator("[name=bid]").fill("cent")
        form.locator("[name=trump]").select_option("spades")
        form.locator("[name=double]").select_option("coinche")
        form.locator("[name=ns]").fill("70")
        form.locator("[name=ew]").fill("82")
        form.locator("[name=last_trick]").select_option("E")
        form.locator("[name=belote]").fill("N")
        expect(form.locator("[name=trump] option:checked")).to_have_text("pique")
        page.click("#score-go")
        expect(page.locator("#score-total")).to_have_text("Chuté — NS 20, EO 520",
                                                          timeout=90_000)
        result = fr(page.inner_text("#score-result"))
        assert "100 pique par Nord, coinché" in result  # the deal in words
        assert "Contrat chuté : les défenseurs marquent (160 + 100 du contrat) × 2 = 520" in result
        assert "Nord-Sud" in result and "belote des preneurs" in result
        assert "scoring." not in result  # no field paths shown
        # The form's menus in the variant's words (the studio's `deal_words`, on the club's
        # server): « coinché », the bids as the table says them, French card codes.
        expect(form.locator("[name=double] option")).to_have_text(
            ["non coinché", "coinché", "surcoinché"], timeout=90_000)
        assert form.locator("#score-bids option").evaluate_all(
            "os => os.map(o => o.value)")[:3] == ["quatre-vingts", "quatre-vingt-dix", "cent"]
        expect(form.locator("[name=announcements]")).to_have_attribute(
            "placeholder", "N DC VC 10C; E 7P 8P 9P")
        assert not problems
        browser.close()
