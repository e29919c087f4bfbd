"""Two bot processes on one PostgreSQL database: one sends reminders, the other takes over.

Both run in webhook mode (as behind one URL in production) against one emulator, with the
same --clock-offset. Only the holder of the advisory lock (storage.leader) fires reminders.
Two tournaments in two groups fall due in two batches BATCH_GAP seconds apart on the bots'
clock; after the first batch the leader is SIGKILLed and the other process must take over
(within 30 s) and send the second. Across the hand-over every reminder arrives exactly once.

Seeded directly through the use cases and storage (no chat needed to set up), on a fresh
database created for this test and dropped at the end. Without PostgreSQL the test is
skipped with the reason (a failure under CI=true).
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from client import CAPTAIN_1, CAPTAIN_2, ORGANISER, Chat, Emulator, User, private
from cluster import fresh_database
from processes import BotProcess, free_port, offset_to, running_emulator, show_logs

from bot.usecases import drafts, reminders, setup
from storage import migrate
from storage.uow import Database

IST = ZoneInfo("Europe/Istanbul")
LEAD = 10  # minutes, group and captains
BATCH_GAP = 10  # seconds between the two batches' due times
AHEAD = 15  # seconds between the bots' start and the first batch (a loaded machine starts slowly)
TAKEOVER = 30.0  # seconds the other process may take to lead (issue 5)
LEADS_LOG = "reminders: this process sends reminders now"
LOST_LOG = "may not have been delivered"
CAPTAIN_3 = User(1005, "Ali", "ali_aslanlar")
CAPTAIN_4 = User(1006, "Veli", "veli_kaplanlar")
# Per tournament: name, home and away team with their captains.
TOURNAMENTS = (
    ("Sabah Ligi", ("Kartallar", CAPTAIN_1), ("Şahinler", CAPTAIN_2)),
    ("Öğle Ligi", ("Aslanlar", CAPTAIN_3), ("Kaplanlar", CAPTAIN_4)),
)


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty database for this test; dropped afterwards."""
    with fresh_database() as url:
        yield url


async def _seed(url: str, chats: list[Chat], kickoffs: list[datetime], now: datetime) -> None:
    """Both tournaments, their captains reachable in private, leads of LEAD minutes, and
    the reminder rows derived, as the bot's own commands would leave them."""
    await migrate.upgrade_async(url)
    db = Database.from_url(url)
    try:
        async with db.unit_of_work() as uow:
            for chat, kickoff, (name, *sides) in zip(chats, kickoffs, TOURNAMENTS, strict=True):
                spec = drafts.Spec(
                    name=name, teams=tuple(team for team, _ in sides), kickoff=kickoff
                )
                made = await setup.create(
                    uow, spec, chat_id=chat.id, user_id=ORGANISER.id, now=now, chat_title=name
                )
                for team, captain in sides:
                    await uow.teams.add_captain(made.tournament_id, team, captain.id)
                    await uow.private_chats.add(captain.id, now)
                stored = await uow.tournaments.active_for_chat(chat.id)
                assert stored is not None
                await uow.tournaments.update_settings(
                    made.tournament_id, group_leads=(LEAD,), captain_leads=(LEAD,)
                )
                await reminders.sync(uow, made.tournament_id, now)
            await uow.commit()
    finally:
        await db.dispose()


async def _statuses(url: str) -> dict[tuple[int, int, int, str], str]:
    """(tournament id, match no, recipient, kind) -> status, for both tournaments."""
    db = Database.from_url(url)
    try:
        async with db.unit_of_work(read_only=True) as uow:
            return {
                (tid, *key): status
                for tid in (1, 2)
                for key, status in (await uow.reminders.status(tid)).items()
            }
    finally:
        await db.dispose()


def _wait_statuses(url: str, wanted: dict[tuple[int, int, int, str], str]) -> None:
    """Until the reminders table holds `wanted` (bounded): a send is marked right after
    Telegram's answer, so this follows the emulator's log by a few milliseconds."""
    deadline = time.monotonic() + 10
    while True:
        rows = asyncio.run(_statuses(url))
        if all(rows.get(key) == status for key, status in wanted.items()):
            return
        assert time.monotonic() < deadline, f"reminder rows never became {wanted}: {rows}"


def test_one_process_sends_and_another_takes_over_after_a_sigkill(
    pg_url: str, tmp_path: Path
) -> None:
    show_logs(
        __name__,
        **{
            "first bot": tmp_path / "bot1.log",
            "second bot": tmp_path / "bot2.log",
            "takeover emulator": tmp_path / "emulator.log",
        },
    )
    with running_emulator(tmp_path / "emulator.log") as url:
        tg = Emulator(url)
        chats = [tg.group(name) for name, *_ in TOURNAMENTS]
        for _, *sides in TOURNAMENTS:
            for _, captain in sides:
                tg.configure(private(captain))
        day = datetime.now(IST) + timedelta(days=2)
        first = day.replace(hour=10, minute=0, second=0, microsecond=0)
        kickoffs = [first, first + timedelta(seconds=BATCH_GAP)]
        dues = [k - timedelta(minutes=LEAD) for k in kickoffs]
        asyncio.run(_seed(pg_url, chats, kickoffs, now=dues[0] - timedelta(hours=1)))

        # Each batch: the group's slot reminder and both captains' reminders.
        batches = []
        for chat, (_, (home, c_home), (away, c_away)) in zip(chats, TOURNAMENTS, strict=True):
            batches.append(
                {
                    (chat.id, f"⏰ 10:00 maçları (10 dk sonra)\nSaha 1: {home} – {away}"),
                    (c_home.id, f"⏰ {home} maçınız 10 dk sonra: 10:00, Saha 1, rakip {away}"),
                    (c_away.id, f"⏰ {away} maçınız 10 dk sonra: 10:00, Saha 1, rakip {home}"),
                }
            )
        sent_rows = [
            {
                (tid, 1, chat.id, f"grup:{LEAD}"): "sent",
                (tid, 1, c_home.id, f"kaptan:{LEAD}"): "sent",
                (tid, 1, c_away.id, f"kaptan:{LEAD}"): "sent",
            }
            for tid, chat, (_, (_, c_home), (_, c_away)) in zip(
                (1, 2), chats, TOURNAMENTS, strict=True
            )
        ]

        def arrived() -> Counter[tuple[int, str]]:
            return tg.counts(lambda m: m.text.startswith("⏰"))

        def wait_batch(batch: set[tuple[int, str]]) -> None:
            for chat_id, text in batch:
                chat = Chat(chat_id, "supergroup" if chat_id < 0 else "private")
                tg.wait_for(chat, lambda m, t=text: m.text == t, timeout=TAKEOVER, since=0)

        offset = offset_to(dues[0] - timedelta(seconds=AHEAD))
        bots = [
            BotProcess(url, pg_url, tmp_path / f"bot{i}.log", clock_offset=offset) for i in (1, 2)
        ]
        for bot in bots:
            bot.webhook_port = free_port()
        try:
            launched = [bot.launch() for bot in bots]
            for bot, before in zip(bots, launched, strict=True):
                bot.wait_ready(before)

            # The first batch: sent by exactly one of them, each reminder once.
            wait_batch(batches[0])
            _wait_statuses(pg_url, sent_rows[0])
            leaders = [bot for bot in bots if LEADS_LOG in bot.output()]
            assert len(leaders) == 1, "exactly one process leads"
            leader = leaders[0]
            follower = bots[1 - bots.index(leader)]
            assert arrived() == Counter(batches[0])

            # Deterministic hand-over: the leader dies between the batches, with nothing
            # claimed. (Killed between a claim and its send, it would leave that row
            # 'sending', which the next leader drops and logs: at most once, by design.)
            assert leader.clock() < dues[1] - timedelta(seconds=2), "too slow for the test"
            leader.kill()
            killed = time.monotonic()
            follower.wait_for_log(LEADS_LOG, timeout=TAKEOVER)
            assert time.monotonic() - killed <= TAKEOVER

            wait_batch(batches[1])
            _wait_statuses(pg_url, sent_rows[1])
            assert arrived() == Counter(batches[0] | batches[1]), "lost or doubled"
            rows = asyncio.run(_statuses(pg_url))
            assert {k: v for k, v in rows.items() if v != "pending"} == (
                sent_rows[0] | sent_rows[1]
            )
            assert {kind for (_, _, _, kind), v in rows.items() if v == "pending"} == {"sonuc"}
            assert LOST_LOG not in follower.output()
            assert follower.output().count(LEADS_LOG) == 1
            assert follower.stop() == 0
        finally:
            for bot in bots:
                bot.stop()
            for bot in bots:
                bot.emulator.close()
            tg.close()
