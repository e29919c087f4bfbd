"""/yeni_turnuva: the guided set-up (stored, so it survives a restart) and the one-message form.

Both end at the same summary with [Oluştur] [Değiştir] [İptal]. The set-up's state lives in
the database per (chat, user); 30 minutes of silence ends it politely.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatType
from telegram.ext import ApplicationHandlerStop, ContextTypes

from bot import dispatch
from bot.handlers import live
from bot.handlers.common import converse, may_be_talking, now, refuse, reply, unit_of_work
from bot.texts import chat
from bot.texts import setup as texts
from bot.texts.advice import describe
from bot.usecases import reminders
from bot.usecases import setup as usecase
from bot.usecases.errors import UnclearAnswer
from domain import advice, names, setupform, when
from domain.errors import DomainError

KIND = "setup"
TIMEOUT = timedelta(minutes=30)
ZONE = ZoneInfo("Europe/Istanbul")
STEPS = ("name", "teams", "pitches", "format", "groups", "kickoff", "slot", "third", "tiebreak")


def _buttons(step: str, options: list[tuple[str, str]], per_row: int = 2) -> InlineKeyboardMarkup:
    keys = [InlineKeyboardButton(label, callback_data=f"su:{step}:{v}") for v, label in options]
    return InlineKeyboardMarkup([keys[i : i + per_row] for i in range(0, len(keys), per_row)])


async def yeni_turnuva(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message = update.effective_message
    if message is None or message.text is None:
        return
    body = message.text.split(maxsplit=1)[1] if len(message.text.split(maxsplit=1)) > 1 else ""
    moment = now(context)
    if body.strip():
        try:
            form = setupform.parse_form(body, moment.astimezone(ZONE))
        except DomainError as exc:
            await refuse(update, exc)
            return
        data = {
            "name": form.name,
            "teams": list(form.teams),
            "pitches": form.pitches,
            "format": form.format,
            "groups": form.groups or 1,
            "kickoff": (form.kickoff or _default_kickoff(moment)).isoformat(),
            "match": form.match_minutes,
            "changeover": form.changeover,
            "third": form.third_place,
            "tiebreak": form.tiebreak,
        }
        await _confirm(update, context, data)
        return
    await _save(update, context, "name", {})
    await reply(update, texts.ASK_NAME)


def _default_kickoff(moment: datetime) -> datetime:
    return when.parse_kickoff("yarın 10:00", moment.astimezone(ZONE))


async def _save(
    update: Update, context: ContextTypes.DEFAULT_TYPE, step: str, data: dict[str, Any]
) -> None:
    chat_, user = update.effective_chat, update.effective_user
    if chat_ is None or user is None:
        return
    moment = now(context)
    state = {"kind": KIND, "step": step, "data": data, "at": moment.isoformat()}
    await converse(context, chat_.id, user.id, state, moment)


async def _load(update: Update, context: ContextTypes.DEFAULT_TYPE) -> dict[str, Any] | None:
    chat_, user = update.effective_chat, update.effective_user
    if chat_ is None or user is None:
        return None
    async with unit_of_work(context) as uow:
        state = await uow.setups.get(chat_.id, user.id)
        if state is None or state.get("kind") != KIND:
            return None
        if now(context) - datetime.fromisoformat(state["at"]) > TIMEOUT:
            await uow.setups.delete(chat_.id, user.id)
            await uow.commit()
            await reply(update, texts.TIMED_OUT)
            raise ApplicationHandlerStop
    return state


async def _drop(update: Update, context: ContextTypes.DEFAULT_TYPE) -> bool:
    chat_, user = update.effective_chat, update.effective_user
    if chat_ is None or user is None:
        return False
    async with unit_of_work(context) as uow:
        state = await uow.setups.get(chat_.id, user.id)
        if state is None:
            return False
        await uow.setups.delete(chat_.id, user.id)
        await uow.commit()
    return True


async def iptal(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await reply(
        update, texts.CANCELLED if await _drop(update, context) else texts.NOTHING_TO_CANCEL
    )


async def step_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A text answer to the set-up's current question; other messages pass through."""
    message, chat_, user = update.effective_message, update.effective_chat, update.effective_user
    if message is None or not message.text or chat_ is None or user is None:
        return
    if not may_be_talking(context, chat_.id, user.id):
        return
    state = await _load(update, context)
    if state is None or state["step"] == "confirm":
        return
    try:
        await _answer(update, context, state["step"], state["data"], message.text.strip())
    except DomainError as exc:
        await refuse(update, exc)
    raise ApplicationHandlerStop


async def step_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    if query is None or not query.data:
        return
    _, step, value = query.data.split(":", 2)
    state = await _load(update, context)
    if state is None or state["step"] != step:
        await query.answer("Bu düğme artık geçerli değil.")
        return
    await query.answer()
    if step == "confirm":
        await _decide(update, context, state["data"], value)
        return
    await _answer(update, context, step, state["data"], value)


async def _answer(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    step: str,
    data: dict[str, Any],
    text: str,
) -> None:
    moment = now(context).astimezone(ZONE)
    if step == "name":
        data["name"] = " ".join(text.split())[:80]
    elif step == "teams":
        data["teams"] = list(setupform.parse_teams(text))
    elif step == "pitches":
        data["pitches"] = setupform.parse_count(text, "pitches", 1, 16)
    elif step == "format":
        data["format"] = _choice(text, FORMAT_WORDS, texts.FORMAT_HOW)
    elif step == "groups":
        data["groups"] = setupform.parse_count(text, "groups", 2, max(2, len(data["teams"]) // 2))
    elif step == "kickoff":
        data["kickoff"] = when.parse_kickoff(text, moment).isoformat()
    elif step == "slot":
        data["match"], data["changeover"] = when.parse_slot(text)
    elif step == "third":
        data["third"] = _choice(text, YES_NO, texts.THIRD_HOW) == "yes"
    elif step == "tiebreak":
        data["tiebreak"] = _choice(text, TIEBREAK_WORDS, texts.TIEBREAK_HOW)
    await _ask_next(update, context, _next_step(step, data), data)


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


def _next_step(step: str, data: dict[str, Any]) -> str:
    later = STEPS[STEPS.index(step) + 1 :]
    for candidate in later:
        if candidate == "groups" and data.get("format") != "groups":
            data["groups"] = 1
            continue
        if candidate == "third" and data.get("format") in ("league", "double"):
            data["third"] = False
            continue
        return candidate
    return "confirm"


async def _ask_next(
    update: Update, context: ContextTypes.DEFAULT_TYPE, step: str, data: dict[str, Any]
) -> None:
    if step == "confirm":
        await _confirm(update, context, data)
        return
    await _save(update, context, step, data)
    markup = None
    question = {
        "teams": texts.ASK_TEAMS,
        "pitches": texts.ASK_PITCHES,
        "groups": texts.ASK_GROUPS,
        "kickoff": texts.ASK_KICKOFF,
        "slot": texts.ASK_SLOT,
        "third": texts.ASK_THIRD,
        "tiebreak": texts.ASK_TIEBREAK,
    }.get(step, texts.ASK_FORMAT)
    if step == "format":
        best = advice.advise(len(data["teams"]), data["pitches"], 30, 6)
        if best:
            question += f"\nÖneri: {describe(best[0])}"
        markup = _buttons(step, list(texts.FORMATS))
    elif step == "pitches":
        markup = _buttons(step, [(str(n), str(n)) for n in (1, 2, 3, 4)], per_row=4)
    elif step == "groups":
        markup = _buttons(step, [(str(n), str(n)) for n in (2, 3, 4)], per_row=3)
    elif step == "slot":
        markup = _buttons(step, [(s, s) for s in ("24+6", "26+4", "40+5", "50+10")], per_row=4)
    elif step == "third":
        markup = _buttons(step, [("yes", "Evet"), ("no", "Hayır")])
    elif step == "tiebreak":
        markup = _buttons(step, list(texts.TIEBREAKS))
    await reply(update, question, reply_markup=markup)


def spec_of(data: dict[str, Any], seed: int) -> usecase.Spec:
    pitches = int(data.get("pitches", 1))
    return usecase.Spec(
        name=data["name"],
        teams=tuple(data["teams"]),
        kickoff=datetime.fromisoformat(data["kickoff"]),
        format=data.get("format", "groups"),
        groups=int(data.get("groups", 1)),
        pitches=tuple(f"Saha {i}" for i in range(1, pitches + 1)),
        match_minutes=int(data.get("match", 24)),
        changeover=int(data.get("changeover", 6)),
        third_place=bool(data.get("third", True)),
        tiebreak=data.get("tiebreak", "tff"),
        seed=seed,
    )


async def _confirm(
    update: Update, context: ContextTypes.DEFAULT_TYPE, data: dict[str, Any]
) -> None:
    data.setdefault("seed", int(now(context).timestamp()))
    try:
        _, planned = usecase.build(spec_of(data, data["seed"]))
    except DomainError as exc:
        await refuse(update, exc)
        return
    await _save(update, context, "confirm", data)
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
    )
    markup = _buttons(
        "confirm", [("create", "Oluştur"), ("edit", "Değiştir"), ("cancel", "İptal")], per_row=3
    )
    await reply(update, text, reply_markup=markup)


async def _decide(
    update: Update, context: ContextTypes.DEFAULT_TYPE, data: dict[str, Any], choice: str
) -> None:
    query = update.callback_query
    if choice == "cancel":
        await _drop(update, context)
        if query:
            await query.edit_message_text(texts.CANCELLED)
        return
    if choice == "edit":
        await _save(update, context, "name", {})
        await reply(update, texts.ASK_NAME)
        return
    chat_, user = update.effective_chat, update.effective_user
    if chat_ is None or user is None:
        return
    spec = spec_of(data, int(data["seed"]))
    async with unit_of_work(context) as uow:
        older = await uow.tournaments.active_for_chat(chat_.id)  # archived by create
        created = await usecase.create(
            uow, spec, chat_id=chat_.id, user_id=user.id, now=now(context), chat_title=chat_.title
        )
        await uow.setups.delete(chat_.id, user.id)
        if older is not None:  # its pending reminders go with it
            await reminders.sync(uow, older.id, now(context))
        await reminders.sync(uow, created.tournament_id, now(context))
        await uow.commit()
    dispatch.reload(context.application)
    if query:
        await query.edit_message_text(f"✅ {spec.name} oluşturuldu.")
    plan = created.plan
    await reply(update, chat.created(spec.name, plan.groups, plan.matches, plan.day_end))
    # The live message (next slot, standings) is the one pinned; it is edited, not re-sent.
    await live.start(context, chat_.id, pin=chat_.type != ChatType.PRIVATE)
