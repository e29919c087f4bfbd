""" "pazar kaçta", "cumartesi kaçta oynuyoruz", "bu pazar kiminle" typed by a captain: his
match on that day, or, when it is on another day, that he has none then and which is
next. In a season league the day asked was not said back (Saturday got Sunday's match as
if asked of it); in the group, "pazar kaçta" and "bu pazar kiminle" met silence."""

from __future__ import annotations

import pytest
from day_walks import walking_the_day
from league_walks import walking_the_league

CAPTAIN, A1 = 31, 21
SUNDAY = "⚽ Şahinler: 1. hafta · 10 Ocak Pazar 14:00 · Saha 1 · rakip Boğalar"


@pytest.fixture
async def league(tmp_path):
    async with walking_the_league(tmp_path, {CAPTAIN: "Şahinler"}) as walk:
        yield walk


@pytest.mark.parametrize(
    "asked", ["pazar kaçta", "bu pazar kiminle", "pazar kimle oynuyoruz", "pazar kaçta?"]
)
async def test_the_captains_sunday_match_is_told(league, asked):
    assert await league.say(CAPTAIN, asked) == SUNDAY


async def test_a_day_without_his_match_is_said_so_before_the_next(league):
    said = await league.say(CAPTAIN, "cumartesi kaçta oynuyoruz")
    assert said == SUNDAY.replace("Şahinler: ", "Şahinler: Cumartesi günü maçınız yok; sıradaki: ")
    said = await league.say(CAPTAIN, "Kurtlar cumartesi kaçta oynuyor")
    assert said.startswith("⚽ Kurtlar: Cumartesi günü maçı yok; sıradaki: 1. hafta"), said


async def test_on_the_cup_day_a_sunday_the_captain_hears_his_first_match(tmp_path):
    async with walking_the_day(tmp_path, {"A1": A1}) as day:
        for asked in ("pazar kaçta", "bu pazar kiminle"):
            said = await day.say(A1, asked)
            assert said.startswith("⚽ A1: sıradaki maçınız A Grubu, rakip A4."), said
        said = await day.say(A1, "cumartesi kaçta oynuyoruz")
        assert said.startswith("⚽ A1: Cumartesi yok, sıradaki maçınız bugün 10:00"), said
