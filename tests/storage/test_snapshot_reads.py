"""Reads and writes through the SQLite driver that runs statements on the event loop.

`storage.sqlite_driver` sends only BEGIN IMMEDIATE, a writer's COMMIT and connecting to
aiosqlite's thread. These tests pin what that must keep: read-only units of work refuse
writes, readers do not wait for a writer, a writer still waits its turn off the event
loop, Core connections work, and a read makes no trip to the thread at all.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from zoneinfo import ZoneInfo

import aiosqlite
import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError
from storage_data import T0, new_tournament
from test_storage_results import make_tournament

from storage.uow import Database


async def test_a_read_only_unit_of_work_sees_the_data_and_refuses_writes(db: Database):
    tid = await make_tournament(db)
    async with db.unit_of_work(read_only=True) as uow:
        assert (await uow.tournaments.get(tid)).name == "Kış Kupası"
        assert len(await uow.matches.plan(tid)) == len(new_tournament().plan)
        if uow.dialect == "sqlite":
            with pytest.raises(OperationalError, match="readonly"):
                await uow.tournaments.archive(tid, T0)
    async with db.unit_of_work(read_only=True) as uow:
        assert (await uow.tournaments.get(tid)).status == "active"


async def test_plan_times_come_in_utc_or_on_the_clock_asked_for(db: Database):
    tid = await make_tournament(db)
    zone = ZoneInfo("Europe/Istanbul")
    async with db.unit_of_work(read_only=True) as uow:
        utc = await uow.matches.plan(tid)
        local = await uow.matches.plan(tid, zone)
    assert [m.match.start for m in utc] == [m.match.start for m in local]  # same instants
    assert utc[0].match.start.utcoffset() == timedelta(0)
    assert local[0].match.start.tzinfo is zone
    assert local[0].match.start.hour == 10  # T0 is 07:00 UTC


async def test_core_connections_run_several_statements(db: Database):
    """SQLAlchemy's AsyncConnection insists on an await per statement (AwaitRequired)."""
    await make_tournament(db)
    async with db.engine.connect() as conn:
        for _ in range(3):
            assert (await conn.execute(text("SELECT count(*) FROM matches"))).scalar() == 13
    async with db.write_engine.begin() as conn:
        await conn.execute(text("UPDATE tournaments SET name = 'Bahar Kupası'"))
    async with db.unit_of_work(read_only=True) as uow:
        assert [
            t.name
            for t in [
                n.tournament
                for n in reversed(await uow.tournaments.numbered(new_tournament().chat_id))
            ]
        ] == ["Bahar Kupası"]


async def test_readers_do_not_wait_while_a_writer_holds_its_transaction(db: Database):
    tid = await make_tournament(db)
    async with db.unit_of_work() as writer:
        await writer.tournaments.archive(tid, T0)  # uncommitted, the write lock held
        # A reader that waited for the writer would wait forever here (the writer is this
        # task), or SQLite's busy timeout (15 s): 10 s tells it from a slow machine's read.
        async with asyncio.timeout(10):
            async with db.unit_of_work(read_only=True) as reader:
                assert (await reader.tournaments.get(tid)).status == "active"
        await writer.commit()
    async with db.unit_of_work(read_only=True) as reader:
        assert (await reader.tournaments.get(tid)).status == "archived"


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_a_writer_of_another_process_is_waited_for_off_the_event_loop(db: Database):
    """BEGIN IMMEDIATE waits (busy timeout) on aiosqlite's thread: the loop keeps going."""
    tid = await make_tournament(db)
    path = db.engine.url.database
    other = await aiosqlite.connect(path, isolation_level=None)
    try:
        await other.execute("BEGIN IMMEDIATE")  # as another process would
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        ticker = asyncio.create_task(tick())

        async def write() -> None:
            async with db.unit_of_work() as uow:
                await uow.tournaments.archive(tid, T0)
                await uow.commit()

        writing = asyncio.create_task(write())
        # The loop ticks on while the writer waits (a writer waiting on the loop's thread
        # would stop the ticks until the busy timeout gave up, and be done by then): ten
        # ticks counted, however slowly a loaded machine runs them, not so many ms slept.
        async with asyncio.timeout(10):
            while ticks < 10:  # noqa: ASYNC110 - ticks of the loop itself
                await asyncio.sleep(0.01)
        assert not writing.done()  # still waiting for the other writer
        await other.execute("COMMIT")
        async with asyncio.timeout(5):
            await writing
        ticker.cancel()
    finally:
        await other.close()
    async with db.unit_of_work(read_only=True) as uow:
        assert (await uow.tournaments.get(tid)).status == "archived"


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_a_read_makes_no_trip_to_the_driver_thread(db: Database, monkeypatch):
    tid = await make_tournament(db)
    async with db.unit_of_work(read_only=True) as uow:  # a pooled connection exists now
        await uow.tournaments.get(tid)
    trips = []
    real = aiosqlite.Connection._execute

    async def counted(self, fn, *args, **kwargs):
        trips.append(fn)
        return await real(self, fn, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    async with db.unit_of_work(read_only=True) as uow:
        await uow.tournaments.get(tid)
        await uow.tournaments.load(tid)
        await uow.matches.plan(tid)
    assert trips == []
    async with db.unit_of_work() as uow:
        await uow.tournaments.archive(tid, T0)
        await uow.commit()
    assert len(trips) == 1  # the COMMIT (BEGIN IMMEDIATE found the write lock free)


async def test_every_read_after_a_commit_sees_it_even_with_readers_running_alongside(
    db: Database,
):
    """No pooled reader keeps an old snapshot: each unit of work ends its transaction."""
    tid = await make_tournament(db)
    stop = asyncio.Event()

    async def reader() -> None:  # keeps the pool's connections busy in between
        while not stop.is_set():
            async with db.unit_of_work(read_only=True) as uow:
                await uow.tournaments.get(tid)
                await asyncio.sleep(0)
                await uow.matches.plan(tid)

    readers = [asyncio.create_task(reader()) for _ in range(4)]
    try:
        for n in range(60):
            async with db.unit_of_work() as uow:
                await uow.tournaments.update_settings(tid, live_message_id=n)
                await uow.commit()
            for _ in range(3):
                async with db.unit_of_work(read_only=True) as uow:
                    assert (await uow.tournaments.get(tid)).settings.live_message_id == n
                await asyncio.sleep(0)
    finally:
        stop.set()
        await asyncio.gather(*readers)
