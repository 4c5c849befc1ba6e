"""Rule sheets and comparisons: Markdown, HTML and PDF in five languages, from a Ruleset.

>>> from coinche_dsl import load_variant
>>> "## 2. Auction" in sheet(load_variant("ffb"), "en", "md")
True
"""

from __future__ import annotations

from ..model import Ruleset
from .i18n import LANGUAGES
from .output import FORMATS, RenderError, render, write_atomic

__all__ = ["LANGUAGES", "FORMATS", "RenderError", "sheet", "compare", "write_atomic"]


def sheet(rs: Ruleset, lang: str | None = None, fmt: str = "md") -> str | bytes:
    """The rule sheet of `rs` in `lang` (default: the variant's language) as md, html or pdf."""
    from .rulesheet import build_sheet

    return render(build_sheet(rs, lang), fmt)


def compare(rulesets: list[Ruleset], lang: str = "en", fmt: str = "md",
            every_rule: bool = False) -> str | bytes:
    """The rules on which `rulesets` differ (every rule with `every_rule`), side by side."""
    from .comparison import build_comparison, comparison_json

    if fmt == "json":
        return comparison_json(rulesets, every_rule)
    return render(build_comparison(rulesets, lang, every_rule), fmt)
