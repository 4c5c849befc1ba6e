"""Alembic's environment for the server's database: run by `db.upgrade` (on start, or
`coinche serve --migrate`), on the connection it is given."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine, text

from coinche_dsl.server.models import Base

config = context.config
connection = config.attributes.get("connection")


def run(conn: Connection) -> None:
    context.configure(connection=conn, target_metadata=Base.metadata,
                      render_as_batch=True, compare_type=True)
    with context.begin_transaction():
        if conn.dialect.name == "postgresql":
            # several workers starting at once: one migrates, the others wait and find it done
            conn.execute(text("SELECT pg_advisory_xact_lock(7277001)"))
        context.run_migrations()


if connection is not None:
    run(connection)
else:  # the `alembic` command itself, with sqlalchemy.url in its configuration
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.connect() as conn:
        run(conn)
