"""Chats shared by two "processes" in one event loop on one PostgreSQL database
(bot/runtime/shared.py), fast: each process is an Intake in webhook mode with a queue whose
consumer stands in for the application (it records the update and calls `finished`)."""

from __future__ import annotations

import asyncio
import itertools
import time
from datetime import UTC, datetime

import pytest
from sqlalchemy import text
from telegram import Bot, Update

from bot.runtime import shared
from bot.runtime.intake import Intake
from storage import leases
from storage.uow import Database

NOW = datetime(2027, 1, 10, 9, 0, tzinfo=UTC)
BOT = Bot("123456:TEST")
CHATS = (-101, -102, -103)
handled: list[tuple[float, int, str]] = []  # (when, update id, by whom)


def update(update_id: int, chat_id: int) -> Update:
    message = {
        "message_id": update_id,
        "date": int(NOW.timestamp()),
        "chat": {"id": chat_id, "type": "supergroup", "title": "G"},
        "from": {"id": 7, "is_bot": False, "first_name": "Ayşe"},
        "text": "Kartallar 1-0 Şahinler",
    }
    return Update.de_json({"update_id": update_id, "message": message}, BOT)


class Process:
    def __init__(self, db: Database, name: str) -> None:
        self.name = name
        self.intake = Intake(lambda: db, lambda: NOW, webhook=True)
        self.queue: asyncio.Queue[object] = asyncio.Queue()
        self.consumer = asyncio.create_task(self._consume())

    async def _consume(self) -> None:
        while True:
            got = await self.queue.get()
            assert isinstance(got, Update)
            handled.append((time.monotonic(), got.update_id, self.name))
            await asyncio.sleep(0.002)  # the handlers
            await self.intake.finished(got)

    async def start(self) -> None:
        await self.intake.replay(BOT, self.queue)

    async def kill(self) -> None:
        """As a SIGKILL: nothing more runs, the lease connection drops, no lease is given
        back (they expire: another process takes them TTL s after the last heartbeat)."""
        pump = self.intake.shared
        assert pump is not None
        await pump.leases.lost()
        tasks = [self.consumer, *pump._workers.values(), pump._loop, pump._beat]
        for task in tasks:
            if task is not None:
                task.cancel()
        await asyncio.gather(*(t for t in tasks if t is not None), return_exceptions=True)

    async def stop(self) -> None:
        self.intake.stop_taking()
        self.consumer.cancel()
        await self.intake.close()


async def done_count(db: Database) -> int:
    async with db.unit_of_work(read_only=True) as uow:
        return int(await uow.session.scalar(text("SELECT count(done_at) FROM inbox")) or 0)


async def until_done(db: Database, count: int) -> None:
    async with asyncio.timeout(20):
        while await done_count(db) < count:  # noqa: ASYNC110 - rows written by the pump
            await asyncio.sleep(0.02)


@pytest.fixture
async def two(pg_db: Database):
    handled.clear()
    other = Database.from_url(pg_db.engine.url.render_as_string(hide_password=False))
    a, b = Process(pg_db, "a"), Process(other, "b")
    await a.start()
    await b.start()
    yield pg_db, a, b
    for p in (a, b):
        if not p.consumer.done():
            await p.stop()
    await other.dispose()


def firsts_in_order(chat_ids: dict[int, int]) -> dict[int, list[int]]:
    """Per chat, the update ids in the order they were first handled."""
    seen: set[int] = set()
    order: dict[int, list[int]] = {}
    for _, update_id, _ in sorted(handled):
        if update_id not in seen:
            seen.add(update_id)
            order.setdefault(chat_ids[update_id], []).append(update_id)
    return order


async def test_one_chat_s_updates_received_by_both_are_handled_once_in_order(two):
    db, a, b = two
    ids = itertools.count(1)
    chat_of: dict[int, int] = {}
    for _ in range(10):
        for chat, receiver in zip(CHATS, itertools.cycle((a, b)), strict=False):
            update_id = next(ids)
            chat_of[update_id] = chat
            await receiver.intake.receive(update(update_id, chat), receiver.queue)
    await until_done(db, len(chat_of))

    assert sorted(u for _, u, _ in handled) == sorted(chat_of)  # each once
    for order in firsts_in_order(chat_of).values():
        assert order == sorted(order)


async def test_a_killed_process_s_chats_pass_to_the_other_within_seconds(two):
    db, a, b = two
    chat_of: dict[int, int] = {}
    for update_id in range(1, 31):
        chat_of[update_id] = CHATS[update_id % 3]
        receiver = a if update_id <= 15 else b
        await receiver.intake.receive(update(update_id, chat_of[update_id]), receiver.queue)
        if update_id == 15:
            in_hand = set(a.intake.shared._running) if a.intake.shared else set()
            await a.kill()
            killed = time.monotonic()
    await until_done(db, len(chat_of))
    assert time.monotonic() - killed < leases.TTL + 3 * shared.SWEEP + 2

    counts = {u: sum(1 for _, v, _ in handled if v == u) for u in chat_of}
    assert {u for u, n in counts.items() if n != 1} <= in_hand  # only those begun twice
    assert set(counts.values()) <= {1, 2} and 0 not in counts.values()
    for order in firsts_in_order(chat_of).values():
        assert order == sorted(order)
    assert shared.SWEEP <= 1.0


async def test_a_dead_process_s_quiet_chat_is_taken_while_other_chats_keep_the_pump_busy(two):
    """News of other chats wakes the pump all the time; it must still look at every
    pending chat each SWEEP s, or the dead process's chat waits for a lull."""
    db, a, b = two
    quiet, busy = CHATS[0], CHATS[1]
    for update_id in range(1, 6):
        await a.intake.receive(update(update_id, quiet), a.queue)
    await a.kill()
    killed = time.monotonic()
    next_id = 6
    async with asyncio.timeout(leases.TTL + 15):
        while True:
            async with db.unit_of_work(read_only=True) as uow:
                waiting = await uow.session.scalar(
                    text("SELECT count(*) FROM inbox WHERE chat_id = :c AND done_at IS NULL"),
                    {"c": quiet},
                )
            if not waiting:
                break
            await b.intake.receive(update(next_id, busy), b.queue)  # news every 50 ms
            next_id += 1
            await asyncio.sleep(0.05)
    assert time.monotonic() - killed < leases.TTL + 3 * shared.SWEEP + 2
