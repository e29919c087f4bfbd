"""Organisers' commands: /yetkili, /kura, /ayarlar, /takim_adi."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.handlers import forfeits, players
from bot.handlers.common import actor, refuse, reply, run
from bot.handlers.effects import apply
from bot.texts import admin, tiebreak
from bot.texts.schedule import refusal
from bot.usecases import organisers, reminder_settings
from domain import names
from domain.commands import setting_words
from domain.errors import DomainError


async def yetkili(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message = update.effective_message
    target = message.reply_to_message.from_user if message and message.reply_to_message else None
    if target is None or target.is_bot:
        await reply(update, admin.YETKILI_HOW)
        return
    try:
        command = organisers.AddOrganiser(target.id)
        done = await run(context, organisers.add_organiser, command, actor(update, context))
    except DomainError as exc:
        await refuse(update, exc)
        return
    await reply(update, admin.organiser_added(target.full_name))
    await apply(context, done.effects)


async def kura(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/kura Kartallar [, Şahinler ...]: the lot's order for a tie no criterion broke."""
    words = " ".join(context.args or [])
    if not words.strip(" ,"):
        await reply(update, admin.KURA_HOW)
        return
    try:
        command = organisers.RecordLot(words)
        done = await run(context, organisers.record_lot, command, actor(update, context))
    except organisers.NoTie as exc:
        await reply(update, admin.no_tie(exc.team))
        return
    except DomainError as exc:
        await refuse(update, exc, admin.KURA_HOW)
        return
    lot = done.value
    await reply(update, admin.lot_recorded(lot.order, [f"{m.home} - {m.away}" for m in lot.filled]))
    await apply(context, done.effects)


# /ayarlar's settings, as /yardim spells them; "sarı ceza", "kaptan sonuç" are read as these.
SETTING_KEYS = ("esitlik", "hukmen_puan_sil", "cekilme", "sari_ceza", "kadro", "kaptan_sonuc")
ON, OFF = ("acik", "açık", "ac", "aç", "evet"), ("kapali", "kapalı", "kapat", "hayir", "hayır")


async def ayarlar(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/ayarlar shows the settings; /ayarlar kaptan_sonuc acik|kapali or /ayarlar kadro 7
    (kapat) changes one."""
    if update.effective_chat is None:
        return
    who = actor(update, context)
    args = setting_words([names.tr_lower(a) for a in context.args or []], SETTING_KEYS)
    try:
        if not args:
            shown = await run(context, organisers.settings, organisers.ShowSettings(), who)
            await reply(update, admin.settings(shown.value))
            return
        if args[0] in ("esitlik", "eşitlik"):
            await _esitlik(update, context, " ".join((context.args or [])[1:]))
            return
        if await forfeits.setting(update, context, args):  # hukmen_puan_sil, cekilme
            return
        if await players.setting(update, context, args):  # sari_ceza
            return
        if args[0] == "kadro":
            squad = reminder_settings.Squad(" ".join(args[1:]))
            size = await run(context, reminder_settings.change_squad, squad, who)
            await reply(update, admin.squad(size.value))
            return
        if len(args) < 2 or args[0] != "kaptan_sonuc" or args[1] not in ON + OFF:
            await reply(update, admin.SETTINGS_HOW)
            return
        on = organisers.CaptainsResults(args[1] in ON)
        done = await run(context, organisers.captains_enter_results, on, who)
    except reminder_settings.BadSquad:
        await reply(update, admin.SQUAD_HOW)
        return
    except DomainError as exc:
        await reply(update, refusal(exc))
        return
    await reply(update, admin.captains_results(done.value))


async def _esitlik(update: Update, context: ContextTypes.DEFAULT_TYPE, words: str) -> None:
    """/ayarlar esitlik averaj, atılan gol, aralarındaki maç (or tff, halisaha …)."""
    if not words.strip():
        await reply(update, tiebreak.HOW)
        return
    try:
        command = organisers.TieBreakRule(words)
        done = await run(context, organisers.change_tiebreak, command, actor(update, context))
    except DomainError as exc:
        await reply(update, tiebreak.refusal(exc, words) or refusal(exc))
        return
    await reply(update, tiebreak.changed(done.value))
    await apply(context, done.effects)


async def takim_adi(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/takim_adi 3 Kartallar, or /takim_adi Eski Ad = Yeni Ad."""
    words = " ".join(context.args or []).strip()
    typed = ""
    if "=" in words:
        old_text, _, new = (part.strip() for part in words.partition("="))
    else:
        first, _, new = words.partition(" ")
        numbered = first.isascii() and first.isdigit()
        old_text, typed = (f"Takım {first}", "") if numbered else (first, words)
    new = " ".join(new.split())
    if not old_text or not new or len(new) > 50:
        await reply(update, admin.TAKIM_ADI_HOW)
        return
    try:
        command = organisers.RenameTeam(old_text, new, typed)
        done = await run(context, organisers.rename_team, command, actor(update, context))
    except DomainError as exc:
        await refuse(update, exc, admin.TAKIM_ADI_HOW)
        return
    await reply(update, admin.renamed(*done.value))
    await apply(context, done.effects)
