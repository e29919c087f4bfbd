"""Chat leases: which of several bot processes on one PostgreSQL database handles a chat.

A lease is a row of `chat_leases` (storage/repositories/leases.py): its holder (this
process's `name`, unique per run), an epoch that grows at every take, and the holder's
last heartbeat, on the database's clock. The holder renews all its leases every HEARTBEAT
s; a lease not renewed within TTL s may be taken by another process, with the next
epoch. So a lease lives by its holder's heartbeat, not by a connection: a cut connection
loses nothing (the holder reconnects and beats on), and a hung or partitioned holder (a
SIGSTOP, a machine that still answers TCP keepalives) loses its chats within TTL s.

Fencing: a holder that lost a chat may not know it yet (it was hung, and wakes). So a
change is committed, and an update marked done, only in a transaction that finds the
holder's epoch unchanged (`LeaseRepository.holds`, through `Fence`); and this process
trusts a lease for TTL - MARGIN s after the beat that last renewed it began (`trusted`):
the database's clock cannot have passed the lease's expiry before then. A reply to a chat
whose lease is not trusted is sent only after a beat of its own renewed it (`confirm`).

The same connection LISTENs on the inbox's channel (storage.repositories.bookkeeping
CHANNEL): whichever process stores an update NOTIFYs the chat, so the process holding its
lease takes it at once instead of at its next look.

Only PostgreSQL: SQLite serves one process (bot/runtime/chats.py orders its chats).

`LockConnection` is such a connection of a process's own, for storage.leader's lock too:
held outside the shared pool (NullPool: never shared, closed for real); autocommit: no
transaction stays open. A connection that is gone raises a driver error (wrapped by
SQLAlchemy), a socket error, or hangs until the timeout: one of `GONE`; it is then dropped
without a word to the server (which may be what is gone).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from sqlalchemy import URL, text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

from storage.repositories.bookkeeping import CHANNEL
from storage.repositories.leases import (
    first_take_statement,
    release_statement,
    renew_statement,
    still_statement,
    take_statement,
)
from storage.uow import Database, UnitOfWork

NO_CHAT = 0  # the key of updates that belong to no chat
TIMEOUT = 5.0  # seconds for one statement on the lease connection
HEARTBEAT = 1.5  # seconds between two renewals of this process's leases
TTL = 6.0  # seconds a lease lives without a renewal; then another process may take it
MARGIN = 1.0  # seconds before TTL this process stops trusting a lease not renewed since
LOST_KEPT = 30.0  # seconds nothing is sent to a chat this process found another one took
KEEPALIVE = {  # server-side probes of this connection: a dead peer's session ends in ~5 s
    "tcp_keepalives_idle": "2",
    "tcp_keepalives_interval": "1",
    "tcp_keepalives_count": "3",
}
PING = text("SELECT 1")
GONE = (SQLAlchemyError, OSError, TimeoutError)  # the connection is lost or hangs
PG = "postgresql"


def key(chat_id: int | None) -> int:
    return NO_CHAT if chat_id is None else chat_id


class Fenced(Exception):
    """This process no longer holds the chat at the epoch its work began under: another
    process has taken it and answers it. The work is dropped without a word."""


@dataclass(frozen=True)
class Fence:
    """The lease an update is handled under: checked in the transaction of its change."""

    chat: int
    holder: str
    epoch: int

    async def check(self, uow: UnitOfWork, *, lock: bool = True) -> None:
        """In `uow`'s transaction: Fenced unless the lease is still ours; `lock`: the row
        stays locked until the commit, so no take slips in between (a change's commit; a
        take or a done mark needs no lock: what a stale one did is fenced at the change,
        and its reply at the send)."""
        if not await uow.leases.holds(self.chat, self.holder, self.epoch, lock=lock):
            raise Fenced(f"chat {self.chat}: lease epoch {self.epoch} is no longer ours")


class ChatLeases:
    """This process's leases. `notice` is called with the chat ids of every NOTIFY (its
    own included). The leases outlive the connection: when it is lost (one of GONE) the
    caller calls `open` again and beats on."""

    def __init__(
        self, db: Database, notice: Callable[[set[int]], None], name: str = "turnuva"
    ) -> None:
        self._notice = notice
        self.me = name
        # pg_stat_activity shows which process this connection is.
        settings = KEEPALIVE | {"application_name": f"turnuva-leases {name}"[:63]}
        self._conn = LockConnection(db.engine.url, TIMEOUT, server_settings=settings)
        self.held: dict[int, int] = {}  # key -> epoch
        self._trusted: dict[int, float] = {}  # key -> until (time.monotonic())
        self.taken_away: dict[int, float] = {}  # key -> when found taken by another process
        self._busy = asyncio.Lock()  # one statement at a time on the connection

    @property
    def open_(self) -> bool:
        return self._conn.open_

    async def open(self) -> None:
        """Connect and listen; the leases held stay held."""
        async with self._busy:  # no statement on the connection until it listens
            conn = await self._conn.open()
            try:
                async with asyncio.timeout(TIMEOUT):
                    raw = (await conn.get_raw_connection()).driver_connection
                    await raw.add_listener(CHANNEL, self._heard)  # type: ignore[union-attr]
            except BaseException:
                await self._conn.lost()
                raise

    def _heard(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        chats = set()
        for part in payload.split(","):
            with suppress(ValueError):
                chats.add(int(part))
        self._notice(chats)

    def fence(self, chat: int) -> Fence | None:
        epoch = self.held.get(chat)
        return None if epoch is None else Fence(chat, self.me, epoch)

    def trusted(self, chat: int) -> bool:
        """Held, and renewed recently enough that no other process can have taken it."""
        return chat in self.held and time.monotonic() < self._trusted.get(chat, 0.0)

    async def take(self, chats: Iterable[int | None]) -> set[int]:
        """Lease what is free of `chats` (never leased, given back, or expired); the keys
        this call took."""
        wanted = sorted({key(c) for c in chats} - set(self.held))
        if not wanted:
            return set()
        began = time.monotonic()
        got = {c: 1 for (c,) in await self._execute(first_take_statement(PG, wanted, self.me))}
        if rest := [k for k in wanted if k not in got]:
            got |= dict(await self._execute(take_statement(PG, rest, self.me, TTL)))
        for chat, epoch in got.items():
            self.taken_away.pop(chat, None)
            self.held[chat] = epoch
            self._trusted[chat] = began + TTL - MARGIN
        return set(got)

    async def renew(self, only: Iterable[int] | None = None) -> set[int]:
        """The heartbeat, for every lease held (or `only` these): the keys found lost
        (another process took them after they expired); they are held no more."""
        held = dict(self.held) if only is None else {k: self.held[k] for k in only}
        if not held:
            await self._execute(PING)  # the connection is alive
            return set()
        began = time.monotonic()
        renewed = {c for (c,) in await self._execute(renew_statement(PG, held, self.me))}
        rest = {k: e for k, e in held.items() if k not in renewed}
        still = (
            {c for (c,) in await self._execute(still_statement(rest, self.me))} if rest else set()
        )
        for chat in renewed:
            if self.held.get(chat) == held[chat]:
                self._trusted[chat] = began + TTL - MARGIN
        lost = set(rest) - still
        for chat in lost:
            if self.held.get(chat) == held[chat]:
                self.forget(chat)
        return lost

    async def confirm(self, chat: int) -> bool:
        """Whether the lease of `chat` is still ours, renewed now if it is not trusted."""
        if self.trusted(chat):
            return True
        if chat not in self.held:
            return False
        with suppress(*GONE):
            await self.renew([chat])
        return self.trusted(chat)

    async def vouch(self, chat: int) -> bool:
        """Whether a reply to `chat` may go out from this process: not while its lease is
        not renewed (`confirm`), nor for LOST_KEPT s after another process took it; a chat
        this process never held, yes."""
        if chat in self.held:
            return await self.confirm(chat)
        at = self.taken_away.get(chat)
        return at is None or time.monotonic() - at > LOST_KEPT

    async def release(self, keys: Iterable[int]) -> None:
        mine = {k: self.held[k] for k in set(keys) if k in self.held}
        if mine:
            for chat in mine:
                self._drop(chat)
            await self._execute(release_statement(mine, self.me))

    def forget(self, chat: int) -> None:
        """Another process has the chat now (found by a beat or a fence): held no more."""
        self._drop(chat)
        self.taken_away[chat] = time.monotonic()

    def _drop(self, chat: int) -> None:
        self.held.pop(chat, None)
        self._trusted.pop(chat, None)

    async def ping(self) -> None:
        await self._execute(PING)

    async def _execute(self, stmt: Any, params: dict[str, Any] | None = None) -> list[Any]:
        async with self._busy:
            return await self._conn.execute(stmt, params or {})

    async def lost(self) -> None:
        """The connection failed: drop it without a word to the server (it may be the one
        that is gone); the leases stay ours until they expire."""
        await self._conn.lost()

    async def close(self) -> None:
        """Give every lease back (others take them at once), then close; idempotent."""
        if self.held and self._conn.open_:
            with suppress(*GONE):
                await self.release(list(self.held))
        self.held, self._trusted = {}, {}
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
                done = await self.conn.execute(stmt, params)
                return list(done.all()) if done.returns_rows else []
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
