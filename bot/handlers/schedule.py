"""Organisers' match-day commands: /gecikme, /ertele, /hatirlatma.

The use case stores the change (plan and reminder rows in one commit) before anybody is
told; then the group gets the new times once and each affected captain one private
message about their own match.
"""

from __future__ import annotations

from collections.abc import Callable

from telegram import Update
from telegram.ext import ContextTypes

from bot.handlers.common import actor, reply, run
from bot.handlers.effects import apply
from bot.texts import reminders
from bot.texts.schedule import captain_notice, delayed, leads_set, leads_shown, postponed, refusal
from bot.usecases import reminder_settings, runner, schedule
from bot.usecases.runner import Effects, Outgoing
from domain.errors import DomainError


async def gecikme(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/gecikme 15 [saha 2]: everything not yet kicked off (on that pitch) runs 15 min late."""
    await _move(update, context, schedule.delay, schedule.Delay, delayed)


async def ertele(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/ertele 7 11:30 or /ertele 7 yarın 10:00: one match to a new kick-off, if it fits."""
    await _move(update, context, schedule.postpone, schedule.Postpone, postponed)


async def hatirlatma(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/hatirlatma shows the leads (anyone may look); with arguments an organiser sets them."""
    if update.effective_chat is None:
        return
    who = actor(update, context)
    words = tuple(context.args or [])
    try:
        if not words:
            asked = reminder_settings.Show()
            seen = (await run(context, reminder_settings.shown, asked, who)).value
            shown = leads_shown(seen.group_leads, seen.captain_leads)
            evening = f"\n{reminders.evening_line(seen.evening)}" if seen.season else ""
            await reply(update, shown + evening)
            return
        if reminder_settings.is_evening(words):  # a season league's message the evening before
            command = reminder_settings.Evening(words)
            night = await run(context, reminder_settings.change_evening, command, who)
            await reply(update, reminders.evening_set(night.value))
            await apply(context, night.effects)
            return
        leads = reminder_settings.Leads(words)
        done = await run(context, reminder_settings.change_leads, leads, who)
    except DomainError as exc:
        await reply(update, refusal(exc))
        return
    await reply(update, leads_set(*done.value, reminder_settings.target_of(words)))
    await apply(context, done.effects)


async def _move(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    verb: runner.Verb,
    command: Callable[[str], object],
    group_text: Callable[[schedule.Moved], str],
) -> None:
    """/gecikme and /ertele: the group once, then each affected captain in private."""
    try:
        typed = command(" ".join(context.args or []))
        done = await run(context, verb, typed, actor(update, context))
    except DomainError as exc:
        await reply(update, refusal(exc))
        return
    await reply(update, group_text(done.value))
    dated = done.value.dated
    notices = tuple(Outgoing(n.user_id, captain_notice(n, dated=dated)) for n in done.value.notices)
    await apply(context, done.effects + Effects(messages=notices))
