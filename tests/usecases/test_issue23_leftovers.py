"""What issue 23's helpers left, on the issue's league typed into the bot
(test_issue23_why.py's fixture): the page and the calendar by match week with its date,
a season PDF's checklist over its weeks, a dated match's calendar event updated in place,
and the evening message before a day that holds only a dated match."""

from __future__ import annotations

import io
import re
from datetime import datetime, timedelta

from icalendar import Calendar
from pypdf import PdfReader
from test_issue23_why import CHAT, IST, ORGANISER, league  # noqa: F401 - the fixture

from bot.usecases import snapshots
from bot.web import view


def events(ics: bytes) -> dict[str, tuple[int, str, str]]:
    """UID -> (SEQUENCE, SUMMARY, DESCRIPTION)."""
    return {
        str(e["uid"]): (int(e.get("sequence", 0)), str(e["summary"]), str(e["description"]))
        for e in Calendar.from_ical(ics).walk("VEVENT")
    }


async def calendar(walk) -> bytes:
    """/takvim's file (a line about subscribing follows it), a minute after the last file
    (one file per member every 10 seconds)."""
    walk.now += timedelta(minutes=1)
    return next(s.data for s in await walk.send(ORGANISER, "/takvim") if s.kind == "document")


async def test_a_dated_match_keeps_its_event_with_a_higher_sequence(league):  # noqa: F811
    before = events(await calendar(league))
    (uid,) = [u for u in before if u.endswith("-8@turnuva")]
    await league.say(ORGANISER, "/ertele 8 belirsiz")
    assert uid not in events(await calendar(league))
    league.now = datetime(2027, 2, 1, 12, 0, tzinfo=IST)
    assert "tarihi belli oldu" in await league.say(ORGANISER, "/ertele 8 7 Mart 15:10")
    after = events(await calendar(league))
    assert after[uid][0] > before[uid][0], (before[uid], after[uid])


async def test_the_calendar_says_each_matchs_week_and_the_weeks_day(league):  # noqa: F811
    shown = events(await calendar(league))
    eighth = next(v for u, v in shown.items() if u.endswith("-8@turnuva"))
    assert "(2. hafta)" in eighth[1] and "2. hafta · 17 Ocak Pazar" in eighth[2], eighth


async def test_a_match_dated_onto_a_day_of_its_own_gets_its_evening_message(league):  # noqa: F811
    await league.say(ORGANISER, "/ertele 8 belirsiz")
    league.now = datetime(2027, 2, 1, 12, 0, tzinfo=IST)
    await league.say(ORGANISER, "/ertele 8 7 Mart 15:10")  # the season ended on 21 February
    sent = await league.until(datetime(2027, 3, 6, 20, 1, tzinfo=IST))
    evening = [s.text for s in sent if s.chat == CHAT and s.text.startswith("📅 2. hafta yarın")]
    assert evening and "15:10 Saha 1: Kartallar – Dinamo Kadıköy" in evening[-1], evening
    assert "(7.03)" in evening[-1]


async def test_a_season_pdf_checks_its_weeks_not_one_days_end(league):  # noqa: F811
    printed = (await league.send(ORGANISER, "/yazdir"))[-1]
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(printed.data)).pages)
    assert "Gün sonu" not in text
    assert re.search(r"Maç haftaları: 7 \(10 Ocak – 21 Şubat 2027\); maç günlerinin sonu", text)


async def test_the_page_lists_the_season_by_week_with_its_day(league):  # noqa: F811
    async with league.db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    shown = view.tournament(snap, league.now)
    titles = [s.title for s in shown.by_week]
    assert titles[:3] == [
        "1. hafta · 10 Ocak Pazar",
        "2. hafta · 17 Ocak Pazar",
        "3. hafta · 24 Ocak Pazar",
    ]
    assert shown.when == "10 Ocak – 21 Şubat 2027"
