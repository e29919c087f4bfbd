""" "kaçıncı haftadayız", "bu hafta kaçıncı hafta", "sezon kaç hafta", "lig kaç hafta
sürüyor", "ligde kaç takım var", "turnuvada kaç takım var" typed into a season league's
group (8 teams, 7 match weeks every Sunday from 10 January, the clock on Tuesday 5
January): each is answered, where before the bot said nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from day_walks import walking_the_day
from league_walks import walking_the_league

MEMBER = 77


@pytest.fixture
async def league(tmp_path):
    async with walking_the_league(tmp_path) as walk:
        yield walk


@pytest.mark.parametrize("asked", ["kaçıncı haftadayız", "bu hafta kaçıncı hafta"])
async def test_this_weeks_match_week_is_told_with_its_day(league, asked):
    assert await league.say(MEMBER, asked) == "📅 1. haftadayız: 10 Ocak Pazar."
    league.now += timedelta(days=6)  # Monday 11 January: week 2 is the coming one
    assert await league.say(MEMBER, asked) == "📅 2. haftadayız: 17 Ocak Pazar."


@pytest.mark.parametrize("asked", ["sezon kaç hafta", "lig kaç hafta sürüyor"])
async def test_the_seasons_match_weeks_are_counted(league, asked):
    assert await league.say(MEMBER, asked) == "📅 Sezon 7 maç haftası."


@pytest.mark.parametrize("asked", ["ligde kaç takım var", "turnuvada kaç takım var"])
async def test_the_teams_are_counted(league, asked):
    assert await league.say(MEMBER, asked) == "📅 Turnuvada 8 takım var."


async def test_the_cup_day_counts_its_teams_and_has_no_weeks(tmp_path):
    async with walking_the_day(tmp_path) as day:
        assert await day.say(MEMBER, "turnuvada kaç takım var") == "📅 Turnuvada 8 takım var."
        assert "maç haftası yok" in await day.say(MEMBER, "kaçıncı haftadayız")
