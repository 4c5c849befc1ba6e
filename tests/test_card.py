"""The one-page card: one A4 page for every built-in and for a variant with every optional
feature on, in all five languages (PDF read back with pypdf); what it says comes from the rules
and the engine."""

from __future__ import annotations

import io
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
    # FFB 2015 § 4.1: multiples of 10 from 80, no highest number; "à tout moment ... un capot"
    assert "Bids: 80, 90, 100 … (steps of 10, no highest number), then capot (250)." in text
    assert "Coinche: × 2." in text and "Surcoinche: × 4." in text
    assert ("What is multiplied: 160 (250 if the declarers take all eight tricks) plus both "
            "sides’ announcements, the declarers’ belote, and the contract (contract made); 160 "
            "plus both sides’ announcements, the defenders’ belote, and the contract (contract "
            "failed).") in text
    # trump, plain, no-trump, all-trump (§ 11.3: "Valet 13, Neuf 9, As 6, ...")
    assert "| J 20 | A 11 | A 19 | J 13 |" in text
    assert "Belote (king and queen of trumps): 20." in text
    assert "The game is played to 2,000 points." in text
    assert fingerprint(rs) in text and "Contents" not in text


def test_three_worked_lines_scored_by_the_engine() -> None:
    # ffb, 80 hearts by N: made with 92 card points + last trick = 102 -> 102 + 80 = 182, written
    # 180 (nearest ten), defenders 152 - 92 = 60; failed 6 short: 74 card points, EW get
    # 160 + 80 = 240; the same coinched: (160 + 80) x 2 = 480.
    text = str(card(load_variant("ffb"), "en", "md"))
    lines = [line for line in text.splitlines() if " — 80 ♥ hearts by North" in line]
    assert len(lines) == 3
    assert lines[0].endswith("made; North–South 180, East–West 60.")
    assert lines[1].endswith("failed; North–South 0, East–West 240.")
    assert lines[2].endswith("coinched: failed; North–South 0, East–West 480.")


def test_a_club_card_says_only_what_the_club_plays() -> None:
    rs = load_variant("fr-bga")  # no announcements but belote, no surcoinche, coinche any time
    text = str(card(rs, "fr", "md"))
    assert "Surcoinche" not in text and "Carrés" not in text and "générale" not in text.lower()
    no_announcements = describe(rs, ("announcements", "enabled"), translator("fr"))
    assert no_announcements.startswith("On n") and no_announcements in text
    assert "Coinche\u202f: × 2." in text and "partie en 2\u202f000" not in text


pdf = pytest.importorskip("weasyprint", reason="WeasyPrint not installed; PDF checks skipped")
pypdf = pytest.importorskip("pypdf", reason="pypdf not installed; PDF checks skipped")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_a4_page_for_every_builtin_and_every_feature(lang: str) -> None:
    variants = [load_variant(name) for name in BUILTINS] + [every_feature_on()]
    for rs in variants:
        reader = pypdf.PdfReader(io.BytesIO(card(rs, lang, "pdf")))
        assert len(reader.pages) == 1, f"{rs.name} in {lang}: {len(reader.pages)} pages"
        box = reader.pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == (595, 842)  # A4
        text = reader.pages[0].extract_text()
        assert fingerprint(rs) in text


def test_cli_card_writes_html_without_booklet_parts(tmp_path: Any) -> None:
    out = tmp_path / "card.html"
    result = CliRunner().invoke(app, ["sheet", "ffb", "--card", "-o", str(out)])
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    assert "<nav>" not in html and 'class="title-page"' not in html
    assert "Aide-mémoire de table" in html  # the variant's own language by default
