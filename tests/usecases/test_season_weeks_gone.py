"""A season league's weeks as they pass, asked about in the chat (tests/usecases/chatwalk.py)
with results not yet entered: "kaç hafta kaldı" counts the weeks still to play, not the
weeks whose results are missing, and "bu hafta kiminle" on the match day's evening is the
week just played, not "Bu hafta maç yok" (the issue-23 league: 8 teams every Sunday from
10 January 2027, week 2 on 17 January, seven weeks of four matches)."""

from __future__ import annotations

from datetime import datetime

import pytest
from chatwalk import walking
from test_issue23_why import CHAT, FORM, IST, ORGANISER, TUESDAY

MEMBER, CAPTAIN = 77, 31  # the captain's: Şahinler, week 2 at 14:00 against Kurtlar
SUNDAY_EVENING = datetime(2027, 1, 17, 18, 0, tzinfo=IST)


@pytest.fixture
async def league(tmp_path):
    async with walking(tmp_path / "weeks.sqlite3", CHAT, TUESDAY) as walk:
        await walk.send(ORGANISER, FORM)
        await walk.press(ORGANISER, "Oluştur")
        await walk.send(CAPTAIN, "/kaptan Şahinler")
        yield walk


async def test_weeks_left_are_the_weeks_to_come_whatever_results_are_missing(league):
    assert (await league.say(MEMBER, "kaç hafta kaldı")).startswith(
        "📅 7 maç haftası kaldı (28 maç); sıradaki: 1. hafta."
    )
    league.now = SUNDAY_EVENING  # weeks 1 and 2 played, no result typed yet
    said = await league.say(MEMBER, "kac hafta kaldi")
    assert said == "📅 5 maç haftası kaldı (20 maç); sıradaki: 3. hafta.", said


async def test_this_week_on_the_match_days_evening_is_the_week_just_played(league):
    league.now = SUNDAY_EVENING
    said = await league.say(MEMBER, "bu hafta kimle")
    assert "maç yok" not in said and said.startswith("📅 2. hafta · 17 Ocak Pazar"), said
    assert "14:00 Saha 1: Şahinler - Kurtlar" in said, said
    mine = await league.say(CAPTAIN, "bu hafta kiminle")
    assert mine.startswith("⚽ Şahinler: 2. hafta · 17 Ocak Pazar 14:00") and "Kurtlar" in mine
    assert "3. hafta · 24 Ocak" in await league.say(CAPTAIN, "haftaya kiminle oynuyoruz")


async def test_a_withdrawn_teams_next_match_is_none_as_it_left_the_league(league):
    """Kartallar's captain after /cekil heard "maçlarınız bitti, grubunuzu 8. sırada
    tamamladınız" in a league with no group, weeks before its end."""
    await league.send(33, "/kaptan Kartallar")
    await league.say(ORGANISER, "/cekil Kartallar")
    said = await league.say(33, "ne zaman oynuyoruz")
    assert said == "🚪 Kartallar: ligden çekildiniz; oynanacak maçınız yok.", said
    said = await league.say(MEMBER, "kartallar ne zaman oynuyor")
    assert said == "🚪 Kartallar ligden çekildi; oynanacak maçı yok.", said


async def test_a_team_done_while_the_league_goes_on_has_no_final_place_yet(tmp_path):
    """A 4-team league, every result in but the last match's: Kartallar, done, heard
    "grubunuzu 3. sırada tamamladınız" and "3. sırada bitirdiniz" though the last match
    could still pass them; once it is in, the league's place is said as a league's."""
    from test_undated_questions import MINI

    from bot.usecases import snapshots

    async with walking(tmp_path / "mini.sqlite3", CHAT, TUESDAY) as walk:
        await walk.send(ORGANISER, MINI)
        await walk.press(ORGANISER, "Oluştur")
        await walk.send(33, "/kaptan Kartallar")
        async with walk.db.unit_of_work(read_only=True) as uow:
            matches = sorted(
                (s.match for s in (await snapshots.active(uow, CHAT)).matches),
                key=lambda m: (m.start, m.no),
            )
        last = matches[-1]
        assert "Kartallar" not in (last.home, last.away)
        walk.now = last.end
        await walk.say(ORGANISER, "\n".join(f"{m.home} 1-0 {m.away}" for m in matches[:-1]))
        said = await walk.say(33, "ne zaman oynuyoruz")
        assert "tamamladınız" not in said and "şimdilik" in said, said
        assert "bitirdiniz" not in await walk.say(33, "kaçıncıyız")
        await walk.say(ORGANISER, f"{last.home} 1-0 {last.away}")
        said = await walk.say(33, "ne zaman oynuyoruz")
        assert "ligi" in said and "tamamladınız" in said and "grubunuzu" not in said, said


async def test_results_awaited_over_several_match_days_are_listed_with_their_day(league):
    """ "Sonuç bekleniyor: 1. maç … (14:00), …, 5. maç … (14:00)": two weeks' matches by
    the clock alone, the day left to guess."""
    league.now = datetime(2027, 1, 18, 12, 0, tzinfo=IST)
    said = await league.say(MEMBER, "bugün maç var mı")
    assert "1. maç Boğalar – Şahinler (10 Ocak Pazar 14:00)" in said, said
    assert "5. maç Şahinler – Kurtlar (17 Ocak Pazar 14:00)" in said, said


async def test_goals_counted_from_a_forfeit_are_said_to_be(league):
    """ "kaç golümüz var" after a hükmen win said "1 maçta 3 gol attınız", goals no one
    scored in a match no one played."""
    await league.send(32, "/kaptan Dinamo Kadıköy")
    league.now = datetime(2027, 1, 10, 17, 0, tzinfo=IST)
    await league.say(ORGANISER, "/hukmen Kaplanlar")  # match 3: Dinamo Kadıköy 3-0 (H)
    said = await league.say(32, "kaç golümüz var")
    assert said == (
        "⚽ Dinamo Kadıköy: 1 maçta 3 gol attınız, 0 gol yediniz"
        " (hükmen sonuçlanan 1 maçın skoru dahil)."
    ), said


async def test_a_weekday_asked_is_answered_for_the_coming_one(league):
    """ "pazar maç var mı", "cumartesi maç var mı" met silence ("pazar" read as a team)."""
    league.now = datetime(2027, 1, 12, 12, 0, tzinfo=IST)  # a Tuesday
    said = await league.say(MEMBER, "pazar kaçta maç var")
    assert said.startswith("⏱ Sıradaki maç Pazar 14:00:\n• Saha 1: Şahinler – Kurtlar"), said
    said = await league.say(MEMBER, "cumartesi maç var mı")
    assert said.startswith("⏱ Cumartesi maç yok, sıradaki maçlar Pazar 14:00:"), said
    said = await league.say(CAPTAIN, "pazar günü maç var mı")
    assert said.startswith("⚽ Şahinler: 2. hafta · 17 Ocak Pazar 14:00"), said
    league.now = datetime(2027, 1, 9, 12, 0, tzinfo=IST)  # Saturday: Sunday is tomorrow
    assert "yok" not in await league.say(MEMBER, "pazar maç var mı")


async def test_matches_left_say_which_are_only_waiting_for_their_result(league):
    """ "kaç maç kaldı" two days after week 1 counted its four matches as still to play."""
    league.now = datetime(2027, 1, 12, 12, 0, tzinfo=IST)
    assert await league.say(MEMBER, "kaç maç kaldı") == (
        "📅 Oynanacak 28 maç kaldı (4 tanesinin süresi geçti, sonucu bekleniyor)."
    )
