"""Results typed in the group ("Kartallar 3-1 Şahinler") or with /sonuc, and corrections."""

from __future__ import annotations

import dataclasses
import html

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.ext import ContextTypes

from bot.handlers.common import actor, converse, database, in_group, now, refuse, reply, toast
from bot.handlers.effects import apply
from bot.texts import buttons, chat
from bot.usecases import conversations, lines, results, units
from bot.usecases.errors import AlreadyPlayed, NeedsConfirmation, NotYourButton
from bot.usecases.results import CONFIRM, PENDING
from bot.usecases.units import Effects, Outgoing
from domain import names
from domain.errors import DomainError
from domain.tournament import ranking
from storage.errors import NoActiveTournament


async def sonuc(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    text = " ".join(context.args or [])
    if not text:
        await reply(update, "Skoru yazın. Örnek: /sonuc Kartallar 3-1 Şahinler")
        return
    await _enter(update, context, text)


async def plain(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A plain group message that reads like a score; anything else is left alone."""
    message = update.effective_message
    if message is None or not message.text or not in_group(update):
        return
    user, chat_ = update.effective_user, update.effective_chat
    if user is None or chat_ is None or not lines.may_be_result(message.text):
        return
    moment = now(context)
    told = await units.read(
        database(context),
        lambda uow: lines.read(uow, chat_.id, user.id, message.text, moment),
    )
    match told:
        case lines.Enter(line=line, more=more):
            for part, each in enumerate((line, *more)):
                await _enter(update, context, each, quiet=True, part=part)
        case lines.Clarify(unclear=unclear):
            await reply(update, chat.unclear_result(unclear))


async def _enter(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    text: str,
    *,
    quiet: bool = False,
    correct: bool = False,
    part: int = 0,
) -> None:
    who = actor(update, context)
    if part:  # a later line of one message: its own key, so it is not a repeat of line one
        who = dataclasses.replace(who, update_id=-(update.update_id * 16 + part))
    try:
        done = await results.record(database(context), who, text, correct=correct)
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
    await _announce(update, done.value)
    await apply(context, done.effects)


async def _announce(update: Update, entered: results.Entered) -> None:
    if entered.outcome.duplicate:
        return  # the same update twice: stored once, answered once
    snap = entered.snapshot
    match = next(m.match for m in snap.matches if m.match.no == entered.match.no)
    saved = chat.result_saved(match, entered.outcome.score, entered.outcome.previous)  # type: ignore[arg-type]
    parts = [html.escape(saved)]
    if entered.table is not None:  # that group's table only, monospaced so columns align
        label, table = entered.table
        text = chat.group_table(
            label, table, snap.rules.tiebreak, len(snap.groups) < 2, bool(entered.group_done)
        )
        parts.append(f"<pre>{html.escape(text)}</pre>")
    later = []
    if entered.group_done and entered.table is not None:  # the finished group's own table
        later.append(chat.group_done(entered.group_done))
        final = entered.table[1]
        later += [chat.lot_needed(tied, final.decider) for tied in final.unresolved]
    if entered.filled:
        later.append(chat.filled(entered.filled))
    if entered.champion:
        later.append(chat.champion(entered.champion, ranking(snap.play)))
    parts += [html.escape(p) for p in later]
    await reply(update, "\n\n".join(parts), parse_mode="HTML")


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
        [InlineKeyboardButton(team, callback_data=f"fix:{user.id}:{i}")]
        for i, team in enumerate(exc.candidates)
    ]
    buttons.append([InlineKeyboardButton("Vazgeç", callback_data=f"fix:{user.id}:x")])
    await reply(
        update,
        f'"{exc.text[:40]}" adında takım yok. Hangisini demek istediniz?',
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
            InlineKeyboardButton("Değiştir", callback_data=f"fix:{user.id}:c"),
            InlineKeyboardButton("Vazgeç", callback_data=f"fix:{user.id}:x"),
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


def _number(text: str) -> int | None:
    """A user id or index from button data; None for anything forged or malformed."""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 20 else None


async def confirm_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """ok:<captain> / no:<captain>: the other side's captain confirms or rejects a captain's
    result; only a confirmation stores it."""
    query = update.callback_query
    if query is None:
        return
    verb, _, owner = (query.data or "").partition(":")
    entered_by = _number(owner)
    if entered_by is None:
        await toast(query, buttons.refusal(NotYourButton("stale")), alert=True)
        return
    db, who = database(context), actor(update, context)
    try:
        if verb == "no":
            done_no = await results.reject_captain(db, who, entered_by)
        else:
            done = await results.confirm_captain(db, who, entered_by)
    except NotYourButton as exc:
        await toast(query, buttons.refusal(exc), alert=True)
        return
    except DomainError as exc:  # e.g. the match got its result meanwhile
        await toast(query, buttons.refusal(exc), alert=True)
        return
    await query.answer()
    if verb == "no":
        rejected = done_no.value
        await query.edit_message_text(chat.confirm_rejected())
        text = buttons.captain_result_rejected(rejected.match, rejected.score)
        await apply(context, Effects(messages=tuple(Outgoing(u, text) for u in rejected.tell)))
        return
    await query.edit_message_text(chat.confirmed())
    await _announce(update, done.value)
    await apply(context, done.effects)


async def fix_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """fix:<user>:<choice>: the typo's team, [Değiştir] or [Vazgeç], for whoever wrote it."""
    query, user, chat_ = update.callback_query, update.effective_user, update.effective_chat
    if query is None or user is None or chat_ is None:
        return
    owner, _, choice = (query.data or "").removeprefix("fix:").partition(":")
    if _number(owner) != user.id:
        reason = "stale" if _number(owner) is None else "owner"
        await toast(query, buttons.refusal(NotYourButton(reason)), alert=True)
        return
    pending = await conversations.take(database(context), chat_.id, user.id, PENDING)
    index = _number(choice)
    options = (pending or {}).get("options") or []
    if pending is None or (choice not in ("x", "c") and (index is None or index >= len(options))):
        await toast(query, buttons.refusal(NotYourButton("stale")), alert=True)
        return
    await query.answer()
    if choice == "x":
        await query.edit_message_text("Vazgeçildi; hiçbir şey değişmedi.")
        return
    if choice == "c":
        await query.edit_message_text("Sonuç değiştiriliyor…")
        await _enter(update, context, pending["text"], correct=True)
        return
    team = options[index]  # type: ignore[index]
    fixed = pending["text"].replace(pending["wrong"], team, 1)
    await query.edit_message_text(f"Seçilen: {team}")
    await _enter(update, context, fixed)
