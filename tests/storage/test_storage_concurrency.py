"""Two people entering the same match's result at the same moment: one wins, one is told."""

from __future__ import annotations

import asyncio

from sqlalchemy import text
from storage_data import audit_history
from test_storage_results import apply, entry, make_tournament

from domain.model import Score
from storage.errors import ResultConflict
from storage.records import RecordOutcome
from storage.uow import Database


async def attempt(db: Database, score: Score, user: int) -> RecordOutcome | ResultConflict:
    try:
        return await apply(db, entry(1, score, entered_by=user))
    except ResultConflict as refused:
        return refused


async def test_two_organisers_racing_on_one_match_leave_exactly_one_result(
    db: Database, db_url: str
):
    """Two Database objects, as two bot processes would have: the race is in the database."""
    await make_tournament(db)
    other = Database.from_url(db_url)
    try:
        outcomes = await asyncio.gather(
            attempt(db, Score(3, 0), user=21), attempt(other, Score(0, 3), user=22)
        )
    finally:
        await other.dispose()

    won = [o for o in outcomes if isinstance(o, RecordOutcome)]
    refused = [o for o in outcomes if isinstance(o, ResultConflict)]
    assert len(won) == 1 and len(refused) == 1
    assert refused[0].reason
    async with db.unit_of_work(read_only=True) as uow:
        match = await uow.matches.get(1, 1)
        assert match is not None
        history = await audit_history(uow, match.id)
    assert match.result == won[0].score
    assert refused[0].current == won[0].score
    assert len(history) == 1


async def test_many_writers_racing_on_one_match_leave_exactly_one_result(db: Database):
    await make_tournament(db)
    outcomes = await asyncio.gather(*(attempt(db, Score(n, 0), user=n) for n in range(8)))
    assert sum(isinstance(o, RecordOutcome) for o in outcomes) == 1
    assert sum(isinstance(o, ResultConflict) for o in outcomes) == 7


async def wait_until_blocked_on_a_lock(db: Database, expected: int) -> None:
    """Poll pg_stat_activity until `expected` other sessions wait for a lock."""
    query = text(
        "SELECT count(*) FROM pg_stat_activity"
        " WHERE datname = current_database() AND wait_event_type = 'Lock'"
    )
    async with db.engine.connect() as conn:
        while (await conn.scalar(query)) != expected:
            await conn.rollback()


async def test_a_writer_waiting_on_the_row_lock_is_refused_when_the_first_commits(
    pg_db: Database,
):
    """PostgreSQL only (SQLite queues writers at BEGIN IMMEDIATE, before they read): the
    second writer is provably inside its transaction, waiting on the match row the first
    one holds, when the first commits."""
    db = pg_db
    tid = await make_tournament(db)
    async with db.unit_of_work() as first:
        await first.results.record_first(entry(tid, Score(1, 0), entered_by=31))

        async def second() -> RecordOutcome | ResultConflict:
            return await attempt(db, Score(0, 1), user=32)

        second_task = asyncio.create_task(second())
        await wait_until_blocked_on_a_lock(db, expected=1)
        await first.commit()

    refused = await second_task
    assert isinstance(refused, ResultConflict) and refused.current == Score(1, 0)


async def test_a_correction_waiting_on_the_row_lock_is_refused_when_the_first_commits(
    pg_db: Database,
):
    """PostgreSQL only: two corrections that overlap in time cannot both pass. The second
    read the match before the first committed; its claim waits on the row lock, then finds
    the version moved on, so it is refused instead of silently overwriting the first."""
    db = pg_db
    tid = await make_tournament(db)
    await apply(db, entry(tid, Score(1, 0), entered_by=31))
    async with db.unit_of_work() as first:
        await first.results.correct(entry(tid, Score(2, 0), entered_by=31))

        async def second() -> RecordOutcome | ResultConflict:
            try:
                return await apply(db, entry(tid, Score(0, 2), entered_by=32), correction=True)
            except ResultConflict as refused:
                return refused

        second_task = asyncio.create_task(second())
        await wait_until_blocked_on_a_lock(db, expected=1)
        await first.commit()

    refused = await second_task
    assert isinstance(refused, ResultConflict) and refused.current == Score(2, 0)
    assert refused.entered_by == 31
