"""Going through asked of a named team on the eight-team day: "A3 gruptan çıkar mı" from a
captain of another team is said of A3 ("Kalan maçlarını kazanırsa çıkıyor"), not to him
("çıkıyorsunuz"); in the past ("A3 elendi mi", "A1 finale kaldı mı", "B2 gruptan çıktı
mı") it is answered as "elendik mi" is, for the team named."""

from __future__ import annotations

from datetime import timedelta

import pytest
from day_walks import walking_the_day
from eight_team_day import GROUP_RESULTS, KICKOFF, ORGANISER

A1, A3, B4 = 21, 23, 24


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path, {"A1": A1, "A3": A3, "B4": B4}) as chat:
        yield chat


async def test_a_named_team_is_spoken_of_in_the_third_person(walk):
    said = await walk.say(B4, "A3 gruptan çıkar mı")
    assert said.startswith("A3: şu an 3. sıra, 0 puan"), said
    assert "Kalan maçları: A2 ile" in said and "Kalan maçlarını kazanırsa çıkıyor." in said
    assert "nız" not in said, said
    own = await walk.say(A3, "gruptan çıkıyor muyuz")
    assert "Kalan maçlarınızı kazanırsanız çıkıyorsunuz." in own, own


async def test_going_through_in_the_past_is_asked_of_a_named_team(walk):
    walk.now = (KICKOFF + timedelta(hours=3)).astimezone(walk.now.tzinfo)
    for line in GROUP_RESULTS:
        assert "Kaydedildi" in await walk.say(ORGANISER, line), line
    assert await walk.say(B4, "A3 elendi mi") == "❌ A3 (3.): elendi."
    said = await walk.say(B4, "A1 finale kaldı mı")
    assert said.startswith("✅ A1 (1.): yarı finalde; rakip B4"), said
    said = await walk.say(A3, "B2 gruptan çıktı mı")
    assert said.startswith("✅ B2 (1.): yarı finalde"), said
    assert await walk.say(B4, "maça geç kaldı mı") == ""
