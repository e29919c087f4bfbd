"""The bot's side of reminders in chats: who can be written to in private, the deep link,
and the captains' headcount buttons.

Telegram lets a bot write to a user in private only after that user wrote to it, so any
private message (a /start, the deep link `?start=hatirlatma`, a question) makes the user
reachable: stored once, then their captain reminders are derived (docs/reminders.md).
"""

from __future__ import annotations

import logging

from telegram import Update
from telegram.constants import ChatType
from telegram.error import BadRequest, TelegramError
from telegram.ext import ContextTypes

import domain.questions
from bot.handlers.common import acknowledge, actor, run
from bot.handlers.effects import apply
from bot.runtime import services
from bot.texts import buttons
from bot.texts.questions import next_match
from bot.texts.reminders import (
    DEEP_LINK_PAYLOAD,
    headcount_gone,
    headcount_short,
    headcount_thanks,
    started,
)
from bot.usecases import questions, reminders
from bot.usecases.errors import NotAllowed
from domain import intents

log = logging.getLogger(__name__)


async def seen(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Any private message (group -1, never stops the update): the sender is reachable.

    The in-process set makes a known user's later messages cost nothing; the first one
    after a restart costs one INSERT that finds the row and changes nothing."""
    chat_, user = update.effective_chat, update.effective_user
    if chat_ is None or user is None or chat_.type != ChatType.PRIVATE or user.is_bot:
        return
    found = services.of(context.application)
    if user.id in found.reachable:
        return
    done = await run(context, reminders.reachable, reminders.Reachable(), actor(update, context))
    found.reachable.add(user.id)
    await apply(context, done.effects)


async def deep_link(update: Update, context: ContextTypes.DEFAULT_TYPE) -> bool:
    """/start hatirlatma in private (the organiser's link): say reminders will come here,
    with the user's next match when they captain one. False: not that link."""
    chat_, user, message = update.effective_chat, update.effective_user, update.effective_message
    if chat_ is None or user is None or message is None or chat_.type != ChatType.PRIVATE:
        return False
    if [a.lower() for a in context.args or []] != [DEEP_LINK_PAYLOAD]:
        return False
    who = actor(update, context)
    next_text = None
    asked = questions.Ask(domain.questions.Question(intents.Intent.NEXT_MATCH))
    found = (await run(context, questions.respond, asked, who)).value
    if isinstance(found, questions.Answer) and found.match is not None:
        next_text = next_match(found.team, found.match, who.now)
    await message.reply_text(started(next_text))
    return True


async def headcount_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """hc:<match id>:<n>: a captain says how many they are; fewer than the squad size
    warns the organiser at once (in private when possible, else in the group)."""
    query, user = update.callback_query, update.effective_user
    if query is None or user is None:
        return
    parts = (query.data or "").split(":")
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() and len(p) < 12 for p in parts[1:]):
        await acknowledge(query, buttons.STALE, show_alert=True)
        return
    match_id, count = int(parts[1]), int(parts[2])
    try:
        command = reminders.CountHeads(match_id)
        found = (await run(context, reminders.headcount, command, actor(update, context))).value
    except NotAllowed:  # their captaincy moved to another team
        found = None
    if found is None:  # in the captain's private chat: the match or tournament is gone
        await acknowledge(query)
        await query.edit_message_text(headcount_gone())
        return
    await acknowledge(query, "👍")
    try:
        await query.edit_message_text(headcount_thanks(found.team, found.match.match, count))
    except BadRequest as exc:  # the same button pressed twice: the text is already there
        if "not modified" not in str(exc).lower():
            raise
        return
    if found.squad and count < found.squad:
        text = headcount_short(found.team, found.match.match, count, found.squad)
        await _warn_organiser(context, found, text)


async def _warn_organiser(
    context: ContextTypes.DEFAULT_TYPE, found: reminders.Headcount, text: str
) -> None:
    tournament = found.snapshot.tournament
    if found.organiser_reachable:
        try:
            await context.bot.send_message(tournament.created_by, text)
            return
        except TelegramError as exc:
            log.warning(
                "headcount warning to organiser %s failed (%s); group", tournament.created_by, exc
            )
    await context.bot.send_message(tournament.chat_id, text)
