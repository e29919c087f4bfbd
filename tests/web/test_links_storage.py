"""LinkRepository on SQLite and PostgreSQL: one live token per tournament, renewal retires
the old one, and the revision fingerprint moves with what a page shows."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from conftest import BEFORE
from eight_team_day import CHAT, ORGANISER, SPEC

from bot.usecases import results, setup
from bot.usecases.runner import Actor
from storage import migrate
from storage.uow import Database

_spec = importlib.util.spec_from_file_location(
    "storage_conftest", Path(__file__).resolve().parents[1] / "storage" / "conftest.py"
)
storage_conftest = importlib.util.module_from_spec(_spec)  # type: ignore[arg-type]
_spec.loader.exec_module(storage_conftest)  # type: ignore[union-attr]


@pytest.fixture(scope="module")
def postgres():
    databases = storage_conftest.PostgresDatabases()
    if databases.unreachable:
        print(f"\nlink storage tests: {databases.unreachable}; PostgreSQL half skipped")
    yield databases
    databases.drop_all()


@pytest.fixture(params=storage_conftest.ENGINES)
async def stored(request, tmp_path, postgres):
    url = await storage_conftest.fresh_url(request.param, tmp_path, postgres, None)
    await migrate.upgrade_async(url)
    db = Database.from_url(url)
    async with db.unit_of_work() as uow:
        await setup.create(uow, SPEC, chat_id=CHAT, user_id=ORGANISER, now=BEFORE)
        await uow.commit()
    yield db
    await db.dispose()


async def test_ensure_makes_one_token_and_renew_retires_it(stored):
    async with stored.unit_of_work() as uow:
        first = await uow.links.ensure(1, BEFORE)
        assert await uow.links.ensure(1, BEFORE) == first
        await uow.commit()
    assert len(first) >= 32  # 192 random bits, URL-safe
    async with stored.unit_of_work() as uow:
        second = await uow.links.renew(1, BEFORE)
        await uow.commit()
    async with stored.unit_of_work(read_only=True) as uow:
        assert second != first
        assert await uow.links.tournament_of(first) is None
        assert await uow.links.tournament_of(second) == 1
        assert await uow.links.live(1) == second


async def test_the_revision_moves_with_a_result_and_a_rename_only(stored):
    async def revision():
        async with stored.unit_of_work(read_only=True) as uow:
            return await uow.links.revisions([1, 99])

    async with stored.unit_of_work() as uow:
        token = await uow.links.ensure(1, BEFORE)
        await uow.commit()
    before = await revision()
    assert set(before) == {1} and before[1][1] == token
    assert await revision() == before
    async with stored.unit_of_work() as uow:
        await results.record(uow, results.Record("A1 3-1 A4"), Actor(ORGANISER, CHAT, BEFORE))
        await uow.commit()
    scored = await revision()
    assert scored[1][0] != before[1][0]
    async with stored.unit_of_work() as uow:
        await uow.teams.rename(1, "A1", "Kartallar")
        await uow.commit()
    assert (await revision())[1][0] != scored[1][0]
