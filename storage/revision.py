"""Is the database's schema the newest? Asked at every start, before migrating.

The answer is one SELECT of Alembic's version row. Alembic's own way costs its import
(about 0.1 s and 13 MB, every SQL dialect it supports included) in a process that, on
nearly every start, has nothing to migrate; `storage.migrate` is loaded only when it has.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import NullPool

from storage.engine import make_engine

VERSIONS = Path(__file__).with_name("migrations") / "versions"


def head() -> str:
    """The newest migration's revision id. Ours are numbered and a revision id is its file
    name's four digits (tests/storage/test_storage_migrations.py holds Alembic to it)."""
    return max(path.name[:4] for path in VERSIONS.glob("[0-9][0-9][0-9][0-9]_*.py"))


async def stored(url: str | None = None) -> str | None:
    """The revision the database at `url` is at; None for an empty database."""
    engine = make_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            try:
                return await connection.scalar(text("SELECT version_num FROM alembic_version"))
            except DBAPIError:  # no version table: nothing migrated yet
                return None
    finally:
        await engine.dispose()


async def bring_up_to_date(url: str | None = None) -> bool:
    """Migrates the database at `url` if its schema is not the newest; True if it did."""
    if await stored(url) == head():
        return False
    from storage import migrate  # Alembic, only when there is something to migrate

    await migrate.upgrade_async(url)
    return True
