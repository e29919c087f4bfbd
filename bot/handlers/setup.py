"""/yeni_turnuva: the guided set-up (stored, so it survives a restart) and the one-message form.

Both end at the same summary with [Oluştur] [Değiştir] [İptal]; when the chat runs a
tournament the summary's first line names it and [Oluştur] is [Evet, yerine kur]. Who may
set up what is the use case's question (bot.usecases.setup). This module holds the
handlers: the command, /iptal, a typed answer and a button. What each step asks and how an
answer is read is `setup_steps`' (no Telegram update needed); the summary, its plan
(rationed per person and chat, kept for [Oluştur]) and its buttons are `setup_summary`'s.
A set-up's buttons carry the id of whoever started it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from telegram import Update
from telegram.ext import ApplicationHandlerStop, ContextTypes

from bot.handlers.common import actor, database, may_be_talking, refuse, remember, reply, toast
from bot.handlers.setup_steps import (
    EDIT_WORDS,
    ZONE,
    choice,
    parse_button,
    question,
    take_answer,
)
from bot.handlers.setup_summary import Rationed, decide, said, show_summary
from bot.texts.setup import (
    ASK_NAME,
    CANCELLED,
    EDIT_HOW,
    NOT_YOURS,
    NOTHING_TO_CANCEL,
    STALE,
    TIMED_OUT,
    TIMED_OUT_TOAST,
    started_over,
)
from bot.usecases import drafts, setup
from bot.usecases.errors import SetupTimedOut
from bot.usecases.units import Actor
from domain import setupform, when
from domain.errors import DomainError


async def yeni_turnuva(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message = update.effective_message
    if message is None or message.text is None:
        return
    parts = message.text.split(maxsplit=1)
    body = parts[1] if len(parts) > 1 else ""
    who = actor(update, context)
    try:
        running = await setup.may_set_up(database(context), who)
    except DomainError as exc:  # a member, while a tournament runs: refused at once
        await reply(update, said(exc))
        return
    if body.strip():
        try:
            form = setupform.parse_form(body, who.now.astimezone(ZONE))
        except DomainError as exc:
            await refuse(update, exc)
            return
        data = {
            "name": form.name,
            "teams": list(form.teams),
            "pitches": form.pitches,
            "format": form.format,
            "groups": form.groups or 1,
            "kickoff": (form.kickoff or _default_kickoff(who.now)).isoformat(),
            "match": form.match_minutes,
            "changeover": form.changeover,
            "third": form.third_place,
            "tiebreak": form.tiebreak,
        }
        if form.season is not None:  # a league over match weeks: its first match day
            data["season"] = drafts.season_data(form.season)
            data["kickoff"] = drafts.season_kickoff(data["season"], ZONE).isoformat()
        try:
            await show_summary(update, context, who, data)
        except (DomainError, Rationed) as exc:
            await reply(update, said(exc))
        return
    await setup.keep(database(context), who, "name", {})
    remember(context, who.chat_id, who.user_id)
    warning = "" if running is None else f"{started_over(running.name)}\n\n"
    await reply(update, warning + ASK_NAME)


def _default_kickoff(moment: datetime) -> datetime:
    return when.parse_kickoff("yarın 10:00", moment.astimezone(ZONE))


async def iptal(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    dropped = await setup.drop(database(context), actor(update, context))
    await reply(update, CANCELLED if dropped else NOTHING_TO_CANCEL)


async def step_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A text answer to the set-up's current question; other messages pass through."""
    message, chat_, user = update.effective_message, update.effective_chat, update.effective_user
    if message is None or not message.text or chat_ is None or user is None:
        return
    if not may_be_talking(context, chat_.id, user.id):
        return
    who = actor(update, context)
    try:
        talk = await setup.current(database(context), who)
    except SetupTimedOut:
        await reply(update, TIMED_OUT)
        raise ApplicationHandlerStop from None
    if talk is None or talk.step == "confirm":
        return
    try:
        if talk.step == "edit":
            field = choice(message.text.strip(), EDIT_WORDS, EDIT_HOW)
            await _edit(update, context, who, talk.data, field)
        else:
            await _answer(update, context, who, talk.step, talk.data, message.text.strip())
    except (DomainError, Rationed) as exc:
        await reply(update, said(exc))
    raise ApplicationHandlerStop


async def step_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A set-up button: only its owner's press of the button the set-up waits for counts;
    every refusal is a toast."""
    query = update.callback_query
    if query is None:
        return
    parsed = parse_button(query.data or "")
    who = actor(update, context)
    if parsed is None:
        await query.answer(STALE)
        return
    owner, step, value = parsed
    if owner != who.user_id:
        await query.answer(NOT_YOURS)
        return
    try:
        talk = await setup.current(database(context), who)
    except SetupTimedOut:
        await query.answer(TIMED_OUT_TOAST)
        return
    if talk is None or talk.step != step:
        await query.answer(STALE)
        return
    if step == "confirm":
        await decide(update, context, who, talk.data, value)
        return
    try:
        if step == "edit":
            await _edit(update, context, who, talk.data, value)
        else:
            await _answer(update, context, who, step, talk.data, value)
    except (DomainError, Rationed) as exc:
        await toast(update.callback_query, said(exc))
        return
    await query.answer()


async def _answer(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    who: Actor,
    step: str,
    data: dict[str, Any],
    text: str,
) -> None:
    following = take_answer(step, data, text, who.now.astimezone(ZONE))
    await _ask_next(update, context, who, following, data)


async def _edit(
    update: Update, context: ContextTypes.DEFAULT_TYPE, who: Actor, data: dict[str, Any], field: str
) -> None:
    """[Değiştir] → a field: that one question again, then the summary."""
    data["editing"] = True
    await _ask_next(update, context, who, field, data)


async def _ask_next(
    update: Update, context: ContextTypes.DEFAULT_TYPE, who: Actor, step: str, data: dict[str, Any]
) -> None:
    if step == "confirm":
        edited = data.pop("editing", None) is not None
        await show_summary(update, context, who, data, edited=edited)
        return
    await setup.keep(database(context), who, step, data)
    remember(context, who.chat_id, who.user_id)
    hint = None
    if step == "format" and not data.get("season"):  # planned in the worker, within a budget
        hint = await setup.format_hint_off_loop(len(data["teams"]), int(data["pitches"]))
    asked, markup = question(step, data, who.user_id, hint)
    await reply(update, asked, reply_markup=markup)
