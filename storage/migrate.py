"""Schema migrations as plain functions, for `turnuva db upgrade` and for bot start-up.

Alembic is configured in code (no alembic.ini to ship or find): the scripts live next to
this module in `migrations/`. The async variants run inside an existing event loop (the
bot's `post_init`); the sync ones wrap them for the CLI.

Several processes may start at once on one PostgreSQL database (docs/deploy.md): each runs
its migrations in one transaction that first takes a transaction-level advisory lock, so
one migrates while the others wait for its commit and then find the schema current (no
two `CREATE TABLE`s racing). SQLite serves one process; its write transaction (BEGIN
IMMEDIATE) serialises a second one anyway.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import BigInteger, bindparam, text
from sqlalchemy.engine import Connection
from sqlalchemy.pool import NullPool

from storage.engine import default_url, make_engine

MIGRATIONS = Path(__file__).with_name("migrations")
# The migration lock's key: storage.leader.lock_key(b"turnuva-migrations"), written out so it
# never changes with the code (tests/storage/test_storage_migrations.py checks it).
LOCK_KEY = 981847002535095437
_LOCK = text("SELECT pg_advisory_xact_lock(:key)").bindparams(bindparam("key", type_=BigInteger))


def alembic_config(url: str | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", (url or default_url()).replace("%", "%%"))
    return config


async def _run(url: str | None, action: str, revision: str) -> None:
    engine = make_engine(url, poolclass=NullPool)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(_on_connection, url, action, revision)
    finally:
        await engine.dispose()


def _on_connection(connection: Connection, url: str | None, action: str, revision: str) -> None:
    if connection.dialect.name == "postgresql":  # held until this transaction commits
        connection.execute(_LOCK, {"key": LOCK_KEY})
    config = alembic_config(url)
    config.attributes["connection"] = connection
    getattr(command, action)(config, revision)


async def upgrade_async(url: str | None = None, revision: str = "head") -> None:
    """Bring the database at `url` (default: `default_url()`) up to `revision`."""
    await _run(url, "upgrade", revision)


async def downgrade_async(url: str | None, revision: str) -> None:
    """Step the schema down to `revision` ("-1" for one step, "base" for empty)."""
    await _run(url, "downgrade", revision)


async def current_async(url: str | None = None) -> str | None:
    """The revision the database is at (None for an empty database)."""
    engine = make_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            return await connection.run_sync(
                lambda sync: MigrationContext.configure(sync).get_current_revision()
            )
    finally:
        await engine.dispose()


def upgrade(url: str | None = None, revision: str = "head") -> None:
    """CLI entry: `turnuva db upgrade [--db URL]`. Not for use inside a running loop."""
    asyncio.run(upgrade_async(url, revision))


def current(url: str | None = None) -> str | None:
    return asyncio.run(current_async(url))
