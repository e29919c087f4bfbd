"""SQLAlchemy's aiosqlite adapter, with statements run on the event loop's own thread.

aiosqlite runs every call on a worker thread; each await is a hand-over there and back
(a queue put, a thread wake-up, the loop's self-pipe) that costs more than the bot's
indexed statements themselves, and the stock adapter makes three or four per statement.
Inside a transaction a statement never waits for another connection (WAL readers never
wait; a writer begins with BEGIN IMMEDIATE, `storage.engine`), so here it runs inline.
What may wait still goes to aiosqlite's thread: BEGIN IMMEDIATE when another process
holds the write lock (a first try inline cannot wait), a writer's COMMIT (WAL append,
maybe a checkpoint), connecting and closing. A read-only connection (`PRAGMA
query_only`) fails a write at once and runs its BEGIN, COMMIT and ROLLBACK inline: a read
makes no trip at all, a first result entry one (its COMMIT).

Kept over the stock adapter by measurement (issue 16, `bench/bot_bench.py --quick`, four
interleaved runs each): the mix at a median 636 updates/s and 1.33 ms CPU per update, 320
and 1.81 ms with the stock one. The classes extended are not public SQLAlchemy API
(pinned below 2.2), but every SQLite storage test runs every statement through them.
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
from sqlalchemy.util.concurrency import await_

_NO_PARAMETERS = ()


class InlineCursor(AsyncAdapt_aiosqlite_cursor):
    """Executes on the caller's thread with the sqlite3 connection aiosqlite opened; the
    rows are fetched at once, so the statement has run to completion and holds nothing."""

    __slots__ = ()
    _awaitable_cursor_close = False  # a plain sqlite3 cursor, nothing to await

    def _make_new_cursor(self, connection: Any) -> Any:
        return None  # `execute` gets one from sqlite3

    def _aenter_cursor(self, cursor: Any) -> Any:
        return cursor

    # The stock `execute` hands these to the event loop's greenlet (`await_`), which runs
    # them to completion at once: they await nothing. SQLAlchemy's AsyncConnection wants
    # to see that hand-over for every statement (else AwaitRequired).
    async def _execute_async(self, operation: Any, parameters: Any) -> Any:
        self._cursor = cursor = self._connection._conn.execute(
            operation, _NO_PARAMETERS if parameters is None else parameters
        )
        if cursor.description:
            self._rows = collections.deque(cursor.fetchall())
        return cursor

    async def _executemany_async(self, operation: Any, seq_of_parameters: Any) -> Any:
        self._cursor = self._connection._conn.executemany(operation, seq_of_parameters)
        return self._cursor

    def close(self) -> None:
        self._rows.clear()  # the statement ran to completion: nothing else to release


class InlineConnection(AsyncAdapt_aiosqlite_connection):
    """Statements inline (`InlineCursor`); BEGIN and COMMIT where they cannot wait."""

    __slots__ = ("busy_timeout", "read_only")
    _cursor_cls = InlineCursor

    def __init__(self, dbapi: Any, connection: aiosqlite.Connection, read_only: bool) -> None:
        super().__init__(dbapi, connection)
        self.read_only = read_only
        self.busy_timeout: int | None = None  # the connection's, read at the first BEGIN

    @property
    def in_transaction(self) -> bool:
        return self._connection._connection is not None and self._connection._conn.in_transaction

    def begin(self, read_only: bool = False) -> None:
        """BEGIN for a reader (inline: it takes no lock); BEGIN IMMEDIATE for a writer.

        The writer's lock is free nearly always (this process's writers take turns before
        they get here): the first try is inline, with the busy timeout off, so it cannot
        wait. Only when another process holds the lock does BEGIN IMMEDIATE go to
        aiosqlite's thread, to wait there (busy timeout) while the event loop runs on."""
        if read_only or self.read_only:
            self._inline(lambda conn: conn.execute("BEGIN"))
            return
        conn = self._connection._conn
        if self.busy_timeout is None:
            self.busy_timeout = int(conn.execute("PRAGMA busy_timeout").fetchone()[0])
        try:
            conn.execute("PRAGMA busy_timeout = 0")
            try:
                conn.execute("BEGIN IMMEDIATE")
                return
            finally:
                conn.execute(f"PRAGMA busy_timeout = {self.busy_timeout}")
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode != sqlite3.SQLITE_BUSY:
                self._handle_exception(error)
        self._off_loop(lambda conn: conn.execute("BEGIN IMMEDIATE"))

    def commit(self) -> None:
        if self._connection._connection is None:
            return
        if self.read_only or not self._connection._conn.in_transaction:
            self._inline(lambda conn: conn.commit())
        else:
            self._off_loop(lambda conn: conn.commit())  # WAL append, maybe a checkpoint

    def rollback(self) -> None:
        if self._connection._connection is not None:
            self._inline(lambda conn: conn.rollback())  # discards; waits for nothing

    def _inline(self, step: Any) -> None:
        try:
            step(self._connection._conn)
        except Exception as error:
            self._handle_exception(error)

    def _off_loop(self, step: Any) -> None:
        driver = self._connection
        try:
            await_(driver._execute(step, driver._conn))
        except Exception as error:
            self._handle_exception(error)


class InlineDBAPI(AsyncAdapt_aiosqlite_dbapi):
    def __init__(self, read_only: bool) -> None:
        super().__init__(aiosqlite, sqlite3)
        self.read_only = read_only

    def connect(self, *args: Any, **kwargs: Any) -> InlineConnection:
        # Opened on aiosqlite's thread, used from the event loop's: only ever one at a time.
        kwargs["check_same_thread"] = False
        stock = super().connect(*args, **kwargs)  # opens aiosqlite's connection and thread
        return InlineConnection(self, stock.driver_connection, self.read_only)


def dbapi(*, read_only: bool = False) -> InlineDBAPI:
    """The `module` to hand `create_async_engine` for a sqlite+aiosqlite URL."""
    return InlineDBAPI(read_only)
