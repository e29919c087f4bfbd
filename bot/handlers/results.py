"""Results typed in the group ("Kartallar 3-1 Şahinler") or with /sonuc, and corrections."""

from __future__ import annotations

import dataclasses

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.ext import ContextTypes

from bot import dispatch
from bot.handlers import live
from bot.handlers.common import (
    converse,
    in_group,
    is_chat_admin,
    now,
    refuse,
    reply,
    unit_of_work,
)
from bot.texts import chat
from bot.usecases import results
from bot.usecases.ask import final_place
from bot.usecases.errors import AlreadyPlayed, NeedsConfirmation, NotOrganiser
from bot.usecases.state import Snapshot
from domain import names, scores
from domain.errors import DomainError
from storage.errors import NoActiveTournament

PENDING = "pending_result"
CONFIRM = "captain_result"


async def sonuc(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    text = " ".join(context.args or [])
    if not text:
        await reply(update, "Skoru yazın. Örnek: /sonuc Kartallar 3-1 Şahinler")
        return
    await _enter(update, context, text)


async def geri_al(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/geri_al: the organiser's last entry is reverted (a correction goes back to the old)."""
    chat_, user = update.effective_chat, update.effective_user
    if chat_ is None or user is None:
        return
    admin = await is_chat_admin(update, context)
    try:
        async with unit_of_work(context) as uow:
            undone = await results.undo(
                uow,
                chat_id=chat_.id,
                user_id=user.id,
                now=now(context),
                update_id=update.update_id,
                is_chat_admin=admin,
            )
            await uow.commit()
    except DomainError as exc:
        await refuse(update, exc)
        return
    await reply(update, chat.undone(undone.match, undone.removed, undone.restored))
    live.touch(context, chat_.id)
    dispatch.reload(context.application)  # an un-filled knockout side drops its reminders


async def plain(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A plain group message that reads like a score; anything else is left alone."""
    message = update.effective_message
    if message is None or not message.text or not in_group(update):
        return
    if not scores.looks_like_result(message.text):
        return
    await _enter(update, context, message.text, quiet=True)


async def _enter(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    text: str,
    *,
    quiet: bool = False,
    correct: bool = False,
) -> None:
    message, user, chat_ = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat_ is None:
        return
    entry = results.Entry(
        chat_id=chat_.id,
        user_id=user.id,
        text=text,
        now=now(context),
        update_id=update.update_id,
        message_id=message.message_id,
    )
    try:
        entered = await _record(update, context, entry, correct)
    except NoActiveTournament:
        if not quiet:
            await reply(update, "Bu sohbette süren bir turnuva yok. Kurmak için: /yeni_turnuva")
        return
    except names.UnknownTeam as exc:
        await _suggest(update, context, text, exc)
        return
    except AlreadyPlayed as exc:
        await _offer_correction(update, context, text, exc)
        return
    except NeedsConfirmation as exc:
        await _ask_other_captain(update, context, text, exc)
        return
    except DomainError as exc:
        await refuse(update, exc)
        return
    await _announce(update, entered)
    _changed(context, entered)


def _changed(context: ContextTypes.DEFAULT_TYPE, entered: results.Entered) -> None:
    """After a stored result: the live message, and the reminders of a filled knockout tie
    (their rows were synced in the result's transaction; not on every group result)."""
    live.touch(context, entered.snapshot.tournament.chat_id)
    if entered.filled:
        dispatch.reload(context.application)


async def _record(
    update: Update, context: ContextTypes.DEFAULT_TYPE, entry: results.Entry, correct: bool
) -> results.Entered:
    """Creators and /yetkili organisers need no Telegram call; a chat admin is asked for
    only when the stored organisers do not include the sender."""
    try:
        async with unit_of_work(context) as uow:
            entered = await results.enter(uow, entry, correct=correct)
            await uow.commit()
            return entered
    except NotOrganiser:
        if not await is_chat_admin(update, context):
            raise
    async with unit_of_work(context) as uow:
        entered = await results.enter(
            uow, dataclasses.replace(entry, is_chat_admin=True), correct=correct
        )
        await uow.commit()
        return entered


async def _announce(update: Update, entered: results.Entered) -> None:
    if entered.outcome.duplicate:
        return  # the same update twice: stored once, answered once
    snap = entered.snapshot
    match = next(m.match for m in snap.matches if m.match.no == entered.match.no)
    parts = [chat.result_saved(match, entered.outcome.score, entered.outcome.previous)]  # type: ignore[arg-type]
    if entered.table is not None:
        label, table = entered.table
        parts.append(
            chat.group_table(
                label, table, snap.rules.tiebreak, len(snap.groups) < 2, bool(entered.group_done)
            )
        )
    if entered.group_done and entered.table is not None:  # the finished group's own table
        parts.append(chat.group_done(entered.group_done))
        parts += [chat.lot_needed(tied) for tied in entered.table[1].unresolved]
    if entered.filled:
        parts.append(chat.filled(entered.filled))
    if entered.champion:
        parts.append(chat.champion(entered.champion, ranking(snap)))
    await reply(update, "\n\n".join(parts))


def ranking(snap: Snapshot) -> list[str]:
    order = {"1": 1, "2": 2, "3": 3, "4": 4}
    placed = [(order[p], t) for t in snap.teams if (p := final_place(snap, t)) in order]
    return [t for _, t in sorted(placed)]


async def _suggest(
    update: Update, context: ContextTypes.DEFAULT_TYPE, text: str, exc: names.UnknownTeam
) -> None:
    """'Kartalar' → buttons with the closest teams; the choice re-enters the line."""
    user, chat_ = update.effective_user, update.effective_chat
    if not exc.candidates or user is None or chat_ is None:
        await refuse(update, exc)
        return
    state = {"kind": PENDING, "text": text, "wrong": exc.text, "options": list(exc.candidates)}
    await converse(context, chat_.id, user.id, state, now(context))
    buttons = [
        [InlineKeyboardButton(team, callback_data=f"fix:{i}")]
        for i, team in enumerate(exc.candidates)
    ]
    buttons.append([InlineKeyboardButton("Vazgeç", callback_data="fix:x")])
    await reply(
        update,
        f'"{exc.text}" adında takım yok. Hangisini demek istediniz?',
        reply_markup=InlineKeyboardMarkup(buttons),
    )


async def _offer_correction(
    update: Update, context: ContextTypes.DEFAULT_TYPE, text: str, exc: AlreadyPlayed
) -> None:
    user, chat_ = update.effective_user, update.effective_chat
    if user is None or chat_ is None:
        return
    await converse(context, chat_.id, user.id, {"kind": PENDING, "text": text}, now(context))
    buttons = [
        [
            InlineKeyboardButton("Değiştir", callback_data="fix:c"),
            InlineKeyboardButton("Vazgeç", callback_data="fix:x"),
        ]
    ]
    await reply(
        update,
        chat.already_played(exc.match, exc.stored, exc.new),
        reply_markup=InlineKeyboardMarkup(buttons),
    )


async def _ask_other_captain(
    update: Update, context: ContextTypes.DEFAULT_TYPE, text: str, exc: NeedsConfirmation
) -> None:
    user, chat_ = update.effective_user, update.effective_chat
    if user is None or chat_ is None:
        return
    pending = {"kind": CONFIRM, "text": text, "match": exc.match.no}
    await converse(context, chat_.id, user.id, pending, now(context))
    buttons = [
        [
            InlineKeyboardButton("Onayla", callback_data=f"ok:{user.id}"),
            InlineKeyboardButton("Reddet", callback_data=f"no:{user.id}"),
        ]
    ]
    await reply(
        update,
        chat.confirm_request(exc.match, exc.score, exc.team),
        reply_markup=InlineKeyboardMarkup(buttons),
    )


async def confirm_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The other captain confirms (or rejects) a captain's result; only then it counts."""
    query, presser, chat_ = update.callback_query, update.effective_user, update.effective_chat
    if query is None or presser is None or chat_ is None or not query.data:
        return
    verb, _, entered_by = query.data.partition(":")
    async with unit_of_work(context, read_only=True) as uow:
        pending = await uow.setups.get(chat_.id, int(entered_by))
    if pending is None or pending.get("kind") != CONFIRM or int(entered_by) == presser.id:
        await query.answer("Bu onayı ancak rakip takımın kaptanı verebilir.")
        return
    await query.answer()
    entry = results.Entry(
        chat_id=chat_.id,
        user_id=int(entered_by),
        text=pending["text"],
        now=now(context),
        update_id=update.update_id,
        confirmed_by=presser.id,
    )
    if verb == "no":
        async with unit_of_work(context) as uow:
            await uow.setups.delete(chat_.id, int(entered_by))
            await uow.commit()
        await query.edit_message_text(chat.confirm_rejected())
        return
    try:
        async with unit_of_work(context) as uow:
            entered = await results.enter(uow, entry)
            await uow.setups.delete(chat_.id, int(entered_by))
            await uow.commit()
    except DomainError as exc:
        await refuse(update, exc)
        return
    await query.edit_message_text(chat.confirmed())
    await _announce(update, entered)
    _changed(context, entered)


async def fix_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query, user, chat_ = update.callback_query, update.effective_user, update.effective_chat
    if query is None or user is None or chat_ is None:
        return
    choice = (query.data or "").removeprefix("fix:")
    async with unit_of_work(context) as uow:
        pending = await uow.setups.get(chat_.id, user.id)
        if pending is None or pending.get("kind") != PENDING:
            await query.answer("Bu seçim artık geçerli değil.")
            return
        await uow.setups.delete(chat_.id, user.id)
        await uow.commit()
    await query.answer()
    if choice == "x":
        await query.edit_message_text("Vazgeçildi; hiçbir şey değişmedi.")
        return
    if choice == "c":
        await query.edit_message_text("Sonuç değiştiriliyor…")
        await _enter(update, context, pending["text"], correct=True)
        return
    team = pending["options"][int(choice)]
    fixed = pending["text"].replace(pending["wrong"], team, 1)
    await query.edit_message_text(f"Seçilen: {team}")
    await _enter(update, context, fixed)
