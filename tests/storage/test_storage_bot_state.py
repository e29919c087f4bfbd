"""The bot's bookkeeping survives restarts: set-up conversations, reminders, update ids."""

from __future__ import annotations

from datetime import timedelta

from storage_data import T0
from test_reminders_sync import Want
from test_storage_results import make_tournament

from storage.records import SyncSummary
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


async def test_a_reminder_is_stored_once_and_sent_once(db: Database):
    tid = await make_tournament(db)
    due = T0 - timedelta(minutes=15)
    wanted = (Want(1, 555, "lead:15", due),)
    async with db.unit_of_work() as uow:
        assert await uow.reminders.sync(tid, wanted, T0) == SyncSummary(added=1, moved=0, removed=0)
        assert await uow.reminders.sync(tid, wanted, T0) == SyncSummary(added=0, moved=0, removed=0)
        await uow.commit()

    async with db.unit_of_work() as uow:
        (reminder,) = await uow.reminders.pending()
        assert (reminder.match_no, reminder.recipient, reminder.kind) == (1, 555, "lead:15")
        assert reminder.due_at == due
        assert await uow.reminders.claim(reminder.id, due, due)
        assert not await uow.reminders.claim(reminder.id, due, due)
        assert await uow.reminders.finish(reminder.id, "sent", due)
        assert not await uow.reminders.finish(reminder.id, "sent", due)
        await uow.commit()
    async with db.unit_of_work() as uow:
        assert await uow.reminders.pending() == []
        assert await uow.reminders.status(tid) == {(1, 555, "lead:15"): "sent"}
        # The sent row keeps its key: wanting it again stores nothing new.
        assert await uow.reminders.sync(tid, wanted, T0) == SyncSummary(added=0, moved=0, removed=0)
        assert await uow.reminders.pending() == []


async def test_an_update_id_is_claimed_once_and_old_ones_can_be_forgotten(db: Database):
    async with db.unit_of_work() as uow:
        assert await uow.updates.claim(1, T0)
        assert not await uow.updates.claim(1, T0)
        assert await uow.updates.claim(2, T0 + timedelta(days=2))
        assert await uow.updates.forget_before(T0 + timedelta(days=1)) == 1
        await uow.commit()
    async with db.unit_of_work() as uow:
        assert await uow.updates.claim(1, T0)
