"""What `sheet` and `compare` share once Typer has read their arguments: the languages and
formats they offer, where their output goes, and `sheet` itself.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path

from .common import USAGE, fail, load, reported


class Lang(StrEnum):
    en = "en"
    fr = "fr"
    es = "es"
    it = "it"
    pt = "pt"


class SheetFormat(StrEnum):
    md = "md"
    html = "html"
    pdf = "pdf"


class CompareFormat(StrEnum):
    md = "md"
    html = "html"
    pdf = "pdf"
    json = "json"


def emit(data: str | bytes, output: Path | None) -> None:
    """Write to `output` atomically, or text to stdout; PDF needs a file."""
    from ..render import write_atomic

    if output is not None:
        with reported():
            write_atomic(output, data)
        return
    if isinstance(data, bytes):
        fail("a PDF is written to a file: add -o FILE.pdf", USAGE)
    from ..text_safety import for_json

    sys.stdout.write(for_json(data))  # a control character left in JSON: escaped, not obeyed


def format_of(chosen: StrEnum | None, output: Path | None, allowed: type[StrEnum]) -> str:
    """The chosen format, else the one `-o`'s suffix names (`x.pdf`), else md."""
    suffix = output.suffix.lower().lstrip(".") if output else ""
    suffix = {"htm": "html", "markdown": "md"}.get(suffix, suffix)
    return chosen.value if chosen else (suffix if suffix in allowed.__members__ else "md")


def chosen_format(chosen: StrEnum | None, output: Path | None, allowed: type[StrEnum]) -> str:
    """`format_of`; PDF needs -o."""
    fmt = format_of(chosen, output, allowed)
    if fmt == "pdf" and output is None:
        fail("a PDF is written to a file: add -o FILE.pdf", USAGE)
    return fmt


def write_sheet(variant: str, lang: Lang | None, format: SheetFormat | None,
                output: Path | None, card: bool, options: list[str] | None) -> None:
    """The `sheet` command: a variant's rule sheet or card, written to `output` or stdout."""
    from ..render import card as render_card
    from ..render import sheet as render_sheet

    fmt = chosen_format(format, output, SheetFormat)
    ruleset = load(variant, warn=True, options=options, lang=lang.value if lang else None,
                   own_language=True)
    if output is None and format is None and not card and sys.stdout.isatty():
        from ..render.rulesheet import build_sheet
        from ..render.terminal import print_document

        with reported():  # a person reading: folded to the terminal, not Markdown's lines
            print_document(build_sheet(ruleset, lang.value if lang else None))
        return
    with reported():
        data = (render_card if card else render_sheet)(ruleset, lang.value if lang else None, fmt)
    emit(data, output)
