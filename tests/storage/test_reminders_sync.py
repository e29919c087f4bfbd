"""Reminder rows follow the plan: `sync` makes a tournament's pending rows equal what the
rules want, and never touches a reminder that is being sent, sent or dropped."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import event, func, select
from storage_data import CHAT, T0, new_tournament
from test_storage_results import make_tournament

from storage.bookkeeping_rows import ReminderRow
from storage.errors import MatchNotFound
from storage.records import PendingReminder, SyncSummary
from storage.uow import Database

CAPTAIN = 5_000_000_001
LATER = T0 - timedelta(hours=2)  # when the sync runs


@dataclass(frozen=True)
class Want:
    """Shaped like `domain.reminders.Wanted`; storage only reads the four attributes."""

    match_no: int
    recipient: int
    kind: str
    due: datetime


def kickoff(no: int) -> datetime:
    return next(m.start for m in new_tournament().plan if m.no == no)


WANTED = (
    Want(1, CHAT, "grup:30", kickoff(1) - timedelta(minutes=30)),
    Want(1, CAPTAIN, "kaptan:60", kickoff(1) - timedelta(minutes=60)),
    Want(3, CAPTAIN, "kaptan:60", kickoff(3) - timedelta(minutes=60)),
    Want(3, CHAT, "sonuc", kickoff(3) + timedelta(minutes=36)),
)


async def sync(db: Database, tid: int, wanted: tuple[Want, ...], at: datetime = LATER):
    async with db.unit_of_work() as uow:
        summary = await uow.reminders.sync(tid, wanted, at)
        await uow.commit()
    return summary


async def statuses(db: Database, tid: int) -> dict[tuple[int, int, str], str]:
    async with db.unit_of_work(read_only=True) as uow:
        return await uow.reminders.status(tid)


async def pending(db: Database, tid: int | None = None) -> list[PendingReminder]:
    async with db.unit_of_work(read_only=True) as uow:
        return await uow.reminders.pending(tid)


def keyed(items: list[PendingReminder]) -> dict[tuple[int, int, str], datetime]:
    return {(r.match_no, r.recipient, r.kind): r.due_at for r in items}


def key(want: Want) -> tuple[int, int, str]:
    return (want.match_no, want.recipient, want.kind)


async def test_sync_inserts_the_wanted_reminders_as_pending(db: Database):
    tid = await make_tournament(db)
    assert await sync(db, tid, WANTED) == SyncSummary(added=4, moved=0, removed=0)

    assert await statuses(db, tid) == {key(w): "pending" for w in WANTED}
    rows = await pending(db, tid)
    assert [r.due_at for r in rows] == sorted(w.due for w in WANTED)
    first = rows[0]
    assert (first.match_no, first.recipient, first.kind) == (1, CAPTAIN, "kaptan:60")
    assert (first.tournament_id, first.chat_id) == (tid, CHAT)
    async with db.unit_of_work(read_only=True) as uow:
        match = await uow.matches.get(tid, 1)
    assert match is not None
    assert (first.match_id, first.start_at, first.end_at) == (
        match.id,
        match.match.start,
        match.match.end,
    )
    assert first.due_at.utcoffset() == timedelta(0)


async def test_sync_is_idempotent(db: Database):
    tid = await make_tournament(db)
    await sync(db, tid, WANTED)
    assert await sync(db, tid, WANTED, LATER + timedelta(minutes=1)) == SyncSummary(0, 0, 0)
    # The same instants in another time zone are the same dues.
    istanbul = ZoneInfo("Europe/Istanbul")
    local = tuple(Want(w.match_no, w.recipient, w.kind, w.due.astimezone(istanbul)) for w in WANTED)
    assert await sync(db, tid, local) == SyncSummary(0, 0, 0)
    assert keyed(await pending(db, tid)) == {key(w): w.due for w in WANTED}


async def test_sync_moves_a_pending_reminder_whose_due_time_changed(db: Database):
    tid = await make_tournament(db)
    await sync(db, tid, WANTED)
    moved = WANTED[0].due + timedelta(minutes=15, microseconds=7)
    wanted = (Want(1, CHAT, "grup:30", moved), *WANTED[1:])
    moved_at = LATER + timedelta(minutes=5)

    assert await sync(db, tid, wanted, moved_at) == SyncSummary(added=0, moved=1, removed=0)

    assert keyed(await pending(db, tid)) == {key(w): w.due for w in wanted}
    async with db.unit_of_work(read_only=True) as uow:
        stamps = dict(
            (
                await uow.session.execute(
                    select(ReminderRow.kind, ReminderRow.updated_at).where(
                        ReminderRow.recipient == CHAT
                    )
                )
            ).all()
        )
    assert stamps == {"grup:30": moved_at, "sonuc": LATER}


async def test_sync_deletes_pending_reminders_no_longer_wanted(db: Database):
    tid = await make_tournament(db)
    await sync(db, tid, WANTED)
    assert await sync(db, tid, WANTED[1:3]) == SyncSummary(added=0, moved=0, removed=2)
    assert await statuses(db, tid) == {key(w): "pending" for w in WANTED[1:3]}
    assert await sync(db, tid, ()) == SyncSummary(added=0, moved=0, removed=2)
    assert await statuses(db, tid) == {}


async def test_sync_adds_moves_and_removes_in_one_call(db: Database):
    tid = await make_tournament(db)
    await sync(db, tid, WANTED[:3])
    wanted = (
        WANTED[0],  # kept
        Want(1, CAPTAIN, "kaptan:60", WANTED[1].due - timedelta(minutes=1)),  # moved
        # WANTED[2] removed
        WANTED[3],  # added
        Want(13, CHAT, "grup:30", kickoff(13) - timedelta(minutes=30)),  # added
    )
    assert await sync(db, tid, wanted) == SyncSummary(added=2, moved=1, removed=1)
    assert keyed(await pending(db, tid)) == {key(w): w.due for w in wanted}


async def test_sync_never_touches_reminders_being_sent_sent_or_dropped(db: Database):
    tid = await make_tournament(db)
    await sync(db, tid, WANTED)
    ids = {(r.match_no, r.recipient, r.kind): r for r in await pending(db, tid)}
    sending, sent, dropped, still_pending = (ids[key(w)] for w in WANTED)
    async with db.unit_of_work() as uow:
        assert await uow.reminders.claim(sending.id, sending.due_at, LATER)
        assert await uow.reminders.claim(sent.id, sent.due_at, LATER)
        assert await uow.reminders.finish(sent.id, "sent", LATER)
        assert await uow.reminders.drop(dropped.id, LATER)
        await uow.commit()
    done = {key(w): s for w, s in zip(WANTED[:3], ("sending", "sent", "dropped"), strict=True)}

    # Wanted again, at other times: neither moved nor added a second time.
    shifted = tuple(
        Want(w.match_no, w.recipient, w.kind, w.due + timedelta(hours=1)) for w in WANTED
    )
    assert await sync(db, tid, shifted) == SyncSummary(added=0, moved=1, removed=0)
    assert await statuses(db, tid) == done | {key(WANTED[3]): "pending"}
    # Not wanted any more: only the pending one goes.
    assert await sync(db, tid, ()) == SyncSummary(added=0, moved=0, removed=1)
    assert await statuses(db, tid) == done
    async with db.unit_of_work(read_only=True) as uow:
        dues = dict((await uow.session.execute(select(ReminderRow.id, ReminderRow.due_at))).all())
    assert dues == {sending.id: sending.due_at, sent.id: sent.due_at, dropped.id: dropped.due_at}
    assert still_pending.id not in dues


async def test_sync_leaves_other_tournaments_alone(db: Database):
    tid = await make_tournament(db)
    async with db.unit_of_work() as uow:
        other = await uow.tournaments.create(new_tournament(chat_id=-100777), T0)
        await uow.commit()
    await sync(db, tid, WANTED)
    await sync(db, other, WANTED[:1])
    assert await sync(db, other, ()) == SyncSummary(added=0, moved=0, removed=1)
    assert await statuses(db, tid) == {key(w): "pending" for w in WANTED}
    assert [r.tournament_id for r in await pending(db)] == [tid] * len(WANTED)


async def test_sync_refuses_an_unknown_match_or_one_key_at_two_times(db: Database):
    tid = await make_tournament(db)
    with pytest.raises(MatchNotFound):
        await sync(db, tid, (*WANTED, Want(99, CHAT, "sonuc", T0)))
    twice = (WANTED[0], Want(1, CHAT, "grup:30", WANTED[0].due + timedelta(minutes=1)))
    with pytest.raises(ValueError, match="two times"):
        await sync(db, tid, twice)
    assert await statuses(db, tid) == {}  # refused before writing
    # The same item twice is one reminder.
    assert await sync(db, tid, (WANTED[0], WANTED[0])) == SyncSummary(1, 0, 0)


async def test_reminders_of_a_deleted_match_go_with_it(db: Database):
    tid = await make_tournament(db)
    final = Want(13, CHAT, "grup:30", kickoff(13) - timedelta(minutes=30))
    await sync(db, tid, (*WANTED, final))
    async with db.unit_of_work() as uow:
        plan = [m.match for m in await uow.matches.plan(tid)]
        summary = await uow.matches.replan(tid, [m for m in plan if m.no != 13])
        await uow.commit()
    assert summary.removed == (13,)
    assert await statuses(db, tid) == {key(w): "pending" for w in WANTED}
    async with db.unit_of_work(read_only=True) as uow:
        assert await uow.session.scalar(select(func.count()).select_from(ReminderRow)) == 4


async def test_sync_takes_one_statement_per_kind_of_change(db: Database):
    """It runs inside result and re-plan transactions: a read, then at most one insert,
    one update and one delete, however many rows change."""
    tid = await make_tournament(db)
    many = tuple(
        Want(no, CAPTAIN + n, "kaptan:60", kickoff(no) - timedelta(minutes=60))
        for no in range(1, 13)
        for n in range(3)
    )
    await sync(db, tid, many[::2])
    shifted = tuple(
        Want(w.match_no, w.recipient, w.kind, w.due - timedelta(minutes=1)) for w in many
    )
    statements: list[str] = []

    def count(_conn, _cursor, statement, *_args) -> None:
        statements.append(statement.split(None, 1)[0].upper())

    engine = db.write_engine.sync_engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        summary = await sync(db, tid, shifted[: len(many) // 2])
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert summary == SyncSummary(
        added=len(many) // 4, moved=len(many) // 4, removed=len(many) // 4
    )
    assert [s for s in statements if s not in ("BEGIN", "COMMIT")] == [
        "SELECT",
        "INSERT",
        "UPDATE",
        "DELETE",
    ]
