"""The live message's edit after a move: drawn from the tournament the use case committed
(Effects.drawn, no read of its own) when one change is due, read once two coalesce."""

from __future__ import annotations

from datetime import UTC, timedelta
from types import SimpleNamespace

import pytest
from eight_team_day import CHAT, KICKOFF, ORGANISER, stored_day

from bot.handlers import effects, live
from bot.runtime import services
from bot.usecases import schedule
from bot.usecases.runner import Actor, run

NOW = (KICKOFF - timedelta(hours=1)).astimezone(UTC)
LIVE_MESSAGE = 77


@pytest.fixture
async def db(tmp_path):
    database = await stored_day(f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}", NOW)
    async with database.unit_of_work() as uow:
        await uow.tournaments.update_settings(1, live_message_id=LIVE_MESSAGE)
        await uow.commit()
    yield database
    await database.dispose()


class Bot:
    def __init__(self) -> None:
        self.edits: list[tuple[str, int, int]] = []

    async def edit_message_text(self, text, chat_id, message_id, reply_markup=None):
        self.edits.append((text, chat_id, message_id))


def context_of(db):
    jobs = []
    queue = SimpleNamespace(run_once=lambda callback, when, data, name: jobs.append(data))
    found = services.Services(db=db, clock=lambda: NOW)
    app = SimpleNamespace(bot_data={services.KEY: found})
    return SimpleNamespace(application=app, job_queue=queue, bot=Bot(), job=None), jobs


async def delayed(context, db, minutes: int, update_id: int) -> schedule.Moved:
    """/gecikme, and what its handler does after: the effects carried out."""
    who = Actor(user_id=ORGANISER, chat_id=CHAT, now=NOW, update_id=update_id)
    done = await run(db, schedule.delay, schedule.Delay(str(minutes)), who)
    await effects.apply(context, done.effects)
    return done.value


def reads_of(db) -> list[object]:
    calls: list[object] = []
    original = db.unit_of_work
    db.unit_of_work = lambda **kw: calls.append(kw) or original(**kw)
    return calls


async def edit(context, chat_id: int) -> None:
    context.job = SimpleNamespace(data=chat_id)
    await live._edit(context)


async def test_one_change_is_drawn_as_committed_without_reading_it_again(db):
    context, jobs = context_of(db)
    moved = await delayed(context, db, 15, 1)
    calls = reads_of(db)
    await edit(context, jobs.pop())
    assert calls == []  # the outcome's snapshot, nothing read
    ((text, chat_id, message_id),) = context.bot.edits
    assert (chat_id, message_id) == (CHAT, LIVE_MESSAGE)
    first = min(new.start for _, new in moved.changes).astimezone(moved.snapshot.zone)
    assert first.strftime("%H:%M") in text


async def test_two_changes_coalesced_are_read_once_at_the_edit(db):
    context, jobs = context_of(db)
    await delayed(context, db, 15, 1)
    second = await delayed(context, db, 10, 2)  # an edit is due: it reads what is stored
    assert len(jobs) == 1
    calls = reads_of(db)
    await edit(context, jobs.pop())
    assert len(calls) == 1  # one read, after both changes
    ((text, _, _),) = context.bot.edits
    later = min(new.start for _, new in second.changes).astimezone(second.snapshot.zone)
    assert later.strftime("%H:%M") in text
