"""Captains: /kaptan, and their questions ("ne zaman oynuyoruz?") in the group or privately."""

from __future__ import annotations

import html
from datetime import datetime

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from bot import dispatch
from bot.handlers.common import is_chat_admin, now, refuse, reply, unit_of_work
from bot.texts import chat
from bot.usecases import ask, reminders, results, state
from bot.usecases.errors import NotACaptain
from domain import names, questions
from domain.errors import DomainError
from storage.errors import NoActiveTournament

# Questions the one-query path answers fully (the table and the fixture need more).
QUICK = frozenset(
    {
        questions.Intent.NEXT_MATCH,
        questions.Intent.TIME,
        questions.Intent.PITCH,
        questions.Intent.OPPONENT,
    }
)


async def kaptan(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    chat_ = update.effective_chat
    if chat_ is None:
        return
    wanted = " ".join(context.args or [])
    try:
        async with unit_of_work(context, read_only=True) as uow:  # closed before the next one opens
            snap = await state.active(uow, chat_.id)
        if not wanted:
            await _picker(update, snap.teams)
            return
        team = names.resolve(wanted, snap.teams)
        message = update.effective_message
        target = (
            message.reply_to_message.from_user if message and message.reply_to_message else None
        )
        if target is not None and not target.is_bot:
            await _assign(update, context, snap, team, target.id, target.full_name)
            return
        await _make_captain(update, context, team)
    except DomainError as exc:
        await refuse(update, exc)


async def _assign(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    snap: state.Snapshot,
    team: str,
    user_id: int,
    name: str,
) -> None:
    """An organiser replies to someone's message with /kaptan Takım: that person captains
    the team from now on (any earlier captaincy of theirs in this tournament ends)."""
    organiser = update.effective_user
    if organiser is None:
        return
    admin = await is_chat_admin(update, context)
    async with unit_of_work(context) as uow:
        await results.may_organise(uow, snap, organiser.id, admin)
        await uow.teams.remove_captain(snap.id, user_id)
        await uow.teams.add_captain(snap.id, team, user_id)
        await reminders.sync(uow, snap.id, now(context))
        await uow.commit()
    dispatch.reload(context.application)
    await reply(update, chat.captain_assigned(name, team))


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
        await reminders.sync(uow, snap.id, now(context))
        await uow.commit()
    dispatch.reload(context.application)
    await reply(update, chat.captain_set(team))


async def captain_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query, chat_ = update.callback_query, update.effective_chat
    if query is None or chat_ is None:
        return
    await query.answer()
    try:
        async with unit_of_work(context, read_only=True) as uow:
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
    if chat_.type == ChatType.PRIVATE and not asked.team_hint:
        await _in_private(update, context, asked)
        return
    if asked.intent in QUICK and not asked.team_hint:
        async with unit_of_work(context, read_only=True) as uow:
            quick = await ask.quick_next(uow, chat_.id, user.id, moment)
        if quick is not None and quick.match is not None:
            await reply(update, chat.next_match(quick.team, quick.match, moment))
            return
    try:
        async with unit_of_work(context, read_only=True) as uow:
            answer = await ask.next_match(uow, chat_.id, user.id, moment, asked.team_hint)
    except (NoActiveTournament, names.UnknownTeam):
        return  # "film ne zaman başlıyor": a question, but not about this tournament
    except NotACaptain:
        async with unit_of_work(context, read_only=True) as uow:
            snap = await state.active(uow, chat_.id)
        await _picker(update, snap.teams)
        return
    except DomainError as exc:
        await refuse(update, exc)
        return
    await _answer(update, asked, answer, moment)


async def _answer(
    update: Update, asked: questions.Question, answer: ask.Answer, moment: datetime
) -> None:
    snap = answer.snapshot
    if asked.intent is questions.Intent.STANDING and snap is not None:
        group = snap.group_of(answer.team)
        if group is not None:
            table = snap.table(group.label)
            text = chat.group_table(
                group.label,
                table,
                snap.rules.tiebreak,
                len(snap.groups) < 2,
                snap.group_finished(group.label),
            )
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


async def _in_private(
    update: Update, context: ContextTypes.DEFAULT_TYPE, asked: questions.Question
) -> None:
    user = update.effective_user
    if user is None:
        return
    moment = now(context)
    async with unit_of_work(context, read_only=True) as uow:
        found = await ask.in_private(uow, user.id, moment)
    if isinstance(found, ask.Answer):
        await _answer(update, asked, found, moment)
        return
    if not found:
        await reply(update, chat.no_captaincy())
        return
    rows = [
        [InlineKeyboardButton(chat.captaincy_label(c), callback_data=f"q:{c.tournament_id}")]
        for c in found[:8]
    ]
    await reply(update, chat.which_tournament(), reply_markup=InlineKeyboardMarkup(rows))


async def tournament_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The tournament a private question was about."""
    query, user = update.callback_query, update.effective_user
    if query is None or user is None:
        return
    await query.answer()
    wanted = int((query.data or "q:0").removeprefix("q:"))
    moment = now(context)
    async with unit_of_work(context, read_only=True) as uow:
        found = [c for c in await uow.teams.captaincies(user.id) if c.tournament_id == wanted]
        if not found:
            return
        answer = await ask.for_team(uow, wanted, found[0].team, moment)
    await _answer(update, questions.Question(questions.Intent.NEXT_MATCH), answer, moment)
