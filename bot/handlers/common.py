"""What every handler needs: the services, the actor of an update, admin checks, safe replies.

No unit of work here: handlers call use cases (bot/usecases/), which own theirs."""

from __future__ import annotations

import logging
from typing import Any

from telegram import CallbackQuery, Message, Update
from telegram.constants import ChatMemberStatus, ChatType
from telegram.error import BadRequest, TelegramError
from telegram.ext import ContextTypes

from bot.handlers import budget
from bot.runtime import presses, replies, services
from bot.texts import parts
from bot.texts.errors import refusal
from bot.usecases import runner
from bot.usecases.runner import Actor, Outcome
from domain.errors import DomainError

log = logging.getLogger(__name__)


def now(context: ContextTypes.DEFAULT_TYPE):  # noqa: ANN201 - datetime
    return services.of(context.application).clock()


def actor(update: Update, context: ContextTypes.DEFAULT_TYPE) -> Actor:
    """Who sent the update, where, when; the chat-admin question is asked only if a use
    case needs it, and then outside its write transaction."""
    chat, user = update.effective_chat, update.effective_user
    replies.handling(replies.of(context.application), update.update_id)
    lookup = services.of(context.application).handling  # several processes only
    handling = None if lookup is None else lookup(update.update_id)
    return Actor(
        user_id=user.id if user else 0,
        chat_id=chat.id if chat else 0,
        now=now(context),
        update_id=update.update_id,
        private=chat is not None and chat.type == ChatType.PRIVATE,
        name=user.full_name if user else "",
        admin=lambda: is_chat_admin(update, context),
        again=_handled_again(context, update.update_id),
        fence=None if handling is None else handling.fence,
        late=handling is not None and handling.late,
    )


def _handled_again(context: ContextTypes.DEFAULT_TYPE, update_id: int) -> bool:
    ledger = replies.of(context.application)
    return ledger is not None and ledger.handled_again(update_id)


def the_bot(context: ContextTypes.DEFAULT_TYPE, chat_id: int = 0) -> Actor:
    """The bot itself, reading or keeping what follows a committed change (the live
    message, a blocked chat): no person, no update to claim, in `chat_id` (0: none)."""
    return Actor(user_id=0, chat_id=chat_id, now=now(context))


async def run(
    context: ContextTypes.DEFAULT_TYPE, verb: runner.Verb, command: object, who: Actor
) -> Outcome[Any]:
    """The one way a handler runs a use case: `verb(uow, command, who)` through the runner,
    which owns the unit of work, the update's claim and the chat-admin question. A write's
    outcome is kept with its change until the reply went out, and while the database is
    locked or full the chat hears once that the bot waits (bot/runtime/replies.py)."""
    ledger = replies.of(context.application)
    waiting = None if ledger is None else lambda: ledger.say_waiting(who.chat_id or None)
    done = await runner.run(services.of(context.application).db, verb, command, who, waiting)
    if runner.kind_of(verb).write and ledger is not None:
        ledger.kept(who.update_id)
    return done


def remember(context: ContextTypes.DEFAULT_TYPE, chat_id: int, user_id: int) -> None:
    """A conversation was stored for (chat, user): later messages there must look it up."""
    keys = services.of(context.application).conversations
    if keys is not None:
        keys.add((chat_id, user_id))


def may_be_talking(context: ContextTypes.DEFAULT_TYPE, chat_id: int, user_id: int) -> bool:
    """False only when no stored conversation can exist for (chat, user): then an ordinary
    message costs no database read. Without the in-memory index (several processes on
    PostgreSQL) every message looks."""
    keys = services.of(context.application).conversations
    return keys is None or (chat_id, user_id) in keys


def talk_indexed(context: ContextTypes.DEFAULT_TYPE) -> bool:
    """The process knows every stored conversation (one process): the set-up's handler
    can tell at once whether a message answers it. Without the index a group message's
    own first read looks (`talk_read`), and what no read looked at is looked up last."""
    return services.of(context.application).conversations is not None


def talk_read(context: ContextTypes.DEFAULT_TYPE, read: bool | None = None) -> bool:
    """Whether this update's use case already read the sender's stored conversation with
    the tournament (snapshots.running with a talker). One context serves every handler
    group of an update, so a later group sees what an earlier one set."""
    if read is not None:
        context.talk_read = read  # type: ignore[attr-defined]
    return bool(getattr(context, "talk_read", False))


def in_group(update: Update) -> bool:
    chat = update.effective_chat
    return chat is not None and chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)


async def is_chat_admin(update: Update, context: ContextTypes.DEFAULT_TYPE) -> bool:
    """A Telegram round trip: ask it before opening a write unit of work, which on SQLite
    holds the process's writer lock (every other chat's results wait behind it)."""
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None or not in_group(update):
        return False
    try:
        member = await context.bot.get_chat_member(chat.id, user.id)
    except TelegramError:
        log.warning("could not read chat member %s in %s", user.id, chat.id)
        return False
    return member.status in (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)


async def reply(update: Update, text: str, **kwargs: object) -> Message | None:
    """A reply within Telegram's 4096 characters: a longer text goes in numbered parts
    (bot.texts.parts), the buttons on the last; returns the last message sent."""
    message = update.effective_message
    if message is None:
        return None
    chunks = parts.split(text, markup=str(kwargs.get("parse_mode", "")).upper() == "HTML")
    first = {k: v for k, v in kwargs.items() if k != "reply_markup"}
    sent = None
    for n, chunk in enumerate(chunks, 1):
        sent = await message.reply_text(chunk, **(kwargs if n == len(chunks) else first))  # type: ignore[arg-type]
    await replies.delivered(update.update_id)  # a replay after a crash sends it no more
    return sent


TOAST = 200  # Telegram's limit for an answerCallbackQuery text
LONG_TOAST = 80  # longer reasons are shown as an alert the presser closes


async def toast(query: CallbackQuery | None, text: str, *, alert: bool | None = None) -> None:
    """A reason under a button, for the presser alone (never a group message): cut to
    Telegram's limit, an alert when long (or when `alert` says so)."""
    if query is None:
        return
    short = text if len(text) <= TOAST else text[: TOAST - 1] + "…"
    await acknowledge(query, short, show_alert=len(text) > LONG_TOAST if alert is None else alert)


async def acknowledge(query: CallbackQuery | None, text: str | None = None, **kwargs: Any) -> bool:
    """answerCallbackQuery, which may come too late and is then harmless: Telegram refuses
    an answer more than ~15 s after the press ("query is too old"), and the press's effect
    (committed already) must still be confirmed in the chat. False when refused. A press
    that waited behind its chat's backlog was answered already (bot/runtime/presses.py):
    nothing is sent."""
    if query is None:
        return False
    answered = presses.early.get()
    if answered is not None and answered == query.id:  # answered "queued": one answer a press
        return True
    try:
        return await query.answer(text, **kwargs)
    except BadRequest as exc:
        if not _too_late(exc):
            raise
        log.info("button press %s answered too late: %s", query.id, exc.message)
        return False


def _too_late(exc: BadRequest) -> bool:
    text = exc.message.lower()
    return "query is too old" in text or "query id is invalid" in text


async def refuse(update: Update, exc: DomainError, how: str | None = None) -> None:
    """A user-caused error becomes one friendly Turkish line; nothing was stored. One
    member's stream of refusals in a group is folded (bot/handlers/budget.py). `how`: the
    command's own example after a team name it did not find."""
    if await budget.folded(update):
        return
    await reply(update, refusal(exc, how=how))
