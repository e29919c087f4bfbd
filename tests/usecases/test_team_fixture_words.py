"""A team's fixture asked in words ("fikstürümüz", "Kartallar fikstürü") is what /fikstur
Kartallar metin shows. It used to be one list under the first match day's date, which in
a season league read as if every week's match were played on that one day."""

from __future__ import annotations

import pytest
from league_walks import walking_the_league
from test_issue23_why import ORGANISER

CAPTAIN = 31


@pytest.fixture
async def league(tmp_path):
    async with walking_the_league(tmp_path, {CAPTAIN: "Şahinler"}) as walk:
        yield walk


@pytest.mark.parametrize("asked", ["fikstürümüz", "maçlarımız", "Şahinler fikstürü"])
async def test_a_teams_fixture_in_words_gives_each_week_its_date(league, asked):
    said = await league.say(CAPTAIN, asked)
    assert said.startswith("📅 Pazar Ligi: Şahinler · 10 Ocak – 21 Şubat 2027"), said
    assert "1. hafta · 10 Ocak Pazar" in said and "2. hafta · 17 Ocak Pazar" in said
    assert "7. hafta · 21 Şubat Pazar" in said
    assert said == await league.say(ORGANISER, "/fikstur Şahinler metin")


async def test_after_a_moved_week_the_words_give_the_new_dates(league):
    await league.say(ORGANISER, "/hafta_ertele 2")
    said = await league.say(CAPTAIN, "fikstürümüz")
    assert "2. hafta · 24 Ocak Pazar" in said and "17 Ocak" not in said, said
