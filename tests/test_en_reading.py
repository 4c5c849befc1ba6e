"""The English sheet reads as British club rulebooks do: lists without a serial comma, and
no capital letter starting a sentence after a colon in the penalties."""

from __future__ import annotations

import pytest

from coinche_dsl import load_variant
from coinche_dsl.render import card, sheet


@pytest.mark.parametrize("render", [sheet, card], ids=["sheet", "card"])
def test_english_lists_have_no_serial_comma(render) -> None:
    text = str(render(load_variant("ffb"), "en", "md"))
    for wrong in ("hearts, and spades", "their belote, and the", "kings, or queens"):
        assert wrong not in text


def test_english_penalties_read_as_sentences() -> None:
    text = str(sheet(load_variant("ffb"), "en", "md"))
    assert "If the declarers revoke, the deal is scored as follows. The declarers" in text
    assert ": The declarers" not in text and "The penalty:" not in text
