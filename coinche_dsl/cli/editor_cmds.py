"""Command: `coinche lsp`, the language server editors start (needs the `lsp` extra)."""

from __future__ import annotations

from . import app
from .common import fail


@app.command()
def lsp() -> None:
    """Speak the Language Server Protocol on standard input and output, for editors:
    diagnostics, completion, hover, go-to-definition, formatting and outline of variant files."""
    try:
        import pygls  # noqa: F401
    except ImportError:
        fail("coinche lsp needs pygls: pip install 'coinche_dsl[lsp]'")
    from ..lsp import serve

    serve()
