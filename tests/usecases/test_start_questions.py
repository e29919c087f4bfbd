"""When the tournament starts ("lig ne zaman başlıyor", "ilk maç ne zaman") and the table
asked by name ("lig durumu"), typed into the bot's own Application (tests/usecases/
chatwalk.py) on issue 23's league: 8 teams every Sunday 14:00-17:00 from 10 January 2027;
and on the eight-team day (one day, two pitches, 6 December 2026 from 10:00)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from chatwalk import walking
from eight_team_day import CHAT as DAY_CHAT
from eight_team_day import KICKOFF, stored_day
from test_issue23_why import CAPTAIN, CHAT, FORM, IST, MEMBER, ORGANISER, TUESDAY

import domain.questions
from bot.texts.questions import answer_text
from bot.usecases import questions
from bot.usecases.runner import Actor, run

STARTS = ("lig ne zaman başlıyor", "turnuva ne zaman başlıyor", "ilk maç ne zaman")
STARTS += ("sezon ne zaman başlıyor", "lig ne zmn başlıyo", "lig başladı mı")
ELSEWHERE = ("premier lig ne zaman başlıyor", "şampiyonlar ligi ne zaman başlıyor")
TABLES = ("lig durumu", "ligde durum ne", "sıralama ne", "sıralama nasıl", "ligin durumu")
TABLES += ("ligde son durum ne",)


@pytest.fixture
async def league(tmp_path):
    async with walking(tmp_path / "starts.sqlite3", CHAT, TUESDAY) as walk:
        await walk.send(ORGANISER, FORM)
        await walk.press(ORGANISER, "Oluştur")
        await walk.send(CAPTAIN, "/start", chat=CAPTAIN)
        await walk.send(CAPTAIN, "/kaptan Kartallar")
        yield walk


async def test_the_league_start_is_its_first_match_day_and_time_then_the_day_it_began(league):
    """ "lig ne zaman başlıyor" was read as a team named "lig" and met silence."""
    first = await league.say(MEMBER, "lig ne zaman başlıyor")
    assert first.startswith("📅 Pazar Ligi 10 Ocak Pazar 14:00'te başlıyor (1. hafta); ilk maç: ")
    assert first.endswith("(Saha 1)."), first
    for typed in STARTS:
        for user in (MEMBER, CAPTAIN, ORGANISER):
            assert await league.say(user, typed) == first, (typed, user)
    for typed in ELSEWHERE:
        assert await league.say(MEMBER, typed) == "", typed
    league.now = datetime(2027, 1, 11, 9, 0, tzinfo=IST)  # the Monday after week 1
    begun = await league.say(MEMBER, "lig ne zaman başlıyor")
    assert begun.startswith(
        "📅 Pazar Ligi 10 Ocak'ta başladı; sıradaki maç (2. hafta): Pazar 14:00, "
    ), begun
    assert await league.say(CAPTAIN, "lig başladı mı") == begun


async def test_a_teams_first_match_is_its_own(league):
    said = await league.say(MEMBER, "Kurtların ilk maçı ne zaman")
    assert said.startswith("📅 Kurtlar: ilk maçı (1. hafta): 10 Ocak Pazar "), said
    assert "Kurtlar" in said.split(": ", 3)[-1]
    assert await league.say(MEMBER, "yeni sezon ne zaman başlıyor") == ""  # names no team


async def test_the_table_asked_by_name_is_the_table(league):
    """ "lig durumu" met silence; the others answer as "puan durumu" does."""
    for user in (MEMBER, CAPTAIN):
        table = await league.say(user, "puan durumu")
        assert table.startswith("<pre>Puan durumu"), table
        for typed in TABLES:
            assert await league.say(user, typed) == table, (typed, user)
    assert await league.say(MEMBER, "lig durumu çok karışık") == ""


async def _asked(db, text: str, now: datetime) -> str | None:
    question = domain.questions.ask(text)
    assert question is not None, text
    actor = Actor(77, DAY_CHAT, now, None)
    response = (await run(db, questions.respond, questions.Ask(question), actor)).value
    return None if response is None else answer_text(question, response, now)


async def test_the_days_start_names_its_first_kick_off_on_each_pitch(tmp_path):
    before = KICKOFF - timedelta(hours=1)
    db = await stored_day(f"sqlite+aiosqlite:///{tmp_path / 'day.sqlite3'}", before)
    try:
        said = await _asked(db, "turnuva kaçta başlıyor", before)
        assert said is not None and said.startswith(
            "📅 Bahar Kupası bugün 10:00'da başlıyor; ilk maçlar: A"
        ), said
        assert "(Saha 1), " in said and said.endswith("(Saha 2)."), said
        later = KICKOFF + timedelta(minutes=5)
        said = await _asked(db, "turnuva ne zaman başlıyor", later)
        assert said is not None and said.startswith(
            "📅 Bahar Kupası bugün 10:00'da başladı; sıradaki maçlar: bugün 10:30 (25 dk sonra), "
        ), said
    finally:
        await db.dispose()


async def test_our_first_match_is_the_captains_teams_first_match(league):
    """ "ilk maçımız ne zaman" was read as the next match; before the start they agree, once
    week 1 is behind the captain gets the first match played and the next one."""
    said = await league.say(CAPTAIN, "ilk maçımız ne zaman")
    assert said.startswith("📅 Kartallar: ilk maçı (1. hafta): 10 Ocak Pazar "), said
    assert await league.say(CAPTAIN, "ilk maçımız kaçta?") == said
    assert await league.say(CAPTAIN, "lige ne zaman başlıyoruz") != said  # our next match
    league.now = datetime(2027, 1, 11, 9, 0, tzinfo=IST)  # the Monday after week 1
    played = await league.say(CAPTAIN, "ilk maçımız ne zaman")
    assert played.startswith("📅 Kartallar ilk maçını 10 Ocak'ta oynadı: "), played


async def test_our_first_match_from_someone_without_a_team_offers_the_teams(league):
    said = await league.say(MEMBER, "ilk maçımız ne zaman")
    assert "takım" in said.lower() and "ilk maç" not in said, said


async def test_the_league_start_asked_in_private_is_the_league_not_the_next_match(league):
    """In the captain's private chat "lig ne zaman başlıyor" got his next match."""
    said = await league.say(CAPTAIN, "lig ne zaman başlıyor", chat=CAPTAIN)
    assert said.startswith("📅 Pazar Ligi 10 Ocak Pazar 14:00'te başlıyor (1. hafta)"), said
    mine = await league.say(CAPTAIN, "ilk maçımız ne zaman", chat=CAPTAIN)
    assert mine.startswith("📅 Kartallar: ilk maçı (1. hafta): "), mine
