"""Reminders, a delay, a result nudge and a headcount, end to end on the bot's own clock.

The bot runs as its own process (polling its own emulator, on its own SQLite file) with
--clock-offset: time moves by restarting it with a larger offset, just before the next
thing falls due, never by sleeping. Every wait is a predicate on the emulator's log (or,
for "the bot leads now", on the bot's log).

The day: four teams, two pitches, a league (22+8: 24 minutes on the pitch with half-time, 6
to change over) kicking off at 10:00 two days from now;
reminders 10 minutes ahead (/hatirlatma 10), squad size 7 (/ayarlar kadro 7).

    10:00  Saha 1: Kartallar – Kaplanlar (1)   Saha 2: Şahinler – Aslanlar (2)
    10:30  Saha 1: Kartallar – Aslanlar (3)    Saha 2: Kaplanlar – Şahinler (4)
    11:00  Saha 1: Kartallar – Şahinler (5)    Saha 2: Aslanlar – Kaplanlar (6)

Mehmet (Kartallar) has started the bot in private; Can (Şahinler) has not, until he follows
the organiser's deep link after the first reminders.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from client import CAPTAIN_1, CAPTAIN_2, ORGANISER, BotMessage, Chat, Emulator, private
from processes import BotProcess, offset_to, running_emulator, show_logs
from test_e2e_tournament import create

from storage.uow import Database

IST = ZoneInfo("Europe/Istanbul")
LEAD = 10  # minutes: /hatirlatma 10 (group and captains)
LEADS_LOG = "reminders: this process sends reminders now"
# What the bot says on its own initiative (reminders, the list, nudges, headcount warnings).
OWN_INITIATIVE = ("⏰", "📵", "📝", "⚠️")
WAIT = 30.0  # seconds at most for something due a few seconds after a restart


def _kickoff() -> datetime:
    """10:00 in Istanbul, two days from now: far enough for every phase's clock."""
    day = datetime.now(IST) + timedelta(days=2)
    return day.replace(hour=10, minute=0, second=0, microsecond=0)


@dataclass
class Day:
    tg: Emulator
    bot: BotProcess
    chat: Chat
    kickoff: datetime
    db_url: str

    def at(self, minutes: int) -> datetime:
        """The kick-off plus `minutes` (negative: before it)."""
        return self.kickoff + timedelta(minutes=minutes)

    def own_initiative(self) -> list[BotMessage]:
        """Every message the bot sent of its own accord so far, in every chat."""
        return [
            m for m in self.tg.events() if m.kind == "message" and m.text.startswith(OWN_INITIATIVE)
        ]


@pytest.fixture(scope="module")
def day(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Day]:
    home: Path = tmp_path_factory.mktemp("reminders")
    show_logs(
        __name__,
        **{"reminders bot": home / "bot.log", "reminders emulator": home / "emulator.log"},
    )
    with running_emulator(home / "emulator.log") as url:
        kickoff = _kickoff()
        db_url = f"sqlite+aiosqlite:///{home / 'reminders.sqlite3'}"
        bot = BotProcess(url, db_url, home / "bot.log")
        tg = Emulator(url)
        chat = tg.group("Pazar Ligi")
        try:
            bot.clock_offset = offset_to(kickoff - timedelta(hours=3))  # 07:00 on match day
            bot.start()
            yield Day(tg, bot, chat, kickoff, db_url)
        finally:
            bot.stop()
            tg.close()
            bot.emulator.close()


def statuses(db_url: str) -> dict[tuple[int, int, str], str]:
    """The reminders table of tournament 1 (the only one): (match no, recipient, kind)."""

    async def read() -> dict[tuple[int, int, str], str]:
        db = Database.from_url(db_url)
        try:
            async with db.unit_of_work(read_only=True) as uow:
                return await uow.reminders.status(1)
        finally:
            await db.dispose()

    return asyncio.run(read())


def test_reminders_arrive_once_follow_a_delay_and_survive_restarts(day: Day) -> None:
    tg, bot, chat = day.tg, day.bot, day.chat
    group, captain_1, captain_2, organiser = chat.id, CAPTAIN_1.id, CAPTAIN_2.id, ORGANISER.id

    # 07:00: the organiser and Mehmet start the bot in private; the day is set up.
    tg.send(ORGANISER, private(ORGANISER), "/start")
    tg.wait_for(private(ORGANISER), "Turnuva Botu")
    when = day.kickoff.strftime("%d.%m.%Y %H:%M")
    create(
        tg,
        chat,
        f"/yeni_turnuva Pazar Ligi | 4 takım | 2 saha | {when} | 22+8\n"
        "Kartallar, Şahinler, Aslanlar, Kaplanlar",
    )
    tg.send(CAPTAIN_1, private(CAPTAIN_1), "/start")
    tg.wait_for(private(CAPTAIN_1), "Turnuva Botu")
    tg.send(CAPTAIN_1, chat, "/kaptan Kartallar")
    tg.wait_for(chat, "kaptanısınız")
    tg.send(CAPTAIN_2, chat, "/kaptan Şahinler")
    tg.wait_for(chat, "kaptanısınız")
    tg.send(ORGANISER, chat, f"/hatirlatma {LEAD}")
    set_to = tg.wait_for(chat, "hatırlatmaları").text  # both leads, said as one
    assert f"Grup ve kaptan hatırlatmaları: maçtan {LEAD} dk önce" in set_to, set_to
    tg.send(ORGANISER, chat, "/ayarlar kadro 7")
    tg.wait_for(chat, "Kaç kişisiniz")
    assert day.own_initiative() == []

    # 09:49:00: a bot leads and has planned the 09:50 reminders (one timer for the first
    # send); it is restarted before they fire (SIGTERM, then a new process whose clock reads
    # 09:49:56), and each must still arrive exactly once. A minute ahead, not seconds: its
    # start and its first look at the lead may take many seconds on a loaded machine, and
    # the test restarts it as soon as it leads, so the minute is never waited out.
    bot.restart(clock_at=day.at(-LEAD) - timedelta(seconds=60))
    bot.wait_for_log(LEADS_LOG)
    assert bot.clock() < day.at(-LEAD) - timedelta(seconds=2), "too slow to restart in time"
    assert day.own_initiative() == [], "sent before its due time"
    bot.restart(clock_at=day.at(-LEAD) - timedelta(seconds=4))
    slot_1 = tg.wait_for(chat, "⏰", timeout=WAIT)
    assert slot_1.text == (
        "⏰ 10:00 maçları (10 dk sonra)\nSaha 1: Kartallar – Kaplanlar\nSaha 2: Şahinler – Aslanlar"
    )
    mehmet_1 = tg.wait_for(private(CAPTAIN_1), "⏰", timeout=WAIT)
    assert mehmet_1.text == (
        "⏰ Kartallar maçınız 10 dk sonra: 10:00, Saha 1, rakip Kaplanlar\nKaç kişisiniz?"
    )
    assert mehmet_1.labels == ["4", "5", "6", "7", "8"]
    listed = tg.wait_for(private(ORGANISER), "📵", timeout=WAIT)
    assert listed.text == (
        "📵 Bu kaptanlara özelden yazamıyorum: Şahinler; bota bir kez /start demeleri"
        " yeterli: https://t.me/TurnuvaTestBot?start=hatirlatma"
    )

    # Mehmet says they are five: the organiser is warned at once, not at kick-off.
    tg.press(CAPTAIN_1, private(CAPTAIN_1), mehmet_1.message_id, mehmet_1.button("5"))
    warned = tg.wait_for(private(ORGANISER), "⚠️")
    assert warned.text == (
        "⚠️ Kartallar 10:00 maçına 5 kişi geliyor (kadro 7). Maç 1, Saha 1, rakip Kaplanlar."
    )
    assert "5 kişi" in tg.wait_for(private(CAPTAIN_1), "Teşekkürler", kinds=("edit",)).text

    # 10:05: Can follows the deep link; match 1's result comes in, match 2's does not; the
    # day runs 15 minutes late (the matches under way stay, the others move).
    bot.restart(clock_at=day.at(5))
    tg.send(CAPTAIN_2, private(CAPTAIN_2), "/start hatirlatma")
    tg.wait_for(private(CAPTAIN_2), "hatırlatmalar buraya gelecek")
    tg.send(ORGANISER, chat, "Kartallar 2-0 Kaplanlar")
    tg.wait_for(chat, "Kaydedildi")
    tg.send(ORGANISER, chat, "/gecikme 15")
    delayed = tg.wait_for(chat, "gecikme").text
    assert "10:30 → 10:45" in delayed and "11:00 → 11:15" in delayed
    assert "10:00 →" not in delayed
    told = tg.wait_for(private(CAPTAIN_1), "saati değişti")
    # Every moved match of Kartallar in one message, not only the next one.
    assert told.text.startswith("⏱ Kartallar: 2 maçınızın saati değişti."), told.text
    assert "Saha 1: 10:30 → 10:45" in told.text and "Saha 1: 11:00 → 11:15" in told.text
    assert "Düzeltme" not in told.text  # no reminder of them had gone out
    tg.wait_for(private(CAPTAIN_2), "saati değişti")

    # 10:33:56, fourteen minutes past the second slot's old due time (10:20): the first
    # thing due is match 2's result nudge (10:34). A reminder still due at 10:20 would be
    # overdue and go at once, before the nudge; none does.
    bot.restart(clock_at=day.at(34) - timedelta(seconds=4))
    nudge = tg.wait_for(private(ORGANISER), "📝", timeout=WAIT)
    assert nudge.text == (
        "📝 Maç 2 (Şahinler – Aslanlar) bitti ama sonuç yok;"
        " yazmanız yeterli: Şahinler 2-1 Aslanlar"
    )
    assert [m.text for m in day.own_initiative() if m.text.startswith("⏰")] == [
        slot_1.text,
        mehmet_1.text,
    ], "a reminder of the delayed slot went out at its old time"

    # 10:34:56: the second slot's reminders at their new time (10:45 - 10 min), sent by
    # this process: nothing of them went out before this restart.
    before = tg.events()[-1].seq
    bot.restart(clock_at=day.at(35) - timedelta(seconds=4))
    slot_2 = tg.wait_for(chat, "⏰ 10:45", timeout=WAIT, since=before)
    assert slot_2.text == (
        "⏰ 10:45 maçları (10 dk sonra)\nSaha 1: Kartallar – Aslanlar\nSaha 2: Kaplanlar – Şahinler"
    )
    mehmet_2 = tg.wait_for(private(CAPTAIN_1), "⏰ Kartallar", timeout=WAIT, since=before)
    assert mehmet_2.text == (
        "⏰ Kartallar maçınız 10 dk sonra: 10:45, Saha 1, rakip Aslanlar\nKaç kişisiniz?"
    )
    can_2 = tg.wait_for(private(CAPTAIN_2), "⏰ Şahinler", timeout=WAIT, since=before)
    assert can_2.text == (
        "⏰ Şahinler maçınız 10 dk sonra: 10:45, Saha 2, rakip Kaplanlar\nKaç kişisiniz?"
    )

    # The whole run, five restarts included: each message once, nothing else on its own.
    sent = Counter((m.chat_id, m.text) for m in day.own_initiative())
    assert sent == Counter(
        {
            (group, slot_1.text): 1,
            (captain_1, mehmet_1.text): 1,
            (organiser, listed.text): 1,
            (organiser, warned.text): 1,
            (organiser, nudge.text): 1,
            (group, slot_2.text): 1,
            (captain_1, mehmet_2.text): 1,
            (captain_2, can_2.text): 1,
        }
    )
    rows = statuses(day.db_url)
    assert "sending" not in rows.values()
    assert rows[(1, group, f"grup:{LEAD}")] == "sent"
    assert rows[(1, captain_1, f"kaptan:{LEAD}")] == "sent"
    assert rows[(1, organiser, "ulasilamaz")] == "sent"
    # Match 1's nudge: withdrawn by the next re-sync after its result, or dropped unsent.
    assert rows.get((1, organiser, "sonuc"), "dropped") == "dropped"
    assert rows[(2, organiser, "sonuc")] == "sent"
    assert rows[(3, group, f"grup:{LEAD}")] == "sent"
    assert rows[(3, captain_1, f"kaptan:{LEAD}")] == "sent"
    assert rows[(4, captain_2, f"kaptan:{LEAD}")] == "sent"
    assert (2, captain_2, f"kaptan:{LEAD}") not in rows  # unreachable then: listed instead

    # 10:35, the 10:45 reminders sent: another 10 minutes late. Mehmet hears of both his
    # moved matches, and the reminder he already has ("10:45") is corrected once.
    before = tg.events()[-1].seq
    tg.send(ORGANISER, chat, "/gecikme 10")
    tg.wait_for(chat, "10 dk gecikme", since=before)
    again = tg.wait_for(private(CAPTAIN_1), "saati değişti", since=before)
    assert "Saha 1: 10:45 → 10:55" in again.text and "Saha 1: 11:15 → 11:25" in again.text
    assert again.text.count("Düzeltme") == 1
    assert "⚠️ Düzeltme: hatırlatmadaki 10:45 geçersiz, maç 3 10:55." in again.text
