"""/start and /yardim: what the bot does, and in a group what it needs there."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from bot.handlers import reminders
from bot.texts import bot as texts


async def help_(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message = update.effective_message
    if message is None:
        return
    if await reminders.deep_link(update, context):  # /start hatirlatma (the organiser's link)
        return
    text = texts.HELP
    if update.effective_chat and update.effective_chat.type != ChatType.PRIVATE:
        text += "\n\n" + texts.GROUP_NEEDS
    await message.reply_text(text)
