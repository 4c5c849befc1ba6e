"""Real rulebooks under examples/rulebooks/, written from their text as a new user would:
each loads, cites its source, runs its hand-computed worked examples without a problem or a
warning, and is in the formatter's canonical form."""

from __future__ import annotations

from pathlib import Path

import pytest

from coinche_dsl.analysis import check_resolved
from coinche_dsl.loader import resolve
from coinche_dsl.syntax.formatter import format_text

RULEBOOKS = sorted((Path(__file__).parents[1] / "examples" / "rulebooks").glob("*.coinche"))


def test_there_are_rulebooks_of_a_club_an_app_and_a_tournament() -> None:
    names = {p.stem for p in RULEBOOKS}
    assert {"dauphine", "iscool-ta-sa", "coinchons", "montpellier"} <= names


@pytest.mark.parametrize("path", RULEBOOKS, ids=lambda p: p.stem)
def test_a_rulebook_checks_clean_with_its_worked_examples(path: Path) -> None:
    found, examples = check_resolved(resolve(path))
    assert [str(d) for _, d in found] == []
    assert examples >= 1


@pytest.mark.parametrize("path", RULEBOOKS, ids=lambda p: p.stem)
def test_a_rulebook_cites_its_source_and_is_formatted(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert "sources " in text and "http" in text
    assert format_text(text) == text
