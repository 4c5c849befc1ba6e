"""Documents to Markdown, HTML and PDF through the Jinja2 templates, and atomic file writes.

HTML is autoescaped (control characters shown first). Markdown has its own environment, where
every value printed goes through `text_safety.for_markdown` (a variant's `<script>` stays
text) and table cells have their pipes escaped.
WeasyPrint is imported only when a PDF is asked for; compiled templates are kept between
processes (`template_cache`).
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from jinja2 import (
    BytecodeCache,
    Environment,
    FileSystemBytecodeCache,
    PackageLoader,
    StrictUndefined,
    select_autoescape,
)
from jinja2.bccache import Bucket
from markupsafe import Markup, escape

from ..errors import CoincheError
from ..text_safety import for_markdown, for_terminal
from .document import Document

FORMATS = ("md", "html", "pdf")


class RenderError(CoincheError, RuntimeError):
    """A sheet could not be produced (a missing PDF library, an unwritable file)."""


def _md(text: object) -> str:
    """A Markdown table cell: pipes escaped, on one line."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def _suits(text: object) -> Markup:
    """HTML text with the red suits coloured (escaped first: autoescape stays in force)."""
    out = escape(text)
    for symbol in ("♥", "♦"):
        out = out.replace(symbol, Markup(f'<span class="red">{symbol}</span>'))
    return Markup(out)


def _html_text(value: object) -> object:
    """A value printed in HTML: control characters shown (autoescape does the rest; our own
    filters' Markup is escaped already, and `\x1b` written as text adds nothing to escape)."""
    if isinstance(value, Markup):
        return Markup(for_terminal(value))
    return for_terminal(value) if isinstance(value, str) else value


def _css(text: object) -> str:
    """Text inside a CSS string literal."""
    return str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


class _TemplateCache(FileSystemBytecodeCache):
    """Jinja's cache of compiled templates, in the user's own folder of the system's temporary
    directory (Jinja makes it private and checks its owner): a new process loads a template's
    code instead of compiling it again. An entry is used only for the same template source and
    Jinja version; an entry that cannot be read or written costs a compilation, never the
    sheet."""

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except (OSError, EOFError, ValueError, TypeError):  # unreadable or damaged: compile
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:  # a full or read-only disk: the next process compiles again
            pass


def template_cache(kind: str, directory: str | None = None) -> BytecodeCache | None:
    """The compiled-template cache of one environment; None where no private folder can be
    made. Jinja keys an entry by the template's name, file and source only: the entries' names
    also carry `kind` (the Markdown and HTML environments compile a template differently) and
    a digest of this module, where the environments' settings are written (a template compiled
    under other settings is never reused)."""
    try:
        return _TemplateCache(directory, f"__coinche_{kind}_{_settings()}_%s.cache")
    except (OSError, RuntimeError):  # RuntimeError: Jinja found no safe temporary folder
        return None


@lru_cache(maxsize=1)
def _settings() -> str:
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]


@lru_cache(maxsize=2)
def environment(markdown: bool = False) -> Environment:
    """The template environment (built once: templates are compiled on first use, or loaded
    from `template_cache`); the Markdown one escapes every value it prints (`finalize`), as
    HTML autoescape does."""
    env = Environment(
        loader=PackageLoader("coinche_dsl.render", "templates"),
        autoescape=select_autoescape(enabled_extensions=("html.j2",), default_for_string=False),
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
        undefined=StrictUndefined, finalize=for_markdown if markdown else _html_text,
        bytecode_cache=template_cache("md" if markdown else "html"),
    )
    env.filters.update(md=_md, suits=_suits, css=_css)
    return env


def to_markdown(doc: Document) -> str:
    text = environment(markdown=True).get_template("doc.md.j2").render(doc=doc, labels=doc.labels)
    return _tidy(text)


def _tidy(text: str) -> str:
    """At most one blank line in a row, one newline at the end."""
    lines, blank = [], False
    for line in text.splitlines():
        line = line.rstrip()
        if not line and blank:
            continue
        blank = not line
        lines.append(line)
    return "\n".join(lines).strip() + "\n"


def to_html(doc: Document, pdf: bool = False, tight: int = 0) -> str:
    """The document as one HTML page; `tight` (the card's PDF only) sets it closer, from 0 (as
    designed) to CARD_TIGHTEST, the text staying at its size."""
    template = "card.html.j2" if doc.card else "doc.html.j2"
    return environment().get_template(template).render(doc=doc, labels=doc.labels, pdf=pdf,
                                                       tight=tight)


CARD_TIGHTEST = 2
"""The closest setting of the card: tighter lines and boxes, never a smaller type."""


def to_pdf(doc: Document) -> bytes:
    """The document as PDF bytes, through WeasyPrint (the `pdf` extra)."""
    try:
        from weasyprint import HTML
    except (ImportError, OSError) as e:  # OSError: the Pango library is missing
        raise RenderError(f"PDF needs WeasyPrint and Pango ({e}); install coinche_dsl[pdf], "
                          "or choose --format html") from None
    if not doc.card:
        return HTML(string=to_html(doc, pdf=True)).write_pdf()
    # The card is one page: a long one is set closer (lines, boxes, margins) until it fits.
    for tight in range(CARD_TIGHTEST + 1):
        laid_out = HTML(string=to_html(doc, pdf=True, tight=tight)).render()
        if len(laid_out.pages) == 1:
            break
    return laid_out.write_pdf()


def render(doc: Document, fmt: str) -> str | bytes:
    """The document in `fmt` (`md`, `html` or `pdf`)."""
    if fmt == "md":
        return to_markdown(doc)
    if fmt == "html":
        return to_html(doc)
    if fmt == "pdf":
        return to_pdf(doc)
    raise RenderError(f"unknown format '{fmt}'; choose {', '.join(FORMATS)}")


def write_atomic(path: Path, data: str | bytes, special: bool = True) -> None:
    """Write `data` to `path` (`files.write_bytes`): a regular file or a new path through a
    temporary file in the same folder, then renamed (a reader never sees a half-written
    sheet; a failure leaves the old file as it was); `/dev/null`, `/dev/stdout` or a FIFO
    written into (without `special`, refused); a directory refused. RenderError otherwise."""
    from ..files import FileError, write_bytes

    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        write_bytes(path, raw, None, special)
    except FileError as e:
        raise RenderError(str(e)) from None
