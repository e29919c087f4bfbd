"""Who fires reminders when several bot processes share one PostgreSQL database.

The leader is the process holding a PostgreSQL session-level advisory lock on a connection
of its own, kept open for as long as it leads (docs/reminders.md, "Several processes").
When the process dies, its connection closes and PostgreSQL frees the lock, so another
process's next `hold()` takes it (storage.leases: why a connection of its own). A claim
still checks the row's status and due time, so two leaders for a moment (a network split)
cannot send twice.

SQLite serves one process, which always leads.

`Sole` is the same lock under another key for polling (bot/runtime/intake.py): Telegram
gives one getUpdates at a time to a bot, so a second poller on the database waits, saying
so, and takes over when the first stops. On a SQLite file it is an flock on a file beside
it (`<database>.poller`), freed by the kernel when the process ends.
"""

from __future__ import annotations

import asyncio
import fcntl
import hashlib
import logging
import os
from contextlib import suppress

from sqlalchemy import BigInteger, bindparam, text

from storage.engine import sqlite_path
from storage.leases import GONE, PING, LockConnection
from storage.uow import Database

log = logging.getLogger(__name__)

LOCK_NAME = b"turnuva-reminders"
# The advisory lock's key: the first 8 bytes of SHA-256(LOCK_NAME) as a signed 64-bit
# integer (PostgreSQL's bigint). Written out so it never changes with the code around it;
# tests/storage/test_leader.py checks the derivation.
LOCK_KEY = 4396721382677454948
POLLER_KEY = 5959722319288530348  # lock_key(b"turnuva-poller"): the one polling process
DEFAULT_TIMEOUT = 5.0  # seconds for one look at the database; the caller retries in ~10 s

_KEY = bindparam("key", type_=BigInteger)  # sent as bigint: the one-argument lock functions
_TRY_LOCK = text("SELECT pg_try_advisory_lock(:key)").bindparams(_KEY)
_UNLOCK = text("SELECT pg_advisory_unlock(:key)").bindparams(_KEY)


def lock_key(name: bytes = LOCK_NAME) -> int:
    """A stable signed 64-bit advisory-lock key for `name`."""
    return int.from_bytes(hashlib.sha256(name).digest()[:8], "big", signed=True)


class Leadership:
    """The reminder leader's lock. Call `hold()` every few seconds: True while this process
    leads; `release()` at shutdown lets another process take over at once."""

    def __init__(
        self, db: Database, key: int = LOCK_KEY, *, timeout: float = DEFAULT_TIMEOUT
    ) -> None:
        self._key = key
        self._postgresql = db.engine.dialect.name == "postgresql"
        self._conn = LockConnection(db.engine.url, timeout)
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
            if self._conn.open_:
                try:
                    await self._conn.execute(PING, {})
                    return True
                except GONE:
                    log.warning("leader lock connection lost; trying to take the lock again")
            self._held = await self._take()
            return self._held

    async def release(self) -> None:
        """Give up the lead (unlock and close the connection); idempotent."""
        async with self._busy:
            self._held = False
            if self._conn.open_:
                with suppress(*GONE):  # a dead session has freed the lock already
                    await self._conn.execute(_UNLOCK, {"key": self._key})
            await self._conn.close()

    async def _take(self) -> bool:
        try:
            await self._conn.open()
            if (await self._conn.execute(_TRY_LOCK, {"key": self._key}))[0][0]:
                return True
        except GONE as exc:
            log.warning("cannot reach the database to take the leader lock: %r", exc)
        await self._conn.close()
        return False


class Sole:
    """The one polling process: `hold()` True while this process is it (see the module)."""

    def __init__(self, db: Database) -> None:
        path = sqlite_path(db.engine.url.render_as_string(hide_password=False))
        self._file = None if path is None else path.with_name(path.name + ".poller")
        self._fd: int | None = None
        postgresql = db.engine.dialect.name == "postgresql"
        self._lock = Leadership(db, POLLER_KEY) if postgresql else None

    async def hold(self) -> bool:
        if self._lock is not None:
            return await self._lock.hold()
        if self._file is None or self._fd is not None:  # in memory: one process by nature
            return True
        fd = os.open(self._file, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._fd = fd
        return True

    async def release(self) -> None:
        if self._lock is not None:
            await self._lock.release()
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)  # the flock goes with the descriptor
