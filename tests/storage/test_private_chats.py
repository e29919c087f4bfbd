"""Who the bot may write to in private: users who started it there (migration 0005)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select
from storage_data import T0
from test_storage_migrations import tables
from test_storage_results import make_tournament

from storage import migrate
from storage.bookkeeping_rows import PrivateChatRow
from storage.uow import Database

BIG = 7_123_456_789  # user ids exceed 32 bits


async def test_a_user_who_started_the_bot_is_reachable_until_removed(db: Database):
    async with db.unit_of_work() as uow:
        assert await uow.private_chats.add(BIG, T0)
        assert not await uow.private_chats.add(BIG, T0 + timedelta(hours=1))  # idempotent
        assert await uow.private_chats.add(12, T0)
        await uow.commit()
    async with db.unit_of_work(read_only=True) as uow:
        assert await uow.private_chats.reachable([BIG, 12, 13, BIG]) == {BIG, 12}
        assert await uow.private_chats.reachable(iter([13])) == set()
        assert await uow.private_chats.reachable([]) == set()
        started = await uow.session.scalar(
            select(PrivateChatRow.started_at).where(PrivateChatRow.user_id == BIG)
        )
    assert started == T0  # the first start is kept

    async with db.unit_of_work() as uow:
        await uow.private_chats.remove(BIG)
        await uow.private_chats.remove(BIG)  # a second Forbidden is harmless
        await uow.commit()
    async with db.unit_of_work() as uow:
        assert await uow.private_chats.reachable([BIG, 12]) == {12}
        assert await uow.private_chats.add(BIG, T0)  # started again
        await uow.commit()


async def test_reachable_takes_more_ids_than_one_statement_binds(db: Database):
    async with db.unit_of_work() as uow:
        for user in range(0, 12_000, 1000):
            await uow.private_chats.add(user, T0)
        await uow.commit()
    async with db.unit_of_work(read_only=True) as uow:
        assert await uow.private_chats.reachable(range(12_000)) == set(range(0, 12_000, 1000))


async def test_migration_0005_steps_down_and_up_keeping_the_other_data(empty_db_url: str):
    await migrate.upgrade_async(empty_db_url)
    db = Database.from_url(empty_db_url)
    tid = await make_tournament(db)
    async with db.unit_of_work() as uow:
        await uow.private_chats.add(BIG, T0)
        await uow.commit()
    await db.dispose()

    await migrate.downgrade_async(empty_db_url, "0004")
    assert await migrate.current_async(empty_db_url) == "0004"
    assert "private_chats" not in await tables(empty_db_url)
    await migrate.upgrade_async(empty_db_url)  # 0005 and on: the code reads today's matches
    db = Database.from_url(empty_db_url)
    async with db.unit_of_work() as uow:
        assert await uow.private_chats.reachable([BIG]) == set()  # the table came back empty
        assert await uow.private_chats.add(BIG, T0)
        assert len(await uow.matches.plan(tid)) > 0
        await uow.commit()
    await db.dispose()
