""" "şampiyon kim", "kim şampiyon oldu", "turnuvayı kim kazandı" typed into the group: on the
eight-team day, the final (its sides in words) before it is played, the podium after; in a
season league, the leader while matches remain, the champion once the last is played. A
guess ("kim şampiyon olur") stays chat."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from chatwalk import walking
from day_walks import walking_the_day
from eight_team_day import GROUP_RESULTS, KICKOFF, ORGANISER
from test_issue23_why import CHAT
from test_no_codes_season_walk import results_of

from bot.usecases import snapshots

A1, MEMBER = 21, 77


@pytest.fixture
async def day(tmp_path):
    async with walking_the_day(tmp_path, {"A1": A1}) as chat:
        yield chat


async def test_before_the_final_the_final_is_told(day):
    said = await day.say(MEMBER, "şampiyon kim")
    assert said.startswith("🏆 Şampiyon henüz belli değil. Final: 1. yarı finalin galibi"), said
    assert "Saha 1, bugün 14:45" in said, said
    assert await day.say(MEMBER, "kim şampiyon olur") == ""  # a guess
    assert await day.say(MEMBER, "galatasaray şampiyon kim oldu") == ""  # not this cup


async def test_after_the_final_the_podium_is_told(day):
    day.now = (KICKOFF + timedelta(hours=6)).astimezone(day.now.tzinfo)
    for line in (*GROUP_RESULTS, "A1 2-0 B4", "B2 1-0 A2", "B4 3-1 A2", "A1 1-1 B2 (4-3 pen)"):
        assert "Kaydedildi" in await day.say(ORGANISER, line), line
    podium = "🏆 Şampiyon: A1! İkinci: B2, üçüncü: B4."
    for asked in ("şampiyon kim", "kim şampiyon oldu", "turnuvayı kim kazandı", "kupayı kim aldı"):
        assert await day.say(MEMBER, asked) == podium, asked


LEAGUE_CHAT = CHAT  # results_of reads this chat
IST = KICKOFF.tzinfo
LEAGUE = "/yeni_turnuva Mini Lig | 4 takım | her pazar 14:00-17:00 | 30+5 | 10 Ocak'tan itibaren"


async def test_a_league_tells_its_leader_then_its_champion(tmp_path):
    tuesday = datetime(2027, 1, 5, 12, 0, tzinfo=IST)
    async with walking(tmp_path / "league.sqlite3", LEAGUE_CHAT, tuesday) as walk:
        await walk.send(ORGANISER, f"{LEAGUE}\nKartallar, Şahinler, Kurtlar, Aslanlar")
        await walk.press(ORGANISER, "Oluştur")
        assert (await walk.say(MEMBER, "şampiyon kim")).startswith("🏆 Şampiyon henüz belli")
        for week in (1, 2, 3):
            walk.now = datetime(2027, 1, 10, 18, 0, tzinfo=IST) + timedelta(weeks=week - 1)
            lines = await results_of(walk, week, set())
            assert "Kaydedildi" in await walk.say(ORGANISER, lines)
            said = await walk.say(MEMBER, "ligi kim kazandı")
            if week < 3:  # Kartallar and Şahinler win 2-1 alike until they meet
                level = f"ilk sırada eşitlik: Kartallar, Şahinler ({3 * week} puan)."
                assert said.endswith(f"{level} Kalan maç: {6 - 2 * week}."), said
        async with walk.db.unit_of_work(read_only=True) as uow:
            snap = await snapshots.active(uow, LEAGUE_CHAT)
        assert all(m.result is not None for m in snap.matches)
        assert said == "🏆 Şampiyon: Kartallar (9 puan)! İkinci: Şahinler, üçüncü: Kurtlar.", said
