"""The PDF sheet: title page, contents, running header, page numbers and the fingerprint on
every page, card tables with suit symbols; text read back with pypdf."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from coinche_dsl import load_variant
from coinche_dsl.render import sheet
from coinche_dsl.render.document import Example
from coinche_dsl.render.fingerprint import fingerprint
from coinche_dsl.render.rulesheet import build_sheet

weasyprint = pytest.importorskip("weasyprint", reason="WeasyPrint not installed (pip install "
                                 "coinche_dsl[pdf]); PDF checks skipped")
pypdf = pytest.importorskip("pypdf", reason="pypdf not installed; PDF text checks skipped")


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    rs = load_variant("ffb")
    path = tmp_path_factory.mktemp("pdf") / "ffb.pdf"
    path.write_bytes(sheet(rs, "en", "pdf"))
    assert path.read_bytes().startswith(b"%PDF-")
    return [p.extract_text() for p in pypdf.PdfReader(str(path)).pages]


def test_every_page_has_fingerprint_and_number(pages: list[str]) -> None:
    fp = fingerprint(load_variant("ffb"))
    assert len(pages) > 3
    for number, text in enumerate(pages, start=1):
        assert fp in text, f"page {number} lacks the fingerprint"
        assert f"Page {number} / {len(pages)}" in text


def test_title_page_contents_and_running_header(pages: list[str]) -> None:
    title = load_variant("ffb").terms["en"].title  # the English title, not the identifier
    assert "Rule sheet" in pages[0] and "Variant “ffb”" not in pages[0]
    assert "Contents" in pages[1]
    # the contents give each section's page number
    assert re.search(r"Auction\s*\.+\s*\d+", pages[1])
    for text in pages[1:]:
        assert title in text  # running header from the second page on


@pytest.mark.parametrize("lang", ["fr", "en", "es"])
def test_no_heading_left_at_a_page_foot(lang: str) -> None:
    # the worked examples' heading and its two lead paragraphs sat at the foot of a page, the
    # examples on the next: a heading stays with what follows it
    rs = load_variant("ffb")
    pages = [p.extract_text() for p in pypdf.PdfReader(io.BytesIO(sheet(rs, lang, "pdf"))).pages]
    headings = [f"{n}. {s.heading}" for n, s in enumerate(build_sheet(rs, lang).sections, 1)]
    for number, text in enumerate(pages[2:], start=3):
        body = [line.strip(" •") for line in text.splitlines() if line.strip(" •")
                and f"/ {len(pages)}" not in line and fingerprint(rs) not in line
                and line.strip() != rs.title]
        for heading in headings:
            if heading in body:
                assert len(body) - body.index(heading) > 2, (number, heading, body[-5:])
    # the examples' heading and lead paragraphs stay on the page of the first example
    doc = build_sheet(rs, lang)
    section = next(s for s in doc.sections if s.id == "examples")
    heading = f"{doc.sections.index(section) + 1}. {section.heading}"
    first = next(b.title for b in section.blocks if isinstance(b, Example))
    page = next(p for p in pages[2:] if heading in p.splitlines())
    assert first[:30] in page


def test_card_tables_and_suits(pages: list[str], tmp_path: Path) -> None:
    whole = re.sub(r"\s+", " ", "\n".join(pages))
    assert "of each suit (♣ ♦ ♥ ♠)" in whole
    # ffb's basic game: trump and plain suits (§ 6); no-trump is the organiser's (§ 11)
    assert "Trump suit" in whole and "Other suits" in whole
    assert "No-trump (every suit)" not in whole
    assert "♥" in whole and "♠" in whole
    assert "Numeric bids go from 80 to 500 in steps of 10" in whole
    path = tmp_path / "ffb-sa-ta.pdf"
    path.write_bytes(sheet(load_variant("ffb", {"sans_atout_tout_atout": "oui"}), "en", "pdf"))
    added = re.sub(r"\s+", " ", "\n".join(p.extract_text()
                                           for p in pypdf.PdfReader(str(path)).pages))
    assert "Trump suit" in added and "No-trump (every suit)" in added


def test_pdf_in_french(tmp_path: Path) -> None:
    data = sheet(load_variant("ffb"), "fr", "pdf")
    path = tmp_path / "ffb.fr.pdf"
    path.write_bytes(data)
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(str(path)).pages)
    assert "Enchères" in text and "Sommaire" in text


def test_comparison_pdf_is_landscape(tmp_path: Path) -> None:
    from coinche_dsl.render import compare

    path = tmp_path / "cmp.pdf"
    path.write_bytes(compare([load_variant("ffb"), load_variant("ffb")], "en", "pdf",
                             every_rule=True))
    reader = pypdf.PdfReader(str(path))
    box = reader.pages[0].mediabox
    assert box.width > box.height
    text = reader.pages[-1].extract_text()
    assert f"Page {len(reader.pages)} / {len(reader.pages)}" in text
