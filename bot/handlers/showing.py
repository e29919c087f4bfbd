"""Telegram's own "sending a photo…", "sending a file…" or "typing…" while slow work runs.

People expect a bot that takes a moment to show that it is at work, as Telegram shows it
for a person; without it the chat showed nothing for the 1.6 s of a first /fikstur picture
or the seconds of a plan. So a render (a picture, a PDF) or a plan sends one sendChatAction
as it starts: Telegram shows it for 5 s or until the bot's next message, so a quick render
shows it a blink, a slow one as long as it takes. Only work of that kind: a picture sent
again from the last render, a calendar or a CSV (plain text, milliseconds) show nothing.
Once, not every 5 s: work past that is rare and bounded by its budget (bot.runtime.offload),
and each action is a call to Telegram (one the group's 20 messages a minute do not count,
bot.runtime.chats). The action is sent beside the work, so it delays nothing; the reply
waits at most SAID s for the action's call still in flight, so the action never arrives
after the reply it announces.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable
from typing import TypeVar

from telegram import Bot
from telegram.constants import ChatAction
from telegram.error import TelegramError

SAID = 1.0  # seconds the reply waits for the action's call still in flight

T = TypeVar("T")

PHOTO, DOCUMENT, TYPING = ChatAction.UPLOAD_PHOTO, ChatAction.UPLOAD_DOCUMENT, ChatAction.TYPING


async def showing(bot: Bot, chat_id: int, action: str | None, work: Awaitable[T]) -> T:
    """`await work`, the chat shown `action` (once) while it runs; None: nothing shown."""
    if action is None:
        return await work
    told = asyncio.ensure_future(_tell(bot, chat_id, action))
    try:
        return await work
    finally:
        await asyncio.wait({told}, timeout=SAID)
        told.cancel()


async def _tell(bot: Bot, chat_id: int, action: str) -> None:
    with contextlib.suppress(TelegramError):  # a courtesy: never an apology
        await bot.send_chat_action(chat_id, action)
