"""After /hafta_ertele, "ertelenen maç var mı" said "Ertelenen maç yok": no match waited for
a date, though a whole week (and every week after it) had moved. The moved weeks are now
named with the day the season gave them and their new day."""

from __future__ import annotations

import pytest
from league_walks import walking_the_league
from test_issue23_why import ORGANISER

CAPTAIN, MEMBER = 31, 77


@pytest.fixture
async def league(tmp_path):
    async with walking_the_league(tmp_path, {CAPTAIN: "Şahinler"}) as walk:
        yield walk


async def test_before_any_move_nothing_is_postponed(league):
    assert (await league.say(MEMBER, "ertelenen maç var mı")).startswith("⏸ Ertelenen maç yok")


@pytest.mark.parametrize("asked", ["ertelenen maç var mı", "ertelenen hafta var mı"])
async def test_a_postponed_week_is_named_with_its_old_and_new_day(league, asked):
    await league.say(ORGANISER, "/hafta_ertele 2")
    said = await league.say(MEMBER, asked)
    assert "Ertelenen maç yok" not in said, said
    assert "• 2. hafta: 17 Ocak Pazar yerine 24 Ocak Pazar" in said
    assert "• 5. hafta: 7 Şubat Pazar yerine 14 Şubat Pazar" in said
    assert "… ve 2 hafta daha" in said  # weeks 6 and 7, past the first four


async def test_a_captain_hears_of_his_teams_weeks(league):
    await league.say(ORGANISER, "/hafta_ertele 6")
    said = await league.say(CAPTAIN, "ertelenen maçımız var mı")
    assert "• 6. hafta: 14 Şubat Pazar yerine 21 Şubat Pazar" in said, said
    assert "• 7. hafta: 21 Şubat Pazar yerine 28 Şubat Pazar" in said
