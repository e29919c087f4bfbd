"""A team name a command does not find is answered with that command's own example:
"/hukmen Fenerbahçe", "/cekil Fenerbahçe", "/kura Fenerbahçe" and "/takim_adi Fenerbahçe =
Yeni" each ended with a result line's example ("Örnek: Kartallar 3-1 Şahinler …"), which
records no forfeit, withdrawal, lot or name."""

from __future__ import annotations

import pytest
from day_walks import walking_the_day
from eight_team_day import ORGANISER


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path) as chat:
        yield chat


@pytest.mark.parametrize(
    ("typed", "example"),
    [
        ("/hukmen Fenerbahçe", "Örnek: /hukmen Kartallar"),
        ("/hukmen Fenerbahçe 5-1", "Örnek: /hukmen Kartallar"),
        ("/cekil Fenerbahçe", "Örnek: /cekil Kartallar"),
        ("/kura Fenerbahçe", "Örnek: /kura Kartallar"),
        ("/takim_adi Fenerbahçe = Yeni Ad", "Örnek: /takim_adi Kartallar = Kara Kartallar"),
    ],
)
async def test_the_refusal_shows_the_commands_own_example(walk, typed, example):
    said = await walk.say(ORGANISER, typed)
    assert "adında bir takım yok." in said, said
    assert "Takımlar: /takimlar" in said and example in said, said
    assert "3-1 Şahinler" not in said, said


async def test_a_result_line_of_an_unknown_team_keeps_the_result_example(walk):
    said = await walk.say(ORGANISER, "/sonuc A1 3-1 Fenerbahçe")
    assert "Kartallar 3-1 Şahinler" in said, said
