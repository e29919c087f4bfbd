"""The durable intake's inbox and the hourly pruning, on a real SQLite file."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from telegram import Bot, Update

from bot.runtime import hygiene, services
from bot.runtime.intake import Intake
from storage import migrate
from storage.uow import Database

NOW = datetime(2026, 12, 6, 7, 0, tzinfo=UTC)
BOT = Bot("123456:TEST")


def update(update_id: int, chat_id: int = -100, text: str = "Kartallar 1-0 Şahinler") -> Update:
    user = {"id": 7, "is_bot": False, "first_name": "Ayşe"}
    chat = {"id": chat_id, "type": "supergroup", "title": "G"}
    message = {"message_id": update_id, "date": int(NOW.timestamp()), "chat": chat}
    return Update.de_json(
        {"update_id": update_id, "message": message | {"from": user, "text": text}}, BOT
    )


@pytest.fixture
async def db(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}"
    await migrate.upgrade_async(url)
    database = Database.from_url(url)
    yield database
    await database.dispose()


async def test_received_updates_wait_in_the_inbox_until_handled_and_copies_are_ignored(db):
    intake = Intake(lambda: db, lambda: NOW)
    fresh = await intake.store([update(1), update(2), update(3)])
    assert [u.update_id for u in fresh] == [1, 2, 3]
    assert await intake.store([update(2)]) == []  # a copy Telegram sent again
    await intake.finished(fresh[0])
    await intake.flush()

    after_crash = Intake(lambda: db, lambda: NOW)  # a new process: what is left to do
    replay, offset = await after_crash.unfinished(BOT)
    assert [u.update_id for u in replay] == [2, 3] and offset == 4
    assert replay[0].message.text == "Kartallar 1-0 Şahinler"
    assert await after_crash.store([update(1)]) == []  # handled already: not again


async def test_pruning_forgets_old_ids_abandoned_set_ups_and_their_index(db):
    intake = Intake(lambda: db, lambda: NOW)
    done = await intake.store([update(1), update(2)])
    for u in done:
        await intake.finished(u)
    await intake.flush()
    async with db.unit_of_work() as uow:
        await uow.updates.claim(1, NOW)
        await uow.setups.put(5, 5, {"step": "name"}, NOW)  # abandoned
        await uow.setups.put(6, 6, {"step": "name"}, NOW + timedelta(days=2))  # going on
        await uow.commit()
    found = services.Services(db=db, clock=lambda: NOW + timedelta(days=2, hours=1))
    found.conversations = {(5, 5), (6, 6), (9, 9)}  # (9, 9): left by /iptal, stored nowhere

    pruned = await hygiene.prune(found)

    assert (pruned.updates, pruned.setups, pruned.index) == (1, 1, 2)
    assert pruned.inbox == 1  # the newest row stays: polling resumes after it
    assert found.conversations == {(6, 6)}
    _, offset = await Intake(lambda: db, found.clock).unfinished(BOT)
    assert offset == 3
