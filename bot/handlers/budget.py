"""Which group messages may be folded when their sender is past the reply budget
(bot/runtime/budget.py), and the fold itself.

`gate` runs before every other handler: a member's read command (/fikstur, /puan, /yardim,
...) or match question is counted there, and past the budget folded before any work is
done (no picture is drawn for it). Anything that may change something (a result line, a
forfeit line, a set-up answer, any other command, a button) always goes on; only its
refusals are counted, in `folded`, which bot.handlers.common.refuse asks.
"""

from __future__ import annotations

import contextlib
import logging

from telegram import Update
from telegram.constants import ChatType
from telegram.error import TelegramError
from telegram.ext import ApplicationHandlerStop, ContextTypes

import domain.questions
from bot.runtime import budget, services
from bot.texts.budget import folded_notice
from domain.result_lines import may_be_result
from domain.squads import after_command_text, split_team

log = logging.getLogger(__name__)
# Commands that only show something: foldable. Any other command may change something.
READS = frozenset(
    {"start", "yardim", "help", "fikstur", "puan", "eleme", "yazdir", "takvim", "disa_aktar"}
    | {"takimlar", "turnuvalar", "goller", "kartlar", "fairplay"}
)
# Commands that show without a list and change with one: /kadro Kartallar shows the squad,
# /kadro Kartallar: Ali, Veli (or the names on the next lines) adds to it: never folded.
READS_WITHOUT_LIST = frozenset({"kadro"})


def foldable(text: str, bot_username: str | None) -> bool:
    """A read command for this bot, or a match question that is not a result line."""
    if text.startswith("/"):
        head = text[1:].split(maxsplit=1)
        command, _, to = (head[0] if head else "").partition("@")
        if to and bot_username and to.lower() != bot_username.lower():
            return False  # another bot's command
        if command.lower() in READS_WITHOUT_LIST:  # read as bot.handlers.squads.kadro reads it
            return split_team(after_command_text(text))[1] is None
        return command.lower() in READS
    return domain.questions.ask(text) is not None and not may_be_result(text)


async def gate(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Group -2: count a member's foldable message, fold it past the budget."""
    found = services.of(context.application).budget
    message, chat, user = update.message, update.effective_chat, update.effective_user
    budget.current.set(None)
    if found is None or message is None or chat is None or user is None:
        return
    if chat.type not in (ChatType.GROUP, ChatType.SUPERGROUP) or user.is_bot:
        return
    if not foldable(message.text or "", context.bot.username):  # a caption is never answered
        budget.current.set(found)  # its refusals are counted (`folded`)
        return
    typed = message.date.timestamp()  # when typed, and after which answer
    verdict = found.take(chat.id, user.id, at=typed, message_id=message.message_id)
    if verdict is budget.Verdict.ANSWER:
        return
    if verdict is budget.Verdict.NOTICE:
        await _tell(update)
    raise ApplicationHandlerStop


def handled(update: object, found: budget.Budget | None) -> None:
    """After an update's handlers (bot.app): a member's question answered is out now."""
    if found is None or not isinstance(update, Update):
        return
    chat, user = update.effective_chat, update.effective_user
    if chat is not None and user is not None and update.message is not None:
        found.handled(chat.id, user.id)


async def folded(update: Update) -> bool:
    """True when this refusal is folded: its sender in this group is past the budget."""
    found, chat, user = budget.current.get(), update.effective_chat, update.effective_user
    if found is None or chat is None or user is None:
        return False
    message = update.message  # a button: at the clock
    typed, number = (message.date.timestamp(), message.message_id) if message else (None, None)
    verdict = found.take(chat.id, user.id, at=typed, message_id=number)
    if verdict is budget.Verdict.NOTICE:
        await _tell(update)
    return verdict is not budget.Verdict.ANSWER


async def _tell(update: Update) -> None:
    message, user = update.effective_message, update.effective_user
    if message is None:
        return
    with contextlib.suppress(TelegramError):  # the notice is a courtesy: never an apology
        await message.reply_text(folded_notice(user.first_name if user else ""))
