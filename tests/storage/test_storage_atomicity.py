"""A tournament is stored whole or not at all."""

from __future__ import annotations

import dataclasses

import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from storage_data import T0, new_tournament

from storage import migrate
from storage.errors import TeamNotFound
from storage.rows import Base
from storage.uow import Database


async def row_counts(db: Database) -> dict[str, int]:
    async with db.unit_of_work(read_only=True) as uow:
        return {
            table.name: int(await uow.session.scalar(select(func.count()).select_from(table)) or 0)
            for table in Base.metadata.sorted_tables
        }


async def assert_empty(db: Database) -> None:
    counts = await row_counts(db)
    assert counts == dict.fromkeys(counts, 0)


async def test_a_plan_naming_an_unknown_team_leaves_nothing_behind(db: Database):
    new = new_tournament()
    bad = dataclasses.replace(new.plan[-2], home="Hayalet FK")
    broken = dataclasses.replace(new, plan=(*new.plan[:-2], bad, new.plan[-1]))

    with pytest.raises(TeamNotFound):
        async with db.unit_of_work() as uow:
            await uow.tournaments.create(broken, T0)
            await uow.commit()

    await assert_empty(db)


async def test_a_database_error_half_way_through_the_plan_leaves_nothing_behind(db: Database):
    new = new_tournament()
    clash = dataclasses.replace(new.plan[-1], no=new.plan[0].no)  # two matches numbered 1
    broken = dataclasses.replace(new, plan=(*new.plan[:-1], clash))

    with pytest.raises(IntegrityError):
        async with db.unit_of_work() as uow:
            await uow.tournaments.create(broken, T0)
            await uow.commit()

    await assert_empty(db)


async def test_a_crash_before_commit_leaves_nothing_and_the_chat_can_start_over(db: Database):
    class Crash(Exception):
        pass

    with pytest.raises(Crash):
        async with db.unit_of_work() as uow:
            tid = await uow.tournaments.create(new_tournament(), T0)
            assert len(await uow.matches.plan(tid)) == len(new_tournament().plan)
            raise Crash

    await assert_empty(db)
    async with db.unit_of_work() as uow:
        await uow.tournaments.create(new_tournament(), T0)
        await uow.commit()
    assert (await row_counts(db))["matches"] == len(new_tournament().plan)


async def test_a_nested_write_unit_of_work_on_sqlite_fails_loudly_instead_of_hanging(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'nested.sqlite3'}"
    await migrate.upgrade_async(url)
    db = Database.from_url(url)
    try:
        async with db.unit_of_work():
            with pytest.raises(RuntimeError, match="nested"):
                async with db.unit_of_work():
                    pass
        async with db.unit_of_work() as uow:  # the lock was released: a new one works
            await uow.commit()
    finally:
        await db.dispose()
