"""A tie that survives every criterion under the TFF rule, in a one-day December cup typed
into the bot's own Application: the play-off it asks for is told with the kick-off that
`/playoff` alone then gives (the same day, once the group stage is over, the knockout
moved on to wait for it), never a date of another season ("7 Mart"), and a tie of more
than two teams, which /playoff refuses, is sent to /kura."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from chatwalk import Walk, walking

from bot.usecases import snapshots
from bot.web import view

IST = ZoneInfo("Europe/Istanbul")
CHAT, ORGANISER = -4004, 10
CUP = (
    "/yeni_turnuva Kış Kupası | 12 takım | 3 grup | 2 saha | 6 Aralık 10:00 | 26+4 | yarı final\n"
    "Dinamo Kadıköy, Yıldızspor, Şahinler, Ağrı Doğanspor, Üsküdar Gençlik, Işıklar,"
    " Gölcük, Öz Çağlayan, Çınarspor, İnegöl Gücü, Boğaziçi, Kartallar"
)
SUGGESTED = re.compile(r"/playoff \((\d+ \w+) \w+ (\d\d:\d\d)\) ya da .*: /playoff \1 \2\.")


@pytest.fixture
async def cup(tmp_path):
    async with walking(tmp_path / "cup.sqlite3", CHAT, datetime(2026, 12, 5, 12, tzinfo=IST)) as w:
        await w.send(ORGANISER, CUP)
        await w.press(ORGANISER, "Oluştur")
        w.now = datetime(2026, 12, 6, 12, 0, tzinfo=IST)
        yield w


async def group_a(walk: Walk) -> tuple[str, ...]:
    async with walk.db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    return next(g.teams for g in snap.groups if g.label == "A")


async def page_note(walk: Walk) -> tuple[str, ...]:
    """What the live page says under group A's table."""
    async with walk.db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    shown = view.tournament(snap, walk.now).tables
    return next(t.unresolved for t in shown if t.title == "A Grubu")


async def test_two_teams_level_on_everything_are_told_the_play_off_day_it_gets(cup):
    a, b, c, d = await group_a(cup)
    lines = (f"{a} 1-1 {b}", f"{a} 2-0 {c}", f"{b} 2-0 {c}", f"{a} 1-0 {d}", f"{b} 1-0 {d}")
    for line in lines:
        await cup.say(ORGANISER, line)
    done = await cup.say(ORGANISER, f"{c} 0-0 {d}")
    assert "7 Mart" not in done and "sıradaki maç günü" not in done, done
    told = SUGGESTED.findall(done)
    assert len(told) == 2, done  # under the table, and in the tie's own message
    assert told[0] == told[1]
    day, time = told[0]
    table = await cup.say(ORGANISER, "/puan metin")
    assert SUGGESTED.search(table) and "7 Mart" not in table, table
    assert await page_note(cup) == (
        f"Eşitlik bozulamadı: {a}, {b}. Aralarında ayrı bir maç (play-off) oynanmalı.",
    )
    planned = await cup.say(ORGANISER, "/playoff")
    assert "Play-off planlandı" in planned and f"{day} {time}" in planned, planned
    assert (day, time) == ("6 Aralık", "14:30")  # the same day, once the groups are over
    assert planned.endswith(
        "⏱ Eleme maçları play-off'u bekler: 3 maç 15 dk sonra. İlk eleme maçı 15:15 (15:00"
        " yerine). Program: /fikstur metin"
    ), planned
    fixture = await cup.say(ORGANISER, "/fikstur metin")
    assert "22. 14:30 Saha 1 · A Grubu: " in fixture and "19. 15:15 Saha 1 · Yarı final" in fixture
    assert "21. 16:00 Saha 1 · Final" in fixture, fixture


async def test_four_teams_level_are_sent_to_the_lot_as_playoff_would_say(cup):
    teams = await group_a(cup)
    for i, home in enumerate(teams):
        for away in teams[i + 1 :]:
            said = await cup.say(ORGANISER, f"{home} 1-1 {away}")
    assert "/playoff" not in said and "7 Mart" not in said, said
    assert "play-off iki takım arasında oynanır" in said.lower(), said
    assert "/kura" in said, said
    (note,) = await page_note(cup)
    assert "Play-off iki takım arasında oynanır; sıra kurayla belirlenecek." in note, note
    refused = await cup.say(ORGANISER, "/playoff")
    assert "kura" in refused, refused
