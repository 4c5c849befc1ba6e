"""What a text's parse reports, for the tests of the parser's messages."""

from __future__ import annotations

import pytest

from coinche_dsl.errors import VariantError
from coinche_dsl.syntax import parse_text


def located_problems(text: str, file: str = "club.coinche") -> list[tuple[int, int, str]]:
    """(line, column, message) of each problem the parse of `text` reports (it must fail)."""
    with pytest.raises(VariantError) as caught:
        parse_text(text, file)
    return [(d.position.line, d.position.column, d.message) for d in caught.value.diagnostics
            if d.position is not None]
