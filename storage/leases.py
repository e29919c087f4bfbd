"""Chat leases: which of several bot processes on one PostgreSQL database handles a chat.

A process leases a chat by holding a session-level advisory lock whose key is the chat's
id (a Telegram id is below 2**53, far from the 63-bit keys of storage.leader and
storage.migrate; updates of no chat use key 0), on one connection of its own that stays
open for as long as the process runs. When the process dies its connection closes and
PostgreSQL frees every lock it held at once; for a machine that vanishes without closing
its socket the connection asks the server to probe it (TCP keepalives every second after
2 s idle, 3 unanswered probes: the session ends within ~5 s and its leases with it).

The same connection LISTENs on the inbox's channel (storage.repositories.bookkeeping
CHANNEL): whichever process stores an update NOTIFYs the chat, so the process holding its
lease takes it at once instead of at its next look.

Only PostgreSQL: SQLite serves one process (bot/runtime/chats.py orders its chats).

`LockConnection` is such a connection of a process's own, for storage.leader's lock too. A
session-level lock lives as long as its session, so it is held outside the shared pool: a
pooled connection goes back to other work between uses, and a lock on it would outlive
its owner's interest or vanish with a recycle. NullPool: never shared, closed for real;
autocommit: no transaction stays open while it holds locks. A connection that is gone
raises a driver error (wrapped by SQLAlchemy), a socket error, or hangs until the timeout:
one of `GONE`; it is then dropped without a word to the server (which may be what is gone).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from contextlib import suppress
from typing import Any

from sqlalchemy import URL, text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

from storage.repositories.bookkeeping import CHANNEL
from storage.uow import Database

NO_CHAT = 0  # the key of updates that belong to no chat
TIMEOUT = 5.0  # seconds for one statement on the lease connection
KEEPALIVE = {  # server-side probes of this connection (see the module's note)
    "tcp_keepalives_idle": "2",
    "tcp_keepalives_interval": "1",
    "tcp_keepalives_count": "3",
}
_TRY = text("SELECT k FROM unnest(CAST(:keys AS bigint[])) AS k WHERE pg_try_advisory_lock(k)")
_UNLOCK = text("SELECT pg_advisory_unlock(k) FROM unnest(CAST(:keys AS bigint[])) AS k")
PING = text("SELECT 1")
GONE = (SQLAlchemyError, OSError, TimeoutError)  # the connection is lost or hangs


def key(chat_id: int | None) -> int:
    return NO_CHAT if chat_id is None else chat_id


class ChatLeases:
    """This process's leases. `notice` is called with the chat ids of every NOTIFY (its
    own included). Every method raises one of GONE when the connection is lost: the
    caller then drops what it held (PostgreSQL has freed it) and calls `open` again."""

    def __init__(
        self, db: Database, notice: Callable[[set[int]], None], name: str = "turnuva"
    ) -> None:
        self._notice = notice
        # pg_stat_activity shows which process holds which leases (pg_locks: its pid).
        settings = KEEPALIVE | {"application_name": f"turnuva-leases {name}"[:63]}
        self._conn = LockConnection(db.engine.url, TIMEOUT, server_settings=settings)
        self.held: set[int] = set()  # keys
        self._busy = asyncio.Lock()  # one statement at a time on the connection

    @property
    def open_(self) -> bool:
        return self._conn.open_

    async def open(self) -> None:
        """Connect and listen (nothing is held on a new connection)."""
        conn = await self._conn.open()
        try:
            async with asyncio.timeout(TIMEOUT):
                raw = (await conn.get_raw_connection()).driver_connection
                await raw.add_listener(CHANNEL, self._heard)  # type: ignore[union-attr]
        except BaseException:
            await self._conn.lost()
            raise
        self.held = set()

    def _heard(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        chats = set()
        for part in payload.split(","):
            with suppress(ValueError):
                chats.add(int(part))
        self._notice(chats)

    async def take(self, chats: Iterable[int | None]) -> set[int]:
        """Lease what is free of `chats` (keys held already are not asked again: a second
        lock on one key would need two unlocks); the keys this call took."""
        wanted = sorted({key(c) for c in chats} - self.held)
        if not wanted:
            return set()
        got = {k for (k,) in await self._execute(_TRY, {"keys": wanted})}
        self.held |= got
        return got

    async def release(self, keys: Iterable[int]) -> None:
        mine = sorted(set(keys) & self.held)
        if mine:
            self.held -= set(mine)
            await self._execute(_UNLOCK, {"keys": mine})

    async def ping(self) -> None:
        await self._execute(PING, {})

    async def _execute(self, stmt: Any, params: dict[str, Any]) -> list[Any]:
        async with self._busy:
            try:
                return await self._conn.execute(stmt, params)
            except GONE:
                self.held = set()  # the connection is dropped: PostgreSQL frees its locks
                raise

    async def lost(self) -> None:
        """The connection failed: PostgreSQL frees its locks; drop it without a word to
        the server (it may be the one that is gone)."""
        self.held = set()
        await self._conn.lost()

    async def close(self) -> None:
        """Close the connection (the server frees every lease at once); idempotent."""
        self.held = set()
        await self._conn.close()


class LockConnection:
    """One connection at a time, every step of it within `timeout` seconds."""

    def __init__(self, url: URL, timeout: float, **connect_args: Any) -> None:
        self._url = url
        self._timeout = timeout
        self._connect_args = connect_args
        self._engine: AsyncEngine | None = None
        self.conn: AsyncConnection | None = None

    @property
    def open_(self) -> bool:
        return self.conn is not None

    async def open(self) -> AsyncConnection:
        """Connect (nothing is held on a new connection); raises one of GONE."""
        if self._engine is None:
            self._engine = create_async_engine(
                self._url,
                poolclass=NullPool,
                isolation_level="AUTOCOMMIT",
                connect_args=self._connect_args,
            )
        async with asyncio.timeout(self._timeout):
            self.conn = await self._engine.connect()
        return self.conn

    async def execute(self, stmt: Any, params: dict[str, Any]) -> list[Any]:
        """The rows of `stmt`; on one of GONE the connection is dropped and it is raised."""
        if self.conn is None:
            raise OSError("the lock connection is closed")
        try:
            async with asyncio.timeout(self._timeout):
                return list((await self.conn.execute(stmt, params)).all())
        except GONE:
            await self.lost()
            raise

    async def lost(self) -> None:
        """Drop the connection without talking to the server (it may be dead or hung)."""
        conn, self.conn = self.conn, None
        if conn is not None:
            with suppress(*GONE):
                await conn.invalidate()
                await conn.close()

    async def close(self) -> None:
        """Close politely if the server answers in time, else drop the socket; idempotent.
        Either way the server frees every lock the session held."""
        conn = self.conn
        if conn is not None:
            try:
                async with asyncio.timeout(self._timeout):
                    await conn.close()
                self.conn = None
            except GONE:
                await self.lost()
        if self._engine is not None:
            engine, self._engine = self._engine, None
            await engine.dispose()
