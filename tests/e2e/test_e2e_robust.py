"""Every update answered, nothing lost, no chat waiting for another (issue 11), end to end.

Each test runs its own emulator and bot (the emulator refuses whatever Telegram refuses,
tests/e2e/emulator/launcher.js, so every reply here is checked against Telegram's limits):

- a chat flooding 40 messages under Telegram's rate limits (20 a minute into a group)
  does not hold up another chat's question;
- a SIGKILL in the middle of a burst of 50 result lines loses none: after a restart all
  50 are stored exactly once and answered;
- the same /gecikme update delivered twice moves the matches once;
- a reminder that falls due while the Bot API is away (20 s here; the behaviour is the same
  as for 60 s, only the test is shorter) is sent once after it, and the bot answers again
  within 5 s of the API's return, logging no traceback;
- 16- and 26-team leagues and a 64-team day in 16 groups on 8 pitches: creation,
  /fikstur, /fikstur metin, /puan metin and /eleme stay within Telegram's limits.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections import Counter
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import processes
import pytest
from client import ORGANISER, BotMessage, Emulator, User, private
from processes import BotProcess
from sqlalchemy import text
from test_e2e_tournament import create

from storage.uow import Database

IST = ZoneInfo("Europe/Istanbul")
APOLOGY = "Bir şeyler ters gitti"  # bot.texts.welcome.ERROR: what a refused reply turns into
REFUSED = ("Bad Request", "PHOTO_INVALID_DIMENSIONS", "Request Entity Too Large")
TEAMS = [
    "Aslanlar",
    "Boğalar",
    "Ceylanlar",
    "Doğanlar",
    "Engerekler",
    "Filler",
    "Geyikler",
    "Kartallar",
    "Kurtlar",
    "Leoparlar",
    "Martılar",
]


@contextlib.contextmanager
def own_bot(home: Path, **options: Any) -> Iterator[tuple[Emulator, BotProcess]]:
    """processes.own_bot with an emulator port of its own (outages), logs shown."""
    with processes.own_bot(home, __name__, bot_port=True, **options) as found:
        yield found


def _kickoff(days: int = 2) -> datetime:
    moment = datetime.now(IST) + timedelta(days=days)
    return moment.replace(hour=10, minute=0, second=0, microsecond=0)


def form(name: str, teams: int, rest: str, names: tuple[str, ...] = ()) -> str:
    when = _kickoff().strftime("%d.%m.%Y %H:%M")
    line = f"/yeni_turnuva {name} | {teams} takım | {rest} | {when} | 24+6"
    return line + ("\n" + ", ".join(names) if names else "")


def _within_limits(m: BotMessage) -> None:
    """What Telegram accepts; the emulator refused anything else, so this is a second look."""
    units = len(m.text.encode("utf-16-le")) // 2
    assert units <= (1024 if m.kind in ("photo", "document") else 4096), (m.kind, units)
    for row in m.buttons:
        assert all(len(data.encode()) <= 64 for _, data in row)
    if m.kind == "photo":
        w, h = m.event["width"], m.event["height"]
        assert w + h <= 10_000 and max(w, h) <= 20 * min(w, h), (w, h)


MEMBERS = [User(2000 + n, f"Üye {n}") for n in range(8)]


def test_a_flooding_chat_does_not_hold_up_a_quiet_one(tmp_path: Path) -> None:
    with own_bot(tmp_path, rate_limit=True) as (tg, _bot):
        loud, quiet = tg.group("Kalabalık"), private(ORGANISER)
        start = tg.mark
        for n in range(40):  # past the 20-a-minute limit into one group, 5 per member (their
            tg.send(MEMBERS[n % 8], loud, "/yardim")  # budget, bot/runtime/budget.py)
        # Paced to 20 a minute, the loud chat's answers trickle out for two minutes.
        tg.wait_for_many(loud, "Turnuva Botu", count=3, timeout=30, since=start)
        started = time.monotonic()
        tg.send(ORGANISER, quiet, "/yardim")
        tg.wait_for(quiet, "Turnuva Botu", timeout=5)
        waited = time.monotonic() - started
        answered_loud = len([m for m in tg.events(loud) if "Turnuva Botu" in m.text])
    assert waited < 1.0, f"the quiet chat waited {waited:.1f} s"
    assert answered_loud < 40  # the loud chat was still waiting out its own limit


def stored_results(db_url: str) -> tuple[int, int]:
    async def read() -> tuple[int, int]:
        db = Database.from_url(db_url)
        try:
            async with db.unit_of_work(read_only=True) as uow:
                results = await uow.session.scalar(text("SELECT count(*) FROM results"))
                writes = await uow.session.scalar(text("SELECT count(*) FROM result_audit"))
                return int(results or 0), int(writes or 0)
        finally:
            await db.dispose()

    return asyncio.run(read())


def test_a_sigkill_in_a_burst_of_50_results_loses_none(tmp_path: Path) -> None:
    with own_bot(tmp_path) as (tg, bot):
        chat = tg.group("Kış Ligi")
        create(tg, chat, form("Kış Ligi", 11, "lig | 2 saha", tuple(TEAMS)))
        pairs = list(itertools.combinations(TEAMS, 2))[:50]
        start = tg.mark
        for home, away in pairs:
            tg.send(ORGANISER, chat, f"{home} 1-0 {away}")
        tg.wait_for_many(chat, "Kaydedildi", count=5, timeout=30, since=start)
        bot.kill()  # mid-burst: some answered, the rest received or still at the emulator
        bot.start()

        def saved() -> Counter[str]:
            said = tg.events(chat, start)
            return Counter(m.text.splitlines()[0] for m in said if "Kaydedildi" in m.text)

        while len(now := saved()) < 50:  # each awaited; a line's second answer counts once
            total = sum(now.values())
            tg.wait_for_many(chat, "Kaydedildi", count=total + 1, timeout=90, since=start)
        assert stored_results(bot.db_url) == (50, 50)  # each stored once, written once
        answers = saved()
    # Each answered, also the one committed just before the kill (its reply is stored with
    # it); once, but for the reply on its way at the kill: Telegram cannot be asked
    # whether that one arrived, so it may come twice (bot/runtime/replies.py).
    assert len(answers) == 50 and sum(answers.values()) <= 51, answers.most_common(3)


def test_the_same_delay_delivered_twice_moves_the_matches_once(tmp_path: Path) -> None:
    with own_bot(tmp_path) as (tg, _bot):
        chat = tg.group("Pazar Kupası")
        create(tg, chat, form("Pazar Kupası", 4, "lig | 1 saha", tuple(TEAMS[:4])))
        tg.send(ORGANISER, chat, "/gecikme 15")
        moved = tg.wait_for(chat, "⏱ 15 dk gecikme")
        update_id = tg.last_update_id
        assert update_id is not None
        tg.redeliver(update_id)
        assert [m for m in tg.silence(chat) if m.seq > moved.seq] == []  # no second notice
        tg.send(ORGANISER, chat, "/fikstur metin")
        fixture = tg.wait_for(chat, "fikstür")
    first = fixture.text.splitlines()[1]  # "1. 10:15 Saha 1 · ...": moved 15 min, not 30
    assert " 10:15 " in first, fixture.text


OUTAGE = 60  # seconds the Bot API is away


def test_a_reminder_due_in_an_outage_is_sent_once_after_it(tmp_path: Path) -> None:
    kickoff = _kickoff()
    with own_bot(tmp_path) as (tg, bot):
        chat = tg.group("Cumartesi Ligi")
        create(tg, chat, form("Cumartesi Ligi", 4, "lig | 2 saha", tuple(TEAMS[:4])))
        # The 10:00 slot's group reminder (30 min ahead) falls due OUTAGE / 2 s after the
        # restart's launch, inside the outage that begins once the bot is up (a start takes
        # seconds on a loaded machine: at 12 s, a slow start had it sent before the outage).
        due = kickoff - timedelta(minutes=30)
        bot.restart(clock_at=due - timedelta(seconds=OUTAGE / 2))
        since = tg.mark
        tg.outage(OUTAGE)  # the 60 s: a minute boundary of the log's rate passes too
        back = time.monotonic() + OUTAGE
        with pytest.raises(AssertionError):  # nothing reaches Telegram while it is away
            tg.wait_for(chat, "⏰", timeout=back - time.monotonic(), since=since)
        while time.monotonic() < back:  # the last fraction of a second of the outage
            tg.state(wait=back - time.monotonic())
        # The API is back: the bot answers within 5 s...
        tg.send(ORGANISER, chat, "/yardim")
        answered = tg.wait_for(chat, "Turnuva Botu", timeout=5)
        # ...and the reminder that fell due meanwhile comes within 10 s, once.
        reminder = tg.wait_for(chat, "⏰", timeout=10, since=since)
        tg.silence(chat)  # everything the bot had to do in this chat is done: one reminder
        assert len([m for m in tg.events(chat, since) if m.text.startswith("⏰")]) == 1
        assert "10:00" in reminder.text and answered
        log = bot.output(current=True)
    assert "Traceback" not in log
    unreachable = [line for line in log.splitlines() if "unreachable" in line or "retrying" in line]
    assert len(unreachable) <= 4, unreachable  # one line per kind of failure, not a storm


SIZES = {
    "16-team league": ("16 Lig", 16, "lig | 4 saha"),
    "26-team league": ("26 Lig", 26, "lig | 4 saha"),
    "64-team day in 16 groups": ("64 Şenlik", 64, "16 grup | 8 saha"),
}


@pytest.mark.parametrize("size", list(SIZES))
def test_big_tournaments_stay_within_telegrams_limits(tmp_path: Path, size: str) -> None:
    name, teams, rest = SIZES[size]
    with own_bot(tmp_path) as (tg, bot):
        chat = tg.group(name)
        tg.send(ORGANISER, chat, form(name, teams, rest))
        summary = tg.wait_for(chat, lambda m: m.has_button("Oluştur") or APOLOGY in m.text, 120)
        if not summary.has_button("Oluştur"):
            pytest.fail(f"the set-up was not answered: {summary.text}")
        tg.press(ORGANISER, chat, summary.message_id, summary.button("Oluştur"))
        tg.wait_for(chat, lambda m: "kuruldu" in m.text or "saniyede bitmedi" in m.text, 120)
        for command in ("/fikstur", "/fikstur metin", "/puan metin", "/eleme"):
            tg.send(ORGANISER, chat, command)
            tg.silence(chat)
        everything = [m for m in tg.events(chat) if m.kind in ("message", "photo", "document")]
        log = bot.output()
    for message in everything:
        _within_limits(message)
    assert not [m for m in everything if APOLOGY in m.text]
    assert not [line for line in log.splitlines() if any(r in line for r in REFUSED)]
    assert [m for m in everything if m.kind == "photo"]  # the fixture picture was sent


LONG = "Ğ" * 3990  # a user's ~4000-character input, repeated back in no refusal whole
COMMANDS = (
    "/sonuc {long} 1-0 Aslanlar",
    "{long} 1-0 Aslanlar",
    "/kaptan {long}",
    "/fikstur {long}",
    "/takvim {long}",
    "/gecikme {long}",
    "/ertele 1 {long}",
    "/hatirlatma {long}",
    "/ayarlar {long}",
    "/kura {long}",
    "/takim_adi 3 {long}",
    "/puan {long}",
    "/yeni_turnuva {long} | 4 takım | lig | yarın 10:00",
)


def test_a_4000_character_input_is_quoted_short_in_every_refusal(tmp_path: Path) -> None:
    with own_bot(tmp_path) as (tg, bot):
        chat = tg.group("Uzun Yazanlar")
        create(tg, chat, form("Uzun Yazanlar", 4, "lig | 1 saha", tuple(TEAMS[:4])))
        start = tg.mark
        for command in COMMANDS:
            tg.send(ORGANISER, chat, command.format(long=LONG[: 4000 - len(command)]))
            tg.silence(chat)
        replies = [m for m in tg.events(chat, start) if m.kind == "message"]
        log = bot.output()
    for reply in replies:
        _within_limits(reply)
    assert not [m for m in replies if APOLOGY in m.text]
    assert not [line for line in log.splitlines() if any(r in line for r in REFUSED)]
