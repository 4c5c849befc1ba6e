"""Rule sheets and comparisons: Markdown, HTML and PDF in five languages, from a Ruleset.

>>> from coinche_dsl import load_variant
>>> "## 2. Auction" in sheet(load_variant("ffb"), "en", "md")
True
"""

from __future__ import annotations

from ..model import Ruleset
from .i18n import LANGUAGES
from .output import FORMATS, RenderError, render, write_atomic

__all__ = ["LANGUAGES", "FORMATS", "RenderError", "sheet", "card", "compare", "write_atomic"]


def sheet(rs: Ruleset, lang: str | None = None, fmt: str = "md") -> str | bytes:
    """The rule sheet of `rs` in `lang` (default: the variant's language) as md, html or pdf."""
    from .rulesheet import build_sheet

    return render(build_sheet(rs, lang), fmt)


def card(rs: Ruleset, lang: str | None = None, fmt: str = "md") -> str | bytes:
    """The one-page card of `rs` (what a table needs during play) as md, html or pdf."""
    from .table_card import build_card

    return render(build_card(rs, lang), fmt)


def compare(rulesets: list[Ruleset], lang: str | None = None, fmt: str = "md",
            every_rule: bool = False) -> str | bytes:
    """The same deals scored under each of `rulesets`, and the rules on which they differ
    (every rule with `every_rule`), side by side; `lang` defaults to the variants' common
    language, else English."""
    from .comparison import build_comparison, comparison_json

    if fmt == "json":
        return comparison_json(rulesets, every_rule)
    return render(build_comparison(rulesets, lang, every_rule), fmt)
