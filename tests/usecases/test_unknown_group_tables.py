"""`/puan Z` and `/puan c grubu` (a group the tournament does not have) showed every group
without a word: the answer now says that group does not exist, names the groups there are
and what to type; "/puan a grubu", which showed every group too, shows group A."""

from __future__ import annotations

import pytest
from day_walks import walking_the_day
from eight_team_day import ORGANISER


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path) as chat:
        yield chat


@pytest.mark.parametrize(
    ("typed", "head"),
    [
        ("/puan Z", "Bu turnuvada Z grubu yok."),
        ("/puan c grubu", "Bu turnuvada C grubu yok."),
        ("/puan grup c metin", "Bu turnuvada C grubu yok."),
        ("/puan xyz abc", '"xyz abc" bir grup adı değil.'),
    ],
)
async def test_a_group_that_does_not_exist_is_said_so(walk, typed, head):
    sent = await walk.send(ORGANISER, typed)
    assert [s.kind for s in sent] == ["message"], sent
    said = sent[0].text
    assert said.startswith(head), said
    assert "Gruplar: A, B." in said and "Şöyle yazın: /puan A" in said, said
    assert "puan durumu" not in said.lower().split("gruplar")[0], said


@pytest.mark.parametrize("typed", ["/puan a grubu metin", "/puan A metin", "/puan grup a metin"])
async def test_a_group_named_shows_that_group_alone(walk, typed):
    said = await walk.say(ORGANISER, typed)
    assert "A Grubu puan durumu" in said and "B Grubu" not in said, said


async def test_no_word_shows_every_group(walk):
    said = await walk.say(ORGANISER, "/puan metin")
    assert "A Grubu puan durumu" in said and "B Grubu puan durumu" in said, said


async def test_the_picture_is_refused_the_same_way(walk):
    sent = await walk.send(ORGANISER, "/puan c grubu")
    assert [s.kind for s in sent] == ["message"], sent
    sent = await walk.send(ORGANISER, "/puan b grubu")
    assert [s.kind for s in sent] == ["photo"], sent


async def test_a_long_word_is_quoted_short(walk):
    said = await walk.say(ORGANISER, "/puan grubu " + "Ğ" * 500)
    assert len(said) < 400 and "bir grup adı değil" in said, said
