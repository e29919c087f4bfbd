"""Several bot processes on one PostgreSQL database behind one webhook URL (docs/deploy.md),
without containers: the end-to-end tests' and bench/scale_bench.py's topology.

`fresh_database()` creates an empty PostgreSQL database (127.0.0.1:5432, trust) and drops
it afterwards; `WebhookBot` is a webhook-mode `turnuva bot` with the shared secret;
`Proxy` is what nginx's upstream does for them: each POST to the next process in turn, and
to the one after it when a process does not answer (it died). `seed` stores one 8-team
league per chat through the use cases; `script` is a chat's traffic in blocks of five
(two result lines, /geri_al, a question, /gecikme) whose every answer is known in advance,
so `check_chat` can tell an answer out of order, missing or doubled.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import secrets
import subprocess
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from unittest import mock
from zoneinfo import ZoneInfo

import asyncpg
import httpx
import pytest
from client import ORGANISER, BotMessage, Chat, Emulator
from processes import BotProcess
from sqlalchemy import text

from bot.usecases import drafts, reminders, setup
from storage import migrate
from storage.uow import Database

PG_HOST = os.environ.get("PGHOST", "127.0.0.1")
PG_PORT = int(os.environ.get("PGPORT", "5432"))
PG_USER = os.environ.get("PGUSER", "postgres")
SECRET = "e2e-shared-0123456789"
HEADER = "X-Telegram-Bot-Api-Secret-Token"
IST = ZoneInfo("Europe/Istanbul")
TEAMS = (
    "Aslanlar",
    "Boğalar",
    "Ceylanlar",
    "Doğanlar",
    "Engerekler",
    "Filler",
    "Geyikler",
    "Kartallar",
)


async def _admin(sql: str) -> None:
    conn = await asyncpg.connect(
        host=PG_HOST, port=PG_PORT, user=PG_USER, database="test", timeout=5
    )
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


@contextlib.contextmanager
def fresh_database() -> Iterator[str]:
    """An empty database of its own (skipped, or failed under CI=true, without PostgreSQL)."""
    try:
        asyncio.run(_admin("SELECT 1"))
    except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
        reason = f"PostgreSQL at {PG_HOST}:{PG_PORT} unreachable: {exc!r}"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true: {reason}")
        pytest.skip(reason)
    name = f"turnuva_shared_{secrets.token_hex(4)}"
    asyncio.run(_admin(f'CREATE DATABASE "{name}"'))
    try:
        yield f"postgresql+asyncpg://{PG_USER}@{PG_HOST}:{PG_PORT}/{name}"
    finally:
        asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def sql(url: str, statement: str, **params: Any) -> list[Any]:
    """Run one statement on the cluster's database (committed); its rows."""

    async def run() -> list[Any]:
        db = Database.from_url(url)
        try:
            async with db.unit_of_work() as uow:
                done = await uow.session.execute(text(statement), params)
                rows = list(done.all()) if done.returns_rows else []
                await uow.commit()
                return rows
        finally:
            await db.dispose()

    return asyncio.run(run())


class WebhookBot(BotProcess):
    """A webhook-mode bot on its own port, with the secret every process shares."""

    def __init__(self, api_url: str, db_url: str, log: Any, port: int) -> None:
        super().__init__(api_url, db_url, log, webhook_port=port)

    def launch(self) -> dict[str, Any]:
        real = subprocess.Popen

        def popen(command: list[str], **kwargs: Any) -> subprocess.Popen[bytes]:
            return real([*command, "--webhook-secret", SECRET], **kwargs)

        with mock.patch.object(subprocess, "Popen", popen):
            return super().launch()

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None


class Proxy:
    """Round robin over the processes, skipping one that refuses the connection."""

    def __init__(self, bots: Sequence[WebhookBot]) -> None:
        self.bots = list(bots)
        self.http = httpx.Client(timeout=30)
        self._turn = itertools.count()

    def post(self, update: dict[str, Any]) -> int:
        """POST `update` until a process answers 200; the index of that process."""
        first = next(self._turn)
        for step in range(len(self.bots)):
            index = (first + step) % len(self.bots)
            url = self.bots[index].webhook_url
            assert url is not None
            with contextlib.suppress(httpx.TransportError):
                answer = self.http.post(url, json=update, headers={HEADER: SECRET})
                assert answer.status_code == 200, (answer.status_code, answer.text)
                return index
        raise AssertionError("no process accepted the update")

    def close(self) -> None:
        self.http.close()


def compose(tg: Emulator, chat: Chat, text: str) -> dict[str, Any]:
    """ORGANISER types `text` in `chat` on the emulator; the update Telegram would POST."""
    body: dict[str, Any] = {"from": ORGANISER.as_json(), "chat": chat.as_json(), "text": text}
    if text.startswith("/"):
        command = text.split(maxsplit=1)[0]
        body["entities"] = [{"type": "bot_command", "offset": 0, "length": len(command)}]
    sent = tg.http.post("/test/message", json=body).json()
    return {"update_id": sent["update_id"], "message": sent["message"]}


async def _seed(url: str, chats: Sequence[Chat], kickoff: datetime, now: datetime) -> None:
    await migrate.upgrade_async(url)  # nothing to do once a bot has started
    db = Database.from_url(url)
    try:
        async with db.unit_of_work() as uow:
            for chat in chats:
                spec = drafts.Spec(
                    name=chat.title or "Lig",
                    teams=TEAMS,
                    kickoff=kickoff,
                    format="league",
                    pitches=("Saha 1", "Saha 2"),
                )
                await setup.create(uow, spec, chat_id=chat.id, user_id=ORGANISER.id, now=now)
            await uow.commit()
    finally:
        await db.dispose()


def seed(url: str, chats: Sequence[Chat], now: datetime) -> None:
    """An 8-team league in each chat, two days ahead (no reminder falls due meanwhile)."""
    day = (now + timedelta(days=2)).astimezone(IST)
    asyncio.run(_seed(url, chats, day.replace(hour=10, minute=0, second=0, microsecond=0), now))


REMINDER_LEAD = 10  # minutes


async def _seed_reminders(url: str, chats: Sequence[Chat], due: datetime, now: datetime) -> None:
    db = Database.from_url(url)
    kickoff = (due + timedelta(minutes=REMINDER_LEAD)).astimezone(IST)
    try:
        async with db.unit_of_work() as uow:
            for chat in chats:
                spec = drafts.Spec(name="Gece", teams=("Kartallar", "Şahinler"), kickoff=kickoff)
                made = await setup.create(uow, spec, chat_id=chat.id, user_id=ORGANISER.id, now=now)
                await uow.tournaments.update_settings(
                    made.tournament_id, group_leads=(REMINDER_LEAD,), captain_leads=()
                )
                await reminders.sync(uow, made.tournament_id, now)
            await uow.commit()
    finally:
        await db.dispose()


def seed_reminders(url: str, chats: Sequence[Chat], due: datetime, now: datetime) -> None:
    """A two-team tournament in each chat whose group reminder falls due at `due`."""
    asyncio.run(_seed_reminders(url, chats, due, now))


@dataclass
class Line:
    """One update of a chat's traffic and the first line of the answer it must get."""

    text: str
    answer: Callable[[str], bool]
    update_id: int | None = None


@dataclass
class ChatScript:
    chat: Chat
    lines: list[Line] = field(default_factory=list)


def script(chat: Chat, blocks: int) -> ChatScript:
    """`blocks` times: two result lines of new pairs, /geri_al (takes back the second),
    a question about a team, /gecikme by a new number of minutes."""
    pairs = itertools.combinations(TEAMS, 2)
    lines = []
    for n in range(blocks):
        (h1, a1), (h2, a2) = next(pairs), next(pairs)
        asked = TEAMS[n % len(TEAMS)]
        lines += [
            Line(f"{h1} 2-1 {a1}", starts(*_either("✅ Kaydedildi", h1, 2, 1, a1))),
            Line(f"{h2} 0-3 {a2}", starts(*_either("✅ Kaydedildi", h2, 0, 3, a2))),
            Line("/geri_al", starts(*_either("↩️ Geri alındı", h2, 0, 3, a2))),
            Line(f"{asked} kaçta?", starts(f"⚽ {asked}")),
            Line(f"/gecikme {n + 1}", starts(f"⏱ {n + 1} dk gecikme")),
        ]
    return ChatScript(chat, lines)


def _either(head: str, home: str, goals: int, against: int, away: str) -> tuple[str, str]:
    """The answer names the match as planned: the typed sides, or the other way round."""
    return (
        f"{head}: {home} {goals}-{against} {away} (",
        f"{head}: {away} {against}-{goals} {home} (",
    )


def starts(*prefixes: str) -> Callable[[str], bool]:
    def matches(text: str) -> bool:
        return text.startswith(prefixes)

    matches.__doc__ = " or ".join(prefixes)
    return matches


def _repeats(m: BotMessage, before: BotMessage) -> bool:
    """The same answer again, to the same message."""
    return m.text == before.text and _replied_to(m) == _replied_to(before)


def _replied_to(m: BotMessage) -> int | None:
    return ((m.event.get("message") or {}).get("reply_to_message") or {}).get("message_id")


ANSWERS = ("✅ Kaydedildi", "↩️ Geri alındı", "⚽ ", "⏱ ")  # the direct answers' beginnings


def is_answer(m: BotMessage) -> bool:
    """A direct answer (not a live-message edit, a table, a reminder)."""
    return m.kind == "message" and m.text.startswith(ANSWERS)


def answers(tg: Emulator, chat: Chat, since: int = 0) -> list[BotMessage]:
    return [m for m in tg.events(chat, since) if is_answer(m)]


def wait_answers(tg: Emulator, scripts: Sequence[ChatScript], timeout: float) -> None:
    """Until every chat has as many answers as lines, or `timeout` (then check says what
    is missing)."""
    deadline = time.monotonic() + timeout
    for s in scripts:
        remaining = max(0.1, deadline - time.monotonic())
        with contextlib.suppress(AssertionError):
            tg.wait_for_many(s.chat, is_answer, len(s.lines), remaining, since=0)


def check_chat(
    tg: Emulator,
    s: ChatScript,
    begun_again: Collection[int] = (),
    repeated: list[str] | None = None,
) -> list[str]:
    """What is wrong with the chat's answers: one per line, in update-id order.

    `begun_again`: updates a killed process had in hand, begun again by the next holder.
    The reply of such an update may arrive twice, the same text in reply to the same
    message, when the kill fell between Telegram taking it and the done mark (a few
    milliseconds: Telegram cannot be asked whether a message arrived,
    bot/runtime/replies.py). That repeat is left out and named in `repeated`; any other
    extra answer is wrong."""
    got: list[str] = []
    last: BotMessage | None = None
    for m in answers(tg, s.chat):
        if last is not None and got and _repeats(m, last):
            update_id = s.lines[len(got) - 1].update_id if len(got) <= len(s.lines) else None
            if update_id in begun_again:
                if repeated is not None:
                    repeated.append(
                        f"{s.chat.title}: update {update_id} {m.text.splitlines()[0]!r}"
                    )
                continue
        got.append(m.text.splitlines()[0])
        last = m
    wrong = [
        f"update {line.update_id} {line.text!r}: got {text!r}, wanted {line.answer.__doc__!r}"
        for line, text in zip(s.lines, got, strict=False)
        if not line.answer(text)
    ]
    if len(got) != len(s.lines):
        wrong.append(f"{len(got)} answers to {len(s.lines)} updates")
    return wrong
