"""/takim_adi without "=" for a team of two words: "/takim_adi Kara Kartallar Kartallar"
renamed Kara Kartallar to "Kartallar Kartallar" (its first word taken as the old name, the
rest as the new one); the longest opening that is a team's full name is now the old name."""

from __future__ import annotations

import pytest
from day_walks import walking_the_day
from eight_team_day import CHAT, ORGANISER

from bot.usecases import snapshots


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path) as chat:
        assert "A1 artık Kara Kartallar" in await chat.say(
            ORGANISER, "/takim_adi A1 = Kara Kartallar"
        )
        yield chat


async def teams(walk) -> tuple[str, ...]:
    async with walk.db.unit_of_work(read_only=True) as uow:
        return (await snapshots.active(uow, CHAT)).teams


@pytest.mark.parametrize("typed", ["Kara Kartallar Kartallar", "kara kartallar Kartallar"])
async def test_the_whole_old_name_is_taken(walk, typed):
    said = await walk.say(ORGANISER, f"/takim_adi {typed}")
    assert said == "✏️ Kara Kartallar artık Kartallar.", said
    assert "Kartallar" in await teams(walk) and "Kara Kartallar" not in await teams(walk)


async def test_a_one_word_old_name_still_works(walk):
    said = await walk.say(ORGANISER, "/takim_adi A2 Yeni Şahinler")
    assert said == "✏️ A2 artık Yeni Şahinler.", said
