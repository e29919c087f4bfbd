"""The live message: one pinned message per tournament, edited as results come in.

Edits are throttled to one per 5 s per chat and coalesced: a burst of results ends in a
single edit showing the latest state, never in a new message per change. An edit due for
one change draws the tournament as that change committed it (Effects.drawn), when this is
the only process writing (SQLite); otherwise it reads the tournament.
"""

from __future__ import annotations

import contextlib
import logging
import time

from telegram.error import BadRequest, TelegramError
from telegram.ext import ContextTypes

from bot.handlers import links
from bot.handlers.common import now, run, the_bot
from bot.runtime import services
from bot.texts import live
from bot.usecases import snapshots, views

log = logging.getLogger(__name__)
EVERY = 5.0  # seconds between two edits of one chat's live message


async def start(context: ContextTypes.DEFAULT_TYPE, chat_id: int, pin: bool) -> None:
    """Post the live message of the chat's new tournament and pin it when allowed."""
    bot = the_bot(context, chat_id)
    snap = (await run(context, views.snapshot, views.Running(), bot)).value
    page = await links.live_markup(context, snap.id)  # the live page's button, if public
    message = await context.bot.send_message(
        chat_id, live.live(snap, now(context)), reply_markup=page
    )
    if pin:
        with contextlib.suppress(TelegramError):  # pinning needs admin rights
            await message.pin(disable_notification=True)
    await run(context, views.keep_live_message, views.KeepLiveMessage(message.message_id), bot)


def touch(
    context: ContextTypes.DEFAULT_TYPE, chat_id: int, snap: snapshots.Snapshot | None = None
) -> None:
    """Something changed in this chat's tournament: edit the live message soon, from `snap`
    (the tournament as the change left it) if given, else from a fresh read."""
    queue = context.job_queue
    if queue is None:
        return
    # A set, not queue.get_jobs_by_name: that scans every scheduled job (reminders too)
    # with a regex each, on every result.
    found = services.of(context.application)
    edits = found.live
    if chat_id in edits.due:
        # An edit is due already; it reads the latest state then: of two changes handed
        # over, the one handed over last need not be the one committed last.
        edits.drawn.pop(chat_id, None)
        return
    delay = max(0.0, edits.last.get(chat_id, 0.0) + EVERY - time.monotonic())
    edits.due.add(chat_id)
    if snap is not None and snap.tournament.chat_id == chat_id and _one_process(found):
        edits.drawn[chat_id] = snap
    else:
        edits.drawn.pop(chat_id, None)
    queue.run_once(_edit, when=delay, data=chat_id, name=f"live:{chat_id}")


def _one_process(found: services.Services) -> bool:
    """SQLite: this process writes alone, so every change of the chat's tournament touches
    its live message here. With PostgreSQL another process may have written since."""
    return found.db.engine.dialect.name == "sqlite"


async def _edit(context: ContextTypes.DEFAULT_TYPE) -> None:
    chat_id = context.job.data if context.job else None
    if chat_id is None:
        return
    found = services.of(context.application)
    found.live.due.discard(chat_id)
    found.live.last[chat_id] = time.monotonic()
    snap = found.live.drawn.pop(chat_id, None)
    if snap is None:  # no change handed its tournament over: read it
        bot = the_bot(context, chat_id)
        snap = (await run(context, views.snapshot_if_any, views.Live(), bot)).value
    message_id = None if snap is None else snap.tournament.settings.live_message_id
    if snap is None or message_id is None:
        return
    try:
        page = await links.live_markup(context, snap.id)  # an edit keeps the button
        await context.bot.edit_message_text(
            live.live(snap, now(context)), chat_id, message_id, reply_markup=page
        )
    except BadRequest as exc:
        if "not modified" not in str(exc).lower():
            log.warning("live message of chat %s not edited: %s", chat_id, exc)
