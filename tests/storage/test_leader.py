"""One reminder leader at a time: a PostgreSQL advisory lock on a connection of its own."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from sqlalchemy import BigInteger, bindparam, text

from storage.leader import LOCK_KEY, Leadership, lock_key
from storage.uow import Database


def test_the_lock_key_is_derived_from_the_name_and_fits_a_bigint():
    assert lock_key(b"turnuva-reminders") == LOCK_KEY
    assert -(2**63) <= LOCK_KEY < 2**63


async def test_a_lone_process_leads_and_can_step_down(db: Database):
    """On SQLite always (one process); on PostgreSQL because nobody else holds the lock."""
    leader = Leadership(db)
    assert not leader.held
    assert await leader.hold()
    assert await leader.hold()
    assert leader.held
    await leader.release()
    await leader.release()  # idempotent
    assert not leader.held
    assert await leader.hold()
    await leader.release()


@pytest.fixture
async def second(pg_db: Database) -> AsyncIterator[Database]:
    """Another process's view of the same PostgreSQL database."""
    other = Database.from_url(pg_db.engine.url.render_as_string(hide_password=False))
    yield other
    await other.dispose()


async def lock_holders(db: Database) -> list[int]:
    """Backends holding our advisory lock (a bigint key: high and low halves)."""
    query = text(
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted"
        " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
        " AND classid = (:key >> 32)::oid AND objid = (:key & 4294967295)::oid"
    ).bindparams(bindparam("key", type_=BigInteger))
    async with db.engine.connect() as conn:
        return list((await conn.scalars(query, {"key": LOCK_KEY})).all())


async def test_only_one_of_two_processes_leads_until_it_releases(pg_db: Database, second):
    a, b = Leadership(pg_db), Leadership(second)
    try:
        assert await a.hold()
        assert not await b.hold()
        assert not await b.hold()
        assert await a.hold()  # still alive, still ours
        assert a.held and not b.held
        assert len(await lock_holders(pg_db)) == 1

        await a.release()
        await a.release()  # idempotent
        assert not a.held
        assert await b.hold()
        assert not await a.hold()
        assert b.held and not a.held
    finally:
        await a.release()
        await b.release()
    assert await lock_holders(pg_db) == []


async def test_a_leader_whose_connection_dies_loses_the_lead_to_another(pg_db: Database, second):
    a, b = Leadership(pg_db), Leadership(second)
    try:
        assert await a.hold()
        assert not await b.hold()
        (pid,) = await lock_holders(pg_db)
        async with pg_db.engine.connect() as conn:
            # With a timeout it returns once the backend has exited (its locks freed).
            assert await conn.scalar(text("SELECT pg_terminate_backend(:pid, 10000)"), {"pid": pid})

        assert await b.hold()
        assert not await a.hold()  # its connection is dead and the lock is taken
        assert not a.held
        assert await lock_holders(pg_db) != [pid]
        await b.release()
        assert await a.hold()  # a fresh connection takes it back
    finally:
        await a.release()
        await b.release()
