"""/start and /yardim: a short welcome with the next step, and the commands by role."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from bot.handlers import reminders
from bot.texts import welcome


def _command(update: Update) -> str:
    """The command word of the message, without the slash and the bot's @name."""
    message = update.effective_message
    text = (message.text or "") if message is not None else ""
    return text.split(maxsplit=1)[0].lstrip("/").split("@", 1)[0].lower() if text else ""


async def help_(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/start (the welcome) and /yardim, /help (the commands): one handler in bot/app.py."""
    message, chat_ = update.effective_message, update.effective_chat
    if message is None:
        return
    group = chat_ is not None and chat_.type != ChatType.PRIVATE
    if _command(update) == "start":
        if await reminders.deep_link(update, context):  # /start hatirlatma (the link)
            return
        text = welcome.WELCOME_GROUP if group else welcome.WELCOME_PRIVATE
        if group:
            text += "\n\n" + welcome.GROUP_NEEDS
        await message.reply_text(text)
        return
    text = welcome.HELP
    if group:
        text += "\n\n" + welcome.GROUP_NEEDS
    await message.reply_text(text)
