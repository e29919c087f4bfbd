"""Chat leases with epochs and heartbeats (issue 30), on both engines: a take raises the
epoch, a lease lives as long as its holder renews it, and a holder whose epoch is stale is
refused the commit of its change."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

import pytest

from storage import leases
from storage.leases import ChatLeases, Fence, Fenced
from storage.uow import Database

A, B = "a1/host:1", "b2/host:2"
CHAT, OTHER = -5, -6
WAIT = 30  # seconds for what will come, loaded machine or not


async def take(db: Database, holder: str, chats: list[int], ttl: float) -> dict[int, int]:
    async with db.unit_of_work() as uow:
        got = await uow.leases.take(chats, holder, ttl)
        await uow.commit()
    return got


async def renew(db: Database, holder: str, held: dict[int, int]) -> tuple[set[int], set[int]]:
    async with db.unit_of_work() as uow:
        done = await uow.leases.renew(held, holder)
        await uow.commit()
    return done


async def holds(db: Database, fence: Fence) -> bool:
    async with db.unit_of_work() as uow:
        try:
            await fence.check(uow)
        except Fenced:
            return False
        return True


async def test_every_take_of_a_chat_raises_its_epoch_and_stales_the_one_before(db: Database):
    assert await take(db, A, [CHAT, OTHER], ttl=60) == {CHAT: 1, OTHER: 1}
    assert await take(db, B, [CHAT], ttl=60) == {}  # A holds it, renewed just now
    async with db.unit_of_work() as uow:
        await uow.leases.release({CHAT: 1}, A)
        await uow.commit()
    assert await take(db, B, [CHAT], ttl=60) == {CHAT: 2}
    assert await take(db, A, [CHAT], ttl=60) == {}

    assert not await holds(db, Fence(CHAT, A, 1))  # A's epoch is stale: refused
    assert await holds(db, Fence(CHAT, B, 2))
    assert await holds(db, Fence(OTHER, A, 1))  # A's other chat is still its own
    assert await renew(db, A, {CHAT: 1, OTHER: 1}) == ({OTHER}, {CHAT})


async def test_a_lease_not_renewed_within_its_time_passes_to_another_with_the_next_epoch(
    db: Database,
):
    ttl = 0.3
    assert await take(db, A, [CHAT], ttl) == {CHAT: 1}
    beat = time.monotonic()  # before: the renewal is stamped at its transaction's start
    renewed, lost = await renew(db, A, {CHAT: 1})
    assert (renewed, lost) == ({CHAT}, set())
    assert await take(db, B, [CHAT], ttl) == {}  # renewed just now: still A's

    async with asyncio.timeout(WAIT):  # A beats no more (it hangs): the lease expires
        while not (got := await take(db, B, [CHAT], ttl)):  # noqa: ASYNC110 - the database's clock
            await asyncio.sleep(0.02)
    assert got == {CHAT: 2}
    assert time.monotonic() - beat >= ttl  # not before its time (the database's clock)
    # A wakes: its heartbeat finds the chat lost, its change is refused.
    assert await renew(db, A, {CHAT: 1}) == (set(), {CHAT})
    assert not await holds(db, Fence(CHAT, A, 1))


async def test_a_holder_with_a_stale_epoch_commits_nothing(db: Database):
    """The change's transaction checks the fence first: refused, the change rolls back."""
    await take(db, A, [CHAT], ttl=60)
    async with db.unit_of_work() as uow:
        await uow.leases.release({CHAT: 1}, A)
        await uow.commit()
    await take(db, B, [CHAT], ttl=60)
    with pytest.raises(Fenced):
        async with db.unit_of_work() as uow:
            await Fence(CHAT, A, 1).check(uow)
            await uow.private_chats.add(77, _now())
            await uow.commit()
    async with db.unit_of_work(read_only=True) as uow:
        assert await uow.private_chats.reachable([77]) == set()
        assert await uow.leases.of(CHAT) == (B, 2)


async def test_a_take_skips_a_lease_whose_holder_is_committing_a_change(pg_db: Database):
    """PostgreSQL: the fence keeps the lease row locked until the change commits, so an
    expired lease is taken only after that commit, never between the check and it."""
    await take(pg_db, A, [CHAT], ttl=60)
    async with pg_db.unit_of_work() as uow:
        await Fence(CHAT, A, 1).check(uow)
        assert await take(pg_db, B, [CHAT], ttl=0) == {}  # locked: skipped, not waited for
        await uow.commit()
    assert await take(pg_db, B, [CHAT], ttl=0) == {CHAT: 2}


async def test_a_cut_lease_connection_loses_no_lease_and_a_silent_holder_loses_them_all(
    pg_db: Database, monkeypatch: pytest.MonkeyPatch
):
    """What a process's ChatLeases does: a lost connection (pg_terminate_backend, a
    failover) is opened again and the leases beat on; a holder that stops beating (it
    hangs) loses its chats to another process's take, and finds them lost when it wakes."""
    monkeypatch.setattr(leases, "TTL", 0.5)
    monkeypatch.setattr(leases, "MARGIN", 0.2)
    other = Database.from_url(pg_db.engine.url.render_as_string(hide_password=False))
    a, b = ChatLeases(pg_db, lambda chats: None, A), ChatLeases(other, lambda chats: None, B)
    await a.open()
    await b.open()
    try:
        assert await a.take([CHAT, OTHER]) == {CHAT, OTHER}
        assert a.trusted(CHAT)
        await a.lost()  # the connection is cut
        assert await b.take([CHAT]) == set()  # still A's
        await a.open()
        assert await a.renew() == set()
        assert await b.take([CHAT]) == set()

        async with asyncio.timeout(WAIT):  # A hangs: no heartbeat
            while not await b.take([CHAT, OTHER]):  # noqa: ASYNC110 - the database's clock
                await asyncio.sleep(0.02)
        assert not a.trusted(CHAT)  # A's own view expired before B could take it
        await b.take([CHAT, OTHER])
        assert b.held == {CHAT: 2, OTHER: 2}
        assert await a.confirm(CHAT) is False  # A wakes: the chat is lost, held no more
        assert await a.renew() == {OTHER}
        assert a.held == {}
    finally:
        await a.close()
        await b.close()
        await other.dispose()


def _now() -> datetime:
    return datetime.now(UTC)
