"""/yeni_turnuva: the guided set-up (stored, so it survives a restart) and the one-message form.

Both end at the same summary with [Oluştur] [Değiştir] [İptal]; when the chat runs a
tournament the summary's first line names it and [Oluştur] is [Evet, yerine kur]. This
module holds the handlers: the command, /iptal, a typed answer and a button. Each turns
the update into a use case's command (bot.usecases.setup: who may, what an answer means,
what is asked next, what is stored) and its outcome into a reply: the question's text is
bot.texts.setup's, its buttons `setup_steps`'; the summary, its plan (rationed per person
and chat, kept for [Oluştur]) and its buttons are `setup_summary`'s. A set-up's buttons
carry the id of whoever started it.
"""

from __future__ import annotations

from telegram import Update
from telegram.ext import ApplicationHandlerStop, ContextTypes

from bot.handlers.common import (
    acknowledge,
    actor,
    in_group,
    may_be_talking,
    remember,
    reply,
    run,
    talk_indexed,
    talk_read,
    toast,
)
from bot.handlers.setup_steps import keyboard, parse_button
from bot.handlers.setup_summary import Rationed, decide, said, show_summary
from bot.texts.setup import (
    ASK_NAME,
    CANCELLED,
    NOT_YOURS,
    NOTHING_TO_CANCEL,
    STALE,
    TIMED_OUT,
    TIMED_OUT_TOAST,
    question,
    refused,
    started_over,
    unplanned,
)
from bot.usecases import planning, setup
from bot.usecases.errors import NotYourButton, SetupTimedOut
from bot.usecases.runner import Actor
from bot.usecases.setup_steps import Next, edit_fields
from domain import setupwords
from domain.errors import DomainError


async def yeni_turnuva(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message = update.effective_message
    if message is None or message.text is None:
        return
    parts = message.text.split(maxsplit=1)
    body = parts[1] if len(parts) > 1 else ""
    who = actor(update, context)
    if body.strip():  # the one-message form: straight to its summary
        try:
            answers = (await run(context, setup.read_form, setup.Form(body), who)).value
            await show_summary(update, context, who, answers)
        except (DomainError, Rationed) as exc:  # a member, while a tournament runs, too
            await reply(update, said(exc))
        return
    try:
        running = (await run(context, setup.start, setup.Start(), who)).value
    except DomainError as exc:  # a member, while a tournament runs: refused at once
        await reply(update, said(exc))
        return
    remember(context, who.chat_id, who.user_id)
    warning = "" if running is None else f"{started_over(running.name)}\n\n"
    await reply(update, warning + ASK_NAME)


async def iptal(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    dropped = await run(context, setup.cancel, setup.Cancel(), actor(update, context))
    await reply(update, CANCELLED if dropped.value else NOTHING_TO_CANCEL)


async def step_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A text answer to the set-up's current question; other messages pass through.
    Without the in-memory index of conversations a group message is not looked up here:
    its own first read (a question's, a result line's) reads the conversation with the
    tournament and hands a set-up's answer to `take_text`; `late_text` looks up the rest."""
    message, chat_, user = update.effective_message, update.effective_chat, update.effective_user
    if message is None or not message.text or chat_ is None or user is None:
        return
    if not talk_indexed(context) and in_group(update):
        return
    if may_be_talking(context, chat_.id, user.id):
        await take_text(update, context)


async def late_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The last look, without the index: a group message whose handlers read nothing of
    the sender's conversation (chat, a team list typed as a set-up's answer)."""
    message = update.effective_message
    if message is None or not message.text or talk_indexed(context) or talk_read(context):
        return
    if in_group(update) and update.effective_user is not None:
        await take_text(update, context)


async def take_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The message as the answer to the sender's set-up, when one waits for it."""
    message = update.effective_message
    assert message is not None and message.text is not None
    who = actor(update, context)
    try:
        talk = (await run(context, setup.waiting, setup.Waiting(), who)).value
    except SetupTimedOut:
        await run(context, setup.cancel, setup.Cancel(), who)
        await reply(update, TIMED_OUT)
        raise ApplicationHandlerStop from None
    if talk is not None and setupwords.says_cancel(message.text):  # "iptal", "vazgeç"
        await run(context, setup.cancel, setup.Cancel(), who)
        await reply(update, CANCELLED)
        raise ApplicationHandlerStop
    if talk is None or talk.step == "confirm":  # the summary waits for its buttons
        return
    try:
        done = await run(context, setup.answer, setup.Answer(message.text.strip()), who)
    except NotYourButton as exc:
        await reply(update, said(exc))
        raise ApplicationHandlerStop from None
    except DomainError as exc:  # the answer refused: the same question, with an example
        again = Next(talk.step, talk.answers, fields=edit_fields(talk.answers))
        text = refused(said(exc), talk.step, talk.answers)
        await reply(update, text, reply_markup=keyboard(again, who.user_id))
        raise ApplicationHandlerStop from None
    try:
        await _ask_next(update, context, who, done.value)
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
        await acknowledge(query, STALE)
        return
    owner, step, value = parsed
    try:
        talk = (await run(context, setup.waiting, setup.Waiting(owner, step), who)).value
    except NotYourButton as exc:
        await acknowledge(query, NOT_YOURS if exc.reason == "asker" else STALE)
        return
    except SetupTimedOut:
        await run(context, setup.cancel, setup.Cancel(owner), who)
        await acknowledge(query, TIMED_OUT_TOAST)
        return
    if step == "confirm":
        await decide(update, context, who, owner, talk, value)
        return
    try:
        done = await run(context, setup.answer, setup.Answer(value, step, owner), who)
        await _ask_next(update, context, who, done.value)
    except (DomainError, Rationed) as exc:
        await toast(update.callback_query, said(exc))
        return
    await acknowledge(query)


async def _ask_next(
    update: Update, context: ContextTypes.DEFAULT_TYPE, who: Actor, asked: Next
) -> None:
    """The question the set-up now waits for, or (step "confirm") its summary."""
    if asked.step == "confirm":
        try:
            await show_summary(update, context, who, asked.answers, edited=asked.edited)
        except DomainError as exc:  # not planned: which answer to change, with its buttons
            again = (await run(context, setup.reopen, setup.Reopen(asked.answers), who)).value
            text = unplanned(exc, said(exc), again.answers)
            await reply(update, text, reply_markup=keyboard(again, who.user_id))
        return
    remember(context, who.chat_id, who.user_id)
    hint = None
    if asked.step == "format" and not asked.answers.season:  # planned in the worker, in budget
        teams, pitches = len(asked.answers.teams or ()), asked.answers.pitches or 1
        hint = await planning.format_hint_off_loop(teams, pitches)
    text = question(asked.step, asked.answers, hint)
    await reply(update, text, reply_markup=keyboard(asked, who.user_id))
