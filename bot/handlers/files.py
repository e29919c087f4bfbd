"""Files instead of text: /fikstur and /puan as pictures, /eleme, /yazdir, /takvim, /disa_aktar.

`/fikstur metin` and `/puan metin` (after any filter) keep the text replies of views.py.
Pictures and the PDF are made in a worker process within a time budget (bot.runtime.offload,
bot.render.jobs): a large picture neither holds up other chats nor loads Pillow and fpdf2
into the bot process. The calendar and the CSV, plain text, are made in a worker thread.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable
from typing import Any

from telegram import InputFile, Update
from telegram.ext import ContextTypes

from bot import render
from bot.handlers import links, views
from bot.handlers.common import now, refuse, reply
from bot.render import calendar, export, jobs
from bot.runtime import offload, services
from bot.texts import files, fixture
from bot.usecases import snapshots
from domain import names, selection
from domain.errors import DomainError
from domain.selection import UnknownSelection

TEXT = "metin"


def _wants_text(context: ContextTypes.DEFAULT_TYPE) -> bool:
    """True (and the word removed from the arguments) when the last argument is "metin"."""
    args = list(context.args or [])
    if args and names.tr_lower(args[-1]) == TEXT:
        context.args = args[:-1]
        return True
    return False


async def _snapshot(
    update: Update, context: ContextTypes.DEFAULT_TYPE
) -> snapshots.Snapshot | None:
    if update.effective_chat is None:
        return None
    try:
        return await views.running(update, context)
    except DomainError as exc:
        await refuse(update, exc)
        return None


async def _render(make: Callable[..., Any], *args: Any) -> Any:
    return await asyncio.to_thread(make, *args)


_WAITING = object()  # the person was told to wait: nothing to send


def revision(snap: snapshots.Snapshot) -> Hashable:
    """What a file of the tournament depends on: a new result, move, rename, lot or rule
    makes a new one; an unchanged tournament gives the same value."""
    return (
        snap.tournament.name,
        snap.tournament.settings.tie_break,
        snap.groups,
        tuple((m.id, m.version, m.match, m.result) for m in snap.matches),
        snap.lots,
        snap.cards,
    )


async def _rationed(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    snap: snapshots.Snapshot,
    kind: str,
    key: Hashable,
    make: Callable[..., Any],
    *args: Any,
) -> Any:
    """`make(*args)` in a worker thread, at most once per person, chat and kind every 10
    s (bot/runtime/rations.py): the same request on an unchanged tournament gets the last render
    again, anything else a short "biraz bekleyin" (then _WAITING). A render past its
    budget (offload.TooSlow) is refused in Turkish (then _WAITING too)."""
    user, chat_ = update.effective_user, update.effective_chat
    if user is None or chat_ is None:
        return _WAITING
    rations = services.of(context.application).rations
    full_key = (key, revision(snap))
    verdict = rations.ask(user.id, chat_.id, kind, full_key)
    if not verdict.render:
        if verdict.cached is not None:
            return verdict.cached
        await reply(update, files.wait(verdict.wait))
        return _WAITING
    try:
        data = await _render(make, *args)
    except offload.TooSlow as exc:
        await refuse(update, exc)
        return _WAITING
    rations.keep(user.id, chat_.id, kind, full_key, data)
    return data


async def _photo(update: Update, data: bytes, name: str, caption: str, markup: Any = None) -> None:
    message = update.effective_message
    if message is not None:
        await message.reply_photo(
            photo=InputFile(data, filename=name), caption=caption, reply_markup=markup
        )


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
    moment = now(context)
    try:
        chosen = views.select(snap, wanted, moment)
    except UnknownSelection as exc:
        await reply(update, fixture.unknown(exc))
        return
    rows, title = list(chosen.rows), chosen.title
    if not rows and chosen.kind is selection.Kind.DAY:
        await reply(update, fixture.no_matches_on(wanted, views.match_days(snap)))
        return
    if not rows:
        await reply(update, files.NO_MATCHES)
        return
    upcoming = render.next_slot(rows, moment)
    key = (chosen.kind, chosen.title, chosen.day, upcoming)
    # In a worker process with a deadline (bot/runtime/offload.py): a big fixture neither holds
    # the event loop nor grows this process; past the budget a Turkish refusal.
    render_ = offload.in_worker(
        jobs.fixture, snap.tournament.name, rows, title, now=moment, budget=offload.RENDER_BUDGET
    )
    data = await _rationed(update, context, snap, "fikstur", key, render_)
    if data is _WAITING:
        return
    played = sum(1 for _, r in rows if r is not None)
    caption = files.fixture_caption(
        snap.tournament.name, rows[0][0].start, title, played, len(rows)
    )
    page = await links.page_markup(update, context)  # the live page's button, if public
    await _photo(
        update, data, f"{files.file_stem(snap.tournament.name)}-fikstur.png", caption, page
    )


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
    data = await _rationed(
        update,
        context,
        snap,
        "puan",
        tuple(chosen),
        offload.in_worker(
            jobs.tables,
            snap.tournament.name,
            chosen,
            snap.rules.tiebreak,
            single=single,
            budget=offload.RENDER_BUDGET,
        ),
    )
    if data is _WAITING:
        return
    caption = files.table_caption(snap.tournament.name)
    await _photo(update, data, f"{files.file_stem(snap.tournament.name)}-puan.png", caption)


async def eleme(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    snap = await _snapshot(update, context)
    if snap is None:
        return
    rows = [(m.match, m.result) for m in snap.matches]
    moment, sides = now(context), snap.knockout_sides()
    data = await _rationed(
        update,
        context,
        snap,
        "eleme",
        render.next_slot([r for r in rows if r[0].stage.is_knockout], moment),
        offload.in_worker(
            jobs.bracket,
            snap.tournament.name,
            rows,
            sides,
            now=moment,
            budget=offload.RENDER_BUDGET,
        ),
    )
    if data is _WAITING:
        return
    if data is None:
        await reply(update, files.NO_KNOCKOUT)
        return
    caption = files.bracket_caption(snap.tournament.name)
    await _photo(update, data, f"{files.file_stem(snap.tournament.name)}-eleme.png", caption)


async def yazdir(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    snap = await _snapshot(update, context)
    if snap is None:
        return
    moment = now(context).astimezone(snap.zone)
    card = offload.in_worker(jobs.card, snap, moment, budget=offload.RENDER_BUDGET, what="pdf")
    data = await _rationed(update, context, snap, "yazdir", None, card)
    if data is _WAITING:
        return
    caption = files.card_caption(snap.tournament.name)
    await _document(update, data, f"{files.file_stem(snap.tournament.name)}-fikstur.pdf", caption)


async def takvim(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    snap = await _snapshot(update, context)
    if snap is None:
        return
    wanted = " ".join(context.args or []).strip()
    try:
        team = names.resolve(wanted, snap.teams) if wanted else None
    except (names.UnknownTeam, names.AmbiguousTeam) as exc:
        await reply(update, fixture.unknown_team(wanted, snap.teams, exc.candidates))
        return
    data = await _rationed(
        update, context, snap, "takvim", team, calendar.ics, snap, now(context), team
    )
    if data is _WAITING:
        return
    stem = files.file_stem(snap.tournament.name)
    name = f"{stem}-{files.file_stem(team)}.ics" if team else f"{stem}.ics"
    caption = files.calendar_caption(snap.tournament.name, team, calendar.count(snap, team))
    await _document(update, data, name, caption)
    subscribe = await links.subscriptions(update, context, team)  # webcal:// addresses
    if subscribe:
        await reply(update, subscribe, disable_web_page_preview=True)


async def disa_aktar(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    snap = await _snapshot(update, context)
    if snap is None:
        return
    data = await _render(export.csv_bytes, snap)
    caption = files.export_caption(snap.tournament.name)
    await _document(update, data, f"{files.file_stem(snap.tournament.name)}-maclar.csv", caption)
