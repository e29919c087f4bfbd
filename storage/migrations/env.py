"""Alembic environment: runs on a connection handed in by `storage.migrate`, or opens one.

Migrations never import the app's column types at run time: `render_item` writes
UTCDateTime as plain `sa.DateTime(timezone=True)` so old revisions stay valid when the
code changes.
"""

from __future__ import annotations

import asyncio
from typing import Any

from alembic import context
from sqlalchemy.engine import Connection
from sqlalchemy.pool import NullPool

from storage.engine import make_engine
from storage.rows import Base, UTCDateTime

config = context.config


def render_item(kind: str, obj: Any, _autogen: Any) -> str | bool:
    if kind == "type" and isinstance(obj, UTCDateTime):
        return "sa.DateTime(timezone=True)"
    return False


def run_migrations(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_item=render_item,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite can't ALTER much
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


async def run_with_own_engine() -> None:
    engine = make_engine(config.get_main_option("sqlalchemy.url"), poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(run_migrations)
            await connection.commit()
    finally:
        await engine.dispose()


if context.is_offline_mode():
    raise SystemExit("offline (--sql) migrations are not supported; pass a database URL")
if (shared := config.attributes.get("connection")) is not None:
    run_migrations(shared)
else:
    asyncio.run(run_with_own_engine())
