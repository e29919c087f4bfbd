"""A team that leaves a cup (groups and a knockout) leaves the tournament, not a league:
/cekil, its captain's "ne zaman oynuyoruz", a bystander's question about it and /geri_al
all said "ligden çekildi" / "yeniden ligde", untrue of the eight-team day. A league's
words stay (tests/usecases/test_season_weeks_gone.py)."""

from __future__ import annotations

import pytest
from day_walks import walking_the_day
from eight_team_day import ORGANISER

CAPTAIN, MEMBER = 77, 55  # A2's captain; someone who captains no team


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path, {"A2": CAPTAIN}) as chat:
        yield chat


async def test_a_team_leaving_the_cup_leaves_the_tournament(walk):
    said = await walk.say(ORGANISER, "/cekil A2")
    assert "A2 turnuvadan çekildi" in said and "lig" not in said, said
    said = await walk.say(CAPTAIN, "ne zaman oynuyoruz")
    assert said == "🚪 A2: turnuvadan çekildiniz; oynanacak maçınız yok.", said
    said = await walk.say(MEMBER, "A2 ne zaman oynuyor")
    assert said == "🚪 A2 turnuvadan çekildi; oynanacak maçı yok.", said
    said = await walk.say(ORGANISER, "/geri_al")
    assert "A2 yeniden turnuvada" in said and "lig" not in said, said
