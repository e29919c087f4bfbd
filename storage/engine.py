"""Where the database is and how connections to it are set up.

SQLite is the zero-set-up default: a file in the user's data directory, created on first
start. Every SQLite connection gets WAL (readers never wait for the writer), foreign keys
on, a busy timeout, and write transactions that begin with BEGIN IMMEDIATE: the writer
takes the lock before reading, so two writers queue instead of failing half-way with
"database is locked". Read-only units of work use a plain BEGIN.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import event
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import ConnectionPoolEntry

ENV_VAR = "TURNUVA_DB_URL"
READ_ONLY = "turnuva_read_only"  # execution option read by the SQLite BEGIN hook
BUSY_TIMEOUT_MS = 15_000


def default_url() -> str:
    """$TURNUVA_DB_URL, else a SQLite file in the user's data directory."""
    if url := os.environ.get(ENV_VAR):
        return url
    path = platformdirs.user_data_path("turnuva", appauthor=False) / "turnuva.sqlite3"
    return f"sqlite+aiosqlite:///{path}"


def sqlite_path(url: str) -> Path | None:
    """The file behind a SQLite URL (None for other engines and in-memory databases)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


def make_engine(url: str | None = None, **kwargs: Any) -> AsyncEngine:
    """An AsyncEngine for `url` (default: `default_url()`); SQLite files are created."""
    url = url or default_url()
    path = sqlite_path(url)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
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
        for pragma in (
            "journal_mode = WAL",
            "synchronous = FULL",  # a committed result survives a power cut too
            "foreign_keys = ON",
            f"busy_timeout = {BUSY_TIMEOUT_MS}",
        ):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(conn: Connection) -> None:
        read_only = conn.get_execution_options().get(READ_ONLY, False)
        conn.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")
