"""SQLAlchemy's aiosqlite adapter, with one trip to the driver's thread per statement.

aiosqlite runs every SQLite call on its own worker thread, and each await is a hand-over
to that thread and back. SQLAlchemy's adapter makes three or four per statement: open a
cursor, execute, fetch (when there are rows), close the cursor. Those hand-overs, not
SQLite's own work, set the pace of a write transaction (a process's writers take turns,
see `storage.uow.Database`), and more so on a busy machine. The cursor here executes with
`aiosqlite.Connection.execute`, which opens the cursor in the same trip, fetches only
when the statement returns rows, and drops the cursor instead of closing it in one more
trip: rows are always fetched to the end, so its statement has run to completion and
holds no lock, only memory. A first result entry goes from 12 trips to 6.

Everything else is SQLAlchemy's own aiosqlite dialect; `storage.engine.make_engine`
plugs this in with `create_async_engine(module=...)`. The classes extended here are not
public SQLAlchemy API (SQLAlchemy is pinned below 2.2), but every storage test on SQLite
runs every statement through them, so a change underneath fails loudly.
"""

from __future__ import annotations

import collections
import sqlite3
from typing import Any

import aiosqlite
from sqlalchemy.dialects.sqlite.aiosqlite import (
    AsyncAdapt_aiosqlite_connection,
    AsyncAdapt_aiosqlite_cursor,
    AsyncAdapt_aiosqlite_dbapi,
)


class OneTripCursor(AsyncAdapt_aiosqlite_cursor):
    __slots__ = ()
    _awaitable_cursor_close = False  # nothing to close in another trip, see `close`

    def _make_new_cursor(self, connection: Any) -> Any:
        return None  # `_execute_async` gets one from aiosqlite, in the statement's trip

    def _aenter_cursor(self, cursor: Any) -> Any:
        return cursor

    async def _execute_async(self, operation: Any, parameters: Any) -> Any:
        async with self._adapt_connection._execute_mutex:
            self._cursor = await self._connection.execute(operation, parameters)
            if self._cursor.description:
                self._rows = collections.deque(await self._cursor.fetchall())
            return self._cursor

    async def _executemany_async(self, operation: Any, seq_of_parameters: Any) -> Any:
        async with self._adapt_connection._execute_mutex:
            self._cursor = await self._connection.executemany(operation, seq_of_parameters)
            return self._cursor

    def close(self) -> None:
        self._rows.clear()  # the statement ran to completion: nothing else to release


class OneTripConnection(AsyncAdapt_aiosqlite_connection):
    __slots__ = ()
    _cursor_cls = OneTripCursor


class OneTripDBAPI(AsyncAdapt_aiosqlite_dbapi):
    def connect(self, *args: Any, **kwargs: Any) -> OneTripConnection:
        stock = super().connect(*args, **kwargs)  # opens aiosqlite's connection and thread
        return OneTripConnection(self, stock.driver_connection)


def dbapi() -> OneTripDBAPI:
    """The `module` to hand `create_async_engine` for a sqlite+aiosqlite URL."""
    return OneTripDBAPI(aiosqlite, sqlite3)
