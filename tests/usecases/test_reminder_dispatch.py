"""The Dispatcher fires stored reminder rows at most once, with a fake clock and a fake
sender on SQLite and PostgreSQL: no Telegram, no sleeping, time moved by the test."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import time
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

import asyncpg
import httpx
import pytest
from eight_team_day import CHAT, IST, KICKOFF, ORGANISER, stored_day
from inprocess import Canned
from telegram import Update
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut

from bot.app import build
from bot.reminders.dispatcher import CLOSING, MARGIN, Dispatcher
from bot.reminders.messages import headcount_buttons
from bot.reminders.timer import NoTimer
from bot.runtime.settings import Settings
from bot.usecases import reminders, result_messages, results
from bot.usecases.runner import Actor
from storage.uow import Database

PG_HOST = os.environ.get("PGHOST", "127.0.0.1")
PG_PORT = int(os.environ.get("PGPORT", "5432"))
PG_USER = os.environ.get("PGUSER", "postgres")
CAPTAIN_A1, CAPTAIN_B3 = 20, 21
MORNING = (KICKOFF - timedelta(hours=1, minutes=5)).astimezone(UTC)  # 08:55


class Clock:
    """The injected clock: tests set it, nothing waits."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Sender:
    """Records every message; `fail` makes the next sends raise, `refuse` blocks chats."""

    sent: list[tuple[int, str, object]] = field(default_factory=list)
    fail: list[Exception] = field(default_factory=list)
    refuse: set[int] = field(default_factory=set)

    async def __call__(self, chat_id: int, text: str, markup: object) -> object:
        if chat_id in self.refuse:
            raise Forbidden("Forbidden: bot was blocked by the user")
        if self.fail:
            raise self.fail.pop(0)
        self.sent.append((chat_id, text, markup))
        return True

    def to(self, chat_id: int) -> list[str]:
        return [text for chat, text, _ in self.sent if chat == chat_id]


@pytest.fixture(params=["sqlite", "postgresql"])
async def db(request, tmp_path):
    """The 8-team day with two captains (A1 reachable, B3 not), on SQLite and PostgreSQL
    (a database of its own, dropped afterwards; skipped when PostgreSQL is unreachable)."""
    async with engine_url(request.param, tmp_path) as url:
        database = await day_with_two_captains(url, MORNING)
        database.dispatchers = []  # type: ignore[attr-defined]
        try:
            yield database
        finally:
            for made in database.dispatchers:  # type: ignore[attr-defined]
                await made.leadership.release()
            await database.dispose()


async def day_with_two_captains(url: str, now: datetime) -> Database:
    """The 8-team day at `url` with A1's captain (reachable in private) and B3's (not),
    its reminder rows synced at `now`."""
    database = await stored_day(url, now)
    async with database.unit_of_work() as uow:
        await uow.teams.add_captain(1, "A1", CAPTAIN_A1)
        await uow.teams.add_captain(1, "B3", CAPTAIN_B3)
        await uow.private_chats.add(CAPTAIN_A1, now)
        await reminders.sync(uow, 1, now)
        await uow.commit()
    return database


@contextlib.asynccontextmanager
async def engine_url(kind: str, tmp_path):
    if kind == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 't.sqlite3'}"
        return
    name = f"turnuva_reminders_{secrets.token_hex(4)}"
    try:
        await _admin(f'CREATE DATABASE "{name}"')
    except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
        pytest.skip(f"PostgreSQL at {PG_HOST}:{PG_PORT} unreachable: {exc!r}")
    try:
        yield f"postgresql+asyncpg://{PG_USER}@{PG_HOST}:{PG_PORT}/{name}"
    finally:
        await _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def _admin(sql: str) -> None:
    conn = await asyncpg.connect(
        host=PG_HOST, port=PG_PORT, user=PG_USER, database="test", timeout=5
    )
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


async def dispatcher(db, clock, sender, **kwargs) -> Dispatcher:
    """A Dispatcher as a (re)started process makes it: leader, recovered, plan built."""
    made = Dispatcher(db, clock, sender, bot_username="turnuva_test_bot", **kwargs)
    db.dispatchers.append(made)
    await made.tick()
    assert made.leading
    return made


async def run_until(d: Dispatcher, clock: Clock, end: datetime) -> None:
    """Move the clock from send time to send time, firing each, up to `end`."""
    while d.next_send is not None and d.next_send <= end:
        clock.now = max(clock.now, d.next_send)
        await d.fire_due()
    clock.now = max(clock.now, end)


async def statuses(db) -> dict[tuple[int, int, str], str]:
    async with db.unit_of_work(read_only=True) as uow:
        return await uow.reminders.status(1)


async def test_each_reminder_is_sent_once_with_its_text(db):
    clock, sender = Clock(MORNING), Sender()
    d = await dispatcher(db, clock, sender)

    await run_until(d, clock, KICKOFF + timedelta(hours=6))
    await d.close()  # SIGTERM: the lead is released
    restarted = await dispatcher(db, clock, sender)  # a restart finds nothing left to send
    await restarted.fire_due()

    rows = await statuses(db)
    assert set(rows.values()) == {"sent"}
    assert len(sender.sent) == len(rows) == 29
    group = sender.to(CHAT)
    assert "⏰ 10:30 maçları (30 dk sonra)\nSaha 1: B1 – B4\nSaha 2: B2 – B3" in group
    semis = "Saha 1: A Grubu 1.si – B Grubu 2.si\nSaha 2: B Grubu 1.si – A Grubu 2.si"
    assert f"⏰ 13:30 maçları (30 dk sonra)\n{semis}" in group
    assert "📝 Maç 7 (B1 – B3) bitti ama sonuç yok; yazmanız yeterli: B1 2-1 B3" in group
    assert (
        "📵 Bu kaptanlara özelden yazamıyorum: B3; bota bir kez /start demeleri yeterli:"
        " https://t.me/turnuva_test_bot?start=hatirlatma"
    ) in group
    assert sender.to(CAPTAIN_A1) == [
        "⏰ A1 maçınız 60 dk sonra: 10:00, Saha 1, rakip A4",
        "⏰ A1 maçınız 60 dk sonra: 11:00, Saha 1, rakip A3",
        "⏰ A1 maçınız 60 dk sonra: 12:00, Saha 1, rakip A2",
    ]


async def test_sends_go_out_before_their_due_time_never_after(db):
    clock, sender = Clock(MORNING), Sender()
    d = await dispatcher(db, clock, sender)
    d.record = True
    late = []

    while d.next_send is not None:
        clock.now = d.next_send
        for outcome in await d.fire_due():
            if outcome.status == "sent" and clock.now > outcome.reminder.due_at:
                late.append(outcome.reminder)

    assert late == [] and len(d.outcomes) == 29


async def test_a_reminder_whose_match_started_is_dropped_not_sent(db, caplog):
    clock, sender = Clock(MORNING), Sender()
    d = await dispatcher(db, clock, sender)
    clock.now = (KICKOFF + timedelta(seconds=30)).astimezone(UTC)  # the bot was away

    with caplog.at_level(logging.INFO, logger="bot.reminders.dispatcher"):
        await d.fire_due()

    rows = await statuses(db)
    assert rows[(1, CHAT, "grup:30")] == "dropped"  # due 09:30 for 10:00
    assert rows[(1, CAPTAIN_A1, "kaptan:60")] == "dropped"  # due 09:00 for 10:00
    assert rows[(3, CHAT, "grup:30")] == "sent"  # due 10:00 for 10:30: still useful
    assert not any("10:00 maçları" in text for _, text, _ in sender.sent)
    assert "kicked off" in caplog.text


async def test_a_nudge_for_a_match_with_a_result_is_dropped_quietly(db):
    clock, sender = Clock(MORNING), Sender()
    d = await dispatcher(db, clock, sender)
    async with db.unit_of_work() as uow:
        await results.record(uow, results.Record("A1 3-1 A4"), Actor(ORGANISER, CHAT, MORNING))
        await uow.commit()

    await run_until(d, clock, (KICKOFF + timedelta(minutes=40)).astimezone(UTC))

    rows = await statuses(db)
    assert rows[(1, CHAT, "sonuc")] == "dropped"
    assert rows[(2, CHAT, "sonuc")] == "sent"
    assert not any("Maç 1 " in text for _, text, _ in sender.sent)


async def test_a_banned_player_is_named_in_his_captains_and_the_groups_reminder(db):
    clock, sender = Clock(MORNING), Sender()
    async with db.unit_of_work() as uow:  # sent off in A1's first match: misses the second
        message = result_messages.Message("A1 1-0 A4\ngoller: Veli\nkırmızı: Veli")
        await result_messages.record(uow, message, Actor(ORGANISER, CHAT, MORNING, 77))
        await uow.commit()
    d = await dispatcher(db, clock, sender)

    await run_until(d, clock, (KICKOFF + timedelta(hours=2, minutes=40)).astimezone(UTC))

    assert sender.to(CAPTAIN_A1) == [
        "⏰ A1 maçınız 60 dk sonra: 11:00, Saha 1, rakip A3\nCezalı: Veli",
        "⏰ A1 maçınız 60 dk sonra: 12:00, Saha 1, rakip A2",
    ]
    group = [t for t in sender.to(CHAT) if t.startswith("⏰")]
    slot = "⏰ 11:00 maçları (30 dk sonra)\nSaha 1: A1 – A3\nSaha 2: A4 – A2"
    assert f"{slot}\nCezalı: Veli (A1)" in group
    assert sum("Cezalı" in t for t in group) == 1


async def test_a_crash_between_claim_and_send_drops_the_row_and_says_so(db, caplog):
    clock, sender = Clock(MORNING), Sender()
    entered, never = asyncio.Event(), asyncio.Event()
    hung: list[tuple[int, str]] = []

    async def dies_while_sending(chat_id: int, text: str, markup: object) -> object:
        hung.append((chat_id, text))
        entered.set()
        await never.wait()  # the process dies here: Telegram may or may not have it
        return True

    first = await dispatcher(db, clock, dies_while_sending)
    clock.now = first.next_send
    firing = asyncio.ensure_future(first.fire_due())
    await entered.wait()
    firing.cancel()  # the crash: claimed and committed, never marked sent
    with pytest.raises(asyncio.CancelledError):
        await firing
    (crashed,) = [k for k, v in (await statuses(db)).items() if v == "sending"]
    await first.leadership.release()  # its process is gone: PostgreSQL frees the lock

    with caplog.at_level(logging.WARNING, logger="bot.reminders.dispatcher"):
        second = await dispatcher(db, clock, sender)  # the restart recovers first
    await run_until(second, clock, KICKOFF + timedelta(hours=6))

    rows = await statuses(db)
    assert rows[crashed] == "dropped"
    assert "may not have been delivered" in caplog.text
    assert len(hung) == 1 and hung[0][1] not in [text for _, text, _ in sender.sent]
    assert sum(v == "sent" for v in rows.values()) == len(sender.sent) == 28


async def test_a_re_timed_reminder_goes_at_its_new_time_and_a_stale_claim_fails(db):
    clock, sender = Clock(MORNING), Sender()
    d = await dispatcher(db, clock, sender)
    d.record = True
    async with db.unit_of_work() as uow:  # another process delays the day by 15 minutes
        plan = [m.match for m in await uow.matches.plan(1)]
        later = [
            replace(m, start=m.start + timedelta(minutes=15), end=m.end + timedelta(minutes=15))
            for m in plan
        ]
        await uow.matches.replan(1, later)
        await reminders.sync(uow, 1, MORNING)
        await uow.commit()

    stale = [row for at, row in d.plan if row.kind == "grup:30" and row.match_no == 1]
    clock.now = next(at for at, row in d.plan if row is stale[0])
    await d.fire_due()  # the stale plan: the claim checks the due time and loses
    assert [o.status for o in d.outcomes if o.reminder.id == stale[0].id] == ["skipped"]
    assert not any("10:00 maçları" in text for _, text, _ in sender.sent)

    await d.reload()
    await run_until(d, clock, (KICKOFF + timedelta(minutes=15)).astimezone(UTC))

    assert "⏰ 10:15 maçları (30 dk sonra)\nSaha 1: A1 – A4\nSaha 2: A2 – A3" in sender.to(CHAT)
    assert not any("10:00 maçları" in text for _, text, _ in sender.sent)


async def test_forbidden_in_private_drops_the_reminder_and_forgets_the_chat(db, caplog):
    clock, sender = Clock(MORNING), Sender(refuse={CAPTAIN_A1})
    d = await dispatcher(db, clock, sender)
    clock.now = datetime(2026, 12, 6, 9, 0, tzinfo=IST)  # A1's reminder for 10:00 is due

    with caplog.at_level(logging.WARNING, logger="bot.reminders.dispatcher"):
        await d.fire_due()

    rows = await statuses(db)
    assert rows[(1, CAPTAIN_A1, "kaptan:60")] == "dropped"
    assert (5, CAPTAIN_A1, "kaptan:60") not in rows  # unreachable now: re-derived away
    async with db.unit_of_work(read_only=True) as uow:
        assert await uow.private_chats.reachable([CAPTAIN_A1]) == set()
    assert "refused chat 20" in caplog.text


# RetryAfter's own constructor reads its deprecated int-valued `retry_after` (PTB 22.2+).
@pytest.mark.filterwarnings("ignore:.*retry_after.*:telegram.warnings.PTBDeprecationWarning")
async def test_a_429_is_waited_out_and_sent_once(db):
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    clock, sender = Clock(MORNING), Sender(fail=[RetryAfter(3)])
    d = await dispatcher(db, clock, sender, sleep=sleep)
    clock.now = d.next_send

    await d.fire_due()

    assert waits == [3.0]
    assert len(sender.sent) == 1


def _caused(exc: Exception, cause: Exception) -> Exception:
    exc.__cause__ = cause
    return exc


def refused() -> Exception:
    """What PTB raises when the connection is refused (the Bot API is down)."""
    return _caused(NetworkError("httpx.ConnectError: [Errno 111]"), httpx.ConnectError("111"))


class Outage:
    """A sender that fails with `failure()` until the clock reaches `until`, then sends;
    `sleep` moves the clock (nothing waits)."""

    def __init__(self, clock: Clock, until: datetime, failure=refused) -> None:
        self.clock, self.until, self.failure = clock, until, failure
        self.sender = Sender()
        self.attempts = 0
        self.tried = asyncio.Event()
        self.waits: list[float] = []

    async def __call__(self, chat_id: int, text: str, markup: object) -> object:
        self.attempts += 1
        self.tried.set()
        if self.clock.now < self.until:
            raise self.failure()
        return await self.sender(chat_id, text, markup)

    async def sleep(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.clock.now += timedelta(seconds=seconds)


@pytest.mark.parametrize(
    "failure",
    [
        refused,
        lambda: NetworkError("Bad Gateway"),  # a 5xx from Telegram's front end
        lambda: _caused(TimedOut(), httpx.ConnectTimeout("connect")),  # never connected
    ],
    ids=["connection-refused", "bad-gateway", "connect-timeout"],
)
async def test_a_reminder_due_in_an_outage_is_sent_once_soon_after_it(db, caplog, failure):
    clock = Clock(MORNING)
    outage = Outage(clock, MORNING + timedelta(minutes=50), failure)  # 09:45, before 10:00
    d = await dispatcher(db, clock, outage, sleep=outage.sleep)

    with caplog.at_level(logging.INFO, logger="bot.reminders.dispatcher"):
        await run_until(d, clock, (KICKOFF - timedelta(minutes=5)).astimezone(UTC))
        await d.drain()

    group = [t for t in outage.sender.to(CHAT) if "10:00" in t]
    assert len(group) == 1  # the 09:30 reminder of the 10:00 slot, once
    assert (await statuses(db))[(1, CHAT, "grup:30")] == "sent"
    assert max(outage.waits) <= 5.0  # sent within 5 s of the API's return
    retried = [r for r in caplog.records if "retrying with backoff" in r.getMessage()]
    assert 1 <= len(retried) <= 2 and all(r.exc_info is None for r in retried)  # no storm


async def test_a_stop_during_an_outage_gives_the_row_back_for_the_next_process(db):
    clock = Clock(MORNING)
    outage = Outage(clock, MORNING + timedelta(hours=3))  # refused all along
    d = await dispatcher(db, clock, outage)  # the real asyncio.sleep: close() wakes it
    clock.now = d.next_send
    firing = asyncio.ensure_future(d.fire_due())
    await asyncio.wait_for(outage.tried.wait(), timeout=10)

    await d.close()
    outcomes = await firing

    assert {o.reason for o in outcomes} == {CLOSING}
    assert set((await statuses(db)).values()) == {"pending"}  # none dropped, none sending
    after = Sender()
    await run_until(await dispatcher(db, clock, after), clock, clock.now)
    assert len(after.sent) == len(outcomes)  # the next process sends each once


async def test_a_send_that_may_have_arrived_is_not_repeated(db):
    clock = Clock(MORNING)
    timeout = lambda: _caused(TimedOut(), httpx.ReadTimeout("read"))  # noqa: E731
    outage = Outage(clock, MORNING + timedelta(hours=3), timeout)
    d = await dispatcher(db, clock, outage, sleep=outage.sleep)
    clock.now = d.next_send

    [first, *_] = await d.fire_due()

    assert first.status == "dropped" and first.reason == "telegram: TimedOut"
    assert outage.waits == []


async def test_an_outage_past_kick_off_drops_the_reminder_instead_of_sending_it_late(db):
    clock = Clock(MORNING)
    outage = Outage(clock, KICKOFF.astimezone(UTC) + timedelta(minutes=1))
    d = await dispatcher(db, clock, outage, sleep=outage.sleep)

    await run_until(d, clock, KICKOFF.astimezone(UTC))
    await d.drain()

    assert not [t for t in outage.sender.to(CHAT) if "10:00" in t]
    assert (await statuses(db))[(1, CHAT, "grup:30")] == "dropped"


async def test_a_bad_request_drops_the_row_without_retrying(db):
    clock = Clock(MORNING)
    outage = Outage(clock, MORNING + timedelta(hours=3), lambda: BadRequest("chat not found"))
    d = await dispatcher(db, clock, outage, sleep=outage.sleep)
    clock.now = d.next_send

    [first, *_] = await d.fire_due()

    assert first.status == "dropped" and outage.waits == []


async def test_the_timer_is_armed_for_the_head_of_the_plan(db):
    clock = Clock(MORNING)
    timer = NoTimer()
    d = await dispatcher(db, clock, Sender(), timer=timer)

    assert d.next_send is not None
    assert timer.delay == pytest.approx((d.next_send - MORNING).total_seconds())
    assert d.next_send <= datetime(2026, 12, 6, 9, 0, tzinfo=IST) - MARGIN


async def test_the_application_fires_a_due_reminder_through_its_job_queue(db, tmp_path):
    """The wiring of bot.app.build: post_init starts the leadership tick, the tick plans,
    the JobQueue timer fires, the reminder goes out through PTB; stop releases the lead."""
    request = Canned()
    url = str(db.engine.url)
    settings = Settings(token="1:TEST", db_url=url, rate_limit=False, clock_offset=-2.5)
    due = datetime(2026, 12, 6, 9, 0, tzinfo=IST).astimezone(UTC)  # A1's reminder for 10:00
    began = time.monotonic()
    app = build(
        settings, request=request, clock=lambda: due + timedelta(seconds=time.monotonic() - began)
    )
    wanted = (CAPTAIN_A1, "⏰ A1 maçınız 60 dk sonra: 10:00, Saha 1, rakip A4")
    await app.initialize()
    await app.post_init(app)
    await app.start()
    try:
        await request.said(wanted[1], seconds=20)  # each message wakes it: no polling
    finally:
        await app.stop()
        await app.post_stop(app)
        await app.shutdown()
        await app.post_shutdown(app)

    assert request.of("sendMessage").count(wanted) == 1
    assert (await statuses(db))[(1, CAPTAIN_A1, "kaptan:60")] == "sent"


@pytest.fixture
async def app(db):
    """The bot's Application on the test database, not polling: updates go in by hand."""
    request = Canned()
    settings = Settings(token="1:TEST", db_url=str(db.engine.url), rate_limit=False)
    application = build(settings, request=request, clock=lambda: MORNING)
    await application.initialize()
    await application.post_init(application)
    application.bot_data["request"] = request
    yield application
    await application.shutdown()
    await application.post_shutdown(application)


def private_message(update_id: int, user: int, text: str) -> dict:
    message = {
        "message_id": update_id,
        "date": 0,
        "chat": {"id": user, "type": "private"},
        "from": {"id": user, "is_bot": False, "first_name": f"U{user}"},
        "text": text,
    }
    if text.startswith("/"):
        message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
    return {"update_id": update_id, "message": message}


async def feed(app, data: dict) -> None:
    await app.process_update(Update.de_json(data, app.bot))


async def test_a_private_message_makes_a_captain_reachable_once(app, db, monkeypatch):
    calls = []
    real = reminders.became_reachable

    async def counted(uow, user_id, now):
        calls.append(user_id)
        return await real(uow, user_id, now)

    monkeypatch.setattr(reminders, "became_reachable", counted)

    await feed(app, private_message(1, CAPTAIN_B3, "merhaba"))
    await feed(app, private_message(2, CAPTAIN_B3, "ne zaman oynuyoruz?"))
    await feed(app, private_message(3, CAPTAIN_B3, "/start hatirlatma"))

    assert calls == [CAPTAIN_B3]  # later messages cost no write
    rows = await statuses(db)
    assert {(no, CAPTAIN_B3, "kaptan:60") for no in (4, 7, 12)} <= set(rows)
    assert (1, CHAT, "ulasilamaz") not in rows
    answer = app.bot_data["request"].of("sendMessage")[-1]
    assert answer[0] == CAPTAIN_B3
    assert answer[1].startswith("✅ Tamam, hatırlatmalar buraya gelecek.\n⚽ B3:")


async def test_a_short_headcount_warns_the_organiser_at_once(app, db):
    async with db.unit_of_work() as uow:
        await uow.tournaments.update_settings(1, squad=7)
        match = await uow.matches.get(1, 1)
        await uow.commit()
    press = {
        "update_id": 10,
        "callback_query": {
            "id": "q1",
            "chat_instance": "c",
            "from": {"id": CAPTAIN_A1, "is_bot": False, "first_name": "Mehmet"},
            "data": f"hc:{match.id}:5",
            "message": {
                "message_id": 99,
                "date": 0,
                "chat": {"id": CAPTAIN_A1, "type": "private"},
                "text": "⏰ A1 maçınız 60 dk sonra: 10:00, Saha 1, rakip A4\nKaç kişisiniz?",
            },
        },
    }

    await feed(app, press)

    request = app.bot_data["request"]
    assert [text for _, text in request.of("editMessageText")] == [
        "👍 Teşekkürler! A1, 10:00 maçına 5 kişi olarak not edildi."
    ]
    assert request.of("sendMessage") == [  # the organiser never wrote to the bot: the group
        (CHAT, "⚠️ A1 10:00 maçına 5 kişi geliyor (kadro 7). Maç 1, Saha 1, rakip A4.")
    ]


def test_headcount_buttons_sit_around_the_squad_size():
    markup = headcount_buttons(42, 7)
    assert [b.text for b in markup.inline_keyboard[0]] == ["4", "5", "6", "7", "8"]
    assert markup.inline_keyboard[0][0].callback_data == "hc:42:4"
