"""Organisers' match-day commands: /gecikme, /ertele, /hatirlatma.

A change is stored (plan and reminder rows in one commit) before anybody is told; then
the group gets the new times once, each affected captain one private message about their
own match, the live message is touched and the reminder runtime reloads its send plan.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from telegram import Update
from telegram.error import Forbidden, TelegramError
from telegram.ext import ContextTypes

from bot import dispatch
from bot.handlers import live
from bot.handlers.common import is_chat_admin, now, reply, unit_of_work
from bot.texts import schedule as texts
from bot.usecases import reminders, schedule, state
from domain.errors import DomainError
from storage import UnitOfWork

log = logging.getLogger(__name__)
T = TypeVar("T")


async def gecikme(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/gecikme 15 [saha 2]: everything not yet kicked off (on that pitch) runs 15 min late."""
    await _move(update, context, schedule.delay, texts.delayed)


async def ertele(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/ertele 7 11:30 or /ertele 7 yarın 10:00: one match to a new kick-off, if it fits."""
    await _move(update, context, schedule.postpone, texts.postponed)


async def hatirlatma(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/hatirlatma shows the leads (anyone may look); with arguments an organiser sets them."""
    chat_ = update.effective_chat
    if chat_ is None:
        return
    words = list(context.args or [])
    if not words:
        try:
            async with unit_of_work(context, read_only=True) as uow:
                snap = await state.active(uow, chat_.id)
        except DomainError as exc:
            await reply(update, texts.refusal(exc))
            return
        await reply(update, texts.leads_shown(*schedule.leads(snap.tournament.settings.extra)))
        return
    stored = await _change(
        update,
        context,
        lambda uow, chat_id, user_id, admin: schedule.set_leads(
            uow,
            chat_id=chat_id,
            user_id=user_id,
            words=words,
            now=now(context),
            is_chat_admin=admin,
        ),
    )
    if stored is not None:
        await reply(update, texts.leads_set(*stored))
        dispatch.reload(context.application)


async def _change(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    action: Callable[[UnitOfWork, int, int, bool], Awaitable[T]],
) -> T | None:
    """One unit of work, committed only if the action went through; a refusal is
    answered here and changes nothing."""
    chat_, user = update.effective_chat, update.effective_user
    if chat_ is None or user is None:
        return None
    admin = await is_chat_admin(update, context)
    try:
        async with unit_of_work(context) as uow:
            done = await action(uow, chat_.id, user.id, admin)
            await uow.commit()
    except DomainError as exc:
        await reply(update, texts.refusal(exc))
        return None
    return done


async def _move(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    use_case: Callable[..., Awaitable[schedule.Moved]],
    group_text: Callable[[schedule.Moved], str],
) -> None:
    """/gecikme and /ertele: the use case on the command's text, then, if it moved
    anything, the announcement with `group_text` for the group."""
    text = " ".join(context.args or [])
    moved = await _change(
        update,
        context,
        lambda uow, chat_id, user_id, admin: use_case(
            uow, chat_id=chat_id, user_id=user_id, text=text, now=now(context), is_chat_admin=admin
        ),
    )
    if moved is not None:
        await _announce(update, context, moved, group_text(moved))


async def _announce(
    update: Update, context: ContextTypes.DEFAULT_TYPE, moved: schedule.Moved, text: str
) -> None:
    """Reminders and the live message first (already committed), then the group once,
    then each affected captain in private."""
    dispatch.reload(context.application)
    live.touch(context, moved.snapshot.tournament.chat_id)
    await reply(update, text)
    blocked = []
    for notice in moved.notices:
        try:
            await context.bot.send_message(notice.user_id, texts.captain_notice(notice))
        except Forbidden:
            log.info("captain %s blocked the bot; no private notice", notice.user_id)
            blocked.append(notice.user_id)
        except TelegramError as exc:
            log.warning("private notice to %s not sent: %s", notice.user_id, exc)
    if blocked:  # their captain reminders go too; the organiser's list names them
        async with unit_of_work(context) as uow:
            for user_id in blocked:
                await reminders.became_unreachable(uow, user_id, now(context))
            await uow.commit()
        dispatch.reload(context.application)
