"""`coinche studio`: the rules studio in the browser (needs the `studio` extra)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from . import app
from .common import USAGE, fail, reported


@app.command()
def studio(
    file: Annotated[str | None, typer.Argument(
        help="The variant file to edit, in this folder (default: club.coinche).")] = None,
    port: Annotated[int, typer.Option(help="Port on 127.0.0.1 (0: any free port).")] = 8765,
    browser: Annotated[bool, typer.Option(
        "--browser/--no-browser", help="Open the page in the default browser.")] = True,
) -> None:
    """Write, check, preview and compare house rules in the browser, on this machine only."""
    try:
        import uvicorn

        from ..studio.app import create_app
        from ..studio.service import Workspace
    except ImportError:
        fail('the studio needs its extra: pip install "coinche_dsl[studio]"', USAGE)
    with reported():
        workspace = Workspace.open(Path.cwd(), file)
    config = uvicorn.Config(create_app(workspace), host="127.0.0.1", port=port,
                            log_level="warning")
    server = uvicorn.Server(config)
    if browser:
        _open_when_started(server)
    print(f"coinche studio: editing {workspace.file.name}; Ctrl-C to stop")
    server.run()


def _open_when_started(server: object) -> None:
    """Open the page once uvicorn listens (its port is known only then when --port 0)."""
    import threading
    import time
    import webbrowser

    def wait() -> None:
        while not getattr(server, "started", False):
            time.sleep(0.05)
        sockets = [s for srv in getattr(server, "servers", []) for s in srv.sockets]
        port = sockets[0].getsockname()[1] if sockets else 8765
        webbrowser.open(f"http://127.0.0.1:{port}/")

    threading.Thread(target=wait, daemon=True).start()
