"""The one-query answer to "ne zaman oynuyoruz?" says what the whole-tournament answer says.

Through an 8-team day, after every result, every captain asks both ways: whenever the
quick path answers (its opponent known or still a code such as "1A" or "W13"), the
reply text is the one the full path gives.
"""

from __future__ import annotations

from datetime import UTC, timedelta

import pytest
from eight_team_day import CHAT, GROUP_RESULTS, KICKOFF, ORGANISER, TEAMS, stored_day

from bot.texts.questions import next_match
from bot.usecases import questions, results
from bot.usecases.runner import Actor

CAPTAINS = {team: 100 + n for n, team in enumerate(TEAMS)}
DAY = [*GROUP_RESULTS, "A1 2-0 B4", "B2 1-1 A2 pen 3-4", "B4 1-0 B2", "A2 0-2 A1"]
NOW = (KICKOFF - timedelta(hours=1)).astimezone(UTC)


@pytest.fixture
async def db(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}"
    database = await stored_day(url, NOW, CAPTAINS)
    yield database
    await database.dispose()


async def test_the_quick_answer_is_the_full_answer_all_day(db):
    quick_answers = open_opponents = 0
    for line in ["", *DAY]:
        if line:
            async with db.unit_of_work() as uow:
                await results.record(uow, results.Record(line), Actor(ORGANISER, CHAT, NOW))
                await uow.commit()
        for team, user in CAPTAINS.items():
            async with db.unit_of_work(read_only=True) as uow:
                quick = await questions.quick_next(uow, CHAT, user, NOW)
                full = await questions.next_match(uow, CHAT, user, NOW)
            assert full.team == team
            if quick is None:
                continue
            quick_answers += 1
            open_opponents += None in (quick.match.home, quick.match.away)
            assert full.match is not None, (line, team)
            said = next_match(quick.team, quick.match, NOW)
            assert said == next_match(full.team, full.match, NOW), (line, team)
    assert quick_answers > 80
    assert open_opponents > 0  # a semi-final whose other side is still "1B" or so
