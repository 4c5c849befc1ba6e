"""The one-page card: one A4 page for every built-in and for a variant with every optional
feature on, in all five languages (PDF read back with pypdf); what it says comes from the rules
and the engine."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from knob_support import replaced
from typer.testing import CliRunner

from coinche_dsl import load_variant
from coinche_dsl.cli import _register, app
from coinche_dsl.loader import BUILTINS
from coinche_dsl.model import Ruleset
from coinche_dsl.render import LANGUAGES, card
from coinche_dsl.render.describe import describe
from coinche_dsl.render.fingerprint import fingerprint
from coinche_dsl.render.i18n import translator

_register()


def every_feature_on() -> Ruleset:
    """ffb with générale, scaling at both special modes, belote at no-trump, ranked
    denominations, a litige held, all announcements: the longest card there is."""
    data: Any = load_variant("ffb").model_dump(mode="json")
    for path, value in ((("auction", "generale"), True),
                        (("auction", "ranked_denominations"), True),
                        (("cards", "no_trump_scale"), {"kind": "cards", "to": 152}),
                        (("belote", "at_no_trump"), True),
                        (("scoring", "litige"), "held"),
                        (("announcements", "timing"), "end_of_first_trick")):
        data = replaced(data, path, value)
    data["scoring"]["success"] = {"op": "if", "args": [
        {"op": "qty", "name": "bid_generale"}, {"op": "qty", "name": "generale"},
        data["scoring"]["success"]]}
    return Ruleset.model_validate(data)


def test_the_card_says_what_a_table_needs() -> None:
    rs = load_variant("ffb")
    text = str(card(rs, "en", "md"))
    # the ladder, from the auction's numbers; the multipliers and what they multiply (FFB 2015
    # § 10.1.1: coinched and made, "(160 points (ou 250 points si capot réalisé) + Leurs
    # annonces + Leur belote + Les annonces des défenseurs ... + Le montant du contrat) × 2";
    # § 10.1.2: failed, "160 + Leurs annonces + Leur belote + Les annonces des preneurs + Le
    # montant du contrat", doubled)
    # FFB 2015 § 4.1: multiples of 10 from 80, no highest number but the engine's cap of 500
    # (printed, since the engine refuses 510); "à tout moment ... un capot"
    assert ("Bids: 80, 90, 100 and so on up to 500 (steps of 10); above them all, "
            "capot (worth 250).") in text
    assert "A coinche doubles the contract's score; a surcoinche quadruples it." in text
    # what a made and a failed contract score, in words
    assert ("If the contract is coinched or surcoinched, the declarers score 160 (250 if they "
            "take all eight tricks) plus the announcements that count (whichever side made "
            "them), their belote and the "
            "amount bid, the whole doubled (quadrupled if surcoinched).") in text
    assert "The declarers keep only their belote." in text  # § 10.1.2, "imprenables"
    # rank and points in their own columns: trump and plain in the basic game (§ 6); with the
    # organiser's no-trump and all-trump (§ 11), their columns too (§ 11.2, § 11.3)
    assert "| Trump | pts | Plain suits | pts |\n" in text and "| J | 20 | A | 11 |\n" in text
    added = str(card(load_variant("ffb", {"sans_atout_tout_atout": "oui"}), "en", "md"))
    assert "| J | 20 | A | 11 | A | 19 | J | 13 |" in added
    assert "Belote (king and queen of trumps): 20." in text
    assert "The game is played to 2,000 points." in text
    assert fingerprint(rs) in text and "Contents" not in text


def test_the_fall_table_is_the_engines() -> None:
    # § 10.1.2: the defence scores "160 points de chute + ... + Le montant du contrat", × 2
    # coinched, × 4 surcoinched; rounded to ten (already round). Capot: 160 + 250.
    text = str(card(load_variant("ffb"), "en", "md"))
    assert "| Contract | Not coinched | Coinched | Surcoinched |" in text
    assert "| 80 | 240 | 480 | 960 |" in text
    assert "| 160 | 320 | 640 | 1,280 |" in text
    assert "| capot | 410 | 820 | 1,640 |" in text
    without = str(card(load_variant("fr-bga"), "fr", "md"))  # no surcoinche there
    assert "Surcoinché" not in without


def test_one_worked_example_scored_by_the_engine() -> None:
    # ffb, 80 hearts by N coinched, 6 short: EW (160 + 80) x 2 = 480.
    text = str(card(load_variant("ffb"), "en", "md"))
    assert "- 80 hearts by North, coinched — failed" in text
    assert "- North–South 0; East–West (160 + 80 for the contract) × 2 = 480" in text


def test_a_club_card_says_only_what_the_club_plays() -> None:
    rs = load_variant("fr-bga")  # no announcements but belote, no surcoinche, coinche any time
    text = str(card(rs, "fr", "md"))
    assert "Surcoinche" not in text and "Carrés" not in text and "générale" not in text.lower()
    no_announcements = describe(rs, ("announcements", "enabled"), translator("fr"))
    assert no_announcements.startswith("On n") and no_announcements in text
    assert "La coinche double la marque du contrat." in text and "partie en 2\u202f000" not in text


pdf = pytest.importorskip("weasyprint", reason="WeasyPrint not installed; PDF checks skipped")
pypdf = pytest.importorskip("pypdf", reason="pypdf not installed; PDF checks skipped")


RULEBOOKS = sorted(str(p) for p in (Path(__file__).resolve().parent.parent / "examples"
                                    / "rulebooks").glob("*.coinche"))
BODY_PT = 11
"""The card is read from a metre away: no text under 11 pt but the small version line."""


def text_sizes(page: Any) -> dict[float, str]:
    """The page's text by the size it is set in (points, the font size times the text and
    graphics matrices' vertical scale)."""
    found: dict[float, list[str]] = {}

    def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        if text.strip():
            scale = abs((tm[3] or 1) * (cm[3] or 1))
            found.setdefault(round(size * scale, 1), []).append(text)

    page.extract_text(visitor_text=visit)
    return {size: "".join(parts) for size, parts in found.items()}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_a4_page_for_every_builtin_and_every_feature(lang: str) -> None:
    variants = [load_variant(name) for name in (*BUILTINS, *RULEBOOKS)] + [every_feature_on()]
    for rs in variants:
        reader = pypdf.PdfReader(io.BytesIO(card(rs, lang, "pdf")))
        assert len(reader.pages) == 1, f"{rs.name} in {lang}: {len(reader.pages)} pages"
        box = reader.pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == (595, 842)  # A4
        text = reader.pages[0].extract_text()
        assert fingerprint(rs) in text
        small = {size: t for size, t in text_sizes(reader.pages[0]).items() if size < BODY_PT}
        # only the version line at the foot of the page is smaller
        assert all(fingerprint(rs) in t and len(t) < 80 for t in small.values()), (
            rs.name, lang, small)


def test_cli_card_writes_html_without_booklet_parts(tmp_path: Any) -> None:
    out = tmp_path / "card.html"
    result = CliRunner().invoke(app, ["sheet", "ffb", "--card", "-o", str(out)])
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    assert "<nav>" not in html and 'class="title-page"' not in html
    assert "Aide-mémoire de table" in html  # the variant's own language by default
