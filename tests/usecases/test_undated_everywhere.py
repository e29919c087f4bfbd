"""A match waiting for a date (/ertele N belirsiz) is told the same everywhere, through the
bot's own Application: the picture's caption counts it as the page does (0/28), the page
gives it no time or pitch, the evening message of its week names it, the /ertele it
suggests is a day neither side plays and the move takes, and a day asked by its date has
that date once in its heading. (Issue 23's league: match 8 is week 2's Kartallar – Dinamo
Kadıköy; the 4-team one plays two matches every Sunday from 10 January.)"""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from chatwalk import walking
from test_no_codes_walk import TEMPLATES

from bot.usecases import snapshots
from bot.web import players_view, view

IST = ZoneInfo("Europe/Istanbul")
CHAT, ORGANISER = -3003, 10
FORM = (
    "/yeni_turnuva Pazar Ligi | 8 takım | her pazar 14:00-17:00 | 30+5 | 10 Ocak'tan itibaren"
    "\nŞahinler, Yıldızspor, Dinamo Kadıköy, Kartallar, Aslanlar, Kaplanlar, Kurtlar, Boğalar"
)
MINI = (
    "/yeni_turnuva Mini Lig | 4 takım | her pazar 14:00-17:00 | 30+5 | 10 Ocak'tan itibaren"
    "\nKartallar, Şahinler, Aslanlar, Kaplanlar"
)
TUESDAY = datetime(2027, 1, 5, 12, 0, tzinfo=IST)
SUGGESTED = re.compile(r"Gün belli olunca: (/ertele (\d+) (\d+) (\w+) (\d\d:\d\d))")


@pytest.fixture
async def league(tmp_path):
    async with walking(tmp_path / "all.sqlite3", CHAT, TUESDAY) as walk:
        await walk.send(ORGANISER, FORM)
        await walk.press(ORGANISER, "Oluştur")
        assert "tarihi belli değil" in await walk.say(ORGANISER, "/ertele 8 belirsiz")
        yield walk


async def test_the_caption_counts_the_undated_match_as_the_page_does(league):
    caption = (await league.send(ORGANISER, "/fikstur tümü"))[-1].text
    assert "0/28 maç oynandı. Tarihi belli olmayan: 1 maç." in caption, caption
    async with league.db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    page = view.tournament(snap, league.now)
    assert page.total == 28
    html = TEMPLATES.get_template("tournament.html").render(
        v=page,
        p=players_view.players(snap),
        home="/t/x",
        calendar="webcal://x",
        columns=view.COLUMNS,
    )
    block = html[html.index('<ul class="maclar tarihsiz">') :]
    block = block[: block.index("</ul>")]
    zaman = re.search(r'<div class="zaman">(.*?)</div>', block).group(1)
    assert re.sub(r"<[^>]+>", " ", zaman).split() == ["Tarihi", "belli", "değil"], zaman
    assert "Saha" not in block and "?" not in block, block
    assert "Kartallar" in block and "Dinamo Kadıköy" in block


async def test_the_calendar_says_the_undated_match_comes_when_dated(league):
    sent = [s for s in await league.send(ORGANISER, "/takvim") if s.name.endswith(".ics")]
    caption = sent[-1].text
    assert "tüm maçlar" not in caption and "tarihi belli maçlar (27 maç)." in caption, caption
    assert "Tarihi belli olmayan 1 maç, tarihi verilince eklenir." in caption, caption


async def test_the_evening_message_of_its_week_names_it(league):
    sent = await league.until(datetime(2027, 1, 16, 20, 1, tzinfo=IST))
    (evening,) = [s.text for s in sent if s.text.startswith("📅 2. hafta")]
    assert "Ertelendi, tarihi belli değil: Kartallar – Dinamo Kadıköy" in evening, evening


async def test_a_day_asked_by_its_date_is_named_once(league):
    said = await league.say(ORGANISER, "/fikstur 17 Ocak metin")
    assert said.splitlines()[0] == "📅 Pazar Ligi: 17 Ocak 2027 Pazar", said


async def test_the_suggested_date_is_a_day_neither_side_plays_and_the_move_takes_it(tmp_path):
    async with walking(tmp_path / "mini.sqlite3", CHAT, TUESDAY) as walk:
        await walk.send(ORGANISER, MINI)
        await walk.press(ORGANISER, "Oluştur")
        async with walk.db.unit_of_work(read_only=True) as uow:
            planned = [s.match for s in (await snapshots.active(uow, CHAT)).matches]
        last = max(planned, key=lambda m: (m.start, m.no))  # both sides play every Sunday
        said = await walk.say(ORGANISER, f"/ertele {last.no} belirsiz")
        found = SUGGESTED.search(said)
        assert found is not None, said
        typed, day = found.group(1), int(found.group(3))
        sides = {last.home, last.away}
        busy = {m.start.day for m in planned if m.no != last.no and sides & {m.home, m.away}}
        assert day not in busy, (said, busy)
        assert "tarihi belli oldu" in await walk.say(ORGANISER, typed)
