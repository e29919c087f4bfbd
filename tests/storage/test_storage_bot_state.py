"""The bot's bookkeeping survives restarts: set-up conversations, reminders, update ids."""

from __future__ import annotations

from datetime import timedelta

from storage_data import T0
from test_storage_results import make_tournament

from storage.uow import Database


async def test_a_guided_set_up_survives_a_restart(db_url: str):
    first = Database.from_url(db_url)
    state = {"step": "pitches", "answers": {"teams": ["Kartallar", "Şimşekler"]}}
    async with first.unit_of_work() as uow:
        await uow.setups.put(-100, 7, state, T0)
        await uow.setups.put(-100, 7, state | {"step": "date"}, T0)
        await uow.commit()
    await first.dispose()

    restarted = Database.from_url(db_url)
    async with restarted.unit_of_work() as uow:
        assert await uow.setups.get(-100, 7) == state | {"step": "date"}
        assert await uow.setups.get(-100, 8) is None
        await uow.setups.delete(-100, 7)
        await uow.commit()
    async with restarted.unit_of_work(read_only=True) as uow:
        assert await uow.setups.get(-100, 7) is None
    await restarted.dispose()


async def test_a_reminder_is_scheduled_once_and_sent_once(db: Database):
    tid = await make_tournament(db)
    due = T0 - timedelta(minutes=15)
    async with db.unit_of_work() as uow:
        match = await uow.matches.get(tid, 1)
        assert match is not None
        assert await uow.reminders.schedule(match.id, 555, "lead:15", due, T0)
        assert not await uow.reminders.schedule(match.id, 555, "lead:15", due, T0)
        await uow.commit()

    async with db.unit_of_work() as uow:
        (reminder,) = await uow.reminders.due(now=due)
        assert await uow.reminders.move(reminder.id, "pending", "sending", due)
        assert not await uow.reminders.move(reminder.id, "pending", "sending", due)
        assert await uow.reminders.move(reminder.id, "sending", "sent", due)
        await uow.commit()
    async with db.unit_of_work(read_only=True) as uow:
        assert await uow.reminders.pending() == []
        assert await uow.reminders.due(now=due) == []


async def test_an_update_id_is_claimed_once_and_old_ones_can_be_forgotten(db: Database):
    async with db.unit_of_work() as uow:
        assert await uow.updates.claim(1, T0)
        assert not await uow.updates.claim(1, T0)
        assert await uow.updates.claim(2, T0 + timedelta(days=2))
        assert await uow.updates.forget_before(T0 + timedelta(days=1)) == 1
        await uow.commit()
    async with db.unit_of_work() as uow:
        assert await uow.updates.claim(1, T0)
