"""docs/language.md: its generated parts match the model (so the reference cannot drift)."""

from __future__ import annotations

from coinche_dsl import docgen
from coinche_dsl.model import Ruleset
from coinche_dsl.model.expr import QUANTITIES


def test_language_reference_is_current() -> None:
    current = docgen.DOC.read_text(encoding="utf-8")
    assert docgen.generate(current) == current, (
        "docs/language.md is out of date: run `python -m coinche_dsl.docgen` and commit it")


def test_every_block_setting_and_quantity_is_documented() -> None:
    text = docgen.DOC.read_text(encoding="utf-8")
    for name, field in Ruleset.model_fields.items():
        block = docgen._model_of(field.annotation)
        for setting in (block.model_fields if block else [name]):
            if setting not in ("name", "extends", "examples"):
                assert f"| `{setting}` |" in text, setting
    for quantity in QUANTITIES:
        assert f"| `{quantity}` |" in text


def test_type_words() -> None:
    fields = Ruleset.model_fields["auction"].annotation.model_fields
    assert docgen.type_words(fields["minimum_bid"].annotation,
                             fields["minimum_bid"].metadata) == "number from 1 to 500"
    assert docgen.type_words(fields["jumps"].annotation) == "`yes` or `no`"
    assert docgen.type_words(fields["coinche"].annotation) == (
        "one of `none`, `in_turn`, `any_time`")
    assert docgen.type_words(fields["maximum_bid"].annotation) == "number, or `none`"


def test_check_mode_reports_staleness(tmp_path, monkeypatch) -> None:
    stale = tmp_path / "language.md"
    stale.write_text("<!-- generated: quantities -->\nold\n<!-- end generated -->\n",
                     encoding="utf-8")
    monkeypatch.setattr(docgen, "DOC", stale)
    assert docgen.main(["--check"]) == 1
    assert docgen.main([]) == 0 and "| `contract` |" in stale.read_text(encoding="utf-8")
    assert docgen.main(["--check"]) == 0


def test_complete_variants_in_the_guide_load_and_are_formatted(tmp_path) -> None:
    import re

    from coinche_dsl.loader import load_variant
    from coinche_dsl.syntax.formatter import format_text

    text = docgen.DOC.read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```\n(.*?)```", text, re.S)
              if re.match(r"(#[^\n]*\n)*variant \"", b) and "…" not in b]
    assert blocks
    for i, block in enumerate(blocks):
        assert format_text(block) == block
        path = tmp_path / f"doc{i}.coinche"
        path.write_text(block, encoding="utf-8")
        written = int(re.search(r"target (\d+)", block).group(1))  # type: ignore[union-attr]
        assert load_variant(path).game.target == written
