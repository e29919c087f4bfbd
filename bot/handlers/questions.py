"""Captains' and anyone's questions in the chat ("ne zaman oynuyoruz?", "3. hafta kimle",
"puan durumu"): read by domain.questions, answered by bot.usecases.questions, worded by
bot.texts.questions; a first-person question from someone with no team gets the team
picker of bot.handlers.captains."""

from __future__ import annotations

import html
from datetime import datetime

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

import domain.questions
from bot.handlers import setup
from bot.handlers.captains import button_numbers, picker
from bot.handlers.common import acknowledge, actor, reply, run, talk_read, toast
from bot.handlers.effects import keyboard
from bot.texts import welcome
from bot.texts.captains import (
    UNKNOWN_BUTTON,
    captaincy_label,
    no_captaincy,
    refusal,
    which_tournament,
)
from bot.texts.questions import answer_text
from bot.usecases import captains, questions, views
from bot.usecases.conversations import Talking
from domain import intents
from domain.errors import DomainError
from domain.scores import looks_like_result


async def tournament_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The tournament a private question was about (q:<tournament id>)."""
    query, user = update.callback_query, update.effective_user
    if query is None or user is None:
        return
    found = button_numbers(query.data, "q:", 1)
    if found is None:
        await toast(query, UNKNOWN_BUTTON)
        return
    who = actor(update, context)
    try:
        answer = await run(context, captains.in_tournament, captains.Chosen(found[0]), who)
    except DomainError as exc:
        await toast(query, refusal(exc))
        return
    await acknowledge(query)
    await _answer(
        update, domain.questions.Question(intents.Intent.NEXT_MATCH), answer.value, who.now
    )


async def question(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Answer only real match questions; ordinary chat gets nothing. One read use case
    from arrival to answer: the team picker and a private chat's choice included."""
    message, chat_, user = update.effective_message, update.effective_chat, update.effective_user
    if message is None or not message.text or chat_ is None or user is None:
        return
    asked = domain.questions.ask(message.text)
    if asked is None:
        await _unheard(update)
        return
    who = actor(update, context)
    try:
        response = (await run(context, questions.respond, questions.Ask(asked), who)).value
    except Talking:  # a set-up waits for this person's answer: this is it
        await setup.take_text(update, context)
        return
    except DomainError as exc:
        talk_read(context, True)
        await reply(update, refusal(exc))
        return
    talk_read(context, True)
    if response is None:  # "film ne zaman başlıyor": a question, but not about this tournament
        await _unheard(update)
        return
    if isinstance(response, list):
        await _which_tournament(update, response)
    elif isinstance(response, questions.PickTeam):
        await picker(update, response)
    else:
        await _answer(update, asked, response, who.now)


async def _unheard(update: Update) -> None:
    """Nothing to answer: a group's chat stays unanswered, but a private chat talks to the
    bot alone, so there the sender hears what can be asked (or where results are written)."""
    chat_, message = update.effective_chat, update.effective_message
    if chat_ is None or chat_.type != ChatType.PRIVATE or message is None:
        return
    result = looks_like_result(message.text or "")
    await reply(update, welcome.PRIVATE_RESULT if result else welcome.PRIVATE_UNHEARD)


async def _answer(
    update: Update, asked: domain.questions.Question, response: questions.Response, moment: datetime
) -> None:
    text = answer_text(asked, response, moment)
    table = isinstance(response, views.Tables) or (
        asked.intent is intents.Intent.STANDING
        and isinstance(response, questions.Answer)
        and response.snapshot is not None
        and response.snapshot.group_of(response.team) is not None
    )
    if table:
        await reply(update, f"<pre>{html.escape(text)}</pre>", parse_mode="HTML")
    else:
        await reply(update, text)


async def _which_tournament(update: Update, found: questions.Choices) -> None:
    """A private question from someone who captains in none or several tournaments."""
    if not found:
        await reply(update, no_captaincy())
        return
    rows = tuple(((captaincy_label(c), f"q:{c.tournament_id}"),) for c in found[:8])
    await reply(update, which_tournament(), reply_markup=keyboard(rows))
