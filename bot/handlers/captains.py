"""Captains: /kaptan, and their questions ("ne zaman oynuyoruz?") in the group or privately."""

from __future__ import annotations

import html

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.ext import ContextTypes

from bot.handlers.common import now, refuse, reply, unit_of_work
from bot.texts import chat
from bot.usecases import ask, state
from bot.usecases.errors import NotACaptain
from domain import names, questions
from domain.errors import DomainError
from storage.errors import NoActiveTournament


async def kaptan(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    chat_ = update.effective_chat
    if chat_ is None:
        return
    wanted = " ".join(context.args or [])
    try:
        async with unit_of_work(context) as uow:  # closed before the next one opens
            snap = await state.active(uow, chat_.id)
        if not wanted:
            await _picker(update, snap.teams)
            return
        await _make_captain(update, context, names.resolve(wanted, snap.teams))
    except DomainError as exc:
        await refuse(update, exc)


async def _picker(update: Update, teams: tuple[str, ...]) -> None:
    rows = [
        [InlineKeyboardButton(t, callback_data=f"cap:{i}") for i, t in enumerate(teams)][j : j + 2]
        for j in range(0, len(teams), 2)
    ]
    await reply(update, chat.pick_team(), reply_markup=InlineKeyboardMarkup(rows))


async def _make_captain(update: Update, context: ContextTypes.DEFAULT_TYPE, team: str) -> None:
    chat_, user = update.effective_chat, update.effective_user
    if chat_ is None or user is None:
        return
    async with unit_of_work(context) as uow:
        snap = await state.active(uow, chat_.id)
        await uow.teams.add_captain(snap.id, team, user.id)
        await uow.commit()
    await reply(update, chat.captain_set(team))


async def captain_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query, chat_ = update.callback_query, update.effective_chat
    if query is None or chat_ is None:
        return
    await query.answer()
    try:
        async with unit_of_work(context) as uow:
            snap = await state.active(uow, chat_.id)
        index = int((query.data or "cap:-1").removeprefix("cap:"))
        if not 0 <= index < len(snap.teams):
            return
        await _make_captain(update, context, snap.teams[index])
    except DomainError as exc:
        await refuse(update, exc)


async def question(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Answer only real match questions; ordinary chat gets nothing."""
    message, chat_, user = update.effective_message, update.effective_chat, update.effective_user
    if message is None or not message.text or chat_ is None or user is None:
        return
    asked = questions.ask(message.text)
    if asked is None:
        return
    moment = now(context)
    try:
        async with unit_of_work(context) as uow:
            answer = await ask.next_match(uow, chat_.id, user.id, moment, asked.team_hint)
    except (NoActiveTournament, names.UnknownTeam):
        return  # "film ne zaman başlıyor": a question, but not about this tournament
    except NotACaptain:
        async with unit_of_work(context) as uow:
            snap = await state.active(uow, chat_.id)
        await _picker(update, snap.teams)
        return
    except DomainError as exc:
        await refuse(update, exc)
        return
    snap = answer.snapshot
    if asked.intent is questions.Intent.STANDING and snap is not None:
        group = snap.group_of(answer.team)
        if group is not None:
            table = snap.tables()[group.label]
            text = chat.group_table(group.label, table, snap.rules.tiebreak, len(snap.groups) < 2)
            await reply(update, f"<pre>{html.escape(text)}</pre>", parse_mode="HTML")
            return
    if asked.intent is questions.Intent.FIXTURE and snap is not None:
        rows = [(m.match, m.result) for m in snap.matches if m.match.involves(answer.team)]
        await reply(update, chat.fixture(snap.tournament.name, rows, answer.team))
        return
    if answer.match is None:
        await reply(update, chat.finished(answer.team, answer.place))
    else:
        await reply(update, chat.next_match(answer.team, answer.match, moment))
