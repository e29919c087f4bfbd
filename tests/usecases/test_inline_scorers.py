"""Scorers typed on the result line itself ("A1 1-0 A3 (Veli)", "B1 0-2 B4 goller: Ahmet
2") used to be dropped without a word, or to make the line unreadable; they are recorded
as the same names on the next line are. A parenthesis that names nobody records nothing."""

from __future__ import annotations

import pytest
from day_walks import results, walking_the_day
from eight_team_day import ORGANISER

CAPTAIN = 21


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path, {"A1": CAPTAIN}) as chat:
        await chat.say(CAPTAIN, "/kadro A1: Ali Yılmaz, Veli Demir")
        yield chat


async def test_a_squad_players_name_in_a_parenthesis_is_his_goal(walk):
    said = await walk.say(ORGANISER, "A1 1-0 A3 (Veli)")
    assert "Kaydedildi: A1 1-0 A3" in said and "⚽ A1: Veli Demir" in said
    assert "Veli Demir (A1) 1" in await walk.say(ORGANISER, "/goller")


@pytest.mark.parametrize(
    ("line", "stored", "scorers"),
    [
        ("B1 0-2 B4 goller: Ahmet 2", "B1 0-2 B4", "⚽ B4: Ahmet 2"),
        ("B2 1-0 B3, gol: Mert", "B2 1-0 B3", "⚽ B2: Mert"),
        ("A3 3-2 A4 (Ali 2, Can; Mehmet 2)", "A3 3-2 A4", "⚽ A3: Ali 2, Can · A4: Mehmet 2"),
    ],
)
async def test_labelled_or_listed_scorers_on_the_line_are_recorded(walk, line, stored, scorers):
    said = await walk.say(ORGANISER, line)
    assert f"Kaydedildi: {stored}" in said and scorers in said, said


@pytest.mark.parametrize("line", ["B1 1-0 B2 (Tebrikler)", "A1 3-1 A4 (Süper)"])
async def test_a_parenthesis_that_names_nobody_records_the_result_alone(walk, line):
    said = await walk.say(ORGANISER, line)
    assert "Kaydedildi" in said and "⚽" not in said and "⚠" not in said, said
    assert len(await results(walk)) == 1
    assert "Henüz gol" in await walk.say(ORGANISER, "/goller")
