"""`coinche compare`: differing rules side by side in sentences, and as JSON with positions."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from coinche_dsl import load_variant
from coinche_dsl.cli import _register, app
from coinche_dsl.loader import BUILTINS
from coinche_dsl.render import compare
from coinche_dsl.render.fingerprint import fingerprint

runner = CliRunner()
_register()


@pytest.fixture(scope="module")
def pair():
    return [load_variant("ffb"), load_variant("fr-bga")]


def test_differences_side_by_side_in_sentences(pair) -> None:
    text = compare(pair, "en", "md")
    auction = text.split("## 4. Auction", 1)[1].split("\n## ", 1)[0]
    assert "| The lowest bid is 80. | The lowest bid is 82. |" in auction
    assert "Bids go up in steps of 10." not in text  # the same in both: not listed
    assert "minimum_bid" not in text  # sentences, not field names


def test_all_lists_every_rule(pair) -> None:
    text = compare(pair, "en", "md", every_rule=True)
    assert "| Bids go up in steps of 10. | Bids go up in steps of 10. |" in text


def test_json_lists_paths_values_and_positions(pair) -> None:
    data = json.loads(compare(pair, "en", "json"))
    rows = {row["path"]: row for row in data["rules"]}
    row = rows["auction.minimum_bid"]
    assert row["values"] == {"ffb": 80, "fr-bga": 82}
    assert re.fullmatch(r"fr-bga\.coinche:\d+", row["where"]["fr-bga"])
    assert re.fullmatch(r"ffb\.coinche:\d+", row["where"]["ffb"])
    assert "auction.step" not in rows
    assert [v["name"] for v in data["variants"]] == ["ffb", "fr-bga"]
    assert all(row["differs"] for row in data["rules"])


def test_json_keeps_two_variants_of_the_same_name(tmp_path) -> None:
    files = []
    for folder, value in (("v1", "no"), ("v2", "yes")):
        (tmp_path / folder).mkdir()
        files.append(tmp_path / folder / "club.coinche")
        files[-1].write_text(f'variant "club" extends "ffb" {{\n  play {{\n'
                             f'    must_overtrump {value}\n  }}\n}}\n', encoding="utf-8")
    data = json.loads(compare([load_variant(f) for f in files], "en", "json"))
    row = {r["path"]: r for r in data["rules"]}["play.must_overtrump"]
    assert row["values"] == {"club#1": False, "club#2": True}
    assert set(row["where"]) == {"club#1", "club#2"}


def test_identical_variants() -> None:
    ffb = load_variant("ffb")
    text = compare([ffb, ffb], "en", "md")
    assert "These variants play exactly the same rules." in text
    assert json.loads(compare([ffb, ffb], "en", "json"))["rules"] == []


def test_compare_in_french() -> None:
    text = compare([load_variant("ffb"), load_variant("ffb")], "fr", "md", every_rule=True)
    assert "L’enchère la plus basse est 80." in text


def test_cli() -> None:
    names = list(BUILTINS[:2])
    result = runner.invoke(app, ["compare", *names, "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["variants"][0]["name"] == names[0]
    assert runner.invoke(app, ["compare", "ffb"]).exit_code == 2
    assert runner.invoke(app, ["compare", "ffb", "nosuch"]).exit_code == 2
    assert runner.invoke(app, ["compare", "ffb", "ffb", "--format", "pdf"]).exit_code == 2


def test_cli_json_from_the_output_suffix(tmp_path) -> None:
    out = tmp_path / "diff.json"
    assert runner.invoke(app, ["compare", "ffb", "ffb", "-o", str(out)]).exit_code == 0
    assert json.loads(out.read_text(encoding="utf-8"))["rules"] == []


def _deal_row(text: str, deal: str) -> list[str]:
    line = next(x for x in text.splitlines() if x.startswith(f"| {deal}:"))
    return [cell.strip() for cell in line.strip("|").split(" | ")][1:]


def test_the_same_deals_scored_under_each_variant(pair) -> None:
    text = compare(pair, "en", "md")
    # 100 hearts by N, NS 110 card points + last trick 10 = 120 >= 100: made.
    # ffb: 120 + 100 = 220; EW 42 rounded to the nearest ten: 40. fr-bga: no rounding, EW 42.
    assert _deal_row(text, "A plain made contract") == ["made: NS 220, EW 40",
                                                         "made: NS 220, EW 42"]
    # 80 + 0 < 100 coinched: EW (160 + 100) x 2 = 520 under both
    assert _deal_row(text, "A coinched fall") == ["failed: NS 0, EW 520"] * 2
    # ffb: surcoinched made, (160 + 100) x 4 = 1040; fr-bga has no surcoinche
    assert _deal_row(text, "A surcoinched make") == ["made: NS 1,040, EW 0", "—"]
    assert "- A surcoinched make, [2]: this variant has no surcoinche." in text
    # unbid capot: ffb 152 + 100 (the last trick of a capot) + 100 = 352, written 350
    assert _deal_row(text, "A capot not bid")[0] == "made: NS 350, EW 0"
    assert _deal_row(text, "An announcement battle")[1] == "—"


def test_columns_are_titles_with_fingerprints_as_footnotes(pair) -> None:
    text = compare(pair, "en", "md")
    head = next(x for x in text.splitlines() if x.startswith("| Deal |"))
    # each title as the variant gives it in the comparison's language, else its own
    assert f"| {pair[0].terms['en'].title} [1] | {pair[1].title} [2] |" in head
    assert "ffb (fr)" not in text
    assert f"- [2] fr-bga: rules fingerprint {fingerprint(pair[1])}" in text


def test_a_rule_that_does_not_apply_says_dash(pair) -> None:
    it = load_variant("it-701")
    text = compare([pair[0], it], "en", "md")
    assert "| — | Générale, a promise that the bidder alone takes all eight tricks" in text


def test_language_defaults_to_the_common_one(pair) -> None:
    assert compare(pair, None, "md").startswith("# Comparaison de variantes")
    mixed = [pair[0], load_variant("it-701")]
    assert compare(mixed, None, "md").startswith("# Comparison of variants")


def test_json_has_the_deals(pair) -> None:
    deals = {d["deal"]: d for d in json.loads(compare(pair, "en", "json"))["deals"]}
    assert len(deals) == 9
    assert deals["made"]["results"]["ffb"] == {"made": True, "scores": {"NS": 220, "EW": 40}}
    assert deals["surcoinched_make"]["results"]["fr-bga"] == {"skipped": "need:surcoinche"}
    assert deals["made"]["summary"]["card_points"] == {"NS": 110, "EW": 42}


def test_rich_tables_in_a_terminal(pair) -> None:
    from rich.console import Console

    from coinche_dsl.render.comparison import build_comparison
    from coinche_dsl.render.terminal import print_document

    console = Console(record=True, width=100, color_system=None)
    print_document(build_comparison(pair, "en"), console)
    text = console.export_text()
    assert max(len(line) for line in text.splitlines()) <= 100
    assert "┃" in text and "made: NS 220, EW 40" in text and "| Deal |" not in text


def test_pdf_has_the_deals_table(pair) -> None:
    pypdf = pytest.importorskip("pypdf")
    pytest.importorskip("weasyprint")
    import io

    reader = pypdf.PdfReader(io.BytesIO(compare(pair, None, "pdf")))
    text = " ".join(page.extract_text() for page in reader.pages)
    assert "Les mêmes donnes dans chaque variante" in text and "EO 520" in text
