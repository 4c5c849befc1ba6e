"""The database: an engine for a URL (SQLite by default), and its schema brought to the
latest migration (Alembic, scripts shipped in the package)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import sessionmaker

DEFAULT_DB = "sqlite:///coinche-server.db"
"""A file in the folder the server is started in."""


def normalise_url(url: str) -> str:
    """`postgresql://…` means PostgreSQL through psycopg 3 (the driver the `server` extra
    installs), not SQLAlchemy's default psycopg2."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def make_engine(url: str = DEFAULT_DB) -> Engine:
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30},
                               pool_size=20, max_overflow=20)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record):  # type: ignore[no-untyped-def]
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA journal_mode=WAL")  # readers never wait for a writer
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()
        return engine
    # no ping before each checkout (a round trip per request): a connection the server
    # dropped fails once, and is replaced; none is kept past half an hour
    return create_engine(url, pool_size=20, max_overflow=20, pool_recycle=1800)


def sessions(engine: Engine) -> sessionmaker:  # type: ignore[type-arg]
    return sessionmaker(engine, expire_on_commit=False)


def migrations_dir() -> Path:
    return Path(str(resources.files("coinche_dsl.server").joinpath("migrations")))


def upgrade(engine: Engine) -> None:
    """Bring the schema to the latest migration (nothing to do when it is there)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "head")


def current_revision(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()
