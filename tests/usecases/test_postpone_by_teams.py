"""/ertele with the two teams' names instead of the fixture's number ("/ertele Kartallar
Şahinler 14:00"): it asked for the number, which an organiser on a phone has to look up
in /fikstur first. Their match is found as "Kartallar Şahinler maçı ne zaman" finds it."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from chatwalk import Walk, walking

from bot.usecases import snapshots

IST = ZoneInfo("Europe/Istanbul")
CHAT, ORGANISER = -4012, 10
NOW = datetime(2026, 12, 5, 12, 0, tzinfo=IST)
TEAMS = "Kartallar, Şahinler, Aslanlar, Gençlik Spor Kulübü"


@pytest.fixture
async def walk(tmp_path):
    async with walking(tmp_path / "ertele.sqlite3", CHAT, NOW) as chat:
        yield chat


async def made(walk: Walk, shape: str) -> dict[frozenset[str], list[int]]:
    """The tournament set up from a form, and each pair's match numbers, in order."""
    await walk.say(ORGANISER, f"/yeni_turnuva Bahar | 4 takım | {shape}\n{TEAMS}")
    await walk.press(ORGANISER, "Oluştur")
    walk.now += timedelta(minutes=1)
    async with walk.db.unit_of_work(read_only=True) as uow:
        snap = await snapshots.active(uow, CHAT)
    pairs: dict[frozenset[str], list[int]] = {}
    for m in sorted(snap.planned, key=lambda m: (m.start, m.no)):
        pairs.setdefault(frozenset((m.home or "", m.away or "")), []).append(m.no)
    return pairs


DAY = "1 saha | yarın 10:00 | 24+6"


@pytest.mark.parametrize(
    "typed",
    [
        "/ertele Kartallar Şahinler 13:00",
        "/ertele şahinler kartallar 13:00",
        "/ertele Kartallar-Şahinler 13:00",
        "/ertele Kartallar Şahinler maçı 13:00",
    ],
)
async def test_two_teams_name_their_match(walk, typed):
    no = (await made(walk, DAY))[frozenset(("Kartallar", "Şahinler"))][0]
    said = await walk.say(ORGANISER, typed)
    assert f"Maç {no} ertelendi" in said and "13:00" in said, said


async def test_a_team_named_by_its_first_words_leaves_the_time(walk):
    no = (await made(walk, DAY))[frozenset(("Aslanlar", "Gençlik Spor Kulübü"))][0]
    said = await walk.say(ORGANISER, "/ertele Aslanlar Gençlik Spor Kulübü 13:00")
    assert f"Maç {no} ertelendi" in said and "13:00" in said, said
    said = await walk.say(ORGANISER, "/ertele Gençlik Aslanlar 13:20")
    assert f"Maç {no} ertelendi" in said and "13:20" in said, said


async def test_two_teams_without_a_time_ask_for_the_time(walk):
    await made(walk, DAY)
    said = await walk.say(ORGANISER, "/ertele Kartallar Şahinler")
    assert said.startswith("Yeni saati de yazın."), said


async def test_a_double_league_moves_the_pairs_next_match(walk):
    pairs = await made(walk, "çift devre | 1 saha | yarın 10:00 | 24+6")
    first, second = pairs[frozenset(("Kartallar", "Şahinler"))]
    said = await walk.say(ORGANISER, "/ertele Kartallar Şahinler yarın 16:00")
    assert f"Maç {first} ertelendi" in said and "16:00" in said, said
    assert f"Maç {second}" not in said, said


async def test_a_pair_with_a_match_waiting_for_a_date_is_asked_which(walk):
    pairs = await made(walk, "çift devre | 1 saha | yarın 10:00 | 24+6")
    first, second = pairs[frozenset(("Kartallar", "Şahinler"))]
    await walk.say(ORGANISER, f"/ertele {second} belirsiz")
    said = await walk.say(ORGANISER, "/ertele Kartallar Şahinler yarın 16:00")
    assert f"Maç {first}, Maç {second}" in said and "Hangisi?" in said, said
    assert f"/ertele {first} yarın 16:00" in said, said


async def test_a_pair_that_has_played_is_told_so(walk):
    await made(walk, DAY)
    walk.now = datetime(2026, 12, 6, 10, 30, tzinfo=IST)
    await walk.say(ORGANISER, "Kartallar 2-1 Şahinler")
    said = await walk.say(ORGANISER, "/ertele Kartallar Şahinler 16:00")
    assert said.startswith("Kartallar - Şahinler: oynanacak maçları kalmadı."), said


@pytest.mark.parametrize(
    "typed",
    ["/ertele Kartallar Şahinler belirsiz", "/ertele kartallar-şahinler maçı belli değil"],
)
async def test_two_teams_leave_their_match_without_a_date(walk, typed):
    no = (await made(walk, DAY))[frozenset(("Kartallar", "Şahinler"))][0]
    said = await walk.say(ORGANISER, typed)
    assert said.startswith(f"📅 Maç {no} ertelendi: ") and "tarihi belli değil" in said, said


async def test_a_double_league_leaves_the_pairs_next_dated_match(walk):
    pairs = await made(walk, "çift devre | 1 saha | yarın 10:00 | 24+6")
    first, second = pairs[frozenset(("Kartallar", "Şahinler"))]
    said = await walk.say(ORGANISER, "/ertele Kartallar Şahinler belirsiz")
    assert said.startswith(f"📅 Maç {first} ertelendi: "), said
    said = await walk.say(ORGANISER, "/ertele Kartallar Şahinler belirsiz")
    assert said.startswith(f"📅 Maç {second} ertelendi: "), said
    said = await walk.say(ORGANISER, "/ertele Kartallar Şahinler belirsiz")
    assert said.startswith(f"Maç {first} (") and "zaten ertelendi" in said, said


async def test_one_team_and_belirsiz_asks_for_the_number(walk):
    await made(walk, DAY)
    said = await walk.say(ORGANISER, "/ertele Kartallar belirsiz")
    assert said.startswith('"Kartallar belirsiz": önce maç numarası'), said
