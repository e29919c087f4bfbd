"""The plain forfeit lines typed by a member, in the bot's own Application
(tests/usecases/chatwalk.py): "A4 hükmen" asks for a decision only organisers take and is
refused, naming it (it met silence); "A4 gelmedi" and a line of no team ("Hakem hükmen")
stay chat, unless the opponent's captain in A4's match that is due says it: then the
reply says who records it and how. Nothing is stored either way."""

from __future__ import annotations

import pytest
from day_walks import results, walking_the_day
from eight_team_day import CHAT, ORGANISER

from bot.usecases import snapshots

MEMBER = 4242
CAPTAINS = {"A1": 501, "A2": 502, "A4": 504, "B1": 511}


@pytest.fixture
async def walk(tmp_path):
    async with walking_the_day(tmp_path, CAPTAINS) as chat:
        yield chat


@pytest.mark.parametrize("typed", ["A4 hükmen", "a4 hukmen!"])
async def test_a_members_hukmen_line_is_refused_naming_the_decision(walk, typed):
    said = await walk.say(MEMBER, typed)
    assert said.startswith("Hükmen kararını yalnızca düzenleyenler girebilir."), said
    assert await results(walk) == []


@pytest.mark.parametrize("typed", ["A4 gelmedi", "Hakem hükmen", "hakem gelmedi"])
async def test_a_members_late_team_talk_stays_chat(walk, typed):
    assert await walk.send(MEMBER, typed) == []
    assert await results(walk) == []


async def test_the_organisers_line_is_still_recorded(walk):
    assert "⚖️ Hükmen:" in await walk.say(ORGANISER, "A4 hükmen")
    assert len(await results(walk)) == 1


async def first_opponent(walk, team: str) -> tuple[int, str]:
    async with walk.db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    match = min((m.match for m in snap.matches if m.match.involves(team)), key=lambda m: m.no)
    return match.no, next(t for t in (match.home, match.away) if t != team)


@pytest.mark.parametrize("typed", ["A4 gelmedi", "a4 gelmedi!", "A4 hükmen"])
async def test_the_opponents_captain_reporting_a_no_show_is_told_who_records_it(walk, typed):
    no, opponent = await first_opponent(walk, "A4")
    said = await walk.say(CAPTAINS[opponent], typed)
    assert said.startswith("Hükmeni düzenleyenler yazar: biri “A4 gelmedi” yazarsa"), said
    assert f"{no}. maç" in said and f"{opponent} lehine hükmen" in said, said
    assert await results(walk) == []


@pytest.mark.parametrize("captain", ["A4", "B1"])
async def test_a_no_show_said_by_the_teams_own_or_an_unrelated_captain_stays_chat(walk, captain):
    assert await walk.send(CAPTAINS[captain], "A4 gelmedi") == []
    assert await results(walk) == []
