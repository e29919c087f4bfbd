"""A committed change's reply is stored with it and sent when it was not (issue 24, item 3):
after a crash between the commit and the reply, after a 502 or a timeout on the reply, and
never twice. The bot's own Application on a real SQLite file, its network canned."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest
from eight_team_day import CHAT, ORGANISER, stored_day
from inprocess import handle, message, running_bot
from sqlalchemy import func, select
from telegram import Update

from bot.app import INTAKE
from bot.runtime import replies, services
from bot.usecases import result_messages
from bot.usecases.runner import Actor, run
from storage.bookkeeping_rows import StoredReplyRow

NOW = datetime(2026, 12, 6, 6, 30, tzinfo=UTC)
LINE = "A1 3-1 A4"


@pytest.fixture
async def url(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    await (await stored_day(url, NOW)).dispose()
    return url


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch):
    monkeypatch.setattr(replies, "RETRY", (0.0, 0.0, 0.0))


def saved(app) -> list[str]:
    return [t for t in app.bot_data["request"].texts(CHAT) if "Kaydedildi" in t]


async def unsent(app) -> int:
    """Stored replies not sent (after the sent marks due are written)."""
    await replies.of(app).flush()
    async with services.of(app).db.unit_of_work(read_only=True) as uow:
        return await uow.session.scalar(select(func.count()).select_from(StoredReplyRow))


async def test_a_result_committed_just_before_a_crash_is_answered_after_the_restart(url):
    update = message(1, CHAT, ORGANISER, LINE)
    async with running_bot(url, NOW) as before:  # received and stored, then committed...
        await before.bot_data[INTAKE].store([Update.de_json(update, before.bot)])
        who, line = Actor(ORGANISER, CHAT, NOW, update_id=1), result_messages.Message(LINE)
        await run(services.of(before).db, result_messages.record, line, who)
        # ...and the process died here: no reply, the inbox row not done.

    async with running_bot(url, NOW) as after:
        replay, _ = await after.bot_data[INTAKE].unfinished(after.bot)
        assert [u.update_id for u in replay] == [1]
        for u in replay:
            await handle(after, u)
        assert len(saved(after)) == 1 and "3-1" in saved(after)[0]
        assert await unsent(after) == 0  # sent: the stored reply is gone

        await after.bot_data[INTAKE].flush()
        again, _ = await after.bot_data[INTAKE].unfinished(after.bot)
        assert again == []  # handled and answered: never again


async def test_a_reply_that_met_a_502_is_sent_again(url):
    async with running_bot(url, NOW) as app:
        app.bot_data["request"].fail("sendMessage")
        await handle(app, message(1, CHAT, ORGANISER, LINE))
        assert saved(app) == []  # the 502
        retried = await asyncio.wait_for(app.update_queue.get(), 5)
        await handle(app, retried)
        assert len(saved(app)) == 1 and "3-1" in saved(app)[0]
        assert await unsent(app) == 0


async def test_a_reply_never_sent_before_a_stop_is_sent_at_the_next_start(url, monkeypatch):
    monkeypatch.setattr(replies, "RETRY", (60.0,))  # the retry is not due before the stop
    async with running_bot(url, NOW) as app:
        intake = app.bot_data[INTAKE]
        fresh = await intake.store([Update.de_json(message(1, CHAT, ORGANISER, LINE), app.bot)])
        app.bot_data["request"].fail("sendMessage")
        await handle(app, fresh[0])
        assert saved(app) == [] and replies.of(app).retrying == 1
    async with running_bot(url, NOW) as app:
        replay, _ = await app.bot_data[INTAKE].unfinished(app.bot)
        assert [u.update_id for u in replay] == [1]  # done in the inbox, its reply not sent
        await handle(app, replay[0])
        assert len(saved(app)) == 1


async def test_a_replayed_update_whose_reply_went_out_says_nothing_again(url):
    async with running_bot(url, NOW) as app:
        await handle(app, message(1, CHAT, ORGANISER, LINE))
        assert len(saved(app)) == 1
        await replies.of(app).flush()
        replies.of(app).replaying({1})  # a crash before the inbox's done mark
        await handle(app, message(1, CHAT, ORGANISER, LINE))
        assert len(saved(app)) == 1
        assert "değiştirilsin mi" not in " ".join(app.bot_data["request"].texts(CHAT))


async def test_a_result_typed_again_is_said_to_be_stored_not_offered_as_a_change(url):
    """After a reply that never arrived the organiser types the line again: the bot says
    the score is stored (it used to offer to change 3-1 to 3-1)."""
    async with running_bot(url, NOW) as app:
        await handle(app, message(1, CHAT, ORGANISER, LINE))
        await handle(app, message(2, CHAT, ORGANISER, LINE))
        said = app.bot_data["request"].texts(CHAT)[-1]
        assert "zaten 3-1 olarak kayıtlı" in said and "değiştirilsin mi" not in said
        await handle(app, message(3, CHAT, ORGANISER, "A1 2-1 A4"))  # a change is still offered
        assert "değiştirilsin mi" in app.bot_data["request"].texts(CHAT)[-1]
