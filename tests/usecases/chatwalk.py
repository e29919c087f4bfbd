"""A group chat with the bot's own Application in this process (tests/usecases/inprocess.py),
its clock moved by the test, its reminders fired by a Dispatcher on the same database as
the running bot fires them: what an organiser types goes in as Telegram updates, and every
text, caption and file the bot sends comes back in order, with its buttons.

Used by the issue-23 walks: the "Why" inputs typed as quoted, and a stored season league
played across its weeks with every outgoing word checked."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from inprocess import Canned, handle, message, running_bot

from bot.reminders.dispatcher import Dispatcher
from bot.runtime import services
from storage.uow import Database


@dataclass
class Sent:
    """One thing the bot sent: a message, an edit, a photo's or document's caption, or a
    reminder; `data` the file's bytes, `buttons` the inline labels with their data."""

    chat: int
    kind: str
    text: str
    parse_mode: str | None = None
    name: str = ""
    data: bytes = b""
    buttons: list[tuple[str, str]] = field(default_factory=list)
    message_id: int = 0


class Recording(Canned):
    """Canned answers, keeping each call's text, parse mode, buttons and file."""

    def __init__(self) -> None:
        super().__init__()
        self.log: list[Sent] = []

    async def do_request(self, url: str, method: str, request_data: Any = None, *a, **kw):
        code, body = await super().do_request(url, method, request_data, *a, **kw)
        name = url.rsplit("/", 1)[-1]
        params = request_data.parameters if request_data is not None else {}
        kinds = {"sendMessage": "message", "editMessageText": "edit"}
        kinds |= {"sendPhoto": "photo", "sendDocument": "document"}
        if name in kinds:
            markup = params.get("reply_markup") or {}
            if isinstance(markup, str):
                import json

                markup = json.loads(markup)
            buttons = [
                (b.get("text", ""), b.get("callback_data", ""))
                for row in markup.get("inline_keyboard", [])
                for b in row
            ]
            files = request_data.multipart_data if request_data is not None else {}
            upload = next(iter(files.values()), None)
            data = b""
            if upload is not None:
                content = upload[1]
                data = content if isinstance(content, bytes) else content.read()
            self.log.append(
                Sent(
                    chat=int(params.get("chat_id", 0)),
                    kind=kinds[name],
                    text=str(params.get("text") or params.get("caption") or ""),
                    parse_mode=params.get("parse_mode"),
                    name=upload[0] if upload is not None else "",
                    data=data,
                    buttons=buttons,
                    message_id=len(self.sent),
                )
            )
        return code, body


class Walk:
    def __init__(self, app: Any, db: Database, chat: int, now: datetime) -> None:
        self.app, self.db, self.chat = app, db, chat
        self.now = now.astimezone(UTC)
        self.request: Recording = app.bot_data["request"]
        self.reminded: list[Sent] = []
        self._ids = itertools.count(50_000)
        services.of(app).clock = lambda: self.now
        services.of(app).rations.clock = lambda: self.now.timestamp()  # files: on this clock
        self.dispatcher = Dispatcher(db, lambda: self.now, self._remind, bot_username="bot")

    async def _remind(self, chat_id: int, text: str, markup: object) -> object:
        sent = Sent(chat=chat_id, kind="reminder", text=text)
        self.reminded.append(sent)
        self.request.log.append(sent)
        return True

    @property
    def log(self) -> list[Sent]:
        return self.request.log

    async def send(self, user: int, text: str, chat: int | None = None) -> list[Sent]:
        """`text` from `user` in the group (or `chat`); what the bot sent in answer."""
        before = len(self.log)
        await handle(self.app, message(next(self._ids), chat or self.chat, user, text))
        return self.log[before:]

    async def say(self, user: int, text: str, chat: int | None = None) -> str:
        """The answer's texts, joined (the one-line form of `send`)."""
        return "\n".join(s.text for s in await self.send(user, text, chat))

    async def typed(self, user: int, *texts: str) -> str:
        """Each text typed in turn by `user`, a minute apart (a set-up's steps); the last
        answer."""
        said = ""
        for text in texts:
            self.now += timedelta(minutes=1)
            said = await self.say(user, text)
        return said

    async def press(self, user: int, label: str) -> list[Sent]:
        """The newest button labelled `label` (or containing it), pressed by `user`."""
        for sent in reversed(self.log):
            found = [d for t, d in sent.buttons if t == label] or [
                d for t, d in sent.buttons if label in t
            ]
            if found:
                break
        else:
            raise AssertionError(f"no button {label!r}")
        before = len(self.log)
        update = {
            "update_id": next(self._ids),
            "callback_query": {
                "id": f"q{len(self.log)}",
                "chat_instance": "c",
                "from": {"id": user, "is_bot": False, "first_name": f"U{user}"},
                "data": found[0],
                "message": {
                    "message_id": sent.message_id,
                    "date": 0,
                    "chat": {"id": sent.chat, "type": "supergroup", "title": "Lig"},
                    "text": sent.text,
                },
            },
        }
        await handle(self.app, update)
        return self.log[before:]

    async def until(self, moment: datetime) -> list[Sent]:
        """The clock moved to `moment`, every reminder due by then fired in order."""
        before = len(self.log)
        end = moment.astimezone(UTC)
        await self.dispatcher.tick()
        await self.dispatcher.reload(changed=True)
        while self.dispatcher.next_send is not None and self.dispatcher.next_send <= end:
            self.now = max(self.now, self.dispatcher.next_send)
            await self.dispatcher.fire_due()
        self.now = max(self.now, end)
        return self.log[before:]


@asynccontextmanager
async def walking(path, chat: int, now: datetime) -> AsyncIterator[Walk]:
    """The bot on a fresh SQLite file at `path`, its clock at `now`."""
    url = f"sqlite+aiosqlite:///{path}"
    import inprocess

    original = inprocess.Canned
    inprocess.Canned = Recording  # running_bot makes the network it is given by name
    try:
        async with running_bot(url, now) as app:
            db = Database.from_url(url)
            walk = Walk(app, db, chat, now)
            try:
                yield walk
            finally:
                await walk.dispatcher.leadership.release()
                await db.dispose()
    finally:
        inprocess.Canned = original
