"""Sending a reminder: claim, then finish; at most once, whoever races and whatever crashes."""

from __future__ import annotations

import asyncio
from datetime import UTC, timedelta
from zoneinfo import ZoneInfo

import pytest
from test_reminders_sync import CAPTAIN, LATER, WANTED, Want, key, pending, statuses, sync
from test_storage_concurrency import wait_until_blocked_on_a_lock
from test_storage_results import make_tournament

from storage.records import PendingReminder
from storage.uow import Database

SENT_AT = LATER + timedelta(minutes=1)


async def first(db: Database, tid: int) -> PendingReminder:
    """The earliest pending reminder of a tournament with WANTED synced."""
    await sync(db, tid, WANTED)
    return (await pending(db, tid))[0]


async def claim(db: Database, row: PendingReminder, due=None) -> bool:
    async with db.unit_of_work() as uow:
        won = await uow.reminders.claim(row.id, row.due_at if due is None else due, SENT_AT)
        await uow.commit()
    return won


async def test_a_claimed_reminder_is_sent_once(db: Database):
    tid = await make_tournament(db)
    row = await first(db, tid)
    assert await claim(db, row)
    assert not await claim(db, row)  # claimed already
    assert row not in await pending(db, tid)
    async with db.unit_of_work() as uow:
        assert await uow.reminders.finish(row.id, "sent", SENT_AT)
        assert not await uow.reminders.finish(row.id, "sent", SENT_AT)
        assert not await uow.reminders.finish(row.id, "dropped", SENT_AT)
        await uow.commit()
    assert (await statuses(db, tid))[(row.match_no, row.recipient, row.kind)] == "sent"


async def test_a_claim_matches_the_due_time_exactly(db: Database):
    tid = await make_tournament(db)
    exact = WANTED[0].due + timedelta(microseconds=123_456)
    await sync(db, tid, (Want(1, WANTED[0].recipient, WANTED[0].kind, exact),))
    (row,) = await pending(db, tid)
    assert row.due_at == exact
    assert not await claim(db, row, exact + timedelta(microseconds=1))
    assert not await claim(db, row, exact - timedelta(microseconds=1))
    assert await claim(db, row, exact.astimezone(ZoneInfo("Europe/Istanbul")))  # same instant


async def test_a_claim_with_a_stale_due_time_loses(db: Database):
    """A re-plan moved the reminder after the sender read it: the sender skips and reloads."""
    tid = await make_tournament(db)
    row = await first(db, tid)
    moved = Want(row.match_no, row.recipient, row.kind, row.due_at + timedelta(minutes=15))
    await sync(db, tid, (moved, *(w for w in WANTED if key(w) != key(moved))))
    assert not await claim(db, row)
    (fresh,) = [r for r in await pending(db, tid) if r.id == row.id]
    assert fresh.due_at == moved.due
    assert await claim(db, fresh)


async def test_a_claim_of_a_removed_reminder_loses(db: Database):
    tid = await make_tournament(db)
    row = await first(db, tid)
    await sync(db, tid, ())
    assert not await claim(db, row)


async def test_two_processes_claiming_one_reminder_exactly_one_wins(db: Database, db_url: str):
    """Two Database objects, as two bot processes would have: the race is in the database."""
    tid = await make_tournament(db)
    row = await first(db, tid)
    other = Database.from_url(db_url)
    try:
        assert sorted(await asyncio.gather(claim(db, row), claim(other, row))) == [False, True]
        # Claimed already: both lose now.
        assert await asyncio.gather(claim(db, row), claim(other, row)) == [False, False]
    finally:
        await other.dispose()


async def test_many_claimers_in_one_process_exactly_one_wins(db: Database):
    tid = await make_tournament(db)
    row = await first(db, tid)
    assert sum(await asyncio.gather(*(claim(db, row) for _ in range(8)))) == 1


async def test_a_claim_waiting_on_the_row_lock_loses_when_the_first_commits(pg_db: Database):
    """PostgreSQL only: the second claimer is provably waiting on the row the first one
    has claimed (not yet committed) and, once it commits, finds it claimed."""
    db = pg_db
    tid = await make_tournament(db)
    row = await first(db, tid)
    async with db.unit_of_work() as winner:
        assert await winner.reminders.claim(row.id, row.due_at, SENT_AT)
        loser = asyncio.create_task(claim(db, row))
        await wait_until_blocked_on_a_lock(db, expected=1)
        await winner.commit()
    assert not await loser


async def test_finish_and_drop_only_move_forward(db: Database):
    tid = await make_tournament(db)
    await sync(db, tid, WANTED)
    a, b, c, _ = await pending(db, tid)
    async with db.unit_of_work() as uow:
        assert not await uow.reminders.finish(a.id, "sent", SENT_AT)  # never claimed
        with pytest.raises(ValueError, match="not 'pending'"):
            await uow.reminders.finish(a.id, "pending", SENT_AT)
        assert await uow.reminders.drop(a.id, SENT_AT)
        assert not await uow.reminders.drop(a.id, SENT_AT)
        assert not await uow.reminders.claim(a.id, a.due_at, SENT_AT)  # dropped stays dropped
        assert await uow.reminders.claim(b.id, b.due_at, SENT_AT)
        assert not await uow.reminders.drop(b.id, SENT_AT)  # being sent: only finish ends it
        assert await uow.reminders.finish(b.id, "dropped", SENT_AT)  # Telegram refused it
        assert await uow.reminders.drop(c.id, SENT_AT)
        assert not await uow.reminders.finish(c.id, "dropped", SENT_AT)  # dropped, not sending
        assert not await uow.reminders.finish(c.id, "sent", SENT_AT)
        await uow.commit()
    after = await statuses(db, tid)
    assert [after[(r.match_no, r.recipient, r.kind)] for r in (a, b, c)] == ["dropped"] * 3


async def test_recover_drops_every_reminder_left_sending_by_a_crash(db: Database):
    tid = await make_tournament(db)
    await sync(db, tid, WANTED)
    rows = await pending(db, tid)
    crashed, sent = rows[0], rows[1]
    assert await claim(db, crashed)
    assert await claim(db, sent)
    async with db.unit_of_work() as uow:
        assert await uow.reminders.finish(sent.id, "sent", SENT_AT)
        await uow.tournaments.archive(tid, SENT_AT)  # recovered in any tournament
        await uow.commit()

    restart = SENT_AT + timedelta(minutes=5)
    async with db.unit_of_work() as uow:
        lost = await uow.reminders.recover(restart)
        assert await uow.reminders.recover(restart) == []
        await uow.commit()
    assert lost == [crashed]
    after = await statuses(db, tid)
    assert after[(crashed.match_no, crashed.recipient, crashed.kind)] == "dropped"
    assert after[(sent.match_no, sent.recipient, sent.kind)] == "sent"
    assert sorted(after.values()) == ["dropped", "pending", "pending", "sent"]
    async with db.unit_of_work() as uow:
        assert not await uow.reminders.finish(crashed.id, "sent", restart)  # too late
        assert await uow.reminders.recover(restart) == []


async def test_pending_lists_only_pending_rows_of_active_tournaments(db: Database):
    tid = await make_tournament(db)
    await sync(db, tid, WANTED)
    rows = await pending(db, tid)
    assert [r.due_at for r in rows] == sorted(r.due_at for r in rows)
    assert await claim(db, rows[0])
    async with db.unit_of_work() as uow:
        assert await uow.reminders.drop(rows[1].id, SENT_AT)
        await uow.commit()
    assert await pending(db) == rows[2:]
    assert await pending(db, tid) == rows[2:]
    assert await pending(db, tid + 1) == []

    async with db.unit_of_work() as uow:
        await uow.tournaments.archive(tid, SENT_AT)
        await uow.commit()
    assert await pending(db) == []
    assert await pending(db, tid) == []


async def test_pending_orders_ties_by_id(db: Database):
    tid = await make_tournament(db)
    due = LATER.astimezone(UTC) + timedelta(hours=1)
    wanted = tuple(Want(no, CAPTAIN, "kaptan:60", due) for no in (5, 2, 9))
    await sync(db, tid, wanted)
    rows = await pending(db)
    assert [r.id for r in rows] == sorted(r.id for r in rows)
    assert {r.match_no for r in rows} == {2, 5, 9}
