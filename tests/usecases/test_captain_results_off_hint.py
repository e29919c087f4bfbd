"""A captain's "3-1 kazandık" (or "A1 3-1 bugün iyiydi", one team and a score) with
captains' results off was told to write "A1 3-1 RakipTakım", and that line was then
refused ("yalnızca düzenleyenler"): the hint now says that the organisers enter results
and how captains' results are turned on (/ayarlar kaptan_sonuc acik, organisers only),
never a line that will be refused, nor a made-up team name ("RakipTakım")."""

from __future__ import annotations

from datetime import timedelta

import pytest
from day_walks import results, walking_the_day
from eight_team_day import KICKOFF, ORGANISER

from domain.model import Score

CAPTAIN = 77  # A1's; A1 plays its first match at KICKOFF
TURN_ON = "/ayarlar kaptan_sonuc acik"


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path, {"A1": CAPTAIN}) as chat:
        yield chat


@pytest.mark.parametrize("typed", ["3-1 kazandık", "2-2 kazandık", "A3'ü 3-1 yendik"])
async def test_no_match_started_the_captain_is_told_who_enters_results(walk, typed):
    said = await walk.say(CAPTAIN, typed)
    assert "sonuçları düzenleyenler giriyor" in said and TURN_ON in said, said
    assert "RakipTakım" not in said and "3-1 A" not in said, said
    assert await results(walk) == []


async def test_in_his_match_the_refusal_says_how_captains_results_are_turned_on(walk):
    walk.now = (KICKOFF + timedelta(minutes=30)).astimezone(walk.now.tzinfo)
    said = await walk.say(CAPTAIN, "3-1 kazandık")
    assert "Sonuçları yalnızca düzenleyenler girebilir" in said and TURN_ON in said, said
    assert await results(walk) == []


async def test_with_captains_results_on_the_hint_names_the_line_that_waits(walk):
    await walk.say(ORGANISER, TURN_ON)
    said = await walk.say(CAPTAIN, "3-1 kazandık")
    assert "A1 3-1, ardından rakip takımın adı" in said, said
    assert "sonuçları düzenleyenler giriyor" not in said and "RakipTakım" not in said, said


async def test_an_organiser_who_captains_keeps_the_line_to_type(walk):
    await walk.say(ORGANISER, "/kaptan A2")
    said = await walk.say(ORGANISER, "3-1 kazandık")
    assert "A2 3-1, ardından rakip takımın adı" in said and "RakipTakım" not in said, said


@pytest.mark.parametrize("typed", ["A1 3-1 bugün iyiydi", "A1 2-0 bitti"])
async def test_a_captain_s_one_team_line_is_told_who_enters_results(walk, typed):
    for now in (walk.now, (KICKOFF + timedelta(minutes=30)).astimezone(walk.now.tzinfo)):
        walk.now = now
        said = await walk.say(CAPTAIN, typed)
        assert "sonuçları düzenleyenler giriyor" in said and TURN_ON in said, said
        assert "RakipTakım" not in said and "3-1 A" not in said, said
    assert await results(walk) == []


async def test_an_organiser_s_one_team_line_names_the_current_opponent_and_it_is_entered(walk):
    walk.now = (KICKOFF + timedelta(minutes=30)).astimezone(walk.now.tzinfo)
    said = await walk.say(ORGANISER, "A1 2-0 bugün iyiydi")
    assert "A1 2-0 A4" in said and "RakipTakım" not in said, said
    said = await walk.say(ORGANISER, "A1 2-0 A4")
    assert "Kaydedildi: A1 2-0 A4" in said, said
    assert await results(walk) == [Score(2, 0)]


async def test_with_captains_results_on_a_one_team_line_before_any_match_makes_up_no_name(walk):
    await walk.say(ORGANISER, TURN_ON)
    said = await walk.say(CAPTAIN, "A1 3-1 bugün iyiydi")
    assert "A1 3-1, ardından rakip takımın adı" in said and "RakipTakım" not in said, said
