"""`coinche studio`: the rules studio in the browser (needs the `studio` extra)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from . import app
from .common import USAGE, fail, reported, runs_long


@app.command(short_help="Write and check house rules in the browser.")
def studio(
    file: Annotated[str | None, typer.Argument(
        help="The variant file to edit, anywhere: the studio serves its folder (default: "
             "club.coinche in this folder).")] = None,
    port: Annotated[int, typer.Option(
        help="Port on 127.0.0.1 (0: any free port; a busy port: a free one).")] = 8765,
    browser: Annotated[bool, typer.Option(
        "--browser/--no-browser", help="Open the page in the default browser.")] = True,
) -> None:
    """Write, check, preview and compare house rules in the browser, on this machine only."""
    runs_long()
    try:
        import uvicorn

        from ..studio.app import create_app
        from ..studio.serve import studio_config
        from ..studio.service import Workspace
    except ImportError:
        fail('the studio needs its extra: pip install "coinche_dsl[studio]"', USAGE)
    with reported():
        workspace = Workspace.for_file(file, Path.cwd())
    if port and not _free(port):
        print(f"coinche studio: port {port} is in use; taking a free one", flush=True)
        port = 0
    studio_app = create_app(workspace)
    server = uvicorn.Server(studio_config(studio_app, port))
    _announce_when_started(server, workspace.file.name, studio_app.state.session.key, browser)
    try:
        server.run()
    except KeyboardInterrupt:  # uvicorn re-raises the Ctrl-C it stopped on: a normal stop
        return
    if not server.started:
        fail(f"the studio could not listen on 127.0.0.1:{port} (in use? try --port 0)")


def _free(port: int) -> bool:
    """Whether 127.0.0.1:`port` can be listened on now."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _announce_when_started(server: Any, name: str, key: str, browser: bool) -> None:
    """Print the page's link (and open it) once uvicorn listens: with --port 0 the port is
    known only then. The link carries the one-time key that lets one browser in (the first
    to open it: the one started here, when there is one)."""
    import threading
    import time
    import webbrowser

    def wait() -> None:
        while not server.started:
            if server.should_exit:
                return
            time.sleep(0.05)
        port = server.servers[0].sockets[0].getsockname()[1]
        url = f"http://127.0.0.1:{port}/?key={key}"
        print(f"coinche studio: editing {name} at {url} (Ctrl-C to stop)", flush=True)
        if browser:
            webbrowser.open(url)

    threading.Thread(target=wait, daemon=True).start()
