"""Files instead of text: /fikstur and /puan as pictures, /eleme, /yazdir, /takvim, /disa_aktar.

`/fikstur metin` and `/puan metin` (after any filter) keep the text replies of views.py.
Rendering runs in a worker thread so a large picture does not hold up other chats.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from telegram import InputFile, Update
from telegram.ext import ContextTypes

from bot.handlers import views
from bot.handlers.common import now, refuse, reply, unit_of_work
from bot.render import calendar, export, picture, printout
from bot.texts import files as texts
from bot.usecases import state
from domain import names
from domain.errors import DomainError

TEXT = "metin"


def _wants_text(context: ContextTypes.DEFAULT_TYPE) -> bool:
    """True (and the word removed from the arguments) when the last argument is "metin"."""
    args = list(context.args or [])
    if args and names.tr_lower(args[-1]) == TEXT:
        context.args = args[:-1]
        return True
    return False


async def _snapshot(update: Update, context: ContextTypes.DEFAULT_TYPE) -> state.Snapshot | None:
    chat_ = update.effective_chat
    if chat_ is None:
        return None
    try:
        async with unit_of_work(context, read_only=True) as uow:
            return await state.active(uow, chat_.id)
    except DomainError as exc:
        await refuse(update, exc)
        return None


async def _render(make: Callable[..., Any], *args: Any) -> Any:
    return await asyncio.to_thread(make, *args)


async def _photo(update: Update, data: bytes, name: str, caption: str) -> None:
    message = update.effective_message
    if message is not None:
        await message.reply_photo(photo=InputFile(data, filename=name), caption=caption)


async def _document(update: Update, data: bytes, name: str, caption: str) -> None:
    message = update.effective_message
    if message is not None:
        await message.reply_document(document=InputFile(data, filename=name), caption=caption)


async def fikstur(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    if _wants_text(context):
        await views.fikstur(update, context)
        return
    snap = await _snapshot(update, context)
    if snap is None:
        return
    wanted = " ".join(context.args or []).strip()
    try:
        rows, title = views._select(snap, wanted, now(context))
    except DomainError as exc:
        await refuse(update, exc)
        return
    if not rows:
        await reply(update, texts.NO_MATCHES)
        return
    data = await _render(picture.fixture, snap.tournament.name, rows, title)
    played = sum(1 for _, r in rows if r is not None)
    caption = texts.fixture_caption(
        snap.tournament.name, rows[0][0].start, title, played, len(rows)
    )
    await _photo(update, data, f"{texts.file_stem(snap.tournament.name)}-fikstur.png", caption)


async def puan(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    if _wants_text(context):
        await views.puan(update, context)
        return
    snap = await _snapshot(update, context)
    if snap is None:
        return
    wanted = " ".join(context.args or []).strip().upper().removeprefix("GRUP").strip()
    tables = snap.tables()
    chosen = {wanted: tables[wanted]} if wanted in tables else tables
    single = len(snap.groups) < 2
    data = await _render(
        lambda: picture.tables(snap.tournament.name, chosen, snap.rules.tiebreak, single=single)
    )
    caption = texts.table_caption(snap.tournament.name)
    await _photo(update, data, f"{texts.file_stem(snap.tournament.name)}-puan.png", caption)


async def eleme(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    snap = await _snapshot(update, context)
    if snap is None:
        return
    rows = [(m.match, m.result) for m in snap.matches]
    data = await _render(picture.bracket, snap.tournament.name, rows, snap.knockout_sides())
    if data is None:
        await reply(update, texts.NO_KNOCKOUT)
        return
    caption = texts.bracket_caption(snap.tournament.name)
    await _photo(update, data, f"{texts.file_stem(snap.tournament.name)}-eleme.png", caption)


async def yazdir(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    snap = await _snapshot(update, context)
    if snap is None:
        return
    data = await _render(printout.card, snap, now(context).astimezone(snap.zone))
    caption = texts.card_caption(snap.tournament.name)
    await _document(update, data, f"{texts.file_stem(snap.tournament.name)}-fikstur.pdf", caption)


async def takvim(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    snap = await _snapshot(update, context)
    if snap is None:
        return
    wanted = " ".join(context.args or []).strip()
    try:
        team = names.resolve(wanted, snap.teams) if wanted else None
    except DomainError as exc:
        await refuse(update, exc)
        return
    data = await _render(calendar.ics, snap, now(context), team)
    stem = texts.file_stem(snap.tournament.name)
    name = f"{stem}-{texts.file_stem(team)}.ics" if team else f"{stem}.ics"
    caption = texts.calendar_caption(snap.tournament.name, team, calendar.count(snap, team))
    await _document(update, data, name, caption)


async def disa_aktar(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    snap = await _snapshot(update, context)
    if snap is None:
        return
    data = await _render(export.csv_bytes, snap)
    caption = texts.export_caption(snap.tournament.name)
    await _document(update, data, f"{texts.file_stem(snap.tournament.name)}-maclar.csv", caption)
