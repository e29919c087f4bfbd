"""Read-only views: /fikstur, /puan, /takimlar."""

from __future__ import annotations

import html

from telegram import Update
from telegram.ext import ContextTypes

from bot.handlers.common import database, now, refuse, reply
from bot.texts import chat
from bot.usecases import reading, state
from domain import names
from domain.errors import DomainError


async def fikstur(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    chat_ = update.effective_chat
    if chat_ is None:
        return
    wanted = " ".join(context.args or []).strip()
    try:
        snap = await reading.snapshot(database(context), chat_.id)
        rows, title = _select(snap, wanted, now(context))
    except DomainError as exc:
        await refuse(update, exc)
        return
    await reply(update, chat.fixture(snap.tournament.name, rows, title))


def _select(snap: state.Snapshot, wanted: str, moment):  # noqa: ANN001, ANN202
    rows = [(m.match, m.result) for m in snap.matches]
    low = names.tr_lower(wanted)
    if not wanted:
        return rows, None
    if low.startswith("grup"):
        label = wanted.split()[-1].upper()
        return [r for r in rows if r[0].group == label], f"{label} Grubu"
    if low.startswith("saha"):
        pitch = names.key(wanted)
        return [r for r in rows if names.key(r[0].pitch) == pitch], wanted
    if low in ("bugün", "bugun"):
        today = moment.astimezone(snap.zone).date()
        return [r for r in rows if r[0].start.astimezone(snap.zone).date() == today], "bugün"
    team = names.resolve(wanted, snap.teams)
    return [r for r in rows if r[0].involves(team)], team


async def puan(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    chat_ = update.effective_chat
    if chat_ is None:
        return
    wanted = " ".join(context.args or []).strip().upper().removeprefix("GRUP").strip()
    try:
        snap = await reading.snapshot(database(context), chat_.id)
    except DomainError as exc:
        await refuse(update, exc)
        return
    tables = snap.tables()
    labels = [wanted] if wanted in tables else list(tables)
    single = len(snap.groups) < 2
    text = "\n\n".join(
        chat.group_table(lbl, tables[lbl], snap.rules.tiebreak, single, snap.group_finished(lbl))
        for lbl in labels
    )
    await reply(update, f"<pre>{html.escape(text)}</pre>", parse_mode="HTML")


async def takimlar(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    chat_ = update.effective_chat
    if chat_ is None:
        return
    try:
        snap, captains = await reading.with_captains(database(context), chat_.id)
    except DomainError as exc:
        await refuse(update, exc)
        return
    lines = [f"👥 {snap.tournament.name}: takımlar"]
    for group in snap.groups:
        if len(snap.groups) > 1:
            lines.append(f"{group.label} Grubu")
        for team in group.teams:
            mark = " (kaptan var)" if captains.get(team) else ""
            lines.append(f"• {team}{mark}")
    await reply(update, "\n".join(lines))
