"""/start and /yardim: a short welcome with the next step, and the commands by role; a
command the bot does not have.

An unknown command is answered ("Böyle bir komut yok … Tüm komutlar: /yardim", with the
nearest command when one is near) in a private chat, and in a group when it is addressed
to this bot (/komut@bu_bot) or plainly meant for it: near one of its commands ("/fikstür",
"/puandurumu") or in reply to it. Another bot's (/komut@baska_bot) is left alone, and so is
a bare command like none of ours ("/warn"): in a group with several bots it is another's.
"""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import Application, CommandHandler, ContextTypes

from bot.handlers import budget, reminders
from bot.handlers.common import in_group, reply
from bot.texts import welcome
from domain.commands import closest_command, command_word, joined_command


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


def _known(app: Application) -> set[str]:  # type: ignore[type-arg]
    """The commands the application answers: every CommandHandler's, in every group."""
    return {
        name
        for handlers in app.handlers.values()
        for handler in handlers
        if isinstance(handler, CommandHandler)
        for name in handler.commands
    }


async def unknown(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A command no handler took (group 0's last): see the module docstring."""
    message = update.effective_message
    if message is None or not message.text:
        return
    typed, to = command_word(message.text)
    me = context.bot.username
    if to is not None and (me is None or to.lower() != me.lower()):
        return  # another bot's command
    known = _known(context.application)
    if typed.lower() in known:
        return  # ours, refused by its own handler's filters (an edit, a channel post)
    _, *typed_after = message.text.split(maxsplit=1)  # what was typed after the command
    rest = "".join(typed_after)
    joined = joined_command(typed, rest, known)  # "/geri al", "/yeni turnuva"
    if joined is not None:
        near, rest = joined
    else:
        near = closest_command(typed, known)
    to_me = message.reply_to_message is not None and (
        message.reply_to_message.from_user is not None
        and message.reply_to_message.from_user.id == context.bot.id
    )
    if in_group(update) and to is None and near is None and not to_me:
        return  # a bare command like none of ours: maybe another bot's
    if await budget.folded(update):  # counted as a refusal is (bot/handlers/budget.py)
        return
    await reply(update, welcome.unknown_command(typed, near, rest))
