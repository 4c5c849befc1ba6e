"""Commands: sheet (a variant's rule sheet) and compare (variants side by side)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from . import app
from .common import USAGE, fail, load, load_all, reported
from .render_run import CompareFormat, Lang, SheetFormat, chosen_format, emit, write_sheet
from .typer_app import OptionArg, complete_variant


@app.command(short_help="Print a variant's rule sheet (Markdown, HTML or PDF).")
def sheet(
    variant: Annotated[str, typer.Argument(
        autocompletion=complete_variant,
        help="File or built-in name; - for standard input.")],
    lang: Annotated[Lang | None, typer.Option(help="Language (default: the variant's).")] = None,
    format: Annotated[SheetFormat | None, typer.Option(
        help="md, html or pdf (default: from -o's suffix, else md).")] = None,
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write to this file.")]
    = None,
    card: Annotated[bool, typer.Option("--card", help="The one-page card for the table (one A4 "
                                       "page in PDF, one screen in HTML) instead of the booklet.")]
    = False,
    options: OptionArg = None,
) -> None:
    """Print a variant's complete rule sheet, with examples scored by the engine."""
    write_sheet(variant, lang, format, output, card, options)


def _compared(variants: list[str], options: list[str] | None,
              option_values: str | None, lang: str | None = None) -> list[Any]:
    """The rulesets `compare` sets side by side: each variant, or with `--option-values NAME`
    each variant that has the option NAME once per value of it."""
    from .common import choices_of

    rulesets = load_all(variants, options, lang)
    if option_values is None:
        return rulesets
    chosen = choices_of(options)
    if option_values in chosen:
        fail(f"--option-values {option_values} compares every value: do not also give "
             f"--option {option_values}=…", USAGE)
    out = []
    for variant, rs in zip(variants, rulesets, strict=True):
        option = next((o for o in rs.options if o.name == option_values), None)
        values = [v.name for v in option.values] if option else []
        out += [load(variant, options=[*(options or []), f"{option_values}={value}"],
                     lenient=True, lang=lang) for value in values] or [rs]
    if len(out) == len(rulesets):
        fail(f"--option-values {option_values}: none of {', '.join(variants)} has an option "
             f"'{option_values}'", USAGE)
    return out


def _for_terminal(doc: Any, rulesets: list[Any]) -> Any:
    """The comparison as a terminal shows it: each column headed by its mark and name (the
    titles are listed once, in the first section, and a title over every table took five
    lines in 80 columns), and each rule table with the legend of its « — »."""
    from ..render.comparison import NOT_APPLICABLE, column_heads
    from ..render.document import Rules, Table
    from ..render.i18n import translator

    tr = translator(doc.lang)
    short = dict(zip(column_heads(rulesets, tr), [f"[{i + 1}] {rs.name}" for i, rs in
                                                   enumerate(rulesets)], strict=True))
    for section in doc.sections:
        for block in section.blocks:
            if isinstance(block, Rules) and section.id == "variants":
                block.items = [f"{item} — {tr.typeset(rs.title)}" if rs.title else item
                               for item, rs in zip(block.items, rulesets, strict=True)]
            if isinstance(block, Table):
                block.head = [short.get(h, h) for h in block.head]
                if not block.caption and any(NOT_APPLICABLE in row for row in block.rows):
                    block.caption = tr("cmp.rules.caption")
    return doc


@app.command(short_help="Score the same deals under each variant; show the differences.")
def compare(
    variants: Annotated[list[str], typer.Argument(
        autocompletion=complete_variant,
        help="Two or more files or built-in names; - for standard input.")],
    every_rule: Annotated[bool, typer.Option("--all", help="Every rule, not only differences.")]
    = False,
    lang: Annotated[Lang | None, typer.Option(
        help="Language (default: the variants' common language, else English).")] = None,
    format: Annotated[CompareFormat | None, typer.Option(
        help="md, html, pdf or json (default: from -o's suffix, else md).")] = None,
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write to this file.")]
    = None,
    options: OptionArg = None,
    option_values: Annotated[str | None, typer.Option(
        "--option-values", metavar="NAME", help="One column per value of the option NAME "
        "(for each variant that has it): `coinche compare ffb --option-values litige`.")]
    = None,
) -> None:
    """Score the same deals under each variant, and show the rules on which they differ, side by
    side, grouped by phase (Rich tables in a terminal)."""
    from ..render import compare as render_compare

    fmt = chosen_format(format, output, CompareFormat)
    rulesets = _compared(variants, options, option_values, lang.value if lang else None)
    if len(rulesets) < 2:
        fail("compare needs at least two variants, or one with --option-values", USAGE)
    if output is None and format is None and sys.stdout.isatty():
        from ..render.comparison import build_comparison
        from ..render.terminal import print_document

        with reported():
            print_document(_for_terminal(build_comparison(
                rulesets, lang.value if lang else None, every_rule), rulesets))
        return
    with reported():
        data = render_compare(rulesets, lang.value if lang else None, fmt, every_rule)
    emit(data, output)
