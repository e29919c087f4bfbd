"""Where the database is and how connections to it are set up.

SQLite is the zero-set-up default: a file in the user's data directory. Its connections
get WAL (readers never wait for the writer), foreign keys, a busy timeout, and write
transactions that begin with BEGIN IMMEDIATE (the writer takes the lock before reading,
so two writers queue instead of failing half-way); read-only units of work use a plain
BEGIN on connections of their own that refuse writes. Statements go through
`storage.sqlite_driver`.

Durability on SQLite: WAL with synchronous=NORMAL. A killed bot process loses nothing it
acknowledged (the commit is in the WAL file); an OS crash or power cut may lose the last
commits before the next checkpoint, the database staying intact. FULL would close that
gap with an fsync per commit; `SQLITE_SYNCHRONOUS` is the one place to change it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import ConnectionPoolEntry, PoolResetState

from storage import rows, sqlite_driver

ENV_VAR = "TURNUVA_DB_URL"
READ_ONLY = "turnuva_read_only"  # execution option read by the SQLite BEGIN hook
BUSY_TIMEOUT_MS = 15_000
# Survives a killed process; an OS crash/power cut may lose the last commits (see above).
SQLITE_SYNCHRONOUS = "NORMAL"


def default_url() -> str:
    """$TURNUVA_DB_URL, else a SQLite file in the user's data directory."""
    if url := os.environ.get(ENV_VAR):
        return url
    import platformdirs  # ~9 ms of the bot's start, for this fallback alone

    path = platformdirs.user_data_path("turnuva", appauthor=False) / "turnuva.sqlite3"
    return f"sqlite+aiosqlite:///{path}"


def sqlite_path(url: str) -> Path | None:
    """The file behind a SQLite URL (None for other engines and in-memory databases)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


def make_engine(url: str | None = None, *, read_only: bool = False, **kwargs: Any) -> AsyncEngine:
    """An AsyncEngine for `url` (default: `default_url()`); SQLite files are created.

    `read_only` (SQLite): connections for read-only units of work, which refuse writes."""
    url = url or default_url()
    path = sqlite_path(url)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
    if make_url(url).get_backend_name() == "sqlite":
        kwargs.setdefault("module", sqlite_driver.dbapi(read_only=read_only))
        kwargs.setdefault("pool_reset_on_return", None)  # `_reset` below does it cheaper
    else:
        # A pooled connection PostgreSQL closed meanwhile (a restart, an idle timeout, a
        # failover) is noticed and replaced before use, instead of failing its first use.
        kwargs.setdefault("pool_pre_ping", True)
        rows.spell_for_postgresql()
    engine = create_async_engine(url, **kwargs)
    if engine.dialect.name == "sqlite":
        _configure_sqlite(engine)
    return engine


def _configure_sqlite(engine: AsyncEngine) -> None:
    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
        # Let SQLAlchemy's "begin" hook below emit BEGIN, not the driver.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        pragmas = [
            f"busy_timeout = {BUSY_TIMEOUT_MS}",
            "journal_mode = WAL",
            f"synchronous = {SQLITE_SYNCHRONOUS}",
            "foreign_keys = ON",
        ]
        if dbapi_connection.read_only:
            pragmas.append("query_only = ON")
        for pragma in pragmas:
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    @event.listens_for(engine.sync_engine, "reset")
    def _reset(dbapi_connection: Any, _record: ConnectionPoolEntry, state: PoolResetState) -> None:
        # A connection back in the pool must not hold a transaction. The pool's default
        # reset is an unconditional rollback; asking SQLite (a flag) spares it.
        if state.asyncio_safe and dbapi_connection.in_transaction:
            dbapi_connection.rollback()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(conn: Connection) -> None:
        # Straight to the driver, without SQLAlchemy's statement machinery, which a BEGIN
        # on every transaction does not need.
        read_only = conn.get_execution_options().get(READ_ONLY, False)
        conn.connection.dbapi_connection.begin(read_only)  # type: ignore[union-attr]
