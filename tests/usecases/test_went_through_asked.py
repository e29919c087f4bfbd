"""Going through asked on the eight-team day, typed into the group: "finale kaldık mı" once
the group is over tells the group's fate; once the team has played its semi-final it told
the same fate ("yarı finalde; rakip B4"), old news by then: it is now the team's next
match, the final for the winner and the third-place match for the loser."""

from __future__ import annotations

from datetime import timedelta

import pytest
from day_walks import walking_the_day
from eight_team_day import GROUP_RESULTS, KICKOFF, ORGANISER

A1, B4 = 21, 24


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path, {"A1": A1, "B4": B4}) as chat:
        chat.now = (KICKOFF + timedelta(hours=3)).astimezone(chat.now.tzinfo)
        for line in GROUP_RESULTS:
            assert "Kaydedildi" in await chat.say(ORGANISER, line), line
        yield chat


async def test_after_the_group_the_fate_is_told(walk):
    said = await walk.say(A1, "finale kaldık mı")
    assert said.startswith("✅ A1 (1.): yarı finalde; rakip B4"), said
    assert (await walk.say(A1, "gruptan çıktık mı")) == said


async def test_after_the_semi_final_the_next_match_is_told(walk):
    walk.now += timedelta(hours=1)
    assert "Kaydedildi" in await walk.say(ORGANISER, "A1 2-0 B4")
    said = await walk.say(A1, "finale kaldık mı")
    assert said.startswith("⚽ A1: sıradaki maçınız Final"), said
    said = await walk.say(B4, "finale kaldik mi")
    assert said.startswith("⚽ B4: sıradaki maçınız Üçüncülük maçı"), said
