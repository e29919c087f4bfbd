"""A result typed for a match of a later day (week 2's "Kartallar 1-1 Dinamo" during week
1) was stored at once with no word, though nobody could have played it yet: it is now
asked about ("… 17 Ocak Pazar 14:00'te oynanacak … şimdi kaydedeyim mi?") with [Kaydet]
[Vazgeç], and stored only on [Kaydet]; a match of the day still records as typed."""

from __future__ import annotations

from datetime import datetime

import pytest
from chatwalk import walking
from test_issue23_why import CHAT, FORM, IST, ORGANISER, TUESDAY

from bot.usecases import snapshots

SUNDAY = datetime(2027, 1, 10, 15, 0, tzinfo=IST)  # week 1, its matches under way


@pytest.fixture
async def walk(tmp_path):
    async with walking(tmp_path / "league.sqlite3", CHAT, TUESDAY) as chat:
        await chat.send(ORGANISER, FORM)
        await chat.press(ORGANISER, "Oluştur")
        await chat.until(SUNDAY)
        yield chat


async def matches(walk):
    async with walk.db.unit_of_work(read_only=True) as uow:
        return (await snapshots.active(uow, CHAT)).matches


async def line_of(walk, week: int) -> tuple[int, str]:
    first = next(s.match for s in await matches(walk) if s.match.week == week)
    return first.no, f"{first.home} 1-1 {first.away}"


async def result(walk, no: int):
    return next(s.result for s in await matches(walk) if s.match.no == no)


async def test_next_week_s_result_is_asked_about_and_stored_only_on_save(walk):
    no, line = await line_of(walk, 2)
    said = await walk.say(ORGANISER, line)
    assert "17 Ocak Pazar 14:00'te oynanacak" in said, said
    assert "şimdi kaydedeyim mi?" in said and "Kaydedildi" not in said, said
    assert await result(walk, no) is None
    await walk.press(ORGANISER, "Vazgeç")
    assert await result(walk, no) is None

    await walk.say(ORGANISER, line)
    saved = "\n".join(s.text for s in await walk.press(ORGANISER, "Kaydet"))
    assert f"Kaydedildi: {line}" in saved, saved
    assert await result(walk, no) is not None


async def test_the_day_s_own_match_records_as_typed(walk):
    no, line = await line_of(walk, 1)
    said = await walk.say(ORGANISER, line)
    assert f"Kaydedildi: {line}" in said and "kaydedeyim mi" not in said, said
    assert await result(walk, no) is not None


async def test_next_week_s_match_moved_to_today_records_as_typed(walk):
    no, line = await line_of(walk, 2)
    moved = await walk.say(ORGANISER, f"/ertele {no} bugün 16:20")
    assert "📅" in moved, moved
    said = await walk.say(ORGANISER, line)
    assert f"Kaydedildi: {line}" in said and "kaydedeyim mi" not in said, said
    assert await result(walk, no) is not None
