"""The summary before [Oluştur] names the teams as the bot read them: a list typed
"Kartallar, Gençlik ve Spor" is split at "ve", and an organiser must see that before the
fixture is made of three teams where they meant two."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from chatwalk import walking
from hypothesis import given
from hypothesis import strategies as st

from bot.texts.common import roster

IST = ZoneInfo("Europe/Istanbul")
CHAT, ORGANISER = -4011, 10
NOW = datetime(2026, 12, 5, 12, 0, tzinfo=IST)


@pytest.fixture
async def walk(tmp_path):
    async with walking(tmp_path / "summary.sqlite3", CHAT, NOW) as chat:
        yield chat


async def test_the_guided_summary_names_the_teams_as_split(walk):
    typed = ("/yeni_turnuva", "Bahar Kupası", "Şahinler, Kartallar, Gençlik ve Spor", "1")
    said = await walk.typed(ORGANISER, *typed, "lig", "yarın 10:00", "24+6", "yok", "tff")
    assert "Her şey doğru mu?" in said, said
    assert "• 4 takım · Lig" in said, said
    assert "• Takımlar: Şahinler, Kartallar, Gençlik, Spor" in said, said


async def test_a_season_leagues_summary_names_the_teams(walk):
    six = "Kartallar, Şahinler, Aslanlar, Kaplanlar, Kurtlar, Ayılar"
    typed = ("/yeni_turnuva", "Cuma Ligi", six, "1", "lig", "her cumartesi akşam 8-11")
    said = await walk.typed(ORGANISER, *typed, "12 aralık", "yok", "40+5", "tff")
    assert "haftalara yayılan lig" in said, said
    assert f"• Takımlar: {six}" in said, said


async def test_a_large_leagues_summary_is_cut_short_within_telegrams_limit(walk):
    names = [f"Mahalle Spor Kulübü Gençlik Takımı {n}" for n in range(1, 41)]
    form = "/yeni_turnuva Büyük Lig | 40 takım | 8 grup | 8 saha | yarın 10:00 | 24+6\n"
    said = await walk.typed(ORGANISER, form + "\n".join(names))
    line = next(x for x in said.splitlines() if x.startswith("• Takımlar: "))
    more = re.search(r"… ve (\d+) takım daha$", line)
    assert more is not None, line
    shown = line.removeprefix("• Takımlar: ").split("…")[0].split(", ")
    assert shown == names[: len(shown)] and len(shown) + int(more.group(1)) == 40, line
    assert len(said) < 4096, len(said)


@given(st.lists(st.text(min_size=1, max_size=60), min_size=1, max_size=300))
def test_the_roster_line_stays_short_and_counts_every_team(teams):
    line = roster(teams)
    assert len(line) <= 400
    rest = re.search(r"… ve (\d+) takım daha$", line)
    hidden = int(rest.group(1)) if rest else 0
    assert line.startswith(teams[0]) and 0 <= hidden < len(teams)
