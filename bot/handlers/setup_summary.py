"""The set-up's summary and its buttons: [Oluştur] (or [Evet, yerine kur]), [Değiştir],
[İptal].

The summary's plan is built off the event loop, rationed per person and chat, and kept for
[Oluştur]; [Oluştur] creates the tournament, posts what was made and pins the live message.
Apart from the handlers (`setup`) because the summary is where both the guided set-up and
the one-message form end.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from telegram import Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from bot import services
from bot.handlers import live
from bot.handlers.common import database, refuse, remember, reply, toast
from bot.handlers.effects import apply
from bot.handlers.setup_steps import ZONE, buttons, edit_fields
from bot.texts import chat, season, setup
from bot.texts.errors import refusal
from bot.usecases.drafts import data_key, spec_of
from bot.usecases.errors import NotOrganiser, NotYourButton, RunningChanged
from bot.usecases.setup import build_off_loop, confirm, drop, keep, summarise, warning_off_loop
from bot.usecases.units import Actor
from domain.dayplan import Plan
from domain.errors import DomainError
from storage.errors import ActiveTournamentExists

KEPT_PLANS = 64  # summaries' plans kept for their [Oluştur], the oldest dropped first


class Rationed(Exception):
    """This person had a new summary built here moments ago (bot.rations)."""

    def __init__(self, wait: float) -> None:
        super().__init__(f"wait {wait:.0f} s")
        self.wait = wait


def said(exc: Exception) -> str:
    """A set-up refusal, as a reply or a toast."""
    if isinstance(exc, Rationed):
        return setup.wait(exc.wait)
    if isinstance(exc, NotOrganiser):
        return setup.may_not_replace(getattr(exc, "name", None))
    return refusal(exc)


async def summary_plan(
    context: ContextTypes.DEFAULT_TYPE, who: Actor, data: dict[str, Any], kind: str = "setup"
) -> Plan:
    """The summary's plan: at most one new build per person and chat every few seconds
    (the same answers again get the last build, seed and all); kept for [Oluştur]. An
    edited answer's summary is rationed apart (`kind`), so the first change right after
    a summary is not told to wait."""
    found = services.of(context.application)
    answers = data_key({k: v for k, v in data.items() if k != "seed"})
    verdict = found.rations.ask(who.user_id, who.chat_id, kind, answers)
    if verdict.render:
        try:
            _, built = await build_off_loop(spec_of(data))
        except DomainError as exc:  # a refused build cost as much: it is kept too
            built = exc
        found.rations.keep(who.user_id, who.chat_id, kind, answers, (data["seed"], built))
    elif verdict.cached is not None:
        data["seed"], built = verdict.cached  # type: ignore[misc]
    else:
        raise Rationed(verdict.wait)
    if isinstance(built, DomainError):
        raise built
    key = data_key(data)
    found.plans.pop(key, None)
    found.plans[key] = built
    while len(found.plans) > KEPT_PLANS:
        del found.plans[next(iter(found.plans))]
    return built


async def show_summary(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    who: Actor,
    data: dict[str, Any],
    *,
    edited: bool = False,
) -> None:
    """The summary: built (rationed), stored as the step that waits for its button, shown;
    a plan in the past, past midnight or over 12 hours gets its ⚠ lines."""
    data.setdefault("seed", int(who.now.timestamp()))
    planned = await summary_plan(context, who, data, "setup-edit" if edited else "setup")
    running = await summarise(database(context), who, data)
    remember(context, who.chat_id, who.user_id)
    replaces = running.name if running else None
    label = dict(setup.FORMATS).get(data.get("format", "groups"), "")
    text = setup.summary(
        data["name"],
        len(data["teams"]),
        label,
        int(data.get("groups", 1)),
        int(data.get("pitches", 1)),
        datetime.fromisoformat(data["kickoff"]),
        int(data.get("match", 24)),
        int(data.get("changeover", 6)),
        bool(data.get("third", True)),
        data.get("tiebreak", "tff"),
        len(planned.matches),
        planned.day_end,
        replaces=replaces,
    )
    if data.get("season"):  # a league over match weeks: its weeks and span instead
        text = season.summary(
            data["name"],
            len(data["teams"]),
            label,
            int(data.get("pitches", 1)),
            data["season"],
            int(data.get("match", 24)),
            int(data.get("changeover", 6)),
            data.get("tiebreak", "tff"),
            planned.matches,
            replaces=replaces,
        )
    warned = await warning_off_loop(data, planned, who.now, ZONE)
    if warned is not None:
        head, _, question = text.rpartition("\n\n")
        text = f"{head}\n{setup.warning(warned)}\n\n{question}"
    go = ("replace", setup.REPLACE) if running else ("create", setup.CREATE)
    choices = [go, ("edit", setup.EDIT), ("cancel", setup.CANCEL)]
    await reply(update, text, reply_markup=buttons(who.user_id, "confirm", choices, per_row=3))


async def decide(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    who: Actor,
    data: dict[str, Any],
    choice: str,
) -> None:
    query = update.callback_query
    if query is None:
        return
    db = database(context)
    if choice == "cancel":
        await drop(db, who)
        await query.answer()
        await query.edit_message_text(setup.CANCELLED)
        return
    if choice == "edit":
        await keep(db, who, "edit", data)
        remember(context, who.chat_id, who.user_id)
        await query.answer()
        markup = buttons(who.user_id, "edit", edit_fields(data), per_row=3)
        await reply(update, setup.ASK_EDIT, reply_markup=markup)
        return
    chat_ = update.effective_chat
    title = chat_.title if chat_ is not None else None
    plans: dict[str, Any] = services.of(context.application).plans
    key = data_key(data)
    if key not in plans:  # after a restart: planned again, but off the event loop
        try:
            _, plans[key] = await build_off_loop(spec_of(data))
        except DomainError as exc:
            await query.answer()
            await refuse(update, exc)
            return
    try:
        done = await confirm(db, who, plans, replace=choice == "replace", chat_title=title)
    except (RunningChanged, ActiveTournamentExists) as exc:
        changed = isinstance(exc, RunningChanged)
        await toast(
            update.callback_query, setup.running_changed(exc.name) if changed else setup.RACED
        )
        try:  # a new summary says what would be replaced now
            await show_summary(update, context, who, data)
        except (DomainError, Rationed) as again:
            await reply(update, said(again))
        return
    except NotYourButton:
        await query.answer(setup.STALE)
        return
    except NotOrganiser as exc:
        await toast(update.callback_query, setup.may_not_replace_toast(getattr(exc, "name", None)))
        return
    except DomainError as exc:
        await toast(update.callback_query, refusal(exc))
        return
    await query.answer()
    made = done.value
    await query.edit_message_text(setup.made(made.name, made.replaced))
    await apply(context, done.effects)
    plan = made.plan
    if any(m.week is not None for m in plan.matches):  # a league over match weeks
        await reply(update, season.created(made.name, plan.matches))
    else:
        await reply(update, chat.created(made.name, plan.groups, plan.matches, plan.day_end))
    # The live message (next slot, standings) is the one pinned; it is edited, not re-sent.
    await live.start(context, who.chat_id, pin=chat_ is not None and chat_.type != ChatType.PRIVATE)
