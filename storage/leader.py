"""Who fires reminders when several bot processes share one PostgreSQL database.

The leader is the process holding a PostgreSQL session-level advisory lock on a connection
of its own, kept open for as long as it leads (docs/reminders.md, "Several processes").
When the process dies, its connection closes and PostgreSQL frees the lock, so another
process's next `hold()` takes it. The connection does not come from the shared pool: a
pooled connection goes back to the pool (and to other work) between uses, and a lock on it
would outlive its owner's interest or vanish with a recycle. A claim still checks the row's
status and due time, so two leaders for a moment (a network split) cannot send twice.

SQLite serves one process, which always leads.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from contextlib import suppress

from sqlalchemy import BigInteger, bindparam, text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

from storage.uow import Database

log = logging.getLogger(__name__)

LOCK_NAME = b"turnuva-reminders"
# The advisory lock's key: the first 8 bytes of SHA-256(LOCK_NAME) as a signed 64-bit
# integer (PostgreSQL's bigint). Written out so it never changes with the code around it;
# tests/storage/test_leader.py checks the derivation.
LOCK_KEY = 4396721382677454948
DEFAULT_TIMEOUT = 5.0  # seconds for one look at the database; the caller retries in ~10 s

_PING = text("SELECT 1")
_KEY = bindparam("key", type_=BigInteger)  # sent as bigint: the one-argument lock functions
_TRY_LOCK = text("SELECT pg_try_advisory_lock(:key)").bindparams(_KEY)
_UNLOCK = text("SELECT pg_advisory_unlock(:key)").bindparams(_KEY)
# A connection that is gone raises a driver error (wrapped by SQLAlchemy), a socket error,
# or hangs until the timeout: each means "not held".
_GONE = (SQLAlchemyError, OSError, TimeoutError)


def lock_key(name: bytes = LOCK_NAME) -> int:
    """A stable signed 64-bit advisory-lock key for `name`."""
    return int.from_bytes(hashlib.sha256(name).digest()[:8], "big", signed=True)


class Leadership:
    """The reminder leader's lock. Call `hold()` every few seconds: True while this process
    leads; `release()` at shutdown lets another process take over at once."""

    def __init__(
        self, db: Database, key: int = LOCK_KEY, *, timeout: float = DEFAULT_TIMEOUT
    ) -> None:
        self._db = db
        self._key = key
        self._timeout = timeout
        self._postgresql = db.engine.dialect.name == "postgresql"
        self._engine: AsyncEngine | None = None
        self._conn: AsyncConnection | None = None
        self._held = False
        self._busy = asyncio.Lock()  # hold() and release() from several tasks take turns

    @property
    def held(self) -> bool:
        """What the last `hold()` found (False after `release()`)."""
        return self._held

    async def hold(self) -> bool:
        """True if this process leads now: it held the lock and its connection still
        answers, or it has just taken the lock. A dead connection is dropped and the lock
        tried afresh (another process may have taken it meanwhile)."""
        async with self._busy:
            if not self._postgresql:
                self._held = True
                return True
            if self._conn is not None:
                if await self._alive(self._conn):
                    return True
                log.warning("leader lock connection lost; trying to take the lock again")
                await self._discard()
            self._held = await self._take()
            return self._held

    async def release(self) -> None:
        """Give up the lead (unlock and close the connection); idempotent."""
        async with self._busy:
            self._held = False
            conn, self._conn = self._conn, None
            if conn is not None:
                with suppress(*_GONE):  # a dead session has freed the lock already
                    async with asyncio.timeout(self._timeout):
                        await conn.execute(_UNLOCK, {"key": self._key})
                await self._close(conn)
            if self._engine is not None:
                engine, self._engine = self._engine, None
                await engine.dispose()

    async def _alive(self, conn: AsyncConnection) -> bool:
        try:
            async with asyncio.timeout(self._timeout):
                await conn.execute(_PING)
        except _GONE:
            return False
        return True

    async def _discard(self) -> None:
        conn, self._conn = self._conn, None
        self._held = False
        if conn is not None:
            await _invalidate(conn)

    async def _take(self) -> bool:
        if self._engine is None:
            # Its own connection (NullPool: never shared, closed for real), in autocommit so
            # it holds no transaction open while it sits there holding the lock.
            self._engine = create_async_engine(
                self._db.engine.url, poolclass=NullPool, isolation_level="AUTOCOMMIT"
            )
        conn: AsyncConnection | None = None
        try:
            async with asyncio.timeout(self._timeout):
                conn = await self._engine.connect()
                got = bool(await conn.scalar(_TRY_LOCK, {"key": self._key}))
        except _GONE as exc:
            log.warning("cannot reach the database to take the leader lock: %r", exc)
            got = False
        if got:
            self._conn = conn
            return True
        if conn is not None:
            await self._close(conn)
        return False

    async def _close(self, conn: AsyncConnection) -> None:
        """Close politely if the server answers in time, else drop the socket."""
        try:
            async with asyncio.timeout(self._timeout):
                await conn.close()
        except _GONE:
            await _invalidate(conn)


async def _invalidate(conn: AsyncConnection) -> None:
    """Close a connection without talking to the server (it may be dead or hung)."""
    with suppress(*_GONE):
        await conn.invalidate()
        await conn.close()
