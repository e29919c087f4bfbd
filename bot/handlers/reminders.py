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

from bot import dispatch, services
from bot.handlers.common import now, unit_of_work
from bot.texts import chat
from bot.texts import reminders as texts
from bot.usecases import ask, state
from bot.usecases import reminders as usecase
from storage.records import StoredMatch

log = logging.getLogger(__name__)


async def seen(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Any private message (group -1, never stops the update): the sender is reachable.

    The in-process set makes a known user's later messages cost nothing; the first one
    after a restart costs one INSERT that finds the row and changes nothing."""
    chat_, user = update.effective_chat, update.effective_user
    if chat_ is None or user is None or chat_.type != ChatType.PRIVATE or user.is_bot:
        return
    known = services.of(context.application).reachable
    if user.id in known:
        return
    async with unit_of_work(context) as uow:
        synced = await usecase.became_reachable(uow, user.id, now(context))
        await uow.commit()
    known.add(user.id)
    if synced:
        dispatch.reload(context.application)


async def deep_link(update: Update, context: ContextTypes.DEFAULT_TYPE) -> bool:
    """/start hatirlatma in private (the organiser's link): say reminders will come here,
    with the user's next match when they captain one. False: not that link."""
    chat_, user, message = update.effective_chat, update.effective_user, update.effective_message
    if chat_ is None or user is None or message is None or chat_.type != ChatType.PRIVATE:
        return False
    if [a.lower() for a in context.args or []] != [texts.DEEP_LINK_PAYLOAD]:
        return False
    moment = now(context)
    next_text = None
    async with unit_of_work(context, read_only=True) as uow:
        found = await ask.in_private(uow, user.id, moment)
    if isinstance(found, ask.Answer) and found.match is not None:
        next_text = chat.next_match(found.team, found.match, moment)
    await message.reply_text(texts.started(next_text))
    return True


async def headcount_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """hc:<match id>:<n>: a captain says how many they are; fewer than the squad size
    warns the organiser at once (in private when possible, else in the group)."""
    query, user = update.callback_query, update.effective_user
    if query is None or user is None:
        return
    try:
        _, match_text, count_text = (query.data or "").split(":")
        match_id, count = int(match_text), int(count_text)
    except ValueError:
        await query.answer()
        return
    found = await _captained_match(context, user.id, match_id)
    if found is None:
        await query.answer()
        await query.edit_message_text(texts.headcount_gone())
        return
    snap, stored, team = found
    await query.answer("👍")
    try:
        await query.edit_message_text(texts.headcount_thanks(team, stored.match, count))
    except BadRequest as exc:  # the same button pressed twice: the text is already there
        if "not modified" not in str(exc).lower():
            raise
        return
    squad = snap.tournament.settings.extra.get("squad")
    if squad and count < int(squad):
        await _warn_organiser(
            context, snap, texts.headcount_short(team, stored.match, count, squad)
        )


async def _captained_match(
    context: ContextTypes.DEFAULT_TYPE, user_id: int, match_id: int
) -> tuple[state.Snapshot, StoredMatch, str] | None:
    """The match (by id) among the user's captaincies, with the team they captain in it."""
    async with unit_of_work(context, read_only=True) as uow:
        for captaincy in await uow.teams.captaincies(user_id):
            snap = await state.load(uow, captaincy.tournament_id)
            stored = next((m for m in snap.matches if m.id == match_id), None)
            if stored is not None and captaincy.team in (stored.match.home, stored.match.away):
                return snap, stored, captaincy.team
    return None


async def _warn_organiser(
    context: ContextTypes.DEFAULT_TYPE, snap: state.Snapshot, text: str
) -> None:
    organiser = snap.tournament.created_by
    async with unit_of_work(context, read_only=True) as uow:
        private = organiser in await uow.private_chats.reachable([organiser])
    if private:
        try:
            await context.bot.send_message(organiser, text)
            return
        except TelegramError as exc:
            log.warning("headcount warning to organiser %s failed (%s); group", organiser, exc)
    await context.bot.send_message(snap.tournament.chat_id, text)
