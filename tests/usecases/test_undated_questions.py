"""Questions about a season with a match waiting for a date (/ertele 8 belirsiz), typed into
the bot's own Application (tests/usecases/chatwalk.py): the undated match is still a match
of the season, so no answer may call its week a bye, its team done, or the season over.

The league is issue 23's: 8 teams every Sunday 14:00-17:00 from 10 January 2027, 30+5;
match 8 is week 2's Kartallar – Dinamo Kadıköy. The 4-team league plays three Sundays,
its last match left without a date."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from chatwalk import Walk, walking

from bot.usecases import snapshots

IST = ZoneInfo("Europe/Istanbul")
CHAT, ORGANISER, MEMBER, CAPTAIN = -3003, 10, 77, 21
TEAMS = "Şahinler, Yıldızspor, Dinamo Kadıköy, Kartallar, Aslanlar, Kaplanlar, Kurtlar, Boğalar"
FORM = (
    "/yeni_turnuva Pazar Ligi | 8 takım | her pazar 14:00-17:00 | 30+5 | 10 Ocak'tan itibaren"
    f"\n{TEAMS}"
)
MINI = (
    "/yeni_turnuva Mini Lig | 4 takım | her pazar 14:00-17:00 | 30+5 | 10 Ocak'tan itibaren"
    "\nKartallar, Şahinler, Aslanlar, Kaplanlar"
)
TUESDAY = datetime(2027, 1, 5, 12, 0, tzinfo=IST)
EIGHT = "Kartallar – Dinamo Kadıköy (maç 8, 2. hafta)"
UNTRUE = ("bay", "bitti", "kalmadı", "oynandı.")


async def captain(walk: Walk, team: str) -> None:
    await walk.send(CAPTAIN, "/start", chat=CAPTAIN)
    assert "kaptan" in await walk.say(CAPTAIN, f"/kaptan {team}")


@pytest.fixture
async def league(tmp_path):
    async with walking(tmp_path / "q.sqlite3", CHAT, TUESDAY) as walk:
        await walk.send(ORGANISER, FORM)
        await walk.press(ORGANISER, "Oluştur")
        assert "tarihi belli değil" in await walk.say(ORGANISER, "/ertele 8 belirsiz")
        await captain(walk, "Kartallar")
        yield walk


async def test_the_week_of_an_undated_match_is_no_bye(league):
    said = await league.say(CAPTAIN, "2. hafta ne zaman")
    assert "bay" not in said
    assert "2. hafta Dinamo Kadıköy maçınız ertelendi, tarihi belli değil" in said, said
    named = await league.say(MEMBER, "Kartallar 2. hafta ne zaman")
    assert "Dinamo Kadıköy maçı ertelendi, tarihi belli değil" in named, named
    week = await league.say(MEMBER, "2. hafta ne zaman")
    assert "17 Ocak Pazar" in week and f"Tarihi belli değil: {EIGHT}" in week, week


async def test_the_next_match_tells_of_the_undated_one(league):
    for asked in ("ne zaman oynuyoruz?", "kiminle oynuyoruz"):
        said = await league.say(CAPTAIN, asked)
        assert "rakip Aslanlar" in said, said
        assert "Ertelenen Dinamo Kadıköy maçınız (2. hafta): tarihi belli değil" in said, said
    slot = await league.say(MEMBER, "sıradaki maç ne zaman")
    assert "Boğalar – Şahinler" in slot and f"Tarihi belli değil: {EIGHT}" in slot, slot


async def test_counts_and_the_end_count_the_undated_match(league):
    said = await league.say(CAPTAIN, "kaç maçımız kaldı")
    assert "7 maçınız kaldı (1 tanesinin tarihi belli değil)" in said, said
    said = await league.say(MEMBER, "toplam kaç maç var")
    assert "28 maç" in said, said
    said = await league.say(MEMBER, "lig ne zaman bitiyor")
    assert "bitiyor" not in said and "planlanan son maç 21 Şubat Pazar" in said, said
    assert f"Tarihi belli değil: {EIGHT}" in said, said
    said = await league.say(MEMBER, "ertelenen maç ne zaman")
    assert EIGHT in said, said
    said = await league.say(MEMBER, "kaç hafta kaldı")
    assert "7 maç haftası kaldı" in said and f"Tarihi belli değil: {EIGHT}" in said, said


async def test_with_only_an_undated_match_left_the_season_is_not_over(tmp_path):
    async with walking(tmp_path / "mini.sqlite3", CHAT, TUESDAY) as walk:
        await walk.send(ORGANISER, MINI)
        await walk.press(ORGANISER, "Oluştur")
        async with walk.db.unit_of_work(read_only=True) as uow:
            matches = [s.match for s in (await snapshots.active(uow, CHAT)).matches]
        last = max(matches, key=lambda m: (m.start, m.no))
        await walk.say(ORGANISER, f"/ertele {last.no} belirsiz")
        await captain(walk, last.home)
        walk.now = datetime(2027, 1, 24, 18, 0, tzinfo=IST)
        played = "\n".join(f"{m.home} 1-0 {m.away}" for m in matches if m.no != last.no)
        assert "Tebrikler" not in await walk.say(ORGANISER, played)
        said = {
            asked: await walk.say(MEMBER, asked)
            for asked in ("kaç hafta kaldı", "sıradaki maç ne zaman", "son maç ne zaman")
        }
        said["ne zaman oynuyoruz"] = await walk.say(CAPTAIN, "ne zaman oynuyoruz?")
        said["kaç maçımız kaldı"] = await walk.say(CAPTAIN, "kaç maçımız kaldı")
        waiting = f"{last.home} – {last.away} (maç {last.no}, 3. hafta)"
        for asked, answer in said.items():
            assert not any(word in answer for word in UNTRUE), (asked, answer)
            assert "tarihi belli" in answer.lower(), (asked, answer)
        assert waiting in said["kaç hafta kaldı"] and waiting in said["sıradaki maç ne zaman"]
        assert f"{last.away} maçınız ertelendi" in said["ne zaman oynuyoruz"]
