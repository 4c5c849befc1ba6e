"""The neutral document a sheet or a comparison is made of: sections of typed blocks.

Builders fill these with finished sentences; the Jinja2 templates only lay them out (Markdown,
HTML, or HTML for the PDF), choosing by `kind`, never by what a variant says.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Para:
    text: str
    kind: str = "para"


@dataclass
class Rules:
    """A list of rule sentences."""

    items: list[str]
    where: list[str] = field(default_factory=list)
    """Where each rule was written (`es-club.coinche:14`), shown on hover in HTML; may be empty."""
    kind: str = "rules"


@dataclass
class Table:
    head: list[str]
    rows: list[list[str]]
    caption: str = ""
    numeric: list[int] = field(default_factory=list)
    """Indices of the columns to align right."""
    kind: str = "table"


@dataclass
class Formula:
    """A scoring rule: its heading, the sentences a rulebook writes for it, and worked lines
    with numbers."""

    heading: str
    sentences: list[str]
    worked: list[str] = field(default_factory=list)
    kind: str = "formula"


@dataclass
class Example:
    title: str
    facts: list[str]
    result: str
    table: Table
    note: str = ""
    kind: str = "example"


@dataclass
class Terms:
    """Glossary entries: (term, definition)."""

    items: list[tuple[str, str]]
    kind: str = "terms"


Block = Para | Rules | Table | Formula | Example | Terms


@dataclass
class Section:
    id: str
    heading: str
    blocks: list[Block] = field(default_factory=list)


@dataclass
class Document:
    """A whole sheet or comparison."""

    lang: str
    title: str
    subtitle: str
    fingerprint: str
    header: str
    """The running header of PDF pages (the variant's name)."""
    intro: list[str] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    labels: dict[str, str] = field(default_factory=dict)
    """Words the layout needs (`Contents`, `Page`, `Rules fingerprint`)."""
    wide: bool = False
    """Lay out at the full width of the screen (a comparison's many columns)."""
    card: bool = False
    """The one-page card: dense, no contents, one A4 page (`card.html.j2`)."""
