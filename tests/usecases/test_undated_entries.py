"""A match left without a date (/ertele 8 belirsiz) typed about as phones do, in the bot's
own Application (tests/usecases/chatwalk.py; the issue-23 league, match 8 Kartallar –
Dinamo Kadıköy on 17 January 2027): its result, scorers and cards are refused saying it
waits for a date (it was "no match between them", "no match 8"), a second "belirsiz"
says it already waits, and "17 Ocak" typed on 20 January is that past day, refused as
past, not 17 January 2028."""

from __future__ import annotations

from datetime import datetime

import pytest
from chatwalk import walking
from test_issue23_why import CHAT, FORM, IST, ORGANISER, TUESDAY, plan

WAITS = "8. maç (Kartallar – Dinamo Kadıköy) ertelendi, tarihi belli değil;"


@pytest.fixture
async def league(tmp_path):
    async with walking(tmp_path / "undated.sqlite3", CHAT, TUESDAY) as walk:
        await walk.send(ORGANISER, FORM)
        await walk.press(ORGANISER, "Oluştur")
        await walk.say(ORGANISER, "/ertele 8 belirsiz")
        walk.now = datetime(2027, 1, 20, 17, 0, tzinfo=IST)
        yield walk


@pytest.mark.parametrize(
    "typed",
    [
        "Kartallar 2-1 Dinamo Kadıköy",
        "kartallar 2-1 dinamo kadikoy\ngoller: Ali 2 - Can",
        "/sonuc Kartallar 2-1 Dinamo Kadıköy",
        "/gol 8 Ali",
        "/kart 8 Veli sarı",
    ],
)
async def test_a_result_or_its_events_for_the_undated_match_say_it_waits(league, typed):
    said = await league.say(ORGANISER, typed)
    assert said.startswith(WAITS) and "/ertele 8 " in said, said
    assert 8 not in await plan(league)


async def test_a_second_belirsiz_says_it_already_waits(league):
    said = await league.say(ORGANISER, "/ertele 8 belirsiz")
    assert said.startswith("Maç 8 (Kartallar – Dinamo Kadıköy) zaten ertelendi"), said


@pytest.mark.parametrize("number", [8, 12])  # undated, and dated (week 3)
async def test_a_yearless_day_just_gone_is_that_day_not_next_years(league, number):
    said = await league.say(ORGANISER, f"/ertele {number} 17 Ocak 15:45")
    if number == 8:  # waiting for a date: played that day, its result comes next
        assert said.startswith("📅 Maç 8 17 Ocak Pazar 15:45 Saha 1 oynandı olarak"), said
    else:  # a dated match is not moved into the past
        assert said.startswith("15:45 geçti"), said
    assert all(m[2].year == 2027 for m in (await plan(league)).values())
