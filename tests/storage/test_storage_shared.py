"""Several processes on one database (issue 24): migrations that wait for each other, the
inbox taken chat by chat, and chat leases (rows with epochs: tests/storage/test_chat_leases.py
has the rest)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest
from sqlalchemy import text
from test_storage_migrations import HEAD

from storage import migrate
from storage.leader import Sole, lock_key
from storage.leases import NO_CHAT, ChatLeases
from storage.uow import Database


def test_the_migration_lock_key_is_derived_from_its_name():
    assert lock_key(b"turnuva-migrations") == migrate.LOCK_KEY


async def test_four_processes_migrating_an_empty_database_at_once_all_succeed(
    empty_db_url: str,
):
    """On PostgreSQL one migrates under the advisory lock, the others wait and find the
    schema current (without the lock they raced to CREATE TABLE: one failed, or they hung)."""
    together = asyncio.gather(*(migrate.upgrade_async(empty_db_url) for _ in range(4)))
    await asyncio.wait_for(together, timeout=60)
    assert await migrate.current_async(empty_db_url) == HEAD


NOW = datetime(2027, 1, 10, 9, 0, tzinfo=UTC)


def received(update_id: int, chat_id: int | None) -> tuple[int, int | None, dict]:
    return (update_id, chat_id, {"update_id": update_id})


async def test_a_chat_s_updates_are_taken_oldest_first_each_counted(db: Database):
    async with db.unit_of_work() as uow:
        await uow.inbox.add([received(3, -5), received(1, -5), received(2, -6)], NOW)
        await uow.inbox.add([received(4, None)], NOW)
        await uow.commit()
    async with db.unit_of_work() as uow:
        assert await uow.inbox.pending_chats() == {-5, -6, None}
        first = await uow.inbox.take(-5, "a:1")
        again = await uow.inbox.take(-5, "b:2")  # not done yet: the same one, begun twice
        alone = await uow.inbox.take(None, "a:1")
        await uow.commit()
    assert (first.update_id, first.attempts, again.update_id, again.attempts) == (1, 1, 1, 2)
    assert alone.update_id == 4 and alone.payload == {"update_id": 4}
    async with db.unit_of_work() as uow:
        await uow.inbox.finish([1], NOW)
        await uow.inbox.set_aside(3, NOW)
        await uow.commit()
    async with db.unit_of_work() as uow:
        assert await uow.inbox.take(-5, "a:1") is None  # 1 done, 3 set aside
        assert await uow.inbox.pending_chats() == {-6, None}
        taken_by = await uow.session.scalar(text("SELECT taken_by FROM inbox WHERE update_id = 1"))
    assert taken_by == "b:2"


async def test_chat_leases_one_holder_at_a_time_and_news_heard_by_every_process(pg_db, second):
    heard: list[set[int]] = []
    a, b = ChatLeases(pg_db, heard.append, "a"), ChatLeases(second, lambda chats: None, "b")
    await a.open()
    await b.open()
    try:
        assert await a.take([-5, -6, None]) == {-5, -6, NO_CHAT}
        assert await b.take([-5, -7]) == {-7}
        assert await a.take([-5]) == set()  # held already: not taken twice
        await a.release([-6])
        assert await b.take([-6]) == {-6}
        assert (a.held, b.held) == ({-5: 1, NO_CHAT: 1}, {-7: 1, -6: 2})
        async with second.unit_of_work() as uow:  # what a receiving process sends
            await uow.inbox.add([received(9, -5)], NOW)
            await uow.inbox.announce([-5, None])
            await uow.commit()
        await poll(lambda: heard == [{-5, 0}])
        await a.close()  # a stop gives every lease back at once
        assert await b.take([-5, None]) == {-5, NO_CHAT}
    finally:
        await a.close()
        await b.close()


WAIT = 30  # seconds for what will come (a NOTIFY, a dropped session's end), loaded or not


async def poll(condition) -> None:
    async with asyncio.timeout(WAIT):
        while not condition():  # noqa: ASYNC110 - a NOTIFY arrives on asyncpg's own time
            await asyncio.sleep(0.01)


@pytest.fixture
async def second(pg_db: Database) -> AsyncIterator[Database]:
    other = Database.from_url(pg_db.engine.url.render_as_string(hide_password=False))
    yield other
    await other.dispose()


async def test_one_poller_per_database_the_second_waits_for_the_first(db: Database, tmp_path):
    """On PostgreSQL an advisory lock, on a SQLite file an flock beside it: a second
    polling process sees it is not the one (and says so, bot/runtime/intake.py)."""
    other = Database.from_url(db.engine.url.render_as_string(hide_password=False))
    first, second = Sole(db), Sole(other)
    try:
        assert await first.hold()
        assert await first.hold()  # still the one
        assert not await second.hold()
        await first.release()
        assert await second.hold()
        assert not await first.hold()
    finally:
        await first.release()
        await second.release()
        await other.dispose()


async def test_the_next_update_of_a_chat_says_what_may_be_missing_before_it(db: Database):
    """Update ids are consecutive across chats: an id between a chat's previous update and
    its next one that is not stored at all may be this chat's, still on its way."""
    async with db.unit_of_work() as uow:
        await uow.inbox.add([received(10, -5), received(11, -6), received(14, -5)], NOW)
        await uow.inbox.finish([10], NOW)
        await uow.commit()
    async with db.unit_of_work() as uow:
        found = await uow.inbox.next_in_order(-5, span=64)
        assert (found.update_id, found.missing, found.late) == (14, 2, False)  # 12, 13
        await uow.inbox.add([received(12, -7), received(13, -5)], NOW)
        found = await uow.inbox.next_in_order(-5, span=64)
        assert (found.update_id, found.missing) == (13, 0)  # 13 came: it goes first
        await uow.inbox.finish([14], NOW)
        late = await uow.inbox.next_in_order(-5, span=64)
        assert (late.update_id, late.late) == (13, True)  # 14 was handled before it came
        first = await uow.inbox.next_in_order(-6, span=64)
        assert (first.update_id, first.missing) == (11, 0)  # a chat's first: 10 is stored
        assert await uow.inbox.next_in_order(-8, span=64) is None
