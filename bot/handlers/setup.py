"""/yeni_turnuva: the guided set-up (stored, so it survives a restart) and the one-message form.

Both end at the same summary with [Oluştur] [Değiştir] [İptal]; when the chat runs a
tournament the summary's first line names it and [Oluştur] is [Evet, yerine kur]. Who may
set up what is the use case's question (bot.usecases.setup); this module parses answers,
builds the summary's plan (rationed per person and chat, kept for [Oluştur]) and words
the replies. A set-up's buttons carry the id of whoever started it.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatType
from telegram.ext import ApplicationHandlerStop, ContextTypes

from bot import services
from bot.handlers import live
from bot.handlers.common import actor, database, may_be_talking, refuse, remember, reply, toast
from bot.handlers.effects import apply
from bot.texts import chat
from bot.texts import season as season_texts
from bot.texts import setup as texts
from bot.texts.advice import describe
from bot.texts.errors import refusal
from bot.usecases import setup as usecase
from bot.usecases.errors import (
    NotOrganiser,
    NotYourButton,
    RunningChanged,
    SetupTimedOut,
    UnclearAnswer,
)
from bot.usecases.units import Actor
from domain import advice, names, setupform, weekly, when
from domain.errors import DomainError
from domain.planner import Plan
from storage.errors import ActiveTournamentExists

ZONE = ZoneInfo("Europe/Istanbul")
STEPS = (
    *("name", "teams", "pitches", "format", "groups", "kickoff", "rhythm", "slot", "third"),
    "tiebreak",
)
CHOICES = ("create", "replace", "edit", "cancel")  # the summary's buttons
KEPT_PLANS = 64  # summaries' plans kept for their [Oluştur], the oldest dropped first


class Rationed(Exception):
    """This person had a new summary built here moments ago (bot.rations)."""

    def __init__(self, wait: float) -> None:
        super().__init__(f"wait {wait:.0f} s")
        self.wait = wait


def _buttons(
    owner: int, step: str, options: list[tuple[str, str]], per_row: int = 2
) -> InlineKeyboardMarkup:
    keys = [
        InlineKeyboardButton(label, callback_data=f"su:{owner}:{step}:{v}") for v, label in options
    ]
    return InlineKeyboardMarkup([keys[i : i + per_row] for i in range(0, len(keys), per_row)])


def _said(exc: Exception) -> str:
    """A set-up refusal, as a reply or a toast."""
    if isinstance(exc, Rationed):
        return texts.wait(exc.wait)
    if isinstance(exc, NotOrganiser):
        return texts.may_not_replace(getattr(exc, "name", None))
    return refusal(exc)


async def yeni_turnuva(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message = update.effective_message
    if message is None or message.text is None:
        return
    parts = message.text.split(maxsplit=1)
    body = parts[1] if len(parts) > 1 else ""
    who = actor(update, context)
    try:
        running = await usecase.may_set_up(database(context), who)
    except DomainError as exc:  # a member, while a tournament runs: refused at once
        await reply(update, _said(exc))
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
            data["season"] = usecase.season_data(form.season)
            data["kickoff"] = usecase.season_kickoff(data["season"], ZONE).isoformat()
        try:
            await _confirm(update, context, who, data)
        except (DomainError, Rationed) as exc:
            await reply(update, _said(exc))
        return
    await usecase.keep(database(context), who, "name", {})
    remember(context, who.chat_id, who.user_id)
    warning = "" if running is None else f"{texts.started_over(running.name)}\n\n"
    await reply(update, warning + texts.ASK_NAME)


def _default_kickoff(moment: datetime) -> datetime:
    return when.parse_kickoff("yarın 10:00", moment.astimezone(ZONE))


async def iptal(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    dropped = await usecase.drop(database(context), actor(update, context))
    await reply(update, texts.CANCELLED if dropped else texts.NOTHING_TO_CANCEL)


async def step_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A text answer to the set-up's current question; other messages pass through."""
    message, chat_, user = update.effective_message, update.effective_chat, update.effective_user
    if message is None or not message.text or chat_ is None or user is None:
        return
    if not may_be_talking(context, chat_.id, user.id):
        return
    who = actor(update, context)
    try:
        talk = await usecase.current(database(context), who)
    except SetupTimedOut:
        await reply(update, texts.TIMED_OUT)
        raise ApplicationHandlerStop from None
    if talk is None or talk.step == "confirm":
        return
    try:
        if talk.step == "edit":
            field = _choice(message.text.strip(), EDIT_WORDS, texts.EDIT_HOW)
            await _edit(update, context, who, talk.data, field)
        else:
            await _answer(update, context, who, talk.step, talk.data, message.text.strip())
    except (DomainError, Rationed) as exc:
        await reply(update, _said(exc))
    raise ApplicationHandlerStop


def _parse(data: str) -> tuple[int, str, str] | None:
    """su:<owner>:<step>:<value>; None for anything else (an old or forged button)."""
    parts = data.split(":", 3)
    if len(parts) != 4 or parts[0] != "su" or not parts[1].removeprefix("-").isdigit():
        return None
    owner, step, value = int(parts[1]), parts[2], parts[3]
    if step not in (*STEPS, "confirm", "edit") or (step == "confirm" and value not in CHOICES):
        return None
    if step == "edit" and value not in STEPS:
        return None
    return owner, step, value


async def step_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A set-up button: only its owner's press of the button the set-up waits for counts;
    every refusal is a toast."""
    query = update.callback_query
    if query is None:
        return
    parsed = _parse(query.data or "")
    who = actor(update, context)
    if parsed is None:
        await query.answer(texts.STALE)
        return
    owner, step, value = parsed
    if owner != who.user_id:
        await query.answer(texts.NOT_YOURS)
        return
    try:
        talk = await usecase.current(database(context), who)
    except SetupTimedOut:
        await query.answer(texts.TIMED_OUT_TOAST)
        return
    if talk is None or talk.step != step:
        await query.answer(texts.STALE)
        return
    if step == "confirm":
        await _decide(update, context, who, talk.data, value)
        return
    try:
        if step == "edit":
            await _edit(update, context, who, talk.data, value)
        else:
            await _answer(update, context, who, step, talk.data, value)
    except (DomainError, Rationed) as exc:
        await toast(update.callback_query, _said(exc))
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
    moment = who.now.astimezone(ZONE)
    if step == "name":
        data["name"] = " ".join(text.split())[:80]
    elif step == "teams":
        data["teams"] = list(setupform.parse_teams(text))
    elif step == "pitches":
        data["pitches"] = setupform.parse_count(text, "pitches", 1, 16)
    elif step == "format":
        data["format"] = _choice(text, FORMAT_WORDS, texts.FORMAT_HOW)
        if data.get("season") and data["format"] not in SEASON_FORMATS:
            raise UnclearAnswer(text, season_texts.FORMAT_HOW)
    elif step == "groups":
        data["groups"] = setupform.parse_count(text, "groups", 2, max(2, len(data["teams"]) // 2))
    elif step == "kickoff" and _season_asked(text, data):  # a league: over weeks
        data["kind"] = "season"
        if KIND_WORDS.get(names.loose_key(text)) != "season":
            data["season"] = usecase.season_answer(text, moment)  # typed at once
            data["kickoff"] = usecase.season_kickoff(data["season"], ZONE).isoformat()
    elif step == "kickoff":
        kickoff = when.check_horizon(when.parse_kickoff(text, moment), moment, text)
        data["kickoff"] = kickoff.isoformat()  # past or a year ahead: refused in Turkish
        data.pop("season", None)
        data["kind"] = "day"
    elif step == "slot":
        data["match"], data["changeover"] = when.parse_slot(text)
    elif step == "third":
        data["third"] = _choice(text, YES_NO, texts.THIRD_HOW) == "yes"
    elif step == "tiebreak":
        data["tiebreak"] = _choice(text, TIEBREAK_WORDS, texts.TIEBREAK_HOW)
    elif step == "rhythm":
        typed = season_texts.RHYTHMS[int(text)] if text in RHYTHM_KEYS else text
        data["season"] = usecase.season_answer(typed, moment)
        data["kickoff"] = usecase.season_kickoff(data["season"], ZONE).isoformat()
    following = _after_edit(step, data) if data.get("editing") else _next_step(step, data)
    await _ask_next(update, context, who, following, data)


def _after_edit(step: str, data: dict[str, Any]) -> str:
    """After a changed answer: back to the summary, unless the change needs another one
    (groups chosen without a count, more groups than the teams allow)."""
    fmt = data.get("format", "groups")
    if fmt not in SEASON_FORMATS:  # groups or a knockout are played in one day
        data.pop("season", None)
    if step == "kickoff" and data.get("kind") == "season" and not data.get("season"):
        return "rhythm"
    if fmt != "groups":
        data["groups"] = 1
    if fmt in ("league", "double"):
        data["third"] = False
    groups = int(data.get("groups", 1))
    if fmt == "groups" and step != "groups" and not 2 <= groups <= len(data["teams"]) // 2:
        return "groups"
    return "confirm"


async def _edit(
    update: Update, context: ContextTypes.DEFAULT_TYPE, who: Actor, data: dict[str, Any], field: str
) -> None:
    """[Değiştir] → a field: that one question again, then the summary."""
    data["editing"] = True
    await _ask_next(update, context, who, field, data)


def _edit_fields(data: dict[str, Any]) -> list[tuple[str, str]]:
    fmt = data.get("format", "groups")
    skip = {"groups"} if fmt != "groups" else set()
    skip |= {"third"} if fmt in ("league", "double") else set()
    return [(f, label) for f, label in texts.EDIT_FIELDS if f not in skip]


# Typed answers, for those who write instead of pressing a button (keys: names.loose_key).
FORMAT_WORDS = {
    "groups": "groups",
    "gruplar eleme": "groups",
    "gruplar": "groups",
    "grup": "groups",
    "league": "league",
    "lig": "league",
    "double": "double",
    "cift devreli lig": "double",
    "cift devreli": "double",
    "knockout": "knockout",
    "eleme": "knockout",
}
EDIT_WORDS = {names.loose_key(label): field for field, label in texts.EDIT_FIELDS} | {
    "isim": "name",
    "grup": "groups",
    "gruplar": "groups",
    "saat": "kickoff",
    "tarih": "kickoff",
    "sure": "slot",
    "sahalar": "pitches",
    "format": "format",
}
KIND_WORDS = {
    "season": "season",
    "haftalara yayilan lig": "season",
    "haftalara yayilan": "season",
    "haftalik lig": "season",
    "haftalik": "season",
    "sezon": "season",
    "sezon ligi": "season",
}
RHYTHM_KEYS = tuple(str(i) for i in range(len(season_texts.RHYTHMS)))
SEASON_FORMATS = ("league", "double")  # a league over weeks is one table
YES_NO = {"yes": "yes", "evet": "yes", "var": "yes", "no": "no", "hayir": "no", "yok": "no"}
TIEBREAK_WORDS = {
    "tff": "tff",
    "uefa": "uefa",
    "fifa": "fifa",
    "makale": "makale",
    "averaj once": "makale",
}


def _choice(text: str, words: dict[str, str], how: str) -> str:
    """A button's value or its typed word; anything else is refused with the options."""
    found = words.get(names.loose_key(text))
    if found is None:
        raise UnclearAnswer(text, how)
    return found


def _season_asked(text: str, data: dict[str, Any]) -> bool:
    """A league's "tek gün mü, haftalara yayılan lig mi?" answered with the league: its
    button, the words, or a rhythm typed at once ("her pazar 14:00-17:00")."""
    if data.get("format") not in SEASON_FORMATS:
        return False
    first = text.replace("\n", "|").split("|")[0]
    return KIND_WORDS.get(names.loose_key(text)) == "season" or weekly.looks_like_rhythm(first)


def _next_step(step: str, data: dict[str, Any]) -> str:
    later = STEPS[STEPS.index(step) + 1 :]
    for candidate in later:
        if candidate == "rhythm" and (data.get("kind") != "season" or data.get("season")):
            continue  # asked only after [Haftalara yayılan lig] without a rhythm
        if candidate == "groups" and data.get("format") != "groups":
            data["groups"] = 1
            continue
        if candidate == "third" and data.get("format") in ("league", "double"):
            data["third"] = False
            continue
        return candidate
    return "confirm"


async def _ask_next(
    update: Update, context: ContextTypes.DEFAULT_TYPE, who: Actor, step: str, data: dict[str, Any]
) -> None:
    if step == "confirm":
        edited = data.pop("editing", None) is not None
        await _confirm(update, context, who, data, edited=edited)
        return
    await usecase.keep(database(context), who, step, data)
    remember(context, who.chat_id, who.user_id)
    markup = None
    question = {
        "name": texts.ASK_NAME_AGAIN,
        "teams": texts.ASK_TEAMS,
        "pitches": texts.ASK_PITCHES,
        "groups": texts.ASK_GROUPS,
        "kickoff": texts.ASK_KICKOFF,
        "slot": texts.ASK_SLOT,
        "third": texts.ASK_THIRD,
        "tiebreak": texts.ASK_TIEBREAK,
        "rhythm": season_texts.ASK_RHYTHM,
    }.get(step, texts.ASK_FORMAT)
    owner = who.user_id
    if step == "format":
        best = (
            [] if data.get("season") else advice.advise(len(data["teams"]), data["pitches"], 30, 6)
        )
        if best:
            question += f"\nÖneri: {describe(best[0])}"
        formats = [f for f in texts.FORMATS if not data.get("season") or f[0] in SEASON_FORMATS]
        markup = _buttons(owner, step, formats)
    elif step == "kickoff" and data.get("format") in SEASON_FORMATS:
        question = season_texts.ASK_KIND
        markup = _buttons(owner, step, [season_texts.SEASON_BUTTON], per_row=1)
    elif step == "rhythm":
        markup = _buttons(owner, step, list(enumerate(season_texts.RHYTHMS)), per_row=1)
    elif step == "pitches":
        markup = _buttons(owner, step, [(str(n), str(n)) for n in (1, 2, 3, 4)], per_row=4)
    elif step == "groups":
        markup = _buttons(owner, step, [(str(n), str(n)) for n in (2, 3, 4)], per_row=3)
    elif step == "slot":
        slots = [(s, s) for s in ("24+6", "26+4", "40+5", "50+10")]
        markup = _buttons(owner, step, slots, per_row=4)
    elif step == "third":
        markup = _buttons(owner, step, [("yes", "Evet"), ("no", "Hayır")])
    elif step == "tiebreak":
        markup = _buttons(owner, step, list(texts.TIEBREAKS))
    await reply(update, question, reply_markup=markup)


async def _built(
    context: ContextTypes.DEFAULT_TYPE, who: Actor, data: dict[str, Any], kind: str = "setup"
) -> Plan:
    """The summary's plan: at most one new build per person and chat every few seconds
    (the same answers again get the last build, seed and all); kept for [Oluştur]. An
    edited answer's summary is rationed apart (`kind`), so the first change right after
    a summary is not told to wait."""
    found = services.of(context.application)
    answers = usecase.data_key({k: v for k, v in data.items() if k != "seed"})
    verdict = found.rations.ask(who.user_id, who.chat_id, kind, answers)
    if verdict.render:
        try:
            _, built = await usecase.build_off_loop(usecase.spec_of(data))
        except DomainError as exc:  # a refused build cost as much: it is kept too
            built = exc
        found.rations.keep(who.user_id, who.chat_id, kind, answers, (data["seed"], built))
    elif verdict.cached is not None:
        data["seed"], built = verdict.cached  # type: ignore[misc]
    else:
        raise Rationed(verdict.wait)
    if isinstance(built, DomainError):
        raise built
    key = usecase.data_key(data)
    found.plans.pop(key, None)
    found.plans[key] = built
    while len(found.plans) > KEPT_PLANS:
        del found.plans[next(iter(found.plans))]
    return built


async def _confirm(
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
    planned = await _built(context, who, data, "setup-edit" if edited else "setup")
    running = await usecase.summarise(database(context), who, data)
    remember(context, who.chat_id, who.user_id)
    replaces = running.name if running else None
    label = dict(texts.FORMATS).get(data.get("format", "groups"), "")
    text = texts.summary(
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
        text = season_texts.summary(
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
    warned = await asyncio.to_thread(usecase.plan_warning, data, planned, who.now, ZONE)
    if warned is not None:
        head, _, question = text.rpartition("\n\n")
        text = f"{head}\n{texts.warning(warned)}\n\n{question}"
    go = ("replace", texts.REPLACE) if running else ("create", texts.CREATE)
    choices = [go, ("edit", texts.EDIT), ("cancel", texts.CANCEL)]
    await reply(update, text, reply_markup=_buttons(who.user_id, "confirm", choices, per_row=3))


async def _decide(
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
        await usecase.drop(db, who)
        await query.answer()
        await query.edit_message_text(texts.CANCELLED)
        return
    if choice == "edit":
        await usecase.keep(db, who, "edit", data)
        remember(context, who.chat_id, who.user_id)
        await query.answer()
        markup = _buttons(who.user_id, "edit", _edit_fields(data), per_row=3)
        await reply(update, texts.ASK_EDIT, reply_markup=markup)
        return
    chat_ = update.effective_chat
    title = chat_.title if chat_ is not None else None
    plans: dict[str, Any] = services.of(context.application).plans
    key = usecase.data_key(data)
    if key not in plans:  # after a restart: planned again, but off the event loop
        try:
            _, plans[key] = await usecase.build_off_loop(usecase.spec_of(data))
        except DomainError as exc:
            await query.answer()
            await refuse(update, exc)
            return
    try:
        done = await usecase.confirm(db, who, plans, replace=choice == "replace", chat_title=title)
    except (RunningChanged, ActiveTournamentExists) as exc:
        changed = isinstance(exc, RunningChanged)
        await toast(
            update.callback_query, texts.running_changed(exc.name) if changed else texts.RACED
        )
        try:  # a new summary says what would be replaced now
            await _confirm(update, context, who, data)
        except (DomainError, Rationed) as again:
            await reply(update, _said(again))
        return
    except NotYourButton:
        await query.answer(texts.STALE)
        return
    except NotOrganiser as exc:
        await toast(update.callback_query, texts.may_not_replace_toast(getattr(exc, "name", None)))
        return
    except DomainError as exc:
        await toast(update.callback_query, refusal(exc))
        return
    await query.answer()
    made = done.value
    await query.edit_message_text(texts.made(made.name, made.replaced))
    await apply(context, done.effects)
    plan = made.plan
    if any(m.week is not None for m in plan.matches):  # a league over match weeks
        await reply(update, season_texts.created(made.name, plan.matches))
    else:
        await reply(update, chat.created(made.name, plan.groups, plan.matches, plan.day_end))
    # The live message (next slot, standings) is the one pinned; it is edited, not re-sent.
    await live.start(context, who.chat_id, pin=chat_ is not None and chat_.type != ChatType.PRIVATE)
