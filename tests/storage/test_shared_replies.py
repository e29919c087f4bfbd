"""Stored replies across processes (issue 24, items 2 and 3): two of the bot's own
Applications in webhook mode on one PostgreSQL database, in one event loop, each with its
network canned (bot/runtime/shared.py leases the chat to one of them). A result committed
in process A whose reply never went out (A killed after the commit; A's send met a 502 and
A was killed before trying again) is answered exactly once, by B; a reply A tries again
while alive is sent by A alone."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import text
from telegram import Update
from telegram.ext import Application
from telegram.request import BaseRequest

from bot.app import INTAKE, build
from bot.runtime import replies
from bot.runtime.intake import Intake
from bot.runtime.settings import Settings
from bot.usecases import drafts, result_messages, setup
from bot.usecases.runner import Actor, run
from storage.uow import Database

IST = ZoneInfo("Europe/Istanbul")
NOW = datetime(2026, 12, 6, 6, 30, tzinfo=UTC)
CHAT, ORGANISER = -1001, 10
LINE = "A1 3-1 A4"
GROUPS = (("A1", "A2", "A3", "A4"), ("B1", "B2", "B3", "B4"))
SPEC = drafts.Spec(
    name="Bahar Kupası",
    teams=GROUPS[0] + GROUPS[1],
    kickoff=datetime(2026, 12, 6, 10, 0, tzinfo=IST),
    groups=2,
    pitches=("Saha 1", "Saha 2"),
    match_minutes=26,
    changeover=4,
    group_lists=GROUPS,
)


class Canned(BaseRequest):
    """Answers every Bot API call at once (a 502 while `failing`); keeps the texts sent."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.failing = 0  # sendMessage calls still to answer 502 Bad Gateway
        self.changed = asyncio.Event()

    @property
    def read_timeout(self) -> float | None:
        return None

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass

    async def do_request(self, url: str, method: str, request_data: Any = None, *_: Any, **__: Any):
        name = url.rsplit("/", 1)[-1]
        params = request_data.parameters if request_data is not None else {}
        result: Any = True
        if name == "sendMessage" and self.failing:
            self.failing -= 1
            self.changed.set()
            return 502, b"<html><body><h1>502 Bad Gateway</h1></body></html>"
        if name == "getMe":
            result = {"id": 1, "is_bot": True, "first_name": "Bot", "username": "turnuva_bot"}
        elif name in ("sendMessage", "editMessageText"):
            self.sent.append(str(params.get("text", "")))
            self.changed.set()
            result = {
                "message_id": len(self.sent),
                "date": 0,
                "chat": {"id": int(params["chat_id"]), "type": "supergroup"},
                "text": params.get("text", ""),
            }
        elif name == "getChatMember":
            user = {"id": int(params["user_id"]), "is_bot": False, "first_name": "U"}
            result = {"status": "member", "user": user}
        return 200, json.dumps({"ok": True, "result": result}).encode()

    def saved(self) -> int:
        return sum("Kaydedildi" in t for t in self.sent)


class Process:
    """One bot process: its Application started in webhook mode, taking chats."""

    def __init__(self, url: str) -> None:
        self.request = Canned()
        settings = Settings(
            token="1:TEST", db_url=url, rate_limit=False, webhook_url="https://x.test/hook"
        )
        self.app: Application = build(settings, request=self.request, clock=lambda: NOW)  # type: ignore[type-arg]
        self.stopped = False

    @property
    def intake(self) -> Intake:
        return self.app.bot_data[INTAKE]

    async def start(self) -> None:
        await self.app.initialize()
        await self.app.post_init(self.app)  # type: ignore[misc]
        await self.app.start()
        await self.intake.replay(self.app.bot, self.app.update_queue)
        assert self.intake.shared is not None  # chats are leased

    async def kill(self) -> None:
        """As a SIGKILL: its pump stops at once, its leases expire; nothing more is sent
        (the Application is then stopped so the test's loop holds nothing of it)."""
        pump = self.intake.shared
        assert pump is not None
        await pump.leases.lost()  # no lease given back: they expire
        tasks = [*pump._workers.values(), pump._loop, pump._beat]
        for task in tasks:
            if task is not None:
                task.cancel()
        await asyncio.gather(*(t for t in tasks if t is not None), return_exceptions=True)
        self.intake.shared = None
        await pump.leases.close()
        self.request.failing = 10**6  # a dead process sends nothing
        await self.stop()

    async def stop(self) -> None:
        if self.stopped:
            return
        self.stopped = True
        self.intake.stop_taking()
        await self.app.stop()
        await self.app.post_stop(self.app)  # type: ignore[misc]
        await self.app.shutdown()
        await self.app.post_shutdown(self.app)  # type: ignore[misc]


def line(update_id: int, typed: str = LINE) -> Update:
    message = {
        "message_id": update_id,
        "date": int(NOW.timestamp()),
        "chat": {"id": CHAT, "type": "supergroup", "title": "Kupa"},
        "from": {"id": ORGANISER, "is_bot": False, "first_name": "Ayşe"},
        "text": typed,
    }
    return Update.de_json({"update_id": update_id, "message": message}, None)


async def count(db: Database, sql: str) -> int:
    async with db.unit_of_work(read_only=True) as uow:
        return int(await uow.session.scalar(text(sql)) or 0)


async def until(db: Database, sql: str, want: int) -> None:
    async with asyncio.timeout(15):
        while await count(db, sql) != want:  # noqa: ASYNC110 - rows another process writes
            await asyncio.sleep(0.05)


async def until_sent(request: Canned, done: Callable[[Canned], object]) -> None:
    async with asyncio.timeout(15):
        while not done(request):
            request.changed.clear()
            await request.changed.wait()


async def until_saved(process: Process) -> None:
    await until_sent(process.request, Canned.saved)


UNSENT = "SELECT count(*) FROM stored_replies"
DONE = "SELECT count(done_at) FROM inbox"


@pytest.fixture
async def db(pg_db: Database):
    async with pg_db.unit_of_work() as uow:
        await setup.create(uow, SPEC, chat_id=CHAT, user_id=ORGANISER, now=NOW)
        await uow.commit()
    return pg_db


@pytest.fixture
async def processes(db: Database):
    url = db.engine.url.render_as_string(hide_password=False)
    started: list[Process] = []

    async def start() -> Process:
        process = Process(url)
        started.append(process)
        await process.start()
        return process

    yield start
    for process in started:
        await process.stop()


async def test_a_result_committed_before_a_kill_is_answered_once_by_the_next_holder(db, processes):
    """A took the update (attempts 1) and committed its result, then died before the
    reply and the done mark: B begins it again and answers from the stored outcome."""
    payload = line(1).to_dict()
    async with db.unit_of_work() as uow:
        await uow.inbox.add([(1, CHAT, payload)], NOW)
        assert (await uow.inbox.take(CHAT, "a:1")) is not None
        await uow.commit()
    who = Actor(ORGANISER, CHAT, NOW, update_id=1)
    await run(db, result_messages.record, result_messages.Message(LINE), who)

    b = await processes()
    await until_saved(b)
    await until(db, DONE, 1)
    await until(db, UNSENT, 0)
    assert b.request.saved() == 1 and "3-1" in b.request.sent[-1]
    assert await count(db, "SELECT count(*) FROM results") == 1


async def test_a_reply_tried_again_by_its_live_process_is_sent_by_it_alone(
    db, processes, monkeypatch
):
    """The holder keeps the chat while a reply is owed: the other process's looks (every
    SWEEP s, during the 2 s before the retry) do not take it. B starts once A's send met
    its 502, so A holds the chat: which process takes a chat both could is a race (B's
    look may come before A's), not what this test is about."""
    monkeypatch.setattr(replies, "RETRY", (2.0,))
    a = await processes()
    a.request.failing = 1
    await a.intake.receive(line(1), a.app.update_queue)
    await until_sent(a.request, lambda request: not request.failing)
    assert a.intake.shared is not None and CHAT in a.intake.shared.leases.held
    b = await processes()
    await until_saved(a)
    await until(db, UNSENT, 0)
    assert (a.request.saved(), b.request.saved()) == (1, 0)
    assert b.intake.shared is not None and b.intake.shared.handled == 0


async def test_an_update_answered_before_its_process_died_is_not_answered_again(
    db, processes, monkeypatch
):
    """A sent the reply and died before the update's other handlers ended (a delay's
    notices, a result's follow-ups): it was marked done with the reply, so B, taking the
    chat, answers only what came after."""
    a = await processes()
    pump = a.intake.shared
    assert pump is not None
    handlers_end = asyncio.Event()

    async def never_ending(update_id: int, verdict: object = None) -> bool:
        await handlers_end.wait()  # the rest of the handlers, cut short by the kill
        return True

    monkeypatch.setattr(pump, "finished", never_ending)
    await a.intake.receive(line(1), a.app.update_queue)
    await until_saved(a)
    await until(db, DONE, 1)  # done with its reply, before its handlers ended
    assert await count(db, UNSENT) == 0
    handlers_end.set()
    await a.kill()

    b = await processes()
    await b.intake.receive(line(2, "A1 kaçta?"), b.app.update_queue)
    async with asyncio.timeout(15):
        while not b.request.sent:
            b.request.changed.clear()
            await b.request.changed.wait()
    await until(db, DONE, 2)
    assert b.request.saved() == 0, b.request.sent  # update 1 was not answered again
    assert b.request.sent[0].startswith("⚽ A1"), b.request.sent
