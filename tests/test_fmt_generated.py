"""`fmt` over generated files, not only the built-ins: variants drawn across the whole model,
laid out as a person might (redrawn whitespace, comments at line ends inside blocks, settings
and formulas). Formatting is idempotent, keeps the data, and keeps every comment.

Found this way: a comment between a setting's name and its first value moved above the setting
but still made the first `fmt` wrap the values one per line, and the second join them again.
`FMT_GENERATED_EXAMPLES=2000 pytest tests/test_fmt_generated.py` runs a large budget.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from variant_strategies import LAYOUT_TOKEN, variant_text

from coinche_dsl.errors import VariantError
from coinche_dsl.syntax import parse_text
from coinche_dsl.syntax.formatter import format_text

BUDGET = int(os.environ.get("FMT_GENERATED_EXAMPLES", "30"))


def _comments(text: str) -> list[str]:
    """The comments, found by a left-to-right scan (a `"` inside a comment opens no text)."""
    return sorted(t.rstrip() for t in LAYOUT_TOKEN.findall(text) if t.startswith("#"))


@settings(max_examples=BUDGET, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(text=variant_text())
def test_fmt_is_idempotent_on_generated_files(text: str) -> None:
    try:
        before = parse_text(text)
    except VariantError:
        return
    pretty = format_text(text)
    assert format_text(pretty) == pretty
    assert parse_text(pretty).data == before.data
    assert _comments(pretty) == _comments(text)


def test_a_comment_before_the_first_value_does_not_decide_the_layout() -> None:
    text = 'variant "x" {\n  cards {\n    plain # why\n      A 11, 10 10, K 4, Q 3, J 2, 9 0, ' \
           "8 0, 7 0\n  }\n}\n"
    pretty = format_text(text)
    assert "    # why\n    plain A 11, 10 10, K 4, Q 3, J 2, 9 0, 8 0, 7 0\n" in pretty
    assert format_text(pretty) == pretty
