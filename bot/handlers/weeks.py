"""/hafta_ertele: a season league's match week moves (the later weeks with it, or alone to
a given day); the group is told once, each affected captain in private."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.handlers import schedule
from bot.handlers.common import actor, now, reply, run
from bot.handlers.effects import apply
from bot.texts import weeks
from bot.texts.schedule import postponed, refusal
from bot.usecases.runner import Effects, Outgoing
from bot.usecases.schedule import Postpone
from bot.usecases.weeks import (
    LeaveUndated,
    PlanPlayoff,
    PostponeWeek,
    leave_undated,
    plan_playoff,
    postpone_match,
    postpone_week,
)
from domain import names
from domain.errors import DomainError

UNDATED_WORDS = ("belirsiz", "tarihsiz", "belli değil")


async def hafta_ertele(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/hafta_ertele 3 or /hafta_ertele 3 7 Şubat."""
    text = " ".join(context.args or [])
    if not text.strip():
        await reply(update, weeks.HOW)
        return
    try:
        command = PostponeWeek(text)
        done = await run(context, postpone_week, command, actor(update, context))
    except DomainError as exc:
        await reply(update, weeks.refusal(exc))
        return
    await reply(update, weeks.moved(done.value))
    notices = tuple(Outgoing(n.user_id, weeks.captain_notice(n)) for n in done.value.notices)
    await apply(context, done.effects + Effects(messages=notices))


async def playoff(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/playoff [7 Mart 15:00]: the TFF play-off between two teams level after everything."""
    text = " ".join(context.args or [])
    try:
        command = PlanPlayoff(text)
        done = await run(context, plan_playoff, command, actor(update, context))
    except DomainError as exc:
        await reply(update, weeks.playoff_refusal(exc))
        return
    await reply(update, weeks.playoff(done.value))
    await apply(context, done.effects)


async def ertele(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/ertele 14 belirsiz (or /ertele Kartallar Şahinler belirsiz): the match waits for a
    date; /ertele 14 7 Şubat 15:10 (also for a match waiting for one) or /ertele 7 11:30:
    one match to a new kick-off."""
    words = list(context.args or [])
    text = " ".join(words)
    tail = names.tr_lower(text).strip(" .!")
    word = next((w for w in UNDATED_WORDS if tail.endswith(w)), None)
    if word is None:
        await schedule._move(update, context, postpone_match, Postpone, postponed)
        return
    number = words[0]
    numbered = number.isascii() and number.isdigit() and len(number) < 4
    try:  # "/ertele Kartallar Şahinler belirsiz": the match named by its teams
        command = LeaveUndated(int(number)) if numbered else LeaveUndated(None, text)
        done = await run(context, leave_undated, command, actor(update, context))
    except DomainError as exc:
        await reply(update, refusal(exc))
        return
    await reply(
        update, weeks.undated(done.value, now(context).astimezone(done.value.match.start.tzinfo))
    )
    notices = tuple(
        Outgoing(user, weeks.undated_notice(done.value.match, team))
        for user, team in done.value.tell
    )
    await apply(context, done.effects + Effects(messages=notices))
