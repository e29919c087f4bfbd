"""A stage asked in the first person on the eight-team day: "yarı finalde kimle
oynuyoruz" from a captain whose team is in a semi-final gets his own semi-final (rival,
pitch, time), not both; "finalde kimle oynuyoruz" before his team is in the final gets the
final's matches as a bystander would, its sides still in words."""

from __future__ import annotations

from datetime import timedelta

import pytest
from day_walks import walking_the_day
from eight_team_day import GROUP_RESULTS, KICKOFF, ORGANISER

A1, B4, A3 = 21, 24, 23


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path, {"A1": A1, "B4": B4, "A3": A3}) as chat:
        chat.now = (KICKOFF + timedelta(hours=3)).astimezone(chat.now.tzinfo)
        for line in GROUP_RESULTS:
            assert "Kaydedildi" in await chat.say(ORGANISER, line), line
        yield chat


async def test_the_semi_final_asked_by_a_semi_finalist_is_his_own(walk):
    said = await walk.say(A1, "yarı finalde kimle oynuyoruz")
    assert said == "🏆 A1, Yarı final: rakip B4, Saha 1, bugün 13:30 (30 dk sonra).", said
    said = await walk.say(B4, "yarı finalde rakibimiz kim")
    assert said.startswith("🏆 B4, Yarı final: rakip A1, Saha 1"), said


async def test_a_stage_the_team_is_not_in_yet_lists_the_stage(walk):
    said = await walk.say(A1, "finalde kimle oynuyoruz")
    assert said.startswith("🏆 Final: 1. yarı finalin galibi – 2. yarı finalin galibi"), said
    said = await walk.say(A3, "yarı finalde kimle oynuyoruz")  # out in the group
    assert "A1 – B4" in said and "B2 – A2" in said, said


async def test_the_final_asked_once_the_team_is_in_it(walk):
    walk.now += timedelta(hours=1)
    assert "Kaydedildi" in await walk.say(ORGANISER, "A1 2-0 B4")
    assert "Kaydedildi" in await walk.say(ORGANISER, "B2 1-0 A2")
    said = await walk.say(A1, "finalde kimle oynuyoruz")
    assert said.startswith("🏆 A1, Final: rakip B2, Saha 1, bugün 14:45"), said
    said = await walk.say(A1, "yarı finalde rakibimiz kimdi")
    assert "A1 – B4: 2-0" in said and "B2 – A2" not in said, said
