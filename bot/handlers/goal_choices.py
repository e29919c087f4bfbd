"""The question a corrected score asks about a side's goals above it (bot.usecases.
goal_choices): its buttons, for the organiser who corrected, and their presses."""

from __future__ import annotations

from telegram import InlineKeyboardMarkup, Update
from telegram.ext import ContextTypes

from bot.handlers.common import acknowledge, actor, remember, reply, run, toast
from bot.handlers.effects import keyboard
from bot.texts import buttons
from bot.texts.goal_choices import latest_label, question, scorer_label, taken
from bot.usecases import goal_choices
from bot.usecases.runner import Actor
from domain.errors import DomainError

PREFIX = "gc:"
PER_ROW = 2  # scorers' buttons side by side


def markup(user: int, q: goal_choices.Question) -> InlineKeyboardMarkup | None:
    """gc:<user>:<match>:<side><index> per scorer, gc:<user>:<match>:<side>l for the
    latest goals: at most ~35 bytes, under Telegram's 64."""
    head = f"{PREFIX}{user}:{q.match.no}:{q.side}"
    scorers = [(scorer_label(s), f"{head}{s.index}") for s in q.scorers]
    rows = [tuple(scorers[i : i + PER_ROW]) for i in range(0, len(scorers), PER_ROW)]
    rows.append(((latest_label(q.extra), f"{head}{goal_choices.LATEST}"),))
    return keyboard(tuple(rows))


async def ask(
    update: Update, context: ContextTypes.DEFAULT_TYPE, who: Actor, q: goal_choices.Question
) -> None:
    """The question, under the answer that stored the corrected score (its state is
    stored already, for `who` in this chat)."""
    remember(context, who.chat_id, who.user_id)
    await reply(update, question(q), reply_markup=markup(who.user_id, q))


def command_of(data: str) -> goal_choices.Take:
    """The press's command; an unreadable owner (forged data) is None, refused as stale."""
    owner, _, rest = data.removeprefix(PREFIX).partition(":")
    match, _, choice = rest.partition(":")
    ok = owner.isascii() and owner.isdigit() and len(owner) < 20
    ok = ok and match.isascii() and match.isdigit() and len(match) < 6 and bool(choice)
    if not ok:
        return goal_choices.Take(None, 0, "", "")
    return goal_choices.Take(int(owner), int(match), choice[:1], choice[1:])


async def goal_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """gc:…: one goal of the scorer pressed (or the side's latest) taken back; the
    question follows until the side's goals fit its score."""
    query = update.callback_query
    if query is None:
        return
    who = actor(update, context)
    try:
        done = await run(context, goal_choices.take, command_of(query.data or ""), who)
    except DomainError as exc:  # not theirs, stale, or no longer an organiser
        await toast(query, buttons.refusal(exc), alert=True)
        return
    await acknowledge(query)
    value = done.value
    still = None if value.asked is None else markup(who.user_id, value.asked)
    await query.edit_message_text(taken(value), reply_markup=still)
