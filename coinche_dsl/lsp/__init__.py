"""`coinche lsp`: a language server for variant files over standard input and output.

A thin adapter: the analysis (diagnostics, completion, hover, definition, symbols,
formatting) is `coinche_dsl.analysis`; this package converts positions and types between it
and the Language Server Protocol (pygls, the `lsp` extra).
"""

from __future__ import annotations


def serve() -> None:
    """Run the server on stdin/stdout until the client says exit."""
    import sys

    from .server import BoundedInput, build_server

    build_server().start_io(BoundedInput(sys.stdin.buffer))  # type: ignore[arg-type]
