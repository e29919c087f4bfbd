"""The bot's own Application (bot.app.build) in this process, its network replaced by canned
answers (bench/canned.py; tests/storage/test_statement_counts.py and
tests/usecases/test_reminder_dispatch.py use the same): updates go in through the update
processor (PerChat) as the polling bot hands them over, so every handler runs, the error
handler and the reply bookkeeping after them included. `Canned.fail` makes the next Bot
API calls of a method answer 502 Bad Gateway, as Telegram's front end does."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from telegram import Update
from telegram.ext import Application

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import canned  # bench/canned.py: the request object that answers in-process

from bot.app import build
from bot.runtime import services
from bot.runtime.settings import Settings


class Canned(canned.CannedRequest):
    """Answers every Bot API call at once; keeps the texts the bot sent, by chat, and each
    one's method."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, str]] = []  # (chat id, text) of sendMessage / edits / files
        self.methods: list[str] = []  # the method of each of `sent`
        self.failing: dict[str, int] = {}  # method -> how many more calls answer 502
        self._changed = asyncio.Event()

    async def said(self, text: str, seconds: float = 10) -> None:
        """Until a text sent so far contains `text` (a test's way to wait for the bot)."""
        async with asyncio.timeout(seconds):
            while not any(text in t for _, t in self.sent):
                self._changed.clear()
                await self._changed.wait()

    def fail(self, method: str, times: int = 1) -> None:
        self.failing[method] = self.failing.get(method, 0) + times

    def texts(self, chat_id: int | None = None) -> list[str]:
        return [text for chat, text in self.sent if chat_id is None or chat == chat_id]

    def of(self, method: str) -> list[tuple[int, str]]:
        """(chat id, text) of each call of `method` ("sendMessage", "editMessageText", ...)."""
        return [sent for sent, m in zip(self.sent, self.methods, strict=True) if m == method]

    def _keep(self, method: str, chat: int, text: str) -> int:
        self.sent.append((chat, text))
        self.methods.append(method)
        self._changed.set()
        return len(self.sent)

    def answer(self, name: str, params: dict[str, Any]) -> tuple[int, bytes]:
        if self.failing.get(name):
            self.failing[name] -= 1
            return 502, b"<html><body><h1>502 Bad Gateway</h1></body></html>"
        result: Any = True
        if name == "getMe":
            result = {"id": 1, "is_bot": True, "first_name": "Bot", "username": "turnuva_bot"}
        elif name in ("sendMessage", "editMessageText"):
            chat = int(params.get("chat_id", 0))
            result = {
                "message_id": self._keep(name, chat, str(params.get("text", ""))),
                "date": 0,
                "chat": {"id": chat, "type": "supergroup" if chat < 0 else "private"},
                "text": params.get("text", ""),
            }
        elif name in ("sendPhoto", "sendDocument"):
            chat = int(params.get("chat_id", 0))
            text = str(params.get("caption", "") or f"<{name}>")
            result = {
                "message_id": self._keep(name, chat, text),
                "date": 0,
                "chat": {"id": chat, "type": "group"},
            }
        elif name == "getChatMember":
            user = {"id": int(params["user_id"]), "is_bot": False, "first_name": "U"}
            result = {"status": "member", "user": user}
        return canned.ok(result)


@asynccontextmanager
async def running_bot(db_url: str, now: datetime) -> AsyncIterator[Application]:  # type: ignore[type-arg]
    """The initialised bot on `db_url` (migrated by its post_init), its clock at `now`;
    `app.bot_data["request"]` is its Canned network."""
    request = Canned()
    settings = Settings(token="1:TEST", db_url=db_url, rate_limit=False)
    app = build(settings, request=request, clock=lambda: now)  # the intake's clock too
    await app.initialize()
    await app.post_init(app)  # type: ignore[misc]
    services.of(app).clock = lambda: now
    app.bot_data["request"] = request
    try:
        yield app
    finally:
        await app.post_stop(app)  # type: ignore[misc]
        await app.shutdown()
        await app.post_shutdown(app)  # type: ignore[misc]


async def handle(app: Application, update: Update | dict[str, Any]) -> None:  # type: ignore[type-arg]
    """One update through PerChat and every handler, as the running bot handles it."""
    if isinstance(update, dict):
        update = Update.de_json(update, app.bot)
    await app.update_processor.process_update(update, app.process_update(update))


def message(update_id: int, chat_id: int, user: int, text: str) -> dict[str, Any]:
    """A group (negative `chat_id`) or private message as Telegram sends it."""
    chat = {"id": chat_id, "type": "supergroup", "title": "Kupa"} if chat_id < 0 else None
    data: dict[str, Any] = {
        "message_id": update_id,
        "date": 0,
        "chat": chat or {"id": chat_id, "type": "private", "first_name": f"U{user}"},
        "from": {"id": user, "is_bot": False, "first_name": f"U{user}"},
        "text": text,
    }
    if text.startswith("/"):
        data["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
    return {"update_id": update_id, "message": data}
