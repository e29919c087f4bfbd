"""Every storage test runs twice: on a SQLite file and on a fresh PostgreSQL database.

Each test gets its own database, already migrated to head: a copy of a migrated SQLite
template file, or `CREATE DATABASE ... TEMPLATE` of a migrated PostgreSQL template. All
PostgreSQL databases of a run share a random prefix and are dropped at the end. When
PostgreSQL is unreachable its half is skipped with the reason (a failure under CI=true,
see tests/conftest.py).
"""

from __future__ import annotations

import asyncio
import os
import secrets
import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

from storage import migrate
from storage.uow import Database

PG_HOST = os.environ.get("PGHOST", "127.0.0.1")
PG_PORT = int(os.environ.get("PGPORT", "5432"))
PG_USER = os.environ.get("PGUSER", "postgres")
PG_ADMIN_DB = "test"
RUN_PREFIX = f"turnuva_test_{secrets.token_hex(4)}"
ENGINES = ["sqlite", "postgresql"]


def pg_url(database: str) -> str:
    return f"postgresql+asyncpg://{PG_USER}@{PG_HOST}:{PG_PORT}/{database}"


async def _admin(sql: str) -> None:
    conn = await asyncpg.connect(
        host=PG_HOST, port=PG_PORT, user=PG_USER, database=PG_ADMIN_DB, timeout=5
    )
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


class PostgresDatabases:
    """Creates databases named after this run's prefix and drops them all at the end."""

    def __init__(self) -> None:
        self.created: list[str] = []
        self.unreachable: str | None = None
        try:
            asyncio.run(_admin("SELECT 1"))
        except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
            self.unreachable = f"PostgreSQL at {PG_HOST}:{PG_PORT} unreachable: {exc!r}"
        self._template: str | None = None

    def require(self) -> None:
        if self.unreachable:
            pytest.skip(self.unreachable)

    async def create(self, *, migrated: bool) -> str:
        self.require()
        name = f"{RUN_PREFIX}_{len(self.created)}"
        self.created.append(name)
        template = f" TEMPLATE {await self._migrated_template()}" if migrated else ""
        await _admin(f'CREATE DATABASE "{name}"{template}')
        return pg_url(name)

    async def _migrated_template(self) -> str:
        if self._template is None:
            name = f"{RUN_PREFIX}_template"
            self.created.append(name)
            await _admin(f'CREATE DATABASE "{name}"')
            await migrate.upgrade_async(pg_url(name))
            self._template = name
        return self._template

    def drop_all(self) -> None:
        async def drop() -> None:
            for name in reversed(self.created):
                await _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

        if self.created and not self.unreachable:
            asyncio.run(drop())


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresDatabases]:
    databases = PostgresDatabases()
    if databases.unreachable:
        print(f"\nstorage tests: {databases.unreachable}; PostgreSQL half skipped")
    yield databases
    databases.drop_all()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "template.sqlite3"
    migrate.upgrade(f"sqlite+aiosqlite:///{path}")
    return path


async def fresh_url(
    engine: str, tmp_path: Path, postgres: PostgresDatabases, template: Path | None
) -> str:
    if engine == "postgresql":
        return await postgres.create(migrated=template is not None)
    path = tmp_path / "turnuva.sqlite3"
    if template is not None:
        shutil.copy(template, path)
    return f"sqlite+aiosqlite:///{path}"


@pytest.fixture(params=ENGINES)
async def db_url(
    request: pytest.FixtureRequest,
    tmp_path: Path,
    postgres: PostgresDatabases,
    sqlite_template: Path,
) -> str:
    """A fresh database migrated to head, on each engine in turn."""
    return await fresh_url(request.param, tmp_path, postgres, sqlite_template)


@pytest.fixture(params=ENGINES)
async def empty_db_url(
    request: pytest.FixtureRequest, tmp_path: Path, postgres: PostgresDatabases
) -> str:
    """A fresh, empty database (no tables), on each engine in turn."""
    return await fresh_url(request.param, tmp_path, postgres, None)


@pytest.fixture
async def db(db_url: str) -> AsyncIterator[Database]:
    database = Database.from_url(db_url)
    yield database
    await database.dispose()


@pytest.fixture
async def pg_db(tmp_path: Path, postgres: PostgresDatabases) -> AsyncIterator[Database]:
    """For the few tests about PostgreSQL's own locking: a fresh migrated database."""
    database = Database.from_url(await postgres.create(migrated=True))
    yield database
    await database.dispose()
