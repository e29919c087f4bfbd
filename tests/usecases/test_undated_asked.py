""" "tarihi belli olmayan maç var mı", "hangi maçların tarihi belli değil", "belirsiz
maçlar" typed into a season league's group: once a match waits for a date (/ertele N
belirsiz), it is named, as "ertelenen maç var mı" names it; before, no team "tarihi" was
looked for and nothing was said."""

from __future__ import annotations

import pytest
from league_walks import walking_the_league
from test_issue23_why import ORGANISER

MEMBER = 77


@pytest.fixture
async def league(tmp_path):
    async with walking_the_league(tmp_path) as walk:
        yield walk


ASKED = ["tarihi belli olmayan maç var mı", "hangi maçların tarihi belli değil", "belirsiz maçlar"]


@pytest.mark.parametrize("asked", ASKED)
async def test_the_match_waiting_for_a_date_is_named(league, asked):
    await league.say(ORGANISER, "/ertele 8 belirsiz")
    said = await league.say(MEMBER, asked)
    assert said.startswith("⏸ Tarihi belirsiz ertelenen maçlar:"), said
    assert "• Kartallar – Dinamo Kadıköy (maç 8, 2. hafta)" in said, said


async def test_with_none_waiting_none_is_said(league):
    assert (await league.say(MEMBER, ASKED[0])).startswith("⏸ Ertelenen maç yok")
