"""DOMAIN.md's 8-team day, shared by the use-case tests: two groups of four, two pitches,
10:00 first round on 6 December 2026 in Istanbul, 26+4 slots, semi-finals 13:30, third
place 14:15, final 14:45; one group chat and its organiser.

Each test module keeps its own captain ids, and its own clock (MORNING, at()) or this
one's: `NOW`, an hour before the first kick-off, and `who(user)` acting then in the chat.
`stored_day` gives it a database holding the day.
"""

from __future__ import annotations

import itertools
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.usecases import drafts, result_messages, results, setup, snapshots, views
from bot.usecases.runner import Actor, run
from storage import migrate
from storage.uow import Database

IST = ZoneInfo("Europe/Istanbul")
CHAT, ORGANISER = -1001, 10
KICKOFF = datetime(2026, 12, 6, 10, 0, tzinfo=IST)
NOW = (KICKOFF - timedelta(hours=1)).astimezone(UTC)
_updates = itertools.count(1_000_000)


def who(user: int = ORGANISER, update_id: int | None = None) -> Actor:
    """`user` in the day's chat at NOW, in an update of its own (or `update_id`)."""
    return Actor(user, CHAT, NOW, next(_updates) if update_id is None else update_id)


async def result_message(db: Database, text: str) -> results.Answer:
    """The one answer to a message of one result line, typed by the organiser at NOW."""
    (answer,) = (await run(db, result_messages.record, result_messages.Message(text), who())).value
    return answer


GROUPS = (("A1", "A2", "A3", "A4"), ("B1", "B2", "B3", "B4"))
TEAMS = GROUPS[0] + GROUPS[1]
SPEC = drafts.Spec(
    name="Bahar Kupası",
    teams=TEAMS,
    kickoff=KICKOFF,
    groups=2,
    pitches=("Saha 1", "Saha 2"),
    match_minutes=26,
    changeover=4,
    group_lists=GROUPS,
)
# The twelve group results, group A's six then group B's; the semi-finals they make are
# A1 – B4 and B2 – A2.
GROUP_RESULTS = (
    "A1 3-1 A4", "A2 2-2 A3", "A1 1-0 A3", "A2 2-0 A4", "A1 1-1 A2", "A3 3-2 A4",
    "B1 0-2 B4", "B2 1-0 B3", "B1 1-1 B3", "B4 0-3 B2", "B1 0-1 B2", "B3 2-2 B4",
)  # fmt: skip


async def stored_day(url: str, now: datetime, captains: dict[str, int] | None = None) -> Database:
    """The database at `url`, migrated, with the day stored by its organiser at `now` (the
    chat's tournament 1) and `captains` ({team: user}; none by default). The caller
    disposes of it."""
    await migrate.upgrade_async(url)
    database = Database.from_url(url)
    async with database.unit_of_work() as uow:
        await setup.create(uow, SPEC, chat_id=CHAT, user_id=ORGANISER, now=now)
        for team, user in (captains or {}).items():
            await uow.teams.add_captain(1, team, user)
        await uow.commit()
    return database


def copy_of(template: Path, folder: Path) -> Database:
    """A database on a copy of `template` (a stored day's SQLite file) in `folder`: each
    test of a module that stores its day once starts from the same tournament. The caller
    disposes of it."""
    path = folder / "day.sqlite3"
    shutil.copy(template, path)
    return Database.from_url(f"sqlite+aiosqlite:///{path}")


async def running(db: Database, chat_id: int = CHAT) -> snapshots.Snapshot:
    """The chat's running tournament, read as the views read it (views.snapshot)."""
    anyone = Actor(user_id=0, chat_id=chat_id, now=KICKOFF)
    return (await run(db, views.snapshot, views.Running(), anyone)).value
