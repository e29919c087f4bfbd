"""Carrying out what a committed use case calls for: reminders, the live message, messages.

One helper for every handler, so no handler coordinates reminders or the live message on
its own (a forgotten reload once left /kura's filled semi-finals without reminders).
"""

from __future__ import annotations

import logging

from telegram import InlineKeyboardButton, InlineKeyboardMarkup
from telegram.error import Forbidden, TelegramError
from telegram.ext import ContextTypes

from bot.handlers import live
from bot.handlers.common import run, the_bot
from bot.runtime import services
from bot.usecases import reminders
from bot.usecases.runner import Effects, Outgoing


def keyboard(rows: tuple[tuple[tuple[str, str], ...], ...]) -> InlineKeyboardMarkup | None:
    if not rows:
        return None
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(label, callback_data=data) for label, data in row] for row in rows]
    )


log = logging.getLogger(__name__)


async def apply(context: ContextTypes.DEFAULT_TYPE, effects: Effects) -> None:
    """Reminders and the live message first (they are committed already), then the
    messages; a person who blocked the bot is forgotten, with their reminder rows."""
    if effects.reminders:
        services.of(context.application).reminders_changed()
    drawn = {snap.tournament.chat_id: snap for snap in effects.drawn}
    for chat_id in effects.live:
        live.touch(context, chat_id, drawn.get(chat_id))
    blocked = [m.chat_id for m in effects.messages if not await _send(context, m)]
    if blocked:
        gone = reminders.Unreachable(tuple(blocked))
        forgot = await run(context, reminders.unreachable, gone, the_bot(context))
        await apply(context, forgot.effects)  # their rows went: the sender reloads


async def _send(context: ContextTypes.DEFAULT_TYPE, message: Outgoing) -> bool:
    """False only when Telegram says this private chat is closed to the bot."""
    try:
        await context.bot.send_message(
            message.chat_id, message.text, reply_markup=keyboard(message.buttons)
        )
    except Forbidden:
        if message.private:
            log.info("user %s blocked the bot; no private message", message.chat_id)
            return False
        log.warning("chat %s refused a message", message.chat_id)
    except TelegramError as exc:
        log.warning("message to %s not sent: %s", message.chat_id, exc)
    return True
