"""The unit of work: one transaction per user action, repositories bound to it.

Use it as `async with db.unit_of_work() as uow: ...; await uow.commit()`. Leaving the
block without `commit()` (or with an exception) rolls everything back, so a use case that
fails half-way leaves nothing behind.
"""

from __future__ import annotations

import asyncio
from types import TracebackType
from typing import Self

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from storage.engine import READ_ONLY, make_engine
from storage.repositories.bookkeeping import (
    InboxRepository,
    PrivateChatRepository,
    ReplyRepository,
    SetupStateRepository,
    UpdateRepository,
)
from storage.repositories.leases import LeaseRepository
from storage.repositories.links import LinkRepository
from storage.repositories.matches import MatchRepository
from storage.repositories.players import PlayerRepository
from storage.repositories.reminders import ReminderRepository
from storage.repositories.results import ResultRepository
from storage.repositories.teams import TeamRepository
from storage.repositories.tiebreak import TiebreakRepository
from storage.repositories.tournaments import TournamentRepository


class UnitOfWork:
    tournaments: TournamentRepository
    teams: TeamRepository
    matches: MatchRepository
    results: ResultRepository
    tiebreak: TiebreakRepository
    updates: UpdateRepository
    reminders: ReminderRepository
    private_chats: PrivateChatRepository
    setups: SetupStateRepository
    inbox: InboxRepository
    replies: ReplyRepository
    links: LinkRepository
    players: PlayerRepository
    leases: LeaseRepository

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        lock: asyncio.Lock | None = None,
        holder: list[asyncio.Task[object] | None] | None = None,
    ) -> None:
        self._sessions = sessions
        self._lock = lock
        self._holder = holder  # which task holds `lock`, shared by the Database's writers
        self._session: AsyncSession | None = None

    @property
    def session(self) -> AsyncSession:
        if self._session is None:
            raise RuntimeError("unit of work used outside `async with`")
        return self._session

    @property
    def dialect(self) -> str:
        """The engine's name, "sqlite" or "postgresql": a few steps are spelled per engine."""
        return self.session.get_bind().dialect.name

    async def __aenter__(self) -> Self:
        if self._lock is not None:
            task = asyncio.current_task()
            if self._holder is not None and self._holder[0] is task and task is not None:
                # A second write unit of work inside the first would wait on itself forever.
                raise RuntimeError("nested write unit of work in one task (it would deadlock)")
            await self._lock.acquire()
            if self._holder is not None:
                self._holder[0] = task  # type: ignore[assignment]
        session = self._session = self._sessions()
        for name, repository in UnitOfWork.__annotations__.items():
            setattr(self, name, globals()[repository](session))  # each bound to the session
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        session, self._session = self.session, None
        try:
            # Closing rolls back whatever is uncommitted (nothing after commit()), in one
            # call instead of a rollback() and then a close().
            await session.close()
        finally:
            if self._lock is not None:
                if self._holder is not None:
                    self._holder[0] = None
                self._lock.release()

    async def commit(self) -> None:
        await self.session.commit()


class Database:
    """Engines plus unit-of-work factories; build one per process from a URL.

    On SQLite, write units of work of this process take turns on a FIFO asyncio lock and
    one connection: concurrent writers then queue fairly in asyncio instead of in SQLite's
    busy handler, which sleeps in steps of up to 100 ms (seconds of stall under load). Other
    processes still meet BEGIN IMMEDIATE and the busy timeout. Reads use their own pool and
    never wait for writers (WAL).
    """

    def __init__(self, engine: AsyncEngine, write_engine: AsyncEngine | None = None) -> None:
        self.engine = engine
        self.write_engine = write_engine or engine
        self._write_lock = asyncio.Lock() if engine.dialect.name == "sqlite" else None
        self._write_holder: list[asyncio.Task[object] | None] = [None]
        self._writes = async_sessionmaker(self.write_engine, expire_on_commit=False)
        self._reads = async_sessionmaker(
            engine.execution_options(**{READ_ONLY: True}), expire_on_commit=False
        )

    @classmethod
    def from_url(cls, url: str | None = None) -> Database:
        """`url` defaults to $TURNUVA_DB_URL, else the SQLite file in the data directory."""
        engine = make_engine(url, read_only=True)  # SQLite: connections that refuse writes
        if engine.dialect.name != "sqlite":
            return cls(engine)
        return cls(engine, make_engine(url, pool_size=1, max_overflow=0))

    def unit_of_work(self, *, read_only: bool = False) -> UnitOfWork:
        """A fresh unit of work. `read_only` lets SQLite readers skip the writer lock."""
        if read_only:
            return UnitOfWork(self._reads)
        return UnitOfWork(self._writes, self._write_lock, self._write_holder)

    async def dispose(self) -> None:
        await self.engine.dispose()
        if self.write_engine is not self.engine:
            await self.write_engine.dispose()
