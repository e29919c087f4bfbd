"""/fikstur for a day typed by its weekday: the title said "Bahar: pazar · 6 Aralık 2026
Pazar", the typed word in lower case beside the same word capitalised."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from chatwalk import walking

IST = ZoneInfo("Europe/Istanbul")
CHAT, ORGANISER = -4013, 10
NOW = datetime(2026, 12, 5, 12, 0, tzinfo=IST)  # a Saturday; the day is Sunday 6 December
FORM = (
    "/yeni_turnuva Bahar | 4 takım | 1 saha | yarın 10:00 | 24+6"
    "\nKartallar, Şahinler, Aslanlar, Kurtlar"
)


@pytest.fixture
async def walk(tmp_path):
    async with walking(tmp_path / "titles.sqlite3", CHAT, NOW) as chat:
        await chat.say(ORGANISER, FORM)
        await chat.press(ORGANISER, "Oluştur")
        yield chat


@pytest.mark.parametrize(
    ("typed", "title"),
    [
        ("/fikstur pazar metin", "📅 Bahar: Pazar · 6 Aralık 2026 Pazar"),
        ("/fikstur PAZAR metin", "📅 Bahar: Pazar · 6 Aralık 2026 Pazar"),
        ("/fikstur pazar günü metin", "📅 Bahar: Pazar günü · 6 Aralık 2026 Pazar"),
        ("/fikstur pazar", "📅 Bahar: Pazar · 6 Aralık 2026 Pazar"),
    ],
)
async def test_a_weekday_in_the_title_is_capitalised(walk, typed, title):
    said = await walk.say(ORGANISER, typed)
    assert said.splitlines()[0] == title, said
