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
SHOTS = Path(__file__).resolve().parents[1] / "docs" / "images"
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
        pg = browser.new_page(viewport={"width": 1400, "height": 850})
        pg.problems, pg.requests = [], []
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


def test_a_secretarys_session(page: object, studio: tuple[str, Path], tmp_path: Path) -> None:
    url, folder = studio
    expect = playwright.expect
    expect(page.locator("#problems")).to_contain_text("No problems")
    expect(page.frame_locator("#preview").locator("body")).to_contain_text("Coinche du jeudi")
    shot(page, tmp_path, "studio-start")

    # A typo: the diagnostic with its suggestion, inline and in the list.
    replace_text(page, CLUB.replace("target 1500", "targt 1500"))
    expect(page.locator("#problems")).to_contain_text("unknown setting 'targt' in game")
    expect(page.locator("#problems")).to_contain_text("did you mean 'target'?")
    expect(page.locator("#preview-note")).to_contain_text("last valid sheet")
    page.wait_for_selector(".cm-lintRange-error")
    page.hover(".cm-lintRange-error")
    page.wait_for_selector(".cm-tooltip-lint")
    shot(page, tmp_path, "studio-typo")
    page.click(".cm-tooltip-lint button")  # the did-you-mean, applied
    expect(page.locator(".cm-content")).to_contain_text("target 1500")
    expect(page.locator("#problems")).to_contain_text("No problems")

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
    expect(page.locator("#problems")).to_contain_text("No problems")
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
    page.click("nav [data-tab=preview]")

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
    page.select_option("#kind", "booklet")
    if PDF_READY:
        with page.expect_download() as got:
            page.click("#print")
        pdf = got.value.path()
        assert Path(pdf).read_bytes().startswith(b"%PDF")
        assert "La partita si gioca a 1.000 punti" in pdf_text(Path(pdf))

    # Compare with BoardGameArena's rules.
    page.click("nav [data-tab=compare]")
    page.select_option("#other", "fr-bga")
    expect(page.frame_locator("#comparison").locator("body")).to_contain_text("fr-bga")
    shot(page, tmp_path, "studio-compare")

    # A disputed deal: a coinched 100 at spades that fails, the declarer holding belote.
    # ffb.coinche's rule: the defenders score (160 + 100) x 2 = 520, the declarers keep their
    # protected belote, 20.
    page.click("nav [data-tab=score]")
    score_deal(page, bid="100", trump="spades", double="coinche", ns="70", ew="82",
               last_trick="E", belote="N")
    expect(page.locator("#score-total")).to_have_text("Failed — NS 20, EW 520")
    shot(page, tmp_path, "studio-score")

    # The organiser switches ffb's litige rule off with its control: 71 + 10 = 81 against 81
    # is then a plain fall (FFB § 10.1.2: EW 160 + 80 = 240), not a litige (§ 10.1.3: EW 80).
    score_deal(page, bid="80", trump="hearts", double="none", ns="71", ew="81",
               last_trick="N", belote="")
    expect(page.locator("#score-total")).to_have_text("Failed — NS 0, EW 80")
    page.click("nav [data-tab=preview]")
    page.select_option("#options select[data-option=litige]", "chute")
    page.click("nav [data-tab=score]")
    page.click("#score-go")
    expect(page.locator("#score-total")).to_have_text("Failed — NS 0, EW 240")

    # The questionnaire: a new file from the federation's rules, then one answer changed.
    page.click("nav [data-tab=form]")
    page.wait_for_selector("[data-path='game.target']")
    page.fill("#start-name", "jeudi")
    page.fill("#start-title", "Coinche du jeudi")
    page.fill("#start-description", "Partie en 1000 points.")
    page.fill("#start-sources", "Réunion du club, 2026")
    page.fill("[data-path='game.target']", "1000")
    page.click("#start-go")
    expect(page.locator(".cm-content")).to_contain_text('variant "jeudi" extends')
    page.wait_for_selector("[data-path='play.undertrump']")
    page.select_option("[data-path='play.undertrump']", "required")
    expect(page.locator(".cm-content")).to_contain_text("undertrump required")
    shot(page, tmp_path, "studio-questionnaire")
    page.click("#save")
    expect(page.locator("#status")).to_have_text("Saved club.coinche")
    saved = (folder / "club.coinche").read_text(encoding="utf-8")
    assert format_text(saved) == saved  # what `fmt --check` leaves unchanged
    rules = load_variant(folder / "club.coinche")  # what `check` accepts
    assert (rules.name, rules.game.target, rules.play.undertrump.value) == \
        ("jeudi", 1000, "required")

    assert page.problems == []
    assert {urlsplit(u).hostname for u in page.requests if not u.startswith(("data:", "about:"))} \
        == {"127.0.0.1"}


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
        page.click("nav [data-tab=compare]")  # asks for a comparison with ffb first
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
    expect = playwright.expect
    problems = page.locator("#problems")
    expect(problems).to_contain_text("No problems")
    with page.expect_request(held):
        replace_text(page, CLUB.replace("target 1500", "targt 1500"))
    replace_text(page, CLUB.replace("1500", "1000"))
    page.wait_for_timeout(2500)  # both answers have come, the typo's last
    expect(problems).to_contain_text("No problems")
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


def test_the_link_lets_one_browser_in(page: object, studio: tuple[str, Path]) -> None:
    """The page opened from the printed link has dropped the key from its address and works
    (its calls carry the session cookie); another browser given the same link afterwards, or
    the bare address, gets the page that says how to open the studio, and no editor."""
    link, _ = studio
    bare = link.split("?")[0]
    assert page.url == bare
    playwright.expect(page.locator("#problems")).to_contain_text("No problems")
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
