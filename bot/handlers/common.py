"""What every handler needs: the services, one unit of work, admin checks, safe replies."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from telegram import Message, Update
from telegram.constants import ChatMemberStatus, ChatType
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bot import services
from bot.texts.errors import refusal
from domain.errors import DomainError
from storage import UnitOfWork

log = logging.getLogger(__name__)


@asynccontextmanager
async def unit_of_work(context: ContextTypes.DEFAULT_TYPE) -> AsyncIterator[UnitOfWork]:
    async with services.of(context.application).db.unit_of_work() as uow:
        yield uow


def now(context: ContextTypes.DEFAULT_TYPE):  # noqa: ANN201 - datetime
    return services.of(context.application).clock()


def in_group(update: Update) -> bool:
    chat = update.effective_chat
    return chat is not None and chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)


async def is_chat_admin(update: Update, context: ContextTypes.DEFAULT_TYPE) -> bool:
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None or not in_group(update):
        return False
    try:
        member = await context.bot.get_chat_member(chat.id, user.id)
    except TelegramError:
        log.warning("could not read chat member %s in %s", user.id, chat.id)
        return False
    return member.status in (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)


async def reply(update: Update, text: str, **kwargs: object) -> Message | None:
    message = update.effective_message
    if message is None:
        return None
    return await message.reply_text(text, **kwargs)  # type: ignore[arg-type]


async def refuse(update: Update, exc: DomainError) -> None:
    """A user-caused error becomes one friendly Turkish line; nothing was stored."""
    await reply(update, refusal(exc))
