""" "3-1 kazandık" or "2-2 berabere" from an organiser who captains no team got no answer
(read as a supporter's chat): he is now shown the line with both teams and his score
("Kartallar 3-1 Şahinler"); a member who captains nothing still gets silence."""

from __future__ import annotations

import pytest
from day_walks import results, walking_the_day
from eight_team_day import ORGANISER

MEMBER = 55


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path) as chat:
        yield chat


@pytest.mark.parametrize(
    ("typed", "line"),
    [
        ("3-1 kazandık", "Kartallar 3-1 Şahinler"),
        ("1-3 kaybettik", "Kartallar 1-3 Şahinler"),
        ("2-2 berabere", "Kartallar 2-2 Şahinler"),
        ("2-2, penaltılarla 4-3 kazandık", "Kartallar 2-2 Şahinler pen 4-3"),
        ("2-2 kazandık", "Kartallar 3-1 Şahinler"),
    ],
)
async def test_an_organiser_is_shown_the_line_with_both_teams(walk, typed, line):
    said = await walk.say(ORGANISER, typed)
    assert "iki takımın adıyla" in said and said.endswith(line), said
    assert await results(walk) == []


@pytest.mark.parametrize("typed", ["3-1 kazandık", "2-2 berabere", "2-2 kazandık"])
async def test_a_member_who_captains_nothing_is_left_alone(walk, typed):
    assert await walk.send(MEMBER, typed) == []
    assert await results(walk) == []
