""" "puan durumu" and "maçlar ne zaman" from a group member who captains no team, in the
bot's own Application (tests/usecases/chatwalk.py, the 8-team day): the tables and the
fixture, as /puan and /fikstur metin show them; both got "Hangi takımın kaptanısınız?"
and the team picker."""

from __future__ import annotations

import pytest
from day_walks import walking_the_day
from eight_team_day import ORGANISER

from bot.texts.captains import pick_team

MEMBER = 4242


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path) as chat:
        yield chat


@pytest.mark.parametrize("typed", ["puan durumu", "puan tablosu", "puan durumu?"])
async def test_a_bystanders_table_question_gets_every_groups_table(walk, typed):
    (sent,) = await walk.send(MEMBER, typed)
    assert sent.buttons == [] and sent.parse_mode == "HTML", sent
    assert "A Grubu puan durumu" in sent.text and "B Grubu puan durumu" in sent.text
    assert sent.text == (await walk.send(ORGANISER, "/puan metin"))[-1].text


async def test_a_named_groups_table_is_that_groups_alone(walk):
    said = await walk.say(MEMBER, "a grubu puan durumu")
    assert "A Grubu puan durumu" in said and "B Grubu" not in said, said


async def test_a_first_person_question_still_asks_the_team(walk):
    (sent,) = await walk.send(MEMBER, "puan durumumuz")
    assert sent.text.startswith("Hangi takımın kaptanısınız?") and sent.buttons


@pytest.mark.parametrize("typed", ["maçlar ne zaman", "fikstürü atar mısın", "maçlar kaçta"])
async def test_a_bystanders_fixture_question_gets_the_fixture(walk, typed):
    """It got the team picker ("Hangi takımın kaptanısınız?")."""
    said = await walk.say(MEMBER, typed)
    assert said == await walk.say(MEMBER, "/fikstur metin"), said
    assert "A1" in said and "B4" in said and "kaptan" not in said, said


async def test_our_fixture_asked_by_someone_without_a_team_still_asks_which_team(walk):
    assert await walk.say(MEMBER, "maçlarımız ne zaman") == pick_team()
