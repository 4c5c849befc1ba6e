"""The HTML sheet opened in a real headless Chromium: it loads, logs no console error, fetches
nothing from the network, and shows the rules' text."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from coinche_dsl import load_variant
from coinche_dsl.render import sheet
from coinche_dsl.render.fingerprint import fingerprint

CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium") or "",
                             shutil.which("chromium-browser") or "") if p and Path(p).is_file()),
                None)
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="Chromium not installed (apt-get install chromium); the browser "
    "check of the HTML sheet is skipped")
BROWSER_OWN = re.compile(r"^https?://([a-z0-9-]+\.)*(google\.com|googleapis\.com|gvt1\.com)/")
"""Chromium's own background calls (blocked below by the resolver rule); not the page's."""


def open_in_chromium(page: Path, tmp: Path) -> tuple[str, str, set[str]]:
    """Load `page` headless: its DOM after load, the browser log, and every URL requested."""
    net_log = tmp / "net.json"
    args = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--no-first-run", f"--user-data-dir={tmp / 'profile'}",
            "--host-resolver-rules=MAP * ~NOTFOUND",  # nothing can leave the machine
            f"--log-net-log={net_log}", "--enable-logging=stderr", "--v=0",
            "--dump-dom", page.as_uri()]
    done = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    urls = set(re.findall(r'"url":"([^"]+)"', net_log.read_text(errors="replace"))) \
        if net_log.exists() else set()
    return done.stdout, done.stderr, {u for u in urls if not BROWSER_OWN.match(u)}


def console_errors(log: str) -> list[str]:
    return [line for line in log.splitlines() if ":CONSOLE" in line]


def test_sheet_loads_cleanly_in_chromium(tmp_path: Path) -> None:
    rs = load_variant("ffb")
    page = tmp_path / "ffb.html"
    page.write_text(sheet(rs, "en", "html"), encoding="utf-8")
    dom, log, requests = open_in_chromium(page, tmp_path)
    assert console_errors(log) == []
    assert requests == set(), f"the page fetched {sorted(requests)}"
    text = re.sub(r"<[^>]+>", " ", dom)
    text = re.sub(r"\s+", " ", text)
    assert "Numeric bids go from 80 to 500 in steps of 10" in text
    assert fingerprint(rs) in text
    assert "Worked examples" in text and "North–South" in text
    assert '<meta name="viewport"' in dom


def test_the_check_would_see_a_fetch_and_a_console_error(tmp_path: Path) -> None:
    """The same harness on a bad page: it must notice both (so a clean result means clean)."""
    page = tmp_path / "bad.html"
    page.write_text('<!DOCTYPE html><html><head><link rel="stylesheet" '
                    'href="https://fonts.example.com/x.css"></head><body>'
                    '<script>console.error("boom")</script></body></html>', encoding="utf-8")
    _dom, log, requests = open_in_chromium(page, tmp_path)
    assert any("boom" in line for line in console_errors(log))
    assert "https://fonts.example.com/x.css" in requests


def test_comparison_loads_cleanly_in_chromium(tmp_path: Path) -> None:
    from coinche_dsl.render import compare

    page = tmp_path / "compare.html"
    page.write_text(compare([load_variant("ffb"), load_variant("ffb-contree")], "fr", "html"),
                    encoding="utf-8")
    dom, log, requests = open_in_chromium(page, tmp_path)
    assert console_errors(log) == [] and requests == set()
    assert "Comparaison de variantes" in dom and 'class="wide"' in dom


@pytest.mark.parametrize("lang", ["en", "fr", "es", "it", "pt"])
def test_the_card_fits_one_screen(tmp_path: Path, lang: str) -> None:
    """The card of the longest variant (every optional feature on) in a 1920×1080 window: no
    scrolling, down or across."""
    from test_card import every_feature_on

    from coinche_dsl.render import card

    html = str(card(every_feature_on(), lang, "html"))
    probe = ('<script>document.title = "size " + document.documentElement.scrollWidth + " "'
             ' + document.documentElement.scrollHeight;</script></body>')
    page = tmp_path / "card.html"
    page.write_text(html.replace("</body>", probe), encoding="utf-8")
    done = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                           "--window-size=1920,1080", f"--user-data-dir={tmp_path / 'p'}",
                           "--host-resolver-rules=MAP * ~NOTFOUND", "--dump-dom",
                           page.as_uri()], capture_output=True, text=True, timeout=120)
    found = re.search(r"<title>size (\d+) (\d+)</title>", done.stdout)
    assert found, done.stderr[-2000:]
    width, height = int(found.group(1)), int(found.group(2))
    assert 500 < height <= 1080 and width <= 1920, f"{lang}: {width}×{height}"
