"""The studio in a real headless Chromium (Debian's, driven by Playwright; no browser download):
a secretary's session from typo to printed rules. Each step leaves a screenshot in the test's
folder; `UPDATE_SCREENSHOTS=1` also writes them to docs/images/ for the README."""

from __future__ import annotations

import importlib.util
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

pytest.importorskip("starlette", reason="the studio extra is not installed")
playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium") or "")
                 if p and Path(p).is_file()), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium not installed "
                                "(apt-get install chromium); the studio's browser test is skipped")

from starlette.applications import Starlette  # noqa: E402
from studio_support import hold_sheets, serving, wait_until  # noqa: E402

from coinche_dsl import load_variant  # noqa: E402
from coinche_dsl.loader import BUILTINS  # noqa: E402
from coinche_dsl.studio.app import create_app  # noqa: E402
from coinche_dsl.studio.service import Workspace  # noqa: E402
from coinche_dsl.syntax.formatter import format_text  # noqa: E402

CLUB = """\
variant "club" extends "ffb" {
  title "Coinche du jeudi"  # our Thursday game
  language fr
  description "Partie courte."
  sources "Règlement du club, 2026"

  game { target 1500 }  # short games
}
"""
PDF_READY = all(importlib.util.find_spec(m) for m in ("weasyprint", "pypdf"))
"""PDF printing is checked where WeasyPrint and pypdf are installed (the test extra)."""
ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "docs" / "images"
REAL_FILES = sorted([*ROOT.glob("coinche_dsl/variants/*.coinche"),
                     *ROOT.glob("examples/rulebooks/*.coinche")])
"""Every built-in and the club rulebooks: real lengths, long comment lines."""
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


@pytest.fixture
def studio_app(tmp_path: Path) -> Starlette:
    """The studio's app for a folder with the club's file."""
    (tmp_path / "club.coinche").write_text(CLUB, encoding="utf-8")
    return create_app(Workspace.open(tmp_path, "club.coinche"))


@pytest.fixture
def studio(studio_app: Starlette, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The studio on a free port of 127.0.0.1, serving the folder: the link its command prints
    (with the one-time key that lets the first browser in)."""
    with serving(studio_app) as port:
        yield f"http://127.0.0.1:{port}/?key={studio_app.state.session.key}", tmp_path


@pytest.fixture
def page(studio: tuple[str, Path], tmp_path: Path) -> Iterator[object]:
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        pg = browser.new_page(viewport={"width": 1366, "height": 768})
        pg.problems, pg.requests, pg.tmp_path = [], [], tmp_path
        pg.on("console", lambda m: pg.problems.append(m.text) if m.type == "error" else None)
        pg.on("pageerror", lambda e: pg.problems.append(str(e)))
        pg.on("request", lambda r: pg.requests.append(r.url))
        pg.goto(studio[0])
        pg.wait_for_selector(".cm-content")
        yield pg
        browser.close()


def shot(page: object, tmp_path: Path, name: str) -> None:
    page.screenshot(path=str(tmp_path / f"{name}.png"))
    if os.environ.get("UPDATE_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"))


def replace_text(page: object, text: str) -> None:
    page.click(".cm-content")
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(text)


def pdf_text(path: Path) -> str:
    import pypdf

    return " ".join(" ".join(p.extract_text() for p in pypdf.PdfReader(str(path)).pages).split())


def frame_text(page: object, selector: str) -> str:
    return page.frame_locator(selector).locator("body").inner_text()


def score_deal(page, **fields: str) -> None:
    """Fill the scorer's deal form (text boxes filled, menus chosen) and score the deal."""
    form = page.locator("#deal")
    for name, value in fields.items():
        box = form.locator(f"[name={name}]")
        if box.evaluate("e => e.tagName") == "SELECT":
            box.select_option(value)
        else:
            box.fill(value)
    page.click("#score-go")


def fr(text: str) -> str:
    """`text` with French typography's narrow no-break spaces as plain spaces, to compare."""
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def expect_fr(locator: object, text: str) -> None:
    """`locator` shows `text`, French spacing aside."""
    wait_until(lambda: fr(text) in fr(locator.inner_text(timeout=90_000)),
               f"no {text!r} in the page", seconds=90)  # answers validate the whole file


SETTLED = "() => !document.querySelector('main').hasAttribute('aria-busy')"
"""The page has every answer for the text it shows: the problems, the open panel, the answer,
the new file or the score asked for (it sets `main[aria-busy]` while one is coming)."""


def settled(page: object) -> None:
    """Wait until the page has done what the last key asked (its `aria-busy` gone): on a
    whole fr-bga checked per answer, on a loaded machine, that takes what it takes."""
    page.wait_for_function(SETTLED, timeout=180_000, polling=50)


def focused_matches(page: object, selector: str) -> bool:
    return page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)",
                         selector)


def tab_to(page: object, selector: str, key: str = "Tab", limit: int = 40) -> None:
    """Press Tab (or `key`: Shift+Tab) until the focus is on `selector`, as a user does."""
    for _ in range(limit):
        if focused_matches(page, selector):
            return
        page.keyboard.press(key)
    assert focused_matches(page, selector), f"{key} never reached {selector}"


def type_over(page: object, text: str) -> None:
    """What the focused box holds replaced by `text`, typed."""
    page.keyboard.press("Control+a")
    page.keyboard.type(text)


def choose(page: object, value: str) -> None:
    """The focused menu set to `value` with the arrow keys (each step a change, as in a real
    browser: the page follows every one)."""
    values = page.evaluate("() => [...document.activeElement.options].map((o) => o.value)")
    at = page.evaluate("() => document.activeElement.selectedIndex")
    to = values.index(value)
    for _ in range(abs(to - at)):
        page.keyboard.press("ArrowDown" if to > at else "ArrowUp")
    assert page.evaluate("() => document.activeElement.value") == value


def test_a_secretarys_session(page: object, studio: tuple[str, Path], tmp_path: Path) -> None:
    """The page in the file's language, French: typo fixed from the problem list, help, the
    base's value, the preview, printing, a comparison and a disputed deal scored."""
    url, folder = studio
    expect = playwright.expect
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect_fr(page.locator("#problems"), "Aucun problème")
    expect(page.frame_locator("#preview").locator("body")).to_contain_text("Coinche du jeudi")
    expect(page.locator("#tabbtn-form")).to_have_text("Questionnaire")
    expect(page.locator("#save")).to_have_text("Enregistrer")
    shot(page, tmp_path, "studio-start")

    # A typo: a sentence with its line, the fix one click away in the list (and inline).
    replace_text(page, CLUB.replace("target 1500", "targt 1500"))
    problems = page.locator("#problems")
    said = "réglage inconnu « targt » dans le bloc « game » — vouliez-vous dire « target » ?"
    expect_fr(problems, f"Ligne 7 : {said}")
    expect_fr(page.locator("#preview-note"), "voici son dernier règlement valide")
    page.wait_for_selector(".cm-lintRange-error")
    page.hover(".cm-lintRange-error")
    page.wait_for_selector(".cm-tooltip-lint")
    expect_fr(page.locator(".cm-tooltip-lint"), said)  # the margin says the same sentence
    shot(page, tmp_path, "studio-typo")
    expect(problems.locator("button.fix")).to_have_text("Corriger")
    expect_fr(problems.get_by_role("button", name="Corriger la ligne 7 : écrire « target »"),
              "Corriger")
    problems.locator("button.fix").click()
    expect(page.locator(".cm-content")).to_contain_text("target 1500")
    expect_fr(problems, "Aucun problème")

    # Completion of the settings valid in the block, then hover help and the base's value.
    replace_text(page, CLUB.replace("game { target 1500 }", "game {\n    target 1500\n    \n  }"))
    page.evaluate("""() => {
        const at = editor.getText().indexOf("    \\n  }") + 4;
        editor.view.dispatch({selection: {anchor: at}}); editor.view.focus(); }""")
    page.keyboard.type("rea")
    expect(page.locator(".cm-tooltip-autocomplete li[aria-selected]")).to_contain_text("reach")
    page.wait_for_timeout(200)  # the popup settles once every typed letter is answered
    page.keyboard.press("Enter")
    page.keyboard.type(" exceed")
    page.keyboard.press("Escape")
    expect(page.locator(".cm-content")).to_contain_text("reach exceed")
    expect_fr(problems, "Aucun problème")
    at = page.evaluate("""() => {
        const c = editor.view.coordsAtPos(editor.getText().indexOf("target 1500") + 2);
        return [c.left + 2, (c.top + c.bottom) / 2]; }""")
    page.mouse.move(*at)
    expect(page.locator(".cm-coinche-hover")).to_contain_text("The score that ends the game.")
    expect(page.locator(".cm-coinche-hover")).to_contain_text("Inherited from ffb.coinche")
    page.evaluate("""() => {
        const at = editor.getText().indexOf("target 1500") + 2;
        editor.view.dispatch({selection: {anchor: at}}); editor.view.focus(); }""")
    page.keyboard.press("F12")
    expect(page.locator("#base-file")).to_have_text("ffb.coinche")
    expect(page.locator("#base .here")).to_contain_text("target 2000")
    shot(page, tmp_path, "studio-base")
    page.click("#tabbtn-preview")

    # The target changes and the preview's sentence follows, in the language chosen.
    replace_text(page, CLUB.replace("1500", "1000"))
    page.select_option("#lang", "en")
    preview = page.frame_locator("#preview").locator("body")
    expect(preview).to_contain_text("The game is played to 1,000 points")
    assert "1,500" not in frame_text(page, "#preview")
    page.select_option("#lang", "it")
    expect(preview).to_contain_text("La partita si gioca a 1.000 punti")
    shot(page, tmp_path, "studio-preview")
    page.select_option("#kind", "card")  # the one-page card, as the club pins it up
    expect(preview).to_contain_text("Promemoria da tavolo")
    if PDF_READY:  # the card, then the booklet, each named for what it is
        with page.expect_download() as got:
            page.click("#print")
        assert got.value.suggested_filename == "club-carte-it.pdf"
    page.select_option("#kind", "booklet")
    if PDF_READY:
        with page.expect_download() as got:
            page.click("#print")
        assert got.value.suggested_filename == "club-livret-it.pdf"
        pdf = got.value.path()
        assert Path(pdf).read_bytes().startswith(b"%PDF")
        assert "La partita si gioca a 1.000 punti" in pdf_text(Path(pdf))
        expect_fr(page.locator("#status"), "PDF prêt : club-livret-it.pdf")
        expect(page.locator("#pdf-progress")).to_be_hidden()

    # Compare with BoardGameArena's rules.
    page.click("#tabbtn-compare")
    page.select_option("#other", "fr-bga")
    expect(page.frame_locator("#comparison").locator("body")).to_contain_text("fr-bga")
    shot(page, tmp_path, "studio-compare")

    # A disputed deal, the bid typed in French words: a coinched 100 (« cent ») at spades that
    # fails, the declarer holding belote.
    # ffb.coinche's rule: the defenders score (160 + 100) x 2 = 520, the declarers keep their
    # protected belote, 20. The worked line is the booklet's: the formula with the deal's
    # numbers, without the terms that add nothing (no announcements, no defenders' belote).
    page.click("#tabbtn-score")
    score_deal(page, bid="cent", trump="spades", double="coinche", ns="70", ew="82",
               last_trick="E", belote="N")
    expect(page.locator("#score-total")).to_have_text("Chuté — NS 20, EO 520")
    expect(page.locator("#deal [name=trump] option:checked")).to_have_text("pique")
    result = page.locator("#score-result")
    expect_fr(result, "Contrat chuté : les défenseurs marquent (160 + 100 du contrat) × 2 = 520")
    expect(result).to_contain_text("Nord-Sud")
    assert "scoring." not in result.inner_text()  # no field paths shown
    shot(page, tmp_path, "studio-score")

    # An announcement typed in French words: a tierce (20 under ffb) for NS, 100 + 10 + 20 =
    # 130 >= 110 and above EW's 52: NS score 130 + 110 = 240, EW 52, to the nearest ten 50.
    score_deal(page, bid="110", trump="hearts", double="none", ns="100", ew="52",
               last_trick="S", belote="", announcements="N dame de cœur valet de cœur 10 de cœur")
    expect(page.locator("#score-total")).to_contain_text("NS 240, EO 50")

    # The organiser switches ffb's litige rule off with its control: 71 + 10 = 81 against 81
    # is then a plain fall (FFB § 10.1.2: EW 160 + 80 = 240), not a litige (§ 10.1.3: EW 80).
    score_deal(page, bid="80", trump="hearts", double="none", ns="71", ew="81",
               last_trick="N", belote="", announcements="")
    expect(page.locator("#score-total")).to_have_text("Chuté — NS 0, EO 80")
    page.click("#tabbtn-preview")
    page.select_option("#options select[data-option=litige]", "chute")
    page.click("#tabbtn-score")
    page.click("#score-go")
    expect(page.locator("#score-total")).to_have_text("Chuté — NS 0, EO 240")

    page.click("#save")
    expect(page.locator("#status")).to_have_text("club.coinche enregistré")
    saved = (folder / "club.coinche").read_text(encoding="utf-8")
    assert format_text(saved) == saved  # what `fmt --check` leaves unchanged
    assert load_variant(folder / "club.coinche").game.target == 1000

    assert page.problems == []
    assert {urlsplit(u).hostname for u in page.requests if not u.startswith(("data:", "about:"))} \
        == {"127.0.0.1"}


CONTREE = """\
variant "club" extends "ffb-contree" {
  title "Contrée du jeudi"
  language fr
  description "La contrée du club."
  sources "Règlement du club, 2026"
}
"""


def test_the_score_forms_menus_read_in_the_files_words(page: object) -> None:
    """The score form of a French file: its bids as the table says them (« cent »), its
    trumps (« cœur »), its coinche levels (« coinché ») and its cards' codes (« DC VC 10C »),
    never the English identifiers the deal is sent as; a deal typed in those words scores.
    On a contrée file, the contrée's own words: « contré », « Contre »."""
    expect = playwright.expect
    page.click("#tabbtn-score")
    settled(page)
    form = page.locator("#deal")
    expect(form.locator("[name=trump] option")).to_have_text(["trèfle", "carreau", "cœur",
                                                              "pique"])
    expect(form.locator("[name=double] option")).to_have_text(["non coinché", "coinché",
                                                               "surcoinché"])
    bids = form.locator("#score-bids option")
    assert bids.evaluate_all("os => os.map(o => o.value)")[:3] == [
        "quatre-vingts", "quatre-vingt-dix", "cent"]
    assert bids.evaluate_all("os => os.map(o => o.label)")[:3] == ["80", "90", "100"]
    expect(form.locator("[name=bid]")).to_have_value("quatre-vingt-dix")
    expect(form.locator("[name=bid]")).to_have_attribute("list", "score-bids")
    expect(form.locator("[name=announcements]")).to_have_attribute(
        "placeholder", "N DC VC 10C; E 7P 8P 9P")
    shown = form.inner_text() + " ".join(form.locator("option").all_inner_texts())
    for english in ("hearts", "spades", "no-trump", "surcoinche\n", "none", "QH"):
        assert english not in shown, english
    # « cent » at cœur, coinché, North's tierce in French codes: 100 + 10 + 20 = 130 >= 100,
    # above EW's 52, made and coinched: (160 + 20 + 100) x 2 = 560 (ffb § 10.1.1).
    score_deal(page, bid="cent", trump="hearts", double="coinche", ns="100", ew="52",
               last_trick="S", announcements="N DC VC 10C")
    expect(page.locator("#score-total")).to_have_text("Rempli — NS 560, EO 0")
    expect(form.locator("[name=double] option:checked")).to_have_text("coinché")

    # A contrée file: the same menus in its own words, what was chosen still chosen.
    replace_text(page, CONTREE)
    expect(form.locator("[name=double] option")).to_have_text(["non contré", "contré",
                                                               "surcontré"])
    settled(page)
    expect(form.locator("[name=double] option:checked")).to_have_text("contré")
    expect(form.locator("label span[data-i18n='score.double']")).to_have_text("Contre")
    expect(form.locator("[name=tricks]")).to_have_attribute("placeholder", "N 3, E 1, S 4, O 0")
    # The contrée has no announcements (§ 8): « cent » contré at cœur, 100 + 10 = 110 >= 100,
    # above EW's 52, made: (160 + 100) x 2 = 520.
    score_deal(page, announcements="")
    expect(page.locator("#score-total")).to_have_text("Rempli — NS 520, EO 0")
    assert page.problems == []


def hold_back(page: object, api: str, marker: str) -> Callable[[object], bool]:
    """Hold back in the page for 1.5 s the answers to `/api/<api>` requests whose body holds
    `marker`, as a server answering out of order would; the predicate of those requests."""
    page.evaluate("""([api, marker]) => {
      const fetched = window.fetch;
      window.fetch = async (url, init) => {
        const reply = await fetched(url, init);
        if (String(url).endsWith(`/api/${api}`) && init.body.includes(marker)) {
          await new Promise((done) => setTimeout(done, 1500));
        }
        return reply;
      };
    }""", [api, marker])
    return lambda r: r.url.endswith(f"/api/{api}") and marker in (r.post_data or "")


def test_a_late_answer_does_not_replace_a_newer_one(page: object) -> None:
    """The server may answer two requests out of order (the comparison tab opened, then another
    variant chosen at once): the page shows the answer to the latest request. The answer about
    ffb is held back in the page until the one about fr-bga has been shown."""
    held = hold_back(page, "compare", '"other":"ffb"')
    expect = playwright.expect
    with page.expect_request(held):
        page.click("#tabbtn-compare")  # asks for a comparison with ffb first
    page.select_option("#other", "fr-bga")
    comparison = page.frame_locator("#comparison").locator("body")
    expect(comparison).to_contain_text("fr-bga")
    page.wait_for_timeout(2500)  # the answer about ffb has come, and was not shown
    expect(comparison).to_contain_text("fr-bga")
    assert not page.problems


def test_a_late_check_does_not_show_old_problems(page: object) -> None:
    """The problems shown are those of the latest text: the check of a file with a typo is
    held back in the page until the corrected file's check has been shown."""
    held = hold_back(page, "check", "targt")
    problems = page.locator("#problems")
    expect_fr(problems, "Aucun problème")
    with page.expect_request(held):
        replace_text(page, CLUB.replace("target 1500", "targt 1500"))
    replace_text(page, CLUB.replace("1500", "1000"))
    page.wait_for_timeout(2500)  # both answers have come, the typo's last
    expect_fr(problems, "Aucun problème")
    assert "targt" not in problems.inner_text()
    assert not page.problems


def test_the_page_gives_up_the_previews_it_no_longer_needs(
        page: object, studio_app: Starlette, monkeypatch: pytest.MonkeyPatch) -> None:
    """While a sheet is being made, the secretary changes the target three times, pausing
    each time: the page gives up each older preview's request, and the server, seeing those
    clients gone, makes only the latest sheet (and the one already under way)."""
    preview = page.frame_locator("#preview").locator("body")
    page.select_option("#lang", "en")
    playwright.expect(preview).to_contain_text("played to 1,500 points")
    gate = hold_sheets(monkeypatch)
    try:
        replace_text(page, CLUB.replace("1500", "1001"))
        assert gate.started.wait(30), "the first preview was not asked for"
        for target in ("1002", "1003", "1004"):
            with page.expect_request(lambda r, t=target: r.url.endswith("/api/preview")
                                     and f"target {t}" in (r.post_data or "")):
                replace_text(page, CLUB.replace("1500", target))
        worker = studio_app.state.worker  # 1002 and 1003 dropped; 1004 waits for 1001
        wait_until(lambda: (worker.dropped, worker.pending) == (2, 2),
                   "the given-up previews were not dropped")
    finally:
        gate.release.set()
    playwright.expect(preview).to_contain_text("played to 1,004 points")
    assert gate.made == [1001, 1004]
    assert page.problems == []


def set_text(page: object, text: str) -> None:
    page.evaluate("text => editor.setText(text)", text)


def wait_for_sheet(page: object, rules: object) -> None:
    """The preview shows the sheet of `rules` (its title, the sheet's heading)."""
    words = rules.title.split("'")[0].split('"')[0][:30]  # before any quote the sheet typesets

    def spaced(text: str) -> str:  # the sheet's narrow spaces (« simple ») as plain ones
        return text.replace("\u202f", " ").replace("\u00a0", " ")

    wait_until(lambda: spaced(words) in spaced(frame_text(page, "#preview")),
               f"the preview does not show {rules.name}", seconds=60)


GEOMETRY = """() => {
  const box = (s) => { const r = document.querySelector(s).getBoundingClientRect();
                       return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                               width: r.width}; };
  return {width: innerWidth, height: innerHeight, scroll: document.documentElement.scrollWidth,
          preview: box("#preview"), editor: box("#editor"), print: box("#print"),
          scroller: document.querySelector(".cm-scroller").scrollWidth >
                    document.querySelector(".cm-scroller").clientWidth};
}"""


def test_every_real_file_keeps_the_preview_in_view(page: object) -> None:
    """At 1366x768, each built-in and rulebook: the page is no wider than the window, the
    editor scrolls inside its column, the preview and its PDF button are on the screen and stay
    put while the editor scrolls. Then a tablet held upright: editor above, panels below."""
    for path in REAL_FILES:
        rules = load_variant(path)
        set_text(page, path.read_text(encoding="utf-8"))
        wait_for_sheet(page, rules)
        g = page.evaluate(GEOMETRY)
        assert g["scroll"] <= g["width"], path.name
        assert g["editor"]["right"] <= g["preview"]["left"], path.name
        assert g["preview"]["right"] <= g["width"] and g["preview"]["bottom"] <= g["height"], \
            path.name
        assert g["preview"]["width"] >= 600 and g["print"]["right"] <= g["width"], path.name
        page.evaluate("() => { editor.view.scrollDOM.scrollTop = 1e6; "
                      "editor.view.scrollDOM.scrollLeft = 1e6; }")
        assert page.evaluate(GEOMETRY)["preview"] == g["preview"], path.name
    assert g["scroller"]  # the last file's long lines scroll inside the editor
    page.set_viewport_size({"width": 820, "height": 1180})
    g = page.evaluate(GEOMETRY)
    assert g["scroll"] <= 820
    assert g["editor"]["width"] >= 780 and g["preview"]["width"] >= 780
    assert g["preview"]["top"] >= g["editor"]["bottom"]


def test_contents_links_scroll_inside_the_preview(page: object, studio: tuple[str, Path]
                                                  ) -> None:
    url, _ = studio
    path = ROOT / "coinche_dsl" / "variants" / "fr-bga.coinche"
    set_text(page, path.read_text(encoding="utf-8"))
    wait_for_sheet(page, load_variant(path))
    sheet = page.frame_locator("#preview")
    link = sheet.locator("nav a[href^='#'], a[href^='#']").nth(6)
    heading = link.inner_text()
    link.click()
    wait_until(lambda: page.evaluate(
        "() => document.querySelector('#preview').contentWindow.scrollY") > 100,
        "the preview did not scroll to the heading")
    assert page.url == url.split("?")[0]  # the studio's page, the link's key spent
    assert "BoardGameArena" in frame_text(page, "#preview")  # still the sheet, not the page
    top = page.evaluate("""(heading) => {
        const doc = document.querySelector('#preview').contentDocument;
        const h = [...doc.querySelectorAll('h2')].find((h) => h.textContent.includes(heading));
        return h.getBoundingClientRect().top; }""", heading.split(". ", 1)[-1])
    assert -5 < top < 60  # the heading at the top of the pane
    assert page.problems == []


def q(path: str, value: str = "n") -> str:
    return f"[id='q-{path}-{value}']"


def test_the_questionnaire_answers_every_kind_of_control(page: object) -> None:
    """In French, on the club's file: a number, a set of checkboxes, a choice of sentences,
    a yes/no; an answer that would break the file refused with why; undo; the focus kept."""
    expect = playwright.expect
    editor_text = page.locator(".cm-content")
    page.click("#tabbtn-form")
    expect(page.locator("[id='q-game.target'] legend")).to_have_text(
        "Jusqu'à combien de points joue-t-on\u202f?")
    target = page.locator(q("game.target"))
    expect(target).to_have_value("1500")
    assert (target.get_attribute("min"), target.get_attribute("max")) == ("1", "100000")

    # A number: written at once, the sheet's sentence follows.
    target.fill("1000")
    target.press("Enter")
    expect(editor_text).to_contain_text("target 1000")
    expect_fr(page.locator("[id='q-game.target']"), "La partie se joue en 1 000 points.")
    expect(page.locator("[id='q-game.target'] .written")).to_have_text("Écrit dans le fichier.")

    # A set: one box unticked with the keyboard; the focus stays on it. (ffb's basic game bids
    # the four suits, § 11; none of its worked examples is played at clubs.)
    box = page.locator(q("auction.denominations", "clubs"))
    box.focus()
    page.keyboard.press("Space")
    expect(editor_text).to_contain_text("denominations diamonds, hearts, spades")
    expect(page.locator(q("auction.denominations", "clubs"))).not_to_be_checked()
    wait_until(lambda: page.evaluate("() => document.activeElement.id")
               == "q-auction.denominations-clubs", "the focus left the box")
    expect_fr(page.locator("#problems"), "Aucun problème")

    # A choice of the sheet's sentences.
    after = page.locator(q("auction.after_coinche", "doubled_side_only"))
    expect_fr(page.locator("label", has=after), "seul le camp coinché peut parler : surcoincher")
    after.check()
    expect(editor_text).to_contain_text("after_coinche doubled_side_only")

    # Refused: no coinche while the file says what follows a coinche; the file is left as it
    # was.
    before = page.evaluate("() => editor.getText()")
    page.locator(q("auction.coinche", "none")).check()
    refused = page.locator("[id='q-auction.coinche'] .refused")
    expect_fr(refused, "le fichier dit qui parle après une coinche, mais on ne peut pas "
              "coincher")  # the problem's own sentence, in the page's language
    expect_fr(refused, "Non écrit : ")
    assert page.evaluate("() => editor.getText()") == before
    expect(page.locator(q("auction.coinche", "in_turn"))).to_be_checked()

    # A yes/no whose answer ffb's worked examples do not survive: written, examples dropped.
    page.locator(q("belote.enabled", "no")).check()
    expect(editor_text).to_contain_text("examples none")
    expect_fr(page.locator("[id='q-belote.enabled'] .written"),
              "Les exemples de la base ne tenaient plus")
    expect_fr(page.locator("#problems"), "Aucun problème")
    shot(page, page.tmp_path, "studio-questionnaire")

    # Undo, per answer: the target goes back to 1500.
    page.click("[id='q-game.target-undo']")
    expect(editor_text).to_contain_text("target 1500")
    expect(page.locator(q("game.target"))).to_have_value("1500")

    # A file with an error elsewhere: the form still reads and writes.
    set_text(page, page.evaluate("() => editor.getText()").replace(
        "target 1500", "target 1500\n    reach sometimes"))
    expect_fr(page.locator("#form-problem"), "Le fichier a des erreurs ailleurs")
    page.locator(q("game.target")).fill("1200")
    page.locator(q("game.target")).press("Enter")
    expect(editor_text).to_contain_text("target 1200")
    expect(editor_text).to_contain_text("reach sometimes")
    assert page.problems == []


def test_start_from_each_base(page: object) -> None:
    """Each built-in as the base: the questions take its answers, the new file extends it with
    only the answer changed, after asking before replacing the editor's text; the page then
    warns before closing with the new file unsaved."""
    expect = playwright.expect
    page.click("#tabbtn-form")
    page.click("#start summary")
    asked: list[tuple[str, str]] = []
    page.on("dialog", lambda d: (asked.append((d.type, d.message)), d.accept()))
    for base in BUILTINS:
        rules = load_variant(base)
        page.select_option("#start-base", base)
        expect(page.locator(q("game.target"))).to_have_value(str(rules.game.target))
        expect(page.locator(q("auction.minimum_bid"))).to_have_value(
            str(rules.auction.minimum_bid))
        page.locator(q("game.target")).fill("1234")
        page.locator(q("game.target")).press("Enter")
        expect(page.locator("[id='q-game.target'] .written")).to_have_text(
            "Gardé pour le nouveau fichier.")
        page.click("#start-go")
        made = (f'variant "club" extends "{base}" {{\n  title "Nos règles maison"\n'
                f'  language {rules.language}\n\n  game {{\n    target 1234\n  }}\n}}\n')
        wait_until(lambda: page.evaluate("() => editor.getText()") == made,  # noqa: B023
                   f"the new file from {base} is not the base and the answer")
        expect(page.locator("#problems .error")).to_have_count(0)
        page.click("#start summary")
    assert [kind for kind, _ in asked] == ["confirm"] * len(BUILTINS)
    assert fr(asked[0][1]).startswith("Remplacer le texte de l'éditeur par le nouveau fichier ?")
    page.goto("about:blank")  # leaving the page with the new file unsaved: asked first
    assert asked[-1][0] == "beforeunload"


def test_keyboard_only_from_opening_to_saving(page: object, studio: tuple[str, Path]) -> None:
    """Tab to the editor, write, Esc then Tab to leave it, the arrows along the tabs, an
    answer typed in the questionnaire, Ctrl-S from there."""
    _, folder = studio
    expect = playwright.expect
    expect(page.locator("#editor-hint")).to_contain_text("Échap puis Tab")
    focused = lambda: page.evaluate(  # noqa: E731
        "() => document.activeElement.id || document.activeElement.className")
    for _ in range(12):
        page.keyboard.press("Tab")
        if "cm-content" in focused():
            break
    assert "cm-content" in focused()
    assert page.get_by_role("textbox", name="Le fichier de la variante").count() == 1
    page.keyboard.press("Control+End")
    page.keyboard.type("\n# au clavier")
    page.keyboard.press("Tab")  # indents: the focus stays
    assert "cm-content" in focused()
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert "cm-content" not in focused()
    for _ in range(12):
        if page.evaluate("() => document.activeElement.getAttribute('role')") == "tab":
            break
        page.keyboard.press("Tab")
    assert focused() == "tabbtn-preview"
    page.keyboard.press("ArrowRight")
    assert focused() == "tabbtn-form"
    expect(page.locator("#tabbtn-form")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#tab-form")).to_be_visible()
    page.wait_for_selector(q("game.target"))
    for _ in range(6):
        page.keyboard.press("Tab")
        if focused() == "q-game.target-n":
            break
    assert focused() == "q-game.target-n"
    page.keyboard.press("Control+a")
    page.keyboard.type("1000")
    page.keyboard.press("Enter")
    expect(page.locator(".cm-content")).to_contain_text("target 1000")
    assert focused() == "q-game.target-n"
    page.keyboard.press("Control+s")
    expect(page.locator("#status")).to_have_text("club.coinche enregistré")
    saved = (folder / "club.coinche").read_text(encoding="utf-8")
    assert "target 1000" in saved and "# au clavier" in saved
    assert page.problems == []


@pytest.mark.skipif(not PDF_READY, reason="PDF printing needs the pdf extra")
def test_a_pdf_shows_its_progress(page: object, monkeypatch: pytest.MonkeyPatch) -> None:
    expect = playwright.expect
    gate = hold_sheets(monkeypatch)
    try:
        with page.expect_download() as got:
            page.click("#print")
            assert gate.started.wait(30)
            expect(page.locator("#pdf-progress")).to_be_visible()
            expect(page.locator("#print")).to_be_disabled()
            expect(page.locator("#status")).to_have_text("Fabrication du PDF…")
            gate.release.set()
    finally:
        gate.release.set()
    assert got.value.suggested_filename == "club-livret-fr.pdf"
    expect(page.locator("#pdf-progress")).to_be_hidden()
    expect(page.locator("#print")).to_be_enabled()


AXE = ROOT / "tests" / "fixtures" / "axe-core" / "axe.min.js"
"""axe-core 4.14.1 (MPL-2.0, from the npm registry, its licence beside it), the accessibility
checker, run in the page: a test fixture only, never shipped."""


def test_every_panel_passes_axe(studio: tuple[str, Path]) -> None:
    """axe-core finds nothing on any panel (the questionnaire with "Start from a base" open,
    a problem shown): names on every control, roles, contrast. The page's policy forbids the
    injected script, so this one page runs with it set aside. The sheets inside the panes are
    the render layer's pages (axe runs in the studio's page only)."""
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 1366, "height": 768}, bypass_csp=True)
        page.goto(studio[0])
        page.wait_for_selector(".cm-content")
        replace_text(page, CLUB.replace("target 1500", "targt 1500"))
        page.wait_for_selector("#problems button.fix")
        page.add_script_tag(path=str(AXE))
        found = {}
        for tab in ("preview", "form", "compare", "score", "base"):
            page.click(f"#tabbtn-{tab}")
            if tab == "form":
                page.wait_for_selector(q("game.target"))
                page.click("#start summary")
                page.wait_for_selector(q("game.target"))
            settled(page)
            found[tab] = page.evaluate("""async () => (await axe.run(document)).violations.map(
                (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)""")
        browser.close()
    assert found == {tab: [] for tab in found}


def test_the_link_lets_one_browser_in(page: object, studio: tuple[str, Path]) -> None:
    """The page opened from the printed link has dropped the key from its address and works
    (its calls carry the session cookie); another browser given the same link afterwards, or
    the bare address, gets the page that says how to open the studio, and no editor."""
    link, _ = studio
    bare = link.split("?")[0]
    assert page.url == bare
    playwright.expect(page.locator("#problems")).to_contain_text("Aucun problème")  # fr file
    other = page.context.browser.new_context()  # another browser profile: no cookie
    try:
        late = other.new_page()
        for address in (link, bare):
            answer = late.goto(address)
            assert answer is not None and answer.status == 403
            playwright.expect(late.locator("body")).to_contain_text("printed in its terminal")
            assert late.locator(".cm-content").count() == 0
            assert "studio-token" not in late.content()
    finally:
        other.close()
    assert page.problems == []


def test_another_page_cannot_frame_the_studio(page: object, studio: tuple[str, Path]) -> None:
    """Clickjacking: a page served from another port of 127.0.0.1 (another account's server:
    the same site, to the browser, so the session cookie goes with its requests) frames the
    studio to trick a click on Save: the frame shows nothing of the studio. The studio's own
    preview frame does show the sheet."""
    import http.server
    import threading

    bare = studio[0].split("?")[0]
    playwright.expect(page.frame_locator("#preview").locator("body")).to_contain_text(
        "Coinche du jeudi")
    trap = f'<iframe src="{bare}" width="800" height="600"></iframe>'.encode()

    class Trap(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(trap)))
            self.end_headers()
            self.wfile.write(trap)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Trap)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    framed_status: list[int] = []
    page.on("response", lambda r: framed_status.append(r.status) if r.url == bare else None)
    try:
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
        page.wait_for_timeout(2000)
    finally:
        server.shutdown()
        server.server_close()
    assert framed_status == [200]  # the cookie went with it: the studio's page was sent...
    [framed] = page.main_frame.child_frames
    assert framed.locator(".cm-content").count() == 0  # ...and the browser did not show it
    assert framed.locator("#save").count() == 0


def test_done_when_a_french_secretary_alone_on_her_real_file(tmp_path: Path) -> None:
    """Issue 25's "done when", at 1366x768 on a real-length file (the built-in fr-bga copied
    as the club's file), the page in French and the keyboard only (Tab, the arrows, Enter,
    Space, the menus moved with the arrows; no click, no programmatic focus): the sheet in the
    preview, a typo fixed from the problem list (its French sentence, « Corriger »), the
    target and the trumps changed in the form without breaking the file, a new file started
    from fr-bga that writes only its difference, a disputed deal typed in French words, the
    card and the booklet printed under sensible names. Each step waits for the page to say it
    has answered (`settled`), never for a time."""
    expect = playwright.expect
    real = (ROOT / "coinche_dsl" / "variants" / "fr-bga.coinche").read_text(encoding="utf-8")
    (tmp_path / "club.coinche").write_text(real, encoding="utf-8")
    app = create_app(Workspace.open(tmp_path, "club.coinche"))

    def written(text: str) -> None:  # the editor shows only the lines in view: ask it
        settled(page)
        assert text in page.evaluate("() => editor.getText()"), f"no {text!r} in the file"
    with serving(app) as port, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"http://127.0.0.1:{port}/?key={app.state.session.key}")
        page.wait_for_selector(".cm-content")

        # Open her file: the page in the file's language, its sheet in the preview.
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        preview = page.frame_locator("#preview").locator("body")
        expect(preview).to_contain_text("La coinche de BoardGameArena")
        settled(page)
        expect_fr(page.locator("#problems"), "Aucun problème")
        line = real[:real.index("target 2000")].count("\n") + 1

        # A typo made in the editor from the keyboard: Tab into it, Ctrl-F finds the setting,
        # "target" loses its "e".
        tab_to(page, ".cm-content")
        page.keyboard.press("Control+f")
        page.keyboard.type("target 2000")
        page.keyboard.press("Enter")
        page.keyboard.press("Escape")  # the search closes; the match is selected
        assert focused_matches(page, ".cm-content")
        page.keyboard.press("ArrowLeft")
        for _ in range(4):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Delete")
        settled(page)
        problems = page.locator("#problems")
        expect_fr(problems, f"Ligne {line} : réglage inconnu « targt » dans le bloc « game » — "
                  "vouliez-vous dire « target » ?")
        assert "unknown" not in problems.inner_text() and "did you" not in problems.inner_text()
        # …fixed from the problem list: Esc leaves the editor, Tab reaches « Corriger ».
        page.keyboard.press("Escape")
        tab_to(page, "#problems button.fix")
        expect(page.locator("#problems button.fix")).to_have_text("Corriger")
        page.keyboard.press("Enter")
        written("target 2000")
        expect_fr(problems, "Aucun problème")
        assert focused_matches(page, ".cm-content")  # back in the editor, at the fix

        # The target and the trumps, in the form: out of the editor (Esc then Tab, as the
        # page says), the tabs by Tab, the arrows along them.
        page.keyboard.press("Escape")
        tab_to(page, "[role=tab]")
        assert focused_matches(page, "#tabbtn-preview")
        page.keyboard.press("ArrowRight")
        expect(page.locator("#tab-form")).to_be_visible()
        settled(page)
        tab_to(page, q("game.target"))
        type_over(page, "1000")
        page.keyboard.press("Enter")
        written("target 1000")
        assert focused_matches(page, q("game.target"))  # the focus kept on the answer
        tab_to(page, q("auction.denominations", "all_trump"))
        # Her own example is played at all-trump: that answer is refused, with why, in French.
        page.keyboard.press("Space")
        settled(page)
        expect_fr(page.locator("[id='q-auction.denominations'] .refused"),
                  "Non écrit : l'exemple « tout-atout ramené à 152 » se joue à « all_trump », "
                  "qu'on ne peut pas annoncer dans cette variante")
        expect(page.locator(q("auction.denominations", "all_trump"))).to_be_checked()
        tab_to(page, q("auction.denominations", "no_trump"), "Shift+Tab", 3)
        page.keyboard.press("Space")
        written("denominations clubs, diamonds, hearts, spades, all_trump\n")
        expect(page.locator("#problems .error")).to_have_count(0)
        # Settings left with nothing to say without no-trump: warnings, in French too.
        expect_fr(problems, "ne sert jamais")
        assert "never" not in problems.inner_text()
        page.keyboard.press("Control+s")
        expect(page.locator("#status")).to_contain_text("club.coinche enregistré")
        saved = load_variant(tmp_path / "club.coinche")
        assert saved.game.target == 1000 and len(saved.auction.denominations) == 5

        # A new file from fr-bga: it extends fr-bga and writes only her difference.
        page.on("dialog", lambda d: d.accept())
        tab_to(page, "#start summary", "Shift+Tab")
        page.keyboard.press("Enter")
        settled(page)
        tab_to(page, "#start-base")
        choose(page, "fr-bga")
        settled(page)
        expect(page.locator(q("game.target"))).to_have_value("2000")  # fr-bga's answers
        tab_to(page, q("game.target"))
        type_over(page, "1500")
        page.keyboard.press("Enter")
        settled(page)
        expect(page.locator("[id='q-game.target'] .written")).to_have_text(
            "Gardé pour le nouveau fichier.")
        tab_to(page, "#start-go", "Shift+Tab")
        page.keyboard.press("Enter")
        settled(page)
        made = ('variant "club" extends "fr-bga" {\n  title "Nos règles maison"\n'
                '  language fr\n\n  game {\n    target 1500\n  }\n}\n')
        assert page.evaluate("() => editor.getText()") == made
        expect(page.locator("#problems .error")).to_have_count(0)
        assert focused_matches(page, "#start summary")  # the focus stays where she was

        # A disputed deal in French words on the new file: « cent » at spades, coinched, NS
        # 70 card points, the last trick to East, North's belote. fr-bga.coinche: success =
        # points + belote >= contract: 70 + 20 = 90 < 100, failed; "elle fait zéro" (NS 0);
        # "L'équipe adverse remporte les points annoncés + 160", "doublés": (160 + 100) x 2 =
        # 520 for EW.
        tab_to(page, "[role=tab]", "Shift+Tab")
        assert focused_matches(page, "#tabbtn-form")
        page.keyboard.press("End")
        page.keyboard.press("ArrowLeft")
        assert focused_matches(page, "#tabbtn-score")
        settled(page)
        for name, value in (("bid", "cent"), ("trump", "spades"), ("double", "coinche"),
                            ("ns", "70"), ("ew", "82"), ("last_trick", "E"), ("belote", "N")):
            tab_to(page, f"#deal [name={name}]")
            if page.evaluate("() => document.activeElement.tagName") == "SELECT":
                choose(page, value)
            else:
                type_over(page, value)
        tab_to(page, "#score-go")
        page.keyboard.press("Enter")
        settled(page)
        expect(page.locator("#score-total")).to_have_text("Chuté — NS 0, EO 520")

        # The card and the booklet, each named for what it is.
        if PDF_READY:
            tab_to(page, "[role=tab]", "Shift+Tab")
            page.keyboard.press("Home")
            assert focused_matches(page, "#tabbtn-preview")
            settled(page)
            for kind, name in (("card", "club-carte-fr.pdf"), ("booklet", "club-livret-fr.pdf")):
                tab_to(page, "#kind")
                choose(page, kind)
                settled(page)
                tab_to(page, "#print")
                with page.expect_download(timeout=180_000) as got:
                    page.keyboard.press("Enter")
                assert got.value.suggested_filename == name
                assert Path(got.value.path()).read_bytes().startswith(b"%PDF")
                settled(page)
                tab_to(page, "#kind", "Shift+Tab")
        browser.close()
    assert errors == []
