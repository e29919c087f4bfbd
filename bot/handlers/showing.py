"""Telegram's own "sending a photo…", "sending a file…" or "typing…" while slow work runs.

People expect a bot that takes a moment to show that it is at work, as Telegram shows it
for a person; without it the chat shows nothing for the 1.6 s of a first /fikstur picture
or the seconds of a plan. Work not done within MOMENT seconds sends one sendChatAction
(Telegram shows it for 5 s or until the bot's next message); quicker work (a picture sent
again, a small calendar) sends none, so a chat action is never the only sign of a quick
answer. Once, not every 5 s: work past that is rare and bounded by its budget
(bot.runtime.offload), and each action is a call to Telegram (one the group's 20 messages
a minute do not count, bot.runtime.chats). The action is sent beside the work, never
before it; the reply waits at most SAID s for a call already in flight, so the action
does not arrive after the reply it announces.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable
from typing import TypeVar

from telegram import Bot
from telegram.constants import ChatAction
from telegram.error import TelegramError

MOMENT = 0.3  # seconds of work before the chat is shown the bot is at it
SAID = 1.0  # seconds the reply waits for the action's call still in flight

T = TypeVar("T")

PHOTO, DOCUMENT, TYPING = ChatAction.UPLOAD_PHOTO, ChatAction.UPLOAD_DOCUMENT, ChatAction.TYPING


async def showing(bot: Bot, chat_id: int, action: str, work: Awaitable[T]) -> T:
    """`await work`, the chat shown `action` once if it takes more than MOMENT seconds."""
    job = asyncio.ensure_future(work)
    told: asyncio.Future[None] | None = None
    try:
        with contextlib.suppress(TimeoutError):
            return await asyncio.wait_for(asyncio.shield(job), MOMENT)
        told = asyncio.ensure_future(_tell(bot, chat_id, action))
        return await job
    finally:
        if not job.done():  # the handler was cancelled: so is its work
            job.cancel()
        if told is not None:
            await asyncio.wait({told}, timeout=SAID)
            told.cancel()


async def _tell(bot: Bot, chat_id: int, action: str) -> None:
    with contextlib.suppress(TelegramError):  # a courtesy: never an apology
        await bot.send_chat_action(chat_id, action)
