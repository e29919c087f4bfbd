"""A flooding member's repeated reads are folded, his squad lists never are (issue 22's
audit, bot/handlers/budget.py): the bot's own Application, its network canned."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from eight_team_day import CHAT, ORGANISER, stored_day
from inprocess import handle, message, running_bot

from bot.runtime import services
from bot.runtime.budget import BURST, Budget
from bot.usecases import snapshots

NOW = datetime(2026, 12, 6, 6, 30, tzinfo=UTC)
NAMES = ("Ali", "Veli", "Can", "Cem", "Deniz", "Emre", "Hasan", "Kerem")


@pytest.fixture
async def url(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    await (await stored_day(url, NOW)).dispose()
    return url


async def test_repeated_reads_are_folded_and_every_squad_list_is_stored(url):
    async with running_bot(url, NOW) as app:
        services.of(app).budget = Budget()
        sent = app.bot_data["request"]
        for n, text in enumerate(["/goller", "/kartlar", "/fairplay", "/kadro A1"] * 3, 1):
            await handle(app, message(n, CHAT, ORGANISER, text))
        answers = len(sent.texts(CHAT))
        assert answers == BURST + 1  # five answers, one notice, then silence
        for n, name in enumerate(NAMES):
            await handle(app, message(100 + n, CHAT, ORGANISER, f"/kadro A1: {name}"))
        assert len(sent.texts(CHAT)) == answers + len(NAMES)  # each list answered, none folded
        async with services.of(app).db.unit_of_work(read_only=True) as uow:
            snap = await snapshots.load(uow, 1)
    assert [p.name for p in snap.squad("A1")] == list(NAMES)
