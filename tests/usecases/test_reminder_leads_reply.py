"""/hatirlatma 30 sets the group's and the captains' reminders alike, while /yardim shows
"grup 30 · kaptanlar 60" forms: the reply said "grup … · kaptanlar …" as if each had been
typed. It says both were set and how to set one alone; "grup 30" says the other stayed."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from chatwalk import walking

IST = ZoneInfo("Europe/Istanbul")
CHAT, ORGANISER = -4014, 10
NOW = datetime(2026, 12, 5, 12, 0, tzinfo=IST)
FORM = "/yeni_turnuva Bahar | 4 takım | 1 saha | yarın 10:00 | 24+6\nA, B, C, D"


@pytest.fixture
async def walk(tmp_path):
    async with walking(tmp_path / "leads.sqlite3", CHAT, NOW) as chat:
        await chat.say(ORGANISER, FORM)
        await chat.press(ORGANISER, "Oluştur")
        yield chat


async def test_a_bare_lead_says_it_set_both(walk):
    said = await walk.say(ORGANISER, "/hatirlatma 30")
    assert said == (
        "👍 Grup ve kaptan hatırlatmaları: maçtan 30 dk önce. Yalnız biri için:"
        " /hatirlatma grup 30 ya da /hatirlatma kaptan 30"
    ), said


async def test_one_sides_lead_says_the_other_stayed(walk):
    await walk.say(ORGANISER, "/hatirlatma 30")
    said = await walk.say(ORGANISER, "/hatirlatma kaptan 60 15")
    assert said == (
        "👍 Kaptan hatırlatması: maçtan 60 ve 15 dk önce."
        " Grup hatırlatması değişmedi: maçtan 30 dk önce."
    ), said
    said = await walk.say(ORGANISER, "/hatirlatma grup kapat")
    assert said == (
        "👍 Grup hatırlatması: kapalı. Kaptan hatırlatması değişmedi: maçtan 60 ve 15 dk önce."
    ), said
    shown = await walk.say(ORGANISER, "/hatirlatma")
    assert "grup kapalı · kaptanlar maçtan 60 ve 15 dk önce" in shown, shown
