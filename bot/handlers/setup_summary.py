"""The set-up's summary and its buttons: [Oluştur] (or [Evet, yerine kur]), [Değiştir],
[İptal].

The summary's plan is built off the event loop, rationed per person and chat, and kept for
[Oluştur]; [Oluştur] creates the tournament, posts what was made and pins the live message.
Apart from the handlers (`setup`) because the summary is where both the guided set-up and
the one-message form end.
"""

from __future__ import annotations

from dataclasses import replace

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from bot.handlers import live, showing
from bot.handlers.common import acknowledge, refuse, remember, reply, run, toast
from bot.handlers.effects import apply
from bot.handlers.setup_steps import keyboard, summary_buttons
from bot.runtime import services
from bot.texts import fixture, season
from bot.texts.errors import refusal
from bot.texts.setup import (
    CANCELLED,
    RACED,
    STALE,
    made,
    may_not_replace,
    may_not_replace_toast,
    question,
    running_changed,
    summary_of,
    wait,
    warned,
)
from bot.usecases import planning, setup
from bot.usecases.errors import NotOrganiser, NotYourButton, RunningChanged, SetupRaced
from bot.usecases.runner import Actor
from bot.usecases.setup_steps import ZONE, Answers, SetUp
from domain.dayplan import Plan
from domain.errors import DomainError

KEPT_PLANS = 64  # summaries' plans kept for their [Oluştur], the oldest dropped first


class Rationed(Exception):
    """This person had a new summary built here moments ago (bot.runtime.rations)."""

    def __init__(self, wait: float) -> None:
        super().__init__(f"wait {wait:.0f} s")
        self.wait = wait


def said(exc: Exception) -> str:
    """A set-up refusal, as a reply or a toast."""
    if isinstance(exc, Rationed):
        return wait(exc.wait)
    if isinstance(exc, NotOrganiser):
        return may_not_replace(getattr(exc, "name", None))
    return refusal(exc)


async def summary_plan(
    context: ContextTypes.DEFAULT_TYPE, who: Actor, answers: Answers, kind: str = "setup"
) -> tuple[Answers, Plan]:
    """The summary's plan: at most one new build per person and chat every few seconds
    (the same answers again get the last build, seed and all: the answers come back with
    it); kept for [Oluştur]. An edited answer's summary is rationed apart (`kind`), so the
    first change right after a summary is not told to wait."""
    found = services.of(context.application)
    unseeded = replace(answers, seed=None).key()
    verdict = found.rations.ask(who.user_id, who.chat_id, kind, unseeded)
    if verdict.render:
        try:
            _, built = await showing.showing(  # "typing…" while the plan is made
                context.bot, who.chat_id, showing.TYPING, planning.build_off_loop(answers.spec())
            )
        except DomainError as exc:  # a refused build cost as much: it is kept too
            built = exc
        found.rations.keep(who.user_id, who.chat_id, kind, unseeded, (answers.seed, built))
    elif verdict.cached is not None:
        seed, built = verdict.cached  # type: ignore[misc]
        answers = replace(answers, seed=seed)
    else:
        raise Rationed(verdict.wait)
    if isinstance(built, DomainError):
        raise built
    key = answers.key()
    found.plans.pop(key, None)
    found.plans[key] = built
    while len(found.plans) > KEPT_PLANS:
        del found.plans[next(iter(found.plans))]
    return answers, built


async def show_summary(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    who: Actor,
    answers: Answers,
    *,
    edited: bool = False,
) -> None:
    """The summary: built (rationed), stored as the step that waits for its button, shown;
    a plan in the past, past midnight or over 12 hours gets its ⚠ lines."""
    kind = "setup-edit" if edited else "setup"
    answers, planned = await summary_plan(context, who, answers.seeded(who.now), kind)
    running = (await run(context, setup.summarise, setup.Summarise(answers), who)).value
    remember(context, who.chat_id, who.user_id)
    text = summary_of(answers, planned, running.name if running else None)
    warning = await planning.warning_off_loop(answers.data(), planned, who.now, ZONE)
    if warning is not None:
        text = warned(text, warning)
    long = warning is not None and warning.wants_alternatives  # made by its own button only
    buttons = summary_buttons(who.user_id, running is not None, long)
    await reply(update, text, reply_markup=buttons)


async def decide(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    who: Actor,
    owner: int,
    talk: SetUp | None,
    choice: str,
) -> None:
    """The summary's buttons, pressed by `owner` (whose set-up `talk` waits for them)."""
    query = update.callback_query
    if query is None or talk is None:
        return
    if choice == "cancel":
        await run(context, setup.cancel, setup.Cancel(owner), who)
        await acknowledge(query)
        await query.edit_message_text(CANCELLED)
        return
    if choice == "edit":  # which answer to change: that question again, then the summary
        try:
            done = await run(context, setup.answer, setup.Answer("edit", "confirm", owner), who)
        except NotYourButton:
            await acknowledge(query, STALE)
            return
        remember(context, who.chat_id, who.user_id)
        await acknowledge(query)
        asked = done.value
        await reply(
            update, question(asked.step, asked.answers), reply_markup=keyboard(asked, owner)
        )
        return
    chat_ = update.effective_chat
    title = chat_.title if chat_ is not None else None
    plans: dict[str, object] = services.of(context.application).plans
    key = talk.answers.key()
    if key not in plans:  # after a restart: planned again, but off the event loop
        try:
            building = planning.build_off_loop(talk.answers.spec())
            _, plans[key] = await showing.showing(
                context.bot, who.chat_id, showing.TYPING, building
            )
        except DomainError as exc:
            await acknowledge(query)
            await refuse(update, exc)
            return
    replacing, long = choice.removesuffix("_long") == "replace", choice.endswith("_long")
    command = setup.Confirm(replacing, plans, title, asker=owner, long=long)
    try:
        done = await run(context, setup.confirm, command, who)
    except RunningChanged as exc:
        raced = isinstance(exc, SetupRaced)
        await toast(query, RACED if raced else running_changed(exc.name))
        try:  # a new summary says what would be replaced now
            await show_summary(update, context, who, talk.answers)
        except (DomainError, Rationed) as again:
            await reply(update, said(again))
        return
    except NotYourButton:
        await acknowledge(query, STALE)
        return
    except NotOrganiser as exc:
        await toast(query, may_not_replace_toast(getattr(exc, "name", None)))
        return
    except DomainError as exc:
        await toast(query, refusal(exc))
        return
    await acknowledge(query)
    tournament = done.value
    await query.edit_message_text(made(tournament.name, tournament.replaced))
    await apply(context, done.effects)
    plan = tournament.plan
    if any(m.week is not None for m in plan.matches):  # a league over match weeks
        await reply(update, season.created(tournament.name, plan.matches))
    else:
        created = fixture.created(tournament.name, plan.groups, plan.matches, plan.day_end)
        await reply(update, created)
    # The live message (next slot, standings) is the one pinned; it is edited, not re-sent.
    await live.start(context, who.chat_id, pin=chat_ is not None and chat_.type != ChatType.PRIVATE)
