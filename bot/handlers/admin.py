"""Organisers' commands: /yetkili, /kura, /turnuva_bitir, /ayarlar."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot import dispatch
from bot.handlers import live
from bot.handlers.common import is_chat_admin, now, refuse, reply, unit_of_work
from bot.texts import admin as texts
from bot.texts import schedule as schedule_texts
from bot.usecases import results, schedule, state
from domain import names
from domain.errors import DomainError


async def yetkili(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message, chat_, user = update.effective_message, update.effective_chat, update.effective_user
    if message is None or chat_ is None or user is None:
        return
    target = message.reply_to_message.from_user if message.reply_to_message else None
    if target is None:
        await reply(update, texts.YETKILI_HOW)
        return
    admin = await is_chat_admin(update, context)
    try:
        async with unit_of_work(context) as uow:
            snap = await state.active(uow, chat_.id)
            await results.may_organise(uow, snap, user.id, admin)
            await uow.tournaments.add_organiser(snap.id, target.id, now(context))
            await uow.commit()
    except DomainError as exc:
        await refuse(update, exc)
        return
    await reply(update, texts.organiser_added(target.full_name))


async def turnuva_bitir(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    chat_, user = update.effective_chat, update.effective_user
    if chat_ is None or user is None:
        return
    admin = await is_chat_admin(update, context)
    try:
        async with unit_of_work(context) as uow:
            snap = await state.active(uow, chat_.id)
            await results.may_organise(uow, snap, user.id, admin)
            await schedule.finish(uow, snap, now(context))
            await uow.commit()
    except DomainError as exc:
        await refuse(update, exc)
        return
    dispatch.reload(context.application)  # its pending reminders must not fire
    await reply(update, texts.finished(snap.tournament.name))


async def kura(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/kura Kartallar [Şahinler ...]: the lot's order for a tie no criterion broke."""
    chat_, user = update.effective_chat, update.effective_user
    if chat_ is None or user is None:
        return
    words = " ".join(context.args or [])
    if not words.strip():
        await reply(update, texts.KURA_HOW)
        return
    admin = await is_chat_admin(update, context)
    try:
        async with unit_of_work(context) as uow:
            snap = await state.active(uow, chat_.id)
            await results.may_organise(uow, snap, user.id, admin)
            first = [names.resolve(w.strip(), snap.teams) for w in words.split(",") if w.strip()]
            scope, tie = _tie_of(snap, first[0])
            if tie is None:
                await reply(update, texts.no_tie(first[0]))
                return
            order = first + [t for t in tie if t not in first]
            await uow.tiebreak.record_lot(snap.id, scope, order, user.id, now(context))
            extra = {**snap.tournament.settings.extra, "has_lots": True}
            await uow.tournaments.update_settings(snap.id, extra=extra)
            filled = await results.fill_knockout(uow, await state.load(uow, snap.id))
            await uow.commit()
    except DomainError as exc:
        await refuse(update, exc)
        return
    await reply(update, texts.lot_recorded(order, [f"{m.home} - {m.away}" for m in filled]))
    live.touch(context, chat_.id)


def _tie_of(snap: state.Snapshot, team: str) -> tuple[str, tuple[str, ...] | None]:
    for label, table in snap.tables().items():
        for tied in table.unresolved:
            if team in tied:
                return label, tied
    return "", None


async def ayarlar(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/ayarlar shows the settings; /ayarlar kaptan_sonuc acik|kapali or /ayarlar kadro 7
    (kapat) changes one."""
    chat_, user = update.effective_chat, update.effective_user
    if chat_ is None or user is None:
        return
    args = [names.tr_lower(a) for a in context.args or []]
    if args and args[0] == "kadro":
        await _squad(update, context, " ".join(args[1:]))
        return
    change = (
        len(args) >= 2
        and args[0] == "kaptan_sonuc"
        and args[1] in ("acik", "açık", "kapali", "kapalı")
    )
    admin = change and await is_chat_admin(update, context)
    try:
        async with unit_of_work(context) as uow:
            snap = await state.active(uow, chat_.id)
            if not args:
                await reply(update, texts.settings(snap.tournament))
                return
            if not change:
                await reply(update, texts.SETTINGS_HOW)
                return
            await results.may_organise(uow, snap, user.id, admin)
            on = args[1] in ("acik", "açık")
            await uow.tournaments.update_settings(snap.id, captains_may_enter_results=on)
            await uow.commit()
    except DomainError as exc:
        await refuse(update, exc)
        return
    await reply(update, texts.captains_results(on))


async def _squad(update: Update, context: ContextTypes.DEFAULT_TYPE, text: str) -> None:
    """/ayarlar kadro 7: captains' reminders ask "Kaç kişisiniz?"; fewer warns at once."""
    chat_, user = update.effective_chat, update.effective_user
    if chat_ is None or user is None:
        return
    admin = await is_chat_admin(update, context)
    try:
        async with unit_of_work(context) as uow:
            size = await schedule.set_squad(
                uow, chat_id=chat_.id, user_id=user.id, text=text, is_chat_admin=admin
            )
            await uow.commit()
    except schedule.BadSquad:
        await reply(update, texts.SQUAD_HOW)
        return
    except DomainError as exc:
        await reply(update, schedule_texts.refusal(exc))
        return
    await reply(update, texts.squad(size))


async def takim_adi(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/takim_adi 3 Kartallar, or /takim_adi Eski Ad = Yeni Ad."""
    chat_, user = update.effective_chat, update.effective_user
    if chat_ is None or user is None:
        return
    words = " ".join(context.args or []).strip()
    if "=" in words:
        old_text, _, new = (part.strip() for part in words.partition("="))
    else:
        first, _, new = words.partition(" ")
        old_text = f"Takım {first}" if first.isdigit() else first
    new = " ".join(new.split())
    if not old_text or not new or len(new) > 50:
        await reply(update, texts.TAKIM_ADI_HOW)
        return
    admin = await is_chat_admin(update, context)
    try:
        async with unit_of_work(context) as uow:
            snap = await state.active(uow, chat_.id)
            await results.may_organise(uow, snap, user.id, admin)
            old = names.resolve(old_text, snap.teams, fuzzy=False)
            await uow.teams.rename(snap.id, old, new)
            await uow.commit()
    except DomainError as exc:
        await refuse(update, exc)
        return
    await reply(update, texts.renamed(old, new))
