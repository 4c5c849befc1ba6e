"""Golden Markdown sheets: every built-in in its own language and in English, and the comparison
of all built-ins. Regenerate on purpose, then review the diff like code:

    UPDATE_GOLDEN=1 pytest tests/test_sheet_golden.py
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from coinche_dsl import load_variant
from coinche_dsl.loader import BUILTINS
from coinche_dsl.render import compare, sheet

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
CASES = [(name, lang) for name in BUILTINS for lang in ("own", "en")]


def check_golden(path: Path, text: str) -> None:
    """Compare `text` with the golden file (or write it when UPDATE_GOLDEN=1)."""
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    if not path.is_file():
        pytest.fail(f"{path.name} is missing: run UPDATE_GOLDEN=1 pytest tests/test_sheet_golden.py"
                    " and review the new file")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), text.splitlines(True),
                                            str(path.name), "rendered", n=1))
        pytest.fail(f"{path.name} differs (UPDATE_GOLDEN=1 to accept after review):\n"
                    f"{diff[:4000]}")


@pytest.mark.parametrize(("name", "lang"), CASES, ids=[f"{n}-{lang}" for n, lang in CASES])
def test_sheet_matches_golden(name: str, lang: str) -> None:
    rs = load_variant(name)
    code = rs.language if lang == "own" else "en"
    if lang == "en" and rs.language == "en":
        pytest.skip(f"{name} is written in English: its own-language golden covers it")
    check_golden(GOLDEN / f"sheet-{name}.{code}.md", sheet(rs, code, "md"))


def test_comparison_of_all_builtins_matches_golden() -> None:
    rulesets = [load_variant(n) for n in BUILTINS]
    check_golden(GOLDEN / "compare-builtins.en.md", compare(rulesets, "en", "md"))
