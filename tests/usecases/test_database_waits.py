"""While the database is locked by another process (or full), the bot says once that it
waits and loses nothing (issue 24, item 3): another connection holds SQLite's write lock,
result lines arrive, the chat hears "⏳" once, and when the lock goes every line is stored
and answered. The bot's own Application on a real SQLite file, its network canned."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime

import pytest
from eight_team_day import CHAT, ORGANISER, stored_day
from inprocess import handle, message, running_bot
from sqlalchemy.exc import IntegrityError, OperationalError

from bot.texts import welcome
from bot.usecases import runner
from storage import engine
from storage.errors import unavailable

NOW = datetime(2026, 12, 6, 6, 30, tzinfo=UTC)


@pytest.fixture
async def path(tmp_path, monkeypatch):
    monkeypatch.setattr(engine, "BUSY_TIMEOUT_MS", 100)  # give up on the lock in 0.1 s
    monkeypatch.setattr(runner, "PAUSES", (0.05,))
    path = tmp_path / "bot.sqlite3"
    await (await stored_day(f"sqlite+aiosqlite:///{path}", NOW)).dispose()
    return path


async def test_a_locked_database_is_waited_for_and_said_once(path):
    async with running_bot(f"sqlite+aiosqlite:///{path}", NOW) as app:
        request = app.bot_data["request"]
        other = sqlite3.connect(path, isolation_level=None)  # another process's writer
        other.execute("BEGIN IMMEDIATE")
        lines = [
            asyncio.ensure_future(handle(app, message(n, CHAT, ORGANISER, text)))
            for n, text in ((1, "A1 3-1 A4"), (2, "A2 2-2 A3"))
        ]
        await request.said("⏳")
        assert not any(t.done() for t in lines)  # waiting, not given up
        other.rollback()  # the other writer is done
        other.close()
        await asyncio.gather(*lines)

        said = request.texts(CHAT)
        assert said.count(welcome.WAITING) == 1
        assert sum("Kaydedildi" in t for t in said) == 2  # nothing lost
        assert not any(welcome.ERROR in t for t in said)


def test_locked_and_full_are_waited_for_and_nothing_else():
    def wrapped(error: Exception) -> Exception:
        kind = OperationalError if isinstance(error, sqlite3.OperationalError) else IntegrityError
        return kind("INSERT", {}, error)

    assert unavailable(wrapped(sqlite3.OperationalError("database is locked")))
    assert unavailable(wrapped(sqlite3.OperationalError("database or disk is full")))
    assert not unavailable(wrapped(sqlite3.IntegrityError("UNIQUE constraint failed")))
    assert not unavailable(wrapped(sqlite3.OperationalError("no such table: matches")))
    assert not unavailable(ValueError("database is locked"))
