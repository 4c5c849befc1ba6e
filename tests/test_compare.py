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

runner = CliRunner()
_register()


@pytest.fixture(scope="module")
def pair():
    return [load_variant("ffb"), load_variant("fr-bga")]


def test_differences_side_by_side_in_sentences(pair) -> None:
    text = compare(pair, "en", "md")
    auction = text.split("## 3. Auction", 1)[1].split("\n## ", 1)[0]
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
    assert "L'enchère la plus basse est 80." in text


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
