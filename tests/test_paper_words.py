"""No software on paper: what a club prints never shows formula words, command-line flags,
field paths, identifiers or Python values, in any language.

Read over every built-in's sheet and card and every rulebook in `examples/rulebooks/`, in the
five languages. The sources list is the variant file's own citation (a file path in a
repository may have an underscore) and is left out of the reading.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from coinche_dsl import load_variant
from coinche_dsl.loader import builtin_dir
from coinche_dsl.render import card, sheet
from coinche_dsl.render.i18n import LANGUAGES, translator

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = sorted(p.stem for p in builtin_dir().glob("*.coinche")) + sorted(
    str(p) for p in (ROOT / "examples" / "rulebooks").glob("*.coinche"))

CONDITIONAL = {"fr": r"\balors\b", "es": r"\bentonces\b", "it": r"\ballora\b",
               "pt": r"\bentão\b", "en": r"\bif\b[^.;:]*\bthen\b"}
"""A formula's `if … then … else` in each language's words."""
DEFECTS = {
    "a command-line flag": r"(?<![-|])--[a-z]",
    "a field path": r"\b(table|auction|cards|play|announcements|belote|scoring|game)\.[a-z_]+",
    "a Python value": r"\b(None|True|False)\b",
    "an identifier": r"\b[a-z]+_[a-z_]+\b",
    "a missing message": r"⟦",
    "the engine": r"\b(moteur|motor|motore|engine)\b",
}


def without_sources(text: str, lang: str) -> str:
    """`text` without its sources section (up to the next section or the closing line)."""
    heading = re.escape(translator(lang)("h.sources"))
    return re.sub(rf"\n## (\d+\. )?{heading}\n.*?(?=\n## |\n---\n|\Z)", "\n", text,
                  flags=re.DOTALL)


def defects(text: str, lang: str) -> list[str]:
    text = without_sources(text, lang)
    found = [f"a formula's condition: {m.group(0)!r}"
             for m in re.finditer(CONDITIONAL[lang], text, re.IGNORECASE)]
    for what, pattern in DEFECTS.items():
        found += [f"{what}: {m.group(0)!r}" for m in re.finditer(pattern, text)]
    return found


@pytest.mark.parametrize("name", VARIANTS, ids=lambda n: Path(n).stem)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_software_on_paper(name: str, lang: str) -> None:
    rs = load_variant(name)
    for kind, text in (("sheet", sheet(rs, lang, "md")), ("card", card(rs, lang, "md"))):
        found = defects(str(text), lang)
        assert not found, f"{Path(name).stem} {kind} ({lang}): {found[:5]}"


@pytest.mark.parametrize("text,lang", [
    ("Si le contrat est un capot alors 250, sinon 160.", "fr"),
    ("if the contract is coinched then 160 else 0", "en"),
    ("se coinchato allora 2", "it"),
    ("en línea de órdenes, --option litige=chute", "es"),
    ("scoring.made.declarers", "pt"),
    ("sans_atout_tout_atout", "fr"),
    ("None", "en"),
    ("Quand le moteur applique une règle", "fr"),
])
def test_each_defect_class_is_caught(text: str, lang: str) -> None:
    assert defects(text, lang)
