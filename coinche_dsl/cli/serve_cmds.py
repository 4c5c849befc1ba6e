"""`coinche serve`: clubs' rules online, on a database (needs the `server` extra)."""

from __future__ import annotations

import getpass
import os
from typing import Annotated

import typer

from . import app
from .common import USAGE, fail, runs_long


@app.command(short_help="Serve clubs' rules online: accounts, versions, sheets.")
def serve(
    db: Annotated[str, typer.Option(
        help="The database: a SQLite file (default, in this folder) or "
             "postgresql://user:password@host/name.")] = "sqlite:///coinche-server.db",
    host: Annotated[str, typer.Option(help="Address to listen on (behind a reverse proxy, "
                                           "keep 127.0.0.1).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port (0: any free port).")] = 8000,
    workers: Annotated[int, typer.Option(
        help="Processes making sheets and PDFs (0: one thread of the server).")] = 2,
    signup: Annotated[bool, typer.Option(
        "--signup/--no-signup", help="Let anyone create an account (otherwise by "
                                     "invitation only).")] = True,
    migrate: Annotated[bool, typer.Option(
        "--migrate", help="Bring the database to the latest schema, then stop.")] = False,
    create_admin: Annotated[str | None, typer.Option(
        "--create-admin", metavar="NAME",
        help="Create an account NAME (its password from COINCHE_ADMIN_PASSWORD, or asked), "
             "then stop.")] = None,
    processes: Annotated[int, typer.Option(
        min=1, max=64, help="Server processes answering on the same port, each with its own "
                            "--workers (more than one: use the cores; all they share is in "
                            "the database).")] = 1,
    proxy_headers: Annotated[bool, typer.Option(
        "--proxy-headers", help="Trust X-Forwarded-For/-Proto from 127.0.0.1 (behind a "
                                "reverse proxy).")] = False,
) -> None:
    """Serve clubs' rules online: accounts, clubs, every version kept, public sheets."""
    runs_long()
    try:
        import uvicorn

        from ..server import db as database
        from ..server.app import create_app
    except ImportError:
        fail('the server needs its extra: pip install "coinche_dsl[server]"', USAGE)
    try:
        engine = database.make_engine(db)
        database.upgrade(engine)
    except Exception as e:  # noqa: BLE001 - an unreachable or refused database: say which
        fail(f"cannot open the database {_shown(db)}: {type(e).__name__}: "
             f"{str(e).splitlines()[0] if str(e) else ''}")
    if migrate:
        print(f"coinche serve: {_shown(db)} is at schema {database.current_revision(engine)}")
        return
    if create_admin is not None:
        _create_admin(engine, create_admin)
        return
    if processes > 1:
        _serve_processes(db, host, port, workers, signup, proxy_headers, processes)
        return
    from ..server.renders import Renderer

    application = create_app(engine, Renderer(workers), open_signup=signup, migrate=False)
    # httptools and uvloop (the extra's uvicorn[standard]) when installed; no access log: a
    # line per request is the reverse proxy's to write
    config = uvicorn.Config(application, host=host, port=port, log_level="warning",
                            proxy_headers=proxy_headers, server_header=False,
                            access_log=False)
    server = uvicorn.Server(config)
    _announce(server, host)
    try:
        server.run()
    except KeyboardInterrupt:
        return
    if not server.started:
        fail(f"coinche serve could not listen on {host}:{port} (in use? try --port 0)")


def _serve_processes(db: str, host: str, port: int, workers: int, signup: bool,
                     proxy_headers: bool, processes: int) -> None:
    """`processes` server processes on one listening socket (uvicorn's supervisor, which
    restarts one that dies): each is `app_from_environment` with the settings passed in its
    environment, and keeps nothing another would need (the database holds it all)."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    from ..server.app import ENVIRONMENT

    os.environ.update({ENVIRONMENT["db"]: db, ENVIRONMENT["workers"]: str(workers),
                       ENVIRONMENT["signup"]: "1" if signup else "0"})
    config = uvicorn.Config("coinche_dsl.server.app:app_from_environment", factory=True,
                            host=host, port=port, log_level="warning",
                            proxy_headers=proxy_headers, server_header=False,
                            access_log=False, workers=processes)
    try:
        sock = config.bind_socket()
    except SystemExit:  # uvicorn's own exit when the port is taken
        fail(f"coinche serve could not listen on {host}:{port} (in use? try --port 0)")
    sock.listen(config.backlog)  # a visitor waits in the backlog while the processes start
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    print(f"coinche serve: http://{shown}:{bound}/ ({processes} processes; Ctrl-C to stop)",
          flush=True)
    Multiprocess(config, sockets=[sock]).run()


def _shown(url: str) -> str:
    """A database URL without its password."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # noqa: BLE001
        return "(unreadable URL)"


def _create_admin(engine: object, name: str) -> None:
    from ..server import db as database
    from ..server import store

    password = os.environ.get("COINCHE_ADMIN_PASSWORD") or getpass.getpass(
        f"password for {name}: ")
    try:
        with database.sessions(engine).begin() as session:  # type: ignore[arg-type]
            store.create_user(session, name, password, is_admin=True)
    except store.Refused as e:
        from ..server.i18n import words

        fail(words("en")(e.key, **e.params))
    print(f"coinche serve: account {name} created")


def _announce(server: object, host: str) -> None:
    import threading
    import time

    def wait() -> None:
        while not server.started:  # type: ignore[attr-defined]
            if server.should_exit:  # type: ignore[attr-defined]
                return
            time.sleep(0.05)
        port = server.servers[0].sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        shown = f"[{host}]" if ":" in host else host
        print(f"coinche serve: http://{shown}:{port}/ (Ctrl-C to stop)", flush=True)

    threading.Thread(target=wait, daemon=True).start()
