"""Captains' questions in a season league answer with the match week and its date."""

from __future__ import annotations

from datetime import datetime
from itertools import count

import pytest
from test_season_setup import CAPTAIN, CHAT, IST, NOW, ORGANISER, league_db

import domain.questions
from bot.texts import live
from bot.texts.questions import answer_text
from bot.usecases import questions
from bot.usecases.runner import Actor, run
from storage.uow import Database

BYSTANDER = 99
_updates = count(7000)


@pytest.fixture
async def db(tmp_path):
    database = await league_db(tmp_path / "q.sqlite3", ())
    yield database
    await database.dispose()


async def said(db: Database, text: str, user: int = CAPTAIN, now: datetime = NOW) -> str:
    question = domain.questions.ask(text)
    assert question is not None, text
    response = (
        await run(db, questions.respond, questions.Ask(question), Actor(user, CHAT, now))
    ).value
    assert response is not None, text
    return answer_text(question, response, now)


async def test_ne_zaman_oynuyoruz_names_the_week_and_the_date(db):
    text = await said(db, "ne zaman oynuyoruz?")
    assert text.startswith("⚽ Takım 1: 1. hafta · 6 Aralık Pazar 14:")
    assert "· Saha 1 · rakip Takım " in text


async def test_the_third_week_and_this_and_next_week(db):
    third = await said(db, "3. hafta ne zaman")
    assert third.startswith("⚽ Takım 1: 3. hafta · 3 Ocak Pazar")
    this = await said(db, "bu hafta kiminle", now=datetime(2026, 12, 2, 12, tzinfo=IST))
    assert this.startswith("⚽ Takım 1: 1. hafta · 6 Aralık Pazar")
    # Fortnightly: the week after has no match day.
    assert "Haftaya maç yok" in await said(db, "haftaya kiminle oynuyoruz")
    later = datetime(2026, 12, 14, 12, tzinfo=IST)  # a Monday: week 2 is on Sunday the 20th
    assert "2. hafta · 20 Aralık Pazar" in await said(db, "bu hafta kiminle", now=later)
    nothing = await said(db, "haftaya kiminle oynuyoruz", now=datetime(2026, 12, 6, 18, tzinfo=IST))
    assert nothing.startswith("📅 Haftaya maç yok; sıradaki maç haftası 2. hafta (20 Aralık")


async def test_a_bystander_gets_the_whole_week_and_a_week_past_the_season_is_named(db):
    week = await said(db, "3. hafta ne zaman", user=BYSTANDER)
    assert week.splitlines()[0] == "📅 3. hafta · 3 Ocak Pazar · 14:00-16:16"
    assert len(week.splitlines()) == 5  # four matches
    assert "9. hafta yok: sezon 7 maç haftası" in await said(db, "9. hafta ne zaman")


async def test_kac_hafta_kaldi(db):
    assert await said(db, "kaç hafta kaldı?") == (
        "📅 7 maç haftası kaldı (28 maç); sıradaki: 1. hafta."
    )


async def test_fikstur_shows_the_coming_week_a_named_week_or_all(db):
    from bot.usecases import snapshots

    async with db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    coming = snap.select("", NOW)
    assert coming.title == "1. hafta" and len(coming.rows) == 4
    later = snap.select("", datetime(2026, 12, 7, 9, tzinfo=IST))
    assert later.title == "2. hafta"
    for typed in ("hafta 3", "3. hafta", "3 hafta"):
        chosen = snap.select(typed, NOW)
        assert chosen.title == "3. hafta" and {m.week for m, _ in chosen.rows} == {3}
    assert len(snap.select("tümü", NOW).rows) == 28
    assert snap.select("Takım 1", NOW).title == "Takım 1"  # the other words stay


async def test_the_live_message_shows_the_coming_week_and_the_table(db):
    from bot.usecases import snapshots

    async with db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    text = live.live(snap, NOW)
    lines = text.splitlines()
    assert lines[1] == "Sıradaki: 1. hafta · 6 Aralık Pazar"
    assert lines[2].startswith("• 14:00 Saha 1: ") and len(lines) == 8
    assert lines[6].startswith("Puan: ")


async def test_takvim_holds_the_whole_season_with_its_weeks(db):
    from bot.render import calendar
    from bot.usecases import snapshots

    async with db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    data = calendar.ics(snap, NOW).decode()
    assert data.count("BEGIN:VEVENT") == 28
    assert "(1. hafta)" in data and "(7. hafta)" in data


async def _organiser_does(db: Database, verb, command) -> None:
    async def no() -> bool:
        return False

    actor = Actor(user_id=ORGANISER, chat_id=CHAT, now=NOW, update_id=next(_updates), admin=no)
    await run(db, verb, command, actor)


async def test_a_match_moved_to_a_day_of_its_own_is_the_postponed_one(db):
    from bot.usecases import schedule, snapshots
    from bot.usecases import weeks as moves

    async with db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    mine = next(m.match for m in snap.matches if m.match.week == 2 and m.match.involves("Takım 1"))
    await _organiser_does(db, moves.postpone_week, moves.PostponeWeek("3"))  # a whole week
    weeks = await said(db, "ertelenen maç ne zaman", user=BYSTANDER)
    # No match waits for a date, but week 3 and those after it left their days: said so
    # (it used to be "⏸ Ertelenen maç yok.").
    assert weeks.startswith("📅 Yeni gününe alınan maç haftaları:"), weeks
    assert "• 3. hafta: 3 Ocak Pazar yerine 17 Ocak Pazar" in weeks, weeks
    await _organiser_does(db, moves.postpone_match, schedule.Postpone(f"{mine.no} 27 Aralık 15:10"))
    for text, user in (("ertelenen maç ne zaman", BYSTANDER), ("maçımız ertelendi mi", CAPTAIN)):
        answer = await said(db, text, user=user)
        assert "yeni tarihine ertelenen maçlar" in answer, answer
        assert "(2. hafta maçı): 27 Aralık Pazar 15:10, Saha 1" in answer, answer
