"""Command: `coinche lsp`, the language server editors start (needs the `lsp` extra)."""

from __future__ import annotations

from . import app
from .common import fail, runs_long


@app.command(short_help="Run the language server for editors.")
def lsp() -> None:
    """Run the language server for editors (LSP over standard input and output)."""
    runs_long()
    try:
        import pygls  # noqa: F401
    except ImportError:
        fail("coinche lsp needs pygls: pip install 'coinche_dsl[lsp]'")
    from ..lsp import serve

    serve()
