"""A goals line under a result with "kk" standing alone, "goller: Ali 3, kk, Veli", was
refused as "bir sayının ya da kartın yanında oyuncu adı yok" without saying how an own
goal is written: the refusal now shows "Mehmet kk" (the player who put it in his own
goal, on his own side), and nothing is stored."""

from __future__ import annotations

import pytest
from day_walks import results, walking_the_day
from eight_team_day import ORGANISER


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path) as chat:
        yield chat


async def test_a_lone_kk_is_refused_with_how_to_write_an_own_goal(walk):
    said = await walk.say(ORGANISER, "A1 5-0 A4\ngoller: Ali 3, kk, Veli")
    assert "kendi kalesine" in said and '("kk")' in said, said
    assert "Örnek: goller: Ali 3, Veli - Mehmet kk" in said, said
    assert "bir sayının ya da kartın yanında" not in said, said
    assert await results(walk) == []


async def test_the_line_written_so_is_stored(walk):
    said = await walk.say(ORGANISER, "A1 3-0 A4\ngoller: Ali 2 - Mehmet kk")
    assert said.startswith("✅ Kaydedildi: A1 3-0 A4"), said
    assert len(await results(walk)) == 1
