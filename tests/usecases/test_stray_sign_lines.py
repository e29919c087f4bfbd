""" "Kartallar -1-3 Şahinler" (a typo'd result line) was stored as 1-3 without asking: the
bot now asks back with the line to type and stores nothing, by a plain line or /sonuc; the
ordinary shapes still store."""

from __future__ import annotations

import pytest
from day_walks import results, walking_the_day
from eight_team_day import ORGANISER


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path) as chat:
        yield chat


@pytest.mark.parametrize("typed", ["A1 -1-3 A4", "A1 1-3- A4", "A1 +1-3 A4"])
async def test_a_stray_sign_is_asked_back_and_nothing_is_stored(walk, typed):
    said = await walk.say(ORGANISER, typed)
    assert "fazladan bir işaret" in said, said
    assert "Skoru işaretsiz yazın: A1 1-3 A4" in said, said
    assert await results(walk) == []


async def test_a_stray_sign_after_sonuc_is_refused(walk):
    said = await walk.say(ORGANISER, "/sonuc A1 -1-3 A4")
    assert "fazladan bir işaret" in said and "Örnek:" in said, said
    assert await results(walk) == []


@pytest.mark.parametrize("typed", ["A1 1-3 A4", "A1 1 - 3 A4", "A1 1:3 A4"])
async def test_ordinary_lines_still_store(walk, typed):
    said = await walk.say(ORGANISER, typed)
    assert said.startswith("✅ Kaydedildi: A1 1-3 A4"), said
    assert len(await results(walk)) == 1
