"""/gol, /kart, /gol_sil, /kart_sil and a reply to the bot's "Kaydedildi" with scorers."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from telegram import Update
from telegram.ext import ContextTypes

from bot.handlers.common import actor, refuse, remember, reply, run
from bot.handlers.effects import keyboard
from bot.handlers.squads import after_command
from bot.texts.discipline import (
    BAN_ORGANISERS,
    CEZA_HOW,
    LIMIT_HOW,
    ban_set,
    cards_table,
    fair_play_table,
    limit_set,
    scorers_table,
)
from bot.texts.players import (
    GOL_HOW,
    GOL_SIL_HOW,
    KART_HOW,
    KART_SIL_HOW,
    deleted,
    not_allowed,
    player_label,
    recorded,
    which_player,
)
from bot.texts.results import CANCEL
from bot.usecases import discipline, events, match_events, player_choices
from bot.usecases.errors import NotAllowed, NotOrganiser
from bot.usecases.match_events import Delete
from bot.usecases.runner import Verb
from domain.errors import DomainError


async def ask_player(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    error: events.AmbiguousPlayer,
    source: str,
    text: str,
    replied: str = "",
) -> None:
    """A name that fits several players (or is near one): buttons to choose, for whoever
    wrote it (pl:<user>:<index>, pl:<user>:x); nothing of the message is stored yet."""
    who = actor(update, context)
    command = player_choices.AskPlayer(source, text, error, replied)
    try:
        choice = (await run(context, player_choices.ask, command, who)).value
    except DomainError as exc:
        await refuse(update, exc)
        return
    remember(context, who.chat_id, who.user_id)
    user = who.user_id
    rows = tuple(
        ((player_label(p, t), f"pl:{user}:{i}"),) for i, (p, t) in enumerate(choice.options)
    )
    rows += (((CANCEL, f"pl:{user}:x"),),)
    await reply(update, which_player(choice.typed, choice.typo), reply_markup=keyboard(rows))


_SOURCES = {match_events.Goals: "goals", match_events.Cards: "cards", match_events.Reply: "reply"}
_REFUSED = object()


async def _run_events(
    update: Update, context: ContextTypes.DEFAULT_TYPE, verb: Verb, command: object
) -> Any:
    """What `verb` returned for `command`, or `_REFUSED` once the refusal is answered: a
    name that fits several players asks which (for typed goals, cards and replies)."""
    try:
        return (await run(context, verb, command, actor(update, context))).value
    except (NotOrganiser, NotAllowed) as exc:
        await reply(update, not_allowed(exc))
    except events.AmbiguousPlayer as exc:
        source = _SOURCES.get(type(command))
        if source is None:
            await refuse(update, exc)
        else:
            replied = command.replied if isinstance(command, match_events.Reply) else ""
            await ask_player(update, context, exc, source, command.text, replied)
    except DomainError as exc:
        await refuse(update, exc)
    return _REFUSED


async def _typed(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    how: str,
    verb: Verb,
    command: Callable[[str], object],
) -> None:
    """/gol, /kart, /gol_sil, /kart_sil: `how` without a text, else `verb` on it."""
    text = after_command(update)
    if not text:
        await reply(update, how)
        return
    done = await _run_events(update, context, verb, command(text))
    if done is not _REFUSED and done is not None:
        await reply(
            update, recorded(done) if not isinstance(done, match_events.Deleted) else deleted(done)
        )


async def gol(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/gol 7 Ali 2, Veli; Mehmet"""
    await _typed(update, context, GOL_HOW, match_events.goals, match_events.Goals)


async def kart(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/kart 7 Veli sarı, Mehmet kırmızı"""
    await _typed(update, context, KART_HOW, match_events.cards, match_events.Cards)


async def gol_sil(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await _typed(update, context, GOL_SIL_HOW, match_events.delete, partial(Delete, kind="goal"))


async def kart_sil(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await _typed(update, context, KART_SIL_HOW, match_events.delete, partial(Delete, kind="card"))


def replies_to_saved(update: Update) -> bool:
    """A group message answering the bot's "Kaydedildi" message."""
    message = update.effective_message
    replied = message.reply_to_message if message is not None else None
    if replied is None or replied.from_user is None or not replied.from_user.is_bot:
        return False
    return match_events.saved_match(replied.text or "") is not None


async def reply_events(update: Update, context: ContextTypes.DEFAULT_TYPE) -> bool:
    """The scorers of a reply to "Kaydedildi", recorded for that match; False when the
    reply is no events line (it is then read as any other message)."""
    message = update.effective_message
    assert message is not None and message.reply_to_message is not None
    command = match_events.Reply(message.text or "", message.reply_to_message.text or "")
    done = await _run_events(update, context, match_events.reply, command)
    if done is None:
        return False
    if done is not _REFUSED:
        await reply(update, recorded(done))
    return True


async def _tables(update: Update, context: ContextTypes.DEFAULT_TYPE, shape) -> None:  # noqa: ANN001
    try:
        shown = await run(context, discipline.tables, discipline.Tables(), actor(update, context))
    except DomainError as exc:
        await refuse(update, exc)
        return
    await reply(update, shape(shown.value))


async def goller(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await _tables(update, context, scorers_table)


async def kartlar(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await _tables(update, context, cards_table)


async def fairplay(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await _tables(update, context, fair_play_table)


async def ceza(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/ceza Mehmet 3, /ceza Mehmet 0"""
    text = after_command(update)
    if not text:
        await reply(update, CEZA_HOW)
        return
    try:
        done = await run(
            context, discipline.set_ban, discipline.SetBan(text), actor(update, context)
        )
    except (NotOrganiser, NotAllowed):
        await reply(update, BAN_ORGANISERS)
        return
    except DomainError as exc:
        await refuse(update, exc)
        return
    await reply(update, ban_set(done.value))


async def setting(update: Update, context: ContextTypes.DEFAULT_TYPE, args: list[str]) -> bool:
    """/ayarlar sari_ceza N (kapali): False for another key."""
    if not args or args[0] not in ("sari_ceza", "sarı_ceza"):
        return False
    if len(args) < 2:
        await reply(update, LIMIT_HOW)
        return True
    command = discipline.SetYellowLimit(args[1])
    try:
        done = await run(context, discipline.set_yellow_limit, command, actor(update, context))
    except DomainError as exc:
        await refuse(update, exc)
        return True
    await reply(update, limit_set(done.value))
    return True
