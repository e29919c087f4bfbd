"""The one-query answer to "ne zaman oynuyoruz?" says what the whole-tournament answer says.

Through an 8-team day, after every result, every captain asks both ways: whenever the
quick path answers (its opponent known or still a code such as "1A" or "W13"), the
reply text is the one the full path gives.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.texts import chat
from bot.usecases import ask, results, setup
from storage import migrate
from storage.uow import Database

IST = ZoneInfo("Europe/Istanbul")
CHAT, ORGANISER = -1001, 10
KICKOFF = datetime(2026, 12, 6, 10, 0, tzinfo=IST)
GROUPS = (("A1", "A2", "A3", "A4"), ("B1", "B2", "B3", "B4"))
TEAMS = GROUPS[0] + GROUPS[1]
CAPTAINS = {team: 100 + n for n, team in enumerate(TEAMS)}
SPEC = setup.Spec(
    name="Bahar Kupası",
    teams=TEAMS,
    kickoff=KICKOFF,
    groups=2,
    pitches=("Saha 1", "Saha 2"),
    match_minutes=26,
    changeover=4,
    group_lists=GROUPS,
)
DAY = [
    "A1 3-1 A4", "A2 2-2 A3", "A1 1-0 A3", "A2 2-0 A4", "A1 1-1 A2", "A3 3-2 A4",
    "B1 0-2 B4", "B2 1-0 B3", "B1 1-1 B3", "B4 0-3 B2", "B1 0-1 B2", "B3 2-2 B4",
    "A1 2-0 B4", "B2 1-1 A2 pen 3-4", "B4 1-0 B2", "A2 0-2 A1",
]  # fmt: skip
NOW = (KICKOFF - timedelta(hours=1)).astimezone(UTC)


@pytest.fixture
async def db(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}"
    await migrate.upgrade_async(url)
    database = Database.from_url(url)
    async with database.unit_of_work() as uow:
        created = await setup.create(uow, SPEC, chat_id=CHAT, user_id=ORGANISER, now=NOW)
        for team, user in CAPTAINS.items():
            await uow.teams.add_captain(created.tournament_id, team, user)
        await uow.commit()
    yield database
    await database.dispose()


async def test_the_quick_answer_is_the_full_answer_all_day(db):
    quick_answers = open_opponents = 0
    for line in ["", *DAY]:
        if line:
            async with db.unit_of_work() as uow:
                await results.enter(uow, results.Entry(CHAT, ORGANISER, line, NOW))
                await uow.commit()
        for team, user in CAPTAINS.items():
            async with db.unit_of_work(read_only=True) as uow:
                quick = await ask.quick_next(uow, CHAT, user, NOW)
                full = await ask.next_match(uow, CHAT, user, NOW)
            assert full.team == team
            if quick is None:
                continue
            quick_answers += 1
            open_opponents += None in (quick.match.home, quick.match.away)
            assert full.match is not None, (line, team)
            said = chat.next_match(quick.team, quick.match, NOW)
            assert said == chat.next_match(full.team, full.match, NOW), (line, team)
    assert quick_answers > 80
    assert open_opponents > 0  # a semi-final whose other side is still "1B" or so
