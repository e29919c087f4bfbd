"""A season league's evening-before message, end to end on the bot's own clock: the group
hears of Sunday's match week on Saturday at 20:00, once, and no per-slot messages."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from client import ORGANISER, Chat, Emulator
from processes import BotProcess, own_bot
from test_e2e_tournament import create

IST = ZoneInfo("Europe/Istanbul")
LEADS_LOG = "reminders: this process sends reminders now"
FORM = (
    "/yeni_turnuva Pazar Ligi | 4 takım | her pazar 14:00-17:00 | 30+5\n"
    "Kartallar, Şahinler, Aslanlar, Kaplanlar"
)


def _saturday() -> datetime:
    """Noon on a Saturday at least two days from now, in Istanbul."""
    day = datetime.now(IST) + timedelta(days=2)
    day += timedelta(days=(5 - day.weekday()) % 7)
    return day.replace(hour=12, minute=0, second=0, microsecond=0)


@dataclass
class Season:
    tg: Emulator
    bot: BotProcess
    chat: Chat
    saturday: datetime


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Season]:
    home: Path = tmp_path_factory.mktemp("season")
    saturday = _saturday()
    with own_bot(home, __name__, clock_at=saturday) as (tg, bot):
        yield Season(tg, bot, tg.group("Pazar Ligi"), saturday)


def test_the_group_hears_of_the_match_week_the_evening_before(league: Season) -> None:
    tg, bot, chat = league.tg, league.bot, league.chat
    created = create(tg, chat, FORM)
    sunday = league.saturday + timedelta(days=1)
    assert "1. hafta" in created.text and f"{sunday.day} " in created.text
    tg.send(ORGANISER, chat, "/hatirlatma")
    assert "Akşam mesajı: maç gününden önceki akşam 20:00" in tg.wait_for(chat, "Hatırlatma").text

    bot.restart(clock_at=league.saturday.replace(hour=19, minute=59, second=55))
    bot.wait_for_log(LEADS_LOG)
    evening = tg.wait_for(chat, "📅", timeout=30)
    assert evening.text.startswith(f"📅 1. hafta yarın ({sunday.day}.{sunday.month:02d}):")
    assert "14:00 Saha 1:" in evening.text and "14:35 Saha 1:" in evening.text
    assert not [m for m in tg.events(chat) if "maçları (" in m.text]  # no per-slot message
