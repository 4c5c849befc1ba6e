"""A Document in a terminal: Rich tables that wrap to the screen's width, instead of Markdown
lines thousands of columns long. Rich escapes nothing by itself: every text goes in as plain
`Text`, never as markup, so a variant's title cannot style (or break) the output."""

from __future__ import annotations

from typing import Any

from .document import Document, Example, Formula, Para, Rules, Table, Terms


def print_document(doc: Document, console: Any = None) -> None:
    """Print `doc` on `console` (default: standard output) with Rich."""
    from rich.console import Console
    from rich.text import Text

    out = console or Console()
    out.print(Text(doc.title, style="bold"))
    for line in doc.intro:
        out.print(Text(line))
    for number, section in enumerate(doc.sections, 1):
        out.print()
        out.print(Text(f"{number}. {section.heading}", style="bold underline"))
        for block in section.blocks:
            _block(out, block)


def _block(out: Any, block: Any) -> None:
    from rich.table import Table as RichTable
    from rich.text import Text

    if isinstance(block, Para):
        out.print(Text(block.text))
    elif isinstance(block, Rules):
        for item in block.items:
            out.print(Text(f"• {item}"))
    elif isinstance(block, Formula):
        out.print(Text(block.heading, style="bold"))
        for line in block.sentences:
            out.print(Text(line))
        for line in block.worked:
            out.print(Text(f"  {line}"))
    elif isinstance(block, Example):
        out.print(Text(block.title, style="bold"))
        for line in [*block.facts, block.result, *([block.note] if block.note else [])]:
            out.print(Text(line))
        _block(out, block.table)
    elif isinstance(block, Terms):
        for term, meaning in block.items:
            out.print(Text.assemble((term, "bold"), f": {meaning}"))
    elif isinstance(block, Table):
        table = RichTable(caption=Text(block.caption) if block.caption else None,
                          show_lines=True, expand=True)
        for head in block.head:
            table.add_column(Text(head))
        for row in block.rows:
            table.add_row(*[Text(cell) for cell in row])
        out.print(table)
