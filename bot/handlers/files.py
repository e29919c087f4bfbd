"""Files instead of text: /fikstur and /puan as pictures, /eleme, /yazdir, /takvim, /disa_aktar.

`/fikstur metin` and `/puan metin` (after any filter) keep the text replies of views.py.
Pictures and the PDF are made in a worker process within a time budget (bot.runtime.offload,
bot.render.jobs): a large picture neither holds up other chats nor loads Pillow and fpdf2
into the bot process. The calendar and the CSV, plain text, are made in a worker thread.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

from telegram import InputFile, Update
from telegram.ext import ContextTypes

from bot import render
from bot.handlers import links, showing, views
from bot.handlers.common import now, refuse, reply
from bot.render import calendar, export, jobs
from bot.runtime import offload, services
from bot.texts import files, fixture, table
from bot.texts.weeks import waiting
from bot.usecases import snapshots
from bot.usecases.views import chosen_fixture
from domain import names, selection
from domain.errors import DomainError
from domain.selection import UnknownGroup, UnknownSelection

TEXT = "metin"
# What the chat is shown while a rationed kind is made; a calendar (text, milliseconds): none.
SHOWN = {"fikstur": showing.PHOTO, "puan": showing.PHOTO, "eleme": showing.PHOTO}
SHOWN |= {"yazdir": showing.DOCUMENT}


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
    deliver: Callable[[Any], Awaitable[None]],
) -> None:
    """`deliver(make())`, `make` run in a worker thread at most once per person, chat and
    kind every 10 s (bot/runtime/rations.py): the same request on an unchanged tournament
    gets the last render again at once; anything else is made and delivered when its turn
    comes (a request already waiting is not made twice). A render past its budget
    (offload.TooSlow) is refused in Turkish. A picture or the PDF being made shows "sending a
    photo…" (or "…a file") in the chat (bot.handlers.showing)."""
    user, chat_ = update.effective_user, update.effective_chat
    if user is None or chat_ is None:
        return
    rations = services.of(context.application).rations
    full_key = (key, revision(snap))

    async def turn() -> None:
        action = SHOWN.get(kind)  # "sending a photo…" while a picture or the PDF is made
        try:
            data = await showing.showing(context.bot, chat_.id, action, _render(make))
        except offload.TooSlow as exc:
            await refuse(update, exc)
            return
        rations.keep(user.id, chat_.id, kind, full_key, data)
        await deliver(data)

    verdict = rations.ask(user.id, chat_.id, kind, full_key)
    if verdict.render:
        await turn()
    elif verdict.cached is not None:
        await deliver(verdict.cached)
    else:
        rations.later(user.id, chat_.id, kind, full_key, turn)


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
        shown = chosen_fixture(snap, wanted, moment)
    except UnknownSelection as exc:
        await reply(update, fixture.unknown(exc))
        return
    chosen, waits = shown.chosen, shown.waits  # waits: listed apart, no date
    rows, title = list(chosen.rows), chosen.title
    if not rows and chosen.kind is selection.Kind.DAY:
        await reply(update, fixture.no_matches_on(wanted, views.match_days(snap)))
        return
    if not rows and waits:
        await reply(update, waiting(waits))
        return
    if not rows:
        await reply(update, files.NO_MATCHES)
        return
    upcoming = render.next_shown(
        rows,
        [(m.match, m.result) for m in snap.matches],
        moment,
        kind=chosen.kind,
    )
    key = (chosen.kind, chosen.title, chosen.day, upcoming, tuple(m.no for m in waits))
    # In a worker process with a deadline (bot/runtime/offload.py): a big fixture neither holds
    # the event loop nor grows this process; past the budget a Turkish refusal.
    render_ = offload.in_worker(
        jobs.fixture,
        snap.tournament.name,
        rows,
        title,
        now=moment,
        undated=waits,
        upcoming=upcoming,
        budget=offload.RENDER_BUDGET,
    )
    played = sum(1 for _, r in rows if r is not None)
    forfeits = sum(1 for _, r in rows if r is not None and r.forfeit)
    last = max(m.start for m, _ in rows) if rows[0][0].week is not None else None  # a season
    caption = files.fixture_caption(
        snap.tournament.name,
        rows[0][0].start,
        title,
        played,
        len(rows),
        last,
        forfeits=forfeits,
        undated=len(waits),
        wanted=wanted,
    )

    async def deliver(data: bytes) -> None:
        page = await links.page_markup(update, context)  # the live page's button, if public
        name = f"{files.file_stem(snap.tournament.name)}-fikstur.png"
        await _photo(update, data, name, caption, page)

    await _rationed(update, context, snap, "fikstur", key, render_, deliver)


async def puan(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    if _wants_text(context):
        await views.puan(update, context)
        return
    snap = await _snapshot(update, context)
    if snap is None:
        return
    try:
        labels = views.table_labels(snap, " ".join(context.args or []))
    except UnknownGroup as exc:
        await reply(update, table.unknown_group(exc))
        return
    tables = snap.tables()
    chosen = {label: tables[label] for label in labels}
    single = len(snap.groups) < 2
    make = offload.in_worker(
        jobs.tables,
        snap.tournament.name,
        chosen,
        snap.rules.tiebreak,
        single=single,
        budget=offload.RENDER_BUDGET,
    )

    async def deliver(data: bytes) -> None:
        caption = files.table_caption(snap.tournament.name)
        await _photo(update, data, f"{files.file_stem(snap.tournament.name)}-puan.png", caption)

    await _rationed(update, context, snap, "puan", tuple(chosen), make, deliver)


async def eleme(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    snap = await _snapshot(update, context)
    if snap is None:
        return
    rows = [(m.match, m.result) for m in snap.matches]
    moment, sides = now(context), snap.knockout_sides()
    knockout = [r for r in rows if r[0].stage.is_knockout]
    if not knockout:
        await reply(update, files.NO_KNOCKOUT)
        return
    make = offload.in_worker(
        jobs.bracket, snap.tournament.name, rows, sides, now=moment, budget=offload.RENDER_BUDGET
    )

    async def deliver(data: bytes | None) -> None:
        if data is None:
            await reply(update, files.NO_KNOCKOUT)
            return
        caption = files.bracket_caption(snap.tournament.name)
        await _photo(update, data, f"{files.file_stem(snap.tournament.name)}-eleme.png", caption)

    key = render.next_slot(knockout, moment)
    await _rationed(update, context, snap, "eleme", key, make, deliver)


async def yazdir(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/yazdir: the A4 card; /yazdir Kartallar (a group, a day: as /fikstur chooses) that
    choice's matches only. The team's name was ignored and the whole fixture printed."""
    snap = await _snapshot(update, context)
    if snap is None:
        return
    moment = now(context).astimezone(snap.zone)
    wanted = " ".join(context.args or []).strip()
    chosen, waits = None, None
    if wanted:
        try:
            shown = chosen_fixture(snap, wanted, moment)
        except UnknownSelection as exc:
            await reply(update, fixture.unknown(exc))
            return
        chosen, waits = shown.chosen, shown.waits
        if not chosen.rows and not waits:
            await reply(update, files.NO_MATCHES)
            return
    title = chosen.title if chosen is not None else None
    card = offload.in_worker(
        jobs.card, snap, moment, chosen, waits, budget=offload.RENDER_BUDGET, what="pdf"
    )

    async def deliver(data: bytes) -> None:
        caption = files.card_caption(snap.tournament.name, title)
        stem = files.file_stem(snap.tournament.name)
        name = f"{stem}-{files.file_stem(title)}.pdf" if title else f"{stem}-fikstur.pdf"
        await _document(update, data, name, caption)

    await _rationed(update, context, snap, "yazdir", title, card, deliver)


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
    moment = now(context)

    async def deliver(data: bytes) -> None:
        stem = files.file_stem(snap.tournament.name)
        name = f"{stem}-{files.file_stem(team)}.ics" if team else f"{stem}.ics"
        count, waits = calendar.count(snap, team), len(snap.waiting(team))
        caption = files.calendar_caption(snap.tournament.name, team, count, waits)
        await _document(update, data, name, caption)
        subscribe = await links.subscriptions(update, context, team)  # webcal:// addresses
        if subscribe:
            await reply(update, subscribe, disable_web_page_preview=True)

    make = functools.partial(calendar.ics, snap, moment, team)
    await _rationed(update, context, snap, "takvim", team, make, deliver)


async def disa_aktar(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    snap = await _snapshot(update, context)
    if snap is None:
        return
    data = await _render(export.csv_bytes, snap)
    caption = files.export_caption(snap.tournament.name)
    stem = files.file_stem(snap.tournament.name)
    await _document(update, data, f"{stem}-maclar.csv", caption)
    events = await _render(export.events_csv_bytes, snap)
    if events is not None:  # the goals and cards, once any was entered (issue 22)
        caption = files.events_caption(snap.tournament.name)
        await _document(update, events, f"{stem}-goller-kartlar.csv", caption)
