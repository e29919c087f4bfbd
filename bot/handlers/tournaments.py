"""/turnuva_bitir, /turnuvalar, /geri_yukle and their confirmation buttons.

Ending and bringing back change the chat's running tournament, so each asks first, with
a button only the asker may press: tb:end:<asker>:<tournament>, tb:back:<asker>:<tournament>:
<the running one, 0: none>, tb:no:<asker>. Who may is the use case's question
(bot.usecases.tournaments); every refusal of a button is a toast.
"""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from bot.handlers import live
from bot.handlers.common import acknowledge, actor, reply, run, toast
from bot.handlers.effects import apply
from bot.texts.buttons import STALE
from bot.texts.tournaments import (
    BAD,
    END,
    KEPT,
    NO,
    RESTORE,
    ask_end,
    ask_restore,
    ended,
    listing,
    refusal,
    restored,
)
from bot.usecases import roles, tournaments
from domain.errors import DomainError


def _keyboard(rows: list[tuple[str, str]]) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(label, callback_data=d) for label, d in rows]]
    )


async def turnuva_bitir(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/turnuva_bitir: an organiser is asked [Evet, bitir] [Vazgeç]; nothing ends yet."""
    who = actor(update, context)
    try:
        ending = (await run(context, tournaments.ask_end, tournaments.AskEnd(), who)).value
    except DomainError as exc:
        await reply(update, refusal(exc, "end"))
        return
    buttons = _keyboard(
        [
            (END, f"tb:end:{who.user_id}:{ending.tournament_id}"),
            (NO, f"tb:no:{who.user_id}"),
        ]
    )
    await reply(update, ask_end(ending), reply_markup=buttons)


async def turnuvalar(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/turnuvalar: every tournament of this chat, numbered, running or not (anyone)."""
    who = actor(update, context)
    listed = await run(context, tournaments.listing, tournaments.Listing(), who)
    await reply(update, listing(listed.value))


async def geri_yukle(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/geri_yukle N: an organiser is asked [Evet, geri yükle] [Vazgeç]."""
    who = actor(update, context)
    try:
        command = tournaments.AskRestore(" ".join(context.args or []))
        asked = (await run(context, tournaments.ask_restore, command, who)).value
    except DomainError as exc:
        await reply(update, refusal(exc, "restore"))
        return
    running = asked.running.tournament.id if asked.running else 0
    target = asked.target.tournament.id
    buttons = _keyboard(
        [
            (RESTORE, f"tb:back:{who.user_id}:{target}:{running}"),
            (NO, f"tb:no:{who.user_id}"),
        ]
    )
    await reply(update, ask_restore(asked), reply_markup=buttons)


def _parse(data: str) -> tuple[str, int, tuple[int, ...]] | None:
    """(kind, asker, ids) of tb:end / tb:back / tb:no data; None for anything else."""
    parts = data.split(":")
    sizes = {"end": 4, "back": 5, "no": 3}
    if len(parts) < 3 or parts[0] != "tb" or sizes.get(parts[1]) != len(parts):
        return None
    numbers = parts[2:]
    digits = [n.removeprefix("-") for n in numbers]
    if not all(d.isascii() and d.isdigit() and len(d) < 20 for d in digits):  # not "²"
        return None
    asker, *ids = (int(n) for n in numbers)
    return parts[1], asker, tuple(ids)


async def button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """[Evet, bitir], [Evet, geri yükle], [Vazgeç]: the asker's press only."""
    query = update.callback_query
    if query is None:
        return
    parsed = _parse(query.data or "")
    who = actor(update, context)
    if parsed is None:
        await acknowledge(query, BAD)
        return
    kind, asker, ids = parsed
    try:
        if kind == "no":
            roles.own_button(asker, who)
            await acknowledge(query)
            await query.edit_message_text(KEPT)
            return
        if kind == "end":
            done = await run(context, tournaments.end, tournaments.End(ids[0], asker), who)
            said = ended(done.value)
        else:
            command = tournaments.Restore(ids[0], ids[1] or None, asker)
            done = await run(context, tournaments.restore, command, who)
            said = restored(done.value.name, done.value.replaced)
    except DomainError as exc:
        await toast(update.callback_query, refusal(exc, "end" if kind == "end" else "restore"))
        return
    await acknowledge(query)
    await query.edit_message_text(said)
    await apply(context, done.effects)
    if kind == "back":  # the restored tournament's live message, posted and pinned anew
        chat_ = update.effective_chat
        await live.start(
            context, who.chat_id, pin=chat_ is not None and chat_.type != ChatType.PRIVATE
        )


async def unknown_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Registered last: data no other button handler knows (an old or forged button)."""
    if update.callback_query is not None:
        await acknowledge(update.callback_query, STALE)
