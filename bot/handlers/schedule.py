"""Organisers' match-day commands: /gecikme, /ertele, /hatirlatma.

The use case stores the change (plan and reminder rows in one commit) before anybody is
told; then the group gets the new times once and each affected captain one private
message about their own match.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from telegram import Update
from telegram.ext import ContextTypes

from bot.handlers.common import actor, database, reply
from bot.handlers.effects import apply
from bot.texts import reminders
from bot.texts.schedule import captain_notice, delayed, leads_set, leads_shown, postponed, refusal
from bot.usecases import reminder_settings, schedule
from bot.usecases.units import Actor, Done, Effects, Outgoing
from domain.errors import DomainError
from storage import Database


async def gecikme(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/gecikme 15 [saha 2]: everything not yet kicked off (on that pitch) runs 15 min late."""
    await _move(update, context, schedule.delay_matches, delayed)


async def ertele(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/ertele 7 11:30 or /ertele 7 yarın 10:00: one match to a new kick-off, if it fits."""
    await _move(update, context, schedule.postpone_match, postponed)


async def hatirlatma(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/hatirlatma shows the leads (anyone may look); with arguments an organiser sets them."""
    chat_ = update.effective_chat
    if chat_ is None:
        return
    words = list(context.args or [])
    try:
        if not words:
            shown = leads_shown(*await reminder_settings.shown_leads(database(context), chat_.id))
            season, evening = await reminder_settings.shown_evening(database(context), chat_.id)
            await reply(update, shown + (f"\n{reminders.evening_line(evening)}" if season else ""))
            return
        if reminder_settings.is_evening(words):  # a season league's message the evening before
            night = await reminder_settings.change_evening(
                database(context), actor(update, context), words
            )
            await reply(update, reminders.evening_set(night.value))
            await apply(context, night.effects)
            return
        done = await reminder_settings.change_leads(
            database(context), actor(update, context), words
        )
    except DomainError as exc:
        await reply(update, refusal(exc))
        return
    await reply(update, leads_set(*done.value))
    await apply(context, done.effects)


async def _move(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    use_case: Callable[[Database, Actor, str], Awaitable[Done[schedule.Moved]]],
    group_text: Callable[[schedule.Moved], str],
) -> None:
    """/gecikme and /ertele: the group once, then each affected captain in private."""
    try:
        done = await use_case(
            database(context), actor(update, context), " ".join(context.args or [])
        )
    except DomainError as exc:
        await reply(update, refusal(exc))
        return
    await reply(update, group_text(done.value))
    notices = tuple(Outgoing(n.user_id, captain_notice(n)) for n in done.value.notices)
    await apply(context, done.effects + Effects(messages=notices))
